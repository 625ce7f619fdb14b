"""torchnp.scipy.linalg: ``scipy.linalg`` on torchnp arrays (DESIGN §8; docs/scipy.md).

SciPy's own functions on host data; the functions in ``__all__`` also run on accelerators
(``torch.linalg`` where the data lives); SciPy's other names run on host data only.
``LinAlgError`` is NumPy's (``scipy.linalg.LinAlgError`` is the same class).
"""

from numpy.linalg import LinAlgError

from .._dispatch import module_getattr
from ._basic import *  # noqa: F401,F403
from ._basic import __all__ as _basic_all
from ._decomp import *  # noqa: F401,F403
from ._decomp import __all__ as _decomp_all
from ._matfuncs import *  # noqa: F401,F403
from ._matfuncs import __all__ as _matfuncs_all
from ._special import *  # noqa: F401,F403
from ._special import __all__ as _special_all

__all__ = ["LinAlgError"] + _basic_all + _decomp_all + _matfuncs_all + _special_all

__getattr__ = module_getattr("linalg")
