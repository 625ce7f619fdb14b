"""Array creation routines (NumPy docs: "Array creation routines")."""

from ._basic import *  # noqa: F401,F403
from ._basic import __all__ as _basic_all

__all__ = list(_basic_all)
