"""Make the literal `mini-extra swebench` / `mini-extra swebench-single` run the LLM-IDE agent.

mini-swe-agent has no plugin point for this (see MINI_SWE_AGENT.md), so a one-line `.pth` file in site-packages
(`llm_ide_agent_hook.pth`, in the wheel of `pip install .` and of `pip install -e .`, or written by `llm-ide
install-hook`) calls
`install()` at interpreter start. That only registers an import finder (stdlib only, nothing else is imported);
when mini-swe-agent's benchmark runner modules are first imported, it adjusts them, after they executed:

- `swebench` (batch): `ProgressTrackingAgent` becomes a factory that builds the LLM-IDE agent (progress reporting
  included) unless the config picks another agent; `get_sb_environment` gives the LLM-IDE environment the instance's
  image (upstream fills `image` only for the `docker` class) and the instance's reproduction scripts, if any;
  `process_instance` gives the LLM-IDE agent its trajectory's path as `output_path` (the Bug Consultant's experiment
  is the output folder).
- both runners: the `-c` specs merge on top of a base config: agent/config/llm-ide/swebench.yaml for the LLM-IDE
  agent (`-c swebench.yaml` then also means it), upstream's swebench.yaml when the upstream agent is picked.

Switch back to upstream: `LLM_IDE_AGENT=upstream` (nothing is changed at all), or per run
`-c agent.agent_class=default` (batch) / `--agent-class interactive` or `-c agent.agent_class=interactive` (single).
Guarded: with a mini-swe-agent major version other than 2, or when a name it relies on is missing, it warns once on
stderr and leaves upstream untouched.
"""

from __future__ import annotations

import importlib.abc
import os
import sys
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # at interpreter start this module imports nothing beyond the stdlib's import machinery
    import importlib.machinery
    from pathlib import Path
    from typing import Any

ENV_VAR = "LLM_IDE_AGENT"
UPSTREAM_VALUES = {"upstream", "off", "0", "false", "no"}
SUPPORTED_MAJOR = "2"
OUR_AGENT = "agent.llm_ide_agent.LLMIDEAgent"
OUR_ENVIRONMENT = "agent.environment.LLMIDEEnvironment"
CONFIG = os.path.join(os.path.dirname(os.path.abspath(__file__)), "config", "llm-ide", "swebench.yaml")
PTH_FILE = os.path.join(os.path.dirname(CONFIG), "llm_ide_agent_hook.pth")  # its one line; the wheel ships it
PTH_NAME = os.path.basename(PTH_FILE)

BATCH = "minisweagent.run.benchmarks.swebench"
SINGLE = "minisweagent.run.benchmarks.swebench_single"
BATCH_NAMES = ("app", "DEFAULT_CONFIG_FILE", "ProgressTrackingAgent", "get_sb_environment",
               "get_swebench_docker_image_name", "process_instance")  # fmt: skip
SINGLE_NAMES = ("app", "DEFAULT_CONFIG_FILE", "get_sb_environment")

_warned = False


def enabled() -> bool:
    return os.environ.get(ENV_VAR, "").strip().lower() not in UPSTREAM_VALUES


def warn(message: str) -> None:
    global _warned
    if not _warned:
        _warned = True
        print(f"llm-ide: {message}; running upstream mini-swe-agent unchanged", file=sys.stderr)


def install() -> None:
    """Register the import finder (idempotent; a no-op when switched off)."""
    if enabled() and not any(isinstance(f, _Finder) for f in sys.meta_path):
        sys.meta_path.insert(0, _Finder())


class _Finder(importlib.abc.MetaPathFinder):
    def find_spec(self, fullname: str, path: Any, target: Any = None) -> importlib.machinery.ModuleSpec | None:
        if fullname not in (BATCH, SINGLE):
            return None
        # litellm fetches its model price list from the internet at import unless told to use its bundled copy
        os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")
        for finder in sys.meta_path:
            if finder is self or not hasattr(finder, "find_spec"):
                continue
            spec = finder.find_spec(fullname, path, target)
            if spec is not None and spec.loader is not None:
                spec.loader = _PatchingLoader(spec.loader, patch_batch if fullname == BATCH else patch_single)
                return spec
        return None


class _PatchingLoader(importlib.abc.Loader):
    def __init__(self, loader: Any, patch: Any) -> None:
        self._loader = loader
        self._patch = patch

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> Any:
        return self._loader.create_module(spec)

    def exec_module(self, module: Any) -> None:
        self._loader.exec_module(module)
        if enabled():
            try:
                self._patch(module)
            except Exception as e:  # never break upstream's own command
                warn(f"the startup hook failed ({type(e).__name__}: {e})")

    def __getattr__(self, name: str) -> Any:
        return getattr(self._loader, name)


# ---- checks


def _version_ok() -> bool:
    import minisweagent

    version = str(getattr(minisweagent, "__version__", ""))
    if version.split(".")[0] != SUPPORTED_MAJOR:
        warn(f"mini-swe-agent {version or '(unknown version)'} is not a {SUPPORTED_MAJOR}.x release")
        return False
    return True


def _names_ok(module: Any, names: tuple[str, ...]) -> bool:
    missing = [n for n in names if not hasattr(module, n)]
    commands = getattr(getattr(module, "app", None), "registered_commands", None)
    if not missing and not commands:
        missing = ["app.registered_commands"]
    if missing:
        warn(f"{module.__name__} has no {', '.join(missing)}")
        return False
    return True


# ---- which agent a run uses


def _merged(specs: list[str]) -> dict:
    from minisweagent.config import get_config_from_spec
    from minisweagent.utils.serialize import recursive_merge

    return recursive_merge(*(get_config_from_spec(s) for s in specs)) if specs else {}


def is_ours(agent_class: Any) -> bool:
    """Whether an `agent.agent_class` value names the LLM-IDE agent (or nothing, which defaults to it)."""
    return agent_class in (None, "") or _names_subclass(agent_class, OUR_AGENT)


def _names_subclass(name: Any, ours: str) -> bool:
    """Whether a class path (an `agent_class` / `environment_class` value) is `ours` or a subclass of it; upstream's
    short names (`default`, `docker`, ...) never are."""
    if name == ours:
        return True
    if not isinstance(name, str) or "." not in name:
        return False
    try:
        cls = _load_class(name)
        return isinstance(cls, type) and issubclass(cls, _load_class(ours))
    except Exception:
        return False


def _load_class(path: str) -> Any:
    module, _, name = path.rpartition(".")
    return getattr(importlib.import_module(module), name)


def config_problem(specs: list[str], agent_class: str | None = None) -> str | None:
    """The first error the LLM-IDE agent's or environment's config of a run would raise on every instance (a misspelt
    key, a value out of range), as one line naming it; None when it validates or when the run picks another agent."""
    from pydantic import ValidationError

    try:
        config = _merged(specs)
    except Exception:  # a spec upstream cannot read: its own runner says so
        return None
    agent = {k: v for k, v in (config.get("agent") or {}).items() if k != "agent_class"}
    if (agent_class or (config.get("agent") or {}).get("agent_class") or OUR_AGENT) != OUR_AGENT:
        return None  # another agent (or a subclass of ours, with a config of its own)
    from agent.environment import LLMIDEEnvironmentConfig
    from agent.llm_ide_agent import LLMIDEAgentConfig

    environment = dict(config.get("environment") or {})
    checks: list[tuple[str, Any, dict]] = [("agent", LLMIDEAgentConfig, agent)]
    if isinstance(agent.get("bug_consultant"), dict):  # the agent builds its tracker from it on every instance
        try:
            from agent.bug_consultant.config import BugConsultantConfig
        except ImportError:  # the agent then runs without one (only a switched-on consultant requires it)
            pass
        else:
            checks.append(("agent.bug_consultant", BugConsultantConfig, agent["bug_consultant"]))
    if environment.pop("environment_class", "docker") in ("docker", OUR_ENVIRONMENT):
        checks.append(("environment", LLMIDEEnvironmentConfig, {**environment, "image": "-"}))  # the runner adds it
    for section, config_class, values in checks:
        try:
            config_class(**values)
        except ValidationError as e:
            first = e.errors()[0]
            where = ".".join(str(part) for part in (section, *first["loc"]))
            more = f" (and {len(e.errors()) - 1} more)" if len(e.errors()) > 1 else ""
            return f"config error: {where}: {first['msg']}{more}"
    return None


def _is_default_spec(spec: str, default: Path) -> bool:
    if "=" in spec:
        return False
    from pathlib import Path

    from minisweagent.config import get_config_path

    try:
        return get_config_path(spec).resolve() == Path(default).resolve()
    except (FileNotFoundError, OSError):
        return False


def base_config_specs(specs: list[str], default: Path, agent_class: str | None = None) -> list[str]:
    """The `-c` specs a run uses: our config (or upstream's for the upstream agent) first, then the user's own."""
    user = [str(s) for s in specs if not _is_default_spec(str(s), default)]
    chosen = agent_class if agent_class else _merged(user).get("agent", {}).get("agent_class")
    base = CONFIG if is_ours(chosen) else str(default)
    return [base, *user]


def _wrap_main(module: Any) -> None:
    import functools

    info = module.app.registered_commands[0]
    original = info.callback

    @functools.wraps(original)
    def main(**kwargs: Any) -> Any:
        if enabled():
            kwargs["config_spec"] = base_config_specs(
                list(kwargs.get("config_spec") or []), module.DEFAULT_CONFIG_FILE, kwargs.get("agent_class")
            )
            problem = config_problem(kwargs["config_spec"], kwargs.get("agent_class"))
            if problem:  # every instance would fail on it (the batch runner logs that and exits 0): say it once
                command = module.__name__.rsplit(".", 1)[-1].replace("_", "-")
                print(f"mini-extra {command}: {problem}", file=sys.stderr)
                raise SystemExit(1)
        return original(**kwargs)

    info.callback = main


# ---- the two runner modules


def patch_batch(module: Any) -> None:
    if getattr(module, "_llm_ide_hook", False) or not _version_ok() or not _names_ok(module, BATCH_NAMES):
        return
    upstream_agent = module.ProgressTrackingAgent
    upstream_environment = module.get_sb_environment
    upstream_process = module.process_instance
    image_of = module.get_swebench_docker_image_name

    def make_agent(model: Any, env: Any, *, progress_manager: Any, instance_id: str = "", **kwargs: Any) -> Any:
        agent_class = kwargs.pop("agent_class", None)
        if not enabled() or agent_class in ("default", "minisweagent.agents.default.DefaultAgent"):
            return upstream_agent(model, env, progress_manager=progress_manager, instance_id=instance_id, **kwargs)
        if is_ours(agent_class):
            from minisweagent.agents import get_agent_class

            cls: Any = get_agent_class(agent_class or OUR_AGENT)
            return cls(model, env, progress_manager=progress_manager, instance_id=instance_id, **kwargs)
        from minisweagent.agents import get_agent_class

        other: Any = get_agent_class(agent_class)
        return other(model, env, **kwargs)

    def get_sb_environment(config: dict, instance: dict) -> Any:
        agent_class = config.get("agent", {}).get("agent_class")
        env_config = dict(config.get("environment", {}))
        env_class = env_config.get("environment_class", "docker")
        our_environment = env_class == "docker" or _names_subclass(env_class, OUR_ENVIRONMENT)
        if enabled() and is_ours(agent_class) and our_environment:
            env_config["environment_class"] = OUR_ENVIRONMENT if env_class == "docker" else env_class
            env_config["image"] = image_of(instance)
            env_config["instance_id"] = str(instance.get("instance_id") or "")
            for key in ("setup_reproduction_script", "reproduction_script"):
                if instance.get(key):
                    env_config[key] = instance[key]
            config = {**config, "environment": env_config}
        return upstream_environment(config, instance)

    def process_instance(instance: dict, output_dir: Any, config: dict, progress_manager: Any) -> Any:
        # upstream's batch gives its agent no output_path (it saves the trajectory itself at the end); ours needs it:
        # the Bug Consultant's experiment is the output folder (its store, its run id), and a step's save keeps what
        # an interrupted run did
        if enabled() and is_ours(config.get("agent", {}).get("agent_class")):
            from pathlib import Path

            path = Path(output_dir) / instance["instance_id"] / f"{instance['instance_id']}.traj.json"
            config = {**config, "agent": {**config.get("agent", {}), "output_path": path}}
        return upstream_process(instance, output_dir, config, progress_manager)

    module.ProgressTrackingAgent = make_agent
    module.get_sb_environment = get_sb_environment
    module.process_instance = process_instance
    _wrap_main(module)
    module._llm_ide_hook = True


def patch_single(module: Any) -> None:
    if getattr(module, "_llm_ide_hook", False) or not _version_ok() or not _names_ok(module, SINGLE_NAMES):
        return
    batch = sys.modules.get(BATCH)
    if not getattr(batch, "_llm_ide_hook", False):
        return  # the batch module was left as it is (warned there): so is this one
    module.get_sb_environment = batch.get_sb_environment  # type: ignore[union-attr]
    _wrap_main(module)
    module._llm_ide_hook = True


# ---- the .pth file


def site_packages() -> Path:
    import sysconfig
    from pathlib import Path

    return Path(sysconfig.get_paths()["purelib"])


def pth_path(target: Path | None = None) -> Path:
    return (target or site_packages()) / PTH_NAME


def pth_line() -> str:
    with open(PTH_FILE) as f:
        return f.read()


def write_pth(target: Path | None = None) -> Path:
    path = pth_path(target)
    path.write_text(pth_line())
    return path


def remove_pth(target: Path | None = None) -> bool:
    path = pth_path(target)
    if path.exists():
        path.unlink()
        return True
    return False


def status() -> dict[str, Any]:
    """What `llm-ide status` reports."""
    path = pth_path()
    try:
        import minisweagent

        version = str(getattr(minisweagent, "__version__", ""))
    except ImportError:
        version = ""
    return {
        "pth": str(path),
        "pth_installed": path.exists() and path.read_text() == pth_line(),
        "finder_active": any(isinstance(f, _Finder) for f in sys.meta_path),
        "switched_off": not enabled(),
        "env_var": ENV_VAR,
        "env_value": os.environ.get(ENV_VAR),
        "mini_swe_agent": version,
        "supported": version.split(".")[0] == SUPPORTED_MAJOR,
        "config": CONFIG,
    }
