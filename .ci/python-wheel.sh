#!/usr/bin/env bash
# CI: the Python module packaged as for PyPI. `maturin build --release` makes exactly one wheel,
# for the stable ABI (cp39-abi3: every CPython from 3.9 on), and `maturin sdist` a source
# distribution that holds the workspace's crates the module is built from; the wheel installs
# with `pip install --no-index` into a fresh virtual environment and answers there, and its
# metadata names the licence and the Python versions.
#
# Needs a Rust toolchain and python3 with venv; maturin comes from PyPI into a throwaway virtual
# environment. The wheel is built in the workspace's target directory (target/release), where
# `pip install ./python` builds too: after it, or after an earlier run, little or nothing is
# compiled again. NumPy is left out: the functions checked here do not need it.
set -euo pipefail
cd "$(dirname "$0")/.."

fail() {
    echo "python-wheel: $*" >&2
    exit 1
}

# The licence texts, which the wheel and the sdist carry (python/LICENSE-* link to them).
for licence in LICENSE-MIT LICENSE-APACHE; do
    [ -f "$licence" ] || fail "$licence is missing at the repository root"
done

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
dist="$work/dist"

python3 -m venv "$work/maturin"
"$work/maturin/bin/pip" install --quiet --disable-pip-version-check "maturin>=1.9.3,<2"
maturin="$work/maturin/bin/maturin"

# Exactly one wheel, for the stable ABI.
(cd python && "$maturin" build --release --out "$dist")
shopt -s nullglob
wheels=("$dist"/*.whl)
[ "${#wheels[@]}" -eq 1 ] || fail "expected one wheel, found ${#wheels[@]}: ${wheels[*]}"
wheel="${wheels[0]}"
case "$(basename "$wheel")" in
    tilebase-*-cp39-abi3-*.whl) ;;
    *) fail "$(basename "$wheel") is not an abi3 wheel for CPython 3.9 and later" ;;
esac

# The sdist, with what a build from it alone needs: the workspace's lock file and manifest, the
# module's crate and the shipped databases beside it, the crates it depends on, the licences.
(cd python && "$maturin" sdist --out "$dist")
sdists=("$dist"/*.tar.gz)
shopt -u nullglob
[ "${#sdists[@]}" -eq 1 ] || fail "expected one sdist, found ${#sdists[@]}"
listed="$(tar -tzf "${sdists[0]}")"
for file in Cargo.lock Cargo.toml pyproject.toml python/Cargo.toml python/src/lib.rs \
    crates/tilebase/db/3x3-123804765.tilebase crates/answer/Cargo.toml crates/lookup/Cargo.toml \
    tilebase/__init__.py LICENSE-MIT LICENSE-APACHE; do
    grep -qx "tilebase-[^/]*/$file" <<<"$listed" || fail "the sdist has no $file"
done

# The wheel alone, in a fresh virtual environment, run from elsewhere than the repository. The
# environment is made without pip (seconds quicker), and the other one's pip installs into it.
python3 -m venv --without-pip "$work/venv"
"$work/maturin/bin/pip" --python "$work/venv/bin/python" install --quiet \
    --disable-pip-version-check --no-index "$wheel"
cd "$work"
"$work/venv/bin/python" - <<'EOF'
import importlib.metadata

import tilebase

assert tilebase.distance("603712458") == 23
assert tilebase.solve("603712458") == "DDLURRDLLUURDDLURRDLLUR"
try:
    tilebase.distance("12345678")
except ValueError as error:
    assert str(error) == '"12345678": 8 cells, but a 3x3 board has 9 (8 cells make a 4x2 or 2x4 board)', error
else:
    raise AssertionError("a bad state raised nothing")

# PEP 639: the licence is named by its SPDX expression (License-Expression, not License).
metadata = importlib.metadata.metadata("tilebase")
assert metadata["Name"] == "tilebase", metadata["Name"]
assert metadata["License-Expression"] == "MIT OR Apache-2.0", metadata["License-Expression"]
assert metadata["Requires-Python"] == ">=3.9", metadata["Requires-Python"]
assert sorted(metadata.get_all("License-File") or []) == ["LICENSE-APACHE", "LICENSE-MIT"]
classifiers = metadata.get_all("Classifier")
for minor in range(9, 14):
    assert f"Programming Language :: Python :: 3.{minor}" in classifiers, minor
files = {str(file) for file in importlib.metadata.files("tilebase")}
for licence in ["LICENSE-MIT", "LICENSE-APACHE"]:
    assert any(file.endswith(f".dist-info/licenses/{licence}") for file in files), licence
print(f"python-wheel: {metadata['Name']} {metadata['Version']} answers, licensed "
      f"{metadata['License-Expression']}, for Python {metadata['Requires-Python']}")
EOF
echo "python-wheel: $(basename "$wheel") and $(basename "${sdists[0]}") are sound"
