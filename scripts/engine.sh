#!/usr/bin/env bash
# Make sure a Docker engine answers: install Debian's docker.io if no dockerd exists, start dockerd fully
# detached, wait for it. Idempotent and quick when an engine already answers.
# Prints "started <pid>" on its last line when it started the daemon (so a caller can stop it), else "running".
set -euo pipefail
LOG=${DOCKERD_LOG:-/var/log/toolprov-dockerd.log}
PIDFILE=${DOCKERD_PIDFILE:-/var/run/toolprov-dockerd.pid}

answers() { timeout 5 docker version --format '{{.Server.Version}}' >/dev/null 2>&1; }

if answers; then echo running; exit 0; fi

need=()
command -v dockerd >/dev/null 2>&1 || need+=(docker.io)
command -v docker >/dev/null 2>&1 || need+=(docker.io)
command -v debootstrap >/dev/null 2>&1 || need+=(debootstrap)
if ((${#need[@]})); then
  echo "installing ${need[*]} (Debian packages)…" >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >&2
  apt-get install -y -qq --no-install-recommends "${need[@]}" iptables >&2
fi

echo "starting dockerd (log: $LOG)…" >&2
setsid dockerd --storage-driver=overlay2 </dev/null >>"$LOG" 2>&1 &
echo $! >"$PIDFILE"
for _ in $(seq 1 60); do
  if answers; then echo "started $(cat "$PIDFILE")"; exit 0; fi
  sleep 0.5
done
echo "dockerd did not answer within 30 s; last lines of $LOG:" >&2
tail -n 20 "$LOG" >&2
exit 1
