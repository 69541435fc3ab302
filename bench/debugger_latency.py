"""Round-trip latency of debugger commands in a provisioned testbed container, against `docker exec <ctr> true`.

The agent runs every debugger command as its own `docker exec`, so that is what is timed: `print` and `step`
while the failing test is stopped in its own code (a step that runs the program to its end measures the
program, not the round trip: it is counted apart). The floor, `docker exec <ctr> true`, is measured in the same
run, interleaved with the commands. Also shown: the same commands timed inside the container (no docker exec),
the debugger's own cost. Prints its figures; asserts nothing about timing.

    python bench/debugger_latency.py [--runs 50] [--image toolprov-testbed:bookworm]
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import subprocess
import time

from provisioner.api import install_tools

TEST = "tests/test_more.py::LastTests::test_basic"
START = f"debugger break more_itertools/more.py:238 && debugger start {TEST}"
IN_CONTAINER = """
import json, subprocess, sys, time
runs, cmd = int(sys.argv[1]), sys.argv[2:]
times = []
for _ in range(runs):
    t = time.perf_counter()
    subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    times.append(time.perf_counter() - t)
print(json.dumps(times))
"""


def p95(xs: list[float]) -> float:
    return sorted(xs)[max(0, math.ceil(0.95 * len(xs)) - 1)]


def timed(cmd: list[str]) -> tuple[float, int]:
    t = time.perf_counter()
    code = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode
    return time.perf_counter() - t, code


def row(name: str, xs: list[float], floor: list[float] | None) -> str:
    text = f"{name:<34} p50 {statistics.median(xs) * 1000:7.1f} ms   p95 {p95(xs) * 1000:7.1f} ms"
    if floor:
        extra = (p95(xs) - p95(floor)) * 1000
        text += f"   p95 over floor {extra:+6.1f} ms   p95 ratio {p95(xs) / p95(floor):4.2f}x"
    return text


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--runs", type=int, default=50)
    ap.add_argument("--image", default="toolprov-testbed:bookworm")
    args = ap.parse_args()

    image = install_tools(["debugger"], image=args.image).image
    ctr = subprocess.run(
        ["docker", "run", "-d", "--network", "none", image, "sleep", "infinity"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout.strip()
    dexec = ["docker", "exec", "-w", "/testbed", ctr]
    try:
        subprocess.run([*dexec, "bash", "-lc", START], check=True, capture_output=True)
        floor, prints, steps, ended = [], [], [], 0
        for _ in range(args.runs):
            floor.append(timed([*dexec, "true"])[0])
            prints.append(timed([*dexec, "debugger", "print", "len(iterable)"])[0])
            took, code = timed([*dexec, "debugger", "step"])
            if code == 3:  # that step ran the rest of the program (not a round trip): not counted; run it again
                ended += 1
                subprocess.run([*dexec, "bash", "-lc", "debugger stop; " + START], capture_output=True)
            else:
                steps.append(took)
        inside = {}
        for name, cmd in (("print", ["debugger", "print", "len(iterable)"]), ("step", ["debugger", "step"])):
            out = subprocess.run(
                [*dexec, "python3", "-c", IN_CONTAINER, str(args.runs), *cmd], check=True, capture_output=True
            ).stdout
            inside[name] = json.loads(out)
        python = subprocess.run([*dexec, "bash", "-lc", "python --version"], capture_output=True, text=True).stdout
    finally:
        subprocess.run([*dexec, "debugger", "stop"], capture_output=True)
        subprocess.run(["docker", "rm", "-f", ctr], capture_output=True)

    print(f"debugger round-trip latency, {args.runs} runs each, image {image} ({python.strip()})")
    print(row("floor: docker exec <ctr> true", floor, None))
    print(row("docker exec <ctr> debugger print", prints, floor))
    print(row("docker exec <ctr> debugger step", steps, floor) + f"   ({ended} steps ran to the end: not counted)")
    print(row("in the container: debugger print", inside["print"], None))
    print(row("in the container: debugger step", inside["step"], None))
    worst = max(p95(prints), p95(steps)) - p95(floor)
    verdict = "met" if worst <= 0.1 else "NOT met"
    print(f"goal p95 <= floor + 100 ms: {verdict} (worst p95 over floor {worst * 1000:.1f} ms)")


if __name__ == "__main__":
    main()
