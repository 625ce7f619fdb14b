"""SciPy's special functions written in Python (not ufuncs): logsumexp, softmax, log_softmax,
comb, factorial, polygamma, zeta, with SciPy's signatures and result dtypes."""

import math

import numpy as _np
import torch

from ... import _dtypes
from ..._boundary import store, tensor, tensors
from .._dispatch import inexact_tensors, mirror
from ._ufuncs import _binom, _float32_in_float64, _gamma

__all__ = ["logsumexp", "softmax", "log_softmax", "comb", "factorial", "polygamma", "zeta"]


def _np_dtype(t):
    return _dtypes.TO_NUMPY[t.dtype]


def _axes(axis, ndim):
    if axis is None:
        return tuple(range(ndim))
    axes = (axis,) if isinstance(axis, int) else tuple(axis)
    out = tuple(_np.lib.array_utils.normalize_axis_tuple(axes, ndim))
    return out


def _floating(*dts):
    """SciPy's ``xp_promote(..., force_floating=True)``: the result type, integers and bool -> float64."""
    dt = _np.result_type(*dts)
    return dt if dt.kind in "fc" else _np.dtype(_np.float64)


@mirror("special")
def logsumexp(a, axis=None, b=None, keepdims=False, return_sign=False):
    """``scipy.special.logsumexp`` (SciPy's algorithm: the largest term apart, log1p of the rest)."""
    ts = tensors([a] if b is None else [a, b])
    dt = _floating(*(_np_dtype(t) for t in ts))
    if dt.kind == "c":
        raise TypeError("torchnp.scipy.special.logsumexp: complex input runs on host data only")
    td = _dtypes.to_torch(dt)
    a = ts[0].to(td)
    b = ts[1].to(td) if b is not None else None
    if b is not None:
        a, b = torch.broadcast_tensors(a, b)
    if a.ndim == 0:
        a = a.reshape(1)
        b = b.reshape(1) if b is not None else None
    axes = _axes(axis, a.ndim)
    if a.numel() == 0:
        shape = [1 if i in axes else n for i, n in enumerate(a.shape)]
        out = torch.full(shape, -math.inf, dtype=td, device=a.device)
        sgn = torch.sign(out)
    else:
        b_exp_a = torch.exp(a) if b is None else b * torch.exp(a)
        sum_ = b_exp_a.sum(dim=axes, keepdim=True)
        sgn_inf = torch.where(sum_.isnan(), sum_, torch.sign(sum_))  # NumPy's sign(nan) is nan, torch's 0
        out_inf = torch.log(sum_.abs() if return_sign else sum_)
        if b is not None:
            a = torch.where(b == 0, -math.inf, a)
        a_max = a.amax(dim=axes, keepdim=True)
        i_max = a == a_max
        a = torch.where(i_max, -math.inf, a)
        i_max_dt = i_max.to(td)
        m = (i_max_dt if b is None else b * i_max_dt).sum(dim=axes, keepdim=True)
        e = torch.exp(a - a_max) if b is None else b * torch.exp(a - a_max)
        s = e.sum(dim=axes, keepdim=True)
        s = torch.where(s == 0, s, s / m)
        sgn = torch.sign(s + 1) * torch.sign(m)
        sgn = torch.where((s + m).isnan(), torch.nan, sgn)
        s = torch.where(s < -1, -s - 2, s)
        out = torch.log1p(s) + torch.log(m.abs()) + a_max
        if not return_sign:
            out = torch.where(sgn < 0, torch.nan, out)
        finite = torch.isfinite(out)
        out = torch.where(finite, out, out_inf)
        sgn = torch.where(finite, sgn, sgn_inf)
    if not keepdims:
        out, sgn = out.squeeze(axes), sgn.squeeze(axes)
    return (out, sgn) if return_sign else out


def _exp_dtype(t):
    """The dtype NumPy's ``exp`` gives ``t``'s (softmax computes in the input's dtype): small
    integers float16/float32, others float64; bool: NumPy's TypeError for its subtraction."""
    if t.dtype == torch.bool:
        raise TypeError("numpy boolean subtract, the `-` operator, is not supported, use the bitwise_xor, "
                        "the `^` operator, or the logical_xor function instead.")
    if t.is_floating_point() or t.is_complex():
        return t
    return t.to(_dtypes.to_torch(_np.exp(_np.zeros(1, _np_dtype(t))).dtype))


def _softmax_parts(x, axis, finite_max):
    t = tensor(x)
    fdt = _exp_dtype(t).dtype
    axes = _axes(axis, t.ndim)
    if t.numel() == 0:
        return t.to(fdt), axes
    m = t.amax(dim=axes, keepdim=True)
    if finite_max and t.is_floating_point():
        m = torch.where(torch.isfinite(m), m, 0).to(t.dtype)
    return (t - m).to(fdt), axes


@mirror("special")
def softmax(x, axis=None):
    """``scipy.special.softmax``: exp(x - max) / sum."""
    tmp, axes = _softmax_parts(x, axis, False)
    e = torch.exp(tmp)
    return e / e.sum(dim=axes, keepdim=True)


@mirror("special")
def log_softmax(x, axis=None):
    """``scipy.special.log_softmax``: x - max - log(sum(exp(x - max)))."""
    tmp, axes = _softmax_parts(x, axis, True)
    return tmp - torch.log(torch.exp(tmp).sum(dim=axes, keepdim=True))


@mirror("special")
def comb(N, k, *, exact=False, repetition=False):
    """``scipy.special.comb``. ``exact=True`` takes Python numbers (a Python int, as SciPy);
    arrays with ``exact=True`` raise TypeError (SciPy converts 0-d arrays with int())."""
    if exact:
        if not all(isinstance(v, (int, float)) for v in (N, k)):
            raise TypeError("only 0-dimensional arrays can be converted to Python scalars")
        if repetition:
            if k == 0 and int(N) == N and N >= 0:
                return 1
            N = N + k - 1
        if int(N) != N or int(k) != k:
            raise ValueError("Non-integer `N` and `k` with `exact=True` is not supported.")
        N, k = int(N), int(k)
        return math.comb(N, k) if 0 <= k <= N else 0
    n, kk = inexact_tensors(N, k, loops="d")
    if repetition:
        return torch.where((kk == 0) & (n >= 0), 1.0, _binom(n + kk - 1, kk)).to(n.dtype)
    cond = (kk <= n) & (n >= 0) & (kk >= 0)
    return torch.where(cond, _binom(n, kk), 0.0).to(n.dtype)


_UNSUPPORTED = ("Unsupported data type for `n` in factorial: {}\nPermitted data types are integers and floating "
                "point numbers, as well as complex numbers if `extend='complex' is passed.")


@mirror("special")
def factorial(n, exact=False, extend="zero"):
    """``scipy.special.factorial``: gamma(n + 1), 0 for negative n (``extend="zero"``), float64 for
    arrays; ``exact=True`` takes integer arrays (int64: exact up to 20!, where SciPy goes on with
    Python integers in object arrays)."""
    if extend not in ("zero", "complex"):
        raise ValueError(f"argument `extend` must be either 'zero' or 'complex', received: {extend}")
    if exact and extend == "complex":
        raise ValueError("Incompatible options: `exact=True` and `extend='complex'`")
    t = tensor(n)
    if t.dtype == torch.bool:
        raise ValueError(_UNSUPPORTED.format(_np.dtype(bool)))
    if t.is_complex():
        if extend != "complex":
            raise ValueError("In order to use non-integer arguments, you must opt into this by passing "
                             "`extend='complex'`.")
        raise TypeError("torchnp.scipy.special.factorial: complex input runs on host data only")
    if t.numel() == 0:
        return t
    if exact:
        if t.is_floating_point():
            raise ValueError(f"`exact=True` only supports integers, cannot use data type {_np_dtype(t)}")
        table = torch.tensor([math.factorial(i) for i in range(21)], dtype=torch.int64, device=t.device)
        return torch.where(t < 0, 0, torch.take(table, t.clamp(0, 20).long()))  # a 0-d index: no item() read
    # SciPy's gamma loop: float32 stays (computed in float64, rounded), others float64; an array with
    # extend="zero" is float64 in the end
    loop = torch.float32 if t.dtype == torch.float32 else torch.float64
    out = loop if extend == "complex" or isinstance(n, _np.generic) else torch.float64
    x = t.to(torch.float64)
    r = torch.where(x == -1, torch.nan, _gamma(x + 1)).to(loop).to(out)
    return torch.where(x < 0, 0.0, r).to(out) if extend == "zero" else r


@mirror("special")
def polygamma(n, x):
    """``scipy.special.polygamma``: psi(x) for n = 0, else (-1)**(n+1) n! zeta(n + 1, x)."""
    nt, xt = inexact_tensors(n, x, loops="df")
    fac2 = torch.where(torch.remainder(nt + 1, 2) == 0, 1.0, -1.0).to(nt.dtype) * _gamma(nt + 1) * \
        torch.special.zeta(nt + 1, xt)
    return torch.where(nt == 0, torch.special.digamma(xt), fac2)


def _borwein(n=30):
    """The coefficients of Borwein's series for the alternating zeta function eta(s)."""
    d = [n * sum(math.factorial(n + i - 1) * 4 ** i / (math.factorial(n - i) * math.factorial(2 * i))
                 for i in range(k + 1)) for k in range(n + 1)]
    return [(-1) ** k * (d[k] - d[n]) / d[n] for k in range(n)]


_ETA = _borwein()


def _sinpi(x):
    """sin(pi x) with the exact reduction x = n + r, |r| <= 1/2 (no rounding of pi x near the zeros)."""
    n = torch.round(x)
    return torch.where(torch.remainder(n, 2) == 0, 1.0, -1.0).to(x.dtype) * torch.sin(math.pi * (x - n))


def _riemann_zeta(s):
    """zeta(s) with SciPy's analytic continuation: the series for s > 1 (torch), Borwein's
    alternating series for -1 < s < 1, the functional equation below."""
    hurwitz = torch.special.zeta(torch.where(s >= 1, s, 2.0).to(s.dtype), torch.ones_like(s))
    mid = torch.where((s > -1) & (s < 1), s, 0.5).to(s.dtype)
    k = torch.arange(1, len(_ETA) + 1, dtype=s.dtype, device=s.device)
    coef = torch.tensor(_ETA, dtype=s.dtype, device=s.device)
    eta = -(coef * k.pow(-mid.unsqueeze(-1))).sum(-1)
    borwein = eta / (1 - torch.pow(2.0, 1 - mid))
    neg = torch.where(s <= -1, s, -1.0).to(s.dtype)
    refl = torch.special.zeta(1 - neg, torch.ones_like(neg))
    functional = torch.pow(2.0, neg) * torch.pow(math.pi, neg - 1) * _sinpi(neg / 2) * \
        _gamma(1 - neg) * refl
    functional = torch.where(torch.remainder(neg, 2) == 0, 0.0, functional).to(s.dtype)  # trivial zeros
    r = torch.where(s >= 1, hurwitz, torch.where(s > -1, borwein, functional))
    return torch.where((s == -math.inf) | s.isnan(), torch.nan, r)


@mirror("special")
def zeta(x, q=None, out=None):
    """``scipy.special.zeta``: Riemann's (``q=None``, continued below 1) or Hurwitz's zeta."""
    if q is None:
        (t,) = inexact_tensors(x, loops="df")
        r = _float32_in_float64(_riemann_zeta)(t)  # SciPy's float32 loop computes in float64 too
    else:
        t, qt = inexact_tensors(x, q, loops="fd")
        r = torch.where(t < 1, torch.nan, torch.special.zeta(t, qt))  # cephes: no continuation below 1
    return r if out is None else store(r, out, "same_kind", broadcast=True)
