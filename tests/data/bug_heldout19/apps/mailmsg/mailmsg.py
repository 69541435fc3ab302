"""Build and parse e-mail messages with the stdlib `email` package: address headers, a non-ASCII subject, a text body
(with an optional HTML alternative), attachments, fixed Date/Message-ID for reproducible output, and a parser that
gives back the parts."""

from __future__ import annotations

import mimetypes
from dataclasses import dataclass, field
from datetime import datetime
from email import policy
from email.headerregistry import Address
from email.message import EmailMessage
from email.parser import BytesParser
from email.utils import format_datetime, parsedate_to_datetime

WIRE = policy.SMTP.clone(max_line_length=78)  # CRLF line ends, headers folded at 78
MAX_ATTACHMENT = 64 * 1024


class MailError(Exception):
    """A message that cannot be built or read."""


@dataclass(frozen=True)
class Attachment:
    filename: str
    data: bytes
    mimetype: str = ""  # guessed from the file name when empty


@dataclass
class Draft:
    sender: str
    to: list[str]
    subject: str
    text: str
    cc: list[str] = field(default_factory=list)
    reply_to: str = ""
    html: str = ""
    attachments: list[Attachment] = field(default_factory=list)
    date: datetime | None = None
    message_id: str = ""


@dataclass(frozen=True)
class Parsed:
    sender: str
    to: list[str]
    cc: list[str]
    reply_to: str
    subject: str
    date: datetime | None
    text: str
    html: str
    attachments: dict[str, bytes]


def parse_address(text: str) -> Address:
    """`Name <user@host>` or `user@host`."""
    text = text.strip()
    if "<" in text:
        name, _, rest = text.partition("<")
        addr = rest.rstrip(">").strip()
        name = name.strip().strip('"')
    else:
        name, addr = "", text
    user, at, domain = addr.partition("@")
    if not at or not user or not domain:
        raise MailError(f"bad address: {text!r}")
    return Address(display_name=name, username=user, domain=domain)


def mimetype_of(att: Attachment) -> tuple[str, str]:
    kind = att.mimetype or mimetypes.guess_type(att.filename)[0] or "application/octet-stream"
    maintype, _, subtype = kind.partition("/")
    return maintype, subtype


def build(draft: Draft) -> EmailMessage:
    if not draft.to:
        raise MailError("no recipients")
    if not draft.subject.strip():
        raise MailError("empty subject")
    msg = EmailMessage(policy=policy.default)
    msg["From"] = parse_address(draft.sender)
    msg["To"] = [parse_address(a) for a in draft.to]
    if draft.cc:
        msg["Cc"] = [parse_address(a) for a in draft.cc]
    msg["Reply-To"] = parse_address(draft.reply_to or draft.sender)
    msg["Subject"] = draft.subject
    if draft.date is not None:
        msg["Date"] = format_datetime(draft.date)
    if draft.message_id:
        msg["Message-ID"] = f"<{draft.message_id}>"
    msg.set_content(draft.text, charset="utf-8", cte="quoted-printable")
    if draft.html:
        msg.add_alternative(draft.html, subtype="html", charset="utf-8")
    for att in draft.attachments:
        if len(att.data) > MAX_ATTACHMENT:
            raise MailError(f"attachment {att.filename} is {len(att.data)} bytes (limit {MAX_ATTACHMENT})")
        maintype, subtype = mimetype_of(att)
        if maintype == "text":
            msg.add_attachment(att.data.decode("utf-8"), subtype=subtype, filename=att.filename)
        else:
            msg.add_attachment(att.data, maintype=maintype, subtype=subtype, filename=att.filename)
    return msg


def render(draft: Draft, boundary_seed: str = "b") -> bytes:
    """The message as sent: CRLF line ends, folded headers; multipart boundaries fixed so output is reproducible."""
    msg = build(draft)
    for number, part in enumerate(p for p in msg.walk() if p.is_multipart()):
        part.set_boundary(f"=={boundary_seed}{number}==")
    return msg.as_bytes(policy=WIRE)


def addresses(msg: EmailMessage, name: str) -> list[str]:
    header = msg[name]
    return [str(a) for a in header.addresses] if header is not None else []


def parse(data: bytes) -> Parsed:
    msg = BytesParser(policy=policy.default).parsebytes(data)
    if msg["From"] is None:
        raise MailError("no From header")
    body = msg.get_body(preferencelist=("plain",))
    html = msg.get_body(preferencelist=("html",))
    attachments: dict[str, bytes] = {}
    for part in msg.iter_attachments():
        name = part.get_filename()
        if name is None:
            raise MailError(f"attachment of type {part.get_content_type()} without a file name")
        data = part.get_payload(decode=True)
        if part.get_content_maintype() == "text":
            data = data.replace(b"\r\n", b"\n")
        attachments[name] = data
    date = parsedate_to_datetime(msg["Date"]) if msg["Date"] else None
    reply = msg["Reply-To"]
    return Parsed(
        sender=str(msg["From"].addresses[0]),
        to=addresses(msg, "To"),
        cc=addresses(msg, "Cc"),
        reply_to=str(reply.addresses[0]) if reply is not None else "",
        subject=str(msg["Subject"] or ""),
        date=date,
        text=body.get_content().replace("\r\n", "\n") if body is not None else "",
        html=html.get_content().replace("\r\n", "\n") if html is not None else "",
        attachments=attachments,
    )


def summary_line(parsed: Parsed) -> str:
    """`date | from | subject | n attachment(s)` for a mailbox listing."""
    when = parsed.date.strftime("%Y-%m-%d %H:%M") if parsed.date else "-"
    count = len(parsed.attachments)
    return f"{when} | {parsed.sender} | {parsed.subject} | {count} attachment{'' if count == 1 else 's'}"
