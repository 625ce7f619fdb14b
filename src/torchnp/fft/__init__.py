"""torchnp.fft: NumPy's ``numpy.fft`` on torch devices (docs/design.md §5.1)."""

from ._helper import *  # noqa: F401,F403
from ._helper import __all__ as _helper_all
from ._pocketfft import *  # noqa: F401,F403
from ._pocketfft import __all__ as _pocketfft_all

__all__ = _pocketfft_all + _helper_all
