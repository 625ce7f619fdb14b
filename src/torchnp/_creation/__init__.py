"""Array creation routines (NumPy docs: "Array creation routines")."""

from ._basic import *  # noqa: F401,F403
from ._ranges import *  # noqa: F401,F403
from ._matrices import *  # noqa: F401,F403
from ._grids import *  # noqa: F401,F403
from ._from_data import *  # noqa: F401,F403
from . import _basic, _from_data, _grids, _matrices, _ranges

__all__ = [n for m in (_basic, _ranges, _matrices, _grids, _from_data) for n in m.__all__]
