"""Joining arrays (NumPy docs: "Joining arrays"): concatenate, stack, block, ..."""

import torch

from .. import _dtypes
from .._array import _wrap
from ._common import (cast_tensor, check_casting, common_dtype, normalize_axis, store_out, tensor,
                      tensors)

__all__ = ["concatenate", "concat", "stack", "vstack", "hstack", "dstack", "column_stack",
           "row_stack", "block", "unstack"]


def _seq(arrays, what, stacking=True):
    if hasattr(arrays, "_t") or not hasattr(arrays, "__getitem__"):  # generators too, as NumPy
        if hasattr(arrays, "_t") and arrays.ndim > 0:
            return tensors(list(arrays))
        if stacking:  # NumPy's stacking functions (all but concatenate)
            raise TypeError('arrays to stack must be passed as a "sequence" type such as list or tuple.')
        raise TypeError("The first input argument needs to be a sequence")
    ts = tensors(list(arrays))
    if not ts:
        raise ValueError(f"need at least one array to {what}")
    return ts


def _resolve(ts, out, dtype, casting, name):
    if out is not None and dtype is not None:
        raise TypeError(f"{name}() only takes `out` or `dtype` as an argument, but both were provided.")
    if dtype is not None:
        dt = _dtypes.to_torch(dtype)
    elif out is not None:
        dt = out._t.dtype if hasattr(out, "_t") else common_dtype(ts)
    else:
        dt = common_dtype(ts)
    check_casting(ts, dt, casting)
    return [t if t.dtype is dt else cast_tensor(t, dt) for t in ts]


def _concat(ts, axis, out, dtype, casting, name="concatenate"):
    if axis is None:
        ts = [t.reshape(-1) for t in ts]
        axis = 0
    nd = ts[0].dim()
    if nd == 0:
        raise ValueError("zero-dimensional arrays cannot be concatenated")
    axis = normalize_axis(axis, nd)
    s0 = ts[0].shape
    for i, t in enumerate(ts[1:], 1):
        if t.dim() != nd:
            raise ValueError(
                "all the input arrays must have same number of dimensions, but the array at index 0 has "
                f"{nd} dimension(s) and the array at index {i} has {t.dim()} dimension(s)")
        for d in range(nd):
            if d != axis and t.shape[d] != s0[d]:
                raise ValueError(
                    "all the input array dimensions except for the concatenation axis must match exactly, "
                    f"but along dimension {d}, the array at index 0 has size {s0[d]} and the array at index "
                    f"{i} has size {t.shape[d]}")
    ts = _resolve(ts, out, dtype, casting, name)
    r = torch.cat(ts, axis)
    return _wrap(r) if out is None else store_out(r, out)


def concatenate(arrays, /, axis=0, out=None, *, dtype=None, casting="same_kind"):
    """Join a sequence of arrays along an existing axis (``numpy.concatenate``); ``axis=None`` flattens."""
    return _concat(_seq(arrays, "concatenate", False), axis, out, dtype, casting)


def concat(arrays, /, axis=0, out=None, *, dtype=None, casting="same_kind"):
    """Array API spelling of :func:`concatenate` (``numpy.concat``)."""
    return _concat(_seq(arrays, "concatenate", False), axis, out, dtype, casting, "concat")


def stack(arrays, axis=0, out=None, *, dtype=None, casting="same_kind"):
    """Join a sequence of arrays along a new axis (``numpy.stack``)."""
    ts = _seq(arrays, "stack")
    s0 = ts[0].shape
    if any(t.shape != s0 for t in ts):
        raise ValueError("all input arrays must have the same shape")
    axis = normalize_axis(axis, len(s0) + 1)
    ts = _resolve(ts, out, dtype, casting, "stack")
    r = torch.stack(ts, axis)
    return _wrap(r) if out is None else store_out(r, out)


def _atleast(ts, nd):
    return [t.reshape((1,) * (nd - t.dim()) + tuple(t.shape)) if t.dim() < nd else t for t in ts]


def vstack(tup, *, dtype=None, casting="same_kind"):
    """Stack arrays vertically, row-wise (``numpy.vstack``)."""
    ts = _atleast(_seq(tup, "concatenate"), 2)
    return _concat(ts, 0, None, dtype, casting)


def row_stack(tup, *, dtype=None, casting="same_kind"):
    """Deprecated alias of ``vstack`` (``numpy.row_stack``, deprecated in NumPy 2.0)."""
    import warnings

    warnings.warn("`row_stack` alias is deprecated. Use `np.vstack` directly.", DeprecationWarning, stacklevel=2)
    return vstack(tup, dtype=dtype, casting=casting)


def hstack(tup, *, dtype=None, casting="same_kind"):
    """Stack arrays horizontally, column-wise (``numpy.hstack``)."""
    ts = _atleast(_seq(tup, "concatenate"), 1)
    return _concat(ts, 0 if ts[0].dim() == 1 else 1, None, dtype, casting)


def dstack(tup):
    """Stack arrays depth-wise, along the third axis (``numpy.dstack``)."""
    ts = []
    for t in _seq(tup, "concatenate"):
        if t.dim() == 0:
            t = t.reshape(1, 1, 1)
        elif t.dim() == 1:
            t = t[None, :, None]
        elif t.dim() == 2:
            t = t[:, :, None]
        ts.append(t)
    return _concat(ts, 2, None, None, "same_kind")


def column_stack(tup):
    """Stack 1-D arrays as columns of a 2-D array (``numpy.column_stack``)."""
    ts = [t.reshape(-1, 1) if t.dim() < 2 else t for t in _seq(tup, "concatenate")]
    return _concat(ts, 1, None, None, "same_kind")


def unstack(x, /, *, axis=0):
    """Split an array into a tuple of views along ``axis`` (``numpy.unstack``)."""
    t = tensor(x)
    if t.dim() == 0:
        raise ValueError("Input array must be at least 1-d.")
    return tuple(_wrap(v) for v in t.unbind(normalize_axis(axis, t.dim())))


# ----------------------------------------------------------------- block
def _block_depth(arrays, index=()):
    """(list depth, max array ndim) of a nested-list ``block`` argument, validating as NumPy."""
    if type(arrays) is tuple:
        raise TypeError(
            f"arrays{''.join(f'[{i}]' for i in index)} is a tuple. Only lists can be used to arrange blocks, "
            "and np.block does not allow implicit conversion from tuple to ndarray.")
    if type(arrays) is list:
        if not arrays:
            raise ValueError(f"List at arrays{''.join(f'[{i}]' for i in index)} cannot be empty")
        depths = [_block_depth(a, index + (i,)) for i, a in enumerate(arrays)]
        first = depths[0][0]
        for i, (d, _) in enumerate(depths):
            if d != first:
                raise ValueError(
                    "List depths are mismatched. First element was at depth "
                    f"{first + len(index) + 1}, but there is an element at depth {d + len(index) + 1} "
                    f"(arrays{''.join(f'[{j}]' for j in index + (i,))})")
        return first + 1, max(n for _, n in depths)
    return 0, tensor(arrays).dim()


def block(arrays):
    """Assemble an array from nested lists of blocks (``numpy.block``)."""
    depth, nd = _block_depth(arrays)
    ndim = max(depth, nd)
    flat = []

    def collect(a):
        if type(a) is list:
            for v in a:
                collect(v)
        else:
            flat.append(a)
    collect(arrays)
    ts = tensors(flat)
    dt = common_dtype(ts)
    it = iter(t if t.dtype is dt else t.to(dt) for t in ts)

    def build(a, level):
        if type(a) is list:
            parts = [build(v, level + 1) for v in a]
            return _concat(parts, ndim - depth + level, None, None, "same_kind")._t
        t = next(it)
        return t.reshape((1,) * (ndim - t.dim()) + tuple(t.shape))
    return _wrap(build(arrays, 0) if depth else next(it).reshape((1,) * (ndim - ts[0].dim()) + tuple(ts[0].shape)).clone())
