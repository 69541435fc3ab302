"""Build step (setuptools `cmdclass`): put the startup hook's `.pth` file at the root of the wheel, so `pip install .`
and `pip install -e .` both install it into site-packages (and `pip uninstall` removes it). setuptools loads this
file by path, so it imports nothing of the package.

A regular build writes it into `build_lib`, which becomes the wheel. An editable build (PEP 660) ignores `build_lib`
for anything but package modules; what goes into its wheel as is, it writes through the `install` command's
`install_lib` (setuptools' editable_wheel points that at the unpacked wheel, as it does for scripts and data), so the
file goes there."""

from __future__ import annotations

from pathlib import Path

from setuptools.command.build_py import build_py  # type: ignore[import-untyped]

PTH = Path(__file__).resolve().parent / "config" / "llm-ide" / "llm_ide_agent_hook.pth"


class BuildWithStartupHook(build_py):
    def _target(self) -> Path | None:
        if not self.editable_mode:
            return Path(self.build_lib)
        install_lib = getattr(self.distribution.get_command_obj("install"), "install_lib", None)
        return Path(install_lib) if install_lib else None

    def run(self) -> None:
        super().run()
        if (target := self._target()) is not None:
            target.mkdir(parents=True, exist_ok=True)
            (target / PTH.name).write_text(PTH.read_text())

    def get_outputs(self, include_bytecode: bool = True) -> list[str]:
        outputs = list(super().get_outputs(include_bytecode))
        if not self.editable_mode:
            outputs.append(str(Path(self.build_lib) / PTH.name))
        return outputs
