#!/usr/bin/env bash
# Real media for the quality benches, from Debian packages (licences in each package's copyright
# file), extracted without installing into bench/quality/.media (gitignored):
#   pocketsphinx-testdata   LibriVox read speech with transcripts (speech WER)
#   python3-imageio         cockatoo.mp4 (labels)
#   python3-skimage         photos: astronaut, coffee, chelsea, motorcycle … (labels)
#   python-matplotlib-data  grace_hopper.jpg (labels)
#   opencv-doc              OpenCV sample photos: messi5, fruits, basketball, imageTextN … (labels, OCR)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")"
mkdir -p .media/debs .media/x
cd .media/debs
for p in pocketsphinx-testdata python3-skimage python3-imageio python-matplotlib-data opencv-doc; do
  ls "${p}"_*.deb >/dev/null 2>&1 || apt-get download "$p"
done
cd ..
for d in debs/*.deb; do
  case "$d" in
    *opencv-doc*) dpkg-deb --fsys-tarfile "$d" | tar -x -C x --wildcards './usr/share/doc/opencv-doc/examples/data/*.[jp][pn]g' ;;
    *) dpkg -x "$d" x ;;
  esac
done
echo "media in $(pwd)/x"
