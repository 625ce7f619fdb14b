"""``torchnp.emath`` (NumPy's ``numpy.emath`` / ``numpy.lib.scimath``): math functions
that return complex results for real inputs outside their real domain.

Whether the result is complex depends on the *values* (NumPy's semantics), so
each function makes one host sync to decide the output dtype.
"""

import torch

from . import _ufuncs as _u
from ._array import _wrap
from ._boundary import array as _arr

__all__ = ["sqrt", "log", "log2", "log10", "logn", "power", "arccos", "arcsin", "arctanh"]

_SINGLE = (torch.float32, torch.int8, torch.int16, torch.uint8, torch.uint16, torch.complex64)


def _tocomplex(t):
    return t.to(torch.complex64 if t.dtype in _SINGLE else torch.complex128)


def _fix(x, bad):
    """``x`` as complex if any real element satisfies ``bad`` (host sync: the dtype depends on data)."""
    a = _arr(x)
    t = a._t
    if not t.is_complex() and bool(bad(t).any()):
        return _wrap(_tocomplex(t))
    return a


def _lt_zero(t):
    return t < 0


def _abs_gt_1(t):
    return t.abs() > 1


def _int_lt_zero(x):
    a = _arr(x)
    t = a._t
    if not (t.is_floating_point() or t.is_complex()) and bool((t < 0).any()):
        return _wrap(t.to(torch.float64))
    return a


def sqrt(x):
    """Square root, complex for negative inputs (mirrors ``numpy.emath.sqrt``)."""
    return _u.sqrt(_fix(x, _lt_zero))


def log(x):
    """Natural log, complex for negative inputs (mirrors ``numpy.emath.log``)."""
    return _u.log(_fix(x, _lt_zero))


def log10(x):
    """Base-10 log, complex for negative inputs (mirrors ``numpy.emath.log10``)."""
    return _u.log10(_fix(x, _lt_zero))


def log2(x):
    """Base-2 log, complex for negative inputs (mirrors ``numpy.emath.log2``)."""
    return _u.log2(_fix(x, _lt_zero))


def logn(n, x):
    """Log base ``n`` of ``x`` (mirrors ``numpy.emath.logn``)."""
    return _u.true_divide(_u.log(_fix(x, _lt_zero)), _u.log(_fix(n, _lt_zero)))


def power(x, p):
    """``x ** p``, complex for negative ``x`` (mirrors ``numpy.emath.power``)."""
    return _u.power(_fix(x, _lt_zero), _int_lt_zero(p))


def arccos(x):
    """Inverse cosine, complex outside [-1, 1] (mirrors ``numpy.emath.arccos``)."""
    return _u.arccos(_fix(x, _abs_gt_1))


def arcsin(x):
    """Inverse sine, complex outside [-1, 1] (mirrors ``numpy.emath.arcsin``)."""
    return _u.arcsin(_fix(x, _abs_gt_1))


def arctanh(x):
    """Inverse hyperbolic tangent, complex outside [-1, 1] (mirrors ``numpy.emath.arctanh``)."""
    return _u.arctanh(_fix(x, _abs_gt_1))


from numpy import emath as _numpy_mirror  # noqa: E402
from ._host_only import mirror_getattr as _mirror_getattr  # noqa: E402

__getattr__ = _mirror_getattr(__name__, _numpy_mirror)  # NumPy's private names; a clear AttributeError otherwise
del _mirror_getattr
