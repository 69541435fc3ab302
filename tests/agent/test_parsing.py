"""Parsing the reflection and action answers: good answers, missing tags, extra text, wrong action types."""

from __future__ import annotations

import pytest

from agent.parsing import ActionRequest, Reflection, ResponseFormatError, parse_action, parse_reflection

TYPES = ["bash", "open", "edit", "submit"]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "<thought>The sum [adds prices](shop/cart.py:12).</thought>\n<action_type>open</action_type>\n"
            "<action_params>shop/cart.py:12</action_params>",
            ActionRequest("The sum [adds prices](shop/cart.py:12).", "open", "shop/cart.py:12"),
        ),
        (  # text around the tags is ignored; multi-line params keep their indentation, lose the blank lines
            "Sure! Here is my plan.\n<thought>\nfix it\n</thought>\n<action_type> edit </action_type>\n"
            "<action_params>\n\n    total += price * qty\n\n</action_params>\nHope this helps.",
            ActionRequest("fix it", "edit", "    total += price * qty"),
        ),
        (  # a value fenced whole as Markdown code loses the fence
            "<thought>run it</thought><action_type>bash</action_type>"
            "<action_params>\n```bash\npython -m pytest -q \\\n  tests/test_cart.py\n```\n</action_params>",
            ActionRequest("run it", "bash", "python -m pytest -q \\\n  tests/test_cart.py"),
        ),
        (  # the seed's hyphenated spelling is accepted; params may be empty
            "<thought>done</thought><action-type>submit</action-type><action-params></action-params>",
            ActionRequest("done", "submit", ""),
        ),
    ],
)
def test_parse_action(text: str, expected: ActionRequest) -> None:
    assert parse_action(text, TYPES) == expected


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("<action_type>bash</action_type><action_params>ls</action_params>", "Missing <thought>...</thought>."),
        ("<thought>x</thought><action_params>ls</action_params>", "Missing <action_type>...</action_type>."),
        ("<thought>x</thought><action_type>bash</action_type>", "Missing <action_params>...</action_params>."),
        ("<thought> </thought><action_type>bash</action_type><action_params>ls</action_params>", "<thought> is empty."),
        (
            "<thought>x</thought><action_type>grep</action_type><action_params>foo</action_params>",
            "Unknown action type 'grep'; use one of: bash, open, edit, submit.",
        ),
        (
            "<thought>x</thought><action_type>bash</action_type><action_params>ls</action_params>"
            "<thought>y</thought><action_type>bash</action_type><action_params>pwd</action_params>",
            "<thought> appears 2 times; give it exactly once.",
        ),
        ("I think we should run ls.", "Missing <thought>...</thought>."),
    ],
)
def test_parse_action_errors(text: str, message: str) -> None:
    with pytest.raises(ResponseFormatError) as info:
        parse_action(text, TYPES)
    assert str(info.value) == message


def test_parse_action_without_a_type_list_accepts_any_type() -> None:
    assert parse_action("<thought>t</thought><action_type>grep</action_type><action_params>x</action_params>", []) == (
        ActionRequest("t", "grep", "x")
    )


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "<bad_action>false</bad_action>\n<lessons></lessons>\n<summary>total() adds prices only.</summary>",
            Reflection(False, "total() adds prices only.", []),
        ),
        (
            "Let me reflect.\n<bad_action> True </bad_action>\n<lessons>\n- check the path before cat\n"
            "* quote globs\nNone\n</lessons>\n<summary>cat failed: no such file.</summary>\nDone.",
            Reflection(True, "cat failed: no such file.", ["check the path before cat", "quote globs"]),
        ),
        (  # a verdict with a remark after it
            "<bad_action>False. The test ran.</bad_action><lessons></lessons><summary>ok</summary>",
            Reflection(False, "ok", []),
        ),
        (  # the seed's misspelt tag
            "<bad_action>no</bad_action><lessions>none</lessions><summary>ok</summary>",
            Reflection(False, "ok", []),
        ),
    ],
)
def test_parse_reflection(text: str, expected: Reflection) -> None:
    assert parse_reflection(text) == expected


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("<lessons></lessons><summary>s</summary>", "Missing <bad_action>...</bad_action>."),
        (
            "<bad_action>maybe</bad_action><lessons></lessons><summary>s</summary>",
            "<bad_action> must be true or false, got 'maybe'.",
        ),
        ("<bad_action>false</bad_action><summary>s</summary>", "Missing <lessons>...</lessons>."),
        ("<bad_action>false</bad_action><lessons>x</lessons>", "Missing <summary>...</summary>."),
        ("<bad_action>false</bad_action><lessons>x</lessons><summary>\n</summary>", "<summary> is empty."),
        (  # an action where a reflection was asked for
            "<thought>x</thought><action_type>bash</action_type><action_params>ls</action_params>",
            "Missing <bad_action>...</bad_action>.",
        ),
    ],
)
def test_parse_reflection_errors(text: str, message: str) -> None:
    with pytest.raises(ResponseFormatError) as info:
        parse_reflection(text)
    assert str(info.value) == message
