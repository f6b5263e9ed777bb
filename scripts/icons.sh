#!/usr/bin/env bash
# Renders every app icon from icons/icon.svg with the Tauri CLI's `icon` command: the desktop
# PNGs, icon.ico, icon.icns, the Windows Store logos, icons/android/ (every mipmap density and
# the adaptive icon) and icons/ios/ (every AppIcon size). All are committed, so builds and CI
# never run this; run it after changing the SVG. Needs npx (Node.js; the CLI comes from npm as
# a prebuilt binary), rsvg-convert (apt-get install librsvg2-bin) and ImageMagick's mogrify
# (apt-get install imagemagick).
set -euo pipefail
cd "$(dirname "$0")/.."

svg=icons/icon.svg
# The table's felt (--felt in ui/style.css): the background of the iOS icon and of Android's
# adaptive icon, which both need an opaque square behind the tile.
background='#1f6b40'
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# Android masks an adaptive icon's foreground to a circle or squircle of about 61% of its side
# (72 of 108 dp, minus the mask's corners), so the tile is drawn at 58% in the middle of an
# empty square; the CLI's own android_fg_scale left the SVG at full size when tried (2.12.5).
rsvg-convert -w 594 -h 594 --page-width 1024 --page-height 1024 --left 215 --top 215 \
  "$svg" -o "$tmp/android-foreground.png"
cp "$svg" "$tmp/icon.svg"
cat >"$tmp/icons.json" <<JSON
{"default": "icon.svg", "bg_color": "$background", "android_fg": "android-foreground.png"}
JSON

# -o keeps the output in icons/ even after `tauri android init` / `tauri ios init` (without it
# the CLI writes the phone icons into gen/ instead); the README copies them into gen/.
npx --yes @tauri-apps/cli@2 icon "$tmp/icons.json" -o icons

# The App Store refuses an app icon that has an alpha channel, even a fully opaque one, and the
# CLI writes the iOS icons as RGBA (2.12.5): flatten them onto the background as plain RGB.
mogrify -background "$background" -alpha remove -alpha off -define png:color-type=2 icons/ios/*.png

# The page in ui/ shows the same tile; ui/ is all the webview can load.
cp "$svg" ui/icon.svg
echo "icons rendered from $svg"
