"""Mathematical functions that are not ufuncs (NumPy docs: "Mathematical functions"):
rounding (around, round, fix), complex numbers (real, imag, angle, real_if_close),
nan_to_num, the special functions sinc and i0, and unwrap.

Elementwise compositions call torchnp's own ufuncs, so dtypes follow NumPy's
promotion exactly and data stays on the device.
"""

import math
import operator

import numpy as _np
import torch

from .. import _dtypes, _tensors
from .. import _ufuncs as _u
from .._array import _wrap, ndarray
from .._boundary import array as _arr, out_tensor, tensor as tensor_of
from .._convert import normalize_axis
from .._tensors import broadcast_shapes

__all__ = ["around", "round", "fix", "real", "imag", "angle", "real_if_close", "nan_to_num", "sinc", "i0", "unwrap"]


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


def _round_half(t, decimals):
    """float16 ``round`` as NumPy computes it: scale, ``rint`` and unscale, each step rounded to float16.

    torch's ``round(decimals=)`` scales in float32, so ``round(float16(66), 3)`` is 66 there where
    NumPy's ``66 * 1000`` overflows float16 to inf (and ``10 ** 5`` itself is inf: nan or inf for
    every element). Every step here is one float16 operation (computed in float32 and rounded once,
    exact as NumPy's float16 loops), on the tensor's device.
    """
    f = torch.full((), 10.0 ** abs(decimals), dtype=torch.float32, device=t.device).to(torch.float16)
    return torch.round(t * f) / f if decimals > 0 else torch.round(t / f) * f


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
    elif t.dtype is torch.float16 and decimals:
        r = _round_half(t, decimals)
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


def nan_to_num(x, copy=True, nan=0.0, posinf=None, neginf=None):
    """Replace NaN and infinities by finite numbers (mirrors ``numpy.nan_to_num``)."""
    a = x if isinstance(x, ndarray) else _wrap(tensor_of(x))
    t = a._t
    if not (t.is_floating_point() or t.is_complex()):
        return _wrap(t.clone()) if copy else a
    if copy is False and _tensors.READ_ONLY:
        _tensors.check_write(t)  # in place: NumPy's refusal (was a silent write into a read-only array)
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
                fits = broadcast_shapes(fill.shape, parts.shape) == parts.shape
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
        # NumPy evaluates float16 in float16: its exp(|x|) overflows for |x| >= 11.09, so i0 is inf there
        # although I0(x) < 65504 up to |x| = 13.2 (i0(float16(12)) is inf, I0(12) = 18949)
        over = torch.isinf(torch.exp(t.abs().to(torch.float32)).to(torch.float16)) & torch.isfinite(t)
        return _wrap(torch.where(over, torch.inf, torch.special.i0(t.to(torch.float32))).to(torch.float16))
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
    up.narrow(dim, min(1, t.shape[dim]), n).copy_(_arr(_u.add(_wrap(tail), _u.add.accumulate(_wrap(ph_correct), axis=dim)))._t)
    return _wrap(up)
