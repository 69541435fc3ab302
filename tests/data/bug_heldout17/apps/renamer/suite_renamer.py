import os
import subprocess
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent


def renamer(*args: object, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(HERE)}
    argv = [sys.executable, "-m", "renamer", *map(str, args)]
    return subprocess.run(argv, cwd=cwd, env=env, capture_output=True, text=True, timeout=60)


@pytest.fixture
def photos(tmp_path: Path) -> Path:
    folder = tmp_path / "photos"
    folder.mkdir()
    for name in ["photo-1.txt", "photo-2.txt", "Beach.TXT", "notes.md"]:
        (folder / name).write_text(name)
    return folder


def names(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


def test_rename_by_pattern(photos: Path, tmp_path: Path) -> None:
    proc = renamer(photos, "--pattern", r"photo-(\d+)", "--replace", r"img_\1", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.splitlines() == ["photo-1.txt -> img_1.txt", "photo-2.txt -> img_2.txt", "renamed 2 files"]
    assert names(photos) == [".renamer-undo.json", "Beach.TXT", "img_1.txt", "img_2.txt", "notes.md"]


def test_ext_filter_without_dot(photos: Path, tmp_path: Path) -> None:
    proc = renamer(photos, "--pattern", "^", "--replace", "x-", "--ext", "txt", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert "renamed 2 files" in proc.stdout
    assert names(photos) == [".renamer-undo.json", "Beach.TXT", "notes.md", "x-photo-1.txt", "x-photo-2.txt"]


def test_numbering_defaults(photos: Path, tmp_path: Path) -> None:
    proc = renamer(photos, "--pattern", "-", "--replace", "_", "--number", "--ext", ".md", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.splitlines()[0] == "notes.md -> 001_notes.md"
    assert (photos / "001_notes.md").read_text() == "notes.md"


def test_numbering_start_and_width(photos: Path, tmp_path: Path) -> None:
    args = ["--pattern", r"photo-\d", "--replace", "shot", "--number", "--start", "7", "--width", "2"]
    proc = renamer(photos, *args, "--ext", "txt", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert names(photos) == [".renamer-undo.json", "07_shot.txt", "08_shot.txt", "Beach.TXT", "notes.md"]


def test_lower_case(photos: Path, tmp_path: Path) -> None:
    proc = renamer(photos, "--pattern", "Beach", "--replace", "SEA", "--lower", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert "Beach.TXT -> sea.TXT" in proc.stdout.splitlines()


def test_dry_run_changes_nothing(photos: Path, tmp_path: Path) -> None:
    before = names(photos)
    proc = renamer(photos, "--pattern", "photo", "--replace", "pic", "--dry-run", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.splitlines() == ["photo-1.txt -> pic-1.txt", "photo-2.txt -> pic-2.txt"]
    assert names(photos) == before


def test_collision_is_refused(photos: Path, tmp_path: Path) -> None:
    proc = renamer(photos, "--pattern", r"photo-\d", "--replace", "same", cwd=tmp_path)
    assert proc.returncode == 3
    assert proc.stderr == "renamer: error: collision: same.txt would be overwritten\n"
    assert "photo-1.txt" in names(photos)


def test_collision_with_existing_file(photos: Path, tmp_path: Path) -> None:
    (photos / "img.txt").write_text("kept")
    proc = renamer(photos, "--pattern", "photo-1", "--replace", "img", cwd=tmp_path)
    assert proc.returncode == 3, proc.stdout
    assert "collision: img.txt would be overwritten" in proc.stderr
    assert (photos / "img.txt").read_text() == "kept"


def test_dry_run_then_real_run(photos: Path, tmp_path: Path) -> None:
    args = ["--pattern", "Beach", "--replace", "sea"]
    assert renamer(photos, *args, "--dry-run", cwd=tmp_path).stdout == "Beach.TXT -> sea.TXT\n"
    proc = renamer(photos, *args, cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout == "Beach.TXT -> sea.TXT\nrenamed 1 files\n"


def test_bad_pattern_is_a_usage_error(photos: Path, tmp_path: Path) -> None:
    proc = renamer(photos, "--pattern", "photo-(", cwd=tmp_path)
    assert proc.returncode == 2, proc.stderr
    assert proc.stderr.startswith("renamer: error: bad pattern 'photo-(': missing ), unterminated subpattern")


def test_missing_directory(tmp_path: Path) -> None:
    proc = renamer(tmp_path / "nope", "--pattern", "x", cwd=tmp_path)
    assert proc.returncode == 2
    assert proc.stderr.strip().endswith("not a directory: " + str(tmp_path / "nope"))


def test_undo_restores_names(photos: Path, tmp_path: Path) -> None:
    before = names(photos)
    assert renamer(photos, "--pattern", "photo", "--replace", "pic", cwd=tmp_path).returncode == 0
    proc = renamer(photos, "--undo", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout == "restored 2 files\n"
    assert names(photos) == before


def test_summary_goes_to_stdout(photos: Path, tmp_path: Path) -> None:
    proc = renamer(photos, "--pattern", "notes", "--replace", "readme", cwd=tmp_path)
    assert (proc.returncode, proc.stderr) == (0, "")
    assert proc.stdout.splitlines()[-1] == "renamed 1 files"
