"""A small link shortener on aiohttp: the web application and an async client for its API."""

from __future__ import annotations

import asyncio
import hashlib

from aiohttp import web
from aiohttp.test_utils import TestClient

LINKS = web.AppKey("links", dict)
HITS = web.AppKey("hits", dict)


class LinkError(Exception):
    def __init__(self, status: int, text: str) -> None:
        super().__init__(f"{status}: {text}")
        self.status = status


def code_for(url: str, length: int = 6) -> str:
    return hashlib.sha256(url.encode()).hexdigest()[:length]


async def create(request: web.Request) -> web.Response:
    data = await request.json()
    url = data.get("url", "")
    if not url.startswith(("http://", "https://")):
        raise web.HTTPBadRequest(text="url must be http or https")
    code = code_for(url)
    request.app[LINKS][code] = url
    return web.json_response({"code": code, "url": url}, status=201)


async def follow(request: web.Request) -> web.Response:
    code = request.match_info["code"]
    url = request.app[LINKS].get(code)
    if url is None:
        raise web.HTTPNotFound(text=f"no link {code}")
    request.app[HITS][code] = request.app[HITS].get(code, 0) + 1
    raise web.HTTPFound(url)


async def stats(request: web.Request) -> web.Response:
    code = request.match_info["code"]
    if code not in request.app[LINKS]:
        raise web.HTTPNotFound(text=f"no link {code}")
    return web.json_response({"code": code, "hits": request.app[HITS].get(code, 0)})


def make_app() -> web.Application:
    app = web.Application()
    app[LINKS] = {}
    app[HITS] = {}
    app.router.add_post("/links", create)
    app.router.add_get("/{code}", follow)
    app.router.add_get("/{code}/stats", stats)
    return app


class LinkClient:
    """The API seen from a client (an aiohttp test client bound to a server on localhost)."""

    def __init__(self, http: TestClient) -> None:
        self.http = http

    async def shorten(self, url: str) -> str:
        async with self.http.post("/links", json={"url": url}) as resp:
            if resp.status != 201:
                raise LinkError(resp.status, await resp.text())
            return (await resp.json())["code"]

    async def shorten_many(self, urls: list[str]) -> list[str]:
        return list(await asyncio.gather(*(self.shorten(url) for url in urls)))

    async def resolve(self, code: str) -> str:
        async with self.http.get(f"/{code}", allow_redirects=False) as resp:
            if resp.status != 302:
                raise LinkError(resp.status, await resp.text())
            return resp.headers["Location"]

    async def hits(self, code: str) -> int:
        async with self.http.get(f"/{code}/stats") as resp:
            if resp.status != 200:
                raise LinkError(resp.status, await resp.text())
            return (await resp.json())["hits"]
