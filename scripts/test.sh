#!/usr/bin/env bash
# Installs what is needed (see setup.sh, plus the end-to-end tools) and runs every check CI
# runs: formatting, clippy with warnings as errors, all tests of the workspace, including the
# end-to-end test of the real app under Xvfb, and the Android type check (android-check.sh,
# which skips with a message when the aarch64-linux-android target is not installed).
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
stage cargo clippy --workspace --all-targets -- -D warnings
stage cargo test --workspace
stage bash scripts/android-check.sh
echo "== all checks passed in $SECONDS s"
