from datetime import datetime, timezone
from pathlib import Path

import pytest
from mailmsg import MAX_ATTACHMENT, Attachment, Draft, MailError, build, parse, render, summary_line

GOLDEN = Path(__file__).parent / "golden"
WHEN = datetime(2026, 3, 1, 9, 30, tzinfo=timezone.utc)


def report() -> Draft:
    return Draft(
        sender="Zoë Ünal <zoe@example.org>",
        to=["bob@example.com", "Chi <chi@example.net>"],
        cc=["ops@example.org"],
        subject="Grüße \u2013 the quarterly report for the board, with the figures attached as promised",
        text="Hello Bob,\nsee the attached report.\nÀ bientôt\n",
        attachments=[Attachment("report.csv", b"a,b\n1,2\n"), Attachment("logo.png", bytes(range(40)))],
        date=WHEN,
        message_id="1@example.org",
    )


def notice() -> Draft:
    return Draft(
        sender="noreply@example.org",
        to=["Ann Lee <ann@example.com>"],
        reply_to="Help Desk <help@example.org>",
        subject="Your ticket #42",
        text="Ticket 42 is closed.\n",
        html="<p>Ticket <b>42</b> is closed.</p>\n",
        date=WHEN,
        message_id="2@example.org",
    )


def test_render_matches_golden(tmp_path: Path) -> None:
    out = tmp_path / "report.eml"
    out.write_bytes(render(report()))
    assert out.read_bytes() == GOLDEN.joinpath("report.eml").read_bytes()


def test_render_alternative_matches_golden(tmp_path: Path) -> None:
    out = tmp_path / "notice.eml"
    out.write_bytes(render(notice(), boundary_seed="n"))
    assert out.read_bytes() == GOLDEN.joinpath("notice.eml").read_bytes()


def test_wire_format() -> None:
    lines = render(report()).split(b"\r\n")
    assert all(len(line) <= 78 for line in lines)
    assert all(line.isascii() for line in lines)
    assert b"\n" not in b"".join(lines)


def test_parse_golden() -> None:
    parsed = parse(GOLDEN.joinpath("report.eml").read_bytes())
    assert parsed.sender == "Zoë Ünal <zoe@example.org>"
    assert parsed.to == ["bob@example.com", "Chi <chi@example.net>"]
    assert parsed.cc == ["ops@example.org"]
    assert parsed.reply_to == parsed.sender
    assert parsed.subject == report().subject
    assert parsed.date == WHEN
    assert parsed.text == "Hello Bob,\nsee the attached report.\nÀ bientôt\n"
    assert parsed.attachments == {"report.csv": b"a,b\n1,2\n", "logo.png": bytes(range(40))}


@pytest.mark.parametrize("make", [report, notice])
def test_round_trip(make) -> None:
    draft = make()
    parsed = parse(render(draft))
    assert parsed.sender == str(build(draft)["From"])
    assert parsed.subject == draft.subject
    assert parsed.text == draft.text
    assert parsed.html == draft.html
    assert parsed.attachments == {a.filename: a.data for a in draft.attachments}
    assert parse(render(draft)) == parsed


def test_reply_to_and_summary() -> None:
    parsed = parse(render(notice()))
    assert parsed.reply_to == "Help Desk <help@example.org>"
    assert summary_line(parsed) == "2026-03-01 09:30 | noreply@example.org | Your ticket #42 | 0 attachments"
    one = parse(render(Draft("a@b.org", ["c@d.org"], "Hi", "x\n", attachments=[Attachment("n.txt", b"t\n")])))
    assert summary_line(one) == "- | a@b.org | Hi | 1 attachment"


def test_parse_latin1_message() -> None:
    raw = (
        b"From: Jos\xe9 <jose@example.es>\n"
        b"To: ana@example.es\n"
        b"Subject: =?iso-8859-1?q?Ma=F1ana?=\n"
        b"Date: Mon, 02 Mar 2026 10:00:00 +0100\n"
        b"MIME-Version: 1.0\n"
        b'Content-Type: text/plain; charset="iso-8859-1"\n'
        b"Content-Transfer-Encoding: 8bit\n\n"
        b"Nos vemos ma\xf1ana.\n"
    )
    parsed = parse(raw)
    assert parsed.subject == "Mañana"
    assert parsed.text == "Nos vemos mañana.\n"
    assert parsed.to == ["ana@example.es"]
    assert parsed.date.utcoffset().total_seconds() == 3600


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"to": []}, "no recipients"),
        ({"subject": "  "}, "empty subject"),
        ({"to": ["bob.example.com"]}, "bad address: 'bob.example.com'"),
        ({"reply_to": "Help <desk>"}, "bad address: 'Help <desk>'"),
        (
            {"attachments": [Attachment("big.bin", b"\0" * (MAX_ATTACHMENT + 1))]},
            "attachment big.bin is 65537 bytes",
        ),
    ],
    ids=["no-recipients", "empty-subject", "bad-to", "bad-reply-to", "too-big"],
)
def test_build_errors(change: dict, message: str) -> None:
    draft = report()
    for key, value in change.items():
        setattr(draft, key, value)
    with pytest.raises(MailError, match=message):
        build(draft)


def test_parse_errors() -> None:
    with pytest.raises(MailError, match="no From header"):
        parse(b"To: a@b.org\r\nSubject: x\r\n\r\nbody\r\n")
    nameless = render(report()).replace(b'; filename="logo.png"', b"")
    with pytest.raises(MailError, match="attachment of type image/png without a file name"):
        parse(nameless)
