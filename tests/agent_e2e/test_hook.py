"""The startup hook: which config and agent a run gets, the switch back to upstream, the version guard, and the
`.pth` file a wheel install and an editable install carry (a fresh venv each)."""

from __future__ import annotations

import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from agent.hook import CONFIG, PTH_NAME, base_config_specs, pth_line
from tests.conftest import ROOT

UPSTREAM_DEFAULT = (
    Path(__import__("minisweagent.config", fromlist=["x"]).builtin_config_dir) / "benchmarks" / "swebench.yaml"
)
CHECK_PATCHED = (
    "import agent.hook; agent.hook.install()\n"
    "import minisweagent.run.benchmarks.swebench as m, minisweagent.run.benchmarks.swebench_single as s\n"
    "hooked = [getattr(x, '_llm_ide_hook', False) for x in (m, s)]\n"
    "wrapped = hasattr(m.app.registered_commands[0].callback, '__wrapped__')\n"
    "print(type(m.ProgressTrackingAgent).__name__, *hooked, wrapped)\n"
)


# the fresh venv's interpreter and pip run as a user starts them: a PYTHONPATH of the caller's (a developer's checkout)
# would import `agent` from there, and pip would see that checkout's egg-info instead of the install under test
VENV_ENV = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}


def venv_python(venv: Path, code: str, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run([str(venv / "bin/python"), "-c", code], env=VENV_ENV, capture_output=True, text=True, cwd=cwd)


def python(code: str, env: dict[str, str] | None = None, cwd: Path = ROOT) -> subprocess.CompletedProcess:
    env = {**os.environ, "MSWEA_SILENT_STARTUP": "1", **(env or {})}
    return subprocess.run([sys.executable, "-c", code], env=env, cwd=cwd, capture_output=True, text=True, timeout=120)


@pytest.mark.parametrize(
    ("specs", "agent_class", "expected"),
    [
        ([str(UPSTREAM_DEFAULT)], None, [CONFIG]),  # no -c: our config instead of upstream's
        (["swebench.yaml", "model.model_name=m"], None, [CONFIG, "model.model_name=m"]),  # upstream's name: ours
        (["model.model_name=m"], None, [CONFIG, "model.model_name=m"]),  # -c alone merges on top of ours
        (["agent.agent_class=default"], None, [str(UPSTREAM_DEFAULT), "agent.agent_class=default"]),
        ([str(UPSTREAM_DEFAULT)], "interactive", [str(UPSTREAM_DEFAULT)]),  # swebench-single --agent-class
        (
            ["agent.agent_class=agent.llm_ide_agent.LLMIDEAgent"],
            None,
            [CONFIG, "agent.agent_class=agent.llm_ide_agent.LLMIDEAgent"],
        ),
    ],
)
def test_base_config_of_a_run(specs, agent_class, expected):
    assert base_config_specs(specs, UPSTREAM_DEFAULT, agent_class) == expected


def test_runner_modules_are_adjusted_once_imported():
    result = python(CHECK_PATCHED)
    assert result.stdout.split() == ["function", "True", "True", "True"], result.stderr
    assert "llm-ide:" not in result.stderr


@pytest.mark.parametrize("value", ["upstream", "off", "0"])
def test_environment_variable_leaves_upstream_untouched(value):
    result = python(CHECK_PATCHED, {"LLM_IDE_AGENT": value})
    assert result.stdout.split() == ["type", "False", "False", "False"], result.stderr


FAKE_SWEBENCH = """\
import typer
app = typer.Typer()
DEFAULT_CONFIG_FILE = "swebench.yaml"
class ProgressTrackingAgent: pass
def get_swebench_docker_image_name(instance): return instance["image_name"]
def process_instance(instance, output_dir, config, progress_manager): pass
{extra}
@app.command()
def main(config_spec: list[str] = typer.Option([DEFAULT_CONFIG_FILE], "-c")): pass
"""


@pytest.mark.parametrize(
    ("version", "extra", "warning"),
    [
        ("3.0.0", "def get_sb_environment(config, instance): pass", "mini-swe-agent 3.0.0 is not a 2.x release"),
        ("2.9.1", "", "minisweagent.run.benchmarks.swebench has no get_sb_environment"),
    ],
)
def test_an_unknown_upstream_is_left_alone_with_one_warning(tmp_path, version, extra, warning):
    """A stand-in mini-swe-agent (another release line, or one that renamed a function the hook relies on)."""
    pkg = tmp_path / "minisweagent"
    (pkg / "run" / "benchmarks").mkdir(parents=True)
    (pkg / "__init__.py").write_text(f"__version__ = {version!r}\n")
    (pkg / "run" / "__init__.py").write_text("")
    (pkg / "run" / "benchmarks" / "__init__.py").write_text("")
    (pkg / "run" / "benchmarks" / "swebench.py").write_text(FAKE_SWEBENCH.format(extra=extra))
    (pkg / "run" / "benchmarks" / "swebench_single.py").write_text(FAKE_SWEBENCH.format(extra=extra))
    result = python(CHECK_PATCHED, {"PYTHONPATH": f"{tmp_path}{os.pathsep}{ROOT}"}, cwd=tmp_path)
    assert result.stdout.split() == ["type", "False", "False", "False"], result.stderr
    assert result.stderr.strip() == f"llm-ide: {warning}; running upstream mini-swe-agent unchanged"


def checkout_copy(tmp_path: Path) -> Path:
    """The checkout's tracked files (as they are in the work tree) in a folder of their own."""
    src = tmp_path / "src"
    files = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True).stdout
    src.mkdir()
    subprocess.run(["tar", "--null", "-T", "-", "-cf", str(tmp_path / "src.tar")], cwd=ROOT, input=files, check=True)
    subprocess.run(["tar", "-xf", str(tmp_path / "src.tar"), "-C", str(src)], check=True)
    return src


def venv_site(venv: Path) -> Path:
    purelib = "import sysconfig; print(sysconfig.get_paths()['purelib'])"
    return Path(subprocess.check_output([str(venv / "bin/python"), "-c", purelib], text=True, env=VENV_ENV).strip())


CHECK_STARTED = (
    "import sys, agent.hook; print(agent.hook.__file__.startswith(sys.prefix), type(sys.meta_path[0]).__name__)"
)


def test_a_wheel_install_carries_the_hook(tmp_path):
    """`pip install .` (not editable) puts the .pth into site-packages; it runs at start-up; uninstall removes it."""
    src = checkout_copy(tmp_path)
    build = [sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(tmp_path), "."]
    subprocess.run(build, cwd=src, check=True, capture_output=True, timeout=300, env=VENV_ENV)
    wheel = next(tmp_path.glob("swe_ide_toolkit-*.whl"))
    with zipfile.ZipFile(wheel) as z:
        assert z.read(PTH_NAME).decode() == pth_line()
        assert "agent/config/llm-ide/swebench.yaml" in z.namelist()

    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    pip = [str(venv / "bin" / "python"), "-m", "pip", "-q", "--disable-pip-version-check"]
    subprocess.run(
        [*pip, "install", "--no-deps", str(wheel)], check=True, capture_output=True, timeout=300, env=VENV_ENV
    )
    site = venv_site(venv)
    assert (site / PTH_NAME).read_text() == pth_line()
    started = venv_python(venv, CHECK_STARTED, tmp_path)
    assert started.stdout.split() == ["True", "_Finder"], started.stderr
    subprocess.run([*pip, "uninstall", "-y", "swe-ide-toolkit"], check=True, capture_output=True, env=VENV_ENV)
    assert not (site / PTH_NAME).exists()


def test_an_editable_install_carries_the_hook(tmp_path):
    """`pip install -e .` (the usual developer install) puts the .pth into site-packages too, with no
    `llm-ide install-hook`: the agent's modules come from the checkout and the finder is in place at start-up;
    uninstall removes the file."""
    src = checkout_copy(tmp_path)
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    pip = [str(venv / "bin" / "python"), "-m", "pip", "-q", "--disable-pip-version-check"]
    subprocess.run(
        [*pip, "install", "--no-deps", "-e", str(src)], check=True, capture_output=True, timeout=300, env=VENV_ENV
    )
    site = venv_site(venv)
    assert (site / PTH_NAME).read_text() == pth_line()
    check = "import sys, agent.hook; print(agent.hook.__file__, type(sys.meta_path[0]).__name__)"
    started = venv_python(venv, check, tmp_path)
    assert started.stdout.split() == [str(src / "agent" / "hook.py"), "_Finder"], started.stderr
    subprocess.run([*pip, "uninstall", "-y", "swe-ide-toolkit"], check=True, capture_output=True, env=VENV_ENV)
    assert not (site / PTH_NAME).exists()


@pytest.mark.parametrize(
    ("command", "spec", "message"),
    [
        ("swebench", "agent.memory.gamma=7", "config error: agent.memory.gamma: Input should be less than or equal"),
        ("swebench", "agent.memroy.gamma=0.5", "config error: agent.memroy: Extra inputs are not permitted"),
        ("swebench-single", "environment.lsp_timout=5", "config error: environment.lsp_timout: Extra inputs are not"),
        # every instance's bridge failed at start ('no answer from the bridge within -1s') after its container started
        ("swebench", "environment.lsp_timeout=-1", "config error: environment.lsp_timeout: Input should be greater"),
        # the Bug Consultant's block: each instance's agent failed on it (ValidationError) after its container started
        ("swebench", "agent.bug_consultant.use_bug_consultnt=true", "config error: agent.bug_consultant.use_bug_con"),
        (
            "swebench-single",
            "agent.bug_consultant.similarity_threshold=7",
            "config error: agent.bug_consultant.similarity_threshold: Input should be less than or equal to 1",
        ),
    ],
)
def test_a_config_error_is_one_line_and_exit_1_before_any_instance(tmp_path, command, spec, message):
    """Every instance would fail on it: the batch runner logged that per instance (in minisweagent.log) and exited 0;
    now the run stops before loading a dataset (the subset named here does not exist) or starting a container."""
    args = [command, "--subset", str(tmp_path / "no-such-dataset"), "--split", "test", "-c", spec]
    run = subprocess.run(["mini-extra", *args, "-o", str(tmp_path / "out")], cwd=tmp_path, capture_output=True,
                         text=True, timeout=120, env={**os.environ, "MSWEA_SILENT_STARTUP": "1"})  # fmt: skip
    assert run.returncode == 1, run.stdout + run.stderr
    assert run.stderr.strip().splitlines()[-1].startswith(f"mini-extra {command}: {message}"), run.stderr
    assert "Traceback" not in run.stderr and not (tmp_path / "out").exists()


def test_another_agent_is_not_checked_against_ours():
    from agent.hook import config_problem

    assert config_problem([CONFIG]) is None
    assert config_problem([CONFIG, "agent.agent_class=default", "agent.step_limit=3"]) is None
    assert config_problem([CONFIG, "agent.agent_class=default", "agent.bug_consultant.x=1"]) is None
    assert config_problem([CONFIG, "agent.bug_consultant.use_bug_consultant=false"]) is None  # a string, as -c gives
    assert config_problem([CONFIG, "agent.memory.max_chunks=-3"]) == (
        "config error: agent.memory.max_chunks: Input should be greater than or equal to 0"
    )
