"""toolprov: provision tools into container images as cached, content-addressed layers."""

import importlib
import importlib.util
import sys
import types

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
