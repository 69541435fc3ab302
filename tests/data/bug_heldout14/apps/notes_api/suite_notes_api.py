import pytest
from notes_api import create_app


@pytest.fixture
def client():
    app = create_app(page_size=2)
    app.config["TESTING"] = True
    return app.test_client()


def add(client, title, tags=()):
    res = client.post("/notes", json={"title": title, "tags": list(tags)})
    assert res.status_code == 201, res.data
    return res.get_json()


def test_create_note():
    client = create_app().test_client()
    note = add(client, "  groceries ", ["home", "home", "errand"])
    assert note == {"id": 1, "title": "groceries", "tags": ["errand", "home"]}


def test_create_note_needs_title(client):
    res = client.post("/notes", json={"title": "   "})
    assert res.status_code == 400
    assert res.get_json() == {"error": "title required"}


def test_get_note(client):
    add(client, "first")
    add(client, "second", ["work"])
    res = client.get("/notes/2")
    assert res.status_code == 200
    assert res.get_json()["title"] == "second"


def test_get_missing_note_is_404(client):
    assert client.get("/notes/7").status_code == 404


def test_list_second_page(client):
    for title in ["a", "b", "c"]:
        add(client, title)
    body = client.get("/notes?page=2").get_json()
    assert [n["title"] for n in body["items"]] == ["c"]
    assert body["total"] == 3


def test_list_default_page(client):
    for title in ["a", "b", "c"]:
        add(client, title)
    body = client.get("/notes").get_json()
    assert [n["title"] for n in body["items"]] == ["a", "b"]
    assert body["page"] == 1


def test_notes_with_tag(client):
    add(client, "a", ["x"])
    add(client, "b", ["y"])
    add(client, "c", ["x", "y"])
    assert client.get("/tags/x").get_json() == {"ids": [1, 3]}


def test_delete_note(client):
    add(client, "a")
    assert client.delete("/notes/1").status_code == 204
    assert client.get("/notes/1").status_code == 404


def test_delete_missing_note_is_404(client):
    assert client.delete("/notes/3").status_code == 404
