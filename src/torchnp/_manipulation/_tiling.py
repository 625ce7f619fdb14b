"""Tiling arrays (NumPy docs: "Tiling arrays"): tile, repeat."""

import operator

import numpy as _np
import torch

from .. import _dtypes
from .._array import _wrap, ndarray
from ._common import checks_data, int_tuple, normalize_axis, tensor

_SAME_BITS = _dtypes.SAME_BITS

__all__ = ["tile", "repeat"]


def tile(A, reps):
    """Construct an array by repeating ``A`` ``reps`` times (``numpy.tile``); always a copy."""
    t = tensor(A)
    reps = int_tuple(reps)
    if any(r < 0 for r in reps):
        raise ValueError("negative dimensions are not allowed")
    if not reps:
        return _wrap(t.clone())
    return _wrap(t.tile(reps))


def repeat(a, repeats, axis=None):
    """Repeat each element of an array (``numpy.repeat``)."""
    t = tensor(a)
    if axis is None:
        t = t.reshape(-1)
        axis = 0
    else:
        axis = normalize_axis(axis, t.dim())
    n = t.shape[axis]
    if isinstance(repeats, (int, _np.integer)):
        r = operator.index(repeats)
        if r < 0:
            raise ValueError("negative dimensions are not allowed")
        return _wrap(torch.repeat_interleave(t, r, dim=axis))
    rt = tensor(repeats, t.device)
    if (rt.is_floating_point() or rt.is_complex()) and (rt.numel() or isinstance(repeats, ndarray)):
        raise TypeError("Cannot cast array data from dtype('float64') to dtype('int64') according to the rule 'safe'")
    rt = rt.to(torch.int64)
    if rt.dim() == 0 or rt.numel() == 1:
        rt = rt.reshape(()).expand(n)
    elif rt.dim() > 1 or rt.shape[0] != n:
        raise ValueError(f"operands could not be broadcast together with shape ({n},) ({rt.shape[0]},)")
    # the output length is the sum of the counts: known on the host for host counts (no sync,
    # §3.5), else torch reads it (one sync, docs/devices.md)
    size = None
    if not isinstance(repeats, ndarray):
        rh = _np.asarray(repeats)
        if rh.size and (rh < 0).any():
            raise ValueError("repeats may not contain negative values.")
        size = int(rh.sum()) * (n if rh.size == 1 else 1)
    elif rt.numel() and checks_data(rt) and bool((rt < 0).any()):
        raise ValueError("repeats may not contain negative values.")
    if t.dtype in _SAME_BITS:  # uint16/32/64: no torch index_select kernel, repeat the same bits as signed
        return _wrap(torch.repeat_interleave(t.view(_SAME_BITS[t.dtype]), rt, dim=axis, output_size=size)
                     .view(t.dtype))
    return _wrap(torch.repeat_interleave(t, rt, dim=axis, output_size=size))
