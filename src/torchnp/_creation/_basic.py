"""From shape or value, and from existing data (``numpy.zeros``, ``numpy.asarray`` ...).

Every function takes ``device=`` (§3.1); defaults follow NumPy (§2.2).
"""

import operator

import numpy as _np
import torch

from .. import _device, _dtypes
from .._array import _wrap, ndarray
from .._convert import as_tensor, asarray
from .._device import _default as _default_device
from .._dtypes import _default_float

__all__ = ["array", "asarray", "asanyarray", "ascontiguousarray", "asfortranarray", "copy",
           "empty", "zeros", "ones", "full", "empty_like", "zeros_like", "ones_like",
           "full_like", "arange", "linspace", "eye", "identity"]


def _shape(shape):
    if isinstance(shape, (tuple, list)):
        shape = tuple(operator.index(s) for s in shape)
    else:
        shape = (operator.index(shape),)
    if any(s < 0 for s in shape):
        raise ValueError("negative dimensions are not allowed")
    return shape


def _float_or(dtype):
    return _dtypes.default_float() if dtype is None else _dtypes.to_torch(dtype)


def array(object, dtype=None, *, copy=True, order="K", subok=False, ndmin=0, like=None, device=None):
    """Create an array (``numpy.array``); copies unless ``copy=False``/``None`` allows sharing."""
    t = as_tensor(object, _dtypes.to_torch(dtype), device, copy if copy is not True else True)
    if t.dim() < ndmin:
        t = t.reshape((1,) * (ndmin - t.dim()) + tuple(t.shape))
    return _wrap(t)


def asanyarray(a, dtype=None, order=None, *, device=None, copy=None, like=None):
    """Same as :func:`asarray` (torchnp has no ndarray subclasses)."""
    return asarray(a, dtype, device=device, copy=copy)


def ascontiguousarray(a, dtype=None, *, device=None, like=None):
    """C-contiguous array (``numpy.ascontiguousarray``); at least 1-d as NumPy."""
    t = as_tensor(a, _dtypes.to_torch(dtype), device).contiguous()
    return _wrap(t.reshape(1) if t.dim() == 0 else t)


def asfortranarray(a, dtype=None, *, device=None, like=None):
    """Array in Fortran order (values as :func:`asarray`; torch keeps the strides)."""
    t = as_tensor(a, _dtypes.to_torch(dtype), device)
    if t.dim() >= 2:
        t = t.mT.contiguous().mT if t.dim() == 2 else t.permute(*range(t.dim() - 1, -1, -1)).contiguous().permute(*range(t.dim() - 1, -1, -1))
    return _wrap(t)


def copy(a, order="K", subok=False):
    """Copy of ``a`` (``numpy.copy``)."""
    return _wrap(as_tensor(a).clone())


def empty(shape, dtype=None, order="C", *, device=None, like=None):
    """Uninitialised array (``numpy.empty``); float64 by default."""
    return _wrap(torch.empty(shape if type(shape) is int and shape >= 0 else _shape(shape),
                             dtype=_default_float[0] if dtype is None else _dtypes.to_torch(dtype),
                             device=_default_device[0] if device is None else _device.resolve(device)))


def zeros(shape, dtype=None, order="C", *, device=None, like=None):
    """Array of zeros (``numpy.zeros``); float64 by default."""
    return _wrap(torch.zeros(shape if type(shape) is int and shape >= 0 else _shape(shape),
                             dtype=_default_float[0] if dtype is None else _dtypes.to_torch(dtype),
                             device=_default_device[0] if device is None else _device.resolve(device)))


def ones(shape, dtype=None, order="C", *, device=None, like=None):
    """Array of ones (``numpy.ones``); float64 by default."""
    return _wrap(torch.ones(shape if type(shape) is int and shape >= 0 else _shape(shape),
                             dtype=_default_float[0] if dtype is None else _dtypes.to_torch(dtype),
                             device=_default_device[0] if device is None else _device.resolve(device)))


def full(shape, fill_value, dtype=None, order="C", *, device=None, like=None):
    """Array filled with ``fill_value`` (``numpy.full``); dtype from the value as NumPy."""
    shape = _shape(shape)
    if isinstance(fill_value, ndarray) or not isinstance(fill_value, (bool, int, float, complex, _np.generic)):
        fv = as_tensor(fill_value, _dtypes.to_torch(dtype), device)
        return _wrap(torch.broadcast_to(fv, shape).clone())
    dt = _dtypes.to_torch(dtype) if dtype is not None else (
        _dtypes.to_torch(fill_value.dtype) if isinstance(fill_value, _np.generic) else _dtypes.python_scalar_dtype(fill_value))
    value = fill_value.item() if isinstance(fill_value, _np.generic) else fill_value
    if not dt.is_complex and isinstance(value, complex):
        raise TypeError(f"cannot fill an array of dtype {_dtypes.TO_NUMPY[dt]} with a complex value")
    if dt is torch.int64 and type(value) is int and not -(2**63) <= value < 2**63:
        raise OverflowError(f"Python integer {value} out of bounds for int64")
    return _wrap(torch.full(shape, value, dtype=dt, device=_device.resolve(device)))


def _like(a, dtype, shape, device):
    t = as_tensor(a)
    dt = t.dtype if dtype is None else _dtypes.to_torch(dtype)
    shp = tuple(t.shape) if shape is None else _shape(shape)
    dev = t.device if device is None else _device.resolve(device)
    return shp, dt, dev


def empty_like(prototype, dtype=None, order="K", subok=True, shape=None, *, device=None):
    """Uninitialised array like ``prototype`` (same device unless ``device=``)."""
    shp, dt, dev = _like(prototype, dtype, shape, device)
    return _wrap(torch.empty(shp, dtype=dt, device=dev))


def zeros_like(a, dtype=None, order="K", subok=True, shape=None, *, device=None):
    """Zeros like ``a`` (``numpy.zeros_like``)."""
    shp, dt, dev = _like(a, dtype, shape, device)
    return _wrap(torch.zeros(shp, dtype=dt, device=dev))


def ones_like(a, dtype=None, order="K", subok=True, shape=None, *, device=None):
    """Ones like ``a`` (``numpy.ones_like``)."""
    shp, dt, dev = _like(a, dtype, shape, device)
    return _wrap(torch.ones(shp, dtype=dt, device=dev))


def full_like(a, fill_value, dtype=None, order="K", subok=True, shape=None, *, device=None):
    """``fill_value`` in the shape, dtype and device of ``a`` (``numpy.full_like``)."""
    shp, dt, dev = _like(a, dtype, shape, device)
    if isinstance(fill_value, ndarray):
        return _wrap(torch.broadcast_to(fill_value._t.to(dt), shp).clone())
    if not dt.is_complex and isinstance(fill_value, complex):
        raise TypeError("cannot fill a real array with a complex value")
    if not (dt.is_floating_point or dt.is_complex) and isinstance(fill_value, float):
        fill_value = int(fill_value) if _np.isfinite(fill_value) else fill_value
    return _wrap(torch.full(shp, fill_value, dtype=dt, device=dev))


def arange(start_or_stop, /, stop=None, step=None, *, dtype=None, device=None, like=None, **kwargs):
    """Evenly spaced values in a half-open interval (``numpy.arange``)."""
    if "start" in kwargs or "stop" in kwargs:
        raise TypeError("arange() got unexpected keyword arguments; use positional start, stop")
    if stop is None:
        start, stop = 0, start_or_stop
    else:
        start = start_or_stop
    if step is None:
        step = 1
    vals = [v.item() if isinstance(v, (ndarray, _np.generic)) else v for v in (start, stop, step)]
    if vals[2] == 0:
        raise ZeroDivisionError("division by zero")
    np_dt = _np.result_type(*vals) if dtype is None else _np.dtype(dtype)
    dt = _dtypes.to_torch(np_dt)
    if dtype is None and np_dt == _np.float64:
        dt = _dtypes.default_float()
    dev = _device.resolve(device)
    n = int(_np.ceil((vals[1] - vals[0]) / vals[2])) if not isinstance(vals[2], complex) else 0
    if n <= 0:
        return _wrap(torch.empty(0, dtype=dt, device=dev))
    if dt.is_floating_point or dt.is_complex:
        # NumPy computes start + i*step, not repeated addition
        t = torch.arange(n, dtype=torch.float64, device=dev) * vals[2] + vals[0]
        return _wrap(t.to(dt))
    return _wrap(torch.arange(vals[0], vals[1], vals[2], dtype=torch.int64, device=dev).to(dt))


def linspace(start, stop, num=50, endpoint=True, retstep=False, dtype=None, axis=0, *, device=None):
    """``num`` evenly spaced samples over ``[start, stop]`` (``numpy.linspace``)."""
    num = operator.index(num)
    if num < 0:
        raise ValueError(f"Number of samples, {num}, must be non-negative.")
    s = as_tensor(start, device=device)
    e = as_tensor(stop, device=device)
    dev = s.device
    _device.check_same([s, e])
    ft = _dtypes.to_torch(_np.result_type(_dtypes.TO_NUMPY[s.dtype], _dtypes.TO_NUMPY[e.dtype], float))
    if ft is torch.float64 and _dtypes.default_float() is torch.float32 and s.dtype is not torch.float64 and e.dtype is not torch.float64:
        ft = torch.float32
    wt = torch.complex128 if ft.is_complex else torch.float64
    s64, e64 = s.to(wt), e.to(wt)
    div = (num - 1) if endpoint else num
    delta = e64 - s64
    shape_extra = tuple(torch.broadcast_shapes(s.shape, e.shape))
    i = torch.arange(num, dtype=wt, device=dev).reshape((num,) + (1,) * len(shape_extra))
    if div > 0:
        step = delta / div
        y = s64 + i * step if bool((step != 0).all()) else s64 + i * delta / div
        if endpoint and num > 1:
            y[-1] = e64
    else:
        step = torch.full_like(delta, float("nan"))
        y = s64 + i * delta
    if axis != 0:
        from .._convert import normalize_axis

        y = y.movedim(0, normalize_axis(axis, y.dim()))
    out_dt = ft if dtype is None else _dtypes.to_torch(dtype)
    if not (out_dt.is_floating_point or out_dt.is_complex):
        y = torch.floor(y.real if y.is_complex() else y)
    result = _wrap(y.to(out_dt))
    if retstep:
        st = _wrap(step.to(ft))
        return result, (st if st.ndim else st)
    return result


def eye(N, M=None, k=0, dtype=float, order="C", *, device=None, like=None):
    """2-D array with ones on the ``k``-th diagonal (``numpy.eye``)."""
    N = operator.index(N)
    M = N if M is None else operator.index(M)
    k = operator.index(k)
    dt = _float_or(None if dtype is float else dtype)
    dev = _device.resolve(device)
    out = torch.zeros((N, M), dtype=dt, device=dev)
    if -N < k < M:
        out.diagonal(k).fill_(1)
    return _wrap(out)


def identity(n, dtype=None, *, device=None, like=None):
    """Square identity array (``numpy.identity``)."""
    return eye(n, dtype=float if dtype is None else dtype, device=device)
