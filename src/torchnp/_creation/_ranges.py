"""Numerical ranges beyond ``arange``/``linspace`` (``numpy.logspace``, ``numpy.geomspace``).

Computed by torch on the target device; dtypes resolved as NumPy does (§2.2, §2.3).
"""

import numpy as _np
import torch

from .. import _dtypes
from .._array import _wrap, ndarray
from .._convert import cast_tensor, checks_data, normalize_axis
from ._basic import _tensors_on, linspace

__all__ = ["logspace", "geomspace"]


def logspace(start, stop, num=50, endpoint=True, base=10.0, dtype=None, axis=0, *, device=None):
    """Numbers spaced evenly on a log scale (``numpy.logspace``)."""
    if type(base) in (int, float, complex) or (not isinstance(base, ndarray) and _np.ndim(base) == 0
                                                  and not isinstance(base, (list, tuple))):
        # a scalar base: a Python scalar stays weak in power(base, y) (NEP 50)
        y = linspace(start, stop, num=num, endpoint=endpoint, axis=axis, device=device)._t
        rt = _dtypes.to_torch(_dtypes.np_result_type(_dtypes.TO_NUMPY[y.dtype], base))
        b = torch.tensor(base, dtype=rt, device=y.device)
    else:
        s, e, b = _tensors_on((start, stop, base), None, device)
        nd = max(s.dim(), e.dim(), b.dim())
        s, e, b = (t.reshape((1,) * (nd - t.dim()) + tuple(t.shape)) for t in (s, e, b))
        y = linspace(_wrap(s), _wrap(e), num=num, endpoint=endpoint, axis=axis)._t
        b = b.unsqueeze(normalize_axis(axis, nd + 1))
        rt = _dtypes.promote_torch(b.dtype, y.dtype)
    out = torch.pow(b.to(rt), y.to(rt))
    return _wrap(out if dtype is None else cast_tensor(out, _dtypes.to_torch(dtype), copy=False))


def geomspace(start, stop, num=50, endpoint=True, dtype=None, axis=0, *, device=None):
    """Numbers spaced evenly on a log scale, given by their end points (``numpy.geomspace``)."""
    s, e = _tensors_on((start, stop), None, device)
    # NumPy's rule: result_type(start, stop, float(num), zeros((), dtype)) with start/stop as arrays
    dt_np = _dtypes.np_result_type(_dtypes.TO_NUMPY[s.dtype], _dtypes.TO_NUMPY[e.dtype], float(num),
                            _np.dtype(_np.float64) if dtype is None else _np.dtype(dtype))
    dt = _dtypes.to_torch(dt_np)
    if dtype is None and type(start) in (int, float, bool) and type(stop) in (int, float, bool) \
            and _dtypes.default_float() is torch.float32:
        dt = torch.float32
    # NumPy's ValueError for a zero end point: on the host for host end points, else a sync (§3.5)
    if isinstance(start, ndarray) or isinstance(stop, ndarray):
        zero = checks_data(s) and bool(((s == 0).any() | (e == 0).any()))
    else:
        zero = bool(_np.any(_np.asarray(start) == 0) or _np.any(_np.asarray(stop) == 0))
    if zero:
        raise ValueError("Geometric sequence cannot include zero")
    s, e = s.to(dt), e.to(dt)
    sign = torch.sgn(s) if dt.is_complex else torch.sign(s)
    s = s / sign
    e = e / sign
    y = logspace(_wrap(torch.log10(s)), _wrap(torch.log10(e)), num=num, endpoint=endpoint, base=10.0)._t.to(dt)
    if num > 0:
        y[0] = s
        if num > 1 and endpoint:
            y[-1] = e
    y = y * sign
    if axis != 0:
        y = y.movedim(0, normalize_axis(axis, y.dim()))
    return _wrap(y if dtype is None else cast_tensor(y, _dtypes.to_torch(dtype), copy=False))
