"""numpy, imported at its first use rather than when a module that uses it is imported.

Importing numpy (and starting OpenBLAS's threads) was the largest single cost of starting
``vecmem stats``, ``list``, ``show`` and ``events``, which never touch a vector; yet the
store, the context and the embedders all use numpy for the commands that do. Modules on
that path import it as::

    if TYPE_CHECKING:
        import numpy as np
    else:
        from vecmem.lazy import numpy as np

and use ``np`` as usual: the first attribute read (``np.asarray``) imports numpy, and each
name read is then kept on the stand-in, so later reads cost what a module attribute read
costs. Type checkers see the real module. This module imports nothing of vecmem.
"""

from __future__ import annotations

import importlib
from typing import Any


class LazyModule:
    """Stands in for the module ``name`` until an attribute of it is first read."""

    def __init__(self, name: str) -> None:
        self.__name = name

    def __getattr__(self, attr: str) -> Any:
        # Only called for names not yet kept on the instance.
        value = getattr(importlib.import_module(self.__name), attr)
        setattr(self, attr, value)
        return value

    def __repr__(self) -> str:
        return f"<lazy module {self.__name!r}>"


numpy = LazyModule("numpy")
