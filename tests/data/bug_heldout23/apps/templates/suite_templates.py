from __future__ import annotations

from dataclasses import dataclass

import pytest
from templates import Markup, Template, TemplateError, UndefinedError, escape, render


@dataclass
class User:
    name: str
    email: str
    admin: bool = False


def test_plain_text_unchanged() -> None:
    assert render("Hello, world.\n") == "Hello, world.\n"


def test_variable_substitution() -> None:
    assert render("Hi {{ name }}, you have {{ count }} new messages.", name="Ann", count=3) == (
        "Hi Ann, you have 3 new messages."
    )


def test_two_variables_on_one_line() -> None:
    assert render("{{ a }} and {{ b }}", a="x", b="y") == "x and y"


def test_dotted_lookup() -> None:
    user = User("Ann", "ann@example.org")
    assert render("{{ user.name }} <{{ user.email|safe }}>", user=user) == "Ann <ann@example.org>"
    assert render("{{ page.meta.title }}", page={"meta": {"title": "Home"}}) == "Home"


def test_autoescape() -> None:
    out = render("<p>{{ comment }}</p>", comment="<script>alert('x') & \"y\"</script>")
    assert out == "<p>&lt;script&gt;alert(&#x27;x&#x27;) &amp; &quot;y&quot;&lt;/script&gt;</p>"


def test_attribute_quotes_escaped() -> None:
    assert render('<a title="{{ t }}">', t='say "hi"') == '<a title="say &quot;hi&quot;">'


def test_escape_filter_not_doubled() -> None:
    assert render("{{ x|escape }}", x="a & b") == "a &amp; b"
    assert escape(escape("<b>")) == "&lt;b&gt;"


def test_safe_markup_kept() -> None:
    assert render("{{ body|safe }}", body="<em>hi</em>") == "<em>hi</em>"
    assert render("{{ body }}", body=Markup("<em>hi</em>")) == "<em>hi</em>"


def test_autoescape_off() -> None:
    assert Template("{{ x }}", autoescape=False).render(x="<b>") == "<b>"


def test_filters_chain() -> None:
    assert render("{{ name|lower|title }}", name="aNN sMITH") == "Ann Smith"
    assert render("{{ tags|join:' / ' }}", tags=["a", "b", "c"]) == "a / b / c"
    assert render("{{ tags|length }}", tags=["a", "b"]) == "2"


@pytest.mark.parametrize(
    ("text", "n", "expected"),
    [("short", "10", "short"), ("exactly ten", "11", "exactly ten"), ("a longer sentence", "8", "a longe…")],
)
def test_truncate(text: str, n: str, expected: str) -> None:
    out = render("{{ t|truncate:" + n + " }}", t=text)
    assert out == expected
    assert len(out) <= int(n)


def test_default_filter() -> None:
    assert render("{{ nick|default:'anonymous' }}") == "anonymous"
    assert render("{{ nick|default:'anonymous' }}", nick="") == "anonymous"
    assert render("{{ n|default:'none' }}", n=0) == "0"


def test_missing_is_empty_unless_strict() -> None:
    assert render("[{{ missing }}]") == "[]"
    with pytest.raises(UndefinedError, match=r"'user\.phone' is undefined"):
        Template("{{ user.phone }}", strict=True).render(user=User("a", "b"))


def test_strict_with_default() -> None:
    assert Template("{{ nick|default:'anon' }}!", strict=True).render() == "anon!"


def test_for_loop_with_loop_variable() -> None:
    src = "{% for x in items %}{{ loop.index }}.{{ x }}{% if not loop.last %}, {% endif %}{% endfor %}"
    assert render(src, items=["a", "b", "c"]) == "1.a, 2.b, 3.c"


def test_first_flag() -> None:
    src = "{% for u in users %}{% if loop.first %}*{% endif %}{{ u.name }} {% endfor %}"
    assert render(src, users=[User("ann", ""), User("bob", "")]) == "*ann bob "


def test_nested_loops() -> None:
    src = "{% for row in rows %}<tr>{% for c in row %}<td>{{ c }}</td>{% endfor %}</tr>{% endfor %}"
    assert render(src, rows=[[1, 2], ["<x>"]]) == "<tr><td>1</td><td>2</td></tr><tr><td>&lt;x&gt;</td></tr>"


def test_if_else() -> None:
    src = "{% if user.admin %}admin{% else %}user{% endif %}: {{ user.name }}"
    assert render(src, user=User("ann", "", admin=True)) == "admin: ann"
    assert render(src, user=User("bob", "")) == "user: bob"


def test_multiline_tags() -> None:
    src = "{% for x in xs %}\n- {{ x|upper }}\n{% endfor %}\n"
    assert render(src, xs=["a", "b"]) == "\n- A\n\n- B\n\n"


def test_errors() -> None:
    with pytest.raises(TemplateError, match="missing endfor"):
        Template("{% for x in xs %}{{ x }}")
    with pytest.raises(TemplateError, match="unknown filter 'shout'"):
        render("{{ x|shout }}", x=1)
    with pytest.raises(TemplateError, match="unknown tag 'endif'"):
        Template("a{% endif %}")


def test_list_markup_with_loop_flags() -> None:
    src = '<ol>{% for x in xs %}<li id="i{{ loop.index }}"{% if loop.last %} class="end"{% endif %}>'
    src += "{{ x }}</li>{% endfor %}</ol>"
    assert render(src, xs=["a", "b"]) == '<ol><li id="i1">a</li><li id="i2" class="end">b</li></ol>'


def test_teaser() -> None:
    post = {"title": "Release notes", "body": "Version 2 brings faster builds"}
    out = render("{{ post.title|upper }}: {{ post.body|truncate:16 }}", post=post)
    assert out == "RELEASE NOTES: Version 2 bring…"
