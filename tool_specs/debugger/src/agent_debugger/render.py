"""Plain-text answers for the agent: compact, with file:line references it can cite."""

from __future__ import annotations

import os

REASONS = {
    "entry": "start",
    "step": "step",
    "paused": "paused",
}


def rel(path: str, root: str | None) -> str:
    if root and path.startswith(root.rstrip("/") + "/"):
        return os.path.relpath(path, root)
    return path


def where(frame: dict, root: str | None) -> str:
    return f"{rel(frame['file'], root)}:{frame['line']} in {frame['func']}()"


def context(lines: list, current: int) -> list[str]:
    width = len(str(lines[-1][0])) if lines else 1
    return [f"{'->' if n == current else '  '} {n:>{width}}  {text}".rstrip() for n, text in lines]


def stop(event: dict, root: str | None) -> list[str]:
    frame = event["frame"]
    reason = event["reason"]
    if reason == "breakpoint":
        hits = event.get("hits")
        why = f"breakpoint {event['bp']}" + (f", hit {hits} time{'s' if hits != 1 else ''}" if hits else "")
        if event.get("cond_error"):
            why += f"; its condition raised {event['cond_error']}"
    elif reason == "exception":
        why = f"exception raised: {event['exception']}"
    elif reason == "uncaught":
        why = f"uncaught exception: {event['exception']}"
    elif reason == "return":
        why = f"returning {event['value']}"
    elif reason == "unwinding":
        why = f"leaving by exception: {event['exception']}"
    else:
        why = REASONS.get(reason, reason)
    head = f"Stopped at {where(frame, root)} [{why}]"
    if event.get("depth"):
        head += f" (frame {event['depth']} up from the innermost)"
    lines = [head, *context(event.get("context") or [], frame["line"])]
    if reason == "uncaught":
        lines.append("The program crashed; inspect it (print, locals, stack, up/down); continue or stop ends it.")
    return lines


def stack(frames: list[dict], index: int, root: str | None, show_all: bool) -> list[str]:
    lines: list[str] = []
    hidden = 0
    for i, frame in enumerate(frames):
        if frame["lib"] and not show_all and i not in (index, len(frames) - 1):
            hidden += 1
            continue
        if hidden:
            lines.append(f"   ... {hidden} library frame{'s' if hidden != 1 else ''} (stack --all shows them)")
            hidden = 0
        mark = ">" if i == index else " "
        lines.append(f"{mark} {where(frame, root)}: {frame['code']}")
    return lines


def breakpoint_line(bp: dict, root: str | None) -> str:
    text = f"breakpoint {bp['number']} at {rel(bp['file'], root)}:{bp['line']}"
    if bp.get("cond"):
        text += f" if {bp['cond']}"
    if bp.get("hits"):
        text += f" (hit {bp['hits']})"
    return text


def result(cmd: str, res: dict, root: str | None, show_all: bool) -> list[str]:
    if cmd == "print":
        return [f"{res['expr']}: executed"] if res.get("executed") else [f"{res['expr']} = {res['value']}"]
    if cmd == "locals":
        return [f"{name} = {value}" for name, value in res["vars"]] or ["(no local variables)"]
    if cmd == "stack":
        return stack(res["frames"], res["index"], root, show_all)
    if cmd in ("up", "down"):
        return stop({**res, "reason": "frame"}, root)
    if cmd == "list":
        return [f"{rel(res['file'], root)}:", *context(res["lines"], res["current"])]
    if cmd == "break":
        return [f"Set {breakpoint_line(res['breakpoint'], root)}"]
    if cmd == "clear":
        what = "all breakpoints" if res["cleared"] == "all" else f"breakpoint {res['cleared']}"
        return [f"Cleared {what}; {len(res['breakpoints'])} left"]
    if cmd == "breaks":
        return [breakpoint_line(b, root) for b in res["breakpoints"]] or ["No breakpoints"]
    return [str(res)]


def exit_line(exit: dict, stopped: bool = False) -> str:
    if exit.get("signal"):
        text = f"The program was killed by {exit['signal']}"
    elif exit.get("code") is None:
        text = "The program ended"
    else:
        text = f"The program exited with code {exit['code']}"
    if exit.get("note"):
        text += f" ({exit['note']})"
    if stopped:  # `stop` removes the session, breakpoints too
        return text + "."
    return text + "; `debugger start ...` runs it again, breakpoints are kept."


def output(out: dict | None) -> list[str]:
    if not out or not out.get("text"):
        return []
    text = out["text"].rstrip("\n")
    note = f"program output ({out['total']} chars" + (f", {out['cut']} cut" if out.get("cut") else "") + ")"
    return [f"--- {note} ---", text, "---"]


def status(st: dict, root: str | None) -> list[str]:
    lines = [f"target: {' '.join(st.get('target') or [])}"]
    if st.get("python"):
        lines.append(f"python: {st['python']} ({st.get('executable')}), pid {st.get('pid')}")
    lines.extend(breakpoint_line({**b, "number": i}, root) for i, b in enumerate(st.get("breakpoints") or [], start=1))
    return lines


def render(cmd: str, resp: dict, show_all: bool = False) -> str:
    root = resp.get("root")
    lines: list[str] = []
    if resp.get("notice"):
        lines.append(f"({resp['notice']})")
    for r in resp.get("rejected") or []:
        lines.append(f"breakpoint at {rel(r['file'], root)}:{r['line']} dropped: {r['error']}")
    if not resp.get("ok", True):
        lines.append(f"error: {resp.get('error')}")
    if resp.get("result"):
        lines.extend(result(cmd, resp["result"], root, show_all))
    if resp.get("stop"):
        lines.extend(stop(resp["stop"], root))
    if resp.get("busy"):
        lines.append(f"Busy: {resp['busy']}; `debugger pause` interrupts it, `debugger stop` ends the program.")
    if resp.get("running") is not None:
        lines.append(
            f"Still running after {resp['running']:.1f}s (no stop yet): `debugger continue` waits again, "
            "`debugger pause` interrupts it, `debugger stop` kills it."
        )
    if resp.get("exit"):
        lines.append(exit_line(resp["exit"], stopped=bool(resp.get("stopped"))))
    if resp.get("stopped"):
        lines.append(f"Session {resp.get('session')} stopped; no process left.")
    if cmd == "status" and resp.get("status"):
        lines.extend(status(resp["status"], root))
    lines.extend(output(resp.get("output")))
    return "\n".join(lines)
