"""`toolprov install` against the real engine: isolation, caching, atomicity, concurrency, batch, export."""

import json
import os
import signal
import subprocess
import time
import uuid
from pathlib import Path

import pytest

from provisioner import api, containers
from provisioner.errors import StepError
from provisioner.spec import DEFAULT_SPECS_DIR
from tests.conftest import TESTBED, TESTBED_PY39, sh

pytestmark = pytest.mark.docker


def toolprov(*args: str, **kw) -> subprocess.CompletedProcess:
    return subprocess.run(["toolprov", *args], capture_output=True, text=True, timeout=600, **kw)


def build_containers(engine, pid: int | None = None) -> list:
    """Build containers of the toolprov process `pid` (default: this one), and any a finished toolprov process left
    behind (other builds on a shared engine are not ours to judge)."""
    mine = os.getpid() if pid is None else pid
    return [lo for lo in containers.leftovers() if lo.kind == "build" and (lo.pid == mine or lo.state == "dead")]


def images_of(engine, base: str) -> set[str]:
    return {i.id for i in engine.images.list(filters={"label": f"toolprov.base={base}"})}


def test_install_isolated_from_testbed_env(engine, container_of):
    base = container_of(TESTBED)
    res = api.install_tools(["fileedit", "pyflakes"], image=TESTBED)
    c = container_of(res.image)
    assert sh(c, "pip freeze") == sh(base, "pip freeze")  # the repository's env is untouched
    assert sh(c, "which python")[1].strip() == "/opt/testbed-env/bin/python"
    code, out = sh(c, "fileedit view more_itertools/more.py 238 238 && pyflakes --version")
    assert code == 0 and "return iterable[len(iterable)]" in out and "Python 3.11" in out
    wrapper = sh(c, "cat /usr/local/bin/pyflakes")[1]
    assert wrapper.splitlines()[-1] == 'exec /opt/toolprov/envs/pyflakes/bin/pyflakes "$@"'  # no `conda run`
    leftovers = "ls /tmp; find /opt/toolprov /tools /usr/local /root -name '*.whl'; find / -xdev -name ca.pem"
    assert sh(c, leftovers + " 2>/dev/null") == (0, "")  # no wheelhouse, no CA file in the layer
    manifest = json.loads(sh(c, "cat /tools/manifest.json")[1])
    assert [t["name"] for t in manifest["tools"]] == ["fileedit", "pyflakes"]
    assert manifest["tools"][0]["packages"]["fileedit"] == "0.1.0" and manifest["key"] == res.key
    derived, original = engine.images.get(res.image), engine.images.get(TESTBED)
    assert derived.labels["toolprov.tools"] == "fileedit,pyflakes"
    assert json.loads(derived.labels["toolprov.manifest"]) == manifest
    assert derived.labels["toolprov.owner"] == derived.labels["toolprov.container"] == ""  # not the build's owner
    for field in ("Cmd", "Entrypoint", "WorkingDir", "Env", "User"):
        assert derived.attrs["Config"][field] == original.attrs["Config"][field], field


def test_reinstall_is_a_noop_and_order_does_not_matter(engine):
    first = api.install_tools(["pyflakes", "fileedit"], image=TESTBED)
    again = api.install_tools(["fileedit", "pyflakes"], image=TESTBED)
    assert (again.cached, again.image_id, again.key) == (True, first.image_id, first.key)
    cli = toolprov("install", "pyflakes", "fileedit", "-i", TESTBED, "--json")
    assert cli.returncode == 0 and json.loads(cli.stdout)["image_id"] == first.image_id
    single = api.install_tools(["fileedit"], image=TESTBED)  # the first layer of the stack is itself an image
    assert engine.images.get(first.image).history()[1]["Id"] == single.image_id


@pytest.mark.parametrize(
    ("edit", "step"),
    [
        (("setup_script: |\n", "setup_script: |\n  echo about to fail; exit 3\n"), "setup script"),
        (("check: fileedit --version", "check: fileedit --version && false"), "check:"),
    ],
)
def test_failure_leaves_no_container_and_no_tag(engine, specs: Path, edit: tuple[str, str], step: str):
    spec = specs / "fileedit.yaml"
    spec.write_text(spec.read_text().replace(*edit))
    before = images_of(engine, TESTBED)
    with pytest.raises(StepError) as exc:
        api.install_tools(["fileedit"], image=TESTBED, specs_dir=specs)
    assert exc.value.step.startswith(step) and exc.value.tool == "fileedit"
    assert build_containers(engine) == [] and images_of(engine, TESTBED) == before
    cli = toolprov("install", "fileedit", "-i", TESTBED, "--specs", str(specs))
    assert cli.returncode == 1 and f"step '{step}" in cli.stderr and "Traceback" not in cli.stderr
    if step == "setup script":
        assert "about to fail" in cli.stderr  # the tail of the failing step's output


def test_ctrl_c_removes_build_container(engine, specs: Path):
    spec = specs / "fileedit.yaml"
    spec.write_text(spec.read_text().replace("setup_script: |\n", "setup_script: |\n  sleep 30\n"))
    before = images_of(engine, TESTBED)
    proc = subprocess.Popen(
        ["toolprov", "install", "fileedit", "-i", TESTBED, "--specs", str(specs)], stderr=subprocess.PIPE, text=True
    )
    deadline = time.monotonic() + 60
    while not build_containers(engine, proc.pid) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert build_containers(engine, proc.pid), "the build never started"
    time.sleep(1)
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 130 and err.count("\n") == 1 and "interrupted (SIGINT)" in err
    assert build_containers(engine) == [] and images_of(engine, TESTBED) == before


def test_concurrent_installs_of_one_key_make_one_image(engine, specs: Path):
    cmd = ["toolprov", "install", "fileedit", "-i", TESTBED, "--specs", str(specs), "--json"]
    procs = [subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) for _ in range(2)]
    results = [json.loads(p.communicate(timeout=600)[0]) for p in procs]
    assert results[0]["key"] == results[1]["key"] and results[0]["image_id"] == results[1]["image_id"]
    assert sorted(r["cached"] for r in results) == [False, True]
    assert len(engine.images.list(filters={"label": f"toolprov.key={results[0]['key']}"})) == 1


def test_batch_images_file_with_summary(tmp_path: Path):
    (tmp_path / "images.txt").write_text(f"# two task images\n{TESTBED}\n{TESTBED_PY39}\nno-such-image:1\n")
    res = toolprov("install", "pyflakes", "--images-file", str(tmp_path / "images.txt"), "-j", "2", "--json")
    report = json.loads(res.stdout)
    rows = {r["base"]: r for r in report["results"]}
    assert report["summary"]["failed"] == 1 and report["images"] == 3
    assert res.returncode == 1  # one image failed, the others were provisioned
    assert {rows[TESTBED]["status"], rows[TESTBED_PY39]["status"]} <= {"built", "cached"}
    assert rows["no-such-image:1"]["status"] == "failed" and "not found" in rows["no-such-image:1"]["error"]
    table = toolprov("install", "pyflakes", "--images-file", str(tmp_path / "images.txt"))
    assert "2 cached, 0 built, 1 failed".replace("2 cached, 0 built", "0 built, 2 cached") in table.stderr


def test_show_verify_list_remove(engine, specs: Path):
    res = api.install_tools(["fileedit"], image=TESTBED_PY39, specs_dir=specs)
    shown = json.loads(toolprov("show", res.image, "--json").stdout)
    assert (
        shown["manifest"]["tools"][0]["python"] == "3.9"
        and "fileedit replace" in shown["manifest"]["tools"][0]["usage"]
    )
    assert toolprov("verify", res.image).stdout.startswith("fileedit: ok")
    listed = json.loads(toolprov("list", "--base", TESTBED_PY39, "--json").stdout)
    assert res.image in [t for i in listed["images"] for t in i["tags"]]
    by_id = json.loads(toolprov("list", "--base", engine.images.get(TESTBED_PY39).id[7:19], "--json").stdout)
    assert res.image in [t for i in by_id["images"] for t in i["tags"]]  # the base named by its id lists it too
    refused = toolprov("remove", TESTBED_PY39)
    assert refused.returncode == 1 and "not provisioned by toolprov" in refused.stderr
    assert toolprov("remove", res.image).returncode == 0
    assert res.image not in [t for i in api.list_provisioned() for t in i.tags]


def test_no_suitable_python_is_a_clear_error(tmp_path: Path):
    text = (DEFAULT_SPECS_DIR / "pyflakes.yaml").read_text().replace('py_standalone: "3.9"', 'py_standalone: "3.12"')
    (tmp_path / "pyflakes.yaml").write_text(text)
    res = toolprov("install", "pyflakes", "-i", TESTBED, "--specs", str(tmp_path))
    assert res.returncode == 1
    assert "has no Python >= 3.12 with the venv module" in res.stderr and "3.11" in res.stderr


def test_network_mode_installs_from_the_index_without_baking_credentials(engine, container_of):
    res = api.install_tools(["pyflakes"], image="toolprov-base:bookworm", network=True)
    c = container_of(res.image)
    assert sh(c, "pyflakes --version")[0] == 0
    assert sh(
        c, "ls /tmp; env | grep -ci -e proxy -e PIP_CERT -e SSL_CERT; find / -xdev -name '*.pem' -newer /etc/hostname"
    )[1].split() == ["0"]
    assert engine.images.get(res.image).labels["toolprov.tools"] == "pyflakes"


def test_dockerfile_export_builds_the_same_tools(engine, tmp_path: Path):
    out = tmp_path / "ctx"
    assert toolprov("dockerfile", "fileedit", "pyflakes", "-i", TESTBED, "-o", str(out)).returncode == 0
    assert "RUN --mount=type=bind" in (out / "Dockerfile").read_text()
    tag = f"toolprov-export-test:{uuid.uuid4().hex[:8]}"
    build = subprocess.run(
        ["/usr/bin/docker", "build", "-q", "-t", tag, str(out)], env={"DOCKER_BUILDKIT": "1", "PATH": "/usr/bin:/bin"},
        capture_output=True, text=True, timeout=600,
    )  # fmt: skip
    assert build.returncode == 0, build.stderr
    try:
        out_ = engine.containers.run(
            tag, ["bash", "-lc", "fileedit --version; pyflakes --version; ls -A /tmp"], remove=True
        )
        assert out_.decode().splitlines()[0] == "fileedit 0.1.0" and "Python 3.11" in out_.decode()
        assert len(out_.decode().splitlines()) == 2  # nothing left in /tmp
        labels = engine.images.get(tag).labels
        assert labels["toolprov.key"] == api.install_tools(["fileedit", "pyflakes"], image=TESTBED).key
    finally:
        engine.images.remove(tag)


def test_an_older_build_of_the_same_tools_is_stale(engine, specs: Path):
    old = api.install_tools(["fileedit"], image=TESTBED_PY39, specs_dir=specs)
    time.sleep(1.1)  # image creation times have one-second resolution
    spec = specs / "fileedit.yaml"
    spec.write_text(spec.read_text().replace("description: ", "description: v2 "))
    new = api.install_tools(["fileedit"], image=TESTBED_PY39, specs_dir=specs)
    stale_ids = {i.id for i in api.stale()}
    assert new.key != old.key and old.image_id in stale_ids and new.image_id not in stale_ids
    removed = toolprov("remove", "--stale", "--json")
    assert removed.returncode == 0 and old.image in json.loads(removed.stdout), removed.stderr
    assert new.image_id not in {i.id for i in api.stale()} and new.image in engine.images.get(new.image).tags


@pytest.mark.parametrize("form", ["sha256:ID", "ID", "short ID"])
def test_an_image_given_by_its_id_is_named_like_one(engine, form: str):
    """An image id, with or without `sha256:`, full or short, names no repository: the result is named
    toolprov-derived:<id12>-tp-<key12> (a bare full id was refused at tag time, a short one became a repository)."""
    full = engine.images.get(TESTBED).id
    res = api.install_tools(["pyflakes"], image={"sha256:ID": full, "ID": full[7:], "short ID": full[7:19]}[form])
    try:
        assert res.image == f"toolprov-derived:{full[7:19]}-tp-{res.key[:12]}"
        assert engine.images.get(res.image).labels["toolprov.tools"] == "pyflakes"
    finally:
        engine.images.remove(res.image)
