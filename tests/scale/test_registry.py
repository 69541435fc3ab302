"""A registry as the shared layer cache (real docker-registry on loopback, the real engine): the key→name scheme,
--push, the lookup before a build, a pull trusted only by its labels, and list/show/verify on pulled images."""

from __future__ import annotations

import json
import os
import subprocess
import uuid
from pathlib import Path

import pytest

from provisioner import api
from provisioner import registry as reg
from provisioner.errors import UsageError
from tests.scale.conftest import (
    BASE,
    Pushed,
    docker,
    drop_key,
    private_specs,
    registry_json,
    registry_labels,
    remove_marked,
    toolprov,
)

pytestmark = pytest.mark.docker


def test_repo_names_are_checked_and_derived_from_base_and_key():
    assert reg.check_repo("registry.example:5000/swe-tools/") == "registry.example:5000/swe-tools"
    for bad in ("swe-tools", "Registry.example/UPPER", "host:5000/a b", ""):
        with pytest.raises(UsageError, match="invalid registry repository"):
            reg.check_repo(bad)


def test_push_lookup_pull_and_resume(registry: str, pushed: Pushed):
    repo, name, tag, specs = pushed.repo, pushed.name, pushed.tag, str(pushed.specs)
    assert (name, tag) == (f"{repo}/toolprov-base", f"bookworm-tp-{pushed.key[:12]}")

    # before the first install the registry held an image that is not ours under that name: a tag that does not
    # carry the key is never trusted (ignored, built here, overwritten by the push)
    res = pushed.first
    assert (res["status"], res["built"], res["pulled"], res["pushed"]) == ("built", ["pyflakes"], [], [])
    assert res["notes"] == [
        f"{name}:{tag} carries no toolprov.key label, not key {pushed.key[:12]}: ignored (it will be rebuilt)"
    ]
    push = pushed.second  # --push: found here by its key, then pushed
    assert (push["status"], push["pushed"], push["remote"]) == ("cached", [f"{name}:{tag}"], f"{name}:{tag}")
    labels = registry_labels(registry, "tools/toolprov-base", tag)  # what the registry itself holds
    assert labels["toolprov.key"] == pushed.key == json.loads(labels["toolprov.manifest"])["key"]
    assert tag in registry_json(registry, "tools/toolprov-base/tags/list")["tags"]

    # resumed: already provisioned here and already in the registry: nothing built, nothing pushed again
    again = toolprov("install", "pyflakes", "-i", BASE, "--specs", specs, "--push", repo, "--json")
    assert again.returncode == 0, again.stderr
    assert [json.loads(again.stdout)[k] for k in ("status", "pushed", "image_id")] == ["cached", [], res["image_id"]]

    # a machine without the image: pulled, verified by its labels, no build; list/show/verify work on it
    api.remove([res["image"]])
    assert docker("image", "inspect", f"{name}:{tag}").returncode != 0
    pulled = toolprov("install", "pyflakes", "-i", BASE, "--specs", specs, "--registry", repo)
    assert pulled.returncode == 0, pulled.stderr
    assert pulled.stdout.strip() == res["image"]
    assert "pulled pyflakes from the registry" in pulled.stderr
    shown = json.loads(toolprov("show", res["image"], "--json").stdout)
    assert shown["id"] == res["image_id"] and shown["manifest"]["key"] == pushed.key  # the same image, bit for bit
    assert toolprov("verify", res["image"]).stdout.startswith("pyflakes: ok")
    listed = json.loads(toolprov("list", "--base", BASE, "--json").stdout)
    assert {res["image"], f"{name}:{tag}"} <= {t for i in listed["images"] for t in i["tags"]}
    assert isinstance(listed["leftovers"], list)


def test_push_repo_is_looked_up_also_beside_registry(registry: str, pushed: Pushed):
    """--registry R1 (e.g. TOOLPROV_REGISTRY, exported on every machine) with --push R2 on the build machine: R2 holds
    the layer, R1 does not. A resumed run pulls it from R2 and pushes nothing (R2 used to be left unread: rebuilt and
    pushed again)."""
    drop_key(pushed.key)  # this engine lacks the layer, as a fresh build machine does
    env = {k: v for k, v in os.environ.items() if k != "DOCKER_HOST"} | {"TOOLPROV_REGISTRY": f"{registry}/elsewhere"}
    res = subprocess.run(["toolprov", "install", "pyflakes", "-i", BASE, "--specs", str(pushed.specs), "--push",
                          pushed.repo, "--json"], capture_output=True, text=True, env=env, timeout=600)  # fmt: skip
    assert res.returncode == 0, res.stderr
    report = json.loads(res.stdout)
    assert [report[k] for k in ("status", "built", "pulled", "pushed")] == ["pulled", [], ["pyflakes"], []]
    assert report["key"] == pushed.key and report["remote"] == f"{pushed.name}:{pushed.tag}"


def test_a_batch_reports_a_registry_tag_it_did_not_trust_on_stderr(registry: str, tmp_path: Path):
    """A batch (a file, even of one image) finds an image that is not ours under the layer's registry name: it is
    ignored and rebuilt, and the person reading stderr is told so, as for a single image (with or without --json;
    the note used to be left out of every batch's stderr)."""
    specs = private_specs(tmp_path / f"specs-{uuid.uuid4().hex[:8]}")
    repo = f"{registry}/tools"
    layer = api.plan_install(["pyflakes"], BASE, specs_dir=specs)[-1]
    name, tag = reg.remote_ref(repo, layer)
    for args in (["tag", BASE, f"{name}:{tag}"], ["push", "-q", f"{name}:{tag}"], ["rmi", f"{name}:{tag}"]):
        assert docker(*args).returncode == 0, args  # the base itself: no toolprov.key label
    (images := tmp_path / "images.txt").write_text(f"{BASE}\n")
    note = (f"toolprov: {BASE}: {name}:{tag} carries no toolprov.key label, not key {layer.key[:12]}: ignored (it will "
            "be rebuilt)")  # fmt: skip
    try:
        for extra in ([], ["--json"]):
            res = toolprov("install", "pyflakes", "--images-file", str(images), "--specs", str(specs), "--registry",
                           repo, *extra)  # fmt: skip
            assert res.returncode == 0, res.stderr
            assert note in res.stderr.splitlines(), res.stderr
            built = json.loads(res.stdout)["results"][0] if extra else {"image": res.stdout.strip(), "notes": [note]}
            assert built["image"] == layer.tag() and len(built["notes"]) == 1
            api.remove([layer.tag()])  # the next run looks the registry up again
    finally:
        remove_marked(specs.name)


def test_a_bad_registry_repo_is_a_usage_error_before_any_work(tmp_path):
    for option in ("--registry", "--push"):
        bad = toolprov("install", "fileedit", "-i", BASE, "--specs", str(tmp_path), option, "no-host-here")
        assert bad.returncode == 2 and bad.stderr.startswith("toolprov: error: invalid registry repository")
