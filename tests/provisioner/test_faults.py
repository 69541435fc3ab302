"""Faults against the real engine: signals in every build phase, processes killed outright, images without a shell,
and credentials that must reach pip's own step only."""

import io
import json
import os
import signal
import socket
import subprocess
import tarfile
import time
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

from provisioner import containers
from provisioner.spec import DEFAULT_SPECS_DIR
from tests.conftest import TESTBED, TESTBED_PY39, sh

pytestmark = pytest.mark.docker

PHASES = {  # a spec edit that makes the build sit in that phase, recognisable by its unique sleep
    "setup script": ("setup_script: |\n", "setup_script: |\n  sleep 3071\n"),
    "check": ("check: fileedit --version", "check: sleep 3072 && fileedit --version"),
}
SIGNALS = [(signal.SIGINT, 130), (signal.SIGTERM, 143), (signal.SIGHUP, 129)]


@pytest.fixture
def specs(tmp_path: Path) -> Path:
    """A private fileedit spec (a key no other test shares)."""
    import shutil

    shutil.copytree(DEFAULT_SPECS_DIR / "fileedit", tmp_path / "fileedit")
    text = (DEFAULT_SPECS_DIR / "fileedit.yaml").read_text()
    (tmp_path / "fileedit.yaml").write_text(text.replace("description: ", f"description: {tmp_path.name} "))
    return tmp_path


def edit(specs: Path, old: str, new: str) -> None:
    spec = specs / "fileedit.yaml"
    assert old in spec.read_text()
    spec.write_text(spec.read_text().replace(old, new))


def containers_of(engine, pid: int) -> list[dict]:
    """The probe/build containers the toolprov process `pid` made."""
    return [
        c
        for c in engine.api.containers(all=True, filters={"label": containers.OWNER_LABEL})
        if json.loads(c["Labels"][containers.OWNER_LABEL] or "{}").get("pid") == pid  # "": a provisioned image's
    ]


def wait_for_sleep(engine, pid: int, marker: str, timeout: float = 120) -> dict:
    """Wait until the build container of `pid` runs the phase's `sleep <marker>`."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        for c in containers_of(engine, pid):
            if c["State"] == "running":
                procs = engine.api.top(c["Id"]).get("Processes") or []
                if any(marker in " ".join(p) for p in procs):
                    return c
        time.sleep(0.3)
    raise AssertionError(f"the build never reached `sleep {marker}`")


def images_with(engine, marker: str) -> list:
    return [i for i in engine.images.list(filters={"label": "toolprov.key"}) if marker in str(i.labels)]


@pytest.fixture(autouse=True)
def default_signal_dispositions() -> Iterator[None]:
    """toolprov keeps a signal its parent ignored (nohup semantics), so these tests would see no interrupt if pytest
    itself was started with SIGINT or SIGHUP ignored (a background job of a non-interactive shell, nohup). A handled
    signal is reset to its default in a child at exec: while a test runs, pytest handles both itself (SIGINT as
    Python's KeyboardInterrupt, SIGHUP as before: ignored if it was ignored), so every toolprov starts with the
    defaults."""
    saved = {s: signal.getsignal(s) for s in (signal.SIGINT, signal.SIGHUP)}
    if saved[signal.SIGINT] is signal.SIG_IGN:
        signal.signal(signal.SIGINT, signal.default_int_handler)
    if saved[signal.SIGHUP] is signal.SIG_IGN:
        signal.signal(signal.SIGHUP, lambda *_: None)
    yield
    for s, handler in saved.items():
        signal.signal(s, handler)


def finish(proc: subprocess.Popen, timeout: float = 60) -> tuple[str, str]:
    """The output of a toolprov process that must exit by itself; killed if it does not, so no test leaves one
    running (holding its locks) for the tests after it."""
    try:
        return proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        proc.kill()
        err = proc.communicate()[1]
        raise AssertionError(f"toolprov did not exit within {timeout} s; killed. stderr: {err}") from None


def start_install(specs: Path, *images: str) -> subprocess.Popen:
    argv = ["toolprov", "install", "fileedit", "--specs", str(specs)] + [a for i in images for a in ("-i", i)]
    return subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


@pytest.mark.parametrize("phase", list(PHASES))
@pytest.mark.parametrize(("signum", "code"), SIGNALS, ids=[s.name for s, _ in SIGNALS])
def test_signal_in_a_build_phase_cleans_up_like_ctrl_c(engine, specs: Path, phase: str, signum: int, code: int):
    edit(specs, *PHASES[phase])
    proc = start_install(specs, TESTBED)
    wait_for_sleep(engine, proc.pid, PHASES[phase][1].split("sleep ")[1][:4])
    proc.send_signal(signum)
    out, err = finish(proc)
    assert proc.returncode == code, err
    assert err.count("\n") == 1 and f"interrupted ({signal.Signals(signum).name})" in err and out == ""
    assert containers_of(engine, proc.pid) == [] and images_with(engine, specs.name) == []


@pytest.fixture(scope="module")
def slow_probe_image(engine) -> Iterator[str]:
    """An image whose default python3 sleeps: probing it takes as long as the test wants."""
    c = engine.containers.run(
        "toolprov-base:bookworm", ["sh", "-c", "printf '#!/bin/sh\\nsleep 3073\\n' > /usr/local/bin/python3 && "
                                             "chmod +x /usr/local/bin/python3"], detach=True, network_mode="none",
    )  # fmt: skip
    try:
        assert c.wait()["StatusCode"] == 0
        image = c.commit(repository="toolprov-slowprobe", tag=uuid.uuid4().hex[:8])
    finally:
        c.remove(force=True)
    yield str(image.tags[0])
    engine.images.remove(image.id, force=True)


@pytest.mark.parametrize(("signum", "code"), SIGNALS, ids=[s.name for s, _ in SIGNALS])
def test_signal_while_probing_removes_the_probe_container(engine, slow_probe_image: str, tmp_path: Path, signum, code):
    env = {**os.environ, "TOOLPROV_CACHE": str(tmp_path)}
    proc = subprocess.Popen(["toolprov", "install", "pyflakes", "-i", slow_probe_image], env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)  # fmt: skip
    probe = wait_for_sleep(engine, proc.pid, "3073")
    assert probe["Names"][0].startswith("/toolprov-probe-")
    proc.send_signal(signum)
    _, err = finish(proc)
    assert proc.returncode == code and err.count("\n") == 1, err
    assert containers_of(engine, proc.pid) == []
    assert not list((tmp_path / "probes").glob("*.json"))  # no half-made probe result is cached


def test_a_second_signal_does_not_cut_the_clean_up_short(engine, specs: Path):
    edit(specs, *PHASES["setup script"])
    proc = start_install(specs, TESTBED)
    wait_for_sleep(engine, proc.pid, "3071")
    proc.send_signal(signal.SIGTERM)
    time.sleep(0.2)  # the first one is being handled: more arrive during the clean-up
    for signum in (signal.SIGINT, signal.SIGHUP, signal.SIGTERM):
        proc.send_signal(signum)
    _, err = finish(proc)
    assert proc.returncode == 143 and "interrupted (SIGTERM)" in err
    assert containers_of(engine, proc.pid) == [] and images_with(engine, specs.name) == []


@pytest.mark.parametrize(("signum", "code"), SIGNALS[2:], ids=[s.name for s, _ in SIGNALS[2:]])
def test_signal_during_a_parallel_batch_stops_every_build(engine, specs: Path, signum: int, code: int):
    edit(specs, *PHASES["setup script"])
    proc = start_install(specs, TESTBED, TESTBED_PY39)
    deadline = time.monotonic() + 120
    while len([c for c in containers_of(engine, proc.pid) if c["Names"][0].startswith("/toolprov-build-")]) < 2:
        assert time.monotonic() < deadline and proc.poll() is None, "the two builds never ran together"
        time.sleep(0.3)
    wait_for_sleep(engine, proc.pid, "3071")
    proc.send_signal(signum)
    _, err = finish(proc)
    assert proc.returncode == code, err
    assert containers_of(engine, proc.pid) == [] and images_with(engine, specs.name) == []


@pytest.mark.parametrize(("phase", "remover"), [("setup script", "cleanup"), ("check", "next install")])
def test_leftovers_of_a_killed_process_are_listed_then_removed(engine, specs: Path, phase: str, remover: str):
    edit(specs, *PHASES[phase])
    proc = start_install(specs, TESTBED)
    leftover = wait_for_sleep(engine, proc.pid, PHASES[phase][1].split("sleep ")[1][:4])
    proc.kill()
    proc.wait(timeout=30)
    name = leftover["Names"][0].lstrip("/")
    mine = containers_of(engine, proc.pid)  # SIGKILL: nothing could clean up: the build container and its lock
    assert sorted(c["Labels"][containers.KIND_LABEL] for c in mine) == ["build", "lock"]
    assert leftover["Id"] in [c["Id"] for c in mine]
    listed = subprocess.run(["toolprov", "list"], capture_output=True, text=True, timeout=60)
    assert f"{name} (pid {proc.pid}: its toolprov process is gone)" in listed.stdout
    assert listed.stderr.count("\n") == 1 and name in listed.stderr and "toolprov cleanup" in listed.stderr
    if remover == "cleanup":
        res = subprocess.run(["toolprov", "cleanup"], capture_output=True, text=True, timeout=60)
        assert res.returncode == 0 and name in res.stdout.split()
    else:
        res = subprocess.run(["toolprov", "install", "pyflakes", "-i", TESTBED], capture_output=True, text=True)
        assert res.returncode == 0, res.stderr
    assert containers_of(engine, proc.pid) == [] and images_with(engine, specs.name) == []
    assert name not in subprocess.run(["toolprov", "list"], capture_output=True, text=True).stdout


def _alive_owner() -> dict:
    return containers.owner()


OWNERS = {  # how a container's owner label reads -> the state toolprov must see, and whether cleanup removes it
    "this process": (lambda: _alive_owner(), "live", False, False),
    "pid gone": (lambda: {**_alive_owner(), "pid": 4_000_000}, "dead", True, True),
    "pid reused": (lambda: {**_alive_owner(), "pid": 1, "start": "1"}, "dead", True, True),
    "rebooted since": (lambda: {**_alive_owner(), "boot": "another-boot"}, "dead", True, True),
    "no start time, pid alive": (lambda: {**_alive_owner(), "start": ""}, "live", False, False),
    "no start time, pid gone": (lambda: {**_alive_owner(), "start": "", "pid": 4_000_000}, "dead", True, True),
    "other host": (lambda: {**_alive_owner(), "host": "elsewhere.example"}, "unknown", False, True),
    # two machines with one host name (pods, cloned VMs) sharing an engine: the pid is not this machine's to judge
    "same name, other machine": (
        lambda: {**_alive_owner(), "machine": "0" * 32, "pid": 4_000_000},
        "unknown",
        False,
        True,
    ),
    "garbage label": (lambda: "not json {", "unknown", False, True),
    "label without pid": (lambda: {"host": socket.gethostname()}, "unknown", False, True),
}


@pytest.mark.parametrize("owner", list(OWNERS))
def test_owner_of_a_build_container_decides_its_fate(engine, owner: str):
    make, state, removed_by_cleanup, removed_by_all = OWNERS[owner]
    label = make()
    name = f"toolprov-build-fake-{uuid.uuid4().hex[:8]}"
    engine.api.create_container(
        TESTBED, ["true"], name=name,
        labels={containers.OWNER_LABEL: label if isinstance(label, str) else json.dumps(label)},
    )  # fmt: skip
    try:
        (found,) = [lo for lo in containers.leftovers() if lo.name == name]
        assert found.state == state
        res = subprocess.run(["toolprov", "cleanup", "--json"], capture_output=True, text=True, timeout=60)
        assert (name in json.loads(res.stdout)) is removed_by_cleanup
        res = subprocess.run(["toolprov", "cleanup", "--all", "--json"], capture_output=True, text=True, timeout=60)
        assert (name in json.loads(res.stdout)) is (removed_by_all and not removed_by_cleanup)
        assert (name in [lo.name for lo in containers.leftovers()]) is (state == "live")
    finally:
        containers.remove(name)


def _import(engine, name: str, members: dict[str, tuple[bytes | str, int]]) -> str:
    """An image from a tiny root filesystem: path -> (file bytes, or a symlink target as str; mode)."""
    buf = io.BytesIO()
    with tarfile.open(fileobj=buf, mode="w") as tar:
        for path, (content, mode) in members.items():
            info = tarfile.TarInfo(path)
            if isinstance(content, str):
                info.type, info.linkname = tarfile.SYMTYPE, content
            elif mode & 0o40000:
                info.type, info.mode = tarfile.DIRTYPE, mode & 0o7777
            else:
                info.size, info.mode = len(content), mode
            tar.addfile(info, io.BytesIO(content) if isinstance(content, bytes) and info.isfile() else None)
    subprocess.run(["docker", "import", "-", name], input=buf.getvalue(), check=True, capture_output=True)
    return name


SHELLLESS: dict[str, dict[str, tuple[bytes | str, int]]] = {
    "one static file": {"hello.txt": (b"hello\n", 0o644)},
    "sh is a dangling symlink": {"bin": (b"", 0o40755), "bin/sh": ("/nowhere/sh", 0o777)},
    "sh is not executable": {"bin": (b"", 0o40755), "bin/sh": (b"#!/bin/sh\necho hi\n", 0o644)},
    "sh is a folder": {"bin": (b"", 0o40755), "bin/sh": (b"", 0o40755)},
    "sh is not a program": {"bin": (b"", 0o40755), "bin/sh": (b"\x7fELF garbage", 0o755)},
}


@pytest.mark.parametrize("layout", list(SHELLLESS))
def test_probing_an_image_without_a_shell_leaves_no_container(engine, tmp_path: Path, layout: str):
    image = _import(engine, f"toolprov-noshell:{uuid.uuid4().hex[:8]}", SHELLLESS[layout])
    try:
        before = {c["Id"] for c in engine.api.containers(all=True, filters={"ancestor": image})}
        env = {**os.environ, "TOOLPROV_CACHE": str(tmp_path)}  # no cached probe: the probe really runs
        res = subprocess.run(["toolprov", "install", "pyflakes", "-i", image], capture_output=True, text=True, env=env)
        assert res.returncode == 1 and res.stderr.count("\n") == 1, res.stderr
        assert f"cannot probe image {image}" in res.stderr and "/bin/sh" in res.stderr
        assert {c["Id"] for c in engine.api.containers(all=True, filters={"ancestor": image})} == before == set()
    finally:
        engine.images.remove(image, force=True)


SECRETS = {
    "PIP_INDEX_URL": "https://tp-user:{s}-index@pypi.org/simple",
    "PIP_EXTRA_INDEX_URL": "https://tp-user:{s}-extra@pypi.org/simple",
    "NO_PROXY": "{s}-noproxy.invalid",
    "PIP_TRUSTED_HOST": "{s}-trusted.invalid",
    "PIP_CERT": "/etc/ssl/certs/ca-certificates.crt",
}


def test_network_credentials_reach_pip_only_never_the_setup_script_or_the_layer(engine, tmp_path: Path):
    secret = f"sekret{uuid.uuid4().hex[:10]}"
    text = (
        (DEFAULT_SPECS_DIR / "pyflakes.yaml")
        .read_text()
        .replace(
            "setup_script: null",
            "setup_script: |\n  env > /root/setup-env.txt\n  cat /proc/self/environ > /root/setup-environ.bin\n"
            "  ls -la /tmp/toolprov > /root/setup-tmp.txt\n",
        )
    )
    (tmp_path / "pyflakes.yaml").write_text(text.replace("description: ", f"description: {tmp_path.name} "))
    env = {**os.environ, **{k: v.format(s=secret) for k, v in SECRETS.items()}}
    res = subprocess.run(
        ["toolprov", "install", "pyflakes", "-i", "toolprov-base:bookworm", "--network", "--specs", str(tmp_path)],
        capture_output=True, text=True, env=env, timeout=600,
    )  # fmt: skip
    assert res.returncode == 0, res.stderr
    image = res.stdout.strip()
    try:
        c = engine.containers.run(image, ["sleep", "300"], detach=True, network_mode="none")
        try:
            code, seen = sh(c, "cat /root/setup-env.txt", login=False)
            assert code == 0 and "PATH=" in seen  # the dump is there ...
            for var in ("PIP_INDEX_URL", "PIP_EXTRA_INDEX_URL", "NO_PROXY", "PIP_CERT", "SSL_CERT_FILE", "REQUESTS_CA"):
                assert var not in seen  # ... without any build-time setting
            assert "ca.pem" not in sh(c, "cat /root/setup-tmp.txt", login=False)[1]  # the CA file was gone already
            found = sh(c, f"grep -rl {secret} / --exclude-dir=proc --exclude-dir=sys --exclude-dir=dev", login=False)
            assert found == (1, ""), found  # not one file of the layer holds a secret
            assert sh(c, "ls -A /tmp; find / -xdev -name ca.pem", login=False) == (0, "")
            assert sh(c, "pyflakes --version", login=False)[0] == 0
        finally:
            c.remove(force=True)
        attrs = engine.api.inspect_image(image)
        history = json.dumps(engine.api.history(image))
        assert secret not in json.dumps(attrs["Config"]) and secret not in history
    finally:
        engine.images.remove(image, force=True)


def test_credentials_do_reach_pip_and_stay_out_of_the_error_line(engine, tmp_path: Path):
    secret = f"sekret{uuid.uuid4().hex[:10]}"
    text = (DEFAULT_SPECS_DIR / "pyflakes.yaml").read_text()
    (tmp_path / "pyflakes.yaml").write_text(text.replace("description: ", f"description: {tmp_path.name} "))
    env = {**os.environ, "PIP_INDEX_URL": f"http://tp-user:{secret}@127.0.0.1:9/simple", "PIP_RETRIES": "0",
           "PIP_TIMEOUT": "2"}  # fmt: skip
    res = subprocess.run(
        ["toolprov", "install", "pyflakes", "-i", "toolprov-base:bookworm", "--network", "--specs", str(tmp_path)],
        capture_output=True, text=True, env=env, timeout=600,
    )  # fmt: skip
    assert res.returncode == 1 and res.stderr.count("\n") == 1, res.stderr
    assert "step 'pip install pyflakes==3.2.0' failed" in res.stderr  # PyPI is reachable: pip used the given index
    assert "No matching distribution found for pyflakes==3.2.0" in res.stderr
    assert secret not in res.stderr
    assert images_with(engine, tmp_path.name) == []


@pytest.mark.parametrize(
    "damage", [b"", b'{"image_id": "sha256:', b"\x00\xff garbage", b'{"machine": "x86_64"}', b'{"interpreters": 5}']
)
def test_a_damaged_probe_cache_is_probed_again(engine, tmp_path: Path, damage: bytes):
    """A process killed while writing the cache, or a hand-edited file: the image is probed again."""
    from provisioner import api

    expected = api.install_tools(["pyflakes"], image=TESTBED)
    image_id = engine.images.get(TESTBED).id.removeprefix("sha256:")
    (tmp_path / "probes").mkdir()
    (tmp_path / "probes" / f"{image_id}.json").write_bytes(damage)
    env = {**os.environ, "TOOLPROV_CACHE": str(tmp_path)}
    res = subprocess.run(["toolprov", "install", "pyflakes", "-i", TESTBED], capture_output=True, text=True, env=env)
    assert res.returncode == 0 and res.stdout.strip() == expected.image, res.stderr
    assert json.loads((tmp_path / "probes" / f"{image_id}.json").read_text())["image_id"].endswith(image_id)
