"""Statistics: averages and variances, order statistics, correlation (NumPy "Statistics")."""

import builtins
import math
import warnings

import numpy as _np
import torch

from .. import _cpu_kernels, _device, _dtypes
from .._array import _NPA, _wrap, ndarray, numpy_host_array
from .._tensors import exponent_of_largest, real_if_needed, scale_by_power_of_two, searchsorted_tensor
from ._common import (NOVALUE, REDUCTION_SHAPE_ERROR, store, axes_of, checks_data, count, finish, mask_of, on_device, real_dtype, reduced_shape, tensor,
                      warn_if)

__all__ = ["mean", "var", "std", "nanmean", "nanvar", "nanstd", "median", "nanmedian", "average",
           "percentile", "quantile", "nanpercentile", "nanquantile", "cov", "corrcoef"]

_FLOATS = (torch.float32, torch.float64, torch.complex64, torch.complex128)


def _compute_dtypes(t, dtype):
    """(dtype to accumulate in, dtype of the result) of NumPy's mean for ``t``."""
    if dtype is not None:
        d = _dtypes.to_torch(dtype)
        return (torch.float32 if d is torch.float16 else d), d
    if t.dtype is torch.float16:
        return torch.float32, torch.float16
    if t.dtype in _FLOATS:
        return t.dtype, t.dtype
    return torch.float64, torch.float64


def _sum_count(t, axes, keepdims, where, acc):
    """Sum (in ``acc``) and element count over ``axes``; the count is a Python int without ``where``."""
    if t.is_complex() and not acc.is_complex:  # a real dtype=: NumPy's cast of the sum's operand, its warning
        warnings.warn("Casting complex values to real discards the imaginary part", _np.exceptions.ComplexWarning,
                      stacklevel=4)
        t = real_if_needed(t, acc)
    if not axes and t.dim():  # axis=(): nothing is reduced (torch.sum(dim=()) would reduce every axis)
        if where is True:
            return t.to(acc), 1
        m = torch.broadcast_to(mask_of(where, t), t.shape)
        return torch.where(m, t.to(acc), 0), m.to(acc if not acc.is_complex else real_dtype(acc))
    if where is True:
        return torch.sum(t.to(acc), dim=axes, keepdim=keepdims), count(t, axes)
    m = mask_of(where, t)
    s = torch.sum(torch.where(m, t.to(acc), 0), dim=axes, keepdim=keepdims)
    return s, torch.sum(m, dim=axes, keepdim=keepdims, dtype=acc if not acc.is_complex else real_dtype(acc))


def _empty_warning(n, message, cond=None):
    if isinstance(n, int):
        if n == 0:
            warnings.warn(message, RuntimeWarning, stacklevel=4)
    else:
        warn_if(n == 0 if cond is None else cond, message, stacklevel=4)


def mean(a, axis=None, dtype=None, out=None, keepdims=False, *, where=True):
    """Arithmetic mean along the given axes (mirrors ``numpy.mean``)."""
    if type(a) is _NPA:  # host data as NumPy's own: the host reduction below reads it (issue 23)
        w = numpy_host_array(a, a.size)
        a = a if w is None else w
    if type(a) is ndarray and axis is None and dtype is None and out is None and where is True and not keepdims:
        t = a._t
        d = a._d
        if d in _FLOATS and t.numel():
            r = _cpu_kernels.host_reduction("mean", a)  # floating-point host data: NumPy's bits
            return r if r is not None else _wrap(torch.mean(t))
        if d is torch.bool and t.numel():
            # exact count / n is NumPy's float64 sum / n bit for bit; measured on 10^7 elements:
            # ~3 ms against ~40 ms for torch.mean(t.to(float64)) and ~4 ms for NumPy
            return _wrap(torch.count_nonzero(t).to(torch.float64) / t.numel())
    elif type(a) is ndarray and type(axis) is int and dtype is None and out is None and where is True \
            and a._d in _cpu_kernels.INEXACT and -a._t.dim() <= axis < a._t.dim() and a._t.numel():
        r = _cpu_kernels.host_reduction("mean", a, axis, keepdims is True)  # host data: NumPy's bits
        if r is not None:
            return _wrap(r) if type(r) is torch.Tensor else r
    t = tensor(a)
    axes = axes_of(axis, t.dim())
    acc, res = _compute_dtypes(t, dtype)
    s, n = _sum_count(t, axes, keepdims, where, acc)
    _empty_warning(n, "Mean of empty slice")
    if not (s.is_floating_point() or s.is_complex()):
        # an integer dtype=: NumPy sums in that dtype (wrapping; torch.sum widens small integers to
        # int64) and true_divides in float64, cast back (torch's int / int: float32, 16777217 -> 16777216)
        s = s.to(acc).to(torch.float64)
    r = s / n if isinstance(n, torch.Tensor) or n else s * torch.nan
    return finish(r.to(res) if r.dtype is not res else r, out)


_SAME_BITS = _dtypes.SAME_BITS


def _gather(t, idx):
    """``torch.gather(t, -1, idx)``, also for uint16/32/64 (no torch kernel: gather the same bits as signed)."""
    if t.dtype in _SAME_BITS:
        return torch.gather(t.view(_SAME_BITS[t.dtype]), -1, idx).view(t.dtype)
    return torch.gather(t, -1, idx)


_ONE_PASS = (torch.float32, torch.float64, torch.complex64, torch.complex128)


def _var(a, axis, dtype, out, ddof, keepdims, where, mean_, correction, sqrt, nan=False):
    if correction is not NOVALUE:
        if ddof != 0:
            raise ValueError("ddof and correction can't be provided simultaneously.")
        ddof = correction
    if isinstance(ddof, (_np.generic, _np.ndarray)) and ddof.ndim == 0:
        ddof = ddof.item()  # a NumPy scalar or 0-d array is a host number here, as NumPy reads it
    elif isinstance(ddof, ndarray) and ddof.ndim == 0:
        ddof = tensor(ddof)  # a 0-d array (on its device, not read): the degrees of freedom as a tensor
    t = tensor(a)
    axes = axes_of(axis, t.dim())
    k = _cpu_kernels.numpy_kernel("var", t) if where is True and mean_ is NOVALUE and dtype is None else None
    if k is not None:
        return _finish_var(_cpu_kernels.run(k, t, axes, ddof, keepdims, sqrt, nan), out, sqrt)
    if (t.device.type != "cpu" or not _device.CPU_VALUE_CHECKS) \
            and where is True and mean_ is NOVALUE and dtype is None and not nan and axes \
            and t.dtype in _ONE_PASS and isinstance(ddof, (int, float)):
        count = 1
        for ax in axes:  # (a loop, not math.prod of a generator: torch.compile traces this)
            count *= t.shape[ax]
        if count > ddof and t.numel():  # (empty: torch's kernel warns of its degrees of freedom)
            # an accelerator (or the CPU standing in for one, §7): torch's one-pass kernel reads the
            # data once, where the two passes below read it twice and write a temporary of its size
            r = (torch.std if sqrt else torch.var)(t, dim=axes, correction=ddof, keepdim=keepdims is True)
            return _finish_var(r, out, sqrt)
    acc, res = _compute_dtypes(t, dtype)
    if nan and (t.is_floating_point() or t.is_complex()):
        ok = ~torch.isnan(t)
        where = ok if where is True else ok & mask_of(where, t)
        t = torch.where(ok, t, 0)
    # NumPy's float16 var rounds every step to float16 (sum, mean, deviations, squares, their sum),
    # so its sums can overflow to inf; float32 steps would answer where NumPy gives inf
    half = (lambda v: v.to(torch.float16).to(acc)) if t.dtype is torch.float16 and dtype is None else None
    s, n = _sum_count(t, axes, True, where, acc)
    if mean_ is NOVALUE:
        if half:
            s = half(s)
        m = s / n if not isinstance(n, int) or n else s * torch.nan
    else:
        m = on_device(mean_, t.device).to(acc)
    if half:
        m = half(m)
    d = (t if t.is_complex() else t.to(acc)) - m  # NumPy's deviations of complex data stay complex (dtype=float)
    if half:
        d = half(d)
    sq = d.real * d.real + d.imag * d.imag if d.is_complex() else d * d
    if half:
        sq = half(sq)
    ss, _ = _sum_count(sq, axes, keepdims, where, real_dtype(acc))
    if half:
        ss = half(ss)
    if not keepdims and not isinstance(n, int):
        n = n.squeeze(axes) if axes else n
    dof = n - ddof
    if isinstance(dof, (int, float)):  # a float ddof (correction=0.0) with a Python int count
        if dof <= 0:
            warnings.warn("Degrees of freedom <= 0 for slice" + ("." if nan else ""), RuntimeWarning, stacklevel=3)
        dof = builtins.max(dof, 0)
        r = ss / dof if dof else ss * torch.where(ss == 0, torch.nan, torch.inf)
    else:
        warn_if(dof <= 0, "Degrees of freedom <= 0 for slice" + ("." if nan else ""), stacklevel=3)
        bad = dof <= 0
        dof = torch.clamp(dof, min=0).to(ss.dtype)
        r = ss / dof
        if nan:  # NumPy's nanvar: nan where the degrees of freedom run out (var divides: inf)
            r = torch.where(bad, torch.nan, r)
    if sqrt:
        r = torch.sqrt(r)
    rd = real_dtype(res) if dtype is None else res  # NumPy sums the squares with dtype= (complex stays)
    return _finish_var(r.to(rd) if r.dtype is not rd else r, out, sqrt)


def _finish_var(r, out, sqrt):
    """NumPy's std ends with ``sqrt(ret, out=ret)``: its ``out=`` follows the ufunc's same-kind
    casting rule, var's is unsafe as other reductions."""
    if sqrt:
        return store(r, out, "same_kind", ufunc=_np.sqrt, shape_error=REDUCTION_SHAPE_ERROR)
    return finish(r, out)


def var(a, axis=None, dtype=None, out=None, ddof=0, keepdims=False, *, where=True, mean=NOVALUE,
        correction=NOVALUE):
    """Variance along the given axes (mirrors ``numpy.var``; complex input gives a real result)."""
    return _var(a, axis, dtype, out, ddof, keepdims, where, mean, correction, False)


def std(a, axis=None, dtype=None, out=None, ddof=0, keepdims=False, *, where=True, mean=NOVALUE,
        correction=NOVALUE):
    """Standard deviation along the given axes (mirrors ``numpy.std``)."""
    return _var(a, axis, dtype, out, ddof, keepdims, where, mean, correction, True)


def nanvar(a, axis=None, dtype=None, out=None, ddof=0, keepdims=False, *, where=True, mean=NOVALUE,
           correction=NOVALUE):
    """Variance ignoring NaNs (mirrors ``numpy.nanvar``)."""
    return _var(a, axis, dtype, out, ddof, keepdims, where, mean, correction, False, nan=True)


def nanstd(a, axis=None, dtype=None, out=None, ddof=0, keepdims=False, *, where=True, mean=NOVALUE,
           correction=NOVALUE):
    """Standard deviation ignoring NaNs (mirrors ``numpy.nanstd``)."""
    return _var(a, axis, dtype, out, ddof, keepdims, where, mean, correction, True, nan=True)


def nanmean(a, axis=None, dtype=None, out=None, keepdims=False, *, where=True):
    """Mean ignoring NaNs (mirrors ``numpy.nanmean``)."""
    t = tensor(a)
    if not (t.is_floating_point() or t.is_complex()):
        return mean(_wrap(t), axis, dtype, out, keepdims, where=where)
    ok = ~torch.isnan(t)
    w = ok if where is True else ok & mask_of(where, t)
    axes = axes_of(axis, t.dim())
    acc, res = _compute_dtypes(t, dtype)
    s, n = _sum_count(torch.where(ok, t, 0), axes, keepdims, w, acc)
    warn_if(n == 0, "Mean of empty slice", stacklevel=3)
    r = s / n
    return finish(r.to(res) if r.dtype is not res else r, out)


# ---------------------------------------------------------------- order statistics
_METHODS = ("inverted_cdf", "averaged_inverted_cdf", "closest_observation", "interpolated_inverted_cdf",
            "hazen", "weibull", "linear", "median_unbiased", "normal_unbiased", "lower", "higher",
            "midpoint", "nearest")
#: continuous methods: virtual index = n*q + (alpha + q*(1 - alpha - beta)) - 1 (Hyndman & Fan)
_ALPHA_BETA = {"interpolated_inverted_cdf": (0.0, 1.0), "hazen": (0.5, 0.5), "weibull": (0.0, 0.0),
               "median_unbiased": (1 / 3.0, 1 / 3.0), "normal_unbiased": (3 / 8.0, 3 / 8.0)}
_dtype_cache = {}


def _boundary(index, odd_rule):
    """NumPy's ``_discrete_interpolation_to_boundaries`` on tensors."""
    prev = torch.floor(index)
    gamma = index - prev
    cond = (gamma == 0) & (torch.remainder(prev, 2) == 1) if odd_rule else gamma == 0
    return torch.clamp(torch.where(cond, prev, prev + 1), min=0)


def _virtual_index(method, n, q):
    """(index tensor, is_discrete) for sample sizes ``n`` and quantiles ``q`` (float64 tensors)."""
    if method == "inverted_cdf":
        return _boundary(n * q - 1, False), True
    if method == "closest_observation":
        return _boundary(n * q - 1 - 0.5, True), True
    if method == "lower":
        return torch.floor((n - 1) * q), True
    if method == "higher":
        return torch.ceil((n - 1) * q), True
    if method == "nearest":
        return torch.round((n - 1) * q), True
    if method == "linear":
        return (n - 1) * q, False
    if method == "averaged_inverted_cdf":
        return n * q - 1, False
    if method == "midpoint":
        return 0.5 * (torch.floor((n - 1) * q) + torch.ceil((n - 1) * q)), False
    alpha, beta = _ALPHA_BETA[method]
    return n * q + (alpha + q * (1 - alpha - beta)) - 1, False


@_dtypes.trace_constant
def _result_dtype(np_dtype, method, q_key, weak_int=False):
    key = (np_dtype, method, q_key, weak_int)
    r = _dtype_cache.get(key)
    if r is None:
        # a Python int q is NumPy's weak scalar, not an int64 array: NumPy's interpolating methods
        # give float64 for it on integer data (averaged/interpolated_inverted_cdf, weibull)
        qprobe = 0 if weak_int else 0.5 if q_key is None else _np.full(1, 0.5, dtype=q_key)
        r = _dtype_cache[key] = _dtypes.to_torch(
            _np.quantile(_np.zeros(2, dtype=np_dtype), qprobe, method=method).dtype)
    return r


def _quantile(a, q, axis, out, method, keepdims, weights, nan, scale, interpolation, name, median=False):
    if interpolation is not None:
        warnings.warn(f"the `interpolation=` argument to {name} was renamed to `method=`, which has "
                      "additional options.\nUsers of the modes 'nearest', 'lower', 'higher', or 'midpoint' "
                      "are encouraged to review the method they used. (Deprecated NumPy 1.22)",
                      DeprecationWarning, stacklevel=3)
        method = interpolation
    t = tensor(a)
    if t.is_complex():
        raise TypeError("a must be an array of real numbers")
    if method not in _METHODS:
        raise ValueError(f"{method!r} is not a valid method. Use one of: {dict.fromkeys(_METHODS).keys()}")
    weak = isinstance(q, (int, float)) and not isinstance(q, bool)
    qt = on_device(q, t.device)
    # a Python int q is NumPy's int64 array: integer quantiles take elements (no interpolation)
    q_key = None if isinstance(q, float) or (weak and not isinstance(q, int)) else _dtypes.TO_NUMPY[qt.dtype]
    if scale != 1 and q_key is not None and q_key.kind in "biu":
        # percentile divides q by 100 first: a Python int's quotient is weak (NumPy's weak_q), others float64
        q_key = None if weak else _np.dtype(_np.float64)
    # NumPy's correctly rounded q / 100: the divisor a tensor on the device (CUDA divides by a Python
    # number as ``q * (1 / 100)``: the H200's percentile(..., 70, method='inverted_cdf') took the next element)
    qf = qt.to(torch.float64) / torch.full((), scale, dtype=torch.float64, device=qt.device)
    # NumPy's range check: on the host for host data (a Python or NumPy ``q``), else a sync (§3.5)
    if isinstance(q, ndarray):
        bad = qt.numel() and checks_data(qt) and not bool(((qf >= 0) & (qf <= 1)).all())
    elif weak:  # plain Python (also inside torchnp.jit, which cannot trace NumPy)
        bad = not 0 <= q / scale <= 1
    else:
        qh = _np.asarray(q, dtype=_np.float64) / scale
        bad = qh.size and not ((qh >= 0) & (qh <= 1)).all()
    if bad:
        raise ValueError("Quantiles must be in the range [0, 1]" if scale == 1 else
                         "Percentiles must be in the range [0, 100]")
    if qt.dim() > 2:
        raise ValueError("q must be a scalar or 1d")
    res = _result_dtype(_dtypes.TO_NUMPY[t.dtype], method, q_key, weak and isinstance(q, int) and scale == 1)
    nd = t.dim()
    axes = axes_of(axis, nd)
    rest = [i for i in range(nd) if i not in axes]
    n = count(t, axes)
    x = t.permute((*rest, *axes)).reshape(tuple(t.shape[i] for i in rest) + (n,))
    if n == 0:
        if not nan:
            raise IndexError("index -1 is out of bounds for axis 0 with size 0")
        warnings.warn("All-NaN slice encountered", RuntimeWarning, stacklevel=3)
        x = torch.full(x.shape[:-1] + (1,), torch.nan, dtype=res, device=x.device)
    qv = qf.reshape(-1)
    discrete = True
    if weights is not None:
        if method != "inverted_cdf":
            raise ValueError(f"Only method 'inverted_cdf' supports weights. Got: {method}.")
        if axis is None and tuple(_np.shape(weights)) != tuple(t.shape):  # NumPy's _weights_are_valid
            raise TypeError("Axis must be specified when shapes of a and weights differ.")
        r = _weighted(t, x, weights, axes, rest, qv, nan)
    else:
        if x.dtype in _dtypes.SAME_BITS:  # uint16/32/64: no CUDA sort, their ordered bits sort alike
            sx = _dtypes.from_ordered_bits(torch.sort(_dtypes.ordered_bits(x), dim=-1)[0], x.dtype)
        else:
            sx, _ = torch.sort(x, dim=-1)
        floating = sx.is_floating_point()
        if nan and floating:
            nvalid = (~torch.isnan(sx)).sum(-1, keepdim=True).to(torch.float64)
        else:
            nvalid = torch.full(sx.shape[:-1] + (1,), float(n), dtype=torch.float64, device=sx.device)
        vi, discrete = _virtual_index(method, nvalid, qv)
        if method == "linear" and q_key is not None and q_key.kind in "biu":
            discrete = True  # NumPy: integer virtual indices take the elements (bool data too)
        last = torch.clamp(nvalid - 1, min=0)
        if discrete:
            idx = torch.minimum(vi, last).to(torch.int64)
            r = _gather(sx, idx).to(res)
        else:
            prev = torch.floor(vi)
            above = vi >= nvalid - 1
            below = vi < 0
            prev = torch.where(above, last, torch.where(below, 0.0, prev))
            nxt = torch.where(above, last, torch.where(below, 0.0, prev + 1))
            gamma = vi - prev
            if method == "averaged_inverted_cdf":
                gamma = torch.where(gamma == 0, 0.5, 1.0)
            elif method == "midpoint":
                gamma = torch.where(torch.remainder(vi, 1) == 0, 0.0, 0.5)
            lo = _gather(sx, prev.to(torch.int64))
            hi = _gather(sx, nxt.to(torch.int64))
            if median:
                # NumPy's median is the mean of the middle values, summed from +0.0 (not _lerp):
                # median([1, inf]) is inf, a median of zeros is +0.0; float16 sums in float32
                acc = torch.float32 if res is torch.float16 else res
                lo, hi = lo.to(acc), hi.to(acc)
                r = (torch.where(gamma == 0, lo, (lo + hi) / 2) + 0.0).to(res)
            else:
                if hi.dtype in _SAME_BITS:  # no torch kernel: subtract the same bits as signed (wraps alike)
                    sd = _SAME_BITS[hi.dtype]
                    d = (hi.view(sd) - lo.view(sd)).view(hi.dtype).to(res)
                else:
                    d = (hi - lo).to(res)  # in the input dtype first: integer data wraps as in NumPy's _lerp
                lo, hi, g = lo.to(res), hi.to(res), gamma.to(res)
                r = torch.where(g >= 0.5, hi - d * (1 - g), lo + d * g)
        if floating:
            if nan:
                warn_if(nvalid == 0, "All-NaN slice encountered", stacklevel=4)
                r = torch.where(nvalid == 0, torch.nan, r)
            else:
                r = torch.where(torch.isnan(sx[..., -1:]), torch.nan, r)
    # r: rest + (Q,) -> q.shape + reduced shape
    r = r.movedim(-1, 0).reshape(tuple(qt.shape) + tuple(t.shape[i] for i in rest))
    if keepdims:
        qd = qt.dim()
        for ax in sorted(axes):
            r = r.unsqueeze(qd + ax)
    if out is not None and (nan or not (discrete or median)) and hasattr(out, "shape"):
        try:  # NumPy fills such an out= by broadcasting (its lerp's out=, nan*'s out[...] =)
            r = torch.broadcast_to(r, tuple(out.shape))
        except RuntimeError:
            pass  # finish() raises NumPy's ValueError
    return finish(r, out)


def _weighted(t, x, weights, axes, rest, qv, nan):
    """``inverted_cdf`` with weights: searchsorted on the normalised cumulative weights."""
    w = on_device(weights, t.device)
    if tuple(w.shape) != tuple(t.shape):
        if w.dim() != 1 or len(axes) != 1 or w.shape[0] != t.shape[axes[0]]:
            raise ValueError("Shape of weights must be consistent with shape of a along specified axis.")
        shape = [1] * t.dim()
        shape[axes[0]] = -1
        w = torch.broadcast_to(w.reshape(shape), t.shape)
    w = w.permute((*rest, *axes)).reshape(x.shape)
    # NumPy validates the weights' values; the error depends on data: a sync (§3.5)
    if checks_data(w) and bool((w < 0).any()):
        raise ValueError("Weights must be non-negative.")
    if nan and x.is_floating_point():
        w = torch.where(torch.isnan(x), 0, w)
    sx, order = torch.sort(x, dim=-1)
    sw = torch.gather(w, -1, order)
    cdf = torch.cumsum(sw, -1, dtype=torch.float64)
    cdf = cdf / cdf[..., -1:]
    if checks_data(cdf) and bool(torch.isnan(cdf[..., -1]).any()):
        raise ValueError("Weights included NaN, inf or were all zero.")
    cdf = torch.where(cdf == 0, -1.0, cdf)
    qq = torch.broadcast_to(qv, cdf.shape[:-1] + qv.shape).contiguous()
    idx = torch.clamp(searchsorted_tensor(cdf, qq, side="left"), max=x.shape[-1] - 1)
    r = torch.gather(sx, -1, idx)
    if sx.is_floating_point() and not nan:
        r = torch.where(torch.isnan(sx[..., -1:]), torch.nan, r)
    return r


def _qfunc(name, scale, nan):
    def func(a, q, axis=None, out=None, overwrite_input=False, method="linear", keepdims=False, *,
             weights=None, interpolation=None):
        return _quantile(a, q, axis, out, method, keepdims, weights, nan, scale, interpolation, name)

    func.__name__ = func.__qualname__ = name
    what = "q-th percentile" if scale == 100 else "q-th quantile"
    func.__doc__ = f"The {what} of the data along the given axes{', ignoring NaNs' if nan else ''}, " \
                   f"with every NumPy ``method`` (mirrors ``numpy.{name}``)."
    return func


quantile = _qfunc("quantile", 1, False)
percentile = _qfunc("percentile", 100, False)
nanquantile = _qfunc("nanquantile", 1, True)
nanpercentile = _qfunc("nanpercentile", 100, True)


def median(a, axis=None, out=None, overwrite_input=False, keepdims=False):
    """Median along the given axes (mirrors ``numpy.median``)."""
    return _median(a, axis, out, keepdims, False)


def nanmedian(a, axis=None, out=None, overwrite_input=False, keepdims=False):
    """Median ignoring NaNs (mirrors ``numpy.nanmedian``)."""
    return _median(a, axis, out, keepdims, True)


def _median(a, axis, out, keepdims, nan):
    t = tensor(a)
    if t.numel() == 0 and t.device.type == "cpu" and _device.CPU_VALUE_CHECKS:
        # no data: NumPy's own answer and warnings (Mean of empty slice, then its divide's
        # floating-point warning under np.errstate where the result is not empty)
        f = _np.nanmedian if nan else _np.median
        r = f(_np.empty(tuple(t.shape), _dtypes.TO_NUMPY[t.dtype]), axis=axis, keepdims=keepdims)
        return finish(torch.from_numpy(_np.array(r, ndmin=0)), out)
    if t.numel() == 0:
        axes = axes_of(axis, t.dim())
        shape = reduced_shape(t.shape, axes, keepdims)
        if math.prod(shape):  # (as NumPy: no slice, no warning)
            warnings.warn("Mean of empty slice", RuntimeWarning, stacklevel=3)
        return finish(torch.full(shape, torch.nan, dtype=_compute_dtypes(t, None)[1], device=t.device), out)
    if t.is_complex():
        axes = axes_of(axis, t.dim())
        return finish((_complex_nanmedian if nan else _complex_median)(t, axes, keepdims, axis is None), out)
    if t.dtype is torch.bool:
        t = t.to(torch.float64)  # NumPy averages the middle values: bool data gives float64
    return _quantile(_wrap(t), 0.5, axis, out, "linear", keepdims, None, nan, 1, None,
                     "nanmedian" if nan else "median", median=True)


def _complex_rows(t, axes):
    """``t`` with the reduced axes moved last and flattened (NumPy's ``_ureduce``), and their length."""
    rest = [i for i in range(t.dim()) if i not in axes]
    n = count(t, axes)
    return t.permute((*rest, *axes)).reshape(tuple(t.shape[i] for i in rest) + (n,)), n


def _lexsorted(x, *keys):
    """``x`` sorted along its last axis in lexicographic (real, imag) order (torch cannot sort
    complex): stable sorts by imag, then real, then each of ``keys`` (the most significant last)."""
    order = None
    for key in (x.imag, x.real, *keys):
        if key.dtype is torch.bool:
            key = key.to(torch.uint8)
        idx = torch.sort(key if order is None else torch.gather(key, -1, order), dim=-1, stable=True).indices
        order = idx if order is None else torch.gather(order, -1, idx)
    return torch.gather(x, -1, order)


def _unsqueeze(r, axes, keepdims):
    if keepdims:
        for ax in sorted(axes):
            r = r.unsqueeze(ax)
    return r


def _complex_median(t, axes, keepdims, flat=False):
    """Median of complex data: NumPy averages the middle values in lexicographic (real, imag) order."""
    x, n = _complex_rows(t, axes)
    x = _lexsorted(x)
    r = x[..., n // 2] if n % 2 else (x[..., n // 2 - 1] + x[..., n // 2]) / 2
    return _unsqueeze(r, axes, keepdims)


def _complex_nanmedian(t, axes, keepdims, flat):
    """``numpy.nanmedian`` of complex data: the median of each slice's values that are not NaN (a
    NaN in either part), sorted as :func:`_complex_median`. An all-NaN slice gives what NumPy's
    ``_nanmedian`` gives: its last element on the one-dimensional path (``axis=None``, every axis,
    1-d data, or slices of 600 values or more), ``nan+0j`` on the masked-array path of shorter slices."""
    rows, n = _complex_rows(t, axes)
    isnan = torch.isnan(rows)
    x = _lexsorted(torch.where(isnan, 0, rows), isnan)  # the NaNs last, in any order
    valid = (~isnan).sum(-1, keepdim=True)
    lo = torch.gather(x, -1, ((valid - 1) // 2).clamp(min=0)).squeeze(-1)
    hi = torch.gather(x, -1, (valid // 2).clamp(max=max(n - 1, 0))).squeeze(-1)
    r = torch.where((valid % 2 == 1).squeeze(-1), lo, (lo + hi) / 2)
    none = (valid == 0).squeeze(-1)
    warn_if(none, "All-NaN slice encountered", stacklevel=5)
    last = rows[..., -1] if flat or rows.dim() == 1 or n >= 600 else x.new_tensor(complex(torch.nan, 0))
    return _unsqueeze(torch.where(none, last, r), axes, keepdims)


def average(a, axis=None, weights=None, returned=False, *, keepdims=False):
    """Weighted average along the given axes (mirrors ``numpy.average``)."""
    t = tensor(a)
    axes = axes_of(axis, t.dim())
    if weights is None:
        avg = tensor(mean(_wrap(t), axis, keepdims=keepdims))  # a NumPy scalar from host data too
        # NumPy: scl = a.size / avg.size (a Python division: ZeroDivisionError for an empty result)
        scl = torch.full(avg.shape, t.numel() / avg.numel(), dtype=real_dtype(avg.dtype),
                         device=avg.device).to(avg.dtype)
    else:
        w = on_device(weights, t.device)
        a_np, w_np = _dtypes.TO_NUMPY[t.dtype], _dtypes.TO_NUMPY[w.dtype]
        rdt = _dtypes.to_torch(_dtypes.np_result_type(a_np, w_np, "f8") if a_np.kind in "iub"
                               else _dtypes.np_result_type(a_np, w_np))
        if tuple(w.shape) != tuple(t.shape):
            if axis is None:
                raise TypeError("Axis must be specified when shapes of a and weights differ.")
            if tuple(w.shape) != tuple(t.shape[ax] for ax in axes):
                raise ValueError("Shape of weights must be consistent with shape of a along specified axis.")
            shape = [1] * t.dim()
            for i, ax in enumerate(sorted(axes)):
                shape[ax] = w.shape[i]
            w = torch.broadcast_to(w.permute(*sorted(range(len(axes)), key=lambda i: axes[i])).reshape(shape),
                                   t.shape)
        w = w.to(rdt)
        scl = torch.sum(w, dim=axes, keepdim=keepdims)
        # NumPy raises when the weights sum to zero: a data-dependent exception needs the host
        # (not in a compiled graph, which cannot raise on data: inf/nan there)
        if checks_data(scl) and bool((scl == 0).any()):
            raise ZeroDivisionError("Weights sum to zero, can't be normalized")
        avg = torch.sum(t.to(rdt) * w, dim=axes, keepdim=keepdims) / scl
    if returned:
        return _wrap(avg), _wrap(torch.broadcast_to(scl, avg.shape).clone())
    return _wrap(avg)


# ---------------------------------------------------------------- correlation
def _as_2d_rows(x, rowvar):
    if x.dim() > 2:
        raise ValueError("m has more than 2 dimensions")
    x = x.reshape(1, -1) if x.dim() < 2 else x
    if not rowvar and x.shape[0] != 1:
        x = x.T
    return x


def _checks_values(t):
    """NumPy's checks of weight values read data: on the CPU, and on an accelerator under
    ``np.errstate(invalid="raise")`` (§3.5, ``checks_data``)."""
    return checks_data(t)


def cov(m, y=None, rowvar=True, bias=False, ddof=None, fweights=None, aweights=None, *, dtype=None):
    """Covariance matrix (mirrors ``numpy.cov``)."""
    if ddof is not None and ddof != int(ddof):
        raise ValueError("ddof must be integer")
    mt = tensor(m)
    if mt.dim() > 2:
        raise ValueError("m has more than 2 dimensions")
    yt = None if y is None else on_device(y, mt.device)
    if yt is not None and yt.dim() > 2:
        raise ValueError("y has more than 2 dimensions")
    fwt = None if fweights is None else on_device(fweights, mt.device)
    awt = None if aweights is None else on_device(aweights, mt.device)
    k = _cpu_kernels.numpy_kernel("cov", *[t for t in (mt, yt, fwt, awt) if t is not None])
    if k is not None:  # host data: NumPy's cov, its bits and its checks of the weights
        return _wrap(_cpu_kernels.run(k, mt, yt, rowvar, bias, ddof, fwt, awt, dtype=dtype))
    if dtype is None:
        dts = [_dtypes.TO_NUMPY[mt.dtype], _np.float64] + ([_dtypes.TO_NUMPY[yt.dtype]] if yt is not None else [])
        dt = _dtypes.to_torch(_dtypes.np_result_type(*dts))
    else:
        dt = _dtypes.to_torch(dtype)
    X = _as_2d_rows(mt, rowvar).to(dt)
    if X.shape[0] == 0:
        return _wrap(torch.empty((0, 0), dtype=dt, device=mt.device))
    if yt is not None:
        Y = _as_2d_rows(yt, rowvar).to(dt)
        if Y.shape[1] != X.shape[1]:  # NumPy concatenates m and y: its error
            raise ValueError("all the input array dimensions except for the concatenation axis must match exactly, "
                             f"but along dimension 1, the array at index 0 has size {X.shape[1]} and the array at "
                             f"index 1 has size {Y.shape[1]}")
        X = torch.cat([X, Y], dim=0)
    if ddof is None:
        ddof = 0 if bias else 1
    n = X.shape[1]
    w = None
    if fweights is not None:
        fw = fwt.to(torch.float64)
        if _checks_values(fw) and not bool((fw == torch.round(fw)).all()):
            raise TypeError("fweights must be integer")
        if fw.dim() > 1:
            raise RuntimeError("cannot handle multidimensional fweights")
        if fw.shape[0] != n:
            raise RuntimeError("incompatible numbers of samples and fweights")
        if _checks_values(fw) and bool((fw < 0).any()):
            raise ValueError("fweights cannot be negative")
        w = fw
    if aweights is not None:
        aw = awt.to(torch.float64)
        if aw.dim() > 1:
            raise RuntimeError("cannot handle multidimensional aweights")
        if aw.shape[0] != n:
            raise RuntimeError("incompatible numbers of samples and aweights")
        if _checks_values(aw) and bool((aw < 0).any()):
            raise ValueError("aweights cannot be negative")
        if aw.numel():  # aweights are relative: scaled by a power of two (exactly), their products
            # below neither underflow nor overflow, where NumPy's do (docs/differences.md)
            aw = scale_by_power_of_two(aw, -exponent_of_largest(aw, 0))
        w = aw if w is None else w * aw
    if w is None:
        avg = X.mean(dim=1) if n else torch.full((X.shape[0],), torch.nan, dtype=dt, device=X.device)
        fact = float(n - ddof)
        if fact <= 0:
            warnings.warn("Degrees of freedom <= 0 for slice", RuntimeWarning, stacklevel=2)
            fact = 0.0
        Xc = X - avg[:, None]
        c = (Xc @ Xc.T.conj()) * (1 / fact if fact else torch.inf)  # NumPy's c *= 1 / fact
    else:
        wsum = w.sum()
        if _checks_values(wsum) and bool(wsum == 0):  # NumPy's np.average of the rows
            raise ZeroDivisionError("Weights sum to zero, can't be normalized")
        avg = (X * w.to(dt)).sum(dim=1) / wsum.to(dt)
        if ddof == 0:
            fact = wsum
        elif aweights is None:
            fact = wsum - ddof
        else:
            fact = wsum - ddof * (w * aw).sum() / wsum
        warn_if(fact <= 0, "Degrees of freedom <= 0 for slice", stacklevel=2)
        fact = torch.where(fact <= 0, 0.0, fact)
        Xc = X - avg[:, None]
        c = (Xc @ (Xc * w.to(dt)).T.conj()) * (1 / fact).to(dt)
    return _wrap(c.squeeze())


def corrcoef(x, y=None, rowvar=True, *, dtype=None):
    """Pearson correlation coefficients (mirrors ``numpy.corrcoef``; NumPy 2.4's signature, without
    the ``bias``/``ddof`` no-ops it removed)."""
    xt = tensor(x)
    yt = None if y is None else on_device(y, xt.device)
    k = _cpu_kernels.numpy_kernel("corrcoef", *[t for t in (xt, yt) if t is not None])
    if k is not None and xt.dim() <= 2 and (yt is None or yt.dim() <= 2):  # host data: NumPy's bits
        return _wrap(_cpu_kernels.run(k, xt, yt, rowvar, dtype=dtype))
    c = cov(xt, yt, rowvar, dtype=dtype)._t
    if c.dim() == 0:
        return _wrap(c / c)
    d = torch.diagonal(c)
    sd = torch.sqrt(d.real if d.is_complex() else d)
    c = c / sd[:, None]
    c = c / sd[None, :]
    if c.is_complex():
        c = torch.complex(torch.clamp(c.real, -1, 1), torch.clamp(c.imag, -1, 1))
    else:
        c = torch.clamp(c, -1, 1)
    return _wrap(c)
