"""Elementwise functions that are not ufuncs in NumPy's namespace: ``clip`` and the
floating-point error controls.

``errstate``/``seterr``/``geterr``/``seterrcall``/``geterrcall`` are NumPy's own:
they are accepted and their settings are kept, but torch never raises or warns on
floating-point errors (division by zero gives inf/nan silently, §2.4).
"""

import numpy as _np
import torch
from numpy import errstate, geterr, geterrcall, seterr, seterrcall  # noqa: F401

from .._array import ndarray
from .._boundary import HostObject, answers_numpy_itself
from .._convert import NOVALUE as _NOVALUE, asarray
from . import _kernels as _k
from ._objects import UFUNCS
from ._ufunc import make

__all__ = ["clip", "errstate", "seterr", "geterr", "seterrcall", "geterrcall"]



def _clip_kernel(x, lo, hi):
    if isinstance(x, torch.Tensor) and x.dtype is torch.uint64:  # no torch kernel: unsigned order on int64 bits
        return _U64_MIN(_U64_MAX(x, lo), hi)
    if isinstance(x, torch.Tensor) and x.is_complex():
        return _k.complex_clip(x, lo, hi)
    return torch.minimum(torch.maximum(x, lo), hi)  # NaN in x or a bound propagates, as NumPy's loop


_U64_MAX = _k.u64_extremum(torch.gt)
_U64_MIN = _k.u64_extremum(torch.lt)


#: NumPy's internal three-input ufunc ``numpy._core.umath.clip`` (its loops give the dtypes)
clip_ufunc = make("clip", _clip_kernel, np_ufunc=_np._core.umath.clip)


def clip(a, a_min=_NOVALUE, a_max=_NOVALUE, out=None, *, min=_NOVALUE, max=_NOVALUE, **kwargs):
    """Limit the values in an array (mirrors ``numpy.clip``; also the array-API ``clip(x, min, max)``)."""
    if a_min is _NOVALUE and a_max is _NOVALUE:
        a_min = None if min is _NOVALUE else min
        a_max = None if max is _NOVALUE else max
    elif a_min is _NOVALUE:
        raise TypeError("clip() missing 1 required positional argument: 'a_min'")
    elif a_max is _NOVALUE:
        raise TypeError("clip() missing 1 required positional argument: 'a_max'")
    elif min is not _NOVALUE or max is not _NOVALUE:
        raise ValueError("Passing `min` or `max` keyword argument when "
                         "`a_min` and `a_max` are provided is forbidden.")
    if not isinstance(a, ndarray):
        if answers_numpy_itself(type(a)):  # a pandas Series, numpy.matrix ...: NumPy's clip (§3.3)
            raise HostObject(type(a))
        a = asarray(a)
    maximum, minimum, positive = UFUNCS["maximum"], UFUNCS["minimum"], UFUNCS["positive"]

    if a.dtype.kind in "iu":
        # Python ints beyond the dtype's range mean "no bound" (NEP 50, as numpy._core._methods._clip)
        info = _np.iinfo(a.dtype)
        if type(a_min) is int and a_min <= info.min:
            a_min = None
        if type(a_max) is int and a_max >= info.max:
            a_max = None
    if a_min is None and a_max is None:
        return positive(a, out=out, **kwargs)
    if a_min is None:
        return minimum(a, a_max, out=out, **kwargs)
    if a_max is None:
        return maximum(a, a_min, out=out, **kwargs)
    return clip_ufunc(a, a_min, a_max, out=out, **kwargs)


def _clip_method(self, min=None, max=None, out=None, **kwargs):
    """Limit the values (mirrors ``numpy.ndarray.clip``, where ``min`` and ``max`` are both optional)."""
    return clip(self, min, max, out, **kwargs)


ndarray.clip = _clip_method
