"""Tool specs (`tool_specs/<name>.yaml`): loaded into a typed model, every error naming the file and the field."""

import hashlib
import json
import re
import sys
from pathlib import Path
from typing import Any, Literal

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator
from pydantic_core import ErrorDetails

from provisioner.errors import SpecError

if sys.version_info >= (3, 11):
    import tomllib
else:  # Python 3.10: the same parser from PyPI
    import tomli as tomllib

DEFAULT_SPECS_DIR = Path(__file__).resolve().parent.parent / "tool_specs"
SETUP_VARIABLES = {"tool_name", "version", "tool_dir", "env_dir", "bin_dir", "python", "executable"}
_NAME = re.compile(r"^[a-z][a-z0-9_-]*$")
_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)  # libyaml: linear on deeply nested input, unlike the pure one
_SKIP_DIRS = {"__pycache__", ".git", ".pytest_cache", ".ruff_cache", ".mypy_cache", "build", "dist"}


class ToolSpec(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    tool_name: str
    version: str | None = None
    package: str | None = Field(None, description="PyPI name when it differs from tool_name")
    source: Path | None = None
    py_standalone: str | None = None
    installation: Literal["pip"] = "pip"
    setup_script: str | None = None
    executable: str
    entrypoint: str | None = Field(
        None, description="command in the tool's env the wrapper execs (default: executable)"
    )
    check: str
    usage: str
    description: str = ""

    spec_path: Path | None = Field(None, exclude=True)

    @field_validator("tool_name", "executable")
    @classmethod
    def _name(cls, v: str) -> str:
        if not _NAME.match(v):
            raise ValueError(f"{v!r} must be lowercase letters, digits, '-' or '_' (a command name)")
        return v

    @field_validator("py_standalone")
    @classmethod
    def _py(cls, v: str | None) -> str | None:
        if v is not None and not re.fullmatch(r"3\.\d{1,2}", v):
            raise ValueError(f"{v!r} must be a Python version like '3.11'")
        return v

    @property
    def pip_name(self) -> str:
        return self.package or self.tool_name

    @property
    def py_tuple(self) -> tuple[int, int] | None:
        return tuple(int(x) for x in self.py_standalone.split(".")) if self.py_standalone else None  # type: ignore[return-value]

    @property
    def command(self) -> str:
        return self.entrypoint or self.executable

    def pip_target(self) -> str:
        return "-e ." if self.source else f"{self.pip_name}=={self.version}"

    def pyproject(self) -> dict[str, Any]:
        """The source tool's pyproject.toml."""
        assert self.source is not None  # a tool without a version has a source (checked when loaded)
        return tomllib.loads((self.source / "pyproject.toml").read_text())

    def source_requirements(self) -> list[str]:
        """Runtime and build requirements of a source tool, read from its pyproject.toml."""
        data = self.pyproject()
        return [*data.get("build-system", {}).get("requires", []), *data.get("project", {}).get("dependencies", [])]

    def requirements(self) -> list[str]:
        return self.source_requirements() if self.source else [f"{self.pip_name}=={self.version}"]

    def source_digest(self) -> str:
        """Hash of the source tree (paths, modes, contents); empty without a source."""
        if not self.source:
            return ""
        h = hashlib.sha256()
        for path in source_files(self.source):
            rel = path.relative_to(self.source).as_posix()
            executable = bool(path.stat().st_mode & 0o111)  # a wheel keeps only whether a file is executable
            h.update(f"{rel}\0{executable:d}\0".encode() + path.read_bytes() + b"\0")
        return h.hexdigest()

    def canonical(self) -> str:
        return json.dumps(self.model_dump(mode="json", exclude={"source"}), sort_keys=True)

    def render_setup(self, **context: str) -> str:
        if not self.setup_script:
            return ""
        import jinja2

        return (
            jinja2.Environment(undefined=jinja2.StrictUndefined, keep_trailing_newline=True)
            .from_string(self.setup_script)
            .render(tool_name=self.tool_name, version=self.version or "", executable=self.executable, **context)
        )


def source_files(root: Path) -> list[Path]:
    return sorted(
        p
        for p in root.rglob("*")
        if p.is_file()
        and not any(part in _SKIP_DIRS or part.endswith(".egg-info") for part in p.relative_to(root).parts)
    )


def _field_of(error: ErrorDetails) -> str:
    return ".".join(str(x) for x in error["loc"]) or "(top level)"


def load_spec(path: Path) -> ToolSpec:
    path = Path(path)
    try:
        data = yaml.load(path.read_text(encoding="utf-8"), Loader=_LOADER)
    except FileNotFoundError:
        raise SpecError(path, "(file)", "no such tool spec") from None
    except OSError as e:
        raise SpecError(path, "(file)", f"cannot read: {e.strerror or e}") from None
    except UnicodeDecodeError as e:
        byte = f"0x{e.object[e.start]:02x}"
        raise SpecError(path, "(file)", f"not UTF-8 text (byte {byte} at offset {e.start})") from None
    except RecursionError:
        raise SpecError(path, "(file)", "nested too deeply to be a tool spec") from None
    except yaml.YAMLError as e:
        mark = getattr(e, "context_mark", None) or getattr(e, "problem_mark", None)
        where = f"line {mark.line + 1}" if mark else "(file)"
        raise SpecError(path, where, f"not valid YAML: {getattr(e, 'problem', e)}") from None
    if not isinstance(data, dict):
        raise SpecError(path, "(top level)", "must be a mapping of fields")
    if odd := [k for k in data if not isinstance(k, str)]:
        raise SpecError(path, repr(odd[0]), "field names must be text")
    if "spec_path" in data:
        raise SpecError(path, "spec_path", "unknown field")
    try:
        spec = ToolSpec(**data, spec_path=path)
    except ValidationError as e:
        err = e.errors()[0]
        msg = "unknown field" if err["type"] == "extra_forbidden" else err["msg"]
        if err["type"] == "literal_error" and err["loc"] == ("installation",):
            msg = f"unsupported installation {err['input']!r}: only 'pip' is supported"
        raise SpecError(path, _field_of(err), msg) from None
    return _check_semantics(spec, path)


def _check_semantics(spec: ToolSpec, path: Path) -> ToolSpec:
    if spec.tool_name != path.stem:
        raise SpecError(path, "tool_name", f"{spec.tool_name!r} must match the file name {path.stem!r}")
    updates: dict = {}
    if spec.source is not None:
        source = (path.parent / spec.source).resolve()
        if not source.is_dir():
            raise SpecError(path, "source", f"folder {source} does not exist")
        if not (source / "pyproject.toml").is_file():
            raise SpecError(path, "source", f"{source} has no pyproject.toml to pip-install")
        updates["source"] = source
    elif not spec.version:
        raise SpecError(path, "version", "required when there is no source (pip installs <package>==<version>)")
    if spec.setup_script:
        import jinja2  # only specs with a setup script pay for it (keeps the cached path fast)
        import jinja2.meta

        env = jinja2.Environment()
        try:
            names = jinja2.meta.find_undeclared_variables(env.parse(spec.setup_script))
        except jinja2.TemplateSyntaxError as e:
            raise SpecError(path, "setup_script", f"bad template (line {e.lineno}): {e.message}") from None
        if unknown := names - SETUP_VARIABLES:
            raise SpecError(
                path,
                "setup_script",
                f"unknown template variable(s) {sorted(unknown)}; known: {sorted(SETUP_VARIABLES)}",
            )
    return spec.model_copy(update=updates) if updates else spec


def find_spec(name: str, specs_dir: Path = DEFAULT_SPECS_DIR) -> Path:
    if name.endswith((".yaml", ".yml")) or "/" in name:
        return Path(name)
    path = specs_dir / f"{name}.yaml"
    if not path.is_file():
        known = ", ".join(sorted(p.stem for p in specs_dir.glob("*.yaml"))) or "none"
        raise SpecError(path, "(file)", f"no tool named {name!r} (specs in {specs_dir}: {known})")
    return path


def load_specs(names: list[str], specs_dir: Path = DEFAULT_SPECS_DIR) -> list[ToolSpec]:
    """Load the named tools (or spec paths), sorted by name so the same set always stacks the same way."""
    specs = {s.tool_name: s for s in (load_spec(find_spec(n, specs_dir)) for n in names)}
    return [specs[k] for k in sorted(specs)]


def available_specs(specs_dir: Path = DEFAULT_SPECS_DIR) -> list[Path]:
    return sorted(specs_dir.glob("*.yaml"))
