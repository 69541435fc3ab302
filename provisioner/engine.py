"""The Docker engine connection, with one clear error when nothing answers."""

import os
import threading
from pathlib import Path

import docker
import docker.errors
from docker.models.images import Image

from provisioner.errors import ToolprovError

ENGINE_HINT = "no Docker engine answers; start one with `bash scripts/engine.sh` (installs and starts dockerd)"


_local = threading.local()


def client() -> docker.DockerClient:
    """One client per thread (batch provisioning builds images in parallel)."""
    if getattr(_local, "client", None) is None:
        try:
            c = docker.from_env(timeout=900)
            c.ping()
        except docker.errors.DockerException as e:
            raise ToolprovError(f"{ENGINE_HINT} ({str(e).splitlines()[0][:160]})") from None
        _local.client = c
    engine: docker.DockerClient = _local.client
    return engine


def get_image(ref: str) -> Image:
    try:
        return client().images.get(ref)
    except docker.errors.ImageNotFound:
        raise ToolprovError(f"image {ref!r} not found locally (no registry is used; build or pull it first)") from None
    except docker.errors.APIError as e:
        raise ToolprovError(f"image {ref!r}: {e.explanation or e}") from None


def image_id(image: Image) -> str:
    if not image.id:
        raise ToolprovError(f"image {image.tags or image} has no id (the engine answered without one)")
    return str(image.id)


def cache_dir() -> Path:
    path = Path(os.environ.get("TOOLPROV_CACHE") or Path.home() / ".cache" / "toolprov")
    path.mkdir(parents=True, exist_ok=True)
    return path
