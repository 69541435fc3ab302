"""toolprov: provision tools into container images as cached, content-addressed layers."""

import importlib
import importlib.util
import os
import signal
import sys
import types
from pathlib import Path

__version__ = "0.1.0"


class _LoadedOnFirstUse(types.ModuleType):
    """Stands in sys.modules for a module that is imported but maybe never used, and becomes it on the first
    attribute it is asked for (importlib's LazyLoader cannot do this on Python 3.11: a second `import` statement of the
    module reads its __spec__, which loads it)."""

    def __getattr__(self, attr: str) -> object:
        name = self.__name__
        if sys.modules.get(name) is self:
            del sys.modules[name]
        real = importlib.import_module(name)
        self.__dict__.update(real.__dict__)  # who holds this stand-in now reads the real module's names directly
        return getattr(real, attr)


def _load_on_first_use(name: str) -> None:
    """The docker SDK imports paramiko (~0.2-0.3 s with the invoke it imports) at its own import, for every engine;
    toolprov and the agent reach ssh:// engines through the ssh client and never use it."""
    if name in sys.modules or (spec := importlib.util.find_spec(name)) is None:
        return
    stand_in = _LoadedOnFirstUse(name)
    stand_in.__spec__ = spec
    sys.modules[name] = stand_in


_load_on_first_use("paramiko")


def _early_signal(signum: int, _frame: object) -> None:
    os.write(2, f"toolprov: interrupted ({signal.Signals(signum).name}) before any work\n".encode())
    os._exit(128 + signum)  # nothing exists yet to clean up


if Path(sys.argv[0]).name == "toolprov":  # the CLI, not a library user: a Ctrl-C/SIGTERM/SIGHUP while its modules
    for _signum in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):  # load (~0.5-1 s, until main() takes them over)
        if signal.getsignal(_signum) is not signal.SIG_IGN:  # is one line and 128+N, not a KeyboardInterrupt traceback
            signal.signal(_signum, _early_signal)
