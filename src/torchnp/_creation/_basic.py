"""From shape or value, and from existing data (``numpy.zeros``, ``numpy.asarray`` ...), and
changing the kind of an array (``numpy.require``, ``numpy.asarray_chkfinite``, ``numpy.astype``).

Every function takes ``device=`` (§3.1); defaults follow NumPy (§2.2).
"""

import inspect
import math
import operator

import numpy as _np
import torch

from .. import _cpu_kernels, _device, _dtypes
from .._array import TINY_HOST, _Flags, _dynamo_compiling, _labelled, _wrap, host_result, ndarray
from .._boundary import device_of
from .._device import CPU as _CPU
from .._convert import NOVALUE, as_tensor, asarray, check_order, keep_alias, wrap_host
from .._device import _state as _device_state
from .._dtypes import _default_float
from .._tensors import cast_tensor, empty_laid_out, evenly_spaced, fortran_order, int_tuple, laid_out, shape_str

__all__ = ["array", "asarray", "asanyarray", "ascontiguousarray", "asfortranarray", "copy",
           "empty", "zeros", "ones", "full", "empty_like", "zeros_like", "ones_like",
           "full_like", "arange", "linspace", "eye", "identity", "require", "asarray_chkfinite", "astype",
           "_CopyMode"]

_CopyMode = _np._CopyMode  # NumPy's copy= enum (np.array(x, copy=np._CopyMode.NEVER))
_CANNOT_AVOID = "Unable to avoid copy while creating an array as requested."
_NO_MEMORY = (_np.generic, int, float, complex, str, bytes, list, tuple, range)


def _copy_flag(copy):
    """NumPy's ``copy=``: True (always), None (if needed) or False (never); ``_CopyMode`` and any
    other object by truth value, as NumPy (``IF_NEEDED`` is None; ``bool()`` may raise)."""
    if copy is None or copy is True or copy is False:
        return copy
    if isinstance(copy, _CopyMode):
        return None if copy is _CopyMode.IF_NEEDED else bool(copy.value)
    return bool(copy)


def _shape(shape):
    # tuples inline: np.zeros((3, 4)) is a hot path (§7); other sizes (1-D NumPy arrays) via int_tuple
    shape = tuple(operator.index(s) for s in shape) if isinstance(shape, (tuple, list)) else int_tuple(shape)
    if any(s < 0 for s in shape):
        raise ValueError("negative dimensions are not allowed")
    return shape


def _creation_error(exc, shape, dtype):
    """NumPy's exception for a failed allocation of ``shape`` (torch raises RuntimeError/TypeError):
    ValueError when the shape or byte size exceeds intp, MemoryError when memory runs out."""
    dims = shape if isinstance(shape, (tuple, list)) else (shape,)
    if any(type(d) is int and d >= 2**63 for d in dims):
        return ValueError("Maximum allowed dimension exceeded")
    size = _dtypes.TO_NUMPY[dtype].itemsize
    for d in dims:
        size *= d
    if size >= 2**63:
        return ValueError("array is too big; `arr.size * arr.dtype.itemsize` is larger than the maximum possible size.")
    if isinstance(exc, torch.OutOfMemoryError) or "allocate" in str(exc):
        from numpy._core._exceptions import _ArrayMemoryError  # NumPy's own MemoryError and message

        return _ArrayMemoryError(tuple(dims), _dtypes.TO_NUMPY[dtype])
    return exc


#: the allocators, torch's and NumPy's: a tiny array on the CPU is NumPy's (``torch.from_numpy``
#: of it costs half a torch allocation, and it keeps its host view: _array.TINY_HOST)
_HOST_ALLOCATORS = {torch.empty: _np.empty, torch.zeros: _np.zeros, torch.ones: _np.ones}


def _allocate(make, shape, dtype, device, order="C"):
    """``make(shape, dtype=, device=)`` (torch.empty/zeros/ones) with NumPy's exceptions."""
    if order != "C":
        check_order(order, "CF")
    dtype = _default_float[0] if dtype is None else _dtypes.to_torch(dtype)
    shape = shape if type(shape) is int and shape >= 0 else _shape(shape)
    try:
        dev = _device_state.device if device is None else _device.resolve(device)
        if dev is _CPU and type(shape) is int and shape <= TINY_HOST and _device.CPU_VALUE_CHECKS \
                and not _dynamo_compiling():
            return host_result(_HOST_ALLOCATORS[make](shape, _dtypes.TO_NUMPY[dtype]))
        if order == "F" and type(shape) is tuple and len(shape) > 1:  # column-major memory of its own
            r = empty_laid_out(shape, fortran_order(len(shape)), dtype, dev)
            return _wrap(r if make is torch.empty else r.fill_(0 if make is torch.zeros else 1))
        return _wrap(make(shape, dtype=dtype, device=dev))
    except (RuntimeError, TypeError) as exc:
        raise _creation_error(exc, shape, dtype) from None


def _float_or(dtype):
    return _dtypes.default_float() if dtype is None else _dtypes.to_torch(dtype)


def array(object, dtype=None, *, copy=True, order="K", subok=False, ndmin=0, ndmax=0, like=None, device=None):
    """Create an array (``numpy.array``); copies unless ``copy=False``/``None`` allows sharing."""
    copy = _copy_flag(copy)
    if copy is False and (object is None or isinstance(object, _NO_MEMORY)):
        raise ValueError(_CANNOT_AVOID)  # scalars and Python sequences have no array memory to share
    t = as_tensor(object, _dtypes.to_torch(dtype), device, copy)
    if order in ("C", "F") and t.dim() > 1 and not _has_layout(t, order):
        if copy is False:
            raise ValueError(_CANNOT_AVOID)  # the layout asked for needs a copy
        t = _in_layout(t, order)
    if ndmax and t.dim() > ndmax and isinstance(object, (list, tuple)):
        # NumPy would keep the inner sequences as objects, which torch cannot hold
        raise ValueError("setting an array element with a sequence. The requested array would exceed "
                         f"the maximum number of dimension of {ndmax}.")
    if t.dim() < ndmin:
        t = t.reshape((1,) * (ndmin - t.dim()) + tuple(t.shape))
    return keep_alias(wrap_host(object, t), dtype, object, equal_keeps=True)


def asanyarray(a, dtype=None, order=None, *, device=None, copy=None, like=None):
    """Convert the input to an array (mirrors ``numpy.asanyarray``); the same as :func:`asarray`, since torchnp has no ndarray subclasses."""
    return asarray(a, dtype, device=device, copy=copy)


def ascontiguousarray(a, dtype=None, *, device=None, like=None):
    """C-contiguous array (``numpy.ascontiguousarray``); at least 1-d as NumPy."""
    t = as_tensor(a, _dtypes.to_torch(dtype), device).contiguous()
    return _wrap(t.reshape(1) if t.dim() == 0 else t)


def asfortranarray(a, dtype=None, *, device=None, like=None):
    """Array in Fortran (column-major) order (mirrors ``numpy.asfortranarray``; values as :func:`asarray`, torch keeps the strides)."""
    t = as_tensor(a, _dtypes.to_torch(dtype), device)
    return _wrap(_in_layout(t, "F") if t.dim() >= 2 else t)


def _reversed_axes(t):
    return t.permute(tuple(range(t.dim() - 1, -1, -1)))


def _has_layout(t, order):
    """Whether ``t`` is C (``order='C'``) or Fortran (``'F'``) contiguous."""
    return t.is_contiguous() if order == "C" else _reversed_axes(t).is_contiguous()


def _in_layout(t, order):
    """``t`` copied into C or Fortran order."""
    return t.contiguous() if order == "C" else laid_out(t, fortran_order(t.dim()))


def copy(a, order="K", subok=False):
    """Copy of ``a`` in memory ``order`` (``numpy.copy``)."""
    return _wrap(as_tensor(a)).copy(order)


def _copy_method(self, order="C"):
    """A copy on the same device in memory ``order`` 'C', 'F', 'A' or 'K' (``numpy.ndarray.copy``)."""
    h = self._h  # tiny_host inlined (§7: y = x.copy() in a callback loop)
    if h is None and self._t.numel() <= TINY_HOST:
        h = self._host_array()
    if type(h) is _np.ndarray and h.size <= TINY_HOST and (order == "C" or order == "K") \
            and _device.CPU_VALUE_CHECKS and not _dynamo_compiling():
        return host_result(h.copy(order))  # tiny host data: NumPy's copy, no torch call (TINY_HOST)
    t = self._t
    if order is None:  # NumPy's order converter reads None as 'C' here
        order = "C"
    if order == "K":
        return _wrap(t.clone())  # torch keeps the layout of dense arrays, as NumPy
    if order == "A":
        order = "F" if _Flags(t).f_contiguous and not t.is_contiguous() else "C"
    if order == "F":
        return _wrap(empty_laid_out(t.shape, fortran_order(t.dim()), t.dtype, t.device).copy_(t))
    if order != "C":
        raise ValueError(f"order must be one of 'C', 'F', 'A', or 'K' (got {order!r})")
    k = None if t.is_contiguous() else _cpu_kernels.numpy_kernel("copy", t)
    r = t.clone(memory_format=torch.contiguous_format) if k is None else _cpu_kernels.run(k, t)
    return _labelled(_wrap(r), self._d)


ndarray.copy = _copy_method


def empty(shape, dtype=None, order="C", *, device=None, like=None):
    """Uninitialised array (``numpy.empty``); float64 by default."""
    return _allocate(torch.empty, shape, dtype, device, order)


def zeros(shape, dtype=None, order="C", *, device=None, like=None):
    """Array of zeros (``numpy.zeros``); float64 by default."""
    return _allocate(torch.zeros, shape, dtype, device, order)


def ones(shape, dtype=None, order="C", *, device=None, like=None):
    """Array of ones (``numpy.ones``); float64 by default."""
    return _allocate(torch.ones, shape, dtype, device, order)


def full(shape, fill_value, dtype=None, order="C", *, device=None, like=None):
    """Array filled with ``fill_value`` (``numpy.full``); dtype from the value as NumPy."""
    if order != "C":
        check_order(order, "CF")
    shape = _shape(shape)
    if isinstance(fill_value, ndarray) or not isinstance(fill_value, (bool, int, float, complex, _np.generic)):
        if isinstance(fill_value, (list, tuple)) and dtype is not None:  # NumPy's copyto(casting='unsafe') of
            fv = cast_tensor(as_tensor(fill_value, None, device), _dtypes.to_torch(dtype), copy=False)  # the list
        else:
            fv = as_tensor(fill_value, _dtypes.to_torch(dtype), device)
        r = _broadcast_fill(fv, shape)
        return keep_alias(_wrap(_in_layout(r, "F") if order == "F" and r.dim() > 1 else r), dtype, fill_value)
    dt = _dtypes.to_torch(dtype) if dtype is not None else (
        _dtypes.to_torch(fill_value.dtype) if isinstance(fill_value, _np.generic) else _dtypes.python_scalar_dtype(fill_value))
    try:
        r = _fill(shape, fill_value, dt, _device.resolve(device))
        return keep_alias(_wrap(_in_layout(r, "F") if order == "F" and r.dim() > 1 else r), dtype, fill_value)
    except (RuntimeError, TypeError) as exc:
        raise _creation_error(exc, shape, dt) from None


#: float dtypes torch.full rounds a Python float into once (float16 goes through float32 there),
#: with the largest magnitude it accepts (torch raises on overflow where NumPy gives inf)
_EXACT_FILL = {torch.float32: float(torch.finfo(torch.float32).max),
               torch.float64: float(torch.finfo(torch.float64).max)}


def _fill(shape, value, dt, dev):
    """``shape`` filled with scalar ``value`` as NumPy's ``copyto(casting='unsafe')``: a Python int
    outside ``dt``'s range raises NumPy's OverflowError; other values are cast unsafely
    (nan -> int64 min, 300.0 -> int8 44, 1e300 -> float32 inf, 1j -> 0 with a ComplexWarning)."""
    if type(value) is int and not (dt.is_floating_point or dt.is_complex or dt is torch.bool):
        info = torch.iinfo(dt)
        if not info.min <= value <= info.max:
            _np.asarray(value, dtype=_dtypes.TO_NUMPY[dt])  # raises NumPy's OverflowError
        return torch.full(shape, value, dtype=dt, device=dev)
    if isinstance(value, _np.generic):
        src, value = _dtypes.to_torch(value.dtype), value.item()
    else:
        src = _dtypes.python_scalar_dtype(value)
        if type(value) is int and not -(2**63) <= value < 2**63:
            if dt is torch.bool:
                raise OverflowError("Python int too large to convert to C long")
            src, value = torch.float64, float(value)  # a Python int beyond int64 into a float/complex dtype
    if src is dt or type(value) is bool or (
            dt in _EXACT_FILL and type(value) is float and not _EXACT_FILL[dt] < abs(value) < float("inf")):
        return torch.full(shape, value, dtype=dt, device=dev)
    from .._convert import cast_tensor

    v = cast_tensor(torch.tensor(value, dtype=src, device=dev), dt, copy=False)
    return torch.empty(shape, dtype=dt, device=dev).copy_(v)


def _broadcast_fill(fv, shape):
    """``fv`` broadcast into a new array of ``shape``; NumPy's ValueError when it cannot."""
    try:
        return torch.broadcast_to(fv, shape).clone()
    except RuntimeError:
        raise ValueError(f"could not broadcast input array from shape {shape_str(tuple(fv.shape))} "
                         f"into shape {shape_str(tuple(shape))}") from None


def _like(a, dtype, shape, device, order):
    if order != "K":
        check_order(order, "CFAK")
    t = as_tensor(a)
    dt = t.dtype if dtype is None else _dtypes.to_torch(dtype)
    shp = tuple(t.shape) if shape is None else _shape(shape)
    dev = t.device if device is None else _device.resolve(device)
    return shp, dt, dev


def _fortran_like(a, shp, order):
    """Whether a ``*_like`` result of shape ``shp`` is column-major: ``order='F'``, or 'A'/'K' of a
    Fortran-contiguous (and not C-contiguous) prototype of as many dimensions, as NumPy lays them out."""
    if len(shp) < 2 or order == "C":
        return False
    if order == "F":
        return True
    if not isinstance(a, (ndarray, _np.ndarray)) or a.ndim != len(shp):  # another ndim: C, as NumPy
        return False
    return bool(a.flags.f_contiguous and not a.flags.c_contiguous)


def _empty_like(a, shp, dt, dev, order):
    if _fortran_like(a, shp, order):
        return empty_laid_out(shp, fortran_order(len(shp)), dt, dev)
    return torch.empty(shp, dtype=dt, device=dev)


def empty_like(prototype, /, dtype=None, order="K", subok=True, shape=None, *, device=None):
    """Uninitialised array like ``prototype`` (mirrors ``numpy.empty_like``; same device unless ``device=``)."""
    shp, dt, dev = _like(prototype, dtype, shape, device, order)
    return keep_alias(_wrap(_empty_like(prototype, shp, dt, dev, order)), dtype, prototype)


def zeros_like(a, dtype=None, order="K", subok=True, shape=None, *, device=None):
    """Zeros like ``a`` (``numpy.zeros_like``)."""
    shp, dt, dev = _like(a, dtype, shape, device, order)
    return keep_alias(_wrap(_empty_like(a, shp, dt, dev, order).zero_()), dtype, a)


def ones_like(a, dtype=None, order="K", subok=True, shape=None, *, device=None):
    """Ones like ``a`` (``numpy.ones_like``)."""
    shp, dt, dev = _like(a, dtype, shape, device, order)
    return keep_alias(_wrap(_empty_like(a, shp, dt, dev, order).fill_(1)), dtype, a)


def full_like(a, fill_value, dtype=None, order="K", subok=True, shape=None, *, device=None):
    """``fill_value`` in the shape, dtype and device of ``a`` (``numpy.full_like``)."""
    shp, dt, dev = _like(a, dtype, shape, device, order)
    if isinstance(fill_value, ndarray):
        _device.check_same([fill_value._t.new_empty(0, device=dev), fill_value._t])
        return keep_alias(_wrap(_broadcast_fill(cast_tensor(fill_value._t, dt, copy=False), shp)), dtype, a)
    if isinstance(fill_value, _np.ndarray) and dev.type != "cpu":  # host data, never uploaded implicitly (§3.3)
        raise _device.mismatch(_device.CPU, dev)
    if fill_value is None or isinstance(fill_value, str):  # NumPy's conversion to the dtype (None: nan), as full
        r = _broadcast_fill(as_tensor(fill_value, dt, dev), shp)
        return keep_alias(_wrap(laid_out(r, fortran_order(len(shp))) if _fortran_like(a, shp, order) else r), dtype, a)
    r = _fill(shp, fill_value, dt, dev)
    return keep_alias(_wrap(laid_out(r, fortran_order(len(shp))) if _fortran_like(a, shp, order) else r), dtype, a)


_HOST_TYPES = {float: torch.float64, complex: torch.complex128}
_INT64 = _np.result_type(0, 1, 1)


def arange(start_or_stop=NOVALUE, /, stop=None, step=1, *, dtype=None, device=None, like=None, start=NOVALUE):
    """Evenly spaced values in a half-open interval (``numpy.arange``)."""
    if type(start_or_stop) is int and stop is None and type(step) is int and step == 1 and dtype is None \
            and device is None and start is NOVALUE and 0 < start_or_stop <= TINY_HOST \
            and _device_state.device is _CPU and not _dynamo_compiling():
        # arange(n) of a tiny n on the host (a callback's np.arange(ndim)): the path below's answer
        # without its argument parsing (§7 tiny host path)
        h = _np.arange(start_or_stop)
        r = _wrap(torch.from_numpy(h))
        r._h = h
        return r
    # NumPy's C parser also takes ``start=`` by name, and ``stop=`` alone (its text signature hides it)
    if start is not NOVALUE:
        if start_or_stop is not NOVALUE:
            raise TypeError("argument for arange() given by name ('start') and position (position 0)")
        if stop is None:  # (NumPy tells an omitted stop from stop=None; here both raise)
            raise TypeError("arange() requires stop to be specified.")
        start_or_stop = start
    elif start_or_stop is NOVALUE:
        if stop is None:
            raise TypeError("arange() requires stop to be specified.")
        start_or_stop, stop = stop, None
    if stop is None:
        start, stop = 0, start_or_stop
    else:
        start = start_or_stop
    if step is None:
        step = 1
    # the output length depends on the values: 0-d array arguments are read on the host (a sync)
    vals = [v.item() if isinstance(v, (ndarray, _np.generic)) else v for v in (start, stop, step)]
    if vals[2] == 0:
        raise ZeroDivisionError("division by zero")
    if dtype is not None:
        np_dt = _np.dtype(dtype)
    elif type(vals[0]) is int and type(vals[1]) is int and type(vals[2]) is int:
        np_dt = _INT64  # NumPy's result_type of Python ints, whatever their values (NEP 50), asked at import
    else:
        np_dt = _dtypes.np_result_type(*vals)
    dt = _dtypes.to_torch(np_dt)
    if dtype is None and np_dt == _np.float64:
        dt = _dtypes.default_float()
    dev = _device.resolve(device)
    # the length in Python floats (constant under torch.compile, §6.1), checked as NumPy does
    try:
        n = float((vals[1] - vals[0]) / vals[2]) if not isinstance(vals[2], complex) else 0.0
    except OverflowError:  # Python ints too large for a float
        raise ValueError("Maximum allowed size exceeded") from None
    if n != n:
        raise ValueError("arange: cannot compute length")
    if abs(n) >= 2**63:  # also inf; NumPy checks the size before its sign
        raise ValueError("Maximum allowed size exceeded")
    n = math.ceil(n)
    if n <= 0:
        return keep_alias(_wrap(torch.empty(0, dtype=dt, device=dev)), dtype)
    if dev is _CPU and n <= TINY_HOST and dtype is None and dt is _dtypes.TO_TORCH[np_dt] and not _dynamo_compiling():
        h = _np.arange(*vals)  # a tiny host array: NumPy's (_array.TINY_HOST), its values, its view kept
        r = _wrap(torch.from_numpy(h))  # (the tensor made now: an arange is often a constant jit closes over)
        r._h = h
        return r
    try:
        return keep_alias(_wrap(_arange(vals, n, dt, dev)), dtype)
    except RuntimeError as exc:
        raise _creation_error(exc, n, dt) from None


def _arange(vals, n, dt, dev):
    if not (dt.is_floating_point or dt.is_complex) and all(type(v) is int or isinstance(v, (bool, _np.integer)) for v in vals):
        return torch.arange(vals[0], vals[1], vals[2], dtype=torch.int64, device=dev).to(dt)
    # as NumPy: the first two values are cast to ``dtype``, then start + i*(second - first)
    # (so arange(0, 1, 0.1, dtype=int) is all zeros, as in NumPy)
    wide = torch.complex128 if dt.is_complex else torch.float64 if dt.is_floating_point else torch.int64
    first, second = (torch.tensor(v, dtype=_HOST_TYPES.get(type(v), torch.int64), device=dev).to(dt).to(wide)
                     for v in (vals[0], vals[0] + vals[2]))
    t = torch.arange(n, dtype=torch.int64, device=dev).to(wide) * (second - first) + first
    return t.to(dt)


arange.__signature__ = inspect.signature(_np.arange)


def _weak_dtype(values):
    """NumPy's result dtype for creation arguments: Python scalars are weak (NEP 50), arrays are not."""
    parts = []
    for v in values:
        if isinstance(v, ndarray):
            parts.append(v.dtype)
        elif type(v) in (bool, int, float, complex) or isinstance(v, _np.generic):
            parts.append(v)
        else:
            parts.append(_dtypes.TO_NUMPY[as_tensor(v).dtype])
    return _dtypes.np_result_type(*parts)


def _tensors_on(values, dtype, device):
    """Tensors for creation arguments: with ``device=`` all move there (§3.4); else arrays
    must share one device (§3.2: NumPy arrays are on the host) and scalars/lists are created on
    it (§3.3)."""
    if device is None:
        device = device_of(values)
    return [as_tensor(v, dtype, device) for v in values]


def _inexact(np_dt, values):
    """``np_dt`` made inexact as NumPy's linspace does; float64 follows the default float (§2.2)."""
    if np_dt.kind not in "fc":
        np_dt = _np.dtype(_np.float64)
    t = _dtypes.to_torch(np_dt)
    if _dtypes.default_float() is torch.float32 and all(type(v) in (bool, int, float, complex) for v in values):
        t = {torch.float64: torch.float32, torch.complex128: torch.complex64}.get(t, t)
    return t


def linspace(start, stop, num=50, endpoint=True, retstep=False, dtype=None, axis=0, *, device=None):
    """``num`` evenly spaced samples over ``[start, stop]`` (``numpy.linspace``)."""
    num = operator.index(num)
    if num < 0:
        raise ValueError(f"Number of samples, {num}, must be non-negative.")
    ft = _inexact(_weak_dtype((start, stop)), (start, stop))
    s, e = _tensors_on((start, stop), ft, device)
    y, step = evenly_spaced(s, e, num, endpoint)
    if axis != 0:
        from .._convert import normalize_axis

        y = y.movedim(0, normalize_axis(axis, y.dim()))
    out_dt = ft if dtype is None else _dtypes.to_torch(dtype)
    if not (out_dt.is_floating_point or out_dt.is_complex or out_dt is torch.bool):  # NumPy floors for integers
        if y.is_complex():
            raise TypeError("ufunc 'floor' not supported for the input types, and the inputs could not be safely "
                            "coerced to any supported types according to the casting rule ''safe''")
        y = torch.floor(y)
    result = _wrap(cast_tensor(y, out_dt, copy=False))  # NumPy's astype: ComplexWarning, x86's int casts
    if retstep:
        return result, _wrap(step)
    return result


def eye(N, M=None, k=0, dtype=float, order="C", *, device=None, like=None):
    """2-D array with ones on the ``k``-th diagonal (``numpy.eye``)."""
    N = operator.index(N)
    M = N if M is None else operator.index(M)
    k = operator.index(k)
    out = _allocate(torch.zeros, (N, M), _float_or(None if dtype is float else dtype), device, order)
    if -N < k < M:
        out._t.diagonal(k).fill_(1)
    return out


def identity(n, dtype=None, *, device=None, like=None):
    """Square identity array (``numpy.identity``)."""
    return eye(n, dtype=float if dtype is None else dtype, device=device)


_REQ = {"C": "C", "C_CONTIGUOUS": "C", "CONTIGUOUS": "C", "F": "F", "F_CONTIGUOUS": "F",
        "FORTRAN": "F", "A": "A", "ALIGNED": "A", "W": "W", "WRITEABLE": "W", "O": "O",
        "OWNDATA": "O", "E": "E", "ENSUREARRAY": "E"}


def require(a, dtype=None, requirements=None, *, like=None):
    """Array satisfying the requirements (mirrors ``numpy.require``; tensors are always aligned; a read-only
    array is copied for 'W')."""
    if requirements is None:
        reqs = set()
    else:
        if isinstance(requirements, str):
            requirements = [requirements]
        try:
            reqs = {_REQ[r.upper()] for r in requirements}
        except KeyError as exc:
            raise KeyError(f"{exc.args[0]!r} is not a valid requirement") from None
    if "C" in reqs and "F" in reqs:
        raise ValueError("Cannot specify both C and Fortran contiguous.")
    arr = asarray(a, dtype=dtype)
    t = arr._t
    if "C" in reqs and not t.is_contiguous():
        t = t.contiguous()
    elif "F" in reqs and not (t.dim() < 2 or t.mT.is_contiguous()) and t.dim() >= 2:
        t = laid_out(t, fortran_order(t.dim()))
    elif "O" in reqs and t is arr._t:
        t = t.clone()
    if "W" in reqs and t is arr._t and not arr.flags.writeable:
        t = t.clone()  # NumPy copies a read-only array for 'W'
    return arr if t is arr._t else _wrap(t)


def asarray_chkfinite(a, dtype=None, order=None):
    """``asarray`` that raises ValueError on NaN or inf (mirrors ``numpy.asarray_chkfinite``; a host sync)."""
    a = asarray(a, dtype=dtype)
    t = a._t
    if (t.is_floating_point() or t.is_complex()) and not bool(torch.isfinite(t).all()):
        raise ValueError("array must not contain infs or NaNs")
    return a


def astype(x, dtype, /, *, copy=True, device=None):
    """Array API ``astype`` (mirrors ``numpy.astype``)."""
    if isinstance(x, _np.generic):  # a NumPy scalar is host data: NumPy's cast gives NumPy's scalar (§1.3)
        if device is not None and _device.resolve(device).type != "cpu":
            raise _device.DeviceMismatchError(f"astype: a NumPy scalar is host data; it cannot be cast onto {device}")
        return x.astype(dtype, copy=copy)
    if not isinstance(x, ndarray):
        raise TypeError(f"Input should be a NumPy array or scalar. It is a {type(x)} instead.")
    return x.astype(dtype, copy=copy, device=device)
