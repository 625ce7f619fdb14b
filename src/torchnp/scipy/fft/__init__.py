"""torchnp.scipy.fft: ``scipy.fft`` on torchnp arrays (DESIGN §8; docs/scipy.md).

SciPy's own functions on host data; the functions in ``__all__`` also run on accelerators
(torchnp.fft's transforms, and the DCT/DST through ``torch.fft``); SciPy's other names
(``next_fast_len``, the Hermitian n-D transforms, ...) run SciPy's own functions on host data.
"""

from .._dispatch import module_getattr
from ._basic import *  # noqa: F401,F403
from ._basic import __all__ as _basic_all
from ._realtransforms import *  # noqa: F401,F403
from ._realtransforms import __all__ as _real_all

__all__ = _basic_all + _real_all

__getattr__ = module_getattr("fft")
