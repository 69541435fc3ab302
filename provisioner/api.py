"""The public interface of toolprov, used by the CLI, the tests and the agent environment."""

import contextlib
import functools
import json
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path

import docker.errors
from docker.models.images import Image

from provisioner.builder import build_layer, exec_stream
from provisioner.engine import client, get_image, image_id
from provisioner.errors import ToolprovError, UsageError
from provisioner.probe import probe
from provisioner.recipe import BuildOptions, EnvBackend, Layer, plan_layer
from provisioner.refs import check_image, check_tag
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
    pulled: list[str] = field(default_factory=list)  # tools whose layer came from the registry
    pushed: list[str] = field(default_factory=list)  # registry references pushed by this run
    remote: str | None = None  # the final image's name in the registry (with --push)
    notes: list[str] = field(default_factory=list)  # e.g. a registry tag that did not carry its key

    @property
    def cached(self) -> bool:
        return not self.built and not self.pulled

    @property
    def status(self) -> str:
        return "built" if self.built else "pulled" if self.pulled else "cached"

    def to_dict(self) -> dict:
        return asdict(self) | {"cached": self.cached, "status": self.status}


def find_by_key(key: str, prefer: str | None = None) -> Image | None:
    """The image carrying `key` (an exported Dockerfile's build may carry it too: prefer our own tag). Untagged images
    do not count: a build's commit is untagged until its engine lock's fence passed (builder._tag_fenced)."""
    images = [i for i in client().images.list(filters={"label": f"toolprov.key={key}"}) if i.tags]
    return next((i for i in images if prefer in i.tags), images[0]) if images else None


def manifest_of(image: Image) -> dict | None:
    raw = (image.labels or {}).get("toolprov.manifest")
    return json.loads(raw) if raw else None


def plan_install(
    tools: list[str], image: str, options: BuildOptions = BuildOptions(), specs_dir: Path = DEFAULT_SPECS_DIR
) -> list[Layer]:
    """The layers that provision `tools` onto `image`, each keyed by everything below it."""
    specs = load_specs(tools, specs_dir)
    base = get_image(image)
    facts = probe(image_id(base), image)
    parent, parent_tools, base_ref, base_id = image_id(base), [], image, image_id(base)
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
    registry: str | None = None, push: str | None = None,
) -> InstallResult:  # fmt: skip
    """Provision `tools` onto `image`; a no-op when an image with the same key exists. With `registry` (a
    HOST[:PORT][/PATH] repository), a layer the engine lacks is pulled from there when the registry has it (verified
    by its labels), and built only on a miss; with `push`, every layer of the result is pushed there (and looked up
    there first, so a resumed batch skips what is already pushed)."""
    from provisioner import registry as reg
    from provisioner.containers import LockLost, engine_lock

    start = time.monotonic()
    check_image(image)
    extra_tag = check_tag(tag) if tag is not None else None  # before any build: a bad name must not cost a build
    if extra_tag is not None and "@" not in image and not image.startswith("sha256:") and extra_tag == check_tag(image):
        raise UsageError(f"--tag {tag!r} is the base image's own name: the base would lose it; choose another name")
    push_to = reg.check_repo(push) if push else None
    # the registry first, then the push target (README: --push also looks its REPO up, also beside --registry)
    lookups = list(dict.fromkeys(r for r in (reg.check_repo(registry) if registry else None, push_to) if r))
    report = progress or (lambda tool, step: None)
    layers = plan_install(tools, image, BuildOptions(network, env_backend, refresh), specs_dir)
    built: list[str] = []
    pulled: list[str] = []
    notes: list[str] = []
    images: dict[str, Image] = {}  # key -> the layer's image on this engine

    def available(layer: Layer) -> Image | None:
        found = find_by_key(layer.key, layer.tag())
        for repo in lookups if found is None else []:
            hit = reg.pull(repo, layer, functools.partial(report, layer.tool_name))
            if hit.note and hit.note not in notes:
                notes.append(hit.note)
                report(layer.tool_name, hit.note)
            if hit.image is not None:
                pulled.append(layer.tool_name)
                return hit.image
        return found

    # the highest layer this engine or the registry already has: everything below it is inside it
    first = 0
    for i in reversed(range(len(layers))):
        if (found := available(layers[i])) is not None:
            images[layers[i].key], first = found, i + 1
            break
    current = images[layers[first - 1].key] if first else None
    parent_id, parent_tools = layers[0].parent, layers[0].parent_tools
    if current is not None:
        parent_id, parent_tools = image_id(current), (manifest_of(current) or {}).get("tools", [])
    for layer in layers[:first]:
        report(layer.tool_name, "pulled" if layer.tool_name in pulled else "cached")
    for layer in layers[first:]:
        # keys were computed over the chain of keys; build on the real parent and its real manifest
        layer.parent, layer.parent_tools = parent_id, parent_tools
        current = find_by_key(layer.key, layer.tag())
        for attempt in range(3):
            if current is not None:
                break
            # one process per key on this engine, whichever machine it runs on (the engine is the shared part)
            try:
                with engine_lock(layer.key, parent_id, functools.partial(report, layer.tool_name)) as lock:
                    current = available(layer)  # another process may have built or pushed it meanwhile
                    if current is None:
                        report(layer.tool_name, "build")
                        current = build_layer(layer, functools.partial(report, layer.tool_name), fence=lock.check)
                        built.append(layer.tool_name)
            except LockLost as e:  # taken over while this process stood still: wait for the new holder's image
                if attempt == 2:
                    raise
                notes.append(f"{layer.tool_name}: {e}; using the image of the process that took the lock over")
                report(layer.tool_name, notes[-1])
        assert current is not None  # found, pulled or built above (a lost lock three times over raised)
        images[layer.key] = current
        report(layer.tool_name, "done" if layer.tool_name in built else "pulled" if layer.tool_name in pulled
               else "cached")  # fmt: skip
        parent_id, parent_tools = image_id(current), (manifest_of(current) or {}).get("tools", [])
    assert current is not None
    final = layers[-1]
    for repo, t in (check_tag(final.tag()), extra_tag or ("", "")):  # an image found by its key may lack our tag
        if repo and f"{repo}:{t}" not in current.tags:
            current.tag(repo, t)
    pushed: list[str] = []
    remote = None
    if push_to:
        for layer in layers:  # every layer this engine has, lowest first: a later stack on the same base reuses them
            if (img := images.get(layer.key) or find_by_key(layer.key, layer.tag())) is None:
                continue  # below a layer pulled or found whole: this engine never had it as an image
            ref = ":".join(reg.remote_ref(push_to, layer))
            if reg.push(push_to, layer, img, functools.partial(report, layer.tool_name)):
                pushed.append(ref)
        remote = ":".join(reg.remote_ref(push_to, final))
    name = f"{extra_tag[0]}:{extra_tag[1]}" if extra_tag else final.tag()
    return InstallResult(
        image, name, image_id(current), final.key, final.tools, built, time.monotonic() - start, pulled, pushed,
        remote, notes,
    )  # fmt: skip


@dataclass
class ProvisionedImage:
    tags: list[str]
    id: str
    base: str
    tools: list[str]
    size_mb: float
    created: str
    manifest: dict

    def to_dict(self) -> dict:
        return asdict(self)


def _describe(image: Image) -> ProvisionedImage:
    manifest = manifest_of(image) or {}
    return ProvisionedImage(
        image.tags, image_id(image), manifest.get("base", ""), [t["name"] for t in manifest.get("tools", [])],
        round(image.attrs.get("Size", 0) / 1e6, 1), image.attrs.get("Created", "")[:19], manifest,
    )  # fmt: skip


def list_provisioned(base: str | None = None) -> list[ProvisionedImage]:
    """The provisioned images (of `base`: provisioned from that name, or from the image it names, by any name or id)."""
    if not base:
        found = client().images.list(filters={"label": ["toolprov.key"]})
    else:
        queries = [f"toolprov.base={base}"]
        with contextlib.suppress(docker.errors.ImageNotFound, docker.errors.APIError):  # else: only its name to match
            queries.append(f"toolprov.base_id={image_id(client().images.get(base))}")
        found = list({i.id: i for q in queries for i in client().images.list(filters={"label": ["toolprov.key", q]})}
                     .values())  # fmt: skip
    images = [_describe(i) for i in found]
    return sorted(images, key=lambda i: (i.base, len(i.tools), i.created))


def show(image: str) -> ProvisionedImage:
    img = get_image(image)
    if not manifest_of(img):
        raise ToolprovError(f"{image} was not provisioned by toolprov (no toolprov.manifest label)")
    return _describe(img)


@dataclass
class CheckResult:
    tool: str
    check: str
    ok: bool
    exit_code: int
    output: str


def verify(image: str) -> list[CheckResult]:
    """Re-run every tool's check in a fresh container of `image` (no network)."""
    info = show(image)
    container = client().containers.create(
        info.id, entrypoint=["sh", "-c"], command=["while :; do sleep 3600; done"], network_mode="none"
    )
    try:
        container.start()
        results = []
        for tool in info.manifest["tools"]:
            lines: list[str] = []
            code = exec_stream(container, ["sh", "-c", tool["check"]], {}, lines.append)
            results.append(CheckResult(tool["name"], tool["check"], code == 0, code, "\n".join(lines[-10:])))
        return results
    finally:
        container.remove(force=True)


def stale() -> list[ProvisionedImage]:
    """Provisioned images superseded by a newer one for the same base and tool set (e.g. after a spec changed)."""
    newest: dict[tuple[str, tuple[str, ...]], ProvisionedImage] = {}
    old = []
    for img in sorted(list_provisioned(), key=lambda i: i.created, reverse=True):
        group = (img.manifest.get("base_id", ""), tuple(img.tools))
        if group in newest:
            old.append(img)
        else:
            newest[group] = img
    return old


def remove(images: list[str], everything: bool = False, only_stale: bool = False) -> list[str]:
    """Remove provisioned images (never an image toolprov did not make); children before parents."""
    targets = stale() if only_stale else list_provisioned() if everything else [show(i) for i in images]
    removed = []
    for info in sorted(targets, key=lambda i: -len(i.tools)):
        for ref in info.tags or [info.id]:
            try:
                client().images.remove(ref, noprune=False)
                removed.append(ref)
            except docker.errors.ImageNotFound:
                continue
            except docker.errors.APIError as e:  # e.g. a container still uses it
                if only_stale:
                    continue  # a stale image still in use stays until its containers are gone
                raise ToolprovError(f"cannot remove {ref}: {e.explanation or e}") from None
    return removed
