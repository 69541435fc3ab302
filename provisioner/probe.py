"""What an image offers a tool: its Python interpreters, conda, platform. Probed once per image id, then cached."""

import json
from dataclasses import asdict, dataclass, field
from pathlib import Path

from provisioner.engine import cache_dir, client
from provisioner.errors import ToolprovError

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


def probe(image_id: str) -> ImageFacts:
    path = cache_dir() / "probes" / f"{image_id.replace('sha256:', '')}.json"
    if path.is_file():
        data = json.loads(path.read_text())
        data["interpreters"] = [Interpreter(**{**i, "version": tuple(i["version"])}) for i in data["interpreters"]]
        data["glibc"] = tuple(data["glibc"]) if data["glibc"] else None
        return ImageFacts(**data)
    try:
        out = client().containers.run(
            image_id, [PROBE_SCRIPT.read_text()], entrypoint=["sh", "-c"], user="root",
            network_mode="none", remove=True, stdout=True, stderr=False,
        ).decode(errors="replace")  # fmt: skip
    except Exception as e:  # the image cannot even run sh: say so in one line
        raise ToolprovError(f"cannot probe image {image_id[:19]}: {str(e).splitlines()[0][:200]}") from None
    facts = _parse(image_id, out)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(asdict(facts)))
    return facts
