"""A registry as the shared layer cache, addressed by the content key: any machine derives a layer's name in the
registry from the base image and the key alone (no catalogue), pulls it on a hit (trusted only when its labels carry
the key), and pushes what it built. Auth is the engine's own (docker login, credential helpers): toolprov never
reads, prints or stores credentials.

    REPO/<base repository without its registry host>:<base tag>-tp-<key12>
    e.g. registry.example:5000/swe-tools + swebench/sweb.eval.x86_64.django_1776_django-11099:latest
         → registry.example:5000/swe-tools/swebench/sweb.eval.x86_64.django_1776_django-11099:latest-tp-3f2a9c0d1e4b
"""

import contextlib
import json
import re
from collections.abc import Callable
from dataclasses import dataclass

import docker.errors
import requests
from docker.models.images import Image

from provisioner.engine import client
from provisioner.errors import ToolprovError, UsageError, one_line
from provisioner.recipe import Layer
from provisioner.refs import _COMPONENT, _DOMAIN

_REPO = re.compile(rf"{_DOMAIN}/{_COMPONENT}(?:/{_COMPONENT})*|{_DOMAIN}")
_MISS = re.compile(r"manifest unknown|not found|does not exist|no such|name unknown", re.IGNORECASE)
_UNREACHABLE = re.compile(r"dial tcp|no such host", re.IGNORECASE)  # the engine's DNS/connect error ("no such host")
_AUTH = re.compile(r"unauthorized|denied|authentication required|forbidden|no basic auth credentials", re.IGNORECASE)
Report = Callable[[str], None]
_pushing: set[str] = set()  # registry refs tagged here for a push that has not finished


class RegistryError(ToolprovError):
    """The registry cannot be reached, refuses us, or a push or pull broke off (one line, exit code 1)."""


def check_repo(repo: str) -> str:
    """A registry repository to push to / look in: HOST[:PORT][/PATH] (a registry host is required)."""
    repo = repo.rstrip("/")
    first = repo.split("/", 1)[0]
    if not _REPO.fullmatch(repo) or not ("." in first or ":" in first or first == "localhost"):
        raise UsageError(
            f"invalid registry repository {repo!r} (expected HOST[:PORT][/PATH], e.g. registry.example:5000/swe-tools)"
        )
    return repo


def remote_ref(repo: str, layer: Layer) -> tuple[str, str]:
    """(repository, tag) of `layer` in the registry `repo`: derivable from the base image and the key alone."""
    local_repo, tag = layer.tag().rsplit(":", 1)
    first, _, rest = local_repo.partition("/")
    path = rest if rest and ("." in first or ":" in first or first == "localhost") else local_repo
    name = f"{repo}/{path}"
    if len(name) + len(tag) + 1 > 255:
        raise ToolprovError(f"registry name for {layer.base_ref} is longer than 255 characters: use a shorter REPO")
    return name, tag


def _fail(verb: str, ref: str, error: object) -> RegistryError:
    text = one_line(error, 240)
    if _AUTH.search(text):
        return RegistryError(f"registry refused to {verb} {ref} (authentication: run `docker login` for it): {text}")
    return RegistryError(f"cannot {verb} {ref}: {text}")


def _is_miss(text: str) -> bool:
    """The registry answered that it has no such tag (not: the engine could not reach the registry at all)."""
    return bool(_MISS.search(text)) and not _UNREACHABLE.search(text)


def _explain(error: Exception) -> str:
    return str(getattr(error, "explanation", None) or error)


@dataclass
class Pulled:
    image: Image | None
    note: str = ""  # why a found tag was not used


def pull(repo: str, layer: Layer, report: Report) -> Pulled:
    """The layer's image from the registry, or Pulled(None) on a miss. A tag whose labels do not carry the layer's
    full key is a miss (and its local tag is removed): a name alone is never trusted."""
    name, tag = remote_ref(repo, layer)
    ref = f"{name}:{tag}"
    report(f"looking up {ref}")
    try:
        for event in client().api.pull(name, tag, stream=True, decode=True):
            if "error" in event:
                raise docker.errors.APIError(event["error"])
            if event.get("status", "").startswith(("Downloading", "Extracting")):
                report(f"pulling {ref}")
    except docker.errors.NotFound:
        return Pulled(None)
    except docker.errors.APIError as e:
        if _is_miss(_explain(e)):
            return Pulled(None)
        raise _fail("pull", ref, _explain(e)) from None
    except requests.exceptions.RequestException as e:
        raise _fail("pull", ref, f"the engine connection broke off: {one_line(e)}") from None
    try:
        image = client().images.get(ref)
    except docker.errors.ImageNotFound:
        raise _fail("pull", ref, "the engine reports the pull done but has no such image") from None
    labels = image.labels or {}
    try:
        manifest_key = json.loads(labels.get("toolprov.manifest") or "{}").get("key")
    except ValueError:
        manifest_key = None
    if labels.get("toolprov.key") == layer.key == manifest_key and labels.get("toolprov.base_id") == layer.base_id:
        return Pulled(image)
    client().images.remove(ref, noprune=False)  # nothing keeps a tag we do not trust
    got = f"key {labels['toolprov.key'][:12]}" if labels.get("toolprov.key") else "no toolprov.key label"
    return Pulled(None, f"{ref} carries {got}, not key {layer.key[:12]}: ignored (it will be rebuilt)")


def present(repo: str, layer: Layer, image: Image) -> bool:
    """Whether the registry already holds exactly this image under the layer's name (a resumed push skips it)."""
    name, tag = remote_ref(repo, layer)
    try:
        digest = client().api.inspect_distribution(f"{name}:{tag}")["Descriptor"]["digest"]
    except docker.errors.APIError as e:
        if isinstance(e, docker.errors.NotFound) or _is_miss(_explain(e)):
            return False
        raise _fail("look up", f"{name}:{tag}", _explain(e)) from None
    image.reload()
    return f"{name}@{digest}" in (image.attrs.get("RepoDigests") or [])


def push(repo: str, layer: Layer, image: Image, report: Report) -> bool:
    """Tag `image` with the layer's registry name and push it; False when the registry already has it. The registry
    writes a tag only after all its blobs arrived, so a push that breaks off leaves no tag there; the local registry
    tag is removed again, so nothing claims a push that did not happen."""
    name, tag = remote_ref(repo, layer)
    ref = f"{name}:{tag}"
    if f"{name}:{tag}" in image.tags and present(repo, layer, image):
        return False
    image.tag(name, tag)
    _pushing.add(ref)
    report(f"pushing {ref}")
    retried = False
    try:
        for event in client().api.push(name, tag, stream=True, decode=True):
            if "error" in event:
                raise docker.errors.APIError(event.get("error"))
            if (status := str(event.get("status") or "")).startswith("Retrying in"):  # the upload broke off
                retried = True
                report(f"pushing {ref}: the registry stopped answering, the engine retries ({status.lower()})")
    except (docker.errors.APIError, requests.exceptions.RequestException) as e:
        _untag(ref)
        error = _fail("push", ref, _explain(e))
        if retried:  # the registry went away mid-upload and did not come back within the engine's retries
            error = RegistryError(f"{error} (the upload broke off and the engine's retries failed too; run again "
                                  "when the registry answers: pushed layers are skipped)")  # fmt: skip
        raise error from None
    except BaseException:
        _untag(ref)  # interrupted: the registry has no tag (its manifest goes last), and here none either
        raise
    finally:
        _pushing.discard(ref)
    return True


def untag_unfinished() -> None:
    """On Ctrl-C/SIGTERM: the local registry tags of pushes still under way in a batch's worker threads go too (the
    process exits without unwinding them), so no local tag claims a push that did not happen."""
    for ref in list(_pushing):
        _untag(ref)


def _untag(ref: str) -> None:
    with contextlib.suppress(docker.errors.APIError, requests.exceptions.RequestException):
        client().images.remove(ref, noprune=True)
