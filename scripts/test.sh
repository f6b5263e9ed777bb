#!/usr/bin/env bash
# Installs what is needed (see setup.sh) and runs every check CI runs: formatting, clippy
# with warnings as errors, and all tests of the workspace.
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=scripts/setup.sh
. scripts/setup.sh

cargo fmt --all -- --check
cargo clippy --workspace --all-targets -- -D warnings
cargo test --workspace
