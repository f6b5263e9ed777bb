#!/usr/bin/env bash
# Type-checks the app package and every workspace crate for Android (aarch64-linux-android),
# so code that only compiles on the desktop is caught without building an APK. It needs only
# that target's standard library, no Android SDK or NDK: `cargo check` does not link, and none
# of the app's dependencies compiles C for Android. When the target is not installed it
# installs it with rustup (a download of the standard library only), so CI always runs the
# check. Building a real APK is in the README, "Build for Android / iOS".
set -euo pipefail
cd "$(dirname "$0")/.."

target=aarch64-linux-android

if [ -f "$HOME/.cargo/env" ]; then
  # shellcheck disable=SC1091
  . "$HOME/.cargo/env"
fi

if ! command -v rustup >/dev/null; then
  echo "android-check: rustup is needed to add the $target standard library" >&2
  exit 1
fi
if ! rustup target list --installed | grep -qx "$target"; then
  echo "android-check: installing the Rust standard library for $target"
  rustup target add "$target"
fi

echo "android-check: cargo check --workspace --target $target"
# --workspace is the app package (okey-app, the root) and every crate under src-tauri/crates/.
cargo check --workspace --target "$target"
echo "android-check: the app and every workspace crate compile for $target"
