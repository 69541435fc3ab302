"""Build one layer atomically: run the recipe in a build container, verify with the tool's check, then commit
and tag. On any failure or Ctrl-C the container is removed and nothing is tagged."""

import contextlib
import functools
import io
import json
import os
import re
import tarfile
import time
from collections import deque
from collections.abc import Callable
from pathlib import Path

import docker.errors
import requests
from docker.models.containers import Container
from docker.models.images import Image

from provisioner.containers import KIND_LABEL, OWNER_LABEL, LockLost, check_cancelled, owned_container
from provisioner.engine import client
from provisioner.errors import StepError, ToolprovError, one_line
from provisioner.recipe import Layer

KEEPALIVE = ["sh", "-c", "while :; do sleep 3600; done"]
STEP_MARK = "==> toolprov step: "
PROXY_VARS = ("HTTP_PROXY", "HTTPS_PROXY", "NO_PROXY", "http_proxy", "https_proxy", "no_proxy")
PIP_VARS = ("PIP_TRUSTED_HOST", "PIP_RETRIES", "PIP_TIMEOUT", "PIP_DEFAULT_TIMEOUT")
Report = Callable[[str], None]


def build_env(layer: Layer) -> tuple[dict[str, str], Path | None]:
    """Build-time only settings for the env/pip phase (never the setup script's, never part of a layer): proxies,
    an http(s) index, pip's network settings, and the host's CA bundle."""
    if not layer.needs_network:
        return {}, None
    env = {k: v for k in (*PROXY_VARS, *PIP_VARS) if (v := os.environ.get(k))}
    if layer.env_kind == "conda":
        env["CONDA_PLUGINS_AUTO_ACCEPT_TOS"] = "yes"  # recent conda asks for the channels' terms interactively
    for k in ("PIP_INDEX_URL", "PIP_EXTRA_INDEX_URL"):
        urls = [u for u in os.environ.get(k, "").split() if u.startswith(("http://", "https://"))]
        if urls:
            env[k] = " ".join(urls)
    ca = next(
        (Path(p) for k in ("PIP_CERT", "REQUESTS_CA_BUNDLE", "SSL_CERT_FILE") if (p := os.environ.get(k))),
        Path("/etc/ssl/certs/ca-certificates.crt"),
    )
    if not ca.is_file():
        return env, None
    ca_in = "/tmp/toolprov/ca.pem"
    env |= {"PIP_CERT": ca_in, "REQUESTS_CA_BUNDLE": ca_in, "SSL_CERT_FILE": ca_in, "CONDA_SSL_VERIFY": ca_in}
    return env, ca


def redactor(env: dict[str, str]) -> Callable[[str], str]:
    """Hide the passwords of credential URLs (index, proxy) in output we show the user."""
    found = (m.group(1) for v in env.values() for m in re.finditer(r"://[^:/@\s]+:([^@/\s]+)@", v))
    secrets = {s for s in found if len(s) >= 4}  # a shorter one would blank out ordinary text
    return lambda line: functools.reduce(lambda text, secret: text.replace(secret, "****"), secrets, line)


def exec_stream(container: Container, cmd: list[str], env: dict[str, str], on_line: Callable[[str], None]) -> int:
    api = client().api
    try:
        exec_id = api.exec_create(container.id, cmd, user="root", environment=env, workdir="/")["Id"]
        pending = ""
        for chunk in api.exec_start(exec_id, stream=True):
            pending += chunk.decode(errors="replace")
            *lines, pending = pending.split("\n")
            for line in lines:
                on_line(line)
        if pending:
            on_line(pending)
        return int(api.exec_inspect(exec_id)["ExitCode"])
    except (docker.errors.APIError, requests.exceptions.RequestException) as e:
        check_cancelled()  # the container was removed under us because this process is being interrupted
        raise ToolprovError(f"container {container.name}: {one_line(e)}") from None


def build_layer(layer: Layer, report: Report, fence: Callable[[], None] = lambda: None) -> Image:
    """Build `layer` in a build container, commit it and tag it; `fence` raises LockLost when this process may no
    longer tag (its engine lock was taken over): it runs after the (untagged) commit, right before the tag and again
    after it (see _tag_fenced); on a lost lock the container and the commit go and the name is not this build's."""
    parent = client().images.get(layer.parent)
    env, ca = build_env(layer)
    has_entrypoint = bool(parent.attrs["Config"].get("Entrypoint"))
    with owned_container(
        "build", f"{layer.tool_name}-{layer.key[:12]}", layer.parent,
        **({"entrypoint": KEEPALIVE} if has_entrypoint else {"command": KEEPALIVE}),
        network_mode="host" if layer.needs_network else "none",
        stop_signal="SIGKILL",  # an engine that shuts down stops it at once (its keep-alive loop ignores SIGTERM)
    ) as container:  # fmt: skip
        container.start()
        report("copy files")
        container.put_archive("/", layer.tar(ca))
        step, tail, redact = "start", deque[str](maxlen=15), redactor(env)

        def on_line(line: str) -> None:
            nonlocal step
            if line.startswith(STEP_MARK):
                step = line[len(STEP_MARK) :].strip()
                report(step)
            else:
                tail.append(redact(line))

        # credentials reach the env/pip phase only; the spec's setup script runs in a second exec without them
        for phase, phase_env in (("env", env), ("finish", {})):
            if code := exec_stream(container, ["sh", "/tmp/toolprov/install.sh", phase], phase_env, on_line):
                check_cancelled()
                raise StepError(layer.tool_name, step, code, "\n".join(tail))
        report("check")
        tail.clear()
        if code := exec_stream(container, ["sh", "-c", layer.spec.check], {}, tail.append):
            check_cancelled()
            raise StepError(layer.tool_name, f"check: {layer.spec.check}", code, "\n".join(tail))
        leftover = container.exec_run(["sh", "-c", "test ! -e /tmp/toolprov"], user="root")
        if leftover.exit_code:
            raise ToolprovError(f"{layer.tool_name}: /tmp/toolprov is still in the container; refusing to commit")
        check_cancelled()
        report("commit")
        image = _commit(container, layer, parent)  # untagged: no other process takes it for the key's image yet
    return _tag_fenced(image, layer, fence)


def _tag_fenced(image: Image, layer: Layer, fence: Callable[[], None]) -> Image:
    """Name a committed layer image, fenced by its engine lock. The commit is untagged (find_by_key takes tagged
    images only), so only this one call, the tag, happens after the check. A holder that stood still between the check
    and the tag (or any time before it) is caught by a second check after it: it gives the name back to the new
    holder's image (if that one exists by then) and removes its own, so the name ends on one image of the key."""
    repo, tag = layer.tag().rsplit(":", 1)
    try:
        check_cancelled()
        fence()
        image.tag(repo, tag)
    except BaseException:
        _drop(image.id)  # lost the lock, interrupted, or the engine failed: nothing of this build is left
        raise
    try:
        fence()
    except LockLost:
        _give_back(image, layer)
        raise
    image.reload()  # its tags
    return image


def _drop(image_id: str | None) -> None:
    if image_id:
        with contextlib.suppress(docker.errors.APIError, requests.exceptions.RequestException):
            client().images.remove(image_id, force=False, noprune=False)


def _give_back(image: Image, layer: Layer) -> None:
    """This process tagged its image after its lock was taken over: the new holder's image of the key (its commit,
    tagged or not yet) gets the name again and this one goes. If the new holder has not committed yet, this one goes
    (with its name: removed by id, so a name that already moved on is not touched) and the new holder's tag names its
    own. Only a reader that took the name in the instant it was this image's holds this image: a whole, working image
    of the key, left untagged if a container of it runs."""
    images = client().images.list(filters={"label": f"toolprov.key={layer.key}"})
    others = sorted((i for i in images if i.id != image.id), key=lambda i: str(i.attrs.get("Created", "")))
    if others:
        repo, tag = layer.tag().rsplit(":", 1)
        others[-1].tag(repo, tag)  # the newest: the holder that took the lock over
    _drop(image.id)


def _installed_packages(container: Container, layer: Layer) -> dict[str, str]:
    res = container.exec_run(["cat", f"/tools/.{layer.tool_name}.freeze"], user="root")
    output = res.output if isinstance(res.output, bytes) else b"".join(res.output)
    lines = output.decode(errors="replace").splitlines() if res.exit_code == 0 else []
    pkgs = dict(ln.split("==", 1) for ln in lines if "==" in ln)
    return pkgs or layer.wheelhouse.versions()


def _commit(container: Container, layer: Layer, parent: Image) -> Image:
    manifest = layer.manifest(_installed_packages(container, layer))
    data = json.dumps(manifest, indent=1, sort_keys=True).encode()
    buf = io.BytesIO()
    with tarfile.open(fileobj=buf, mode="w") as tar:
        info = tarfile.TarInfo("tools/manifest.json")
        info.size, info.mode, info.mtime = len(data), 0o644, int(time.time())
        tar.addfile(info, io.BytesIO(data))
    container.put_archive("/", buf.getvalue())
    cfg = parent.attrs["Config"]
    # a commit keeps the build container's labels: the owner's (host, machine and boot ids, pid) and kind are emptied,
    # so no image (nor any container of it, nor a push) carries this machine's identity
    labels = {OWNER_LABEL: "", KIND_LABEL: "", **layer.labels(manifest)}
    conf = {"Labels": labels, "Entrypoint": cfg.get("Entrypoint")}
    # the commit fills an empty Cmd from the build container (our keep-alive loop): always give one
    conf["Cmd"] = cfg.get("Cmd") or ([] if cfg.get("Entrypoint") else ["/bin/sh"])
    return container.commit(conf=conf, message=f"toolprov: {layer.tool_name}")  # untagged: _tag_fenced names it
