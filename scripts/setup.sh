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
  python3 -m pip install -q --disable-pip-version-check -e '.[dev]' >&2
  touch "$stamp"
fi
# the startup hook making `mini-extra swebench` run the LLM-IDE agent (an editable install does not carry its .pth)
python3 -m agent.cli install-hook >/dev/null
if ! command -v nvim >/dev/null 2>&1; then
  echo "installing neovim (Debian) for the editor-attach test…" >&2
  DEBIAN_FRONTEND=noninteractive apt-get update -qq >&2
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends neovim >&2
fi
bash scripts/engine.sh >&2
bash scripts/images.sh >&2
