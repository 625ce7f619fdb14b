"""Indexing (DESIGN.md §1.2): NumPy's rules on top of torch's.

Basic indexing (ints, positive-step slices, ``...``, ``None``) returns views.
Negative steps cannot be views in torch: they are served from a flipped copy,
and assignments through them are written back into the array.
"""

import operator

import numpy as _np
import torch

from . import _device, _dtypes
from ._array import _wrap, ndarray

_VALID = ("only integers, slices (`:`), ellipsis (`...`), numpy.newaxis (`None`) "
          "and integer or boolean arrays are valid indices")


def index_error(exc, t, key):
    """NumPy's wording for torch's IndexError."""
    msg = str(exc)
    if "out of bounds for dimension" in msg:
        return IndexError(msg.replace("dimension", "axis"))
    if "too many indices" in msg:
        return IndexError(f"too many indices for array: array is {t.dim()}-dimensional, but more were indexed")
    if "invalid index of a 0-dim tensor" in msg:
        return IndexError(f"too many indices for array: array is 0-dimensional, but 1 were indexed")
    return IndexError(msg)


def _convert_item(item, dev):
    """One element of an index key -> something torch accepts; plus its kind."""
    tp = type(item)
    if tp is int or tp is slice or item is None or item is Ellipsis:
        return item
    if tp is bool:
        return item
    if isinstance(item, ndarray):
        t = item._t
        if t.dtype is torch.bool:
            return t
        if t.is_floating_point() or t.is_complex():
            raise IndexError("arrays used as indices must be of integer (or boolean) type")
        if t.dim() == 0:
            return t.item() if t.device.type == "cpu" else t
        return t if t.dtype in (torch.int64, torch.int32) else t.to(torch.int64)
    if isinstance(item, _np.ndarray):
        raise TypeError("a numpy.ndarray cannot index a torchnp array (no hidden host->device copy); "
                        "convert it with torchnp.asarray(...) first")
    if isinstance(item, (_np.integer, _np.bool_)):
        return item.item()
    if isinstance(item, (list, tuple)):
        from ._convert import as_tensor

        return _convert_item(_wrap(as_tensor(item, None, dev)), dev)
    if isinstance(item, (float, _np.floating, complex)):
        raise IndexError(_VALID)
    try:
        return operator.index(item)
    except TypeError:
        raise IndexError(_VALID) from None


def _normalize_key(t, key):
    """(torch key tuple, dims to flip) for a NumPy key; validates like NumPy."""
    if type(key) is not tuple:
        key = (key,)
    dev = t.device
    items = [_convert_item(k, dev) for k in key]
    consumed = 0
    for it in items:
        if it is None or it is Ellipsis or type(it) is bool:
            continue
        consumed += it.dim() if isinstance(it, torch.Tensor) and it.dtype is torch.bool else 1
    ndim = t.dim()
    if consumed > ndim:
        raise IndexError(f"too many indices for array: array is {ndim}-dimensional, but {consumed} were indexed")
    if sum(1 for it in items if it is Ellipsis) > 1:
        raise IndexError("an index can only have a single ellipsis ('...')")
    flips = []
    dim = 0
    out = []
    for it in items:
        if it is Ellipsis:
            dim += ndim - consumed
        elif it is None or type(it) is bool:
            pass
        elif isinstance(it, torch.Tensor):
            if it.dtype is torch.bool:
                for j in range(it.dim()):
                    if it.shape[j] != t.shape[dim + j]:
                        raise IndexError(
                            f"boolean index did not match indexed array along axis {dim + j}; size of axis is "
                            f"{t.shape[dim + j]} but size of corresponding boolean axis is {it.shape[j]}")
                dim += it.dim()
            else:
                if dev.type != "cpu" and it.numel():
                    n = t.shape[dim]
                    if bool(((it >= n) | (it < -n)).any()):
                        bad = it[(it >= n) | (it < -n)][0].item()
                        raise IndexError(f"index {bad} is out of bounds for axis {dim} with size {n}")
                dim += 1
        elif type(it) is slice:
            step = 1 if it.step is None else operator.index(it.step)
            if step == 0:
                raise ValueError("slice step cannot be zero")
            if step < 0:
                n = t.shape[dim]
                start, stop, step = it.indices(n)
                it = slice(n - 1 - start, n - 1 - stop, -step)
                flips.append(dim)
            elif it.step is not None or not all(type(v) in (int, type(None)) for v in (it.start, it.stop)):
                it = slice(None if it.start is None else operator.index(it.start),
                           None if it.stop is None else operator.index(it.stop), step)
            dim += 1
        else:
            n = t.shape[dim]
            if not -n <= it < n:
                raise IndexError(f"index {it} is out of bounds for axis {dim} with size {n}")
            dim += 1
        out.append(it)
    return tuple(out), flips


def getitem(a, key):
    t = a._t
    tkey, flips = _normalize_key(t, key)
    if flips:
        t = t.flip(flips)
    try:
        return _wrap(t[tkey])
    except IndexError as exc:
        raise index_error(exc, t, key) from None


def _value_tensor(value, t):
    if isinstance(value, ndarray):
        v = value._t
        if v.device != t.device:
            raise _device.mismatch(t.device, v.device)
    elif type(value) in (int, float, bool, complex):
        if type(value) is int and t.dtype not in (torch.bool,) and not t.is_floating_point() and not t.is_complex():
            info = torch.iinfo(t.dtype if t.dtype not in _dtypes.PARTIAL else torch.int64) if t.dtype is not torch.uint64 else None
            lo, hi = (0, 2**64 - 1) if info is None else (info.min, info.max)
            if t.dtype is torch.uint32:
                lo, hi = 0, 2**32 - 1
            elif t.dtype is torch.uint16:
                lo, hi = 0, 2**16 - 1
            if not lo <= value <= hi:
                raise OverflowError(f"Python integer {value} out of bounds for {_dtypes.TO_NUMPY[t.dtype]}")
        if type(value) is complex and not t.is_complex():
            raise TypeError(f"cannot assign a complex value into an array of dtype {_dtypes.TO_NUMPY[t.dtype]}")
        return value
    else:
        from ._ufuncs._ufunc import operand

        v = operand(value, t.device)
        if not isinstance(v, torch.Tensor):
            return v
    if v.dtype is not t.dtype:
        from ._convert import cast_tensor

        v = cast_tensor(v, t.dtype)
    return v


def setitem(a, key, value):
    t = a._t
    v = _value_tensor(value, t)
    tkey, flips = _normalize_key(t, key)
    try:
        if flips:
            tf = t.flip(flips)
            tf[tkey] = v
            t.copy_(tf.flip(flips))
        else:
            t[tkey] = v
    except RuntimeError as exc:
        msg = str(exc)
        if "shape mismatch" in msg or "must match" in msg or "expand" in msg or "broadcast" in msg:
            vshape = tuple(v.shape) if isinstance(v, torch.Tensor) else ()
            target = tuple(t[tkey].shape) if not flips else tuple(t.flip(flips)[tkey].shape)
            raise ValueError(f"could not broadcast input array from shape {vshape} into shape {target}") from None
        raise
    except IndexError as exc:
        raise index_error(exc, t, key) from None
