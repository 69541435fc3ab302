"""`find_symbol pkg.Class.member` where the package re-exports a class defined in one of its modules (flax's
`nnx.Rngs.__getattr__`, `Rngs` from `nnx/rnglib.py`): the method itself. Until session 21 the answer listed every
`__getattr__` of the repository but that one; from session 21 it said the dotted name defined nothing and answered by
the trailing `Class.member`; since session 22 the bridge follows the package's import (`lspBridge/locate` of a public
name, 473038c), so the dotted name is the method's own and the short method is shown whole."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from agent.actions.executor import Actions
from tests.agent.conftest import actions_over

FILES = {
    "nn/__init__.py": "from .rnglib import Rngs\n",
    "nn/rnglib.py": 'class Rngs:\n    """Random streams."""\n\n    def __getattr__(self, name):\n        return name\n',
    # seven other classes with a `__getattr__` of their own, listed before Rngs' by file
    "nn/aaa.py": "".join(f"class A{i}:\n    def __getattr__(self, name):\n        return {i}\n\n\n" for i in range(7)),
}


@pytest.fixture
def actions(tmp_path: Path) -> Iterator[Actions]:
    with actions_over(tmp_path, FILES) as acts:
        yield acts


def test_a_reexported_class_member_is_found_by_its_trailing_class_and_member(actions: Actions) -> None:
    result = actions.execute("find_symbol", "nn.Rngs.__getattr__")
    lines = result.observation.splitlines()
    assert result.returncode == 0
    assert lines == [  # the short method shown whole: its block's file and numbered def line say where it is
        "### File: `nn/rnglib.py`",
        "1 class Rngs:",
        "...",
        "4     def __getattr__(self, name):",
        "5         return name",
    ]
    assert not any("A0" in line for line in lines)


def test_a_class_nothing_defines_still_answers_with_the_last_part(actions: Actions) -> None:
    lines = actions.execute("find_symbol", "nn.Missing.__getattr__").observation.splitlines()
    assert lines[0] == "`nn.Missing.__getattr__` is not defined by that name: 8 definition(s) of `__getattr__`:"
    assert lines[1] == "nn/aaa.py:2  A0.__getattr__  def __getattr__(self, name)"


def test_a_dotted_name_answered_by_definitions_listed_a_call_ago_refers_to_that_answer(actions: Actions) -> None:
    """`fs.add_real_directory` right after `add_real_directory` (pyfakefs-355), `refiner.enable_model_cpu_offload`
    after `pipeline.enable_model_cpu_offload` (diffusers-5026): the same definitions as an answer of the last
    `recently_shown` calls; the answer says so instead of listing them again. Later, or for other definitions, in
    full."""
    listed = actions.execute("find_symbol", "__getattr__")
    assert listed.observation.splitlines()[0] == "8 definition(s) of `__getattr__`:"
    again = actions.execute("find_symbol", "nn.Missing.__getattr__")
    assert (again.returncode, again.observation) == (
        0,
        "`nn.Missing.__getattr__` is not defined by that name: 8 definition(s) of `__getattr__`, shown above "
        "(find_symbol __getattr__)",
    )
    assert sorted(c.file_path for c in again.chunks) == sorted(c.file_path for c in listed.chunks)
    other = actions.execute("find_symbol", "nn.Rngs.__getattr__")  # one definition, not the 8: in full
    assert other.observation.splitlines()[:2] == ["### File: `nn/rnglib.py`", "1 class Rngs:"]
    assert "5         return name" in other.observation
    for _ in range(actions.limits.recently_shown):
        actions.execute("find_symbol", "Rngs")
    late = actions.execute("find_symbol", "x.__getattr__").observation.splitlines()
    assert late[:2] == [
        "`x.__getattr__` is not defined by that name: 8 definition(s) of `__getattr__`:",
        "nn/aaa.py:2  A0.__getattr__  def __getattr__(self, name)",
    ]
