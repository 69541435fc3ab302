"""A double-entry ledger on the stdlib: accounts of five kinds, journal entries whose postings must balance, balances
and a trial balance, period closing into retained earnings, and amounts rounded half up to the currency's minor unit."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal
from enum import Enum

MINOR_UNITS = {"EUR": 2, "USD": 2, "JPY": 0, "KWD": 3}
RETAINED = "3900"  # the equity account a closing moves income and expenses into
TrialRow = tuple[str, Decimal, Decimal]  # account code, debit, credit


class LedgerError(Exception):
    """A rule of the ledger broken."""


class UnbalancedEntry(LedgerError):
    pass


class PeriodClosed(LedgerError):
    pass


class Kind(Enum):
    ASSET = "asset"
    LIABILITY = "liability"
    EQUITY = "equity"
    INCOME = "income"
    EXPENSE = "expense"

    @property
    def debit_normal(self) -> bool:
        return self in (Kind.ASSET, Kind.EXPENSE)


def parse_amount(text: str | Decimal) -> Decimal:
    """An amount as written ("1,250.50", "0", a Decimal); thousands separators are dropped."""
    if isinstance(text, Decimal):
        return text
    return Decimal(text.strip().replace(",", ""))


def quantize(amount: Decimal, currency: str) -> Decimal:
    """The amount rounded half up to the currency's minor unit."""
    if currency not in MINOR_UNITS:
        raise LedgerError(f"unknown currency {currency!r}")
    exponent = Decimal(1).scaleb(-MINOR_UNITS[currency])
    return amount.quantize(exponent, rounding=ROUND_HALF_UP)


@dataclass(frozen=True)
class Account:
    code: str
    name: str
    kind: Kind


@dataclass(frozen=True)
class Posting:
    account: str
    debit: Decimal
    credit: Decimal

    @property
    def net(self) -> Decimal:
        """Debit positive, credit negative."""
        return self.debit - self.credit


@dataclass(frozen=True)
class Entry:
    date: dt.date
    memo: str
    postings: tuple[Posting, ...]


class Ledger:
    def __init__(self, currency: str = "EUR") -> None:
        quantize(Decimal(0), currency)
        self.currency = currency
        self.accounts: dict[str, Account] = {}
        self.entries: list[Entry] = []
        self.closed_through: dt.date | None = None

    def open(self, code: str, name: str, kind: Kind) -> Account:
        if code in self.accounts:
            raise LedgerError(f"account {code} is already open")
        account = self.accounts[code] = Account(code, name, kind)
        return account

    def post(self, date: dt.date, memo: str, *lines: tuple[str, str | Decimal, str | Decimal]) -> Entry:
        """A journal entry from (account, debit, credit) lines; its debits must equal its credits once rounded."""
        if self.closed_through is not None and date <= self.closed_through:
            raise PeriodClosed(f"{date} is in a closed period (closed through {self.closed_through})")
        postings = []
        for code, debit, credit in lines:
            if code not in self.accounts:
                raise LedgerError(f"no account {code}")
            amounts = [quantize(parse_amount(a), self.currency) for a in (debit, credit)]
            if min(amounts) < 0:
                raise LedgerError(f"negative amount on {code}")
            postings.append(Posting(code, *amounts))
        if len(postings) < 2:
            raise LedgerError("an entry needs at least two postings")
        difference = sum((p.net for p in postings), Decimal(0))
        if difference != 0:
            raise UnbalancedEntry(f"entry {memo!r} is off by {difference}")
        entry = Entry(date, memo, tuple(postings))
        self.entries.append(entry)
        return entry

    def balance(self, code: str, as_of: dt.date | None = None) -> Decimal:
        """The account's balance on its normal side (positive for a debit-normal account with more debits)."""
        account = self.accounts[code]
        total = Decimal(0)
        for entry in self.entries:
            if as_of is not None and entry.date > as_of:
                continue
            total += sum((p.net for p in entry.postings if p.account == code), Decimal(0))
        return total if account.kind.debit_normal else -total

    def trial_balance(self, as_of: dt.date | None = None) -> tuple[list[TrialRow], Decimal, Decimal]:
        """(code, debit, credit) per account with a balance, by code, and the two column totals."""
        rows = []
        for code in sorted(self.accounts):
            balance = self.balance(code, as_of)
            if balance == 0:
                continue
            debit_side = (balance > 0) == self.accounts[code].kind.debit_normal
            amount = abs(balance)
            rows.append((code, amount, Decimal(0)) if debit_side else (code, Decimal(0), amount))
        zero = Decimal(0)
        return rows, sum((r[1] for r in rows), zero), sum((r[2] for r in rows), zero)

    def close(self, through: dt.date) -> Entry | None:
        """Move every income and expense balance into retained earnings with one entry dated `through`, then close
        the period: no entry may be posted on or before that date."""
        if RETAINED not in self.accounts:
            raise LedgerError(f"no retained earnings account {RETAINED}")
        lines: list[tuple[str, str | Decimal, str | Decimal]] = []
        result = Decimal(0)
        for code in sorted(self.accounts):
            account = self.accounts[code]
            if account.kind not in (Kind.INCOME, Kind.EXPENSE):
                continue
            net = sum((p.net for e in self.entries if e.date <= through for p in e.postings if p.account == code), 0)
            if net:
                lines.append((code, -net, Decimal(0)) if net < 0 else (code, Decimal(0), net))
                result += net
        entry = None
        if lines:
            lines.append((RETAINED, result, Decimal(0)) if result > 0 else (RETAINED, Decimal(0), -result))
            entry = self.post(through, f"closing through {through}", *lines)
        self.closed_through = through
        return entry
