"""torchnp.linalg: NumPy's ``numpy.linalg`` on torch devices (docs/design.md §5.1).

Every public function of ``numpy.linalg``, batched over leading axes, computed with
``torch.linalg`` where the data lives. ``LinAlgError`` *is* ``numpy.linalg.LinAlgError``,
so ``except numpy.linalg.LinAlgError`` in ported code keeps working.
"""

from numpy.linalg import LinAlgError

from ._decomp import *  # noqa: F401,F403
from ._decomp import __all__ as _decomp_all
from ._norms import *  # noqa: F401,F403
from ._norms import __all__ as _norms_all
from ._products import *  # noqa: F401,F403
from ._products import __all__ as _products_all

__all__ = ["LinAlgError"] + _decomp_all + _norms_all + _products_all


import numpy.linalg as _numpy_mirror  # noqa: E402
from .._host_only import mirror_getattr as _mirror_getattr  # noqa: E402

__getattr__ = _mirror_getattr(__name__, _numpy_mirror)  # NumPy's private names; a clear AttributeError otherwise
del _mirror_getattr
