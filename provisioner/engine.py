"""The Docker engine connection, with one clear error when nothing answers."""

from functools import cache
from pathlib import Path

import docker
import docker.errors
from docker.models.images import Image

from provisioner.errors import ToolprovError

ENGINE_HINT = "no Docker engine answers; start one with `bash scripts/engine.sh` (installs and starts dockerd)"


@cache
def client() -> docker.DockerClient:
    try:
        c = docker.from_env(timeout=900)
        c.ping()
    except docker.errors.DockerException as e:
        raise ToolprovError(f"{ENGINE_HINT} ({str(e).splitlines()[0][:160]})") from None
    return c


def get_image(ref: str) -> Image:
    try:
        return client().images.get(ref)
    except docker.errors.ImageNotFound:
        raise ToolprovError(f"image {ref!r} not found locally (no registry is used; build or pull it first)") from None
    except docker.errors.APIError as e:
        raise ToolprovError(f"image {ref!r}: {e.explanation or e}") from None


def cache_dir() -> Path:
    import os

    path = Path(os.environ.get("TOOLPROV_CACHE") or Path.home() / ".cache" / "toolprov")
    path.mkdir(parents=True, exist_ok=True)
    return path
