#!/usr/bin/env bash
# Build the local images the README and the tests use (there is no registry here). Cached: an image that
# already exists is kept, so a second run takes seconds. Set TOOLPROV_REBUILD_IMAGES=1 to rebuild.
#   toolprov-base:{bookworm,bullseye,trixie}   Debian minbase + python3 (3.11 / 3.9 / 3.13), venv, pip, git
#   toolprov-testbed:{bookworm,bullseye}       SWE-bench-like: a real project with a bug at /testbed, its own
#                                              env at /opt/testbed-env activated from /root/.bashrc
# Usage: scripts/images.sh [suite...]   (default: all)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
MIRROR=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
suites=("${@:-bookworm bullseye trixie}")
read -r -a suites <<<"${suites[*]}"
declare -A TESTBED=([bookworm]=3.11 [bullseye]=3.9)

have() { [ -z "${TOOLPROV_REBUILD_IMAGES:-}" ] && docker image inspect "$1" >/dev/null 2>&1; }

build_base() {
  local suite=$1 root
  have "toolprov-base:$suite" && return 0
  root=$(mktemp -d "/var/tmp/toolprov-rootfs-$suite.XXXX")
  echo "[$suite] debootstrap (about a minute)…" >&2
  debootstrap --variant=minbase --include=python3,python3-venv,python3-pip,git,ca-certificates \
    "$suite" "$root" "$MIRROR" >"$root.log" 2>&1 || { tail -n 20 "$root.log" >&2; rm -rf "$root"; return 1; }
  rm -rf "$root"/var/cache/apt/archives/*.deb "$root"/var/lib/apt/lists/*
  tar -C "$root" -c . | docker import -c 'CMD ["/bin/bash"]' -c 'ENV LANG=C.UTF-8' - "toolprov-base:$suite" >/dev/null
  rm -rf "$root" "$root.log"
  echo "[$suite] toolprov-base:$suite ready" >&2
}

build_testbed() {
  local suite=$1 py=${TESTBED[$1]} ctx
  have "toolprov-testbed:$suite" && return 0
  ctx=$(mktemp -d)
  echo "[$suite] testbed image (python $py)…" >&2
  pip download -q --disable-pip-version-check --no-deps --no-binary :all: -d "$ctx/sdist" "more-itertools==10.5.0"
  tar -C "$ctx" -xzf "$ctx"/sdist/more_itertools-10.5.0.tar.gz 2>/dev/null || tar -C "$ctx" -xzf "$ctx"/sdist/*.tar.gz
  mv "$ctx"/more-itertools-10.5.0 "$ctx/project"
  # the task's bug: last() indexes past the end of a sequence and reports "empty iterable"
  sed -i 's/            return iterable\[-1\]/            return iterable[len(iterable)]/' "$ctx/project/more_itertools/more.py"
  grep -q 'return iterable\[len(iterable)\]' "$ctx/project/more_itertools/more.py"
  pip download -q --disable-pip-version-check --only-binary :all: --python-version "$py" --implementation cp -d "$ctx/wheels" \
    "pytest>=7,<9" "flit_core>=3.2,<4" "tomli>=1" "exceptiongroup>=1"  # markers are not evaluated for the target
  cp "$here/testbed/Dockerfile" "$ctx/Dockerfile"
  docker build -q --build-arg "BASE=toolprov-base:$suite" -t "toolprov-testbed:$suite" "$ctx" >/dev/null
  rm -rf "$ctx"
  echo "[$suite] toolprov-testbed:$suite ready" >&2
}

pids=()
for s in "${suites[@]}"; do build_base "$s" & pids+=($!); done
for p in "${pids[@]}"; do wait "$p"; done
for s in "${suites[@]}"; do [ -n "${TESTBED[$s]:-}" ] && build_testbed "$s"; done
echo "images ready: $(docker images --format '{{.Repository}}:{{.Tag}}' | grep -E '^toolprov-(base|testbed):[a-z]+$' | sort | tr '\n' ' ')"
