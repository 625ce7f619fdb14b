"""Set routines on 1-D data: intersect1d, union1d, setdiff1d, setxor1d, isin.

Results of the set routines have data-dependent sizes, so they use boolean
masks (a host sync for the size, as NumPy semantics require).
"""

import numpy as _np
import torch

from .. import _dtypes
from .._array import _wrap
from .._boundary import tensors
from ._sort import argsort_tensor, ring_int64, sort_tensor

__all__ = ["intersect1d", "union1d", "setdiff1d", "setxor1d", "isin"]


def _common(t1, t2):
    dt = _dtypes.promote_torch(t1.dtype, t2.dtype)
    return t1.reshape(-1).to(dt), t2.reshape(-1).to(dt)


def _new_run(s):
    """Mask of the first element of each run of equal values in sorted ``s`` (NaNs one run, as NumPy's unique)."""
    diff = s[1:] != s[:-1]
    if s.is_floating_point() or s.is_complex():
        diff &= ~(torch.isnan(s[1:]) & torch.isnan(s[:-1]))
    return torch.cat([torch.ones(min(1, s.shape[0]), dtype=torch.bool, device=s.device), diff])


def unique_first(t):
    """Sorted unique values of 1-D ``t`` and the index of each one's first occurrence."""
    perm = argsort_tensor(t, 0)
    s = t[perm]
    mask = _new_run(s)  # boolean mask: data-dependent size
    return s[mask], perm[mask]


def intersect1d(ar1, ar2, assume_unique=False, return_indices=False):
    """Sorted unique values in both arrays (mirrors ``numpy.intersect1d``)."""
    t1, t2 = _common(*tensors((ar1, ar2)))
    if assume_unique:
        u1, i1 = t1, torch.arange(t1.shape[0], device=t1.device)
        u2, i2 = t2, torch.arange(t2.shape[0], device=t2.device)
    else:
        u1, i1 = unique_first(t1)
        u2, i2 = unique_first(t2)
    aux = torch.cat([u1, u2])
    order = argsort_tensor(aux, 0)
    s = aux[order]
    mask = s[1:] == s[:-1]
    values = s[:-1][mask]
    if not return_indices:
        return _wrap(values)
    return (_wrap(values), _wrap(i1[order[:-1][mask]]), _wrap(i2[order[1:][mask] - u1.shape[0]]))


def union1d(ar1, ar2):
    """Sorted unique values in either array (mirrors ``numpy.union1d``)."""
    t1, t2 = _common(*tensors((ar1, ar2)))
    return _wrap(unique_first(torch.cat([t1, t2]))[0])


def setdiff1d(ar1, ar2, assume_unique=False):
    """Unique values of ``ar1`` not in ``ar2`` (mirrors ``numpy.setdiff1d``)."""
    t1, t2 = tensors((ar1, ar2))
    t1 = t1.reshape(-1) if assume_unique else unique_first(t1.reshape(-1))[0]
    return _wrap(t1[isin_tensor(t1, t2, invert=True)])


def setxor1d(ar1, ar2, assume_unique=False):
    """Sorted unique values in exactly one of the arrays (mirrors ``numpy.setxor1d``)."""
    t1, t2 = _common(*tensors((ar1, ar2)))
    if not assume_unique:
        t1, t2 = unique_first(t1)[0], unique_first(t2)[0]
    aux = sort_tensor(torch.cat([t1, t2]), 0)
    if aux.shape[0] == 0:
        return _wrap(aux)
    edge = torch.ones(1, dtype=torch.bool, device=aux.device)
    flag = torch.cat([edge, aux[1:] != aux[:-1], edge])
    return _wrap(aux[flag[1:] & flag[:-1]])


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
