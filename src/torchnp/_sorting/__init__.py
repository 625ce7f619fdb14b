"""Sorting, searching and set routines (NumPy docs: "Sorting, searching, and counting", "Set routines")."""

from ._sets import *  # noqa: F401,F403
from ._sets import __all__ as _sets_all
from ._sort import *  # noqa: F401,F403
from ._sort import __all__ as _sort_all
from ._searching import *  # noqa: F401,F403
from ._searching import __all__ as _searching_all

__all__ = list(_sort_all) + list(_searching_all) + list(_sets_all)
