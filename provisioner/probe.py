"""What an image offers a tool: its Python interpreters, conda, platform. Probed once per image id, then cached."""

import json
import os
from dataclasses import asdict, dataclass, field
from pathlib import Path

import docker.errors
import requests

from provisioner.containers import check_cancelled, owned_container
from provisioner.engine import cache_dir
from provisioner.errors import ToolprovError, one_line

PROBE_SCRIPT = Path(__file__).parent / "templates" / "probe.sh"


@dataclass(frozen=True)
class Interpreter:
    path: str
    version: tuple[int, int, int]
    venv: bool
    default: bool

    @property
    def minor(self) -> tuple[int, int]:
        return self.version[0], self.version[1]


@dataclass(frozen=True)
class ImageFacts:
    image_id: str
    machine: str
    glibc: tuple[int, int] | None
    interpreters: list[Interpreter] = field(default_factory=list)
    conda: str | None = None

    def choose_python(self, wanted: tuple[int, int] | None) -> Interpreter | None:
        """The interpreter a tool's venv is made from: the wanted X.Y, else the closest newer one; the image's
        default python3 when nothing is wanted."""
        usable = [i for i in self.interpreters if i.venv or wanted is None]
        if wanted is None:
            return next((i for i in usable if i.default), usable[0] if usable else None)
        newer = sorted((i for i in usable if i.minor >= wanted), key=lambda i: (i.minor, not i.default))
        return newer[0] if newer else None


def _parse(image_id: str, out: str) -> ImageFacts:
    seen: dict[str, Interpreter] = {}
    conda, machine, glibc = None, "", None
    for line in out.splitlines():
        if not line.startswith("{"):
            continue
        rec = json.loads(line)
        if rec["kind"] == "conda":
            conda = rec["path"]
        elif rec["kind"] == "end":
            machine = machine or rec["machine"]
        elif not rec["in_env"]:
            machine = rec["machine"]
            if rec["libc"][0] == "glibc" and rec["libc"][1]:
                glibc = tuple(int(x) for x in rec["libc"][1].split(".")[:2])
            interp = Interpreter(rec["path"], tuple(rec["version"]), rec["venv"], rec["default"])
            prior = seen.get(rec["real"])
            if prior is None or (interp.default and not prior.default):
                seen[rec["real"]] = interp
    return ImageFacts(image_id, machine, glibc, sorted(seen.values(), key=lambda i: not i.default), conda)  # type: ignore[arg-type]


def probe(image_id: str, ref: str | None = None) -> ImageFacts:
    path = cache_dir() / "probes" / f"{image_id.replace('sha256:', '')}.json"
    if cached := _load(path):
        return cached
    out = _run_probe(image_id, ref or image_id[:19])
    facts = _parse(image_id, out)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.{os.getpid()}")
    tmp.write_text(json.dumps(asdict(facts)))
    tmp.replace(path)  # atomic: a process killed mid-write leaves no half a file behind
    return facts


def _load(path: Path) -> ImageFacts | None:
    """A cached probe, or None when there is none or it is unreadable (then the image is probed again)."""
    try:
        data = json.loads(path.read_text())
        data["interpreters"] = [Interpreter(**{**i, "version": tuple(i["version"])}) for i in data["interpreters"]]
        data["glibc"] = tuple(data["glibc"]) if data["glibc"] else None
        return ImageFacts(**data)
    except (OSError, ValueError, TypeError, KeyError):
        return None


def _run_probe(image_id: str, name: str) -> str:
    """Run probe.sh in a throw-away container (removed however this ends: an image without a shell included)."""
    with owned_container(
        "probe", image_id.removeprefix("sha256:")[:12], image_id, command=[PROBE_SCRIPT.read_text()],
        entrypoint=["sh", "-c"], user="root", network_mode="none",
    ) as c:  # fmt: skip
        try:
            c.start()
            code = c.wait(timeout=300)["StatusCode"]
            out = c.logs(stdout=True, stderr=False).decode(errors="replace")
        except (docker.errors.APIError, requests.exceptions.RequestException) as e:
            check_cancelled()
            raise ToolprovError(f"cannot probe image {name}: it cannot run /bin/sh ({one_line(e, 200)})") from None
    if code or '"kind": "end"' not in out:
        raise ToolprovError(f"cannot probe image {name}: its /bin/sh failed (exit {code}) running probe.sh")
    return out
