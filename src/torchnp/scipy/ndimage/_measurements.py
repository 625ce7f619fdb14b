"""scipy.ndimage's labels and measurements as torch ops (SciPy's ``_measurements.py``; DESIGN §8.2).

``label`` propagates, on the device, each foreground element's smallest linear index through
its component (the minimum over the structure's neighbours, then pointer jumping), so each
component carries the index of its first element in C order, the order in which SciPy numbers
them; the number of features is a Python ``int`` as SciPy returns it, and whether the
propagation is done is read once every few rounds (docs/devices.md).
The measurements with ``index=`` group by label with ``searchsorted`` and ``scatter_add``: no
host read, one value per index as SciPy's ``bincount``-based code.
"""

import numpy as _np
import torch

from ... import _dtypes
from ..._array import ndarray
from ..._tensors import searchsorted_tensor
from .._dispatch import mirror
from . import _filters
from ._morphology import generate_binary_structure
from ._support import F64, Param, cast, out_tensor, pparam, tensor

__all__ = ["label", "sum_labels", "sum", "mean", "center_of_mass", "minimum", "maximum", "variance",
           "standard_deviation"]

_ROUNDS = 4  # propagation rounds between two reads of "changed"


@mirror("ndimage")
def label(input, structure=None, output=None):
    t = tensor(input)
    if t.is_complex():
        raise TypeError("Complex type not supported")
    dev = t.device
    if structure is None:
        g = generate_binary_structure(t.ndim, 1)
        s = Param(torch.as_tensor(g, device=dev), g)
    else:
        s = pparam(structure, dev, torch.bool)
    if s.ndim != t.ndim:
        raise RuntimeError("structure and input must have equal rank")
    for ii in s.shape:
        if ii != 3:
            raise ValueError("structure dimensions must be equal to 3")
    need_64bits = t.numel() >= (2 ** 31 - 2)
    provided = isinstance(output, (ndarray, _np.ndarray))
    if provided:
        if tuple(output.shape) != tuple(t.shape):
            raise ValueError("output shape not correct")
        odt = out_tensor(output, dev).dtype
    elif output is None:
        odt = torch.int64 if need_64bits else torch.int32
    else:
        odt = _dtypes.to_torch(_np.dtype(output))
    if t.ndim == 0 or t.numel() == 0:
        lab = (t != 0).to(torch.int64) if t.ndim == 0 else torch.zeros(t.shape, dtype=torch.int64, device=dev)
        maxlabel = int(lab.sum()) if t.ndim == 0 else 0  # a 0-d input's value (a host read)
        return _label_result(lab, maxlabel, odt, output, provided)
    fg = t != 0
    n = t.numel()
    big = n + 1
    own = torch.arange(1, n + 1, device=dev).reshape(t.shape)
    lab = torch.where(fg, own, big)
    while True:  # until stable: one host read per _ROUNDS rounds (docs/devices.md)
        prev = lab
        for _ in range(_ROUNDS):
            lab = _propagate(lab, fg, s, big)
        if bool(torch.equal(prev, lab)):
            break
    roots = fg & (lab == own)
    rank = torch.cumsum(roots.reshape(-1), 0)
    flat = lab.reshape(-1)
    res = torch.where(fg.reshape(-1), rank[(flat - 1).clamp(0, n - 1)], 0).reshape(t.shape)
    return _label_result(res, int(rank[-1]), odt, output, provided)  # the count: SciPy's int


def _propagate(lab, fg, s, big):
    """One round: the minimum label over the structure's neighbours, then pointer jumping."""
    ext = _filters.nd_extend(lab, s.shape, [0] * lab.ndim, "constant", torch.tensor(big, device=lab.device))
    new = lab
    for pos, sl in _filters.taps(s.shape, lab.shape):
        if s.h is not None:
            if s.h[pos]:
                new = torch.minimum(new, ext[sl])
        else:
            new = torch.where(s.t[pos], torch.minimum(new, ext[sl]), new)
    new = torch.where(fg, new, big)
    flat = new.reshape(-1)
    for _ in range(2):
        flat = torch.where(flat < big, flat.gather(0, (flat - 1).clamp(0, flat.numel() - 1)), flat)
    return flat.reshape(lab.shape)


def _label_result(lab, maxlabel, odt, output, provided):
    r = cast(lab, odt)
    if provided:
        out_tensor(output, r.device).copy_(r)
        return maxlabel
    return r, maxlabel


# ---------------------------------------------------------------------- measurements
def _sum_dtype(t):
    """NumPy's dtype of ``x.sum()`` for ``t``'s dtype (int32 -> int64, uint8 -> uint64, ...)."""
    return _dtypes.to_torch(_np.zeros(0, _dtypes.TO_NUMPY[t.dtype]).sum().dtype)


def _total(x, dtype):
    """``x.sum()`` in NumPy's dtype (uint64 sums run in int64: the same bits modulo 2**64)."""
    if dtype == torch.uint64:
        return x.sum(dtype=torch.int64).to(dtype)
    return x.sum(dtype=dtype)


def _groups(t, lt, index):
    """Each element's slot among the sorted ``index`` values (``searchsorted``, no host read):
    (index shape, sorted index, slot, found, slot of each index value, flat input)."""
    it = tensor(index, t.device)
    shape = it.shape
    idx = it.reshape(-1)
    common = torch.promote_types(idx.dtype, lt.dtype)
    idx = idx.to(common)
    srt, _ = torch.sort(idx)
    flat_l = lt.reshape(-1).to(common)
    pos = searchsorted_tensor(srt, flat_l).clamp(max=max(srt.numel() - 1, 0))
    found = srt[pos] == flat_l if srt.numel() else torch.zeros_like(flat_l, dtype=torch.bool)
    return shape, srt, pos, found, searchsorted_tensor(srt, idx), t.reshape(-1)


def _stats(input, labels, index):
    """SciPy's ``_stats``: (counts, sums) for the whole input, the labelled part, one label or
    each label of ``index`` (then float64 sums, as ``bincount`` gives)."""
    t = tensor(input)
    if labels is None:
        return torch.tensor(t.numel(), device=t.device), _total(t, _sum_dtype(t)), True
    lt = tensor(labels, t.device)
    t, lt = torch.broadcast_tensors(t, lt)
    if index is None or _np.isscalar(index):
        sel = (lt > 0) if index is None else (lt == index)
        zero = torch.zeros((), dtype=t.dtype, device=t.device)
        return sel.sum(), _total(torch.where(sel, t, zero), _sum_dtype(t)), True
    g = _groups(t, lt, index)
    shape, srt, pos, found, first, flat_x = g
    if srt.numel() == 0:
        e = torch.zeros(shape, dtype=F64, device=t.device)
        return e.to(torch.int64), e, False
    counts = torch.zeros(srt.numel(), dtype=torch.int64, device=t.device).scatter_add(0, pos, found.to(torch.int64))
    x = flat_x.to(torch.complex128) if flat_x.is_complex() else flat_x.to(F64)
    sums = torch.zeros(srt.numel(), dtype=x.dtype, device=t.device).scatter_add(
        0, pos, torch.where(found, x, torch.zeros((), dtype=x.dtype, device=t.device)))
    return counts[first].reshape(shape), sums[first].reshape(shape), False


@mirror("ndimage")
def sum_labels(input, labels=None, index=None):
    return _stats(input, labels, index)[1]


@mirror("ndimage")
def sum(input, labels=None, index=None):  # noqa: A001 - SciPy's name
    return _stats(input, labels, index)[1]


def _mean(count, total, scalar):
    if scalar and not total.dtype.is_floating_point and not total.dtype.is_complex:
        total = total.to(F64)
    return total / count.to(F64)


@mirror("ndimage")
def mean(input, labels=None, index=None):
    return _mean(*_stats(input, labels, index))


@mirror("ndimage")
def center_of_mass(input, labels=None, index=None):
    t = tensor(input)
    _, norm, scalar = _stats(t, labels, index)
    results = []
    for d in range(t.ndim):
        shape = [1] * t.ndim
        shape[d] = -1
        grid = torch.arange(t.shape[d], dtype=F64, device=t.device).view(shape)
        weighted = t * grid if not t.dtype == torch.bool else t.to(F64) * grid
        results.append(_stats(weighted, labels, index)[1] / norm)
    if scalar:
        return tuple(results)
    stacked = torch.stack(results)  # (ndim, *index.shape): SciPy's np.array(results).T, row by row
    return [tuple(row) for row in stacked.movedim(0, -1)]


def _selection(input, labels, index):
    """(tensor, mask) for SciPy's single-group cases, or None with the groups for an index array."""
    t = tensor(input)
    if labels is None:
        return t, torch.ones(t.shape, dtype=torch.bool, device=t.device), None
    lt = tensor(labels, t.device)
    t, lt = torch.broadcast_tensors(t, lt)
    if index is None:
        return t, lt > 0, None
    if _np.isscalar(index):
        return t, lt == index, None
    return t, None, _groups(t, lt, index)


def _extreme(input, labels, index, find_min):
    t, sel, groups = _selection(input, labels, index)
    dt = t.dtype
    if dt == torch.bool:
        t = t.to(torch.uint8)
    if t.is_floating_point():
        fill = float("inf") if find_min else float("-inf")
    else:
        info = torch.iinfo(t.dtype)
        fill = info.max if find_min else info.min
    if groups is None:  # an empty selection: SciPy's ValueError needs the values (not checked, §3.5)
        v = torch.where(sel, t, torch.tensor(fill, dtype=t.dtype, device=t.device))
        return (v.amin() if find_min else v.amax()).to(dt)
    shape, srt, pos, found, first, flat = groups
    flat = flat.to(t.dtype)
    n = max(srt.numel(), 1)
    red = torch.full((n,), fill, dtype=t.dtype, device=t.device).scatter_reduce(
        0, pos, torch.where(found, flat, torch.tensor(fill, dtype=t.dtype, device=t.device)),
        "amin" if find_min else "amax")
    # (in uint8: CUDA has no bool scatter_reduce kernel; seen on the first GPU run)
    hit = torch.zeros(n, dtype=torch.uint8, device=t.device).scatter_reduce(0, pos, found.to(torch.uint8), "amax").bool()
    r = torch.where(hit, red, torch.zeros((), dtype=t.dtype, device=t.device))  # SciPy: 0 where absent
    return r[first].reshape(shape).to(dt)


@mirror("ndimage")
def minimum(input, labels=None, index=None):
    return _extreme(input, labels, index, True)


@mirror("ndimage")
def maximum(input, labels=None, index=None):
    return _extreme(input, labels, index, False)


@mirror("ndimage")
def variance(input, labels=None, index=None):
    t, sel, groups = _selection(input, labels, index)
    if groups is None:
        work = t if t.is_floating_point() or t.is_complex() else t.to(F64)  # NumPy's mean dtype
        zero = torch.zeros((), dtype=work.dtype, device=t.device)
        count = sel.sum()
        m = torch.where(sel, work, zero).sum() / count.to(work.dtype)
        c = torch.where(sel, work - m, zero)
        sq = (c * c.conj()).sum()
        return sq / count.to(F64)
    shape, srt, pos, found, first, flat = groups
    n = max(srt.numel(), 1)
    x = flat.to(F64)
    counts = torch.zeros(n, dtype=F64, device=t.device).scatter_add(0, pos, found.to(F64))
    sums = torch.zeros(n, dtype=F64, device=t.device).scatter_add(0, pos, torch.where(found, x, 0.0))
    means = sums / counts
    c = torch.where(found, x - means[pos], 0.0)
    sq = torch.zeros(n, dtype=F64, device=t.device).scatter_add(0, pos, c * c)
    return (sq / counts)[first].reshape(shape)


@mirror("ndimage")
def standard_deviation(input, labels=None, index=None):
    return torch.sqrt(variance.__wrapped__(input, labels, index))
