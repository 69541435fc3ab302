"""Offline wheelhouses resolved on the host for another Python: markers are evaluated for the target."""

from packaging.utils import parse_wheel_filename

from provisioner.wheelhouse import Target, resolve


def names(files: tuple[str, ...]) -> set[str]:
    return {str(parse_wheel_filename(f)[0]) for f in files}


def test_target_markers_close_the_set():
    old = resolve(["pytest>=8,<9"], Target((3, 9), "x86_64", (2, 31)))
    new = resolve(["pytest>=8,<9"], Target((3, 11), "x86_64", (2, 36)))
    assert {"pytest", "pluggy", "iniconfig", "pip", "tomli", "exceptiongroup"} <= names(old.files)
    assert "pytest" in names(new.files)
    assert all(f.endswith(".whl") and (old.path / f).is_file() for f in old.files)
    assert resolve(["pytest>=8,<9"], Target((3, 9), "x86_64", (2, 31))) == old  # cached resolution


def test_binary_wheels_match_the_image_platform():
    wh = resolve(["tree-sitter==0.25.2"], Target((3, 11), "x86_64", (2, 36)))
    binary = wh.wheel_for("tree-sitter")
    assert "cp311" in binary and "x86_64" in binary and "manylinux" in binary
    assert Target((3, 11), "x86_64", (2, 17)).platforms()[:2] == ["manylinux_2_17_x86_64", "manylinux_2_16_x86_64"]
    assert "manylinux2014_x86_64" in Target((3, 11), "x86_64", (2, 36)).platforms()
