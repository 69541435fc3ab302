#!/bin/sh
# Probe an image: print one JSON line per usable base Python interpreter, and one for conda.
# Must run on any image's /bin/sh and on Python 3.5+ (no f-strings).
default=$(command -v python3 2>/dev/null || true)
for p in "$default" /usr/bin/python3* /usr/local/bin/python3* /opt/*/bin/python3* /usr/local/python*/bin/python3*; do
  case "$p" in ""|*-config|*.py) continue;; esac
  [ -x "$p" ] || continue
  "$p" - "$p" "$default" <<'PY' 2>/dev/null || true
import json, os, platform, sys
try:
    import venv  # noqa
    has_venv = True
except ImportError:
    has_venv = False
libc = platform.libc_ver()
print(json.dumps({
    "kind": "python", "path": sys.argv[1], "real": os.path.realpath(sys.argv[1]),
    "default": sys.argv[1] == sys.argv[2],
    "version": list(sys.version_info[:3]), "venv": has_venv,
    "in_env": sys.prefix != getattr(sys, "base_prefix", sys.prefix),
    "machine": platform.machine(), "libc": [libc[0], libc[1]],
}))
PY
done
for c in "$(command -v conda 2>/dev/null || true)" /opt/miniconda3/bin/conda /opt/conda/bin/conda /opt/miniforge3/bin/conda; do
  [ -n "$c" ] && [ -x "$c" ] && { echo "{\"kind\": \"conda\", \"path\": \"$c\"}"; break; }
done
echo '{"kind": "end", "machine": "'"$(uname -m)"'"}'
