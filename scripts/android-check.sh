#!/usr/bin/env bash
# Type-checks the app package and every workspace crate for Android (aarch64-linux-android),
# so code that only compiles on the desktop is caught without building an APK. It needs only
# that target's standard library, no Android SDK or NDK: `cargo check` does not link, and none
# of the app's dependencies compiles C for Android. When the target is not installed it says
# how to install it and exits 0, so test.sh (and CI) run it where it can run and skip it
# elsewhere. Building a real APK is in the README, "Build for Android / iOS".
set -euo pipefail
cd "$(dirname "$0")/.."

target=aarch64-linux-android

if [ -f "$HOME/.cargo/env" ]; then
  # shellcheck disable=SC1091
  . "$HOME/.cargo/env"
fi

if ! command -v rustup >/dev/null || ! rustup target list --installed | grep -qx "$target"; then
  echo "android-check: skipped, the Rust standard library for $target is not installed."
  echo "android-check: install it with 'rustup target add $target', then run $0 again."
  exit 0
fi

echo "android-check: cargo check --workspace --target $target"
# --workspace is the app package (okey-app, the root) and every crate under src-tauri/crates/.
cargo check --workspace --target "$target"
echo "android-check: the app and every workspace crate compile for $target"
