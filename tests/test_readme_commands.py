"""Every command line the READMEs show is run by some test (tests/readme_commands.yaml says which), and CI runs
exactly the README's test command."""

import re
import subprocess

import pytest
import yaml

from tests.conftest import ROOT

READMES = ["README.md", "lsp_bridge/README.md"]
MAPPING = ROOT / "tests/readme_commands.yaml"
SHELL_BLOCKS = {"bash", "sh", "shell", "console"}
COMMANDS = ("toolprov", "lsp-bridge", "debugger", "llm-ide", "mini-extra", "python", "pytest", "bash", "docker", "nvim")


def command_lines(text: str) -> list[str]:
    """Command lines of shell code blocks (comments and line continuations taken off), and of untagged blocks the
    lines that start with a command (a synopsis: its description after two or more spaces taken off)."""
    lines: list[str] = []
    block: str | None = None
    pending = ""
    for raw in text.splitlines():
        fence = re.match(r"^\s*```(\S*)", raw)
        if fence:
            block = None if block is not None else fence.group(1)
            continue
        if block in SHELL_BLOCKS:
            line = pending + re.sub(r"(^|\s)#(\s.*)?$", "", raw).strip()
            pending = line[:-1].rstrip() + " " if line.endswith("\\") else ""
            if line and not pending:
                lines.append(line)
        elif block == "" and raw.startswith(COMMANDS):
            lines.append(re.split(r"\s{2,}", raw.strip())[0])
    return lines


def mapping() -> dict[str, dict[str, list[str] | dict[str, str]]]:
    return yaml.safe_load(MAPPING.read_text())


def test_every_readme_command_line_is_run_by_a_test():
    entries = mapping()
    for readme in READMES:
        shown = command_lines((ROOT / readme).read_text())
        mapped = entries.get(readme, {})
        assert shown, readme
        missing = [line for line in shown if line not in mapped]
        assert missing == [], f"{readme}: add these lines with their tests to {MAPPING.name}: {missing}"
        stale = [line for line in mapped if line not in shown]
        assert stale == [], f"{readme} no longer shows these lines; drop them from {MAPPING.name}: {stale}"


def test_every_mapped_test_exists():
    for readme, entries in mapping().items():
        for line, tests in entries.items():
            if isinstance(tests, dict):  # a benchmark: says why no test runs it
                assert set(tests) == {"manual"} and tests["manual"].strip(), line
                assert re.match(r"python3? bench/\w+\.py$", line), f"only benchmarks may be manual: {line}"
                continue
            assert tests, f"{readme}: {line}: no test"
            for test_id in tests:
                path, _, name = test_id.partition("::")
                source = (ROOT / path).read_text() if (ROOT / path).is_file() else ""
                assert re.search(rf"^(async )?def {re.escape(name)}\(", source, re.M), f"{line}: no test {test_id}"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("```bash\nfoo --x  # note\n# only a comment\n\nbar \\\n  --y\n```\n", ["foo --x", "bar --y"]),
        ("```\ntoolprov list [--json]  lists\n    [--more]\n```\n```\n   a table\n```\n", ["toolprov list [--json]"]),
        (
            "```python\nimport x\n```\ntext `toolprov x`\n```console\nIMG=$(toolprov install t)\n```",
            ["IMG=$(toolprov install t)"],
        ),
    ],
)
def test_command_lines_are_found_in_code_blocks(text: str, expected: list[str]):
    assert command_lines(text) == expected


def test_ci_runs_the_readme_test_command():
    readme = (ROOT / "README.md").read_text()
    command = "bash scripts/setup.sh && python3 -m pytest -ra"
    assert f"\n{command}\n" in readme
    ci = (ROOT / ".ci/run").read_text().splitlines()
    assert command in ci  # the exact line, not a variation of it


@pytest.mark.docker
def test_setup_is_idempotent_and_quick(engine):
    res = subprocess.run(["bash", "scripts/setup.sh"], cwd=ROOT, capture_output=True, text=True, timeout=900)
    assert res.returncode == 0, res.stderr[-3000:]
    again = subprocess.run(["bash", "scripts/setup.sh"], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert again.returncode == 0 and "installing" not in again.stderr  # nothing left to install
    assert "images ready: toolprov-base:bookworm toolprov-base:bullseye toolprov-base:trixie" in again.stderr
    assert subprocess.run(["nvim", "--version"], capture_output=True).returncode == 0  # the editor-attach tests use it
