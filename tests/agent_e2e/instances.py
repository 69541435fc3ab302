"""SWE-bench-like instances on the local testbed images, a dataset folder `mini-extra swebench --subset` reads, and the
check SWE-bench's harness makes: a patch applied to a fresh container of the instance image makes the test pass."""

from __future__ import annotations

import json
import subprocess
from dataclasses import dataclass
from pathlib import Path

FAILING_TEST = "tests/test_more.py::LastTests::test_basic"
PROBLEM = """\
`more_itertools.last()` raises on sequences

`last([0, 1, 2, 3])` should return 3, but it raises
`ValueError: last() was called on an empty iterable, and no default was provided.`
Lists, tuples and ranges are all affected; iterators work. The test
tests/test_more.py::LastTests::test_basic fails.
"""


@dataclass(frozen=True)
class Instance:
    instance_id: str
    image_name: str  # the instance image (the agent environment provisions its tools on top of it)
    python: str
    failing_test: str = FAILING_TEST
    problem_statement: str = PROBLEM

    def row(self) -> dict:
        return {
            "instance_id": self.instance_id,
            "problem_statement": self.problem_statement,
            "image_name": self.image_name,
            "repo": "more-itertools/more-itertools",
            "base_commit": "HEAD",
            "FAIL_TO_PASS": json.dumps([self.failing_test]),
            "PASS_TO_PASS": "[]",
            "reproduction_script": f"python -m pytest -q {self.failing_test}",
        }


# the same introduced bug on two images: Python 3.11 (bookworm) and 3.9 (bullseye), so the tools are provisioned
# into different envs and the repository runs under different interpreters
INSTANCES = [
    Instance("more-itertools__last-py311", "toolprov-testbed:bookworm", "3.11"),
    Instance("more-itertools__last-py39", "toolprov-testbed:bullseye", "3.9"),
]


def write_dataset(folder: Path, instances: list[Instance] = INSTANCES) -> Path:
    """`folder/test.jsonl`: what `--subset folder --split test` loads (a folder, not a file, works offline)."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "test.jsonl").write_text("".join(json.dumps(i.row()) + "\n" for i in instances))
    return folder


def run_test_with_patch(image: str, patch: str, test: str = FAILING_TEST) -> tuple[int, str]:
    """Apply `patch` (if any) in a fresh container of `image` (no network), run `test`: (exit code, output tail)."""
    apply = "git apply --whitespace=nowarn - && git diff --stat && " if patch else ""
    script = f"cd /testbed && {apply}python -m pytest -q {test}"
    docker = ["docker", "run", "--rm", "-i", "--network", "none", "-e", "BASH_ENV=/root/.bashrc"]
    result = subprocess.run(
        [*docker, image, "bash", "-c", script],
        input=patch,
        capture_output=True,
        text=True,
        timeout=300,
    )
    return result.returncode, (result.stdout + result.stderr)[-1500:]
