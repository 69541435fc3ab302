from __future__ import annotations

import datetime as dt
from decimal import Decimal

import pytest
from ledger import Kind, Ledger, LedgerError, PeriodClosed, UnbalancedEntry, parse_amount, quantize

JAN = dt.date(2026, 1, 15)
FEB = dt.date(2026, 2, 10)
END = dt.date(2026, 1, 31)


def books(currency: str = "EUR") -> Ledger:
    ledger = Ledger(currency)
    for code, name, kind in [
        ("1000", "Cash", Kind.ASSET),
        ("1200", "Receivables", Kind.ASSET),
        ("2000", "Payables", Kind.LIABILITY),
        ("3000", "Capital", Kind.EQUITY),
        ("3900", "Retained earnings", Kind.EQUITY),
        ("4000", "Sales", Kind.INCOME),
        ("6000", "Rent", Kind.EXPENSE),
    ]:
        ledger.open(code, name, kind)
    return ledger


def trading(ledger: Ledger) -> Ledger:
    ledger.post(dt.date(2026, 1, 2), "capital", ("1000", "5,000.00", "0"), ("3000", "0", "5,000.00"))
    ledger.post(JAN, "invoice 1", ("1200", "1,200.00", "0"), ("4000", "0", "1,200.00"))
    ledger.post(dt.date(2026, 1, 20), "rent", ("6000", "800.00", "0"), ("1000", "0", "800.00"))
    ledger.post(dt.date(2026, 1, 28), "paid", ("1000", "700.00", "0"), ("1200", "0", "700.00"))
    return ledger


@pytest.mark.parametrize(
    ("amount", "currency", "expected"),
    [
        ("0.125", "EUR", Decimal("0.13")),
        ("2.675", "USD", Decimal("2.68")),
        ("0.005", "EUR", Decimal("0.01")),
        ("10.5", "JPY", Decimal("11")),
        ("1.0005", "KWD", Decimal("1.001")),
    ],
)
def test_quantize_half_up(amount: str, currency: str, expected: Decimal) -> None:
    assert quantize(Decimal(amount), currency) == expected
    assert str(quantize(Decimal(amount), currency)) == str(expected)


def test_quantize_unknown_currency() -> None:
    with pytest.raises(LedgerError, match="unknown currency 'CHF'"):
        quantize(Decimal("1.00"), "CHF")


def test_ledger_unknown_currency() -> None:
    with pytest.raises(LedgerError, match="unknown currency"):
        Ledger("XBT")


@pytest.mark.parametrize(
    ("text", "expected"),
    [("1,250.50", Decimal("1250.50")), (" 12 ", Decimal("12")), ("1,000,000", Decimal("1000000"))],
)
def test_parse_amount(text: str, expected: Decimal) -> None:
    assert parse_amount(text) == expected


def test_open_twice() -> None:
    ledger = books()
    with pytest.raises(LedgerError, match="already open"):
        ledger.open("1000", "Cash again", Kind.ASSET)


def test_post_balanced_entry() -> None:
    ledger = books()
    entry = ledger.post(JAN, "sale", ("1000", "119.00", "0"), ("4000", "0", "100.00"), ("2000", "0", "19.00"))
    assert [p.net for p in entry.postings] == [Decimal("119.00"), Decimal("-100.00"), Decimal("-19.00")]
    assert ledger.entries == [entry]


def test_post_unbalanced_entry() -> None:
    ledger = books()
    with pytest.raises(UnbalancedEntry, match=r"'typo' is off by 10\.00"):
        ledger.post(JAN, "typo", ("1000", "110.00", "0"), ("4000", "0", "100.00"))
    assert ledger.entries == []


def test_post_balances_after_rounding() -> None:
    ledger = books()
    entry = ledger.post(JAN, "thirds", ("6000", "33.335", "0"), ("2000", "0", "33.34"))
    assert entry.postings[0].debit == Decimal("33.34")


def test_post_rounds_each_posting() -> None:
    ledger = books()
    with pytest.raises(UnbalancedEntry, match=r"off by 0\.01"):
        ledger.post(JAN, "split", ("6000", "0.005", "0"), ("6000", "0.005", "0"), ("2000", "0", "0.01"))


def test_post_unknown_account() -> None:
    with pytest.raises(LedgerError, match="no account 9999"):
        books().post(JAN, "x", ("9999", "1", "0"), ("1000", "0", "1"))


def test_post_negative_amount() -> None:
    with pytest.raises(LedgerError, match="negative amount on 1000"):
        books().post(JAN, "x", ("1000", "-5", "0"), ("4000", "0", "-5"))


def test_post_needs_two_postings() -> None:
    with pytest.raises(LedgerError, match="at least two"):
        books().post(JAN, "x", ("1000", "0", "0"))


def test_balances_on_normal_side() -> None:
    ledger = trading(books())
    assert ledger.balance("1000") == Decimal("4900.00")
    assert ledger.balance("1200") == Decimal("500.00")
    assert ledger.balance("4000") == Decimal("1200.00")
    assert ledger.balance("3000") == Decimal("5000.00")
    assert ledger.balance("6000") == Decimal("800.00")


def test_balance_as_of() -> None:
    ledger = trading(books())
    assert ledger.balance("1000", as_of=dt.date(2026, 1, 20)) == Decimal("4200.00")
    assert ledger.balance("1200", as_of=JAN) == Decimal("1200.00")
    assert ledger.balance("1200", as_of=dt.date(2026, 1, 14)) == Decimal("0")


def test_balance_in_yen() -> None:
    ledger = books("JPY")
    ledger.post(JAN, "sale", ("1000", "1,000.4", "0"), ("4000", "0", "1000.4"))
    assert ledger.balance("4000") == Decimal("1000")
    assert str(ledger.balance("1000")) == "1000"


def test_trial_balance() -> None:
    ledger = trading(books())
    rows, debits, credits = ledger.trial_balance()
    assert rows == [
        ("1000", Decimal("4900.00"), Decimal("0")),
        ("1200", Decimal("500.00"), Decimal("0")),
        ("3000", Decimal("0"), Decimal("5000.00")),
        ("4000", Decimal("0"), Decimal("1200.00")),
        ("6000", Decimal("800.00"), Decimal("0")),
    ]
    assert debits == credits == Decimal("6200.00")


def test_trial_balance_overdrawn_cash() -> None:
    ledger = books()
    ledger.post(JAN, "rent on credit", ("6000", "300", "0"), ("1000", "0", "300"))
    rows, debits, credits = ledger.trial_balance()
    assert rows == [("1000", Decimal("0"), Decimal("300.00")), ("6000", Decimal("300.00"), Decimal("0"))]
    assert debits == credits


def test_close_moves_result_to_retained() -> None:
    ledger = trading(books())
    entry = ledger.close(END)
    assert entry is not None
    assert ledger.balance("4000") == 0
    assert ledger.balance("6000") == 0
    assert ledger.balance("3900") == Decimal("400.00")
    assert ledger.closed_through == END


def test_close_loss() -> None:
    ledger = books()
    ledger.post(JAN, "rent", ("6000", "900", "0"), ("1000", "0", "900"))
    ledger.post(JAN, "sale", ("1000", "250", "0"), ("4000", "0", "250"))
    entry = ledger.close(END)
    assert entry is not None
    assert entry.postings[-1].account == "3900"
    assert entry.postings[-1].net == Decimal("650.00")
    assert ledger.balance("3900") == Decimal("-650.00")


def test_close_leaves_later_entries() -> None:
    ledger = trading(books())
    ledger.post(FEB, "february sale", ("1000", "50", "0"), ("4000", "0", "50"))
    ledger.close(END)
    assert ledger.balance("4000") == Decimal("50.00")
    assert ledger.balance("3900") == Decimal("400.00")


def test_close_nothing_to_close() -> None:
    ledger = books()
    assert ledger.close(END) is None
    assert ledger.closed_through == END


def test_post_into_closed_period() -> None:
    ledger = trading(books())
    ledger.close(END)
    with pytest.raises(PeriodClosed, match="closed through 2026-01-31"):
        ledger.post(END, "late invoice", ("1200", "10", "0"), ("4000", "0", "10"))
    ledger.post(dt.date(2026, 2, 1), "next period", ("1200", "10", "0"), ("4000", "0", "10"))
    assert len(ledger.entries) == 6


def test_trial_balance_after_close() -> None:
    ledger = trading(books())
    ledger.close(END)
    rows, debits, credits = ledger.trial_balance()
    assert [r[0] for r in rows] == ["1000", "1200", "3000", "3900"]
    assert debits == credits == Decimal("5400.00")
