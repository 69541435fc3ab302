"""The Docker engine connection, with one clear error when nothing answers."""

import os
import threading
from pathlib import Path
from typing import Any

import docker
import docker.errors
from docker.constants import DEFAULT_DOCKER_API_VERSION
from docker.models.images import Image

from provisioner.errors import ToolprovError, one_line

ENGINE_HINT = "no Docker engine answers; start one with `bash scripts/engine.sh` (installs and starts dockerd)"


_local = threading.local()


def engine_address() -> tuple[str | None, Any]:
    """The engine the docker CLI would use: DOCKER_HOST, else the context named by DOCKER_CONTEXT or `docker context
    use` (the SDK's from_env reads DOCKER_HOST only, so toolprov and the agent's docker CLI could talk to two different
    engines); (None, None) for the default local socket. Returns (host URL, TLS config or None)."""
    if os.environ.get("DOCKER_HOST"):
        return os.environ["DOCKER_HOST"], None
    from docker.context import ContextAPI
    from docker.context.config import get_current_context_name

    name = os.environ.get("DOCKER_CONTEXT") or get_current_context_name()
    if not name or name == "default":
        return None, None
    try:
        ctx = ContextAPI.get_context(name)
    except docker.errors.DockerException as e:
        raise ToolprovError(f"docker context {name!r}: {one_line(e, 160)}") from None
    if ctx is None:
        raise ToolprovError(f"docker context {name!r} does not exist (`docker context ls` lists them)")
    return ctx.Host, ctx.TLSConfig


def engine_name() -> str:
    """The engine's address as the user named it (for messages; never credentials: an ssh URL's user stays)."""
    host, _ = engine_address()
    return host or "the local engine"


def _ssh_close_tolerates_a_finished_ssh() -> None:
    """docker-py 7.1's shell-out ssh transport writes to the ssh process's stdin when it closes a connection; after a
    hijacked exec stream ended, that ssh has often exited already, and the write raises BrokenPipeError out of an
    otherwise finished exec_run. A closed pipe is what close() wants anyway: ignore it, still end the process."""
    from docker.transport import sshconn

    if getattr(sshconn.SSHSocket.close, "_toolprov", False):
        return
    original = sshconn.SSHSocket.close

    def close(self: Any) -> None:
        try:
            original(self)
        except (BrokenPipeError, ValueError):  # ValueError: stdin already closed by a concurrent close
            if self.proc is not None and self.proc.poll() is None:
                self.proc.terminate()

    close._toolprov = True  # type: ignore[attr-defined]
    sshconn.SSHSocket.close = close  # type: ignore[method-assign]


def _verify_with_the_engine_ca(api: Any) -> None:
    """An engine on tcp:// with TLS is verified with its own CA (DOCKER_CERT_PATH/ca.pem, or the context's), as the
    docker CLI does: requests would otherwise take REQUESTS_CA_BUNDLE or CURL_CA_BUNDLE from the environment over the
    session's CA and refuse the engine's certificate."""
    ca, merge = api.verify, api.merge_environment_settings

    def merge_keeping_ca(*args: Any, **kwargs: Any) -> dict[str, Any]:
        return {**merge(*args, **kwargs), "verify": ca}

    api.merge_environment_settings = merge_keeping_ca


def client() -> docker.DockerClient:
    """One client per thread (batch provisioning builds images in parallel), on the engine `engine_address` names;
    ssh:// goes through the ssh client like the docker CLI (same keys, agent and ~/.ssh/config)."""
    host, tls = engine_address()
    clients: dict[str | None, docker.DockerClient] = _local.__dict__.setdefault("clients", {})
    if host not in clients:  # keyed by the address: a process may switch DOCKER_HOST between calls
        try:
            if host is None:
                c = docker.from_env(timeout=900)
            else:
                ssh = host.startswith("ssh://")
                if ssh:
                    _ssh_close_tolerates_a_finished_ssh()
                # a fixed API version first: asking the engine for its own happens below, once TLS is set up right
                version = DEFAULT_DOCKER_API_VERSION
                c = (
                    docker.from_env(timeout=900, use_ssh_client=ssh, version=version)
                    if os.environ.get("DOCKER_HOST")
                    else docker.DockerClient(
                        base_url=host, tls=tls or False, timeout=900, use_ssh_client=ssh, version=version
                    )
                )
                api: Any = c.api
                if isinstance(api.verify, str):
                    _verify_with_the_engine_ca(api)
                api._version = api._retrieve_server_version()  # what version=None would have negotiated
            c.ping()
        except docker.errors.DockerException as e:
            why = one_line(e)  # the first line whole up to 300 characters, else cut with an ellipsis
            if host is None:
                raise ToolprovError(f"{ENGINE_HINT} ({why})") from None
            raise ToolprovError(f"no Docker engine answers at {host} ({why})") from None
        clients[host] = c
    return clients[host]


def explain(error: Exception) -> str:
    """One line for an error nothing else explained: an engine's refusal in its own words (e.g. its disk is full), a
    dropped engine connection says which engine, and that the next run resumes (finished layers are kept; nothing
    half-built was tagged)."""
    import requests

    if isinstance(error, docker.errors.APIError):  # the engine answered (an HTTPError, but not a lost connection)
        return (f"the Docker engine at {engine_name()} failed: {one_line(error.explanation or error, 300)}; run again "
                "when that is fixed: finished layers are kept, nothing half-built was tagged")  # fmt: skip
    if isinstance(error, requests.exceptions.RequestException):
        return (f"lost the connection to the Docker engine at {engine_name()} ({one_line(error, 160)}); run again when "
                "it answers: finished layers are kept, nothing half-built was tagged")  # fmt: skip
    return f"{type(error).__name__}: {one_line(error)}"


def get_image(ref: str) -> Image:
    try:
        return client().images.get(ref)
    except docker.errors.ImageNotFound:
        raise ToolprovError(f"image {ref!r} not found locally (on {engine_name()}: pull or build it first)") from None
    except docker.errors.APIError as e:
        raise ToolprovError(f"image {ref!r}: {e.explanation or e}") from None


def image_id(image: Image) -> str:
    if not image.id:
        raise ToolprovError(f"image {image.tags or image} has no id (the engine answered without one)")
    return str(image.id)


def cache_dir() -> Path:
    path = Path(os.environ.get("TOOLPROV_CACHE") or Path.home() / ".cache" / "toolprov")
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as e:  # e.g. TOOLPROV_CACHE names a file
        raise ToolprovError(
            f"cannot use {path} as toolprov's cache folder (TOOLPROV_CACHE): {e.strerror or e}"
        ) from None
    return path
