"""A small catalog service on Starlette: items kept in an async store, served as a JSON API."""

from __future__ import annotations

import asyncio

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route


class Store:
    """Items by id; every call yields to the event loop once, as a database round trip would."""

    def __init__(self) -> None:
        self.items: dict[int, dict] = {}
        self.next_id = 1
        self.lock = asyncio.Lock()

    async def add(self, name: str, price: float, tags: list[str]) -> dict:
        async with self.lock:
            item_id = self.next_id
            await asyncio.sleep(0)
            self.next_id = item_id + 1
            item = {"id": item_id, "name": name, "price": price, "tags": sorted(set(tags))}
            self.items[item_id] = item
            return item

    async def get(self, item_id: int) -> dict | None:
        await asyncio.sleep(0)
        return self.items.get(item_id)

    async def page(self, page: int, size: int) -> list[dict]:
        await asyncio.sleep(0)
        ordered = sorted(self.items.values(), key=lambda item: item["id"])
        start = (page - 1) * size
        return ordered[start : start + size]

    async def remove(self, item_id: int) -> bool:
        await asyncio.sleep(0)
        return self.items.pop(item_id, None) is not None


def store_of(request: Request) -> Store:
    return request.app.state.store


async def create_item(request: Request) -> JSONResponse:
    data = await request.json()
    if not data.get("name"):
        raise HTTPException(status_code=422, detail="name is required")
    item = await store_of(request).add(data["name"], float(data.get("price", 0)), list(data.get("tags", [])))
    return JSONResponse(item, status_code=201)


async def get_item(request: Request) -> JSONResponse:
    item = await store_of(request).get(request.path_params["item_id"])
    if item is None:
        raise HTTPException(status_code=404, detail="no such item")
    return JSONResponse(item)


async def list_items(request: Request) -> JSONResponse:
    page = int(request.query_params.get("page", "1"))
    size = int(request.query_params.get("size", "10"))
    return JSONResponse({"page": page, "items": await store_of(request).page(page, size)})


async def delete_item(request: Request) -> Response:
    if not await store_of(request).remove(request.path_params["item_id"]):
        raise HTTPException(status_code=404, detail="no such item")
    return Response(status_code=204)


async def price_total(request: Request) -> JSONResponse:
    ids = [int(part) for part in request.query_params["ids"].split(",")]
    items = await asyncio.gather(*(store_of(request).get(item_id) for item_id in ids))
    missing = [item_id for item_id, item in zip(ids, items, strict=True) if item is None]
    if missing:
        raise HTTPException(status_code=404, detail=f"no such items: {missing}")
    return JSONResponse({"total": round(sum(item["price"] for item in items), 2)})


def create_app() -> Starlette:
    app = Starlette(
        routes=[
            Route("/items", create_item, methods=["POST"]),
            Route("/items", list_items, methods=["GET"]),
            Route("/items/total", price_total, methods=["GET"]),
            Route("/items/{item_id:int}", get_item, methods=["GET"]),
            Route("/items/{item_id:int}", delete_item, methods=["DELETE"]),
        ]
    )
    app.state.store = Store()
    return app
