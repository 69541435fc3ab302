"""A Markdown subset to HTML: ATX headings with ids, paragraphs, `-`/`*` and numbered lists, fenced code blocks,
blockquotes and rules; inline code spans, `**strong**`, `*em*`/`_em_`, links with titles, autolinks and a small
typographer (`--`, `...`, `(c)`). Text is escaped with html.escape."""

from __future__ import annotations

import html
import re
import unicodedata

HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")
BULLET = re.compile(r"^[-*]\s+(.*)$")
NUMBERED = re.compile(r"^(\d+)[.)]\s+(.*)$")
FENCE = re.compile(r"^```\s*(\w*)\s*$")
RULE = re.compile(r"^(?:-{3,}|\*{3,})\s*$")
CODE_SPAN = re.compile(r"(`+)(.+?)\1")
STRONG = re.compile(r"\*\*(.+?)\*\*")
EM = re.compile(r"(?<![\w*])[*_](?![\s*_])(.+?)(?<![\s*_])[*_](?![\w*])")
LINK = re.compile(r"\[([^\]]+)\]\(\s*(\S+?)(?:\s+&quot;(.*?)&quot;)?\s*\)")
AUTOLINK = re.compile(r"&lt;(https?://[^\s&]+)&gt;")
TYPOGRAPHY = {"--": "\u2013", "...": "\u2026", "(c)": "\u00a9"}
TYPO = re.compile("|".join(re.escape(k) for k in sorted(TYPOGRAPHY, key=len, reverse=True)))


def slug(text: str) -> str:
    plain = re.sub(r"<[^>]+>", "", text)
    plain = unicodedata.normalize("NFKD", html.unescape(plain)).encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z0-9]+", "-", plain.lower()).strip("-")


def inline(text: str) -> str:
    """One block's text as HTML: code spans first (kept verbatim), then escaping, links and emphasis."""
    spans: list[str] = []

    def keep(m: re.Match[str]) -> str:
        spans.append(f"<code>{html.escape(m.group(2).strip(), quote=False)}</code>")
        return f"\x00{len(spans) - 1}\x00"

    text = CODE_SPAN.sub(keep, text)
    text = html.escape(text, quote=True)
    text = AUTOLINK.sub(r'<a href="\1">\1</a>', text)
    text = LINK.sub(link, text)
    text = STRONG.sub(r"<strong>\1</strong>", text)
    text = EM.sub(r"<em>\1</em>", text)
    text = TYPO.sub(lambda m: TYPOGRAPHY[m.group(0)], text)
    return re.sub("\x00(\\d+)\x00", lambda m: spans[int(m.group(1))], text)


def link(m: re.Match[str]) -> str:
    title = f' title="{m.group(3)}"' if m.group(3) is not None else ""
    return f'<a href="{m.group(2)}"{title}>{m.group(1)}</a>'


def convert(source: str) -> str:
    lines = source.expandtabs(4).splitlines()
    out: list[str] = []
    para: list[str] = []
    seen: dict[str, int] = {}
    i = 0

    def flush() -> None:
        if para:
            out.append(f"<p>{inline(' '.join(line.strip() for line in para))}</p>")
            para.clear()

    while i < len(lines):
        line = lines[i]
        if not line.strip():
            flush()
            i += 1
        elif m := FENCE.match(line):
            flush()
            end = i + 1
            while end < len(lines) and not lines[end].startswith("```"):
                end += 1
            body = html.escape("\n".join(lines[i + 1 : end]), quote=False)
            cls = f' class="language-{m.group(1)}"' if m.group(1) else ""
            out.append(f"<pre><code{cls}>{body}\n</code></pre>")
            i = end + 1
        elif m := HEADING.match(line):
            flush()
            level, content = len(m.group(1)), inline(m.group(2))
            ident = slug(content) or "section"
            if ident in seen:
                seen[ident] += 1
                ident = f"{ident}-{seen[ident]}"
            else:
                seen[ident] = 0
            out.append(f'<h{level} id="{ident}">{content}</h{level}>')
            i += 1
        elif RULE.match(line) and not para:
            out.append("<hr>")
            i += 1
        elif line.startswith(">"):
            flush()
            quoted = []
            while i < len(lines) and lines[i].startswith(">"):
                quoted.append(lines[i][1:].removeprefix(" "))
                i += 1
            out.append(f"<blockquote>\n{convert(chr(10).join(quoted))}\n</blockquote>")
        elif BULLET.match(line) or NUMBERED.match(line):
            flush()
            i = items(lines, i, out)
        else:
            para.append(line)
            i += 1
    flush()
    return "\n".join(out)


def items(lines: list[str], i: int, out: list[str]) -> int:
    """A list starting at lines[i]: its items (a continuation line is indented) until a blank line or another block."""
    numbered = NUMBERED.match(lines[i])
    pattern = NUMBERED if numbered else BULLET
    entries: list[list[str]] = []
    while i < len(lines):
        line = lines[i]
        if m := pattern.match(line):
            entries.append([m.group(m.lastindex or 1)])
        elif entries and line.startswith("  ") and line.strip():
            entries[-1].append(line.strip())
        else:
            break
        i += 1
    if numbered:
        start = int(numbered.group(1))
        tag, attrs = "ol", (f' start="{start}"' if start != 1 else "")
    else:
        tag, attrs = "ul", ""
    body = "".join(f"<li>{inline(' '.join(entry))}</li>" for entry in entries)
    out.append(f"<{tag}{attrs}>{body}</{tag}>")
    return i
