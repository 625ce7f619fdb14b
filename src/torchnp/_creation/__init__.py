"""Array creation routines (NumPy docs: "Array creation routines") and window functions."""

from ._basic import *  # noqa: F401,F403
from ._ranges import *  # noqa: F401,F403
from ._matrices import *  # noqa: F401,F403
from ._grids import *  # noqa: F401,F403
from ._from_data import *  # noqa: F401,F403
from ._windows import *  # noqa: F401,F403
from . import _basic, _from_data, _grids, _matrices, _ranges, _windows

__all__ = [n for m in (_basic, _ranges, _matrices, _grids, _from_data, _windows) for n in m.__all__]
