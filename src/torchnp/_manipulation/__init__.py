"""Array manipulation and indexing routines (NumPy docs: "Array manipulation routines",
"Indexing routines", "Padding arrays", "Functional programming", "Iterating over arrays")."""

from . import (_adding_removing, _functional, _indexing_routines, _joining, _padding, _rearranging,
               _shape, _splitting, _tiling)
from ._adding_removing import *  # noqa: F401,F403
from ._functional import *  # noqa: F401,F403
from ._indexing_routines import *  # noqa: F401,F403
from ._joining import *  # noqa: F401,F403
from ._padding import *  # noqa: F401,F403
from ._rearranging import *  # noqa: F401,F403
from ._shape import *  # noqa: F401,F403
from ._splitting import *  # noqa: F401,F403
from ._tiling import *  # noqa: F401,F403

__all__ = [name for mod in (_shape, _joining, _splitting, _tiling, _adding_removing, _rearranging,
                            _padding, _indexing_routines, _functional) for name in mod.__all__]
