from __future__ import annotations

import pytest
from mdlite import convert, inline, slug


def test_paragraphs() -> None:
    assert convert("one\ntwo\n\nthree\n") == "<p>one two</p>\n<p>three</p>"


@pytest.mark.parametrize(("src", "level"), [("# Top", 1), ("### Third", 3), ("###### Six ##", 6)])
def test_heading_levels(src: str, level: int) -> None:
    text = src.strip("# ")
    assert convert(src) == f'<h{level} id="{slug(text)}">{text}</h{level}>'


def test_heading_ids_unique() -> None:
    out = convert("## Install\ntext\n## Install\n## Install")
    assert out.splitlines() == [
        '<h2 id="install">Install</h2>',
        "<p>text</p>",
        '<h2 id="install-1">Install</h2>',
        '<h2 id="install-2">Install</h2>',
    ]


def test_slug() -> None:
    assert slug("Café <em>Crème</em> & Co.") == "cafe-creme-co"
    assert slug("Step 2: Configure") == "step-2-configure"


def test_escaping() -> None:
    assert inline("a < b & c > d") == "a &lt; b &amp; c &gt; d"
    assert inline('say "hi"') == "say &quot;hi&quot;"


def test_strong_and_em() -> None:
    assert inline("**bold** and *it* and _under_") == "<strong>bold</strong> and <em>it</em> and <em>under</em>"


def test_two_emphasis_spans() -> None:
    assert inline("*one* plain *two*") == "<em>one</em> plain <em>two</em>"


def test_intraword_markers_kept() -> None:
    assert inline("snake_case_name and 2*3*4") == "snake_case_name and 2*3*4"


def test_code_span_verbatim() -> None:
    assert inline("use `a < b` here") == "use <code>a &lt; b</code> here"
    assert inline("`*not em*` and *em*") == "<code>*not em*</code> and <em>em</em>"
    assert inline("``a ` b``") == "<code>a ` b</code>"


def test_two_code_spans() -> None:
    assert inline("`x` or `y`") == "<code>x</code> or <code>y</code>"


def test_links() -> None:
    assert inline("[docs](https://example.org/a?b=1&c=2)") == '<a href="https://example.org/a?b=1&amp;c=2">docs</a>'
    assert inline('[home](/ "Home page")') == '<a href="/" title="Home page">home</a>'


def test_two_links_on_a_line() -> None:
    out = inline("[a](/a) and [b](/b)")
    assert out == '<a href="/a">a</a> and <a href="/b">b</a>'


def test_autolink() -> None:
    assert inline("see <https://example.org/x>") == 'see <a href="https://example.org/x">https://example.org/x</a>'


def test_typography() -> None:
    assert inline("pages 3--5... (c) 2024") == "pages 3\u20135\u2026 \u00a9 2024"
    assert inline("a cat, a car (or c)") == "a cat, a car (or c)"


def test_bullet_list() -> None:
    out = convert("- one\n- two\n  continued\n* three\n\nafter")
    assert out == "<ul><li>one</li><li>two continued</li><li>three</li></ul>\n<p>after</p>"


def test_numbered_list_start() -> None:
    assert convert("1. a\n2. b") == "<ol><li>a</li><li>b</li></ol>"
    assert convert("3) c\n4) d") == '<ol start="3"><li>c</li><li>d</li></ol>'


def test_list_items_inline() -> None:
    assert convert("- `x<y`\n- **b**") == "<ul><li><code>x&lt;y</code></li><li><strong>b</strong></li></ul>"


def test_fenced_code() -> None:
    src = "```python\nif a < b:\n    print('*x*')\n```\nafter"
    assert convert(src) == (
        "<pre><code class=\"language-python\">if a &lt; b:\n    print('*x*')\n</code></pre>\n<p>after</p>"
    )


def test_blockquote_and_rule() -> None:
    assert convert("> quoted *text*\n> more\n\n---\nend") == (
        "<blockquote>\n<p>quoted <em>text</em> more</p>\n</blockquote>\n<hr>\n<p>end</p>"
    )


def test_heading_ids_from_inline_markup() -> None:
    out = convert("## Déjà *vu*\n\n## Déjà vu")
    assert out == '<h2 id="deja-vu">Déjà <em>vu</em></h2>\n<h2 id="deja-vu-1">Déjà vu</h2>'
