"""Image references as the engine accepts them, checked before any work starts (a bad name is exit code 2)."""

import re

from provisioner.errors import UsageError

_COMPONENT = r"[a-z0-9]+(?:(?:[._]|__|-+)[a-z0-9]+)*"
_LABEL = r"[a-zA-Z0-9](?:[a-zA-Z0-9-]*[a-zA-Z0-9])?"
# a first part is a registry only with a dot, a port or as localhost (as the engine reads it): `UPPER/case` is not
_DOMAIN = rf"(?:localhost(?::[0-9]+)?|{_LABEL}(?:\.{_LABEL})+(?::[0-9]+)?|{_LABEL}:[0-9]+)"
_NAME = rf"(?:{_DOMAIN}/)?{_COMPONENT}(?:/{_COMPONENT})*"
_TAG = r"[\w][\w.-]{0,127}"
_REPO_TAG = re.compile(rf"({_NAME})(?::({_TAG}))?")
_REFERENCE = re.compile(rf"{_NAME}(?::{_TAG})?(?:@[a-z0-9]+(?:[.+_-][a-z0-9]+)*:[0-9a-fA-F]{{32,}})?")
_IMAGE_ID = re.compile(r"(?:sha256:)?[0-9a-f]{12,64}")


def check_image(ref: str) -> str:
    """An image to provision: a name[:tag][@digest] or an image id."""
    if not ref or not ref.strip():
        raise UsageError("empty image name")
    if len(ref) > 255 or not (_IMAGE_ID.fullmatch(ref) or _REFERENCE.fullmatch(ref)):
        raise UsageError(f"invalid image name {ref!r} (expected NAME[:TAG] in lowercase, or an image id)")
    return ref


def check_tag(name: str) -> tuple[str, str]:
    """A name to tag a result with: REPOSITORY[:TAG] (no digest, not an id); returns (repository, tag)."""
    m = _REPO_TAG.fullmatch(name) if name and len(name) <= 255 and not name.startswith("sha256:") else None
    if m is None:
        raise UsageError(f"invalid --tag {name!r} (expected REPOSITORY[:TAG]: lowercase, digits, '.', '_', '-', '/')")
    return m.group(1), m.group(2) or "latest"
