import pytest
import pytest_asyncio
from shortlink import LinkClient, LinkError, code_for, make_app


@pytest_asyncio.fixture
async def links(aiohttp_client):
    return LinkClient(await aiohttp_client(make_app()))


@pytest.mark.asyncio
async def test_shorten(links):
    assert await links.shorten("https://example.org/a") == code_for("https://example.org/a")


@pytest.mark.asyncio
async def test_shorten_rejects_other_schemes(links):
    with pytest.raises(LinkError, match="400: url must be http or https"):
        await links.shorten("ftp://example.org/a")


@pytest.mark.asyncio
async def test_resolve(links):
    code = await links.shorten("https://example.org/docs")
    assert await links.resolve(code) == "https://example.org/docs"


@pytest.mark.asyncio
async def test_resolve_unknown(links):
    with pytest.raises(LinkError, match="404: no link abcdef"):
        await links.resolve("abcdef")


@pytest.mark.asyncio
async def test_hits_count_redirects(links):
    code = await links.shorten("https://example.org/b")
    assert await links.hits(code) == 0
    for _ in range(3):
        await links.resolve(code)
    assert await links.hits(code) == 3


@pytest.mark.asyncio
async def test_shorten_many(links):
    urls = [f"https://example.org/{n}" for n in range(4)]
    codes = await links.shorten_many(urls)
    assert codes == [code_for(url) for url in urls]
    assert [await links.resolve(code) for code in codes] == urls


@pytest.mark.asyncio
async def test_stats_unknown(links):
    with pytest.raises(LinkError, match="404"):
        await links.hits("abcdef")
