"""Shared fixtures: the repository's root, and the `query`, `random` and `label` programs, the
Rust library's answers that the module's are checked against."""

import os
import pathlib
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]


@pytest.fixture(scope="session")
def programs() -> pathlib.Path:
    """The folder holding `query`, `random` and `label`: $TILEBASE_BIN_DIR, else built by cargo (with
    the profile `cargo test` uses, so that after it nothing is compiled again)."""
    given = os.environ.get("TILEBASE_BIN_DIR")
    if given:
        folder = pathlib.Path(given)
    else:
        subprocess.run(
            ["cargo", "build", "--quiet", "--profile", "test", "-p", "tilebase-tools",
             "--bin", "query", "--bin", "random", "--bin", "label"],
            cwd=ROOT,
            check=True,
        )
        folder = ROOT / "target" / "debug"
    for name in ("query", "random", "label"):
        assert (folder / name).is_file(), f"{folder / name} is missing"
    return folder


@pytest.fixture(scope="session", autouse=True)
def cache_dir(tmp_path_factory) -> pathlib.Path:
    """One cache directory for the programs and the module, so that both answer other boards
    and metrics from the same file, built once. Set for the whole session: the module reads
    the variable when it first needs a file."""
    folder = tmp_path_factory.mktemp("cache")
    os.environ["TILEBASE_CACHE_DIR"] = str(folder)
    return folder


@pytest.fixture(autouse=True)
def in_root(monkeypatch):
    """Every test runs in the repository's root, as the README's commands do: `db/` holds the
    shipped databases there, and `query` finds them."""
    monkeypatch.chdir(ROOT)


def run(program: pathlib.Path, args, stdin: str = "") -> subprocess.CompletedProcess:
    """Runs a program in the repository's root with the session's cache directory."""
    return subprocess.run(
        [str(program), *args],
        input=stdin,
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=os.environ.copy(),
    )
