"""The rest of NumPy's main namespace: rounding, complex parts, closeness and
equality tests, type predicates, array metadata, memory overlap, bit packing,
number formatting, sinc/i0/unwrap.

Elementwise compositions call torchnp's own ufuncs, so dtypes follow NumPy's
promotion exactly and data stays on the device.
"""

import math
import operator

import numpy as _np
import torch

from .. import _dtypes
from .. import _ufuncs as _u
from .._array import _wrap, ndarray
from .._convert import asarray, normalize_axis
from .._boundary import array as _arr, out_tensor, tensor as tensor_of, tensors

__all__ = [
    "around", "round", "fix", "real", "imag", "angle", "nan_to_num", "isclose", "allclose",
    "array_equal", "array_equiv", "iscomplexobj", "isrealobj", "iscomplex", "isreal", "isscalar",
    "shape", "ndim", "size", "may_share_memory", "shares_memory", "iterable", "packbits",
    "unpackbits", "binary_repr", "base_repr", "sinc", "i0", "unwrap", "real_if_close",
    "isneginf", "isposinf", "typename", "isfortran", "asarray_chkfinite", "ScalarType",
    "True_", "False_", "astype",
]

ScalarType = _np.ScalarType
True_, False_ = _np.True_, _np.False_
typename = _np.typename


# ---------------------------------------------------------------- rounding
def _round_int(t, decimals):
    """Round integers to ``decimals`` < 0 with round-half-to-even, exactly (NumPy's result)."""
    if t.dtype is not torch.int64:  # exact in int64 (no overflow of 2 * remainder), wrapped back as NumPy
        if t.dtype is torch.uint64:
            raise TypeError("round(decimals < 0) on uint64 is unsupported on torchnp: torch has no uint64 division kernel")
        return _round_int(t.to(torch.int64), decimals).to(t.dtype)
    f = 10 ** (-decimals)
    if f > torch.iinfo(t.dtype).max:
        return torch.zeros_like(t)
    q = torch.div(t, f, rounding_mode="floor")
    r = t - q * f
    up = (2 * r > f) | ((2 * r == f) & (q % 2 != 0))
    return (q + up.to(t.dtype)) * f


def around(a, decimals=0, out=None):
    """Round to the given number of decimals, halves to even (mirrors ``numpy.round``/``numpy.around``)."""
    decimals = operator.index(decimals)
    t = tensor_of(a)
    if t.dtype is torch.bool:
        if decimals:  # NumPy refuses to cast the scaled values back to bool: raise its own error
            try:
                _np.round(_np.zeros((), bool), decimals)
            except TypeError as exc:
                raise exc from None
        t = t.to(torch.float16)
    if t.is_complex():
        r = torch.complex(torch.round(t.real, decimals=decimals), torch.round(t.imag, decimals=decimals))
    elif t.is_floating_point():
        r = torch.round(t, decimals=decimals)
    else:
        r = _round_int(t, decimals) if decimals < 0 else t.clone()
    if out is not None:
        out_tensor(out, r.device).copy_(r)
        return out
    return _wrap(r)


round = around  # noqa: A001


def fix(x, out=None):
    """Round towards zero (mirrors ``numpy.fix``)."""
    t = tensor_of(x)
    if t.dtype is torch.bool or not (t.is_floating_point() or t.is_complex()):
        r = t.clone()
        if out is not None:
            out_tensor(out, r.device).copy_(r)
            return out
        return _wrap(r)
    return _u.trunc(_wrap(t), out=out) if out is not None else _u.trunc(_wrap(t))


# ---------------------------------------------------------------- complex parts
def real(val):
    """Real part (mirrors ``numpy.real``; a view for arrays)."""
    if isinstance(val, (ndarray, int, float, complex)):
        return val.real
    return _arr(val).real


def imag(val):
    """Imaginary part (mirrors ``numpy.imag``)."""
    if isinstance(val, (ndarray, int, float, complex)):
        return val.imag
    return _arr(val).imag


def angle(z, deg=False):
    """Counterclockwise angle from the positive real axis (mirrors ``numpy.angle``)."""
    z = _arr(z)
    if z._t.is_complex():
        a = _u.arctan2(z.imag, z.real)
    else:
        a = _u.arctan2(0, z)
    return a * (180 / _np.pi) if deg else a


def iscomplexobj(x):
    """True if ``x`` has a complex dtype (mirrors ``numpy.iscomplexobj``)."""
    if isinstance(x, ndarray):
        return x.dtype.kind == "c"
    try:
        return issubclass(_np.dtype(x.dtype).type, _np.complexfloating)
    except (AttributeError, TypeError):
        return _np.iscomplexobj(x)


def isrealobj(x):
    """True unless ``x`` has a complex dtype (mirrors ``numpy.isrealobj``)."""
    return not iscomplexobj(x)


def iscomplex(x):
    """Elementwise: non-zero imaginary part (mirrors ``numpy.iscomplex``)."""
    t = tensor_of(x)
    return _wrap(t.imag != 0 if t.is_complex() else torch.zeros(t.shape, dtype=torch.bool, device=t.device))


def isreal(x):
    """Elementwise: zero imaginary part (mirrors ``numpy.isreal``)."""
    t = tensor_of(x)
    return _wrap(t.imag == 0 if t.is_complex() else torch.ones(t.shape, dtype=torch.bool, device=t.device))


def real_if_close(a, tol=100):
    """Real part when all imaginary parts are within ``tol`` eps of 0 (mirrors ``numpy.real_if_close``)."""
    a = _arr(a)
    t = a._t
    if not t.is_complex():
        return a
    if tol > 1:
        tol = _np.finfo(a.dtype).eps * tol
    # the result dtype depends on the data: one host sync, as NumPy's semantics need
    return a.real if bool((t.imag.abs() < tol).all()) else a


def isposinf(x, out=None):
    """Elementwise positive infinity test (mirrors ``numpy.isposinf``)."""
    return _inf_test(x, out, 1)


def isneginf(x, out=None):
    """Elementwise negative infinity test (mirrors ``numpy.isneginf``)."""
    return _inf_test(x, out, -1)


def _inf_test(x, out, sign):
    t = tensor_of(x)
    if t.is_complex():
        raise TypeError("This operation is not supported for complex values because it would be ambiguous.")
    r = torch.isinf(t) & ((t > 0) if sign > 0 else (t < 0)) if t.is_floating_point() else torch.zeros(t.shape, dtype=torch.bool, device=t.device)
    if out is not None:
        out_tensor(out, r.device).copy_(r)
        return out
    return _wrap(r)


def nan_to_num(x, copy=True, nan=0.0, posinf=None, neginf=None):
    """Replace NaN and infinities by finite numbers (mirrors ``numpy.nan_to_num``)."""
    a = x if isinstance(x, ndarray) else _wrap(tensor_of(x))
    t = a._t
    if not (t.is_floating_point() or t.is_complex()):
        return _wrap(t.clone()) if copy else a
    if not all(v is None or isinstance(v, (int, float, _np.number)) for v in (nan, posinf, neginf)):
        return _nan_to_num_arrays(a, copy, nan, posinf, neginf)
    if t.is_complex():
        parts = torch.view_as_real(t if copy is False else t.clone())
        parts.nan_to_num_(nan, posinf, neginf)
        return a if copy is False else _wrap(torch.view_as_complex(parts))
    if copy is False:
        t.nan_to_num_(nan, posinf, neginf)
        return a
    return _wrap(torch.nan_to_num(t, nan, posinf, neginf))


def _nan_to_num_arrays(a, copy, nan, posinf, neginf):
    """``nan_to_num`` with array fill values (NumPy copies them in under masks, broadcast to ``a``):
    on ``a``'s device, never moved (§3.2), real and imaginary parts alike."""
    t = a._t
    parts = torch.view_as_real(t) if t.is_complex() else t
    fi = torch.finfo(parts.dtype)
    r = parts
    for v, default, hit in ((nan, 0.0, torch.isnan(parts)), (posinf, fi.max, parts == math.inf),
                            (neginf, fi.min, parts == -math.inf)):
        fill = default if v is None else tensor_of(v, t.device).to(parts.dtype)
        if isinstance(fill, torch.Tensor):
            if t.is_complex():
                fill = fill.unsqueeze(-1)
            try:
                fits = torch.broadcast_shapes(fill.shape, parts.shape) == parts.shape
            except RuntimeError:
                fits = False
            if not fits:
                raise ValueError(f"could not broadcast input array from shape {tuple(fill.shape)} into shape "
                                 f"{tuple(t.shape)}")
        r = torch.where(hit, fill, r)
    if copy is False:
        parts.copy_(r)
        return a
    return _wrap(torch.view_as_complex(r.contiguous()) if t.is_complex() else r)


# ---------------------------------------------------------------- closeness and equality
def isclose(a, b, rtol=1e-05, atol=1e-08, equal_nan=False):
    """Elementwise closeness within a tolerance (mirrors ``numpy.isclose``, NumPy 2 formula)."""
    x, y, atol, rtol = (v if isinstance(v, (int, float, complex)) else _arr(v) for v in (a, b, atol, rtol))
    if isinstance(x, ndarray) and isinstance(y, ndarray):
        tensors((x, y))
    if isinstance(y, ndarray):
        y = y.astype(_dtypes.np_result_type(y.dtype, 1.0), copy=False)
    elif isinstance(y, int):
        y = float(y)
    result = _u.logical_or(_u.logical_and(_u.less_equal(_u.absolute(_u.subtract(x, y)),
                                                         _u.add(atol, _u.multiply(rtol, _u.absolute(y)))),
                                          _u.isfinite(y)), _u.equal(x, y))
    if equal_nan:
        result = _u.logical_or(result, _u.logical_and(_u.isnan(x), _u.isnan(y)))
    return result


def allclose(a, b, rtol=1e-05, atol=1e-08, equal_nan=False):
    """True if all elements are close (mirrors ``numpy.allclose``; returns a Python bool: a host sync)."""
    return bool(_arr(isclose(a, b, rtol=rtol, atol=atol, equal_nan=equal_nan))._t.all())


def array_equal(a1, a2, equal_nan=False):
    """True if same shape and elements (mirrors ``numpy.array_equal``; a Python bool: a host sync)."""
    t1, t2 = tensors((a1, a2))
    if t1.shape != t2.shape:
        return False
    eq = _arr(_u.equal(_wrap(t1), _wrap(t2)))._t
    if equal_nan and (t1.is_floating_point() or t1.is_complex()) and (t2.is_floating_point() or t2.is_complex()):
        eq = eq | (torch.isnan(t1) & torch.isnan(t2)) if not t1.is_complex() else eq | (t1.isnan() & t2.isnan())
    return bool(eq.all())


def array_equiv(a1, a2):
    """True if broadcastable and equal (mirrors ``numpy.array_equiv``; a Python bool)."""
    t1, t2 = tensors((a1, a2))
    try:
        torch.broadcast_shapes(t1.shape, t2.shape)
    except RuntimeError:
        return False
    return bool(_arr(_u.equal(_wrap(t1), _wrap(t2)))._t.all())


def asarray_chkfinite(a, dtype=None, order=None):
    """``asarray`` that raises ValueError on NaN or inf (mirrors ``numpy.asarray_chkfinite``; a host sync)."""
    a = asarray(a, dtype=dtype)
    t = a._t
    if (t.is_floating_point() or t.is_complex()) and not bool(torch.isfinite(t).all()):
        raise ValueError("array must not contain infs or NaNs")
    return a


def astype(x, dtype, /, *, copy=True, device=None):
    """Array API ``astype`` (mirrors ``numpy.astype``)."""
    if not isinstance(x, ndarray):
        raise TypeError(f"Input should be a NumPy array. It is a {type(x)} instead.")
    return x.astype(dtype, copy=copy, device=device)


# ---------------------------------------------------------------- metadata
def isscalar(element):
    """True for scalar types (mirrors ``numpy.isscalar``; 0-d arrays are not scalars)."""
    return _np.isscalar(element) if not isinstance(element, ndarray) else False


def shape(a):
    """Shape of an array-like (mirrors ``numpy.shape``)."""
    return a.shape if isinstance(a, ndarray) else _arr(a).shape


def ndim(a):
    """Number of dimensions (mirrors ``numpy.ndim``)."""
    return a.ndim if isinstance(a, ndarray) else _arr(a).ndim


def size(a, axis=None):
    """Number of elements, or the length along ``axis`` (mirrors ``numpy.size``)."""
    a = a if isinstance(a, ndarray) else _arr(a)
    if axis is None:
        return a.size
    if isinstance(axis, tuple):
        return _np.prod([a.shape[normalize_axis(ax, a.ndim)] for ax in axis], dtype=int).item()
    return a.shape[normalize_axis(axis, a.ndim)]


def isfortran(a):
    """True if Fortran-contiguous and not C-contiguous (mirrors ``numpy.isfortran``)."""
    return bool(a.flags.f_contiguous and not a.flags.c_contiguous)


def iterable(y):
    """True if ``iter(y)`` works (mirrors ``numpy.iterable``)."""
    try:
        iter(y)
    except TypeError:
        return False
    return True


def _extent(t):
    """Byte range [lo, hi) a tensor touches in its storage."""
    n = t.element_size()
    base = t.storage_offset() * n
    if t.numel() == 0:
        return base, base
    lo = base + sum(min(0, (s - 1) * st) for s, st in zip(t.shape, t.stride())) * n
    hi = base + sum(max(0, (s - 1) * st) for s, st in zip(t.shape, t.stride())) * n + n
    return lo, hi


def _same_storage(t1, t2):
    return t1.device == t2.device and t1.untyped_storage().data_ptr() == t2.untyped_storage().data_ptr()


def _host_views(a, b):
    """Zero-copy NumPy views of ``a`` and ``b`` when one is a NumPy array and neither is an
    array on an accelerator (host data, §3.3: NumPy arrays and CPU arrays may share one
    memory), else None (two torchnp arrays: compared by their tensors)."""
    if not (isinstance(a, _np.ndarray) or isinstance(b, _np.ndarray)):
        return None
    views = []
    for x in (a, b):
        if isinstance(x, ndarray):
            if x._t.device.type != "cpu":
                return None
            x = x.to_numpy()
        views.append(x)
    return views


def may_share_memory(a, b, /, max_work=None):
    """Whether two arrays might share memory, by memory bounds (mirrors ``numpy.may_share_memory``)."""
    views = _host_views(a, b)
    if views is not None:  # NumPy's answer on the host memory (sklearn's copy=True relies on it)
        return _np.may_share_memory(*views, max_work=max_work)
    if not (isinstance(a, ndarray) and isinstance(b, ndarray)):
        return False
    t1, t2 = a._t, b._t
    if not _same_storage(t1, t2) or t1.numel() == 0 or t2.numel() == 0:
        return False
    (l1, h1), (l2, h2) = _extent(t1), _extent(t2)
    return l1 < h2 and l2 < h1


def _byte_offsets(t):
    """Every byte offset ``t`` touches (index metadata, computed on the CPU)."""
    off = torch.tensor([t.storage_offset()], dtype=torch.int64)
    for s, st in zip(t.shape, t.stride()):
        off = (off.unsqueeze(-1) + torch.arange(s, dtype=torch.int64) * st).reshape(-1)
    n = t.element_size()
    return (off.unsqueeze(-1) * n + torch.arange(n)).reshape(-1)


def shares_memory(a, b, /, max_work=None):
    """Whether two arrays share memory, exactly (mirrors ``numpy.shares_memory``).

    The exact answer enumerates the byte offsets of both views (index metadata on the host).
    """
    views = _host_views(a, b)
    if views is not None:
        return _np.shares_memory(*views, max_work=max_work)
    if not may_share_memory(a, b):
        return False
    t1, t2 = a._t, b._t
    if t1.is_contiguous() or t2.is_contiguous():
        return True
    if max_work == 0:
        raise _np.exceptions.TooHardError("Exceeded max_work")
    return bool(torch.isin(_byte_offsets(t1), _byte_offsets(t2)).any())


# ---------------------------------------------------------------- bits and number formatting
def _bit_axis(t, axis):
    if axis is None:
        return t.reshape(-1), 0
    return t, normalize_axis(axis, t.dim())


def _bit_weights(bitorder, device):
    if bitorder not in ("big", "little"):
        raise ValueError("'order' must be either 'little' or 'big'")
    w = torch.tensor([128, 64, 32, 16, 8, 4, 2, 1], dtype=torch.uint8, device=device)
    return w if bitorder == "big" else w.flip(0)


def packbits(a, /, axis=None, bitorder="big"):
    """Pack a binary-valued array into uint8 bytes (mirrors ``numpy.packbits``)."""
    t = tensor_of(a)
    if t.is_floating_point() or t.is_complex():
        raise TypeError("Expected an input array of integer or boolean data type")
    w = _bit_weights(bitorder, t.device)
    t, dim = _bit_axis(t, axis)
    t = (t != 0).movedim(dim, -1)
    n = t.shape[-1]
    t = torch.nn.functional.pad(t.to(torch.uint8), (0, -n % 8)).reshape(*t.shape[:-1], (n + 7) // 8, 8)
    return _wrap((t * w).sum(-1, dtype=torch.uint8).movedim(-1, dim))


def unpackbits(a, /, axis=None, count=None, bitorder="big"):
    """Unpack uint8 bytes into bits (mirrors ``numpy.unpackbits``)."""
    t = tensor_of(a)
    if t.dtype is not torch.uint8:
        raise TypeError("Expected an input array of unsigned byte data type")
    w = _bit_weights(bitorder, t.device)
    t, dim = _bit_axis(t, axis)
    bits = ((t.movedim(dim, -1).unsqueeze(-1) & w) != 0).to(torch.uint8)
    bits = bits.reshape(*bits.shape[:-2], bits.shape[-2] * 8)
    if count is not None:
        count = operator.index(count)
        n = bits.shape[-1]
        keep = count if count >= 0 else max(n + count, 0)
        if count < 0 and -count > n:
            raise ValueError("-count larger than number of elements")
        bits = torch.nn.functional.pad(bits, (0, max(keep - n, 0)))[..., :keep]
    return _wrap(bits.movedim(-1, dim))


def binary_repr(num, width=None):
    """Binary string of an integer (mirrors ``numpy.binary_repr``; returns host data)."""
    return _np.binary_repr(operator.index(num), width)


def base_repr(number, base=2, padding=0):
    """String of an integer in the given base (mirrors ``numpy.base_repr``; returns host data)."""
    return _np.base_repr(operator.index(number), base, padding)


# ---------------------------------------------------------------- special functions
def _float_tensor(t):
    if t.is_floating_point() or t.is_complex():
        return t
    return t.to(_dtypes.default_float())


def sinc(x):
    """Normalized sinc, sin(pi x)/(pi x) (mirrors ``numpy.sinc``)."""
    t = _float_tensor(tensor_of(x))
    return _wrap(torch.sinc(t))


def i0(x):
    """Modified Bessel function of the first kind, order 0 (mirrors ``numpy.i0``)."""
    t = tensor_of(x)
    if t.is_complex():
        raise TypeError("i0 not supported for complex values")
    t = _float_tensor(t)
    if t.dtype is torch.float16:
        return _wrap(torch.special.i0(t.to(torch.float32)).to(torch.float16))
    return _wrap(torch.special.i0(t))


def unwrap(p, discont=None, axis=-1, *, period=2 * _np.pi):
    """Unwrap by taking the complement of large deltas w.r.t. the period (mirrors ``numpy.unwrap``)."""
    p = _arr(p)
    t = p._t
    dim = normalize_axis(axis, t.dim())
    n = max(t.shape[dim] - 1, 0)
    head, tail = t.narrow(dim, 0, n), t.narrow(dim, min(1, t.shape[dim]), n)
    dd = (_u.not_equal if t.dtype is torch.bool else _u.subtract)(_wrap(tail), _wrap(head))  # numpy.diff
    if discont is None:
        discont = period / 2
    dtype = _dtypes.np_result_type(dd.dtype, period)
    if _np.issubdtype(dtype, _np.integer):
        interval_high, rem = divmod(period, 2)
        boundary_ambiguous = rem == 0
    else:
        interval_high = period / 2
        boundary_ambiguous = True
    interval_low = -interval_high
    ddmod = _u.add(_u.mod(_u.subtract(dd, interval_low), period), interval_low)
    if boundary_ambiguous:
        fix_mask = (ddmod._t == interval_low) & (dd._t > 0)
        high = torch.as_tensor(interval_high, dtype=ddmod._t.dtype, device=t.device)
        ddmod = _wrap(torch.where(fix_mask, high, ddmod._t))
    ph_correct = _arr(_u.subtract(ddmod, dd))._t
    ph_correct = ph_correct.masked_fill(_arr(_u.absolute(dd))._t < discont, 0)
    up = t.to(_dtypes.to_torch(dtype), copy=True)
    up.narrow(dim, min(1, t.shape[dim]), n).copy_(_arr(_u.add(_wrap(tail), _wrap(ph_correct.cumsum(dim))))._t)
    return _wrap(up)
