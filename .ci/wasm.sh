#!/usr/bin/env bash
# The library in the browser (docs/browser.md): the module (web/, tilebase-web) linted for
# wasm32 with warnings denied, its tests compiled to wasm32 and run by wasm-bindgen's test
# runner in Node and in headless Chromium, then the site built as the README builds it
# (`cargo xtask site`). Installs the wasm32 target and wasm-bindgen-cli, at the exact version
# of the wasm-bindgen crate in Cargo.lock, when missing. Node and Chromium come from Debian
# (.ci/run installs them).
set -euo pipefail
cd "$(dirname "$0")/.."
target=wasm32-unknown-unknown

rustup target list --installed | grep -qx "$target" || rustup target add "$target"
version="$(grep -A1 '^name = "wasm-bindgen"$' Cargo.lock | sed -n 's/^version = "\(.*\)"$/\1/p')"
if [ "$(wasm-bindgen --version 2>/dev/null | cut -d' ' -f2)" != "$version" ]; then
    echo "wasm: installing wasm-bindgen-cli $version"
    cargo install wasm-bindgen-cli --version "$version" --quiet
fi

RUSTFLAGS="-D warnings" cargo clippy -p tilebase-web --target "$target" --all-targets -- -D warnings
export CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUNNER=wasm-bindgen-test-runner
echo "wasm: the module's tests in Node"
cargo test -p tilebase-web --target "$target"
echo "wasm: the module's tests in headless Chromium"
WASM_BINDGEN_USE_BROWSER=1 CHROMEDRIVER="$(command -v chromedriver)" \
    cargo test -p tilebase-web --target "$target"
cargo xtask site
echo "wasm: the site's module in Node, as npm's users get it"
node --test web/tests/module.test.mjs
# What npm's tarball holds: every file the module needs, and nothing else.
(cd target/site/pkg && npm pack --dry-run --json) >target/site-pack.json
for file in tilebase.js tilebase.d.ts calls.js worker.js tilebase_wasm.js tilebase_wasm_bg.wasm; do
    grep -q "\"path\": \"$file\"" target/site-pack.json \
        || { echo "wasm: npm's tarball lacks $file" >&2; exit 1; }
done
