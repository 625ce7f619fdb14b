"""Set routines (NumPy docs: "Set routines"): unique and the array-API ``unique_*``
functions, intersect1d, union1d, setdiff1d, setxor1d, isin.

Results of the set routines have data-dependent sizes, so they use boolean
masks (a host sync for the size, as NumPy semantics require).
"""

import math
from collections import namedtuple

import torch

from .. import _cpu_kernels, _dtypes
from .._array import _wrap
from .._boundary import tensor, tensors
from .._convert import normalize_axis
from ._sort import argsort_tensor, ring_int64, sort_tensor

__all__ = ["unique", "unique_all", "unique_counts", "unique_inverse", "unique_values", "intersect1d", "union1d",
           "setdiff1d", "setxor1d", "isin"]


def _common(t1, t2):
    """Both operands flat in their common dtype; uint16/32/64 as ``_dtypes.ordered_bits`` (torch's CUDA
    build gathers, masks and compares them only so): results go back through :func:`_back`."""
    dt = _dtypes.promote_torch(t1.dtype, t2.dtype)
    t1, t2 = t1.reshape(-1).to(dt), t2.reshape(-1).to(dt)
    if dt in _dtypes.SAME_BITS:
        return _dtypes.ordered_bits(t1), _dtypes.ordered_bits(t2), dt
    return t1, t2, dt


def _back(values, dt):
    return _wrap(_dtypes.from_ordered_bits(values, dt) if dt in _dtypes.SAME_BITS else values)


def _argsort_rows(rows):
    """Stable lexicographic argsort of the rows of 2-D tensor ``rows``."""
    perm = torch.arange(rows.shape[0], device=rows.device)
    for c in range(rows.shape[1] - 1, -1, -1):
        perm = perm[_argsort(rows[perm, c])]
    return perm


def _argsort(v):
    # NumPy's sort order: NaNs last; complex lexicographic with [R + Rj, R + nanj, nan + Rj, nan + nanj]
    return argsort_tensor(v.to(torch.uint8) if v.dtype is torch.bool else v, 0)


def unique_tensor(t, return_index=False, return_inverse=False, return_counts=False, axis=None, equal_nan=True):
    """NumPy's ``unique`` on tensor ``t``: the tuple (sorted unique values, [index of each one's first
    occurrence], [inverse indices], [counts]) as tensors. The one implementation behind ``unique``,
    the ``unique_*`` functions and the set routines."""
    shape = tuple(t.shape)
    k = _cpu_kernels.numpy_kernel("unique", t) if axis is None else None
    if k is not None:
        r = _cpu_kernels.run(k, t, return_index, return_inverse, return_counts, equal_nan=equal_nan)
        return r if isinstance(r, tuple) else (r,)
    if t.dtype in _dtypes.SAME_BITS:  # uint16/32/64: sorted, masked and compared as their ordered bits
        r = unique_tensor(_dtypes.ordered_bits(t), return_index, return_inverse, return_counts, axis, equal_nan)
        return (_dtypes.from_ordered_bits(r[0], t.dtype),) + r[1:]
    if axis is None:
        rows = t.reshape(-1)
        perm = _argsort(rows)
        aux = _dtypes.gather_bits(rows, perm)
        mask = torch.ones(aux.shape[0], dtype=torch.bool, device=t.device)
        if aux.shape[0] > 1:
            mask[1:] = aux[1:] != aux[:-1]
            if equal_nan and (t.is_floating_point() or t.is_complex()):
                nan = torch.isnan(aux)
                mask[1:] &= ~(nan[1:] & nan[:-1])
    else:
        axis = normalize_axis(axis, t.dim())
        moved = torch.movedim(t, axis, 0)
        inner = tuple(moved.shape[1:])
        rows = moved.reshape(moved.shape[0], math.prod(inner))  # (not -1: there may be no rows)
        perm = _argsort_rows(rows) if rows.shape[1] else torch.arange(rows.shape[0], device=t.device)
        aux = _dtypes.gather_bits(rows, perm)
        mask = torch.ones(aux.shape[0], dtype=torch.bool, device=t.device)
        if aux.shape[0] > 1:
            mask[1:] = (aux[1:] != aux[:-1]).any(1) if rows.shape[1] else False
    # the number of unique values shapes the result: boolean selection syncs
    values = aux[mask]
    if axis is not None:
        values = torch.movedim(values.reshape((values.shape[0],) + inner), 0, axis)
    out = [values]
    if return_index:
        out.append(perm[mask])
    if return_inverse:
        inv = torch.empty_like(perm)
        inv[perm] = torch.cumsum(mask, 0) - 1
        out.append(inv.reshape(shape) if axis is None else inv)
    if return_counts:
        starts = torch.nonzero(mask).reshape(-1)
        ends = torch.cat([starts[1:], torch.tensor([mask.shape[0]], device=t.device)])
        out.append(ends - starts)
    return tuple(out)


def _unique(t, return_index, return_inverse, return_counts, axis, equal_nan):
    r = unique_tensor(t, return_index, return_inverse, return_counts, axis, equal_nan)
    return _wrap(r[0]) if len(r) == 1 else tuple(_wrap(x) for x in r)


def unique(ar, return_index=False, return_inverse=False, return_counts=False, axis=None, *,
           equal_nan=True, sorted=True):
    """Find the unique elements of an array (``numpy.unique``); always sorted on torchnp."""
    return _unique(tensor(ar), return_index, return_inverse, return_counts, axis, equal_nan)


UniqueAllResult = namedtuple("UniqueAllResult", ["values", "indices", "inverse_indices", "counts"])
UniqueCountsResult = namedtuple("UniqueCountsResult", ["values", "counts"])
UniqueInverseResult = namedtuple("UniqueInverseResult", ["values", "inverse_indices"])


def unique_all(x):
    """Unique values with first indices, inverse indices and counts (``numpy.unique_all``)."""
    return UniqueAllResult(*_unique(tensor(x), True, True, True, None, False))


def unique_counts(x):
    """Unique values and their counts (``numpy.unique_counts``)."""
    return UniqueCountsResult(*_unique(tensor(x), False, False, True, None, False))


def unique_inverse(x):
    """Unique values and the inverse indices (``numpy.unique_inverse``)."""
    return UniqueInverseResult(*_unique(tensor(x), False, True, False, None, False))


def unique_values(x):
    """Unique values (``numpy.unique_values``); sorted on torchnp."""
    return _unique(tensor(x), False, False, False, None, False)


def intersect1d(ar1, ar2, assume_unique=False, return_indices=False):
    """Sorted unique values in both arrays (mirrors ``numpy.intersect1d``)."""
    t1, t2, dt = _common(*tensors((ar1, ar2)))
    if assume_unique:
        u1, i1 = t1, torch.arange(t1.shape[0], device=t1.device)
        u2, i2 = t2, torch.arange(t2.shape[0], device=t2.device)
    else:
        u1, i1 = unique_tensor(t1, return_index=True)
        u2, i2 = unique_tensor(t2, return_index=True)
    aux = torch.cat([u1, u2])
    order = argsort_tensor(aux, 0)
    s = aux[order]
    mask = s[1:] == s[:-1]
    values = s[:-1][mask]
    if not return_indices:
        return _back(values, dt)
    return (_back(values, dt), _wrap(i1[order[:-1][mask]]), _wrap(i2[order[1:][mask] - u1.shape[0]]))


def union1d(ar1, ar2):
    """Sorted unique values in either array (mirrors ``numpy.union1d``)."""
    t1, t2, dt = _common(*tensors((ar1, ar2)))
    return _back(unique_tensor(torch.cat([t1, t2]))[0], dt)


def setdiff1d(ar1, ar2, assume_unique=False):
    """Unique values of ``ar1`` not in ``ar2`` (mirrors ``numpy.setdiff1d``)."""
    t1, t2 = tensors((ar1, ar2))
    t1 = t1.reshape(-1) if assume_unique else unique_tensor(t1.reshape(-1))[0]
    return _wrap(_dtypes.gather_bits(t1, isin_tensor(t1, t2, invert=True)))


def setxor1d(ar1, ar2, assume_unique=False):
    """Sorted unique values in exactly one of the arrays (mirrors ``numpy.setxor1d``)."""
    t1, t2, dt = _common(*tensors((ar1, ar2)))
    if not assume_unique:
        t1, t2 = unique_tensor(t1)[0], unique_tensor(t2)[0]
    aux = sort_tensor(torch.cat([t1, t2]), 0)
    if aux.shape[0] == 0:
        return _back(aux, dt)
    edge = torch.ones(1, dtype=torch.bool, device=aux.device)
    flag = torch.cat([edge, aux[1:] != aux[:-1], edge])
    return _back(aux[flag[1:] & flag[:-1]], dt)


def isin_tensor(te, tt, invert=False):
    tt = tt.reshape(-1)
    if te.is_complex() or tt.is_complex() or te.dtype is torch.bool or tt.dtype is torch.bool:
        dt = _dtypes.promote_torch(te.dtype, tt.dtype)
        hit = (te.to(dt).unsqueeze(-1) == tt.to(dt)).any(-1) if tt.shape[0] else torch.zeros(te.shape, dtype=torch.bool, device=te.device)
        return ~hit if invert else hit
    dt = _dtypes.promote_torch(te.dtype, tt.dtype)
    te, tt = te.to(dt), tt.to(dt)
    if dt in _dtypes.PARTIAL:
        te, tt = ring_int64(te), ring_int64(tt)
    return torch.isin(te, tt, invert=invert)


def isin(element, test_elements, assume_unique=False, invert=False, *, kind=None):
    """Elementwise membership test, shaped as ``element`` (mirrors ``numpy.isin``)."""
    if kind not in (None, "sort", "table"):
        raise ValueError(f"Invalid kind: '{kind}'. Please use None, 'sort' or 'table'.")
    te, tt = tensors((element, test_elements))
    if kind == "table" and not all(t.dtype is torch.bool or not (t.is_floating_point() or t.is_complex()) for t in (te, tt)):
        raise ValueError("The 'table' method is only supported for boolean or integer arrays. Please select 'sort' or None for kind.")
    return _wrap(isin_tensor(te, tt, invert))
