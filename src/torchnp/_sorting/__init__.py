"""Sorting, searching and set routines (NumPy docs: "Sorting, searching, and counting", "Set routines")."""

from ._sets import *  # noqa: F401,F403
from ._sets import __all__ as _sets_all
from ._sort import *  # noqa: F401,F403
from ._sort import __all__ as _sort_all

__all__ = list(_sort_all) + list(_sets_all)
