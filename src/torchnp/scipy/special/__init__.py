"""torchnp.scipy.special: ``scipy.special`` on torchnp arrays (DESIGN §8; docs/scipy.md).

Each function is SciPy's on host data and ``torch.special`` (or a composition of torch ops)
on an accelerator; SciPy's other names run on host data only.
"""

from .._dispatch import module_getattr
from ._functions import *  # noqa: F403
from ._functions import __all__ as _functions_all
from ._ufuncs import *  # noqa: F403
from ._ufuncs import __all__ as _ufuncs_all

__all__ = [*_ufuncs_all, *_functions_all]

__getattr__ = module_getattr("special")
