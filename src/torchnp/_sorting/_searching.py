"""Searching (NumPy docs: "Sorting, searching, and counting"): where, nonzero, argwhere,
flatnonzero. ``where(c, x, y)`` keeps a hot path for arrays and Python scalars (§7);
the index results have data-dependent sizes, so their counts are read on the host.
"""

from math import copysign as _copysign

import numpy as _np
import torch

from .. import _cpu_kernels, _device, _dtypes
from .._array import _NPA, _new, _wrap, host_result, ndarray, tiny_host, tiny_view
from .._boundary import tensor
from .._ufuncs._ufunc import operand, translate

__all__ = ["where", "nonzero", "argwhere", "flatnonzero"]


_WHERE = {}  # (x kind, y kind) -> result torch dtype (kind: torch dtype or Python scalar type)
_FAST = {}   # (x dtype, y kind) -> True when torch.where(bool, x, y) already gives NumPy's dtype
_BOOL = torch.bool
_multi_device = _device.multi_device
_WHERE_ON_NUMPY = _cpu_kernels.KERNELS["where"].min_size  # checked before the table: the tiny hot path stays short


def _where_plan(kx, ky):
    parts = [_dtypes.TO_NUMPY[k] if isinstance(k, torch.dtype) else k for k in (kx, ky)]
    weak = {bool: True, int: 0, float: 0.0, complex: 0j}
    dt = _dtypes.np_result_type(*[weak[p] if isinstance(p, type) else p for p in parts])
    if not isinstance(kx, torch.dtype) and not isinstance(ky, torch.dtype) and dt == _np.float64:
        dt = _dtypes.TO_NUMPY[_dtypes.default_float()] if float in (kx, ky) else dt
    return _dtypes.to_torch(dt)


def _fast_plan(da, kb):
    """Whether ``torch.where(c, x, y)`` needs no cast for x of dtype ``da`` and y of kind ``kb``."""
    dt = _where_plan(da, kb)
    if da is not dt or (isinstance(kb, torch.dtype) and kb is not dt) or dt in _dtypes.PARTIAL:
        return False
    sample = torch.ones(1, dtype=kb) if isinstance(kb, torch.dtype) else kb(1)
    try:
        return torch.where(torch.ones(1, dtype=_BOOL), torch.ones(1, dtype=da), sample).dtype is dt
    except (RuntimeError, TypeError):
        return False


_SCALARS = {}  # (x dtype, type(y), y[, device]) -> 0-d tensor for a Python scalar y that needs no cast


def _cache_scalar(a, y, multi):
    """Remember Python scalar ``y`` as a 0-d tensor on ``a``'s device for the hot path."""
    ty = type(y)
    if y != y or (y == 0 and ty is float and _copysign(1.0, y) < 0):
        return  # NaN and -0.0 make no dict keys
    key = (a.dtype, ty)
    fast = _FAST.get(key)
    if fast is None:
        fast = _FAST[key] = _fast_plan(*key)
    if fast:
        if _out_of_range(y, a.dtype):
            return  # the general path casts it as NumPy does (its warning on overflow)
        try:
            s = torch.tensor(y, dtype=a.dtype, device=a.device)
        except (RuntimeError, OverflowError, ValueError):  # out of the dtype's range: the general path casts it
            return
        if len(_SCALARS) > 1024:
            _SCALARS.clear()
        _SCALARS[(a.dtype, ty, y, a.device) if multi else (a.dtype, ty, y)] = s


def where(condition, x=None, y=None, /):
    """Elements chosen from ``x`` or ``y`` depending on ``condition`` (``numpy.where``);
    with only ``condition``, the same as ``nonzero(condition)``."""
    # hot path (§7): array condition and x, array or float/int y, no cast needed; anything
    # torch rejects (non-bool condition, shapes) goes to the general path for NumPy's answer
    if (type(condition) is _NPA or type(x) is _NPA or type(y) is _NPA) and x is not None:
        hc = tiny_view(condition)  # a numpy.ndarray is host data as a torchnp array's host view (issue 23)
        if hc is not None:
            hx = tiny_view(x) if type(x) is not float and type(x) is not int else x
            hy = tiny_view(y) if type(y) is not float and type(y) is not int else y
            if hx is not None and hy is not None:
                return host_result(_np.where(hc, hx, hy))
    if type(condition) is ndarray and type(x) is ndarray:
        ty = type(y)
        hc = tiny_host(condition)
        if hc is not None:
            hx = tiny_host(x)
            hy = tiny_host(y) if ty is ndarray else y if ty is float or ty is int else None
            if hx is not None and hy is not None:  # tiny host data: NumPy's where (_array.TINY_HOST)
                return host_result(_np.where(hc, hx, hy))
        a = x._t
        multi = _multi_device[0]
        d = x._d
        if ty is ndarray:
            b = y._t
            fast = _FAST.get((d, y._d))
            if fast is None:
                fast = _FAST[(d, y._d)] = _fast_plan(d, y._d)
            if multi and fast:
                fast = a.device == b.device == condition._t.device
        elif ty is float or ty is int:
            b = _SCALARS.get((d, ty, y, a.device) if multi else (d, ty, y))
            # -0.0 == 0.0 as a dict key: a zero hit must be +0.0 (or an int)
            fast = b is not None and (y or ty is int or _copysign(1.0, y) > 0)
            if b is None:
                _cache_scalar(a, y, multi)
            elif multi and fast:
                fast = a.device == condition._t.device
        else:
            fast = False
        if fast:
            c = condition._t
            k = _cpu_kernels.numpy_kernel("where", c, a, b) if c.numel() >= _WHERE_ON_NUMPY else None
            try:
                r = torch.where(c, a, b) if k is None else _cpu_kernels.run(k, c, a, b)
            except RuntimeError:
                pass
            else:
                w = _new(ndarray)
                w._t = r
                w._d = d  # a fast plan keeps x's dtype
                w._h = None
                w._b = None
                return w
    return _where(condition, x, y)


def _where(condition, x, y):
    if x is None or y is None:
        if x is None and y is None:
            return nonzero(condition)
        raise ValueError("either both or neither of x and y should be given")
    c = condition._t if type(condition) is ndarray else tensor(condition)
    dev = c.device
    a = x._t if type(x) is ndarray else operand(x, dev)
    b = y._t if type(y) is ndarray else operand(y, dev)
    ka = a.dtype if isinstance(a, torch.Tensor) else type(a)
    kb = b.dtype if isinstance(b, torch.Tensor) else type(b)
    key = (ka, kb, _dtypes.default_float())  # two Python floats take the default float dtype
    dt = _WHERE.get(key)
    if dt is None:
        dt = _WHERE[key] = _where_plan(ka, kb)
    if c.dtype is not torch.bool:
        c = c != 0
    # a Python scalar out of the result dtype's range as NumPy's where casts it: an int wraps, a
    # float overflows to inf (NumPy's RuntimeWarning), an int beyond 64 bits is NumPy's OverflowError
    if not isinstance(a, torch.Tensor) and _out_of_range(a, dt):
        a = _np.asarray(a).astype(_dtypes.TO_NUMPY[dt]).item()
    if not isinstance(b, torch.Tensor) and _out_of_range(b, dt):
        b = _np.asarray(b).astype(_dtypes.TO_NUMPY[dt]).item()
    if isinstance(a, torch.Tensor):
        if ka is not dt:
            a = a.to(dt)
    elif not isinstance(b, torch.Tensor):
        a = torch.tensor(a, dtype=dt, device=dev)
    if kb is not dt and isinstance(b, torch.Tensor):
        b = b.to(dt)
    if _multi_device[0]:
        _device.check_same([v for v in (c, a, b) if isinstance(v, torch.Tensor)])
    if dt in _dtypes.SAME_BITS:  # uint16/32/64: no CUDA where kernel; the same bits chosen as signed
        s = _dtypes.SAME_BITS[dt]
        a, b = ((v if isinstance(v, torch.Tensor) else torch.tensor(v, dtype=dt, device=dev)).view(s) for v in (a, b))
        return _wrap(torch.where(c, a, b).view(dt))
    try:
        r = torch.where(c, a, b)
    except RuntimeError as exc:
        raise translate(exc, "where", [v for v in (c, a, b) if isinstance(v, torch.Tensor)]) from None
    if r.dtype is not dt:
        r = r.to(dt)
    return _wrap(r)


def _out_of_range(v, dt):
    """Whether torch would convert Python scalar ``v`` to ``dt`` otherwise than NumPy's cast: an int
    out of an integer dtype's range, a float beyond a float dtype's largest value (NumPy rounds or
    overflows it with a warning), an int beyond 2**53 into a float dtype (NumPy rounds it once,
    from int64). Plain Python comparisons, so ``torch.compile`` traces the usual case."""
    if type(v) is bool or dt is torch.bool:
        return False
    if dt.is_floating_point or dt.is_complex:
        if type(v) is int:
            return abs(v) > 2 ** 53
        m = torch.finfo(dt).max
        return abs(v.real) > m or abs(v.imag) > m
    i = torch.iinfo(dt)
    return not i.min <= v <= i.max


def nonzero(a):
    """Indices of the non-zero elements (``numpy.nonzero``); the count is read on the host."""
    t = tensor(a)
    if t.dim() == 0:
        raise ValueError("Calling nonzero on 0d arrays is not allowed. Use np.atleast_1d(scalar).nonzero() instead.")
    if t.dtype in _dtypes.PARTIAL:  # uint16/32/64: torch has no nonzero kernel, the mask has the same positions
        t = t != 0
    return tuple(_wrap(i) for i in torch.nonzero(t, as_tuple=True))


def argwhere(a):
    """Indices of non-zero elements, grouped by element (``numpy.argwhere``)."""
    t = tensor(a)
    if t.dim() == 0:
        return _wrap(torch.argwhere(t.reshape(1) != 0)[:, :0])
    return _wrap(torch.argwhere(t != 0 if t.dtype in _dtypes.PARTIAL else t))


def flatnonzero(a):
    """Indices of the non-zero elements of the flattened array (``numpy.flatnonzero``)."""
    t = tensor(a).reshape(-1)
    return _wrap(torch.nonzero(t != 0 if t.dtype in _dtypes.PARTIAL else t).reshape(-1))
