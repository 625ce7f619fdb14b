"""torchnp.scipy.signal: ``scipy.signal`` on torchnp arrays (DESIGN §8; docs/scipy.md).

SciPy's own functions on host data; the functions in ``__all__`` also run on accelerators
(a torch implementation); SciPy's other names (filter design: ``butter``, ``firwin``, ...)
run SciPy's own functions on host data only.
"""

from .._dispatch import module_getattr
from . import windows
from ._convolve import *  # noqa: F401,F403
from ._convolve import __all__ as _convolve_all
from ._filter import *  # noqa: F401,F403
from ._filter import __all__ as _filter_all
from ._spectral import *  # noqa: F401,F403
from ._spectral import __all__ as _spectral_all
from ._resample import *  # noqa: F401,F403
from ._resample import __all__ as _resample_all
from .windows import get_window

__all__ = _convolve_all + _filter_all + _spectral_all + _resample_all + ["get_window", "windows"]

__getattr__ = module_getattr("signal")
