#!/usr/bin/env bash
# Refreshes what the UI loads from npm, at the pinned versions below: the files are copied
# into ui/vendor/ (the app has no build step and loads them as they are), each with its
# licence and its type declarations for `tsc --checkJs`. Run it after changing a version and
# commit what it wrote.
set -euo pipefail
cd "$(dirname "$0")/.."

PREACT=11.2.0

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
(cd "$work" && npm pack --silent "preact@$PREACT" >/dev/null && tar xzf "preact-$PREACT.tgz")
out=ui/vendor/preact
rm -rf "$out"
mkdir -p "$out"
# Named .js: every webview serves that as JavaScript, which a module script must be.
cp "$work/package/dist/preact.mjs" "$out/preact.js"
cp "$work/package/LICENSE" "$out/"
cp "$work/package/src/index.d.ts" "$work/package/src/jsx.d.ts" "$work/package/src/dom.d.ts" "$out/"
# The declarations of preact.js, as TypeScript looks for them beside the module.
echo 'export * from "./index";' > "$out/preact.d.ts"
echo "preact $PREACT from the npm registry, by scripts/vendor.sh" > "$out/VERSION"
echo "ui/vendor: preact $PREACT"
