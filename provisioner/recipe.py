"""From a tool spec and an image to a layer recipe: the env, the content key, and the rendered files."""

import hashlib
import io
import json
import re
import shlex
import tarfile
import time
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Literal

from docker.utils import parse_repository_tag

from provisioner import __version__
from provisioner.errors import ToolprovError
from provisioner.probe import ImageFacts
from provisioner.spec import ToolSpec, source_files
from provisioner.wheelhouse import Target, Wheelhouse, resolve

if TYPE_CHECKING:
    import jinja2

FORMAT = 2  # 2: a layer's image no longer carries its build container's owner labels (session 19)
TEMPLATES = Path(__file__).parent / "templates"
ENVS_ROOT = "/opt/toolprov/envs"
WRAPPER_DIR = "/usr/local/bin"
EnvBackend = Literal["auto", "conda", "venv"]


def dockerfile_escape(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"').replace("$", "\\$").replace("\n", "\\n")


@cache
def templates() -> "jinja2.Environment":
    import jinja2  # imported on first render: the cached path never renders

    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(TEMPLATES),
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )
    env.filters["dockerfile_escape"] = dockerfile_escape
    return env


RECIPE_DIGEST = hashlib.sha256(
    b"".join(p.read_bytes() for p in sorted(TEMPLATES.glob("*")) if p.name != "Dockerfile.j2")
).hexdigest()


@dataclass(frozen=True)
class BuildOptions:
    network: bool = False
    env_backend: EnvBackend = "auto"
    refresh: bool = False


@dataclass
class Layer:
    """One tool's layer on top of `parent` (an image id)."""

    spec: ToolSpec
    base_ref: str
    base_id: str
    parent: str
    env_kind: Literal["conda", "venv", "system"]
    env_dir: str
    python: str
    python_version: tuple[int, int]
    base_python: str | None
    conda: str | None
    wheelhouse: Wheelhouse
    options: BuildOptions
    parent_tools: list[dict] = field(default_factory=list)
    key: str = ""

    def __post_init__(self) -> None:
        self.key = hashlib.sha256(
            json.dumps(
                {
                    "format": FORMAT, "parent": self.parent, "spec": self.spec.canonical(),
                    "source": self.spec.source_digest(), "wheels": self.wheelhouse.files, "env": self.env_kind,
                    "env_dir": self.env_dir, "python": self.python, "base_python": self.base_python,
                    "network": self.options.network, "recipe": RECIPE_DIGEST,
                },
                sort_keys=True,
            ).encode()
        ).hexdigest()  # fmt: skip

    @property
    def tool_name(self) -> str:
        return self.spec.tool_name

    @property
    def tool_dir(self) -> str:
        return f"/tools/{self.tool_name}"

    @property
    def bin_dir(self) -> str:
        return str(Path(self.python).parent)

    @property
    def needs_network(self) -> bool:
        return self.options.network or self.env_kind == "conda"

    @property
    def tools(self) -> list[str]:
        return sorted({*(t["name"] for t in self.parent_tools), self.tool_name})

    def tag(self) -> str:
        name, _, digest = self.base_ref.partition("@")
        repo, tag = parse_repository_tag(name)
        ident = self.base_ref.removeprefix("sha256:")  # an image id, bare or not, full or short, names no repository
        if self.base_ref.startswith("sha256:") or (
            re.fullmatch(r"[0-9a-f]+", ident) and self.base_id.removeprefix("sha256:").startswith(ident)
        ):
            repo, tag = "toolprov-derived", ident[:12]
        tag = tag or digest.rpartition(":")[2][:12] or "latest"
        return f"{repo}:{tag[:111]}-tp-{self.key[:12]}"  # a tag has at most 128 characters

    def tool_version(self) -> str:
        if self.spec.version:
            return self.spec.version
        project = self.spec.pyproject().get("project", {})
        return str(project.get("version", "source"))

    def manifest_entry(self, packages: dict[str, str] | None = None) -> dict:
        s = self.spec
        return {
            "name": s.tool_name, "version": self.tool_version(), "executable": s.executable,
            "wrapper": f"{WRAPPER_DIR}/{s.executable}", "env": self.env_dir, "env_kind": self.env_kind,
            "python": ".".join(map(str, self.python_version)), "source": self.tool_dir if s.source else None,
            "check": s.check, "usage": s.usage, "description": s.description, "key": self.key,
            "packages": packages if packages is not None else self.wheelhouse.versions(),
        }  # fmt: skip

    def manifest(self, packages: dict[str, str] | None = None) -> dict:
        tools = [t for t in self.parent_tools if t["name"] != self.tool_name] + [self.manifest_entry(packages)]
        return {
            "format": FORMAT, "toolprov": __version__, "base": self.base_ref, "base_id": self.base_id,
            "key": self.key, "tools": sorted(tools, key=lambda t: t["name"]),
        }  # fmt: skip

    def labels(self, manifest: dict) -> dict[str, str]:
        return {
            "toolprov.key": self.key, "toolprov.base": self.base_ref, "toolprov.base_id": self.base_id,
            "toolprov.tools": ",".join(self.tools), "toolprov.version": __version__,
            "toolprov.manifest": json.dumps(manifest, separators=(",", ":"), sort_keys=True),
        }  # fmt: skip

    def render_install(self) -> str:
        offline = not self.options.network
        return templates().get_template("install.sh.j2").render(
            toolprov_version=__version__, tool_name=self.tool_name, env_dir=self.env_dir, key=self.key,
            env_kind=self.env_kind, conda=self.conda, base_python=self.base_python, python=self.python,
            python_version=".".join(map(str, self.python_version)), python_tuple=self.python_version,
            pip_wheel=self.wheelhouse.wheel_for("pip"),
            pip_target=self.spec.pip_target(), source=self.spec.source is not None, tool_dir=self.tool_dir,
            offline=offline, has_setup=bool(self.spec.setup_script),
            wrapper_path=f"{WRAPPER_DIR}/{self.spec.executable}",
        )  # fmt: skip

    def render_wrapper(self) -> str:
        argv = shlex.split(self.spec.command)
        exe = argv[0] if argv[0].startswith("/") else f"{self.bin_dir}/{argv[0]}"
        return (
            templates()
            .get_template("wrapper.sh.j2")
            .render(
                tool_name=self.tool_name,
                version=self.tool_version(),
                env_dir=self.env_dir,
                argv=shlex.join([exe, *argv[1:]]),
            )
        )

    def render_setup(self) -> str:
        return self.spec.render_setup(
            tool_dir=self.tool_dir, env_dir=self.env_dir, bin_dir=self.bin_dir, python=self.python
        )

    def context_files(self, ca_file: Path | None = None) -> dict[str, bytes | Path]:
        """The files the install script expects in its directory ($TP), by relative path."""
        files: dict[str, bytes | Path] = {
            "install.sh": self.render_install().encode(),
            "setup.sh": self.render_setup().encode(),
            "wrapper": self.render_wrapper().encode(),
            "manifest.json": json.dumps(self.manifest(), indent=1, sort_keys=True).encode(),
        }
        files.update({f"wheels/{f}": self.wheelhouse.path / f for f in self.wheelhouse.files})
        if ca_file:
            files["ca.pem"] = ca_file
        return files

    def source_files(self) -> dict[str, Path]:
        src = self.spec.source
        return {p.relative_to(src).as_posix(): p for p in source_files(src)} if src else {}

    def tar(self, ca_file: Path | None = None) -> bytes:
        """One archive for put_archive at '/': /tmp/toolprov/* and the tool's source at /tools/<tool_name>."""
        buf = io.BytesIO()
        with tarfile.open(fileobj=buf, mode="w") as tar:
            for d in [
                "tmp/toolprov",
                "tmp/toolprov/wheels",
                "tools",
                *([self.tool_dir[1:]] if self.spec.source else []),
            ]:
                info = tarfile.TarInfo(d)
                info.type, info.mode = tarfile.DIRTYPE, 0o755
                tar.addfile(info)
            for rel, content in self.context_files(ca_file).items():
                _add(tar, f"tmp/toolprov/{rel}", content, 0o755 if rel.endswith(".sh") or rel == "wrapper" else 0o644)
            for rel, path in self.source_files().items():
                _add(tar, f"{self.tool_dir[1:]}/{rel}", path, path.stat().st_mode & 0o777)
        return buf.getvalue()


def _add(tar: tarfile.TarFile, name: str, content: bytes | Path, mode: int) -> None:
    data = content.read_bytes() if isinstance(content, Path) else content
    info = tarfile.TarInfo(name)
    info.size, info.mode, info.mtime = len(data), mode, int(time.time())
    tar.addfile(info, io.BytesIO(data))


def plan_layer(
    spec: ToolSpec, facts: ImageFacts, *, base_ref: str, base_id: str, parent: str, parent_tools: list[dict],
    options: BuildOptions,
) -> Layer:  # fmt: skip
    """Choose the tool's env in this image (conda where present, else a venv, else a clear error)."""
    wanted = spec.py_tuple
    kind: Literal["conda", "venv", "system"]
    version: tuple[int, int] | None
    use_conda = wanted is not None and (
        options.env_backend == "conda" or (options.env_backend == "auto" and facts.conda is not None)
    )
    if use_conda and not facts.conda:
        raise ToolprovError(f"{spec.tool_name}: --env conda, but image {base_ref} has no conda")
    if use_conda and facts.conda:
        root = str(Path(facts.conda).parent.parent)
        env_dir, version, base_python = f"{root}/envs/{spec.tool_name}", wanted, None
        kind = "conda"
    else:
        interp = facts.choose_python(wanted)
        if interp is None:
            found = ", ".join(f"{i.path} {'.'.join(map(str, i.version))}" for i in facts.interpreters) or "none"
            need = f"Python >= {spec.py_standalone} with the venv module" if wanted else "a Python interpreter"
            raise ToolprovError(
                f"{spec.tool_name}: image {base_ref} has no {need} (found: {found}); install one in the image, "
                f"lower py_standalone in {spec.spec_path}, or use an image with conda"
            )
        version, base_python = interp.minor, interp.path
        kind = "venv" if wanted else "system"
        env_dir = f"{ENVS_ROOT}/{spec.tool_name}" if wanted else str(Path(interp.path).parent.parent)
    python = f"{env_dir}/bin/python" if kind != "system" or base_python is None else base_python
    assert version is not None  # conda: the wanted version; venv/system: the interpreter's
    requirements = [] if options.network else spec.requirements()  # with --network only pip comes from the host
    wheels = resolve(requirements, Target(version, facts.machine or "x86_64", facts.glibc), options.refresh)
    return Layer(
        spec,
        base_ref,
        base_id,
        parent,
        kind,
        env_dir,
        python,
        version,
        base_python,
        facts.conda if kind == "conda" else None,
        wheels,
        options,
        parent_tools,
    )
