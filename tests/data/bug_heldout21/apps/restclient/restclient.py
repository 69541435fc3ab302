"""A small JSON client on urllib.request: query strings, retries with Retry-After, timeouts, redirects, errors."""

from __future__ import annotations

import json
import socket
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass, field
from urllib.parse import urlencode, urljoin

RETRY_STATUSES = frozenset({502, 503, 504})


class ApiError(Exception):
    def __init__(self, status: int, message: str) -> None:
        super().__init__(f"{status}: {message}")
        self.status, self.message = status, message


class NotFound(ApiError):
    pass


class Unauthorized(ApiError):
    pass


class ApiTimeout(Exception):
    pass


class ApiUnavailable(Exception):
    pass


@dataclass
class Response:
    status: int
    url: str
    headers: dict[str, str]
    data: object


@dataclass
class Client:
    base_url: str
    timeout: float = 2.0  # seconds
    retries: int = 2  # extra attempts after the first
    backoff: float = 0.01  # seconds, doubled after each attempt
    token: str | None = None
    sleep: Callable[[float], None] = time.sleep
    slept: list[float] = field(default_factory=list)

    def url(self, path: str, params: dict[str, object] | None = None) -> str:
        url = urljoin(self.base_url.rstrip("/") + "/", path.lstrip("/"))
        if params:
            url += "?" + urlencode({k: v for k, v in params.items() if v is not None}, doseq=True)
        return url

    def build(self, method: str, url: str, body: object) -> urllib.request.Request:
        data = None if body is None else json.dumps(body).encode("utf-8")
        req = urllib.request.Request(url, data=data, method=method)
        req.add_header("Accept", "application/json")
        if data is not None:
            req.add_header("Content-Type", "application/json")
        if self.token:
            req.add_header("Authorization", f"Bearer {self.token}")
        return req

    def wait(self, attempt: int, retry_after: str | None) -> None:
        delay = self.backoff * 2**attempt
        if retry_after and retry_after.isdigit():
            delay = max(delay, float(retry_after))
        self.slept.append(delay)
        self.sleep(delay)

    def request(self, method: str, path: str, params: dict[str, object] | None = None, body: object = None) -> Response:
        url = self.url(path, params)
        for attempt in range(self.retries + 1):
            last = attempt == self.retries
            try:
                with urllib.request.urlopen(self.build(method, url, body), timeout=self.timeout) as resp:
                    raw = resp.read()
                    data = json.loads(raw) if raw else None
                    return Response(resp.status, resp.url, dict(resp.headers.items()), data)
            except urllib.error.HTTPError as err:
                if err.code in RETRY_STATUSES and not last:
                    self.wait(attempt, err.headers.get("Retry-After"))
                    continue
                raise self.error(err) from None
            except urllib.error.URLError as err:
                if isinstance(err.reason, (TimeoutError, socket.timeout)):
                    raise ApiTimeout(f"{method} {path} timed out after {self.timeout}s") from None
                if last:
                    raise ApiUnavailable(f"{method} {path}: {err.reason}") from err
                self.wait(attempt, None)
            except TimeoutError:
                raise ApiTimeout(f"{method} {path} timed out after {self.timeout}s") from None
        raise AssertionError("unreachable")

    @staticmethod
    def error(err: urllib.error.HTTPError) -> ApiError:
        raw = err.read()
        try:
            message = str(json.loads(raw)["error"])
        except (ValueError, KeyError, TypeError):
            message = raw.decode("utf-8", "replace") or err.reason
        cls = {404: NotFound, 401: Unauthorized}.get(err.code, ApiError)
        return cls(err.code, message)

    def get(self, path: str, **params: object) -> object:
        return self.request("GET", path, params).data

    def post(self, path: str, body: object) -> object:
        return self.request("POST", path, body=body).data
