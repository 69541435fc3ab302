"""Errors the CLI shows as one clear line, each with its documented exit code (README: 0/1/2/130)."""


def one_line(error: object, limit: int = 300) -> str:
    """The first non-empty line of an error's text, shortened: for wrapping a library's message."""
    lines = [ln.strip() for ln in str(error).splitlines() if ln.strip()] or [type(error).__name__]
    return lines[0] if len(lines[0]) <= limit else lines[0][: limit - 1] + "…"


class ToolprovError(Exception):
    """An error the CLI shows as one clear line (exit code 1): a failed build, check, engine or image problem."""

    exit_code = 1


class UsageError(ToolprovError):
    """Bad arguments: an unknown option value, a missing image, an invalid name (exit code 2)."""

    exit_code = 2


class SpecError(ToolprovError):
    """A malformed tool spec: names the file and the field (exit code 2)."""

    exit_code = 2

    def __init__(self, path: object, field: str, message: str):
        super().__init__(f"{path}: {field}: {message}")
        self.path, self.field = path, field


class StepError(ToolprovError):
    """A build step failed inside the build container; the message keeps the tail of its output on one line."""

    def __init__(self, tool: str, step: str, exit_code: int, tail: str):
        last = " | ".join(line.strip() for line in tail.splitlines() if line.strip())[-400:]
        super().__init__(
            f"{tool}: step '{step}' failed (exit {exit_code})" + (f"; last output: {last}" if last else "")
        )
        self.tool, self.step, self.tail = tool, step, tail


class Interrupted(BaseException):
    """SIGINT, SIGTERM or SIGHUP arrived: unwind (removing the build container), then exit 128 + signal."""

    def __init__(self, signum: int):
        super().__init__(signum)
        self.signum = signum
