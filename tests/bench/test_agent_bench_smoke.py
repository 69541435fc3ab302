"""The localization benchmark's policy on a tiny repository: seeds from a problem statement, both backends (grep and
the agent's actions over a real lsp-bridge) reach the gold function and count what was on screen."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))

from localization.search import (
    ActionsBackend,
    Gold,
    GrepBackend,
    Hit,
    SedBackend,
    Task,
    callback_bases,
    extract_frames,
    extract_identifiers,
    extract_messages,
    extract_subjects,
    load_tasks,
    repo_files,
    run_policy,
    task_set,
)

from lsp_bridge.client import BridgeClient

CART = """\
class Cart:
    def __init__(self):
        self.items = []

    def total(self):
        total = 0
        for price, qty in self.items:
            total += price
        return total


def checkout(cart):
    return cart.total()
"""

PROBLEM = """Cart.total() ignores the quantity:

Traceback (most recent call last):
  File "/venv/lib/python3.11/site-packages/shop/cart.py", line 13, in checkout
    return cart.total()
AssertionError
"""


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    (tmp_path / "shop").mkdir()
    (tmp_path / "shop/__init__.py").write_text("")
    (tmp_path / "shop/cart.py").write_text(CART)
    (tmp_path / "tests").mkdir()
    (tmp_path / "tests/test_cart.py").write_text("def test_total():\n    pass\n")
    return tmp_path


def words(text: str) -> int:
    return len(text.split())


def test_seeds_from_statement(repo: Path) -> None:
    assert extract_frames(PROBLEM, repo_files(repo))[0].file == "shop/cart.py"
    assert extract_identifiers(PROBLEM) == ["Cart.total", "cart.total"]
    # a Latin abbreviation is prose, not a dotted name (session 16: `e.g` cost every tool four calls of nonsense)
    latin = "Totals are wrong, e.g. `Cart.total()` (i.e. the sum), e.g: checkout(), cf. q.v. I.E. shop.cart"
    assert extract_identifiers(latin) == ["Cart.total", "checkout", "shop.cart"]


def test_seeds_of_reports_that_only_describe_behaviour(repo: Path) -> None:
    """A quoted `dir/file.py:LINE` outside a traceback is opened like a frame (a bare `file.py:LINE` is the user's own
    file); a hyphenated name the title names and the statement repeats is the report's subject (a linter message)."""
    report = (
        "wrong-exception-operation raised when the cart is empty\n\n"
        "    a.py:5:7: W0716: Invalid exception operation (wrong-exception-operation)\n"
        "    (plugin: details failed: C:\\venv\\site-packages\\shop\\cart.py:8: TypeError)\n"
        "A built-in list, see cart.py:3.\n"
    )
    frames = extract_frames(report, repo_files(repo))
    assert [(f.file, f.line) for f in frames] == [("shop/cart.py", 8)]
    assert extract_subjects(report) == ["wrong-exception-operation"]  # `built-in` is said once, not in the title
    assert extract_subjects("Undefined variable for T\n\nE0602 (undefined-variable)\nE0602 (undefined-variable)\n") == [
        "undefined-variable"
    ]
    # an error message is grepped as the source writes it; one quoting the failing values is not the source's text
    messages = "jinja2.exceptions.TemplateSyntaxError: control structures are not allowed.\n"
    messages += "AttributeError: 'Block' object has no attribute 'nodes'\nValueError: bad\n"
    assert extract_messages(messages) == ["control structures are not allowed"]


def test_links_are_not_seeds(repo: Path) -> None:
    """Session 12: a link's host and path are no identifiers (a reader follows a link, never greps `github.com`), in
    angle brackets, parentheses or bare; the code names around them still are."""
    report = (
        "`Cart.total` ignores qty, see [#12](https://github.com/shop/cart_tools/issues/12) and\n"
        "<https://error.shop.org/no-cache> or https://huggingface.co/datasets/x/main/asr_train.tsv; checkout()\n"
    )
    assert extract_identifiers(report) == ["Cart.total", "checkout"]
    assert extract_identifiers(report.replace("https://", "")) == [
        "Cart.total", "github.com", "cart_tools", "error.shop.org", "huggingface.co", "asr_train.tsv", "checkout"
    ]  # fmt: skip


def test_shipped_tasks_are_complete() -> None:
    tasks = load_tasks()
    assert len(tasks) >= 10
    assert sum(t.large for t in tasks) >= 4
    assert all(t.gold and t.problem.strip() and t.bug_version != t.fix_version for t in tasks)


def test_task_sets_and_tuned_only(tmp_path: Path) -> None:
    """Held-out rounds load (heldout_round is optional), and --tuned-only never loads a task not tuned on."""
    base = "package: p\nbug_version: '1'\nfix_version: '2'\nlarge: false\nproblem: x\n"
    base += "gold: [{file: a.py, function: f}]\n"
    (tmp_path / "a.yaml").write_text("id: a\ntuned: true\n" + base)
    (tmp_path / "b.yaml").write_text("id: b\ntuned: true  # held out until session 5\nheldout_round: 1\n" + base)
    (tmp_path / "c.yaml").write_text("id: c\ntuned: false\nheldout_round: 2\n" + base)
    (tmp_path / "d.yaml").write_text("id: d\ntuned: false\n" + base)
    tasks = load_tasks(tmp_path)
    assert [(t.id, task_set(t)) for t in tasks] == [("a", "tuned"), ("b", "h1"), ("c", "h2"), ("d", "held")]
    assert [t.id for t in load_tasks(tmp_path, tuned_only=True)] == ["a", "b"]
    assert [t.id for t in load_tasks(tmp_path, only=["b", "c"], tuned_only=True)] == ["b"]


@pytest.mark.parametrize(
    ("backend", "labels"),
    [
        # a 40-line sed window around the traceback line holds the whole file, gold included
        ("grep/sed", ["open"]),
        # the traceback frame opens checkout(); Cart.total comes from the identifier
        ("grep+awk", ["open", "find", "open"]),
        # the frame's line is in the body of a short function of a short file: the file whole, gold included (as sed)
        ("actions", ["open"]),
    ],
)
def test_policy_finds_gold(repo: Path, backend: str, labels: list[str]) -> None:
    task = Task("cart", "shop", "1", "2", False, PROBLEM, [Gold("shop/cart.py", "Cart.total")])
    if backend == "actions":
        with BridgeClient.local(repo) as bridge:
            bridge.sync()
            outcome = run_policy(ActionsBackend(bridge, repo), task, repo, words)
    else:
        outcome = run_policy(SedBackend(repo) if backend == "grep/sed" else GrepBackend(repo), task, repo, words)
    assert outcome.found
    assert [label.split()[0] for label, _ in outcome.log] == labels
    assert outcome.calls == len(labels) and outcome.tokens > 0


def test_sed_windows_until_the_function_ends(repo: Path) -> None:
    lines = CART.splitlines()
    # from the def (line 5) in 3-line windows: 5-7, 8-10; the dedent that ends total() is line 12, so 11-13 too
    obs = SedBackend(repo, window=3).open_hit(Hit("shop/cart.py", 5, "function", "total"))
    assert (obs.calls, [p.text for p in obs.parts]) == (
        3,
        ["\n".join(lines[4:7]) + "\n", "\n".join(lines[7:10]) + "\n", "\n".join(lines[10:13]) + "\n"],
    )
    # around a traceback line (8): the window 6-9 lacks the def, so the previous one (2-5) is read, then 10-13
    obs = SedBackend(repo, window=4).open_line("shop/cart.py", 8)
    assert obs.calls == 3 and obs.shown == {"shop/cart.py": set(range(2, 14))}
    # a class outline: the def lines one level inside the class, cut at the next top-level definition
    outline, methods = SedBackend(repo).outline(Hit("shop/cart.py", 1, "class", "Cart"))
    assert outline.text.splitlines() == [
        "1:class Cart:",
        "2:    def __init__(self):",
        "5:    def total(self):",
        "12:def checkout(cart):",
    ]
    assert [(m.name, m.line) for m in methods] == [("__init__", 2), ("total", 5)]


def test_sed_reads_a_decorated_function_but_not_a_whole_class_for_a_line_of_its_body(repo: Path) -> None:
    body = "class Checker:\n    msgs = {\n        'W1': 'a message',\n    }\n\n"
    body += "    @only('W1')\n    def visit(self, node):\n        return node\n"
    body += "".join(f"    x{i} = {i}\n" for i in range(20))
    (repo / "shop/checker.py").write_text(body)
    sed = SedBackend(repo, window=4)
    # a line of the class's own body (its message table): one window, not the whole class in windows
    assert sed.open_line("shop/checker.py", 3).calls == 1
    # a decorator's line: the window 4-7 does not end visit() (the dedent is line 9), so 8-11 is read too
    assert sed.open_line("shop/checker.py", 6).shown == {"shop/checker.py": set(range(4, 12))}


def test_actions_find_reads_the_hit_of_a_function_shown_whole_from_its_block(repo: Path) -> None:
    """find_symbol's only definition, a short function, comes whole with no located line above it: the adapter takes
    the hit (file, def line, qualified name) from the answer's block, as the agent reads it there."""
    with BridgeClient.local(repo) as bridge:
        bridge.sync()
        backend = ActionsBackend(bridge, repo)
        for name, hit in (
            ("checkout", Hit("shop/cart.py", 12, "function", "checkout", "checkout")),
            ("total", Hit("shop/cart.py", 5, "function", "total", "Cart.total")),
        ):
            obs, hits = backend.find(name)
            assert obs.text.startswith("### File: `shop/cart.py`") and hits == [hit], name
            rows = obs.text.splitlines()
            assert any(row.startswith(f"{hit.line} ") and f"def {name}(" in row for row in rows), name


def test_actions_find_of_a_name_whose_definitions_an_earlier_answer_listed_keeps_their_hits(repo: Path) -> None:
    """`find_symbol order.total` right after `find_symbol total`: the answer says the definitions are the ones listed
    above (session 19), and the reader takes them from that answer, not as a name nothing defines (which the policy
    would grep: networkx-7038 took a call more)."""
    (repo / "shop/tax.py").write_text("def total(rates, amounts, currency='EUR', rounding=None):\n    return 0\n")
    with BridgeClient.local(repo) as bridge:
        bridge.sync()
        backend = ActionsBackend(bridge, repo)
        listed, hits = backend.find("total")
        again, same = backend.find("order.total")
    assert listed.text.splitlines()[0] == "2 definition(s) of `total`:"
    assert again.text == (
        "`order.total` is not defined by that name: 2 definition(s) of `total`, shown above (find_symbol total)"
    )
    assert same == hits and sorted((h.file, h.line) for h in hits) == [("shop/cart.py", 5), ("shop/tax.py", 1)]


def test_actions_open_follows_a_part_note_above_the_functions_called_on_the_line(repo: Path) -> None:
    """`open FILE:LINE` of a traceback's line deep in a long function shows the part around it, the note on the lines
    left out (`... (N more lines; narrow it: open FILE:A-B)`), then where the functions called on that line are
    defined: the reader follows the note's range, above those lines (session 17: sanic-2985's `serve` was never read
    whole, the note not being the answer's last line)."""
    body = ["from shop.cart import checkout", "", "", "def serve(cart):", "    total = 0"]
    body += [f"    total += {i}" for i in range(200)]
    body += ["    return checkout(cart)", ""]
    (repo / "shop/server.py").write_text("\n".join(body))
    last = len(body) - 1  # `return checkout(cart)`
    with BridgeClient.local(repo) as bridge:
        bridge.sync()
        backend = ActionsBackend(bridge, repo)
        obs = backend.open_line("shop/server.py", last)
    first = obs.parts[0].text.splitlines()
    note = next(i for i, row in enumerate(first) if row.startswith("... (") and "narrow it: open shop/server" in row)
    assert any("shop/cart.py:12  checkout" in row for row in first[note + 1 :])  # called on that line, below the note
    assert obs.calls == len(obs.parts) >= 2  # the parts the note names, read one by one
    assert set(range(4, last + 1)) <= obs.shown["shop/server.py"]  # serve whole, def line to its last line


def test_policy_asks_no_identifier_twice(repo: Path) -> None:
    """`Cart.items` is an attribute, not a method: the actions answer with its assignment, no hit, so the policy asks
    for `items` alone; the report's own `items` later is that answer, on screen already, and not asked again; nor is
    a text grepped twice (`self.qty` and `qty`). Every tool alike (session 17: jupyter_server-1635 asked `find
    root_dir` twice, filelock-336 grepped `thread_safe` twice)."""
    problem = "`Cart.items` is never emptied: checkout() leaves `items` as they were; `self.qty` and `qty` are unused."
    (repo / "shop/tax.py").write_text("def rate():\n    return 1\n")  # the gold no search reaches: the policy runs on
    task = Task("items", "shop", "1", "2", False, problem, [Gold("shop/tax.py", "rate")])
    with BridgeClient.local(repo) as bridge:
        bridge.sync()
        actions = run_policy(ActionsBackend(bridge, repo), task, repo, words)
    sed, awk = (run_policy(b, task, repo, words) for b in (SedBackend(repo), GrepBackend(repo)))
    assert [label for label, _ in actions.log if label.startswith("find")] == [
        "find Cart.items",
        "find items",
        "find checkout",
        "find self.qty",
        "find qty",
    ]
    for outcome in (actions, sed, awk):
        asked = [label for label, _ in outcome.log if label.startswith(("find", "grep"))]
        assert len(asked) == len(set(asked)) and {"find items", "grep qty"} <= set(asked), outcome.backend


HANDLER = """\
class Handler(web.RequestHandler):
    def initialize(self, store):
        self.store = store

    def template_path(self):
        return "templates"
"""

VIEWS = """\
from shop.base import Handler


class CartView(Handler):
    def get(self):
        self.render("cart.html", items=self.store.items)


class Log(socketserver.BaseRequestHandler, dict):
    def handle(self):
        self.render("log.html")
"""

CALLBACK = """The /cart page fails with a 500 error:

Traceback (most recent call last):
  File "/venv/lib/python3.13/site-packages/web.py", line 1878, in _execute
    result = method(*self.path_args, **self.path_kwargs)
  File "/venv/lib/python3.13/site-packages/shop/views.py", line {line}, in get
    self.render("cart.html", items=self.store.items)
  File "/venv/lib/python3.13/site-packages/web.py", line 1002, in render
    html = self.render_string(name, **kwargs)
"""


def test_policy_looks_up_the_bases_of_a_class_a_library_calls_back_into(repo: Path) -> None:
    """The traceback's innermost repository frame is a method whose call goes on in a library (a web framework's
    `render`, which calls the handler's hooks back): the bases of its class are looked up right after the frames, by
    every tool alike; their overrides of the library's hooks are where such a failure starts (session 18: luigi-3415's
    gold, `BaseTaskHistoryHandler.get_template_path`, was found by no search). Bases from the standard library or
    builtins are not looked up, nor any when the traceback ends in the repository."""
    (repo / "shop/base.py").write_text(HANDLER)
    (repo / "shop/views.py").write_text(VIEWS)
    files = repo_files(repo)
    assert callback_bases(CALLBACK.format(line=6), repo, files) == ["Handler"]
    assert callback_bases(CALLBACK.format(line=11).replace("in get", "in handle"), repo, files) == []
    assert callback_bases(CALLBACK.format(line=6).rsplit("  File", 1)[0], repo, files) == []  # ends in the repository
    gold = [Gold("shop/base.py", "Handler.template_path")]
    task = Task("hook", "shop", "1", "2", False, CALLBACK.format(line=6), gold)
    with BridgeClient.local(repo) as bridge:
        bridge.sync()
        actions = run_policy(ActionsBackend(bridge, repo), task, repo, words)
    sed = run_policy(SedBackend(repo), task, repo, words)
    # the actions show the short base class whole: the hook is on screen
    assert actions.found and [label for label, _ in actions.log] == ["open shop/views.py:6", "find Handler"]
    # grep/sed: the class's def line, then its outline (the hook's def line, not its body: it is not named)
    assert [label for label, _ in sed.log][:3] == ["open shop/views.py:6", "find Handler", "outline Handler"]
