#!/bin/sh
# Brings the public media of the real-footage set into bench/scenes/.media (gitignored):
#   python3-imageio  (cockatoo.mp4, realshort.mp4; BSD-2-Clause, Debian main)
#   python3-skimage  (photos: astronaut, coffee, chelsea, motorcycle, rocket, hubble …; BSD-3 / public domain / CC0, see its copyright file)
#   mux.js (npm)     (test/segments/sintel-captions.ts: Sintel, © Blender Foundation, CC-BY 3.0)
# Usage: sh bench/scenes/fetch-media.sh [DIR]   (default bench/scenes/.media)
set -eu
DIR="${1:-$(dirname "$0")/.media}"
mkdir -p "$DIR"
cd "$DIR"
if [ ! -f x/usr/lib/python3/dist-packages/imageio/resources/images/cockatoo.mp4 ] || [ ! -f x/usr/lib/python3/dist-packages/skimage/data/astronaut.png ]; then
  apt-get download python3-imageio python3-skimage
  for deb in python3-imageio_*.deb python3-skimage_*.deb; do dpkg -x "$deb" x; done
fi
if [ ! -f package/test/segments/sintel-captions.ts ]; then
  npm pack mux.js@7.1.0 --silent
  tar xzf mux.js-*.tgz package/test/segments/sintel-captions.ts
fi
echo "media in $(pwd)"
