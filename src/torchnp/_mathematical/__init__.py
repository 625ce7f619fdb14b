"""Mathematical functions that are not ufuncs (NumPy docs: "Mathematical functions"):
rounding, complex parts, special functions, convolution and interpolation. The ufuncs
themselves are the ``_ufuncs`` family."""

from ._functions import *  # noqa: F401,F403
from ._signal import *  # noqa: F401,F403
from . import _functions, _signal

__all__ = _functions.__all__ + _signal.__all__
