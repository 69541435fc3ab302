"""A small JSON REST service on http.server: an in-memory store of notes under /notes."""

from __future__ import annotations

import json
import sys
import threading
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlsplit

MAX_BODY = 4096


class ApiError(Exception):
    def __init__(self, status: HTTPStatus, message: str, headers: dict[str, str] | None = None) -> None:
        super().__init__(message)
        self.status, self.message, self.headers = status, message, headers or {}


class Store:
    def __init__(self) -> None:
        self.notes: dict[int, dict[str, object]] = {}
        self.next_id = 1
        self.lock = threading.Lock()

    def add(self, text: str, tags: list[str]) -> dict[str, object]:
        with self.lock:
            note: dict[str, object] = {"id": self.next_id, "text": text, "tags": tags}
            self.notes[self.next_id] = note
            self.next_id += 1
            return note


def validate(data: object) -> tuple[str, list[str]]:
    if not isinstance(data, dict) or not isinstance(data.get("text"), str) or not data["text"].strip():
        raise ApiError(HTTPStatus.UNPROCESSABLE_ENTITY, "text must be a non-empty string")
    tags = data.get("tags", [])
    if not isinstance(tags, list) or not all(isinstance(t, str) for t in tags):
        raise ApiError(HTTPStatus.UNPROCESSABLE_ENTITY, "tags must be a list of strings")
    return data["text"], tags


class Handler(BaseHTTPRequestHandler):
    server: NotesServer
    protocol_version = "HTTP/1.1"

    def log_message(self, format: str, *args: object) -> None:  # quiet: no access log
        pass

    def send_json(self, status: HTTPStatus, payload: object, headers: dict[str, str] | None = None) -> None:
        text = "" if status == HTTPStatus.NO_CONTENT else json.dumps(payload, ensure_ascii=False)
        body = text.encode("utf-8")
        self.send_response(status)
        for name, value in (headers or {}).items():
            self.send_header(name, value)
        if status != HTTPStatus.NO_CONTENT:
            self.send_header("Content-Type", "application/json; charset=utf-8")
            self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def read_json(self) -> object:
        if self.headers.get_content_type() != "application/json":
            raise ApiError(HTTPStatus.UNSUPPORTED_MEDIA_TYPE, "expected application/json")
        length = int(self.headers.get("Content-Length", "0"))
        if length > MAX_BODY:
            raise ApiError(HTTPStatus.REQUEST_ENTITY_TOO_LARGE, f"body over {MAX_BODY} bytes")
        raw = self.rfile.read(length)
        try:
            return json.loads(raw.decode("utf-8"))
        except (UnicodeDecodeError, json.JSONDecodeError) as exc:
            raise ApiError(HTTPStatus.BAD_REQUEST, f"invalid JSON: {exc.msg if hasattr(exc, 'msg') else exc}") from exc

    def route(self, method: str) -> None:
        url = urlsplit(self.path)
        parts = [p for p in url.path.split("/") if p]
        store = self.server.store
        try:
            if parts == ["notes"]:
                if method == "GET":
                    return self.list_notes(parse_qs(url.query))
                if method == "POST":
                    note = store.add(*validate(self.read_json()))
                    return self.send_json(HTTPStatus.CREATED, note, {"Location": f"/notes/{note['id']}"})
                raise ApiError(HTTPStatus.METHOD_NOT_ALLOWED, "method not allowed", {"Allow": "GET, POST"})
            if len(parts) == 2 and parts[0] == "notes":
                if not parts[1].isdigit() or int(parts[1]) not in store.notes:
                    raise ApiError(HTTPStatus.NOT_FOUND, f"no note {parts[1]}")
                key = int(parts[1])
                if method == "GET":
                    return self.send_json(HTTPStatus.OK, store.notes[key])
                if method == "PUT":
                    text, tags = validate(self.read_json())
                    store.notes[key].update(text=text, tags=tags)
                    return self.send_json(HTTPStatus.OK, store.notes[key])
                if method == "DELETE":
                    del store.notes[key]
                    return self.send_json(HTTPStatus.NO_CONTENT, None)
                raise ApiError(HTTPStatus.METHOD_NOT_ALLOWED, "method not allowed", {"Allow": "GET, PUT, DELETE"})
            raise ApiError(HTTPStatus.NOT_FOUND, f"no route {url.path}")
        except ApiError as err:
            self.send_json(err.status, {"error": err.message}, err.headers)

    def list_notes(self, query: dict[str, list[str]]) -> None:
        try:
            limit = int(query.get("limit", ["10"])[0])
            offset = int(query.get("offset", ["0"])[0])
        except ValueError:
            raise ApiError(HTTPStatus.BAD_REQUEST, "limit and offset must be integers") from None
        if limit < 1 or offset < 0:
            raise ApiError(HTTPStatus.BAD_REQUEST, "limit must be >= 1 and offset >= 0")
        notes = list(self.server.store.notes.values())
        if "tag" in query:
            notes = [n for n in notes if set(query["tag"]) <= set(n["tags"])]  # type: ignore[call-overload]
        page = notes[offset : offset + limit]
        self.send_json(HTTPStatus.OK, {"total": len(notes), "items": page}, {"X-Total-Count": str(len(notes))})

    def do_GET(self) -> None:
        self.route("GET")

    def do_POST(self) -> None:
        self.route("POST")

    def do_PUT(self) -> None:
        self.route("PUT")

    def do_DELETE(self) -> None:
        self.route("DELETE")


class NotesServer(ThreadingHTTPServer):
    daemon_threads = True

    def __init__(self, address: tuple[str, int] = ("127.0.0.1", 0)) -> None:
        super().__init__(address, Handler)
        self.store = Store()

    def handle_error(self, request: object, client_address: object) -> None:
        if not isinstance(sys.exc_info()[1], ConnectionError):  # a client that went away is not a server error
            super().handle_error(request, client_address)  # type: ignore[arg-type]


def serve_in_thread(server: NotesServer) -> threading.Thread:
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
    thread.start()
    return thread
