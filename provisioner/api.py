"""The public interface of toolprov, used by the CLI, the tests and the agent environment."""

import json
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path

from docker.models.images import Image
from filelock import FileLock

from provisioner.builder import build_layer
from provisioner.engine import cache_dir, client, get_image
from provisioner.probe import probe
from provisioner.recipe import BuildOptions, EnvBackend, Layer, plan_layer
from provisioner.spec import DEFAULT_SPECS_DIR, load_specs

Progress = Callable[[str, str], None]  # (tool, step)


@dataclass
class InstallResult:
    base: str
    image: str
    image_id: str
    key: str
    tools: list[str]
    built: list[str] = field(default_factory=list)
    seconds: float = 0.0

    @property
    def cached(self) -> bool:
        return not self.built

    def to_dict(self) -> dict:
        return asdict(self) | {"cached": self.cached}


def find_by_key(key: str) -> Image | None:
    images = client().images.list(filters={"label": f"toolprov.key={key}"})
    return images[0] if images else None


def manifest_of(image: Image) -> dict | None:
    raw = (image.labels or {}).get("toolprov.manifest")
    return json.loads(raw) if raw else None


def plan_install(
    tools: list[str], image: str, options: BuildOptions = BuildOptions(), specs_dir: Path = DEFAULT_SPECS_DIR
) -> list[Layer]:
    """The layers that provision `tools` onto `image`, each keyed by everything below it."""
    specs = load_specs(tools, specs_dir)
    base = get_image(image)
    facts = probe(base.id)
    parent, parent_tools, base_ref, base_id = base.id, [], image, base.id
    if manifest := manifest_of(base):  # stacking onto an image toolprov made
        parent_tools, base_ref, base_id = manifest["tools"], manifest["base"], manifest["base_id"]
    layers = []
    for spec in specs:
        layer = plan_layer(
            spec, facts, base_ref=base_ref, base_id=base_id, parent=parent, parent_tools=parent_tools, options=options
        )
        layers.append(layer)
        parent, parent_tools = f"toolprov-layer:{layer.key}", layer.manifest()["tools"]
    return layers


def install_tools(
    tools: list[str], image: str, *, network: bool = False, env_backend: EnvBackend = "auto", refresh: bool = False,
    tag: str | None = None, specs_dir: Path = DEFAULT_SPECS_DIR, progress: Progress | None = None,
) -> InstallResult:  # fmt: skip
    """Provision `tools` onto `image`; a no-op when an image with the same key exists."""
    start = time.monotonic()
    report = progress or (lambda tool, step: None)
    layers = plan_install(tools, image, BuildOptions(network, env_backend, refresh), specs_dir)
    built: list[str] = []
    (cache_dir() / "locks").mkdir(exist_ok=True)
    current: Image | None = None
    parent_id = get_image(image).id
    for layer in layers:
        layer.parent = parent_id  # the key was computed over the chain of keys; build on the real image
        current = find_by_key(layer.key)
        if current is None:
            with FileLock(cache_dir() / "locks" / f"{layer.key}.lock"):
                current = find_by_key(layer.key)  # another process may have built it meanwhile
                if current is None:
                    report(layer.tool_name, "build")
                    current = build_layer(layer, lambda step, t=layer.tool_name: report(t, step))
                    built.append(layer.tool_name)
        report(layer.tool_name, "cached" if layer.tool_name not in built else "done")
        parent_id = current.id
    assert current is not None
    final = layers[-1]
    if tag:
        repo, _, t = tag.rpartition(":") if ":" in tag.split("/")[-1] else (tag, "", "latest")
        current.tag(repo, t)
    return InstallResult(image, tag or final.tag(), current.id, final.key, final.tools, built, time.monotonic() - start)
