"""Adding and removing elements (NumPy docs: "Adding and removing elements").

These results have data-dependent shapes, so they read sizes/indices on the host.
"""

import numpy as _np
import torch

from .. import _dtypes
from .._array import _wrap, ndarray
from .._boundary import device_of
from .._convert import as_tensor
from .._tensors import searchsorted_tensor
from ._common import (cast_tensor, check_bounds, checks_data, normalize_axes, normalize_axis, shape_tuple,
                      tensor, tensors)
from ._joining import _concat

__all__ = ["delete", "insert", "append", "resize", "trim_zeros"]


def _flat_or_axis(t, axis):
    if axis is None:
        return t.reshape(-1), 0
    return t, normalize_axis(axis, t.dim())


def _obj_indices(obj, n, dev):
    """(int64 index tensor, is-scalar) for ``obj`` of delete/insert (slice, int or array-like)."""
    if isinstance(obj, slice):
        return torch.arange(*obj.indices(n), device=dev), False
    o = tensor(obj, dev)
    if o.numel() == 0 and not isinstance(obj, ndarray):
        o = o.to(torch.int64)  # NumPy reads an empty list as an empty index array
    if o.dtype is torch.bool:
        return o, False
    if o.is_floating_point() or o.is_complex():
        raise IndexError("arrays used as indices must be of integer (or boolean) type")
    return o.to(torch.int64), o.dim() == 0


def _host_positions(obj, n):
    """Host ``obj`` of delete/insert (slice, int, list, NumPy array) -> (NumPy int64 positions,
    is-scalar, was-mask), validated on the host: no device data is read (§3.5)."""
    if isinstance(obj, slice):
        return _np.arange(*obj.indices(n)), False, False
    o = _np.asarray(obj)
    if o.dtype == bool:
        return o, False, True
    if o.size == 0:
        o = o.astype(_np.int64)  # NumPy reads an empty list as an empty index array
    elif o.dtype.kind not in "iu":
        raise IndexError("arrays used as indices must be of integer (or boolean) type")
    return o.astype(_np.int64), o.ndim == 0, False


def delete(arr, obj, axis=None):
    """Return a new array with sub-arrays along ``axis`` deleted (``numpy.delete``)."""
    t, axis = _flat_or_axis(tensor(arr, device_of((arr, obj))), axis)
    if t.dim() == 0:
        raise _np.exceptions.AxisError(0, 0)
    n = t.shape[axis]
    if not isinstance(obj, ndarray):
        # host data: NumPy itself picks the kept positions of a stand-in of the axis (its errors
        # too); the result's length is then known without reading the array (§3.5)
        probe = _np.arange(n).reshape((1,) * axis + (n,))
        kept = _np.delete(probe, obj, axis).reshape(-1)
        # uint16/32/64: no CUDA index_select, the same bits selected as signed
        return _wrap(torch.index_select(_dtypes.as_signed(t), axis, torch.from_numpy(kept).to(t.device)).view(t.dtype))
    idx, _ = _obj_indices(obj, n, t.device)
    keep = torch.ones(n, dtype=torch.bool, device=t.device)
    if idx.dtype is torch.bool:
        if idx.dim() != 1 or idx.shape[0] != n:
            raise ValueError("boolean array argument obj to delete must be one dimensional and match "
                             f"the axis length of {n}")
        keep = ~idx
    elif idx.numel():
        check_bounds(idx, n, axis)
        keep[idx.reshape(-1)] = False
    # indices on the device: the result length depends on them, boolean selection syncs
    return _wrap(_dtypes.as_signed(t)[(slice(None),) * axis + (keep,)].view(t.dtype))


def insert(arr, obj, values, axis=None):
    """Insert ``values`` before ``obj`` along ``axis`` (``numpy.insert``).

    Host ``obj`` is validated on the host; the result's shape never depends on the data
    (only a boolean mask on the device needs a sync), so nothing else is read (§3.5).
    """
    t, axis = _flat_or_axis(tensor(arr, device_of((arr, obj, values))), axis)
    if t.dim() == 0:
        raise _np.exceptions.AxisError(0, 0)
    n = t.shape[axis]
    host = not isinstance(obj, ndarray)
    if host:
        o, scalar, mask = _host_positions(obj, n)
        if mask:
            if o.ndim != 1:
                raise ValueError("boolean array argument obj to insert must be one dimensional")
            o = _np.flatnonzero(o)
        idx = torch.from_numpy(o)
    else:
        idx, scalar = _obj_indices(obj, n, t.device)
        if idx.dtype is torch.bool:
            if idx.dim() != 1:
                raise ValueError("boolean array argument obj to insert must be one dimensional")
            idx = torch.nonzero(idx).reshape(-1)  # a mask: its True positions (data-dependent size)
    if idx.dim() > 1:
        raise ValueError("index array argument obj to insert must be one dimensional or scalar")
    if isinstance(values, (list, tuple, bool, int, float, complex)):  # NumPy's array(values, dtype=arr.dtype):
        vt = as_tensor(values, t.dtype, t.device)  # Python numbers by its rules (300 into int8: OverflowError)
    else:
        vt = tensor(values, t.device)
        if vt.dtype is not t.dtype:
            vt = cast_tensor(vt, t.dtype)
    idx = idx.reshape(-1)
    if host or checks_data(idx):
        bad = o.reshape(-1)[(o.reshape(-1) > n) | (o.reshape(-1) < -n)] if host else None
        if (bad.size if host else bool(((idx > n) | (idx < -n)).any())):
            v = int(bad[0]) if host else int(idx[(idx > n) | (idx < -n)][0])
            raise IndexError(f"index {obj if idx.numel() == 1 else v} is out of bounds for axis {axis} with size {n}")
    idx = torch.where(idx < 0, idx + n, idx)
    old = torch.arange(n, device=idx.device)
    shape = list(t.shape)
    single = idx.numel() == 1
    if single:  # a single insertion point: values go in as a block
        if vt.dim() < t.dim():
            vt = vt.reshape((1,) * (t.dim() - vt.dim()) + tuple(vt.shape))
        if scalar:
            vt = torch.movedim(vt, 0, axis)
        numnew = vt.shape[axis]
        pos = idx + torch.arange(numnew, device=idx.device)
        old = old + torch.where(old >= idx, numnew, 0)
    else:
        numnew = idx.numel()
        order = torch.argsort(idx, stable=True)
        pos = torch.empty_like(idx)
        pos[order] = idx[order] + torch.arange(numnew, device=idx.device)
        old = old + searchsorted_tensor(idx[order], old, right=True)
    shape[axis] = numnew
    try:
        block = vt.expand(shape)
    except RuntimeError:
        raise ValueError(f"could not broadcast input array from shape {tuple(vt.shape)} into shape {tuple(shape)}"
                         if single else f"shape mismatch: value array of shape {tuple(vt.shape)} could not be "
                         f"broadcast to indexing result of shape {tuple(shape)}") from None
    shape[axis] = n + numnew
    new = torch.empty(shape, dtype=t.dtype, device=t.device)
    s = _dtypes.as_signed  # uint16/32/64: no CUDA index_copy_, the same bits copied as signed
    s(new).index_copy_(axis, pos.to(t.device), s(block.contiguous()))
    s(new).index_copy_(axis, old.to(t.device), s(t))
    return _wrap(new)


def append(arr, values, axis=None):
    """Append ``values`` to the end of ``arr`` (``numpy.append``)."""
    a, v = tensors([arr, values])
    if axis is None:
        a, v, axis = a.reshape(-1), v.reshape(-1), 0
    return _concat([a, v], axis, None, None, "unsafe")


def resize(a, new_shape):
    """A new array of shape ``new_shape`` filled by repeating ``a`` (``numpy.resize``)."""
    t = tensor(a).reshape(-1)
    shape = shape_tuple(new_shape)
    if any(s < 0 for s in shape):
        raise ValueError("all elements of `new_shape` must be non-negative")
    n = 1
    for s in shape:
        n *= s
    if t.numel() == 0 or n == 0:
        return _wrap(torch.zeros(shape, dtype=t.dtype, device=t.device))
    reps = -(-n // t.numel())
    return _wrap(t.repeat(reps)[:n].reshape(shape))


def trim_zeros(filt, trim="fb", axis=None):
    """Trim leading and/or trailing zeros (``numpy.trim_zeros``)."""
    t = tensor(filt)
    trim = trim.lower()
    if trim not in {"fb", "bf", "f", "b"}:
        raise ValueError(f"unexpected character(s) in `trim`: {trim!r}")
    axes = tuple(range(t.dim())) if axis is None else normalize_axes(axis, t.dim())
    if not axes:
        return _wrap(t)
    # where the non-zeros start and stop shapes the result: read on the host
    nz = torch.argwhere(t != 0)
    if nz.shape[0] == 0:
        start = stop = [0] * t.dim()
    else:
        start = nz.min(0).values.tolist() if "f" in trim else [None] * t.dim()
        stop = (nz.max(0).values + 1).tolist() if "b" in trim else [None] * t.dim()
    return _wrap(t[tuple(slice(start[d], stop[d]) if d in axes else slice(None) for d in range(t.dim()))])
