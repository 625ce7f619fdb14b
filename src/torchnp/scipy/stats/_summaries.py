"""SciPy's summary statistics and correlations on the device: zscore, skew, kurtosis, moment, sem,
gmean, hmean, entropy, describe, pearsonr, spearmanr, linregress.

SciPy's algorithms (its moments about the mean, its degenerate-variance test, its p-values
from the beta/t distributions), in the input's float dtype (float32 stays, integers give
float64). ``nan_policy="propagate"`` (SciPy's default) and ``"raise"`` (no value check on a
device, §3.5) run on the device; ``"omit"`` drops data-dependent counts of values: host only.
Results: SciPy's field names; on the device the library's own named tuples of 0-d arrays.
"""

import math
import warnings
from typing import NamedTuple

import torch

from ... import _dtypes
from ..._boundary import array, tensor, tensors
from ..._convert import checks_data, normalize_axis
from ..._reductions._extrema import amax, amin
from ..._tensors import searchsorted_tensor
from .._dispatch import mirror
from ..special._ufuncs import _betainc, _entr, _rel_entr

__all__ = ["zscore", "skew", "kurtosis", "moment", "sem", "gmean", "hmean", "entropy", "describe", "pearsonr",
           "spearmanr", "linregress"]


def _float(t, dtype=None):
    if dtype is not None:
        return t.to(_dtypes.to_torch(dtype))
    if t.is_complex():
        raise TypeError("torchnp.scipy.stats: complex input runs on host data only")
    return t if t.is_floating_point() else t.to(torch.float64)


def _policy(name, nan_policy):
    if nan_policy not in ("propagate", "raise", "omit"):
        raise ValueError("nan_policy must be one of {'propagate', 'raise', 'omit'}")
    if nan_policy == "omit":
        raise NotImplementedError(f"torchnp.scipy.stats.{name}: nan_policy='omit' runs on host data only "
                                  "(its counts depend on the values)")


def _prepare(a, axis, name, nan_policy, dtype=None):
    """(tensor, axis) as SciPy's axis decorator: axis=None flattens (keepdims then gives ones of
    the input's ndim: ``_keep`` reads it from the axis, ``(None, ndim)``)."""
    _policy(name, nan_policy)
    t = _float(tensor(a), dtype)
    if axis is None:
        return t.reshape(-1), (None, t.ndim)
    if t.ndim == 0:
        t = t.reshape(1)
    return t, axis


def _too_small():
    """SciPy's axis decorator's warning for a sample too small (its results: NaN)."""
    from scipy.stats._axis_nan_policy import SmallSampleWarning  # SciPy's class, only then

    warnings.warn("One or more sample arguments is too small; all returned values will be NaN. See "
                  "documentation for sample size requirements.", SmallSampleWarning, stacklevel=4)


def _ax(axis):
    return 0 if isinstance(axis, tuple) else axis


def _keep(r, keepdims, axis):
    if not keepdims:
        return r
    if isinstance(axis, tuple):
        return r.reshape((1,) * axis[1] + tuple(r.shape))
    return r.unsqueeze(axis)


def variance(t, dim, ddof, keepdim=False, dof_warning=False):
    """NumPy's ``var`` (``sem``'s ``std``, ``seuclidean``'s ``V``) by torch's: at or past the count
    NumPy's x / 0 (inf or nan) without torch's UserWarning; ``dof_warning``: NumPy's RuntimeWarning
    there, where SciPy's call gives it."""
    n = t.numel() if dim is None else t.shape[dim]
    if n - ddof > 0:
        return t.var(dim=dim, correction=ddof, keepdim=keepdim)
    if dof_warning:
        warnings.warn("Degrees of freedom <= 0 for slice", RuntimeWarning, stacklevel=4)
    dev = t - t.mean(dim=dim, keepdim=True)
    return (dev * dev).sum(dim=dim, keepdim=keepdim) / max(n - ddof, 0)


def _moment_var(t, axis, ddof):
    """SciPy's ``_var`` (``describe``): the second central moment times n / (n - ddof), inf at
    n == ddof and negative past it, as SciPy's NumPy division gives."""
    n = t.shape[axis]
    m2 = _central(t, 2, axis)
    return m2 if ddof == 0 else m2 * (n / (n - ddof) if n != ddof else math.inf)


def _central(t, order, axis, mean=None):
    mean = t.mean(dim=axis, keepdim=True) if mean is None else mean
    return ((t - mean) ** order).mean(dim=axis)


def _m2_zero(t, axis):
    mean = t.mean(dim=axis, keepdim=True)
    m2 = _central(t, 2, axis, mean)
    eps = torch.finfo(t.dtype).eps
    return mean, m2, m2 <= (eps * mean.squeeze(axis)) ** 2


def _standardized(a, axis, name, nan_policy, order):
    """SciPy's skew (``order`` 3) or kurtosis (4) before its bias correction, m_order / m2**(order/2)
    (NaN where the variance is zero to rounding), and what the correction reads: (n, m2, m_order,
    the zero-variance mask, the value, the keepdims axis)."""
    t, kax = _prepare(a, axis, name, nan_policy)
    ax = _ax(kax)
    mean, m2, zero = _m2_zero(t, ax)
    mk = _central(t, order, ax, mean)
    return t.shape[ax], m2, mk, zero, torch.where(zero, torch.nan, mk / m2 ** (order / 2)), kax


@mirror("stats")
def zscore(a, axis=0, ddof=0, nan_policy="propagate"):
    t = _float(tensor(a))
    _policy("zscore", nan_policy)
    dims = None if axis is None else normalize_axis(axis, t.dim())  # SciPy's AxisError, not torch's IndexError
    mn = t.mean(dim=dims, keepdim=True)
    n = t.numel() if dims is None else t.shape[dims]
    dev = t - mn
    m2 = (dev * dev).mean(dim=dims, keepdim=True)
    # SciPy's _xp_var: the mean square times n / (n - ddof), NaN (silently) where n - ddof <= 0
    std = (m2 * (n / (n - ddof) if n - ddof > 0 else math.nan)).sqrt() if ddof != 0 else m2.sqrt()
    z = (t - mn) / std
    return torch.where(std <= (torch.finfo(t.dtype).eps * mn).abs(), torch.nan, z)  # SciPy's constant slices


@mirror("stats")
def skew(a, axis=0, bias=True, nan_policy="propagate", *, keepdims=False):
    n, m2, m3, zero, vals, kax = _standardized(a, axis, "skew", nan_policy, 3)
    if not bias and n > 2:
        vals = torch.where(zero, vals, math.sqrt((n - 1.0) * n) / (n - 2.0) * m3 / m2 ** 1.5)
    return _keep(vals, keepdims, kax)


@mirror("stats")
def kurtosis(a, axis=0, fisher=True, bias=True, nan_policy="propagate", *, keepdims=False):
    n, m2, m4, zero, vals, kax = _standardized(a, axis, "kurtosis", nan_policy, 4)
    if not bias and n > 3:
        nval = 1.0 / (n - 2) / (n - 3) * ((n * n - 1.0) * m4 / m2 ** 2.0 - 3 * (n - 1) ** 2.0)
        vals = torch.where(zero, vals, nval + 3.0)
    vals = vals - 3 if fisher else vals
    return _keep(vals, keepdims, kax)


@mirror("stats")
def moment(a, order=1, axis=0, nan_policy="propagate", *, center=None, keepdims=False):
    t, kax = _prepare(a, axis, "moment", nan_policy)
    ax = _ax(kax)
    orders = order if isinstance(order, (list, tuple)) else [order]
    mean = t.mean(dim=ax, keepdim=True) if center is None else tensor(center, t.device).to(t.dtype)
    out = []
    for o in orders:
        if center is None and o == 1:
            r = torch.zeros_like(t.sum(dim=ax))
        elif o == 0:
            r = torch.ones_like(t.sum(dim=ax))
        else:
            r = ((t - mean) ** o).mean(dim=ax)
        out.append(_keep(r, keepdims, kax))
    return torch.stack(out) if isinstance(order, (list, tuple)) else out[0]


@mirror("stats")
def sem(a, axis=0, ddof=1, nan_policy="propagate", *, keepdims=False):
    t, kax = _prepare(a, axis, "sem", nan_policy)
    ax = _ax(kax)
    n = t.shape[ax]
    if n < 2 and (axis is None or tensor(a).ndim <= 1):  # SciPy's too-small 1-D sample
        _too_small()
        return _keep(torch.full(t.shape[1:], torch.nan, dtype=t.dtype, device=t.device), keepdims, kax)
    r = variance(t, ax, ddof, dof_warning=True).sqrt() / math.sqrt(n)
    return _keep(r, keepdims, kax)


@mirror("stats")
def gmean(a, axis=0, dtype=None, weights=None, *, nan_policy="propagate", keepdims=False):
    t, kax = _prepare(a, axis, "gmean", nan_policy, dtype)
    ax = _ax(kax)
    log = torch.log(t)
    if weights is None:
        r = torch.exp(log.mean(dim=ax))
    else:
        w = tensor(weights, t.device).to(t.dtype)
        w = w.reshape(-1) if axis is None else w
        r = torch.exp((w * log).sum(dim=ax) / w.sum(dim=ax))
    return _keep(r, keepdims, kax)


@mirror("stats")
def hmean(a, axis=0, dtype=None, *, weights=None, nan_policy="propagate", keepdims=False):
    t, kax = _prepare(a, axis, "hmean", nan_policy, dtype)
    ax = _ax(kax)
    w = torch.ones_like(t) if weights is None else tensor(weights, t.device).to(t.dtype)
    w = w.reshape(-1) if axis is None else torch.broadcast_to(w, t.shape)
    r = w.sum(dim=ax) / (w / t).sum(dim=ax)
    return _keep(r, keepdims, kax)


@mirror("stats")
def entropy(pk, qk=None, base=None, axis=0, *, nan_policy="propagate", keepdims=False):
    _policy("entropy", nan_policy)
    if base is not None and base <= 0:
        raise ValueError("`base` must be a positive number or `None`.")
    p = _float(tensor(pk))
    if axis is None:
        p, axis, flat = p.reshape(-1), 0, True
    else:
        flat = False
    p = p / p.sum(dim=axis, keepdim=True)
    if qk is None:
        s = _entr(p).sum(dim=axis)
    else:
        q = _float(tensor(qk, p.device))
        q = q.reshape(-1) if flat else q
        p, q = torch.broadcast_tensors(p, q.to(p.dtype))
        q = q / q.sum(dim=axis, keepdim=True)
        s = _rel_entr(p, q).sum(dim=axis)
    if base is not None:
        s = s / math.log(base)
    return _keep(s, keepdims and not flat, axis)


class DescribeResult(NamedTuple):
    nobs: object
    minmax: object
    mean: object
    variance: object
    skewness: object
    kurtosis: object


@mirror("stats")
def describe(a, axis=0, ddof=1, bias=True, nan_policy="propagate"):
    t, kax = _prepare(a, axis, "describe", nan_policy)
    ax = _ax(kax)
    n = t.shape[ax]
    if n == 0:
        raise ValueError("The input must not be empty.")
    # SciPy's minmax keeps the input's dtype (integers and bool too: NumPy's min and max)
    raw = array(tensor(a).reshape(t.shape))
    mm = (amin(raw, axis=ax)._t, amax(raw, axis=ax)._t)
    return DescribeResult(torch.tensor(n, device=t.device), mm, t.mean(dim=ax), _moment_var(t, ax, ddof),
                          skew.__wrapped__(t, ax, bias=bias), kurtosis.__wrapped__(t, ax, bias=bias))


class PearsonRResult(NamedTuple):
    statistic: object
    pvalue: object


class SignificanceResult(NamedTuple):
    statistic: object
    pvalue: object


def _r_pvalue(r, n, alternative):
    """SciPy's p-value of Pearson's r under independence: r ~ Beta(n/2 - 1, n/2 - 1) on [-1, 1]."""
    ab = torch.full_like(r, n / 2 - 1)
    if alternative == "two-sided":
        return 2 * _betainc(ab, ab, (1 - r.abs()) / 2, xc=(1 + r.abs()) / 2)
    if alternative == "less":
        return _betainc(ab, ab, (1 + r) / 2, xc=(1 - r) / 2)
    if alternative == "greater":
        return _betainc(ab, ab, (1 - r) / 2, xc=(1 + r) / 2)
    raise ValueError("alternative must be 'less', 'greater' or 'two-sided'")


def _pearson(x, y, axis):
    xm = x - x.mean(dim=axis, keepdim=True)
    ym = y - y.mean(dim=axis, keepdim=True)
    xn = xm / torch.linalg.vector_norm(xm, dim=axis, keepdim=True)
    yn = ym / torch.linalg.vector_norm(ym, dim=axis, keepdim=True)
    return torch.clamp((xn * yn).sum(dim=axis), -1, 1)


@mirror("stats")
def pearsonr(x, y, *, alternative="two-sided", method=None, axis=0):
    if method is not None:
        raise NotImplementedError("torchnp.scipy.stats.pearsonr: method= (resampling) runs on host data only")
    xt, yt = tensors([x, y])
    xt, yt = _float(xt), _float(yt)
    dt = torch.promote_types(xt.dtype, yt.dtype)
    xt, yt = xt.to(dt), yt.to(dt)
    if axis is None:
        xt, yt, axis = xt.reshape(-1), yt.reshape(-1), 0
    n = xt.shape[axis]
    if n != yt.shape[axis]:
        raise ValueError("`x` and `y` must have the same length along `axis`.")
    if n < 2:
        raise ValueError("`x` and `y` must have length at least 2.")
    r = _pearson(xt, yt, axis)
    p = _r_pvalue(r.to(torch.float64), n, alternative).to(dt) if n > 2 else torch.ones_like(r)
    return PearsonRResult(r, p)


def _rank(t):
    """SciPy's rankdata(method='average') along the last axis, with searchsorted (no host read)."""
    s = torch.sort(t, dim=-1).values
    left = searchsorted_tensor(s, t, right=False)
    right = searchsorted_tensor(s, t, right=True)
    return (left + right + 1).to(torch.float64) / 2


def _t_pvalue(tt, df, alternative):
    """SciPy's p-value of the t statistic ``tt`` with ``df`` degrees of freedom: the t distribution's
    tail by the incomplete beta (0 at an infinite ``tt``)."""
    z2 = tt * tt
    half = 0.5 * _betainc(torch.full_like(tt, df / 2), torch.full_like(tt, 0.5), df / (df + z2), xc=z2 / (df + z2))
    half = torch.where(torch.isinf(tt), 0.0, half).to(tt.dtype)
    if alternative == "two-sided":
        return 2 * half
    if alternative == "greater":
        return torch.where(tt > 0, half, 1 - half)
    if alternative == "less":
        return torch.where(tt < 0, half, 1 - half)
    raise ValueError("alternative must be 'less', 'greater' or 'two-sided'")


@mirror("stats")
def spearmanr(a, b=None, axis=0, nan_policy="propagate", alternative="two-sided"):
    """SciPy's: the variables are the columns (``axis=0``) or rows (``axis=1``) of ``a``, with ``b``'s
    beside them; two variables give a scalar statistic, more the matrix. SciPy's constant-input check
    (its first two variables) needs the values: not made on the device (§3.5), whose result there is
    NaN for two variables and a matrix with NaN rows for more."""
    _policy("spearmanr", nan_policy)
    if axis is not None and axis > 1:
        raise ValueError("spearmanr only handles 1-D or 2-D arrays, "
                         f"supplied axis argument {axis}, please use only values 0, 1 or None for axis")
    ts = tensors([a] if b is None else [a, b])
    ts = [t.reshape(-1) if axis is None else t.reshape(1) if t.ndim == 0 else t for t in ts]
    out = 0 if axis is None else axis
    if ts[0].ndim > 2:
        raise ValueError("spearmanr only handles 1-D or 2-D arrays")
    if b is None and ts[0].ndim < 2:
        raise ValueError("`spearmanr` needs at least 2 variables to compare")
    if b is not None:  # NumPy's column_stack (axis 0) or vstack (axis 1) of a and b
        ts = [t.unsqueeze(out - 1) if t.ndim == 1 else t for t in ts]
        if out == 0 and ts[0].shape[0] != ts[1].shape[0] or out == 1 and ts[0].shape[1] != ts[1].shape[1]:
            raise ValueError("all the input array dimensions except for the concatenation axis must match exactly")
    m = torch.cat([_float(t) for t in ts], dim=1 - out)
    m = m.T if out == 0 else m  # (variables, observations)
    n = m.shape[1]
    if n <= 1:
        nan = torch.tensor(torch.nan, dtype=torch.float64, device=m.device)
        return SignificanceResult(nan, nan)
    ranked = torch.where(m.isnan().any(-1, keepdim=True), torch.nan, _rank(m))  # SciPy's rankdata: NaN propagates
    ranked = ranked - ranked.mean(-1, keepdim=True)  # ranks: small integers and halves, exact sums
    cov = (ranked @ ranked.T) * (1 / (n - 1))  # NumPy's corrcoef, step for step: equal ranks give r = 1
    scale = torch.sqrt(torch.diagonal(cov))
    r = torch.clamp(cov / scale[:, None] / scale[None, :], -1, 1)
    df = n - 2
    tt = r * torch.sqrt((df / ((r + 1.0) * (1.0 - r))).clamp(min=0))
    p = _t_pvalue(tt, df, alternative)
    if r.shape == (2, 2):
        return SignificanceResult(r[1, 0], p[1, 0])
    return SignificanceResult(r, p)


class LinregressResult(tuple):
    """SciPy's LinregressResult: the five fields, ``intercept_stderr`` beside them."""
    _fields = ("slope", "intercept", "rvalue", "pvalue", "stderr")
    _extra_fields = ("intercept_stderr",)

    def __new__(cls, slope, intercept, rvalue, pvalue, stderr, *, intercept_stderr=None):
        self = super().__new__(cls, (slope, intercept, rvalue, pvalue, stderr))
        self.intercept_stderr = intercept_stderr
        return self

    slope = property(lambda self: self[0])
    intercept = property(lambda self: self[1])
    rvalue = property(lambda self: self[2])
    pvalue = property(lambda self: self[3])
    stderr = property(lambda self: self[4])

    def _asdict(self):
        return dict(zip(self._fields, self), intercept_stderr=self.intercept_stderr)

    def __repr__(self):
        return "LinregressResult(" + ", ".join(f"{k}={v!r}" for k, v in self._asdict().items()) + ")"


@mirror("stats")
def linregress(x, y, alternative="two-sided", *, axis=0, nan_policy="propagate", keepdims=False):
    _policy("linregress", nan_policy)
    if y is None:
        raise NotImplementedError("torchnp.scipy.stats.linregress: a single (2, N) argument runs on host data only")
    xt, yt = tensors([x, y])
    xt, yt = _float(xt).to(torch.float64), _float(yt).to(torch.float64)
    if xt.ndim != 1 or yt.ndim != 1:
        raise NotImplementedError("torchnp.scipy.stats.linregress: 1-D x and y on the device")
    try:  # SciPy's axis decorator pairs x and y: a length 1 broadcasts
        xt, yt = torch.broadcast_tensors(xt, yt)
    except RuntimeError:
        raise ValueError("Array shapes are incompatible for broadcasting.") from None
    n = xt.shape[0]
    if n <= 1:  # the decorator's too_small: NaN results and its warning
        _too_small()
        nan = torch.full((), math.nan, dtype=torch.float64, device=xt.device)
        return LinregressResult(nan, nan.clone(), nan.clone(), nan.clone(), nan.clone(), intercept_stderr=nan.clone())
    if checks_data(xt) and bool(xt.max() == xt.min()):
        raise ValueError("Cannot calculate a linear regression if all x values are identical")
    xmean, ymean = xt.mean(), yt.mean()
    ssxm = ((xt - xmean) ** 2).mean()
    ssym = ((yt - ymean) ** 2).mean()
    ssxym = ((xt - xmean) * (yt - ymean)).mean()
    flat = (ssxm == 0) | (ssym == 0)  # SciPy's r: nan for 0 / 0, 0 for a zero denominator alone
    r = torch.where(flat, torch.where(ssxym == 0, math.nan, 0.0), ssxym / torch.sqrt(ssxm * ssym))
    r = r.to(torch.float64).clamp(-1, 1)
    slope = ssxym / ssxm
    intercept = ymean - slope * xmean
    if n == 2:  # SciPy's two points: p 1 for equal y, else 0, no standard errors (and no alternative)
        zero = torch.zeros((), dtype=torch.float64, device=xt.device)
        return LinregressResult(slope, intercept, r, torch.where(yt[0] == yt[1], 1.0, zero), zero,
                                intercept_stderr=zero.clone())
    df = n - 2
    tiny = 1.0e-20
    tt = r * torch.sqrt(df / ((1.0 - r + tiny) * (1.0 + r + tiny)))
    p = _t_pvalue(tt, df, alternative)
    slope_stderr = torch.sqrt((1 - r ** 2) * ssym / ssxm / df)
    intercept_stderr = slope_stderr * torch.sqrt(ssxm + xmean ** 2)
    return LinregressResult(slope, intercept, r, p, slope_stderr, intercept_stderr=intercept_stderr)
