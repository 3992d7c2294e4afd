#!/usr/bin/env bash
# Vendors Leaflet, the web page's map library, from npm into httpapi/web
# (embedded in the binary: the page loads no script from another host).
# Pinned: change the version here and run it again to upgrade.
set -euo pipefail
version=1.9.4
cd "$(dirname "$0")/.."
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
(cd "$tmp" && npm pack --silent "leaflet@$version" >/dev/null && tar xzf "leaflet-$version.tgz")
cp "$tmp/package/dist/leaflet.js" httpapi/web/leaflet.js
cp "$tmp/package/dist/leaflet.css" httpapi/web/leaflet.css
{ echo "Leaflet $version (npm leaflet@$version, dist/leaflet.js and dist/leaflet.css), under this licence:"; echo; cat "$tmp/package/LICENSE"; } > httpapi/web/leaflet-LICENSE.txt
echo "vendored Leaflet $version into httpapi/web"
