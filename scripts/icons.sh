#!/usr/bin/env bash
# Renders the app icons from icons/icon.svg. The PNGs and the ICO are committed, so builds and
# CI never run this; run it after changing the SVG. Needs rsvg-convert (apt-get install
# librsvg2-bin) and python3.
set -euo pipefail
cd "$(dirname "$0")/.."

svg=icons/icon.svg
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

rsvg-convert -w 32 -h 32 "$svg" -o icons/32x32.png
rsvg-convert -w 128 -h 128 "$svg" -o icons/128x128.png
rsvg-convert -w 256 -h 256 "$svg" -o icons/128x128@2x.png
rsvg-convert -w 512 -h 512 "$svg" -o icons/icon.png
rsvg-convert -w 16 -h 16 "$svg" -o "$tmp/16.png"
rsvg-convert -w 48 -h 48 "$svg" -o "$tmp/48.png"
# The page in ui/ shows the same tile; ui/ is all the webview can load.
cp "$svg" ui/icon.svg

# An ICO that holds PNG images (readable since Windows Vista): header, directory, image bytes.
python3 - "$tmp" <<'PY'
import struct, sys
tmp = sys.argv[1]
files = [(f"{tmp}/16.png", 16), ("icons/32x32.png", 32), (f"{tmp}/48.png", 48),
         ("icons/128x128.png", 128), ("icons/128x128@2x.png", 256)]
images = [open(path, "rb").read() for path, _ in files]
out = struct.pack("<HHH", 0, 1, len(files))
offset = 6 + 16 * len(files)
for (_, size), data in zip(files, images):
    # A size of 256 is written as 0 in the one-byte width and height fields.
    out += struct.pack("<BBBBHHII", size % 256, size % 256, 0, 0, 1, 32, len(data), offset)
    offset += len(data)
open("icons/icon.ico", "wb").write(out + b"".join(images))
PY
echo "icons rendered from $svg"
