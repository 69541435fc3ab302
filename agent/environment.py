"""The LLM-IDE agent's environment: upstream's DockerEnvironment on a toolprov-provisioned image, with the lsp-bridge
daemon running inside, one BridgeClient session for the run, and the agent's actions on top.

    env = LLMIDEEnvironment(image="toolprov-testbed:bookworm", cwd="/testbed", tools=["debugger", "lsp", "fileedit"])
    env.execute_action("find_symbol", "last")      # -> ActionResult
    env.execute({"command": "ls"})                 # upstream's plain bash action still works
"""

from __future__ import annotations

import atexit
import base64
import contextlib
import dataclasses
import hashlib
import json
import logging
import subprocess
import sys
import tempfile
import threading
import time
import weakref
from pathlib import Path
from typing import Any

import yaml
from minisweagent.environments.docker import DockerEnvironment, DockerEnvironmentConfig
from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from agent.actions import ActionLimits, Actions, ActionTemplates
from agent.types import ActionResult

logger = logging.getLogger("agent.environment")

DEFAULT_TOOLS = ["debugger", "lsp", "fileedit"]
LSP_TOOL = "lsp"


class ToolEntry(BaseModel):
    """One `environment.tools` entry, with the seed's fields. A name alone means `tool_specs/<name>.yaml`; the other
    fields override that spec (or describe a tool that has no spec: then `source` is required).

    Mapping onto a toolprov spec: source -> source (copied to /tools/<name>), installation_script -> setup_script
    (run after the pip install), command -> executable. `usage` only changes what the agent is shown ("" hides the
    tool from the Tool Usage section); it does not change the image.
    """

    model_config = ConfigDict(extra="forbid")

    name: str
    source: str | None = None
    target: str | None = None
    installation_script: str | None = None
    command: str | None = None
    usage: str | None = None

    @property
    def changes_spec(self) -> bool:
        return any(v is not None for v in (self.source, self.installation_script, self.command))


class LLMIDEEnvironmentConfig(DockerEnvironmentConfig):
    # a misspelt key (`lsp_timout`) is an error before any image is built, not a silent default (upstream's runners
    # pop `environment_class` and add `image`; every other key they pass is a DockerEnvironmentConfig field)
    model_config = ConfigDict(extra="forbid")

    tools: list[ToolEntry] = Field(default_factory=lambda: [ToolEntry(name=n) for n in DEFAULT_TOOLS])
    """Tools provisioned into the instance image (toolprov, cached by content key) before the container starts."""
    specs_dir: str = ""
    """Where tool specs live (default: toolprov's tool_specs/)."""
    provision_network: bool = False
    """Install tools from a package index inside the build instead of the host-resolved wheelhouse."""
    tool_registry: str = ""
    """A registry repository (HOST[:PORT][/PATH]) holding provisioned images (`toolprov install --push`): the tool
    image is pulled from there when it has the key, and built only on a miss."""
    setup_reproduction_script: str = ""
    """A shell script run once after the container starts (e.g. writing a reproduction script)."""
    reproduction_script: str = ""
    """The command that reproduces the issue; installed as `reproduce` in the container and shown to the agent."""
    instance_id: str = ""
    """The SWE-bench instance the container is for (the runners' hook sets it): the agent's trajectory and its Bug
    Consultant records carry it, in `swebench-single` too, whose runner gives the agent none."""
    lsp_workspace: str = ""
    """The workspace the language server indexes (default: cwd)."""
    lsp_timeout: float = Field(default=30.0, gt=0)
    """Seconds one language-server request may take."""
    lsp_index_timeout: float = Field(default=600.0, ge=0)
    """Seconds the start may wait for the first index of the workspace (overlapping the setup script)."""
    actions_config: str = ""
    """A YAML file replacing agent/config/llm-ide/actions.yaml (the actions' usage text and commands)."""
    action_limits: dict[str, int] = {}
    """Overrides of `agent.actions.ActionLimits` (how much one observation may show)."""

    @field_validator("action_limits")
    @classmethod
    def _limit_names(cls, value: dict[str, int]) -> dict[str, int]:
        known = {f.name for f in dataclasses.fields(ActionLimits)}
        unknown = sorted(set(value) - known)
        if unknown:
            raise ValueError(f"{', '.join(unknown)}: not an action limit (known: {', '.join(sorted(known))})")
        negative = sorted(name for name, n in value.items() if n < 0)
        if negative:  # a count of lines, calls or characters (max_open_lines -5 made every answer odd)
            raise ValueError(f"{', '.join(negative)}: an action limit is a count, at least 0")
        return value

    @model_validator(mode="after")
    def _tools_installable(self) -> LLMIDEEnvironmentConfig:
        """What provisioning would refuse on every instance, refused before any container (`tool_specs`' rules)."""
        from provisioner.spec import DEFAULT_SPECS_DIR

        base = Path(self.specs_dir) if self.specs_dir else DEFAULT_SPECS_DIR
        for e in self.tools:
            if e.target not in (None, "", f"/tools/{e.name}"):
                raise ValueError(f"tools[{e.name}].target: toolprov copies sources to /tools/{e.name}")
            if not e.source and not (base / f"{e.name}.yaml").is_file():
                raise ValueError(f"tools[{e.name}]: no spec {base / e.name}.yaml and no source to install it from")
        return self

    @field_validator("tools", mode="before")
    @classmethod
    def _names(cls, value: Any) -> Any:
        if isinstance(value, list):
            return [{"name": v} if isinstance(v, str) else v for v in value]
        return value


class LLMIDEEnvironment(DockerEnvironment):
    def __init__(self, *, config_class: type = LLMIDEEnvironmentConfig, **kwargs: Any) -> None:
        self.bridge: Any = None
        self.actions: Actions | None = None
        self.base_image = kwargs.get("image", "")
        self.tool_manifest: list[dict] = []
        self._tool_usage: str | None = None
        self._reconnects_left = 1
        atexit.register(_close_at_exit, weakref.ref(self))  # before interpreter shutdown stops the client's thread
        super().__init__(config_class=config_class, **kwargs)  # provisions, then starts the container
        self.config: LLMIDEEnvironmentConfig
        try:
            self._prepare()
        except BaseException:
            self.cleanup()
            raise

    # ---- start

    def _start_container(self) -> None:
        if self.config.tools:
            self._pull_if_missing()
            self.config.image = self._provision()
        super()._start_container()

    def _pull_if_missing(self) -> None:
        """Pull the instance image when the engine does not have it (SWE-bench images come from a registry): upstream's
        `docker run` would pull it, but toolprov provisions local images only. Same executable and `pull_timeout`."""
        exe, image = self.config.executable, self.config.image
        if subprocess.run([exe, "image", "inspect", image], capture_output=True).returncode == 0:
            return
        self.logger.info("pulling %s (not on this machine; pull_timeout %s s)", image, self.config.pull_timeout)
        start = time.monotonic()
        try:
            pulled = subprocess.run(
                [exe, "pull", image], capture_output=True, text=True, timeout=self.config.pull_timeout
            )
        except subprocess.TimeoutExpired:
            raise RuntimeError(
                f"pulling {image} took longer than pull_timeout ({self.config.pull_timeout} s): raise it with "
                "-c environment.pull_timeout=SECONDS, or pull the image first"
            ) from None
        if pulled.returncode != 0:
            why = (pulled.stderr.strip().splitlines() or [f"exit code {pulled.returncode}"])[-1]
            raise RuntimeError(f"image {image} is not on this machine and cannot be pulled: {why}")
        self.logger.info("pulled %s in %.1fs", image, time.monotonic() - start)

    def _provision(self) -> str:
        from provisioner.api import install_tools, show

        names, specs_dir = tool_specs(self.config.tools, self.config.specs_dir)
        base = self.config.image
        start = time.monotonic()
        result = install_tools(
            names, self.config.image, network=self.config.provision_network, specs_dir=specs_dir,
            registry=self.config.tool_registry or None,
            progress=lambda tool, step: self.logger.info("provisioning %s into %s: %s", tool, base, step),
        )  # fmt: skip
        self.logger.info(
            "image %s: tools %s %s in %.1fs", result.image, ", ".join(names),
            f"built ({', '.join(result.built)})" if result.built else f"pulled ({', '.join(result.pulled)})"
            if result.pulled else "cached", time.monotonic() - start,
        )  # fmt: skip
        self.tool_manifest = show(result.image).manifest.get("tools", [])
        return result.image

    def _prepare(self) -> None:
        names = {t.name for t in self.config.tools}
        if LSP_TOOL in names:
            self.bridge = self._connect_bridge()
        if self.config.setup_reproduction_script.strip():
            out = self.execute({"command": self.config.setup_reproduction_script})
            if out["returncode"] != 0:
                tail = out["output"][-800:]
                raise RuntimeError(f"setup_reproduction_script failed with exit code {out['returncode']}: {tail}")
        if self.bridge is not None:
            self._wait_for_index()
        templates = ActionTemplates.load(self.config.actions_config or None)
        if self.config.reproduction_script.strip():
            script = "#!/bin/bash\n" + self.config.reproduction_script.strip() + "\n"
            b64 = base64.b64encode(script.encode()).decode()
            self.execute({"command": templates.command("install_reproduce", script_b64=b64)})
        self.actions = Actions(
            self.bridge, self.run_shell, root=self.config.cwd, templates=templates,
            limits=ActionLimits(**self.config.action_limits), reconnect=self._reconnect,
        )  # fmt: skip

    def _wait_for_index(self) -> None:
        """Wait until the bridge has indexed the workspace. The first LSP action would wait for it within one request's
        `lsp_timeout`; a large repository on a busy machine can take longer, and a timed-out action costs the run its
        language server (one reconnect, then LSP actions are off)."""
        from lsp_bridge.client import BridgeError

        start = time.monotonic()
        while True:
            try:
                status = self.bridge.status()
            except (BridgeError, TimeoutError, OSError) as e:
                self.logger.warning("the language server does not answer while indexing: %s", e)
                return
            if status.get("ready") or status.get("error"):
                error = f" ({status['error']})" if status.get("error") else ""
                took = time.monotonic() - start
                self.logger.info("index of %s: %s files in %.1fs%s", self.workspace, status.get("files"), took, error)
                return
            if time.monotonic() - start > self.config.lsp_index_timeout:
                self.logger.warning("the index of %s is not ready after %.0fs (lsp_index_timeout): going on",
                                    self.workspace, self.config.lsp_index_timeout)  # fmt: skip
                return
            time.sleep(0.25)

    @property
    def workspace(self) -> str:
        return self.config.lsp_workspace or self.config.cwd

    def _connect_bridge(self) -> Any:
        """One LSP session with the container's shared lsp-bridge daemon. `lsp-bridge connect` starts the daemon on
        first use, fully detached (new session, stdin /dev/null, output to its log) and under a lock, so a second
        connect (an editor attaching) joins the same index instead of racing to start another daemon."""
        from lsp_bridge.client import BridgeClient

        command = [self.config.executable, "exec", "-i", "-w", self.workspace, str(self.container_id)]
        return BridgeClient([*command, "lsp-bridge", "connect", "--workspace", self.workspace],
                            timeout=self.config.lsp_timeout)  # fmt: skip

    def _reconnect(self) -> Any:
        """A new session after the old one was lost: once per run; after that the LSP actions are off."""
        self._close_bridge()
        if self._reconnects_left <= 0:
            self.logger.warning("the language server stopped answering again: LSP actions are off for this run")
            return None
        self._reconnects_left -= 1
        try:
            self.bridge = self._connect_bridge()
        except Exception as e:
            self.logger.warning("cannot reconnect to the language server: %s", e)
            self.bridge = None
        return self.bridge

    # ---- the agent's interface

    def run_shell(self, command: str) -> tuple[str, int]:
        """One shell command in the container (upstream's execute: raises Submitted on a submission)."""
        out = self.execute({"command": command})
        text = out.get("output", "")
        if out.get("exception_info"):
            text = f"{text}\n{out['exception_info']}" if text else out["exception_info"]
        return text, out.get("returncode", -1)

    def execute_action(self, action_type: str, action_params: str) -> ActionResult:
        assert self.actions is not None, "environment not started"
        return self.actions.execute(action_type, action_params)

    def tool_usage(self) -> str:
        """The Tool Usage section: built-in actions' forms, then each provisioned tool's usage."""
        if self._tool_usage is None:
            assert self.actions is not None
            parts = [self.actions.usage(reproduction_script="reproduce" if self.config.reproduction_script else "")]
            overrides = {t.name: t.usage for t in self.config.tools if t.usage is not None}
            for tool in self.tool_manifest:
                usage = overrides.get(tool["name"], tool.get("usage") or "")
                if usage.strip():
                    parts.append(usage.strip())
            self._tool_usage = "\n\n".join(parts)
        return self._tool_usage

    def render_context(self, chunks: list[dict], threshold: float | None = None) -> str:
        """lsp-bridge's rendering of code-context chunks (`lspBridge/renderContext`); "" when it cannot answer."""
        if not chunks or self.bridge is None:
            return ""
        try:
            return str(self.bridge.render_context(chunks, threshold))
        except Exception as e:
            self.logger.warning("renderContext failed: %s", e)
            self._drop_bridge_if_gone(e)
            return ""

    def render_blocks(self, chunks: list[dict], threshold: float | None = None) -> list[Any]:
        """`render_context` as one `lsp_bridge.blocks.FileBlock` per file (nothing parses the text); [] when the
        bridge cannot answer."""
        if not chunks or self.bridge is None:
            return []
        try:
            return list(self.bridge.render_blocks(chunks, threshold))
        except Exception as e:
            self.logger.warning("renderContext failed: %s", e)
            self._drop_bridge_if_gone(e)
            return []

    def file_digests(self, files: list[str]) -> dict[str, str]:
        """The bridge's digest of each file's text now (`lspBridge/fileDigests`), to keep the renderings of files an
        operation did not change; {} (every rendering dropped) when the bridge cannot answer."""
        if not files or self.bridge is None:
            return {}
        try:
            return dict(self.bridge.file_digests(files))
        except Exception as e:
            self.logger.warning("fileDigests failed: %s", e)
            self._drop_bridge_if_gone(e)
            return {}

    def set_agent_context(self, chunks: list[dict]) -> None:
        """Show the agent's live code context to attached editors (`lspBridge/setAgentContext`)."""
        if self.bridge is None:
            return
        try:
            self.bridge.set_agent_context(chunks)
        except Exception as e:
            self.logger.warning("setAgentContext failed: %s", e)
            self._drop_bridge_if_gone(e)

    def _drop_bridge_if_gone(self, error: Exception) -> None:
        """A lost session is reconnected once by the next action; until then no call waits on it."""
        from lsp_bridge.client import BridgeError

        if isinstance(error, (BridgeError, ConnectionError)) and self.actions is not None:
            self.actions.bridge = self._reconnect()

    # ---- upstream hooks

    def get_template_vars(self, **kwargs: Any) -> dict[str, Any]:
        return super().get_template_vars(base_image=self.base_image, **kwargs)

    def serialize(self) -> dict:
        data = super().serialize()
        data["info"]["config"]["environment_tools"] = {
            "base_image": self.base_image,
            "image": self.config.image,
            "tools": [{k: t.get(k) for k in ("name", "version", "executable")} for t in self.tool_manifest],
        }
        return data

    def _close_bridge(self) -> None:
        """End the LSP session. Upstream cleans up from `__del__`, which the garbage collector may run on the
        client's own event-loop thread: closing from there would wait on itself, so the close runs in a thread of
        its own, awaited only from other threads."""
        bridge, self.bridge = self.bridge, None
        if bridge is None:
            return
        if sys.is_finalizing():  # the client's thread may never run again: end its process without waiting
            with contextlib.suppress(Exception):
                bridge._process.kill()
            return

        def close() -> None:
            try:
                bridge.close()
            except Exception as e:  # the container may already be gone
                self.logger.debug("closing the bridge: %s", e)

        closer = threading.Thread(target=close, name="lsp-bridge-close", daemon=True)
        closer.start()
        if getattr(bridge, "_thread", None) is not threading.current_thread():
            closer.join(30)

    def cleanup(self) -> None:
        self._close_bridge()
        if self.actions is not None:
            self.actions.bridge = None
        super().cleanup()


def _close_at_exit(ref: weakref.ReferenceType) -> None:
    env = ref()
    if env is not None:
        env._close_bridge()


def tool_specs(entries: list[ToolEntry], specs_dir: str = "") -> tuple[list[str], Path]:
    """Tool names and the specs folder to provision them from: toolprov's own specs when no entry changes a spec,
    else a generated folder (cached by content) holding the specs with the entries' fields applied."""
    from provisioner.spec import DEFAULT_SPECS_DIR, load_spec

    base = Path(specs_dir) if specs_dir else DEFAULT_SPECS_DIR
    names = [e.name for e in entries]
    if not any(e.changes_spec for e in entries):
        return names, base
    specs: dict[str, dict] = {}
    for e in entries:
        if e.target not in (None, "", f"/tools/{e.name}"):
            raise ValueError(f"environment.tools[{e.name}].target: toolprov copies sources to /tools/{e.name}")
        path = base / f"{e.name}.yaml"
        if path.is_file():
            spec = load_spec(path).model_dump(mode="json", exclude={"spec_path"})
        elif e.source:
            executable = e.command or e.name
            spec = {
                "tool_name": e.name, "version": None, "py_standalone": "3.9", "installation": "pip",
                "executable": executable, "check": f"command -v {executable}", "usage": "",
            }  # fmt: skip
        else:
            raise ValueError(f"environment.tools[{e.name}]: no spec {path} and no source to install it from")
        if spec.get("source"):
            spec["source"] = str((path.parent / spec["source"]).resolve())
        if e.source:
            spec["source"] = str(Path(e.source).expanduser().resolve())
        if e.installation_script is not None:
            spec["setup_script"] = e.installation_script
        if e.command:
            spec["executable"] = e.command
        specs[e.name] = spec
    digest = hashlib.sha256(json.dumps(specs, sort_keys=True).encode()).hexdigest()[:16]
    folder = Path(tempfile.gettempdir()) / "llm-ide-specs" / digest
    folder.mkdir(parents=True, exist_ok=True)
    for name, spec in specs.items():
        (folder / f"{name}.yaml").write_text(yaml.safe_dump(spec, sort_keys=False))
    return names, folder
