"""Build step (setuptools `cmdclass`): put the startup hook's `.pth` file at the root of the wheel, so a regular
`pip install .` installs it into site-packages (and `pip uninstall` removes it). Editable installs do not carry
it: `llm-ide install-hook` (run by scripts/setup.sh) writes it there. setuptools loads this file by path, so it
imports nothing of the package."""

from __future__ import annotations

from pathlib import Path

from setuptools.command.build_py import build_py  # type: ignore[import-untyped]

PTH = Path(__file__).resolve().parent / "config" / "llm-ide" / "llm_ide_agent_hook.pth"


class BuildWithStartupHook(build_py):
    def run(self) -> None:
        super().run()
        if not self.editable_mode:
            (Path(self.build_lib) / PTH.name).write_text(PTH.read_text())

    def get_outputs(self, include_bytecode: bool = True) -> list[str]:
        outputs = list(super().get_outputs(include_bytecode))
        if not self.editable_mode:
            outputs.append(str(Path(self.build_lib) / PTH.name))
        return outputs
