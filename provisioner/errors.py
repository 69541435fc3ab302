class ToolprovError(Exception):
    """An error the CLI shows as one clear line (exit code 1)."""

    exit_code = 1


class SpecError(ToolprovError):
    """A malformed tool spec: names the file and the field (exit code 2)."""

    exit_code = 2

    def __init__(self, path: object, field: str, message: str):
        super().__init__(f"{path}: {field}: {message}")
        self.path, self.field = path, field


class StepError(ToolprovError):
    """A build step failed inside the build container."""

    def __init__(self, tool: str, step: str, exit_code: int, tail: str):
        super().__init__(
            f"{tool}: step '{step}' failed (exit {exit_code})" + (f"; last output:\n{tail}" if tail else "")
        )
        self.tool, self.step, self.tail = tool, step, tail
