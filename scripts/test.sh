#!/usr/bin/env bash
# Installs what is needed (see setup.sh, plus the end-to-end tools) and runs every check CI
# runs: formatting, the UI's unit tests and type check, clippy with warnings as errors, all
# tests of the workspace, including the end-to-end test of the real app under Xvfb, and the
# Android type check (android-check.sh, which installs the aarch64-linux-android target when
# it is missing).
set -euo pipefail
cd "$(dirname "$0")/.."

# Each stage prints how long it took, so a slow CI run shows where the time went.
stage() {
  local started=$SECONDS
  echo "== $*"
  "$@"
  echo "== done in $((SECONDS - started)) s: $*"
}

# shellcheck source=scripts/setup.sh
. scripts/setup.sh
stage okey_install_e2e_tools

stage cargo fmt --all -- --check

# The UI: its logic under node's own test runner, and its JavaScript checked by TypeScript
# against ui/types/rust.d.ts (which a cargo test below keeps equal to the Rust types).
stage okey_install_ui_tools
stage npx --no-install tsc -p tsconfig.json
stage node --test tests/ui/*.test.js

# Clippy lints our crates while cargo builds them for the tests: clippy-driver as the
# workspace's compiler wrapper is how `cargo clippy` itself runs, and this way the
# dependencies (Tauri and WebKit's bindings among them) are compiled once, instead of once
# checked for clippy and once built for the tests. -D warnings turns every clippy lint and
# compiler warning in our crates into an error; dependencies' lints stay capped by cargo.
# --tests --benches builds every test and bench target (and, for the tests, the binaries
# they run), so all is linted as `cargo clippy --all-targets` would; unlike --all-targets it
# leaves out the app's main.rs as a test, which holds none and would link all of Tauri again.
# (A plain `cargo test` later would rebuild, its flags being different.)
clippy_driver=$(command -v clippy-driver || rustup which clippy-driver)
lint=(env RUSTC_WORKSPACE_WRAPPER="$clippy_driver" RUSTFLAGS="-D warnings")
stage "${lint[@]}" cargo test --workspace --tests --benches --no-run
stage "${lint[@]}" cargo test --workspace

stage bash scripts/android-check.sh
echo "== all checks passed in $SECONDS s"
