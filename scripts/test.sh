#!/usr/bin/env bash
# Installs what is needed (see setup.sh, plus the end-to-end tools) and runs every check CI
# runs: formatting, clippy with warnings as errors, all tests of the workspace, including the
# end-to-end test of the real app under Xvfb, and the Android type check (android-check.sh,
# which skips with a message when the aarch64-linux-android target is not installed).
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=scripts/setup.sh
. scripts/setup.sh
okey_install_e2e_tools

cargo fmt --all -- --check
cargo clippy --workspace --all-targets -- -D warnings
cargo test --workspace
bash scripts/android-check.sh
