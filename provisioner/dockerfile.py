"""Export the layers `toolprov install` builds as a Dockerfile and its build context, for any BuildKit builder."""

import shlex
import shutil
from pathlib import Path

from provisioner import __version__
from provisioner.engine import get_image
from provisioner.errors import UsageError
from provisioner.recipe import Layer, templates


def check_output(out: Path) -> None:
    """The export goes into a new or empty folder (checked before planning: a bad path must not cost a probe)."""
    if out.exists() and (not out.is_dir() or any(out.iterdir())):
        raise UsageError(f"{out} exists and is not an empty folder; choose a new one")
    made = next((p for p in out.absolute().parents if p.exists()), None)  # the folder `out` would be made in
    if made is not None and not made.is_dir():
        raise UsageError(f"cannot make {out}: {made} is not a folder")


def export(layers: list[Layer], base: str, out: Path) -> Path:
    check_output(out)
    out.mkdir(parents=True, exist_ok=True)
    entries = []
    for i, layer in enumerate(layers, 1):
        ctx = out / f"layer-{i}"
        for rel, content in layer.context_files().items():
            dest = ctx / rel
            dest.parent.mkdir(parents=True, exist_ok=True)
            if isinstance(content, Path):
                shutil.copy2(content, dest)
            else:
                dest.write_bytes(content)
        for rel, path in layer.source_files().items():
            (ctx / "source" / rel).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(path, ctx / "source" / rel)
        entries.append(
            {
                "tool_name": layer.tool_name, "key": layer.key, "tool_dir": layer.tool_dir,
                "has_source": layer.spec.source is not None, "labels": layer.labels(layer.manifest()),
                "check": layer.spec.check,
            }
        )  # fmt: skip
    user = get_image(base).attrs["Config"].get("User") or ""
    (out / "Dockerfile").write_text(
        templates().get_template("Dockerfile.j2").render(
            toolprov_version=__version__, tools=[la.tool_name for la in layers], base=base, layers=entries,
            tag=layers[-1].tag(), context=shlex.quote(str(out)), user=user,
        )
    )  # fmt: skip
    return out / "Dockerfile"
