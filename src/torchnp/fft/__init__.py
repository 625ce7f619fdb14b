"""torchnp.fft: NumPy's ``numpy.fft`` on torch devices (docs/design.md §5.1)."""

from ._helper import *  # noqa: F401,F403
from ._helper import __all__ as _helper_all
from ._pocketfft import *  # noqa: F401,F403
from ._pocketfft import __all__ as _pocketfft_all

__all__ = _pocketfft_all + _helper_all


import numpy.fft as _numpy_mirror  # noqa: E402
from .._host_only import mirror_getattr as _mirror_getattr  # noqa: E402

__getattr__ = _mirror_getattr(__name__, _numpy_mirror)  # NumPy's private names; a clear AttributeError otherwise
del _mirror_getattr
