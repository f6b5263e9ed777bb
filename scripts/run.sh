#!/usr/bin/env bash
# Installs what is needed (see setup.sh) and starts the Okey app.
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=scripts/setup.sh
. scripts/setup.sh

cargo run -p okey-app "$@"
