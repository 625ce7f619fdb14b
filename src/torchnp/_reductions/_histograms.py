"""Histograms: histogram, histogram_bin_edges, histogram2d, histogramdd, bincount, digitize."""

import math
import operator
import warnings

import numpy as _np
import torch

from .. import _cpu_kernels, _device, _dtypes
from .._array import _wrap, ndarray
from .._boundary import device_of
from .._convert import as_tensor, checks_data
from .._tensors import evenly_spaced, searchsorted_tensor
from ._common import on_device, tensor

__all__ = ["histogram", "histogram_bin_edges", "histogram2d", "histogramdd", "bincount", "digitize"]

_range = range


def _linspace(first, last, num, dtype, device, compute=torch.float64):
    """NumPy's ``linspace(first, last, num)`` computed in ``compute`` as NumPy does, cast to ``dtype``."""
    s, e = (torch.as_tensor(v, dtype=compute, device=device) for v in (first, last))
    return evenly_spaced(s, e, num)[0].to(dtype)


def _outer_edges(t, range, numbers=True):
    """NumPy's ``_get_outer_edges``: Python numbers (the autodetected range is validated on the host),
    and the dtype NumPy's ``linspace`` computes the edges in (the data's float dtype for autodetected
    edges, float64 otherwise). Without ``numbers``, where the data may not be read (§3.5), an
    autodetected range stays on the device as 0-d tensors (NumPy's ValueError for a non-finite
    range is then skipped, docs/devices.md)."""
    if range is None and t.numel() and not numbers and not checks_data(t):
        compute = t.dtype if t.is_floating_point() else torch.float64
        if t.dtype in _dtypes.PARTIAL:  # uint16/32/64: no CUDA min/max; rounding keeps the order
            t = t.to(compute)
        first, last = t.min().to(compute), t.max().to(compute)
        same = first == last
        return torch.where(same, first - 0.5, first), torch.where(same, last + 0.5, last), compute
    if range is not None:
        first, last = range
        if first > last:
            raise ValueError("max must be larger than min in range parameter.")
        if not (math.isfinite(first) and math.isfinite(last)):
            raise ValueError(f"supplied range of [{first}, {last}] is not finite")
    elif t.numel() == 0:
        first, last = 0, 1
    else:
        # NumPy raises for a non-finite autodetected range and shifts equal edges: both need
        # the two values on the host (one transfer of two numbers)
        first, last = torch.stack([t.min(), t.max()]).tolist()
        if not (math.isfinite(first) and math.isfinite(last)):
            raise ValueError(f"autodetected range of [{_np.float64(first)}, {_np.float64(last)}] is not finite")
    compute = t.dtype if range is None and t.numel() and t.is_floating_point() else torch.float64
    if first == last:
        first, last = first - 0.5, last + 0.5
    return first, last, compute


def _bin_dtype(t):
    return t.dtype if t.is_floating_point() else torch.float64


def _ptp(x):
    # the true difference (NumPy's _unsigned_subtract): no wrap-around for small int dtypes
    wide = torch.float64 if x.is_floating_point() else torch.int64
    return (x.max().to(wide) - x.min().to(wide)).to(torch.float64)


def _np_ptp(x):
    """NumPy's ``_ptp`` as the rules use it: a NumPy scalar, max - min rounded to the data's float
    dtype (float32 data: a float32 width where the rule keeps it), the exact difference of integers."""
    if x.is_floating_point():
        lo, hi = torch.stack([x.min(), x.max()]).tolist()
        f = _dtypes.TO_NUMPY[x.dtype].type
        return f(hi) - f(lo)
    return _np.float64(float(_ptp(x)))


def _std(x):
    from ._statistics import std

    return std(_wrap(x))._t  # NumPy's np.std, in the data's precision


def _hist_counts(x, edges, w=None):
    """Counts (or weight sums) of ``x`` in the bins ``edges`` (last bin closed) without a host sync."""
    nb = edges.shape[0] - 1
    if nb <= 0:
        return torch.zeros(0, dtype=torch.int64 if w is None else w.dtype, device=x.device)
    # contiguous: torch warns (a UserWarning NumPy never gives) on strided input
    idx = torch.clamp(torch.bucketize(x.contiguous(), edges.contiguous(), right=True) - 1, max=nb - 1)
    keep = (x >= edges[0]) & (x <= edges[-1])
    idx = torch.where(keep, idx, nb)
    if w is None:
        n = torch.zeros(nb + 1, dtype=torch.int64, device=x.device)
        n.scatter_add_(0, idx, torch.ones_like(idx))
    else:
        n = torch.zeros(nb + 1, dtype=w.dtype, device=x.device)
        n.scatter_add_(0, idx, w)
    return n[:nb]


def _jhat_width(x, first, last, compute):
    n = x.numel()
    ptp = _np_ptp(x)
    if n <= 1 or ptp == 0:
        return 0
    upper = max(100, int(math.sqrt(n)))
    bt = _bin_dtype(x)
    counts = []
    for nbins in _range(1, upper + 1):
        edges = _linspace(first, last, nbins + 1, bt, x.device, compute)
        counts.append(_hist_counts(x.to(bt), edges))
    # the number of bins is the output's shape: it has to come to the host. The counts come in one
    # transfer and NumPy scores them with its own arithmetic (p.dot(p) of the bin frequencies): data of
    # a few integer values give exact ties between bin counts, which NumPy's rounding decides
    flat = torch.cat(counts).cpu().numpy()
    offsets = [k * (k - 1) // 2 for k in _range(1, upper + 2)]

    def jhat(nbins):
        p_k = flat[offsets[nbins - 1]:offsets[nbins]] / n
        return (2 - (n + 1) * p_k.dot(p_k)) / (ptp / nbins)  # NumPy's hh: ptp's dtype

    nbins = min(_range(1, upper + 1), key=jhat)
    if nbins == upper:
        warnings.warn("The number of bins estimated may be suboptimal.", RuntimeWarning, stacklevel=4)
    return ptp / nbins


def _width(rule, x, first, last, compute):
    """Bin width of NumPy's string rule ``rule`` on data ``x`` (a host number: it decides the shape)."""
    n = x.numel()
    if rule == "stone":
        return _jhat_width(x, first, last, compute)
    # NumPy's formulas with its scalar types: float32 data give float32 widths for 'rice' and 'scott'
    # (and 'stone'), float64 for the others, from a ptp rounded to float32 (the bin count is
    # ceil(range / width): one rounding apart moves it across an integer)
    ptp = _np_ptp(x)
    sqrt_w = ptp / _np.sqrt(n)
    sturges_w = ptp / (_np.log2(n) + 1.0)
    if rule == "sqrt":
        return sqrt_w
    if rule == "sturges":
        return sturges_w
    if rule == "rice":
        return ptp / (2.0 * n ** (1.0 / 3))
    if rule == "scott":
        f = _dtypes.TO_NUMPY[x.dtype].type if x.is_floating_point() else _np.float64
        return (24.0 * math.pi ** 0.5 / n) ** (1.0 / 3.0) * f(float(_std(x)))
    if rule == "doane":
        if n > 2:
            sg1 = math.sqrt(6.0 * (n - 2) / ((n + 1.0) * (n + 3)))
            xf = x.to(torch.float64)
            sigma = float(_std(x))
            if sigma > 0.0:
                g1 = float(torch.mean(((xf - xf.mean()) / sigma) ** 3))
                return ptp / (1.0 + _np.log2(n) + _np.log2(1.0 + abs(g1) / sg1))
        return 0.0
    from ._statistics import percentile

    q75, q25 = percentile(_wrap(x), [75, 25])._t.tolist()
    fd = 2.0 * (q75 - q25) * n ** (-1.0 / 3.0)
    if rule == "fd":
        return fd
    return min(max(fd, sqrt_w / 2), sturges_w)  # auto


_RULES = ("stone", "auto", "doane", "fd", "rice", "scott", "sqrt", "sturges")


def _ravel(a, weights):
    t = tensor(a)
    if t.dtype is torch.bool:
        warnings.warn("Converting input from bool to <class 'numpy.uint8'> for compatibility.",
                      RuntimeWarning, stacklevel=4)
        t = t.to(torch.uint8)
    w = None
    if weights is not None:
        w = on_device(weights, t.device)
        if tuple(w.shape) != tuple(t.shape):
            raise ValueError("weights should have the same shape as a.")
        w = w.reshape(-1)
    return t.reshape(-1), w


def _bin_edges(t, bins, range, w):
    if isinstance(bins, str):
        if bins not in _RULES:
            raise ValueError(f"{bins!r} is not a valid estimator for `bins`")
        if w is not None:
            raise TypeError("Automated estimation of the number of bins is not supported for weighted data")
        first, last, compute = _outer_edges(t, range)
        x = t
        if range is not None:
            x = t[(t >= first) & (t <= last)]  # data-dependent shape (the rule's sample)
        if x.numel() == 0:
            nbins = 1
        else:
            width = _width(bins, x, first, last, compute)
            if width:
                if not t.is_floating_point() and width < 1:
                    width = 1
                # NumPy's delta: the data's min and max subtracted in their float dtype, else float64
                if range is None and t.is_floating_point():
                    f = _dtypes.TO_NUMPY[t.dtype].type
                    delta = f(last) - f(first)
                else:
                    delta = _np.float64(last - first)
                nbins = int(_np.ceil(delta / (width if isinstance(width, _np.generic) else _np.float64(width))))
                if nbins >= 2 ** 62:
                    raise ValueError("Maximum allowed size exceeded")
            else:
                nbins = 1
    else:
        b = bins._t if isinstance(bins, ndarray) else bins
        if _np.ndim(b) == 0 if not isinstance(b, torch.Tensor) else b.dim() == 0:
            try:
                nbins = operator.index(bins)
            except TypeError as e:
                raise TypeError("`bins` must be an integer, a string, or an array") from e
            if nbins < 1:
                raise ValueError("`bins` must be positive, when an integer")
            first, last, compute = _outer_edges(t, range, numbers=False)
        else:
            edges = on_device(bins, t.device)
            if edges.dim() != 1:
                raise ValueError("`bins` must be 1d, when an array")
            # NumPy's validation of the edges (a data-dependent ValueError): a sync (§3.5)
            if edges.numel() > 1 and checks_data(edges) and bool((edges[:-1] > edges[1:]).any()):
                raise ValueError("`bins` must increase monotonically, when an array")
            return edges
    edges = _linspace(first, last, nbins + 1, _bin_dtype(t), t.device, compute)
    # one bin too: 2**52 + 2 -+ 0.5 round to one edge (a fresh draw, issue 24)
    if checks_data(edges) and bool((edges[:-1] >= edges[1:]).any()):
        raise ValueError(f"Too many bins for data range. Cannot create {nbins} finite-sized bins.")
    return edges


def histogram_bin_edges(a, bins=10, range=None, weights=None):
    """Bin edges as ``histogram`` computes them (mirrors ``numpy.histogram_bin_edges``)."""
    t, w = _ravel(a, weights)
    return _wrap(_bin_edges(t, bins, range, w))


def histogram(a, bins=10, range=None, density=None, weights=None):
    """Histogram of a data set (mirrors ``numpy.histogram``): bins as int, sequence or string rule."""
    t, w = _ravel(a, weights)
    k = _cpu_kernels.numpy_kernel("histogram", t, *(() if w is None else (w,)))
    if k is not None and isinstance(bins, (int, str)):
        n, edges = _cpu_kernels.run(k, t, bins, range, density, w)
        return _wrap(n), _wrap(edges)
    edges = _bin_edges(t, bins, range, w)
    cmp_dtype = _dtypes.promote_torch(t.dtype, edges.dtype) if not t.is_complex() else t.dtype
    n = _hist_counts(t.to(cmp_dtype), edges.to(cmp_dtype), w)
    if density:
        db = (edges[1:] - edges[:-1]).to(torch.float64)
        n = n / db / n.sum()
    return _wrap(n), _wrap(edges)


def histogramdd(sample, bins=10, range=None, density=None, weights=None):
    """Multidimensional histogram (mirrors ``numpy.histogramdd``)."""
    if isinstance(sample, (list, tuple)) and not isinstance(sample, ndarray):
        cols = [as_tensor(s) for s in sample]
        _device.check_same(cols)
        s = torch.stack([c.reshape(-1).to(_dtypes.promote_torch(cols[0].dtype, c.dtype)) for c in cols], 1) \
            if not all(c.dim() == 2 for c in cols) else as_tensor(sample)
        if s.dim() == 1:
            s = s.reshape(-1, 1)
    else:
        s = tensor(sample)
        if s.dim() != 2:
            s = s.reshape(1, -1).T if s.dim() < 2 else s
    N, D = s.shape
    dev = s.device
    try:
        M = len(bins)
        if M != D:
            raise ValueError("The dimension of bins must be equal to the dimension of the sample x.")
    except TypeError:
        bins = D * [bins]
    if isinstance(bins, str):
        bins = D * [bins]
    if range is None:
        range = (None,) * D
    elif len(range) != D:
        raise ValueError("range argument must have one entry per dimension")
    edges = []
    for i in _range(D):
        bi = bins[i]
        if _np.ndim(bi._t if isinstance(bi, ndarray) else bi) == 0:
            if bi < 1:
                raise ValueError(f"`bins[{i}]` must be positive, when an integer")
            smin, smax, compute = _outer_edges(s[:, i], range[i])
            try:
                nb = operator.index(bi)
            except TypeError as e:
                raise TypeError(f"`bins[{i}]` must be an integer, when a scalar") from e
            edges.append(_linspace(smin, smax, nb + 1, compute, dev, compute))
        else:
            e = on_device(bi, dev)
            if e.dim() != 1:
                raise ValueError(f"`bins[{i}]` must be a scalar or 1d array")
            # validation of the edges (a data-dependent ValueError, as NumPy) reads them: on the host
            # only, or under np.errstate(invalid="raise") (§3.5)
            if e.numel() > 1 and checks_data(e) and bool((e[:-1] > e[1:]).any()):
                raise ValueError(f"`bins[{i}]` must be monotonically increasing, when an array")
            edges.append(e)
    nbin = [e.shape[0] + 1 for e in edges]
    flat = torch.zeros(N, dtype=torch.int64, device=dev)
    for i in _range(D):
        col = s[:, i]
        ct = _dtypes.promote_torch(col.dtype, edges[i].dtype)
        c, e = col.to(ct), edges[i].to(ct)
        idx = searchsorted_tensor(e, c, side="right")
        idx = idx - (c == e[-1]).to(torch.int64)
        flat = flat * nbin[i] + idx
    total = 1
    for nb in nbin:
        total *= nb
    if weights is None:
        hist = torch.zeros(total, dtype=torch.float64, device=dev)
        hist.scatter_add_(0, flat, torch.ones(N, dtype=torch.float64, device=dev))
    else:
        w = on_device(weights, dev).reshape(-1).to(torch.float64)
        hist = torch.zeros(total, dtype=torch.float64, device=dev)
        hist.scatter_add_(0, flat, w)
    hist = hist.reshape(nbin)[(slice(1, -1),) * D]
    if density:
        tot = hist.sum()
        for i in _range(D):
            shape = [1] * D
            shape[i] = nbin[i] - 2
            hist = hist / (edges[i][1:] - edges[i][:-1]).reshape(shape)
        hist = hist / tot
    return _wrap(hist), [_wrap(e) for e in edges]


def histogram2d(x, y, bins=10, range=None, density=None, weights=None):
    """Two-dimensional histogram (mirrors ``numpy.histogram2d``)."""
    try:
        N = len(bins)
    except TypeError:
        N = 1
    if N != 1 and N != 2:
        bins = [bins, bins]
    hist, edges = histogramdd([x, y], bins, range, density, weights)
    return hist, edges[0], edges[1]


def bincount(x, /, weights=None, minlength=0):
    """Count occurrences of each non-negative int (mirrors ``numpy.bincount``)."""
    t = tensor(x)
    if t.dim() > 1:
        raise ValueError("object too deep for desired array")
    if t.dim() == 0:
        raise ValueError("object of too small depth for desired array")
    empty_list = isinstance(x, (list, tuple)) and not t.numel()  # NumPy counts an empty list as ints
    if (t.is_floating_point() or t.is_complex()) and not empty_list:
        raise TypeError(f"Cannot cast array data from {_dtypes.TO_NUMPY[t.dtype]!r} to dtype('int64') "
                        "according to the rule 'safe'")
    minlength = operator.index(minlength)
    if minlength < 0:
        raise ValueError("'minlength' must not be negative")
    # NumPy 2.4 casts uint64 to intp unsafely: values from 2**63 up count as negative (its ValueError)
    t = t.view(torch.int64) if t.dtype is torch.uint64 else t.to(torch.int64)
    w = None if weights is None else on_device(weights, t.device)
    k = _cpu_kernels.numpy_kernel("bincount", t, *(() if w is None else (w,)))
    if k is not None:
        return _wrap(_cpu_kernels.run(k, t, w, minlength))
    if t.numel():
        # the output length is max(x) + 1: a data-dependent shape, so the maximum comes to the host
        lo, hi = torch.stack([t.min(), t.max()]).tolist()
        if lo < 0:
            raise ValueError("'list' argument must have no negative elements")
        length = max(hi + 1, minlength)
    else:
        length = minlength
    if weights is None or not t.numel():  # NumPy: an empty x gives int64 counts even with weights
        return _wrap(torch.zeros(length, dtype=torch.int64, device=t.device) if not t.numel()
                     else torch.bincount(t, minlength=length))
    w = on_device(weights, t.device)
    if tuple(w.shape) != tuple(t.shape):
        raise ValueError("The weights and list don't have the same length.")
    if w.is_complex():
        raise TypeError("Cannot cast array data from dtype('complex128') to dtype('float64') "
                        "according to the rule 'safe'")
    out = torch.zeros(length, dtype=torch.float64, device=t.device)
    out.scatter_add_(0, t, w.to(torch.float64))
    return _wrap(out)


def digitize(x, bins, right=False):
    """Indices of the bins to which each value belongs (mirrors ``numpy.digitize``)."""
    t = tensor(x, device_of((x, bins)))  # a scalar x goes where the bins are (§3.3)
    if t.is_complex():
        raise TypeError("x may not be complex")
    b = on_device(bins, t.device)
    if b.dim() != 1:
        raise ValueError("object too deep for desired array" if b.dim() > 1 else
                         "object of too small depth for desired array")
    ct = _dtypes.promote_torch(t.dtype, b.dtype)
    t, b = t.to(ct), b.to(ct)
    side = "left" if right else "right"
    d = (b[1:] - b[:-1] if ct is not torch.bool else b[1:].to(torch.int8) - b[:-1].to(torch.int8)) \
        if b.numel() > 1 else None
    if d is None:
        inc = True
    elif not isinstance(bins, ndarray):  # host bins: their direction is read on the host
        inc, dec = _monotonic(_np.asarray(bins))
    elif checks_data(d):  # NumPy's ValueError needs the direction: a sync (§3.5)
        inc, dec = torch.stack([(d >= 0).all(), (d <= 0).all()]).tolist()
    else:  # bins on an accelerator: both directions, chosen on the device (no sync)
        inc = None
    if inc is False and not dec:
        raise ValueError("bins must be monotonically increasing or decreasing")
    up = None if inc is False else searchsorted_tensor(b, t, side=side)
    if inc is True:
        return _wrap(up)
    down = b.shape[0] - searchsorted_tensor(b.flip(0), t, side=side)
    return _wrap(down if inc is False else torch.where((d >= 0).all(), up, down))


def _monotonic(hb):
    """(increasing, decreasing) of host bins, as NumPy's ``_monotonicity``."""
    return bool((hb[1:] >= hb[:-1]).all()), bool((hb[1:] <= hb[:-1]).all())
