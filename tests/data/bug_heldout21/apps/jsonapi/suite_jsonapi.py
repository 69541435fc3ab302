from __future__ import annotations

import http.client
import json
from collections.abc import Iterator

import pytest
from jsonapi import NotesServer, serve_in_thread


@pytest.fixture
def server() -> Iterator[NotesServer]:
    srv = NotesServer()
    thread = serve_in_thread(srv)
    yield srv
    srv.shutdown()
    srv.server_close()
    thread.join(timeout=3)


def request(
    srv: NotesServer, method: str, path: str, body: object = None, content_type: str = "application/json"
) -> tuple[int, http.client.HTTPMessage, object]:
    conn = http.client.HTTPConnection(*srv.server_address[:2], timeout=3)
    try:
        headers = {}
        data = None
        if body is not None:
            data = body if isinstance(body, bytes) else json.dumps(body).encode()
            headers = {"Content-Type": content_type}
        conn.request(method, path, body=data, headers=headers)
        resp = conn.getresponse()
        raw = resp.read()
        return resp.status, resp.headers, json.loads(raw) if raw else None
    finally:
        conn.close()


def test_create_and_get(server: NotesServer) -> None:
    status, headers, note = request(server, "POST", "/notes", {"text": "buy milk", "tags": ["home"]})
    assert status == 201
    assert headers["Location"] == "/notes/1"
    assert note == {"id": 1, "text": "buy milk", "tags": ["home"]}
    status, headers, got = request(server, "GET", "/notes/1")
    assert status == 200
    assert headers["Content-Type"] == "application/json; charset=utf-8"
    assert got == note


def test_content_length_matches_body(server: NotesServer) -> None:
    request(server, "POST", "/notes", {"text": "café ☕", "tags": []})
    conn = http.client.HTTPConnection(*server.server_address[:2], timeout=3)
    conn.request("GET", "/notes/1")
    resp = conn.getresponse()
    raw = resp.read()
    conn.close()
    assert int(resp.headers["Content-Length"]) == len(raw)
    assert json.loads(raw)["text"] == "café ☕"


def test_keep_alive_two_requests(server: NotesServer) -> None:
    conn = http.client.HTTPConnection(*server.server_address[:2], timeout=3)
    conn.request("POST", "/notes", body=b'{"text": "a"}', headers={"Content-Type": "application/json"})
    first = conn.getresponse()
    assert first.status == 201
    first.read()
    conn.request("GET", "/notes/1")
    second = conn.getresponse()
    assert second.status == 200
    assert json.loads(second.read())["text"] == "a"
    conn.close()


def test_list_paging(server: NotesServer) -> None:
    for i in range(5):
        request(server, "POST", "/notes", {"text": f"n{i}"})
    status, headers, page = request(server, "GET", "/notes?limit=2&offset=1")
    assert status == 200
    assert headers["X-Total-Count"] == "5"
    assert [n["text"] for n in page["items"]] == ["n1", "n2"]  # type: ignore[index]
    _, _, rest = request(server, "GET", "/notes?offset=4")
    assert [n["text"] for n in rest["items"]] == ["n4"]  # type: ignore[index]


def test_list_by_tags(server: NotesServer) -> None:
    request(server, "POST", "/notes", {"text": "a", "tags": ["x", "y"]})
    request(server, "POST", "/notes", {"text": "b", "tags": ["x"]})
    request(server, "POST", "/notes", {"text": "c", "tags": ["y"]})
    _, _, both = request(server, "GET", "/notes?tag=x&tag=y")
    assert [n["text"] for n in both["items"]] == ["a"]  # type: ignore[index]
    _, _, one = request(server, "GET", "/notes?tag=x")
    assert one["total"] == 2  # type: ignore[index]


@pytest.mark.parametrize(
    ("query", "message"),
    [
        ("limit=abc", "limit and offset must be integers"),
        ("limit=0", "limit must be >= 1 and offset >= 0"),
        ("offset=-1", "limit must be >= 1 and offset >= 0"),
    ],
    ids=["not-int", "zero-limit", "negative-offset"],
)
def test_list_bad_query(server: NotesServer, query: str, message: str) -> None:
    status, _, body = request(server, "GET", f"/notes?{query}")
    assert (status, body) == (400, {"error": message})


def test_update(server: NotesServer) -> None:
    request(server, "POST", "/notes", {"text": "old"})
    status, _, note = request(server, "PUT", "/notes/1", {"text": "new", "tags": ["t"]})
    assert status == 200
    assert note == {"id": 1, "text": "new", "tags": ["t"]}


def test_delete(server: NotesServer) -> None:
    request(server, "POST", "/notes", {"text": "gone"})
    status, headers, body = request(server, "DELETE", "/notes/1")
    assert status == 204
    assert body is None
    assert "Content-Length" not in headers
    status, _, body = request(server, "GET", "/notes/1")
    assert (status, body) == (404, {"error": "no note 1"})


@pytest.mark.parametrize(
    ("method", "path", "status", "error"),
    [
        ("GET", "/notes/7", 404, "no note 7"),
        ("GET", "/notes/abc", 404, "no note abc"),
        ("GET", "/other", 404, "no route /other"),
        ("PATCH", "/notes", 501, None),
    ],
    ids=["missing-note", "bad-id", "no-route", "unsupported"],
)
def test_not_found(server: NotesServer, method: str, path: str, status: int, error: str | None) -> None:
    conn = http.client.HTTPConnection(*server.server_address[:2], timeout=3)
    conn.request(method, path)
    resp = conn.getresponse()
    raw = resp.read()
    conn.close()
    assert resp.status == status
    if error is not None:
        assert json.loads(raw) == {"error": error}


def test_method_not_allowed(server: NotesServer) -> None:
    status, headers, body = request(server, "DELETE", "/notes")
    assert status == 405
    assert headers["Allow"] == "GET, POST"
    assert body == {"error": "method not allowed"}


@pytest.mark.parametrize(
    ("body", "content_type", "status", "error"),
    [
        (b'{"text": ', "application/json", 400, "invalid JSON: Expecting value"),
        (b'{"text": "a"}', "text/plain", 415, "expected application/json"),
        ({"text": "  "}, "application/json", 422, "text must be a non-empty string"),
        ({"text": "a", "tags": "x"}, "application/json", 422, "tags must be a list of strings"),
        (b'{"text": "' + b"x" * 5000 + b'"}', "application/json", 413, "body over 4096 bytes"),
    ],
    ids=["bad-json", "wrong-type", "blank-text", "bad-tags", "too-large"],
)
def test_bad_bodies(server: NotesServer, body: object, content_type: str, status: int, error: str) -> None:
    got = request(server, "POST", "/notes", body, content_type)
    assert (got[0], got[2]) == (status, {"error": error})
    assert server.store.notes == {}


def test_content_type_with_charset_accepted(server: NotesServer) -> None:
    status, _, note = request(server, "POST", "/notes", {"text": "x"}, "application/json; charset=utf-8")
    assert status == 201
    assert note["id"] == 1  # type: ignore[index]
