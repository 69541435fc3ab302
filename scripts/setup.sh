#!/usr/bin/env bash
# One idempotent set-up for a fresh machine, quick when everything is already there:
#   the package (editable, with its dev/lsp/agent extras), Debian tools the tests drive (neovim),
#   the Docker engine (scripts/engine.sh), and the local images (scripts/images.sh).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"

stamp=".setup-stamp"
# where the installed package lives, asked from outside the checkout (here the checkout itself is importable, which
# would hide a missing install, or an editable install of another, maybe deleted, checkout; mini-swe-agent prints a
# banner on import: the last line is the answer)
installed=$(cd / && python3 -c "import os, provisioner.cli, lsp_bridge.cli, agent.cli, pygls, minisweagent
print(os.path.dirname(os.path.dirname(os.path.abspath(provisioner.__file__))))" 2>/dev/null | tail -n 1 || true)
if ! command -v toolprov >/dev/null 2>&1 || [ pyproject.toml -nt "$stamp" ] || [ "$installed" != "$root" ]; then
  echo "installing the package and its extras (pip install -e '.[dev]')…" >&2
  # an editable install is one per interpreter: say so when this moves it away from another checkout
  if [ -n "$installed" ] && [ "$installed" != "$root" ]; then
    echo "note: python3 imported the package from $installed; from now on it imports $root" >&2
  fi
  python3 -m pip install -q --disable-pip-version-check -e '.[dev]' >&2
  touch "$stamp"
fi
# the startup hook making `mini-extra swebench` run the LLM-IDE agent (both installs carry its .pth; this repairs an
# install made before they did)
python3 -m agent.cli install-hook >/dev/null
# Debian tools the tests drive: neovim (the editor-attach test), docker-registry (a loopback registry: the test of an
# instance image that must be pulled first, as SWE-bench's images are, and the scale tests), openssh-server (the scale
# tests reach an engine over DOCKER_HOST=ssh://; the test starts its own sshd on 127.0.0.1, never the system service)
missing=()
command -v nvim >/dev/null 2>&1 || missing+=(neovim)
command -v docker-registry >/dev/null 2>&1 || missing+=(docker-registry)
[ -x /usr/sbin/sshd ] || missing+=(openssh-server)
if [ ${#missing[@]} -gt 0 ]; then
  echo "installing ${missing[*]} (Debian) for the tests…" >&2
  DEBIAN_FRONTEND=noninteractive apt-get update -qq >&2
  # the registry and ssh packages would start (and enable) services listening on :5000 and :22; the tests run their
  # own on loopback
  own_policy=0
  if [ ! -e /usr/sbin/policy-rc.d ]; then
    printf '#!/bin/sh\nexit 101\n' > /usr/sbin/policy-rc.d && chmod +x /usr/sbin/policy-rc.d && own_policy=1
  fi
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >&2
  [ "$own_policy" = 1 ] && rm -f /usr/sbin/policy-rc.d
  if [ -d /run/systemd/system ]; then systemctl disable docker-registry ssh >/dev/null 2>&1 || true; fi
fi
# docker-buildx for the scale test of `toolprov dockerfile` with a registry cache: Debian packages it from trixie on
# (bookworm has none). Its .deb comes from this machine's own Debian mirror through apt with a sources list and state
# of its own (the system's sources are not touched); only the plugin's binary is kept, outside the docker CLI's
# plugin folders, so `docker build` elsewhere stays as it is: the test hands it to the CLI in a DOCKER_CONFIG of its own
buildx=/usr/local/lib/toolprov/cli-plugins/docker-buildx
if [ ! -x "$buildx" ]; then
  echo "fetching docker-buildx (Debian trixie's package) for the BuildKit test…" >&2
  mirror=$(awk '/^URIs:/ {print $2; exit}' /etc/apt/sources.list.d/debian.sources 2>/dev/null || true)
  [ -n "$mirror" ] || mirror=$(awk '$1 == "deb" {print $2; exit}' /etc/apt/sources.list 2>/dev/null || true)
  apt_dir=$(mktemp -d)
  mkdir -p "$apt_dir/lists/partial"
  echo "deb $mirror trixie main" > "$apt_dir/sources.list"
  apt_opts=(-o "Dir::Etc::sourcelist=$apt_dir/sources.list" -o Dir::Etc::sourceparts=-
    -o "Dir::State::Lists=$apt_dir/lists" -o APT::Sandbox::User=root)
  apt-get "${apt_opts[@]}" update -qq >&2
  (cd "$apt_dir" && apt-get "${apt_opts[@]}" download -qq docker-buildx >&2)
  mkdir -p "$(dirname "$buildx")"
  dpkg-deb --fsys-tarfile "$apt_dir"/docker-buildx_*.deb \
    | tar -xO ./usr/libexec/docker/cli-plugins/docker-buildx > "$buildx.part"
  chmod +x "$buildx.part" && mv "$buildx.part" "$buildx"
  rm -rf "$apt_dir"
fi
bash scripts/engine.sh >&2
bash scripts/images.sh >&2
