"""`toolprov`: provision tools into container images as cached, content-addressed layers."""

import json
import os
import signal
import sys
import time
from pathlib import Path
from typing import Annotated

import requests
import typer
from rich.console import Console
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, SpinnerColumn, TextColumn, TimeElapsedColumn
from rich.table import Table
from typer._click.exceptions import ClickException  # typer vendors click

from provisioner import __version__, api, containers
from provisioner.batch import parse_shard, read_images_file, read_instance_rows, run_many, select_shard
from provisioner.engine import explain
from provisioner.errors import Interrupted, ToolprovError, UsageError, one_line
from provisioner.recipe import BuildOptions, EnvBackend
from provisioner.refs import check_image, check_tag
from provisioner.spec import DEFAULT_SPECS_DIR, available_specs, load_spec

app = typer.Typer(
    help="Provision tools (a debugger, the LSP bridge, …) into container images as cached, content-addressed layers.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)
_width = None if sys.stdout.isatty() else 160  # pipes and CI logs get full lines, not 80 columns
err = Console(stderr=True, width=_width)
out = Console(width=_width)

JsonOpt = Annotated[bool, typer.Option("--json", help="Print machine-readable JSON on stdout.")]
SpecsOpt = Annotated[
    Path, typer.Option("--specs", help="Folder of tool specs.", envvar="TOOLPROV_SPECS", exists=True, file_okay=False)
]


def _emit(data: object) -> None:
    print(json.dumps(data, indent=2, default=str))


def _version(value: bool) -> None:
    if value:
        print(f"toolprov {__version__}")
        raise typer.Exit()


@app.callback()
def _main(
    version: Annotated[bool, typer.Option("--version", callback=_version, is_eager=True, help="Show version.")] = False,
    debug: Annotated[bool, typer.Option("--debug", help="Show tracebacks.", envvar="TOOLPROV_DEBUG")] = False,
) -> None:
    if debug:
        os.environ["TOOLPROV_DEBUG"] = "1"


@app.command()
def install(
    tools: Annotated[list[str], typer.Argument(help="Tool names (tool_specs/<name>.yaml) or spec paths.")],
    image: Annotated[list[str], typer.Option("--image", "-i", help="Image to provision (repeatable).")] = [],  # noqa: B006
    images_file: Annotated[Path | None, typer.Option(help="File with one image name per line.")] = None,
    instances: Annotated[Path | None, typer.Option(help="SWE-bench instances file (JSON lines or list).")] = None,
    jobs: Annotated[int, typer.Option("--jobs", "-j", min=1, help="Images built in parallel.")] = 2,
    network: Annotated[
        bool, typer.Option(help="Install from a package index inside the build (else offline).")
    ] = False,
    env: Annotated[str, typer.Option(help="Tool env backend: auto (conda if the image has it), conda, venv.")] = "auto",
    refresh: Annotated[bool, typer.Option(help="Re-resolve wheels instead of using the cached resolution.")] = False,
    tag: Annotated[str | None, typer.Option(help="Extra tag for the result (single image only).")] = None,
    registry: Annotated[
        str | None,
        typer.Option(
            help="Registry repository to pull provisioned layers from before building (HOST:PORT/PATH, e.g."
            " localhost:5000/toolprov).",
            envvar="TOOLPROV_REGISTRY",
        ),
    ] = None,
    push: Annotated[
        str | None, typer.Option(help="Registry repository to push every provisioned layer to (and look up first).")
    ] = None,
    shard: Annotated[
        str | None, typer.Option(help="I/N: provision only this machine's share of the images (I from 0).")
    ] = None,
    specs: SpecsOpt = DEFAULT_SPECS_DIR,
    as_json: JsonOpt = False,
) -> None:
    """Provision TOOLS into each image: a derived image per image, a no-op when already provisioned.
    The derived image's name goes to stdout (one line per image), progress and summaries to stderr."""
    from provisioner.registry import check_repo

    if env not in ("auto", "conda", "venv"):
        raise UsageError(f"--env must be auto, conda or venv, not {env!r}")
    part = parse_shard(shard) if shard is not None else None
    shard = f"{part[0]}/{part[1]}" if part else None  # as the report names it: ' 1/04' is 1/4
    items = [
        *((i, i) for i in image),
        *((i, i) for i in (read_images_file(images_file) if images_file else [])),
        *(read_instance_rows(instances) if instances else []),
    ]
    if not items:
        files = [str(f) for f in (images_file, instances) if f is not None]
        raise UsageError(f"no image given: no image in {' or '.join(files)}" if files else
                         "no image given: use --image IMG, --images-file FILE or --instances FILE")  # fmt: skip
    images = select_shard(items, part)
    # a file or a shard is always a batch, whatever it holds: a script gets the same --json report shape for a file of
    # one instance as for one of 2,000 (a shard may hold 0 or 1 image)
    single = len(items) == 1 and part is None and images_file is None and instances is None
    if tag is not None and not single:
        raise UsageError("--tag applies to a single image given with --image, not a batch (a file, a shard or a "
                         "repeated --image is one, also of one image)")  # fmt: skip
    for img in images:
        check_image(img)
    if tag is not None:
        check_tag(tag)
    for repo in (registry, push):
        if repo is not None:
            check_repo(repo)
    for name in tools:  # validate every spec before any build starts
        api.load_specs([name], specs)
    env_backend: EnvBackend = env  # type: ignore[assignment]
    if images:
        containers.sweep()  # leftovers of toolprov processes that died without cleaning up (SIGKILL, a crash)
    started = time.monotonic()

    with Progress(
        SpinnerColumn(), TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
        console=err, disable=as_json or not err.is_terminal, transient=single,
    ) as progress:  # fmt: skip
        overall = progress.add_task(f"{len(images)} images" + (f" (shard {shard})" if shard else ""),
                                    total=len(images))  # fmt: skip

        def work(img: str) -> dict:
            task = progress.add_task(f"{img}: planning", total=None)

            def report(tool: str, step: str) -> None:
                progress.update(task, description=f"{img}: {tool}: {step}")

            try:
                res = api.install_tools(
                    tools, img, network=network, env_backend=env_backend, refresh=refresh, tag=tag, specs_dir=specs,
                    progress=report, registry=registry, push=push,
                )  # fmt: skip
            except ToolprovError as e:
                progress.remove_task(task)
                if single:
                    raise
                raise ToolprovError(str(e).splitlines()[0]) from e
            progress.remove_task(task)  # long batches: only the running images have a line
            return res.to_dict()

        def finished(_outcome: object) -> None:
            progress.advance(overall)

        if single:
            results = [work(images[0])]
            outcomes = None
        else:
            outcomes = run_many(images, work, jobs, done=finished)

    counts = {s: sum(o.status == s for o in outcomes or []) for s in ("pulled", "built", "cached", "failed")}
    counts["pushed"] = sum(len(o.result["pushed"]) > 0 for o in outcomes or [] if o.result)
    shown = [s for s in counts if (s != "pulled" or registry or push) and (s != "pushed" or push)]
    summary = ", ".join(f"{counts[s]} {s}" for s in ("pulled", "built", "cached", "failed", "pushed") if s in shown)
    if as_json:
        _emit(
            results[0]
            if outcomes is None
            else {
                "shard": shard, "images": len(images), "of": len(dict.fromkeys(i for _, i in items)),
                "summary": counts, "seconds": round(time.monotonic() - started, 1),
                "results": [{"status": o.status, **(o.result or {"base": o.image, "error": o.error})}
                            for o in outcomes],
            }
        )  # fmt: skip
        for note in results[0]["notes"] if outcomes is None else []:
            _note(f"toolprov: {note}")  # stdout is the report; a note is for the person reading stderr
    elif outcomes is None:
        r = results[0]
        verb = {"cached": "already provisioned", "pulled": f"pulled {', '.join(r['pulled'])} from the registry"}.get(
            r["status"], f"built {', '.join(r['built'])}"
        )
        print(r["image"])
        pushed = f"; pushed {len(r['pushed'])} layer(s) to {r['remote']}" if r["pushed"] else ""
        _note(f"{r['image']}: {verb} in {r['seconds']:.1f}s; tools: {', '.join(r['tools'])}{pushed}")
        for note in r["notes"]:
            _note(f"toolprov: {note}")
    else:
        table = Table("image", "status", "pushed", "result / error", "s", title=f"shard {shard}" if shard else None)
        for o in outcomes:
            detail = o.result["image"] if o.result else (o.error or "")
            secs = f"{o.result['seconds']:.1f}" if o.result else ""
            npushed = str(len(o.result["pushed"])) if o.result and push else ""
            table.add_row(o.image, {"failed": "[red]failed[/red]"}.get(o.status, o.status), npushed, escape(detail),
                          secs)  # fmt: skip
        if err.is_terminal:
            err.print(table)
        for o in outcomes:
            if o.result:
                print(o.result["image"])
    for o in outcomes or []:  # as for a single image: a note is for the person reading stderr, also with --json
        for note in o.result["notes"] if o.result else []:
            _note(f"toolprov: {o.image}: {note}")
    if outcomes is not None:
        if failed := [o for o in outcomes if o.status == "failed"]:
            first = f"{failed[0].image}: {failed[0].error}"
            raise ToolprovError(f"{len(failed)} of {len(outcomes)} images failed ({summary}); first: {first}")
        if not as_json:
            took = f" in {time.monotonic() - started:.1f}s"
            _note(f"{len(images)} images" + (f" in shard {shard}" if shard else "") + f": {summary}{took}")


@app.command("list")
def list_(
    base: Annotated[str | None, typer.Option(help="Only images derived from this base.")] = None,
    as_json: JsonOpt = False,
) -> None:
    """List provisioned images, and leftover build containers (until `toolprov cleanup` or an install removes
    those of dead processes)."""
    images = api.list_provisioned(check_image(base) if base is not None else None)
    left = containers.leftovers()
    if as_json:
        _emit({
            "images": [{k: v for k, v in i.to_dict().items() if k != "manifest"} for i in images],
            "leftovers": [lo.__dict__ for lo in left],
        })  # fmt: skip
    else:
        table = Table("image", "base", "tools", "size MB", "created")
        for i in images:
            table.add_row(", ".join(i.tags) or i.id[7:19], i.base, ", ".join(i.tools), f"{i.size_mb}", i.created)
        out.print(table if images else "no provisioned images")
        if left:
            out.print("\nleftover containers:", highlight=False)
            for lo in left:
                out.print(f"  {lo.describe()}", highlight=False, markup=False)
    if dead := [lo for lo in left if lo.state != "live"]:
        _note(f"{len(dead)} leftover container(s) of toolprov processes that are gone or on another host: "
              f"{', '.join(lo.name for lo in dead)}; `toolprov cleanup` removes them")  # fmt: skip


@app.command("cleanup")
def cleanup_(
    all_: Annotated[
        bool, typer.Option("--all", help="Also containers whose toolprov process is not on this host.")
    ] = False,
    as_json: JsonOpt = False,
) -> None:
    """Remove leftover probe/build containers of toolprov processes that are gone (killed, crashed)."""
    removed = containers.sweep(include_unknown=all_)
    if as_json:
        _emit([lo.name for lo in removed])
    else:
        for lo in removed:
            print(lo.name)
        _note(f"removed {len(removed)} leftover container(s)")


@app.command("show")
def show_(image: str, as_json: JsonOpt = False) -> None:
    """Show the tools of a provisioned image: versions, envs, usage."""
    info = api.show(check_image(image))
    if as_json:
        _emit(info.to_dict())
        return
    out.print(f"[bold]{', '.join(info.tags) or info.id}[/bold]  base {info.base}  key {info.manifest['key'][:12]}")
    for t in info.manifest["tools"]:
        out.print(f"\n[bold]{t['name']}[/bold] {t['version']}  ({t['env_kind']} {t['env']}, Python {t['python']})")
        out.print(f"  run: {t['executable']}   check: {t['check']}")
        out.print("  " + t["usage"].rstrip().replace("\n", "\n  "), markup=False, highlight=False)


@app.command("verify")
def verify_(image: str, as_json: JsonOpt = False) -> None:
    """Re-run every tool's check in a fresh container of IMAGE."""
    results = api.verify(check_image(image))
    if as_json:
        _emit([r.__dict__ for r in results])
    else:
        for r in results:
            mark = "[green]ok[/green]" if r.ok else f"[red]FAILED (exit {r.exit_code})[/red]"
            out.print(f"{r.tool}: {mark}  ({r.check})")
            if not r.ok:
                out.print("  " + r.output.replace("\n", "\n  "), markup=False)
    if failed := [r.tool for r in results if not r.ok]:
        raise ToolprovError(f"{image}: check failed for {', '.join(failed)}")


@app.command("remove")
def remove_(
    images: Annotated[list[str] | None, typer.Argument(help="Provisioned images to remove.")] = None,
    all_: Annotated[bool, typer.Option("--all", help="Remove every provisioned image.")] = False,
    stale: Annotated[bool, typer.Option("--stale", help="Remove images superseded by a newer build.")] = False,
    as_json: JsonOpt = False,
) -> None:
    """Remove provisioned images (never one toolprov did not make)."""
    if not images and not all_ and not stale:
        raise UsageError("name the images to remove, or --stale, or --all")
    if sum((bool(images), all_, stale)) > 1:  # one would silently win (--stale over --all, --all over the names)
        raise UsageError("give the images to remove, --stale or --all: only one of them")
    for image in images or []:
        check_image(image)
    removed = api.remove(images or [], everything=all_, only_stale=stale)
    if as_json:
        _emit(removed)
    else:
        for r in removed:
            print(r)
        _note(f"removed {len(removed)} image tag(s)")


@app.command("dockerfile")
def dockerfile(
    tools: Annotated[list[str], typer.Argument(help="Tool names or spec paths.")],
    image: Annotated[str, typer.Option("--image", "-i", help="Base image.")],
    output: Annotated[Path, typer.Option("--output", "-o", help="New directory for the Dockerfile and its context.")],
    network: Annotated[bool, typer.Option(help="Install from a package index during the build.")] = False,
    specs: SpecsOpt = DEFAULT_SPECS_DIR,
) -> None:
    """Write a Dockerfile (and build context) that builds the same layers with any BuildKit builder."""
    from provisioner.dockerfile import check_output, export

    check_image(image)
    check_output(output)
    layers = api.plan_install(tools, image, BuildOptions(network=network), specs)
    path = export(layers, image, output)
    print(path)
    _note(f"build it with:  DOCKER_BUILDKIT=1 docker build -t {layers[-1].tag()} {output}")


@app.command("specs")
def specs_(specs: SpecsOpt = DEFAULT_SPECS_DIR, as_json: JsonOpt = False) -> None:
    """List and validate the tool specs."""
    rows = []
    for path in available_specs(specs):
        try:
            s = load_spec(path)
            rows.append(
                {
                    "tool": s.tool_name,
                    "version": s.version or "source",
                    "python": s.py_standalone,
                    "ok": True,
                    "error": "",
                }
            )
        except ToolprovError as e:
            rows.append({"tool": path.stem, "version": "", "python": "", "ok": False, "error": str(e)})
    if as_json:
        _emit(rows)
    else:
        table = Table("tool", "version", "py_standalone", "status")
        for r in rows:
            status = "ok" if r["ok"] else f"[red]{escape(str(r['error']))}[/red]"
            table.add_row(str(r["tool"]), str(r["version"]), str(r["python"] or "-"), status)
        out.print(table)
    if bad := [r for r in rows if not r["ok"]]:
        raise UsageError(f"{len(bad)} of {len(rows)} tool specs are invalid; first: {bad[0]['error']}")


def _note(message: str) -> None:
    """One plain line on stderr (no markup, no wrapping)."""
    print(message, file=sys.stderr, flush=True)


def _fail(message: str, code: int) -> None:
    _note("toolprov: error: " + " | ".join(ln.strip() for ln in message.splitlines() if ln.strip()))
    sys.exit(code)


def _on_signal(signum: int, _frame: object) -> None:
    for other in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):  # a second signal must not cut the clean-up short
        signal.signal(other, signal.SIG_IGN)
    raise Interrupted(signum)


def main() -> None:
    start = time.monotonic()
    for signum in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
        if signal.getsignal(signum) is not signal.SIG_IGN:  # nohup keeps SIGHUP ignored
            signal.signal(signum, _on_signal)
    # TOOLPROV_DEBUG=0 (or false/no/off) is off, as the --debug option itself reads it
    debug = os.environ.get("TOOLPROV_DEBUG", "").strip().lower() not in ("", "0", "false", "no", "off", "f", "n")
    debug = debug or "--debug" in sys.argv[1:]
    try:
        rc = app(standalone_mode=False)  # without standalone mode, typer returns Exit codes
        sys.exit(rc if isinstance(rc, int) else 0)
    except Interrupted as e:
        containers.cancel_all(e.signum)  # builds still running in other threads
        from provisioner.registry import untag_unfinished

        untag_unfinished()  # and their pushes
        name = signal.Signals(e.signum).name  # a batch's finished images keep their tags
        _note(f"toolprov: interrupted ({name}) after {time.monotonic() - start:.1f}s; build containers removed, "
              "no unfinished build or push tagged")  # fmt: skip
        sys.stdout.flush()
        os._exit(128 + e.signum)  # worker threads (wheel downloads) must not hold the exit up
    except (KeyboardInterrupt, typer.Abort):
        _fail("interrupted", 130)
    except ToolprovError as e:
        if debug:
            raise
        _fail(str(e), e.exit_code)
    except ClickException as e:
        ctx = getattr(e, "ctx", None)
        if type(e).__name__ == "NoArgsIsHelpError" and ctx is not None:
            print(ctx.get_help())
            _fail(f"missing command or argument; see `{ctx.command_path} --help`", 2)
        _fail(e.format_message(), e.exit_code)
    except BrokenPipeError:
        os._exit(1)  # stdout closed early (e.g. `| head -1`): nothing more to say
    except requests.exceptions.RequestException as e:
        if debug:
            raise
        _fail(explain(e), 1)
    except Exception as e:
        if debug:
            raise
        _fail(f"{type(e).__name__}: {one_line(e)} (run with --debug for the traceback)", 1)
