"""NumPy's "Miscellaneous routines" (buffer size, memory ranges, ``info``, ``iterable``) and
``numpy.exceptions``."""

import sys as _sys

from numpy import exceptions  # noqa: F401  (NumPy's exception classes are the ones torchnp raises)

# ``import torchnp.exceptions`` works as with NumPy
_sys.modules.setdefault(__name__.rsplit(".", 1)[0] + ".exceptions", exceptions)
from ._misc import *  # noqa: F401,F403,E402
from ._misc import __all__ as _misc_all  # noqa: E402

__all__ = ["exceptions"] + list(_misc_all)
