#!/usr/bin/env bash
# Installs what building Okey needs on Debian or Ubuntu: the system libraries Tauri links
# against, and rustfmt and clippy. Sourced by run.sh and test.sh; safe to run again.
set -euo pipefail

# The libraries Tauri 2 builds against on Linux (see tauri.app's prerequisites).
OKEY_APT_PACKAGES=(
  libwebkit2gtk-4.1-dev build-essential curl wget file libxdo-dev libssl-dev
  libayatana-appindicator3-dev librsvg2-dev
)

# What the end-to-end test adds: WebKit's WebDriver and a virtual X server.
OKEY_E2E_APT_PACKAGES=(webkit2gtk-driver xvfb)

okey_install_system_packages() {
  local missing=()
  local package
  for package in "$@"; do
    # dpkg-query is quick, so a machine that has everything skips apt (and its network) entirely.
    if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed"; then
      missing+=("$package")
    fi
  done
  if [ "${#missing[@]}" -eq 0 ]; then
    return
  fi
  echo "Installing system packages: ${missing[*]}"
  local sudo=()
  # Fresh containers run as root without sudo; desktops have sudo and a normal user.
  if [ "$(id -u)" -ne 0 ]; then
    if ! command -v sudo >/dev/null; then
      echo "error: need root or sudo to install ${missing[*]}" >&2
      exit 1
    fi
    sudo=(sudo)
  fi
  "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update
  "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "${missing[@]}"
}

okey_install_rust() {
  if [ -f "$HOME/.cargo/env" ]; then
    # shellcheck disable=SC1091
    . "$HOME/.cargo/env"
  fi
  if ! command -v cargo >/dev/null; then
    echo "Installing Rust with rustup"
    curl --proto '=https' --tlsv1.2 -sSf https://sh.rustup.rs | sh -s -- -y --profile minimal
    # shellcheck disable=SC1091
    . "$HOME/.cargo/env"
  fi
  if command -v rustup >/dev/null; then
    # Only the components missing are downloaded; this is quick when both are present.
    local installed
    installed=$(rustup component list --installed)
    for component in rustfmt clippy; do
      if ! grep -q "^$component" <<<"$installed"; then
        rustup component add "$component"
      fi
    done
  fi
}

# tauri-driver bridges WebDriver to the app's webview; used by the end-to-end test only.
okey_install_e2e_tools() {
  okey_install_system_packages "${OKEY_E2E_APT_PACKAGES[@]}"
  if ! command -v tauri-driver >/dev/null; then
    echo "Installing tauri-driver"
    # It only relays WebDriver requests in tests, so it is built unoptimized: that takes a
    # fraction of the time of a release build on a fresh machine.
    CARGO_PROFILE_RELEASE_OPT_LEVEL=0 CARGO_PROFILE_RELEASE_CODEGEN_UNITS=256 \
      CARGO_PROFILE_RELEASE_DEBUG=false \
      cargo install tauri-driver --version 2.1.0 --locked
  fi
}

# The UI's checks (scripts/test.sh): Node.js runs its unit tests and TypeScript's checker,
# pinned in package.json and package-lock.json, reads its JavaScript against the types the
# Rust side declares. The app itself needs neither: ui/ is served as it is.
okey_install_ui_tools() {
  if ! command -v node >/dev/null || ! command -v npm >/dev/null; then
    okey_install_system_packages nodejs npm
  fi
  npm ci --no-audit --no-fund --loglevel=error
}

okey_install_system_packages "${OKEY_APT_PACKAGES[@]}"
okey_install_rust
