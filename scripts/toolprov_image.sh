#!/usr/bin/env bash
# Build the image of the root Dockerfile (toolprov in a container) from the local base image, offline:
# the package's wheels are resolved on the host into .build/wheels, which only the build stage sees.
# Usage: scripts/toolprov_image.sh [TAG]   (default toolprov:latest)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
tag=${1:-toolprov:latest}
cd "$root"
python3 - <<'PY' >.build-reqs.txt
import tomllib
data = tomllib.load(open("pyproject.toml", "rb"))
print("\n".join(data["build-system"]["requires"] + data["project"]["dependencies"] + ["pip"]))
PY
mkdir -p .build/wheels
python3 -m pip download -q --disable-pip-version-check --only-binary=:all: --python-version 3.11 \
  --platform manylinux2014_x86_64 --platform manylinux_2_36_x86_64 -d .build/wheels -r .build-reqs.txt
rm -f .build-reqs.txt
docker build -q --build-arg BASE=toolprov-base:bookworm -t "$tag" . >/dev/null
echo "$tag"
