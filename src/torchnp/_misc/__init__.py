"""The rest of the main namespace: rounding, closeness, predicates, metadata, bits,
``emath``, polynomials (NumPy docs: "Mathematical functions", "Logic functions", ...)."""

import sys as _sys

from numpy import exceptions  # noqa: F401  (NumPy's exception classes are the ones torchnp raises)

from . import emath  # noqa: F401

# ``import torchnp.emath`` / ``torchnp.exceptions`` work as with NumPy
_sys.modules.setdefault(__name__.rsplit(".", 1)[0] + ".emath", emath)
_sys.modules.setdefault(__name__.rsplit(".", 1)[0] + ".exceptions", exceptions)
from ._misc import *  # noqa: F401,F403
from ._misc import __all__ as _misc_all
from ._poly import *  # noqa: F401,F403
from ._poly import __all__ as _poly_all
from ._extra import *  # noqa: F401,F403
from ._extra import __all__ as _extra_all

__all__ = ["emath", "exceptions"] + list(_misc_all) + list(_poly_all) + list(_extra_all)
