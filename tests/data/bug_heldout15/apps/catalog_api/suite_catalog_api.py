import asyncio

import httpx
import pytest
from catalog_api import create_app


@pytest.fixture
def anyio_backend():
    return "asyncio"


@pytest.fixture
async def client():
    transport = httpx.ASGITransport(app=create_app())
    async with httpx.AsyncClient(transport=transport, base_url="http://catalog.test") as c:
        yield c


async def add(client, name, price=1.0, tags=()):
    res = await client.post("/items", json={"name": name, "price": price, "tags": list(tags)})
    assert res.status_code == 201, res.text
    return res.json()


@pytest.mark.anyio
async def test_create_item(client):
    res = await client.post("/items", json={"name": "lamp", "price": 12.5, "tags": ["home", "light", "home"]})
    assert res.status_code == 201
    assert res.json() == {"id": 1, "name": "lamp", "price": 12.5, "tags": ["home", "light"]}


@pytest.mark.anyio
async def test_create_needs_name(client):
    res = await client.post("/items", json={"price": 3})
    assert res.status_code == 422
    assert res.text == "name is required"


@pytest.mark.anyio
async def test_get_item(client):
    await add(client, "lamp")
    await add(client, "chair", 40.0)
    res = await client.get("/items/2")
    assert res.status_code == 200
    assert res.json()["name"] == "chair"


@pytest.mark.anyio
async def test_get_missing_item_is_404(client):
    await add(client, "lamp")
    res = await client.get("/items/7")
    assert res.status_code == 404


@pytest.mark.anyio
async def test_delete_item(client):
    await add(client, "lamp")
    assert (await client.delete("/items/1")).status_code == 204
    assert (await client.delete("/items/1")).status_code == 404


@pytest.mark.anyio
async def test_concurrent_creates_get_distinct_ids(client):
    items = await asyncio.gather(*(add(client, f"item{n}") for n in range(5)))
    assert sorted(item["id"] for item in items) == [1, 2, 3, 4, 5]


@pytest.mark.anyio
async def test_second_page(client):
    for n in range(5):
        await add(client, f"item{n}")
    res = await client.get("/items", params={"page": 2, "size": 2})
    assert [item["name"] for item in res.json()["items"]] == ["item2", "item3"]


@pytest.mark.anyio
async def test_first_page_default_size(client):
    for n in range(3):
        await add(client, f"item{n}")
    res = await client.get("/items")
    assert [item["id"] for item in res.json()["items"]] == [1, 2, 3]


@pytest.mark.anyio
async def test_price_total(client):
    await add(client, "lamp", 12.5)
    await add(client, "chair", 40.0)
    res = await client.get("/items/total", params={"ids": "1,2"})
    assert res.json() == {"total": 52.5}
