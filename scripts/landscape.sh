#!/usr/bin/env bash
# Asks the generated phone projects for landscape, the table's layout. Tauri 2 has no
# orientation setting in tauri.conf.json (tauri-apps/tauri#13408), so this edits what `android
# init` and `ios init` generate: the main activity of gen/android gets
# android:screenOrientation="sensorLandscape" (either landscape side, by the sensor), and the
# iOS Info.plist lists only the two landscape orientations. Run it after each `init`; running
# it twice changes nothing. Usage: bash scripts/landscape.sh [GEN_DIR] (default: gen).
set -euo pipefail
cd "$(dirname "$0")/.."
gen=${1:-gen}
done_any=false

manifest="$gen/android/app/src/main/AndroidManifest.xml"
if [ -f "$manifest" ]; then
  if grep -q 'android:screenOrientation=' "$manifest"; then
    sed -i.bak -E 's/android:screenOrientation="[^"]*"/android:screenOrientation="sensorLandscape"/' "$manifest"
  else
    # The first <activity is the app's main (and only) activity in Tauri's template.
    sed -i.bak -E '0,/<activity/s//<activity android:screenOrientation="sensorLandscape"/' "$manifest"
  fi
  rm -f "$manifest.bak"
  echo "landscape: $manifest"
  done_any=true
fi

for plist in "$gen"/apple/*_iOS/Info.plist; do
  [ -f "$plist" ] || continue
  python3 - "$plist" <<'PY'
import plistlib, sys
path = sys.argv[1]
with open(path, "rb") as f:
    info = plistlib.load(f)
sides = ["UIInterfaceOrientationLandscapeLeft", "UIInterfaceOrientationLandscapeRight"]
info["UISupportedInterfaceOrientations"] = sides
info["UISupportedInterfaceOrientations~ipad"] = sides
with open(path, "wb") as f:
    plistlib.dump(info, f)
PY
  echo "landscape: $plist"
  done_any=true
done

if ! $done_any; then
  echo "no generated phone project under $gen/: run 'tauri android init' or 'tauri ios init' first" >&2
  exit 1
fi
