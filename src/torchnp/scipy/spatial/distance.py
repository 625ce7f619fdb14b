"""torchnp.scipy.spatial.distance: ``scipy.spatial.distance`` on torchnp arrays (DESIGN §8;
docs/scipy.md).

``cdist``/``pdist`` run the common metrics on accelerators in float64 as SciPy does (euclidean
distances from exact coordinate differences, ``torch.cdist`` without the matrix-product
shortcut); ``squareform`` converts on the device. SciPy's other names run on host data only.
"""

import math

import torch

from ..._boundary import on_device, out_tensor, tensor, tensors
from ..._convert import checks_data
from .._dispatch import module_getattr, mirror
from ..stats._summaries import variance

__all__ = ["cdist", "pdist", "squareform"]

_F64 = torch.float64

#: SciPy's metric names and their aliases (``scipy.spatial.distance._METRICS[...].aka``)
_ALIASES = {
    "braycurtis": ("braycurtis",), "canberra": ("canberra",),
    "chebyshev": ("chebyshev", "chebychev", "cheby", "cheb", "ch"), "cityblock": ("cityblock", "cblock", "cb", "c"),
    "correlation": ("correlation", "co"), "cosine": ("cosine", "cos"), "euclidean": ("euclidean", "euclid", "eu", "e"),
    "hamming": ("hamming", "matching", "hamm", "ha", "h"), "jaccard": ("jaccard", "jacc", "ja", "j"),
    "minkowski": ("minkowski", "mi", "m", "pnorm"), "seuclidean": ("seuclidean", "se", "s"),
    "sqeuclidean": ("sqeuclidean", "sqeuclid", "sqe"),
}
_METRIC = {alias: name for name, akas in _ALIASES.items() for alias in akas}
#: SciPy's other metrics (host only here: a TypeError for device arrays)
_HOST_METRICS = {"dice", "jensenshannon", "kulczynski1", "mahalanobis", "rogerstanimoto", "russellrao",
                 "sokalsneath", "yule", "sokalmichener"}


def _metric_name(metric, fname):
    if callable(metric):
        raise TypeError(f"torchnp.scipy.spatial.distance.{fname} calls a Python metric function on host "
                        "data only: pass x.to_numpy() (an explicit copy) to use SciPy's")
    if not isinstance(metric, str):
        raise TypeError("2nd argument metric must be a string identifier or a function.")
    mstr = metric.lower()
    if mstr in _METRIC:
        return _METRIC[mstr]
    if mstr in _HOST_METRICS:
        raise TypeError(f"torchnp.scipy.spatial.distance.{fname} has no device implementation of metric "
                        f"{metric!r}: pass x.to_numpy() (an explicit copy) to use SciPy's (docs/scipy.md)")
    raise ValueError(f"Unknown Distance Metric: {mstr}")


def _weights(w, n, dev, metric):
    if w is None:
        return None
    tw = on_device(w, dev).to(_F64)
    if metric == "hamming":
        if tw.shape != (n,):
            raise ValueError("'w' should have the same length as 'u' and 'v'.")
    elif tw.dim() != 1 or tw.shape[0] != n:
        raise ValueError(f"Weights must have same size as input vector. {tw.shape[0] if tw.dim() else 1} vs. {n}")
    if checks_data(tw) and bool((tw < 0).any()):
        raise ValueError("Input weights should be all non-negative")
    return tw


def _cosine(xa, xb, w):
    ww = torch.ones(xa.shape[1], dtype=_F64, device=xa.device) if w is None else w
    dot = (xa * ww) @ xb.T
    na = ((xa * xa) * ww).sum(1, keepdim=True)
    nb = ((xb * xb) * ww).sum(1, keepdim=True)
    cos = (dot / torch.sqrt(na * nb.T)).clamp(-1.0, 1.0)
    return 1.0 - cos


def _pairs(xa, xb, metric, kwargs):
    """The (mA, mB) float64 distances of the rows of ``xa`` and ``xb`` under ``metric``."""
    n = xa.shape[1]
    kwargs = dict(kwargs)
    p = kwargs.pop("p", 2.0) if metric == "minkowski" else None
    V = kwargs.pop("V", None) if metric == "seuclidean" else None
    w = _weights(kwargs.pop("w", None), n, xa.device, metric)
    if kwargs:
        raise TypeError(f"{metric}() got an unexpected keyword argument {next(iter(kwargs))!r}")
    if metric in ("hamming", "jaccard"):
        ua, ub = xa[:, None, :], xb[None, :, :]
        ww = torch.ones(n, dtype=_F64, device=xa.device) if w is None else w
        if metric == "hamming":
            return ((ua != ub).to(_F64) * ww).sum(-1) / ww.sum()
        nza, nzb = ua != 0, ub != 0
        num = ((nza ^ nzb).to(_F64) * ww).sum(-1)
        den = ((nza | nzb).to(_F64) * ww).sum(-1)
        return torch.where(den != 0, num / torch.where(den != 0, den, 1), 0.0)
    xa, xb = xa.to(_F64), xb.to(_F64)
    if metric == "seuclidean":
        if V is None:
            V = variance(torch.cat([xa, xb]), 0, 1, dof_warning=True)
        else:
            V = on_device(V, xa.device)
            if V.dim() != 1:
                raise ValueError("Variance vector V must be one-dimensional.")
            if V.shape[0] != n:
                raise ValueError("Variance vector V must be of the same dimension as the vectors on which the "
                                 "distances are computed.")
            V = V.to(_F64)
        metric, w = "euclidean", 1.0 / V
    if metric == "minkowski" and p < 0:  # SciPy's loop formula (0 ** p is inf: the distance is 0)
        ww = 1.0 if w is None else w
        return ((xa[:, None, :] - xb[None, :, :]).abs() ** p * ww).sum(-1) ** (1.0 / p)
    if metric in ("euclidean", "sqeuclidean", "cityblock", "minkowski", "chebyshev"):
        p = {"euclidean": 2.0, "sqeuclidean": 2.0, "cityblock": 1.0, "chebyshev": float("inf")}.get(metric, p)
        if w is not None:
            scale = (w > 0).to(_F64) if p == float("inf") else w ** (1.0 / p)
            xa, xb = xa * scale, xb * scale
        d = torch.cdist(xa, xb, p=p, compute_mode="donot_use_mm_for_euclid_dist")
        return d * d if metric == "sqeuclidean" else d
    if metric == "cosine":
        return _cosine(xa, xb, w)
    if metric == "correlation":
        if w is None:
            ca, cb = xa - xa.mean(1, keepdim=True), xb - xb.mean(1, keepdim=True)
        else:
            wn = w / w.sum()
            ca, cb = xa - (xa @ wn)[:, None], xb - (xb @ wn)[:, None]
        return _cosine(ca, cb, w)
    ww = 1.0 if w is None else w
    diff = (xa[:, None, :] - xb[None, :, :]).abs()
    if metric == "braycurtis":
        return (diff * ww).sum(-1) / ((xa[:, None, :] + xb[None, :, :]).abs() * ww).sum(-1)
    # canberra: 0/0 terms count 0
    den = xa[:, None, :].abs() + xb[None, :, :].abs()
    return (torch.where(den != 0, diff / torch.where(den != 0, den, 1), 0.0) * ww).sum(-1)


def _store(d, out, shape):
    if out is None:
        return d
    t = out_tensor(out, d.device)
    if tuple(t.shape) != shape:
        raise ValueError("Output array has incorrect shape.")
    if t.dtype != _F64:
        raise ValueError("Output array must be double type.")
    t.copy_(d)
    return out  # SciPy returns ``out`` itself


@mirror("spatial.distance")
def cdist(XA, XB, metric="euclidean", *, out=None, **kwargs):
    xa, xb = tensors((XA, XB))
    if xa.dim() != 2:
        raise ValueError("XA must be a 2-dimensional array.")
    if xb.dim() != 2:
        raise ValueError("XB must be a 2-dimensional array.")
    if xa.shape[1] != xb.shape[1]:
        raise ValueError("XA and XB must have the same number of columns (i.e. feature dimension.)")
    name = _metric_name(metric, "cdist")
    return _store(_pairs(xa, xb, name, kwargs), out, (xa.shape[0], xb.shape[0]))


@mirror("spatial.distance")
def pdist(X, metric="euclidean", *, out=None, **kwargs):
    x = tensor(X)
    if x.dim() != 2:
        raise ValueError(f"A 2-dimensional array must be passed. (Shape was {tuple(x.shape)}).")
    name = _metric_name(metric, "pdist")
    m = x.shape[0]
    if name == "seuclidean" and kwargs.get("V") is None:
        kwargs = {**kwargs, "V": variance(x.to(_F64), 0, 1, dof_warning=True)}
    i, j = torch.triu_indices(m, m, 1, device=x.device)
    d = _pairs(x, x, name, kwargs)[i, j]
    return _store(d, out, (m * (m - 1) // 2,))


@mirror("spatial.distance")
def squareform(X, force="no", checks=True):
    x = tensor(X)
    s = tuple(x.shape)
    if force.lower() == "tomatrix":
        if len(s) != 1:
            raise ValueError("Forcing 'tomatrix' but input X is not a distance vector.")
    elif force.lower() == "tovector":
        if len(s) != 2:
            raise ValueError("Forcing 'tovector' but input X is not a distance matrix.")
    if len(s) == 1:
        if s[0] == 0:
            return torch.zeros((1, 1), dtype=x.dtype, device=x.device)
        d = math.ceil(math.sqrt(s[0] * 2))
        if d * (d - 1) != s[0] * 2:
            raise ValueError("Incompatible vector size. It must be a binomial coefficient n choose 2 for some "
                             "integer n >= 2.")
        M = torch.zeros((d, d), dtype=x.dtype, device=x.device)
        i, j = torch.triu_indices(d, d, 1, device=x.device)
        M[i, j] = x
        M[j, i] = x
        return M
    if len(s) == 2:
        if s[0] != s[1]:
            raise ValueError("The matrix argument must be square.")
        if checks and checks_data(x):
            _check_distance_matrix(x)
        n = s[0]
        if n <= 1:
            return torch.zeros(0, dtype=x.dtype, device=x.device)
        i, j = torch.triu_indices(n, n, 1, device=x.device)
        return x[i, j]
    raise ValueError(f"The first argument must be one or two dimensional array. A {len(s)}-dimensional "
                     "array is not permitted")


def _check_distance_matrix(x):
    """SciPy's ``is_valid_dm(X, throw=True)``: a value check (host data only, §3.5)."""
    if not bool((x == x.T).all()):
        raise ValueError("Distance matrix 'X' must be symmetric.")
    if not bool((torch.diagonal(x) == 0).all()):
        raise ValueError("Distance matrix 'X' diagonal must be zero.")


__getattr__ = module_getattr("spatial.distance")
