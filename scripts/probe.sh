#!/usr/bin/env bash
# The startup probe (issue 5's numbers): builds the release app, starts it once to create a
# game, then cold-starts it again to continue that game, and prints for each start how long
# until the home screen and the table were drawn and the resident memory of the app and its
# web processes; then the release binary's size. Needs Xvfb (scripts/setup.sh installs it).
set -euo pipefail
cd "$(dirname "$0")/.."
target="${CARGO_TARGET_DIR:-target}"
cargo build --release --bin okey-app
bin="$target/release/okey-app"
data="$(mktemp -d)"
trap 'rm -rf "$data"' EXIT
for mode in new continue; do
  echo "== OKEY_PROBE=$mode"
  OKEY_PROBE=$mode OKEY_DATA_DIR="$data" NO_AT_BRIDGE=1 timeout 60 xvfb-run -a "$bin" 2>&1 | grep '^probe:' || {
    echo "the probe did not report (mode $mode)" >&2
    exit 1
  }
done
echo "release binary: $(du -h "$bin" | cut -f1) ($(stat -c %s "$bin") bytes)"
