"""torchnp.scipy.ndimage: ``scipy.ndimage`` on torchnp arrays (DESIGN §8; docs/scipy.md).

SciPy's own functions on host data; the functions in ``__all__`` also run on accelerators
(a torch implementation: ``_filters``, ``_interpolation``, ``_morphology``,
``_measurements``, ``_fourier``); SciPy's other names run on host data only.
"""

from .._dispatch import module_getattr
from . import _filters, _fourier, _interpolation, _measurements, _morphology
from ._filters import *  # noqa: F401,F403
from ._fourier import *  # noqa: F401,F403
from ._interpolation import *  # noqa: F401,F403
from ._measurements import *  # noqa: F401,F403
from ._morphology import *  # noqa: F401,F403

__all__ = list(_filters.__all__) + list(_interpolation.__all__) + list(_morphology.__all__) + \
    list(_measurements.__all__) + list(_fourier.__all__)

__getattr__ = module_getattr("ndimage")
