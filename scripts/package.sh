#!/usr/bin/env bash
# Builds the installable Debian/Ubuntu package of Okey (a .deb) from a clean checkout, with
# `tauri build --bundles deb`: a release build of the app, then the bundler. Installs what is
# missing first: the build libraries (setup.sh), Node.js and npm (from Debian) and the Tauri
# CLI (from npm, a prebuilt binary, run through npx). Not part of CI: a cold release build
# takes minutes. Extra arguments go to `tauri build` (for example `--verbose`).
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=scripts/setup.sh
. scripts/setup.sh

# The Tauri CLI this project's docs and notes were checked with (2.12.x); any 2.x works.
OKEY_TAURI_CLI="@tauri-apps/cli@2"

if command -v cargo-tauri >/dev/null; then
  tauri=(cargo tauri)
else
  if ! command -v npx >/dev/null; then
    okey_install_system_packages nodejs npm
  fi
  tauri=(npx --yes "$OKEY_TAURI_CLI")
fi
echo "Tauri CLI: $("${tauri[@]}" --version)"

# Where cargo puts the build (this repository sets no other target dir than cargo's default).
target_dir=${CARGO_TARGET_DIR:-target}
bundle_dir="$target_dir/release/bundle/deb"
rm -rf "$bundle_dir"

start=$(date +%s)
"${tauri[@]}" build --bundles deb "$@"
seconds=$(($(date +%s) - start))

deb=$(ls "$bundle_dir"/*.deb)
echo
echo "Built $deb ($(du -h "$deb" | cut -f1), $(stat -c %s "$deb") bytes) in ${seconds} s."
echo "Install it with: sudo apt install $deb"
