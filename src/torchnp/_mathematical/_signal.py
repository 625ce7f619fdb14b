"""Discrete convolution and interpolation: convolve, correlate, interp."""

import numpy as _np
import torch
import torch.nn.functional as F

from .. import _dtypes
from .._array import _wrap, ndarray
from .._boundary import on_device, tensor
from .._tensors import searchsorted_tensor

__all__ = ["convolve", "correlate", "interp"]

_MODES = {"full": "full", "f": "full", "same": "same", "s": "same", "valid": "valid", "v": "valid",
          0: "valid", 1: "same", 2: "full"}


def _full_convolution(a, v):
    """Full discrete convolution of 1-D tensors ``a`` and ``v`` (same dtype)."""
    n, m = a.shape[0], v.shape[0]
    dt = a.dtype
    if dt in (torch.float32, torch.float64, torch.complex64, torch.complex128, torch.float16):
        ct = torch.float32 if dt is torch.float16 else dt
        r = F.conv1d(a.to(ct).reshape(1, 1, n), v.to(ct).flip(0).reshape(1, 1, m), padding=m - 1)
        return r.reshape(-1).to(dt)
    # integers and bool: products of all pairs summed on the anti-diagonals (exact, wraps as NumPy)
    acc = torch.int64 if dt is not torch.uint64 else torch.uint64
    prod = a.to(acc)[:, None] * v.to(acc)[None, :]
    pos = (torch.arange(n, device=a.device)[:, None] + torch.arange(m, device=a.device)[None, :]).reshape(-1)
    out = torch.zeros(n + m - 1, dtype=acc, device=a.device).index_add_(0, pos, prod.reshape(-1))
    return out != 0 if dt is torch.bool else out.to(dt)


def _convolve(a, v, mode, name):
    at = tensor(a)
    vt = on_device(v, at.device)
    at, vt = at.reshape(-1) if at.dim() == 0 else at, vt.reshape(-1) if vt.dim() == 0 else vt
    if at.dim() != 1 or vt.dim() != 1:
        raise ValueError("object too deep for desired array")
    if at.shape[0] == 0:
        raise ValueError("a cannot be empty" if name == "convolve" else "a cannot be empty")
    if vt.shape[0] == 0:
        raise ValueError("v cannot be empty")
    try:
        mode = _MODES[mode]
    except (KeyError, TypeError):
        raise ValueError(f"mode must be one of 'valid', 'same', or 'full' (got {mode!r})") from None
    dt = _dtypes.promote_torch(at.dtype, vt.dtype)
    at, vt = at.to(dt), vt.to(dt)
    if name == "correlate":
        vt = vt.conj().flip(0)
    n, m = at.shape[0], vt.shape[0]
    full = _full_convolution(at, vt)
    if mode == "full":
        r = full
    elif mode == "valid":
        r = full[min(n, m) - 1:max(n, m)]
    else:
        start = (min(n, m) - 1) // 2 if (name == "convolve" or n >= m) else min(n, m) // 2
        r = full[start:start + max(n, m)]
    return _wrap(r.resolve_conj() if r.is_complex() else r)


def convolve(a, v, mode="full"):
    """Discrete linear convolution of two 1-D sequences (mirrors ``numpy.convolve``)."""
    return _convolve(a, v, mode, "convolve")


def correlate(a, v, mode="valid"):
    """Cross-correlation of two 1-D sequences (mirrors ``numpy.correlate``)."""
    return _convolve(a, v, mode, "correlate")


def interp(x, xp, fp, left=None, right=None, period=None):
    """One-dimensional piecewise linear interpolation (mirrors ``numpy.interp``)."""
    # the device of the first array among x, xp, fp: a Python scalar x beside host xp/fp is host
    # data too (it was made on the default device, then mismatched xp on a GPU, §3.2)
    dev = next((o.device for o in (x, xp, fp) if isinstance(o, (ndarray, torch.Tensor))), None)
    xt = tensor(x) if dev is None else tensor(x, dev)
    dev = xt.device
    xpt = on_device(xp, dev)
    fpt = on_device(fp, dev)
    out_dt = torch.complex128 if fpt.is_complex() else torch.float64
    if xt.is_complex():
        raise TypeError("Cannot cast array data from dtype('complex128') to dtype('float64') "
                        "according to the rule 'safe'")
    xf = xt.to(torch.float64)
    xpf = xpt.to(torch.float64)
    fpf = fpt.to(out_dt)
    if xpf.dim() != 1 or fpf.dim() != 1:
        raise ValueError("object too deep for desired array" if max(xpf.dim(), fpf.dim()) > 1
                         else "object of too small depth for desired array")
    if xpf.shape[0] != fpf.shape[0]:
        raise ValueError("fp and xp are not of the same length.")
    if xpf.shape[0] == 0:
        raise ValueError("array of sample points is empty")
    if period is not None:
        if period == 0:
            raise ValueError("period must be a non-zero value")
        period = abs(period)
        left = right = None
        xf = torch.remainder(xf, period)
        xpf = torch.remainder(xpf, period)
        xpf, order = torch.sort(xpf)
        fpf = fpf[order]
        xpf = torch.cat([xpf[-1:] - period, xpf, xpf[:1] + period])
        fpf = torch.cat([fpf[-1:], fpf, fpf[:1]])
    n = xpf.shape[0]
    lval = fpf[0] if left is None else on_device(left, dev).to(out_dt)
    rval = fpf[-1] if right is None else on_device(right, dev).to(out_dt)
    if n == 1:
        res = torch.where(xf < xpf[0], lval, torch.where(xf > xpf[0], rval, fpf[0]))
        return _wrap(torch.where(torch.isnan(xf), torch.nan, res) if not res.is_complex() else res)
    if fpf.is_complex():  # NumPy interpolates the real and imaginary parts separately (infinities stay)
        res = torch.complex(_interp_real(xf, xpf, fpf.real, lval.real, rval.real),
                            _interp_real(xf, xpf, fpf.imag, lval.imag, rval.imag))
    else:
        res = _interp_real(xf, xpf, fpf, lval, rval)
    res = torch.where(torch.isnan(xf), torch.tensor(torch.nan, dtype=out_dt, device=dev), res)
    return _wrap(res)


def _interp_real(xf, xpf, fpf, lval, rval):
    """``interp``'s formula on real values (at least two sample points)."""
    n = xpf.shape[0]
    j = torch.clamp(searchsorted_tensor(xpf, xf, right=True) - 1, 0, n - 2)
    x0, x1, f0, f1 = xpf[j], xpf[j + 1], fpf[j], fpf[j + 1]
    slope = (f1 - f0) / (x1 - x0)
    res = slope * (xf - x0) + f0
    # NumPy's fallbacks when the formula gives NaN (infinite slopes, equal neighbours)
    alt = slope * (xf - x1) + f1
    res = torch.where(torch.isnan(res), alt, res)
    res = torch.where(torch.isnan(res) & (f0 == f1), f0, res)
    res = torch.where(xf == x0, f0, res)
    res = torch.where(xf == xpf[-1], fpf[-1], res)
    return torch.where(xf < xpf[0], lval, torch.where(xf > xpf[-1], rval, res))
