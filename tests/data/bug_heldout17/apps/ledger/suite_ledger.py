import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from ledger import cli


@pytest.fixture
def book(tmp_path: Path) -> Path:
    return tmp_path / "book.json"


def invoke(book: Path, *args: str, env: dict[str, str] | None = None):
    return CliRunner(mix_stderr=False).invoke(cli, ["--file", str(book), *args], env=env)


@pytest.fixture
def filled(book: Path) -> Path:
    for day, category, amount, description in [
        ("2024-03-01", "Income", "2500.00", "salary"),
        ("2024-03-04", "food", "-19.99", "groceries"),
        ("2024-02-28", "food", "-5.05", "coffee"),
        ("2024-03-02", "home", "-700", "rent"),
    ]:
        result = invoke(book, "add", "--date", day, "--category", category, "--", amount, description)
        assert result.exit_code == 0, result.output
    return book


def test_add_writes_entry(book: Path) -> None:
    result = invoke(book, "add", "12.5", "lunch", "--date", "2024-03-05", "--category", "Food")
    assert result.exit_code == 0, result.output
    assert result.output == "added #1: 12.50 food\n"
    assert json.loads(book.read_text()) == [
        {"id": 1, "date": "2024-03-05", "amount": 1250, "category": "food", "description": "lunch"}
    ]


def test_add_rejects_bad_amount(book: Path) -> None:
    result = invoke(book, "add", "12,50", "lunch")
    assert result.exit_code == 2
    assert "Invalid value for AMOUNT: not an amount: '12,50'" in result.stderr
    assert not book.exists()


def test_list_sorted_by_date(filled: Path) -> None:
    result = invoke(filled, "list")
    assert result.exit_code == 0, result.output
    assert [ln.split()[0] for ln in result.output.splitlines()] == ["3", "1", "4", "2"]


def test_list_month_and_category(filled: Path) -> None:
    result = invoke(filled, "list", "--month", "2024-03", "--category", "FOOD")
    assert result.exit_code == 0, result.output
    assert result.output.split() == ["2", "2024-03-04", "-19.99", "food", "groceries"]


def test_list_empty_says_so_on_stderr(book: Path) -> None:
    result = invoke(book, "list")
    assert (result.exit_code, result.stdout, result.stderr) == (0, "", "no entries\n")


def test_balance(filled: Path) -> None:
    result = invoke(filled, "balance")
    assert result.exit_code == 0, result.output
    assert result.output == "balance: 1774.96\n"


def test_balance_by_category(filled: Path) -> None:
    result = invoke(filled, "balance", "--by-category")
    assert result.exit_code == 0, result.output
    assert result.output.splitlines() == [
        "food           -25.04",
        "home          -700.00",
        "income        2500.00",
    ]


def test_remove(filled: Path) -> None:
    result = invoke(filled, "remove", "2")
    assert result.exit_code == 0, result.output
    assert [e["id"] for e in json.loads(filled.read_text())] == [1, 3, 4]


def test_remove_unknown_id(filled: Path) -> None:
    result = invoke(filled, "remove", "9")
    assert result.exit_code == 1
    assert result.stderr == "Error: no entry #9\n"


def test_export_csv(filled: Path) -> None:
    result = invoke(filled, "export")
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0] == "id,date,amount,category,description"
    assert lines[2] == "2,2024-03-04,-19.99,food,groceries"


def test_export_json(filled: Path) -> None:
    result = invoke(filled, "export", "--format", "json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)[3] == {
        "id": 4,
        "date": "2024-03-02",
        "amount": "-700.00",
        "category": "home",
        "description": "rent",
    }


def test_file_from_environment(tmp_path: Path) -> None:
    book = tmp_path / "env.json"
    runner = CliRunner(mix_stderr=False)
    result = runner.invoke(cli, ["add", "3", "tip", "--date", "2024-01-01"], env={"LEDGER_FILE": str(book)})
    assert result.exit_code == 0, result.output
    assert json.loads(book.read_text())[0]["amount"] == 300


def test_list_other_month(filled: Path) -> None:
    result = invoke(filled, "list", "--month", "2024-02")
    assert result.exit_code == 0, result.output
    assert result.stdout.split() == ["3", "2024-02-28", "-5.05", "food", "coffee"]


def test_balance_of_file_from_environment(tmp_path: Path) -> None:
    book = tmp_path / "kept.json"
    entry = {"id": 1, "date": "2024-01-02", "amount": 1234, "category": "misc", "description": "gift"}
    book.write_text(json.dumps([entry]))
    result = CliRunner(mix_stderr=False).invoke(cli, ["balance"], env={"LEDGER_FILE": str(book)})
    assert result.exit_code == 0, result.output
    assert result.stdout == "balance: 12.34\n"
