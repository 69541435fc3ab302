import pytest
from taskplan import Plan, PlanError, Slot


def build() -> Plan:
    plan = Plan()
    plan.add("fetch", 2)
    plan.add("config", 1, priority=5)
    plan.add("compile", 4, after=("fetch", "config"))
    plan.add("docs", 3, priority=1, after=("fetch",))
    plan.add("test", 2, priority=2, after=("compile",))
    plan.add("lint", 1, after=("fetch",))
    plan.add("package", 1, after=("test", "docs", "lint"))
    return plan


def test_order_respects_dependencies_and_priority() -> None:
    assert build().order() == ["config", "fetch", "docs", "compile", "test", "lint", "package"]


def test_order_ties_by_name() -> None:
    plan = Plan()
    for name in ["delta", "alpha", "charlie", "bravo"]:
        plan.add(name)
    plan.add("zulu", after=("alpha",))
    assert plan.order() == ["alpha", "bravo", "charlie", "delta", "zulu"]


def test_single_worker_is_serial() -> None:
    slots = build().simulate(1)
    assert [s.task for s in slots] == build().order()
    assert [(s.start, s.end) for s in slots] == [(0, 1), (1, 3), (3, 6), (6, 10), (10, 12), (12, 13), (13, 14)]
    assert build().makespan(1) == 14


def test_two_workers() -> None:
    assert build().simulate(2) == [
        Slot("config", 0, 0, 1),
        Slot("fetch", 1, 0, 2),
        Slot("docs", 0, 2, 5),
        Slot("compile", 1, 2, 6),
        Slot("lint", 0, 5, 6),
        Slot("test", 0, 6, 8),
        Slot("package", 0, 8, 9),
    ]


@pytest.mark.parametrize(("workers", "makespan"), [(1, 14), (2, 9), (3, 9), (10, 9)])
def test_makespan(workers: int, makespan: int) -> None:
    assert build().makespan(workers) == makespan


def test_zero_duration_tasks() -> None:
    plan = Plan()
    plan.add("start", 0)
    plan.add("a", 2, after=("start",))
    plan.add("b", 0, after=("start",))
    plan.add("end", 1, after=("a", "b"))
    assert [(s.task, s.start, s.end) for s in plan.simulate(2)] == [
        ("start", 0, 0),
        ("a", 0, 2),
        ("b", 0, 0),
        ("end", 2, 3),
    ]


def test_critical_path() -> None:
    assert build().critical_path() == (9, ["fetch", "compile", "test", "package"])
    assert Plan().critical_path() == (0, [])


def test_cycle_is_reported() -> None:
    plan = Plan()
    plan.add("a", after=("c",))
    plan.add("b", after=("a",))
    plan.add("c", after=("b",))
    plan.add("d")
    with pytest.raises(PlanError, match=r"^cycle: a -> b -> c -> a$"):
        plan.order()


def test_self_dependency_is_a_cycle() -> None:
    plan = Plan()
    plan.add("x", after=("x",))
    with pytest.raises(PlanError, match=r"^cycle: x -> x$"):
        plan.simulate(1)


@pytest.mark.parametrize(
    ("steps", "message"),
    [
        ([("a", 1, ()), ("a", 2, ())], "duplicate task 'a'"),
        ([("a", -1, ())], "task 'a': negative duration -1"),
        ([("a", 1, ("b", "c")), ("b", 1, ())], "task 'a' depends on unknown c"),
    ],
    ids=["duplicate", "negative", "unknown"],
)
def test_plan_errors(steps: list[tuple[str, int, tuple[str, ...]]], message: str) -> None:
    plan = Plan()
    with pytest.raises(PlanError) as info:
        for name, duration, after in steps:
            plan.add(name, duration, after=after)
        plan.order()
    assert str(info.value) == message


def test_no_workers() -> None:
    with pytest.raises(PlanError, match=r"^need at least one worker, got 0$"):
        build().simulate(0)
