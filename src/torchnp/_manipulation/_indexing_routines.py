"""Indexing routines (NumPy docs: "Indexing routines"): take, put, choose, compress,
index helpers (``ix_``, ``r_``, ``c_``, ``s_``) and friends.

Functions whose output shape depends on data (compress, place, ...)
read counts on the host; NumPy's ``mode='raise'`` bound errors need a look at
the data too (a host sync on accelerators, where torch could only assert).
"""

import operator

import math

import numpy as _np
import torch
from numpy import index_exp, s_  # index-expression helpers: pure Python, no data

from .. import _cpu_kernels, _device, _dtypes
from .._array import _wrap, ndarray, result
from .._boundary import device_of, out_tensor, run_on_host
from .._indexing import _python_scalar, check_python_numbers, last_values
from ._common import (cast_tensor, check_bounds, check_casting, checks_data, common_dtype, index_tensor, normalize_axis,
                      np_dtype, shape_tuple, store_out, tensor, tensors)

__all__ = [
    "take", "take_along_axis", "put", "put_along_axis", "place", "putmask", "copyto", "choose",
    "compress", "extract", "select", "piecewise", "ravel_multi_index", "unravel_index", "diag_indices", "diag_indices_from", "tril_indices",
    "tril_indices_from", "triu_indices", "triu_indices_from", "mask_indices", "ix_", "r_", "c_",
    "s_", "index_exp", "fill_diagonal",
]

_CLIPMODES = ("raise", "wrap", "clip")


def _target(a, *operands, what="argument 1 must be numpy.ndarray", read_only="assignment destination is read-only"):
    """The tensor of an in-place target: a torchnp array or, on the CPU, a writable ``numpy.ndarray``
    written zero-copy (§3.3; NumPy requires an array). The array ``operands`` live on its device (§3.2).
    A read-only target raises NumPy's ValueError(``read_only``)."""
    if not isinstance(a, (ndarray, _np.ndarray)):
        raise TypeError(f"{what}, not {type(a).__name__}")
    return out_tensor(a, device_of((a,) + operands), read_only)


def _bits(t):
    """``t``, or for uint16/32/64 (no torch index_put/gather/index_select kernel, §2.5) a view
    of the same bits as the signed type of the same size."""
    return t.view(_dtypes.SAME_BITS[t.dtype]) if t.dtype in _dtypes.SAME_BITS else t


def _values_into(v, t, safe_arrays=False):
    """Values ``v`` for a write into ``t``, flat, as NumPy converts them: Python numbers (alone or in
    sequences) as NumPy assigns them (complex into a real array: TypeError; an integer out of the
    dtype's bounds: OverflowError; NaN into integers: ValueError); arrays by NumPy's unsafe cast, or
    for ``place`` and ``putmask`` (``safe_arrays``) only where NumPy's safe cast allows, else its
    TypeError. (A bare cast wrapped 300 to 44 in uint8 and dropped imaginary parts.)"""
    if type(v) in (bool, int, float, complex):
        return torch.tensor([_python_scalar(v, t)], dtype=t.dtype, device=t.device)
    checked = check_python_numbers(v, t)
    if checked is not None:
        return checked.reshape(-1)
    vt = tensor(v, t.device).reshape(-1)
    if safe_arrays and not isinstance(v, (_np.generic, list, tuple)) \
            and not _dtypes.can_cast_torch(vt.dtype, t.dtype, "safe"):
        raise TypeError(f"Cannot cast array data from {np_dtype(vt)!r} to {np_dtype(t)!r} according to the rule 'safe'")
    return cast_tensor(vt, t.dtype, copy=False)


def _flat_write(t, idx, vals):
    """``t.flat[idx] = vals`` in place (through a copy when ``t`` is not contiguous)."""
    t = _bits(t)
    vals = _bits(vals) if isinstance(vals, torch.Tensor) else vals
    if isinstance(vals, torch.Tensor) and vals.untyped_storage().data_ptr() == t.untyped_storage().data_ptr():
        vals = vals.clone()  # the values are a view of ``t`` (np.place(a, m, a[:2])): read them first
    contiguous = t.is_contiguous()
    f = t.view(-1) if contiguous else t.reshape(-1).clone()
    key = idx if isinstance(idx, tuple) else (idx,)
    f[key] = last_values(f, key, vals)  # repeated indices: NumPy's last write wins on any device
    if not contiguous:
        t.copy_(f.view(t.shape))


def _cycled(vals, k):
    """``vals`` (1-D) repeated cyclically to length ``k``."""
    if vals.numel() == k:
        return vals
    return _bits(vals)[torch.arange(k, device=vals.device) % vals.numel()].view(vals.dtype)


def _clip_mode(idx, n, mode, axis):
    if mode == "raise":
        check_bounds(idx, n, axis)
        return idx
    if mode == "wrap":
        return idx.remainder(n)
    if mode == "clip":
        return idx.clamp(0, max(n - 1, 0))
    raise ValueError(f"clipmode must be one of 'clip', 'raise', or 'wrap' (got {mode!r})")


# ------------------------------------------------------------------ take / put
def take(a, indices, axis=None, out=None, mode="raise"):
    """Take elements from an array along an axis (``numpy.take``)."""
    t = tensor(a)
    idx = index_tensor(indices, t.device)
    if axis is None:
        t, axis = t.reshape(-1), 0
    else:
        axis = normalize_axis(axis, t.dim())
    n = t.shape[axis]
    shape = tuple(t.shape[:axis]) + tuple(idx.shape) + tuple(t.shape[axis + 1:])
    if mode not in _CLIPMODES:
        raise ValueError(f"clipmode must be one of 'clip', 'raise', or 'wrap' (got {mode!r})")
    if n == 0 and math.prod(shape) != 0:
        raise IndexError("cannot do a non-empty take from an empty axes.")
    k = _cpu_kernels.numpy_kernel("take", idx, t) if out is None and math.prod(shape) else None
    if k is not None:
        return _wrap(_cpu_kernels.run(k, t, idx, axis, mode=mode))
    # NumPy checks the indices once per outer position, even when the slices taken are empty
    if math.prod(t.shape[:axis]) and idx.numel() and (n or mode == "raise"):
        idx = _clip_mode(idx, n, mode, axis)
    if math.prod(shape) == 0:
        r = torch.empty(shape, dtype=t.dtype, device=t.device)
        return _wrap(r) if out is None else store_out(r, out)
    try:
        if idx.dim() == 0:  # torch reads a 0-d index tensor on the host (.item()): index with one element
            r = _bits(t)[(slice(None),) * axis + (idx.reshape(1),)].squeeze(axis).view(t.dtype)
        else:
            r = _bits(t)[(slice(None),) * axis + (idx,)].view(t.dtype)
    except IndexError as exc:  # torch's CPU kernel checks what the value check skipped (§3.5): NumPy's words
        raise IndexError(str(exc).replace(" for dimension ", " for axis ")) from None
    return _wrap(r) if out is None else store_out(r, out)


def _along_axis(shape, idx, axis):
    nd = len(shape)
    fancy = []
    for d in range(nd):
        if d == axis:
            fancy.append(idx)
        else:
            s = [1] * nd
            s[d] = shape[d]
            fancy.append(torch.arange(shape[d], device=idx.device).view(s))
    return tuple(fancy)


def _along_args(t, indices, axis):
    idx = tensor(indices, t.device)
    if idx.is_floating_point() or idx.is_complex() or idx.dtype is torch.bool:
        raise IndexError("`indices` must be an integer array")
    idx = idx.to(torch.int64)
    if axis is None:
        if idx.dim() != 1:
            raise ValueError("when axis=None, `indices` must have a single dimension.")
        t, axis = t.reshape(-1), 0
    else:
        axis = normalize_axis(axis, t.dim())
        if idx.dim() != t.dim():
            raise ValueError("`indices` and `arr` must have the same number of dimensions")
    check_bounds(idx, t.shape[axis], axis)
    return t, idx, axis


def take_along_axis(arr, indices, axis=-1):
    """Take values by matching 1-D index and data slices (``numpy.take_along_axis``)."""
    t, idx, axis = _along_args(tensor(arr), indices, axis)
    try:
        return _wrap(_bits(t)[_along_axis(t.shape, idx, axis)].view(t.dtype))
    except IndexError as exc:
        raise ValueError(f"shape mismatch: {exc}") from None


def put_along_axis(arr, indices, values, axis):
    """Put values by matching 1-D index and data slices, in place (``numpy.put_along_axis``)."""
    t0 = _target(arr, indices, values)
    t, idx, ax = _along_args(t0, indices, axis)
    v = cast_tensor(tensor(values, t.device), t.dtype, copy=False)
    fancy = _along_axis(t.shape, idx, ax)
    if axis is None:
        _flat_write(t0, fancy, v)
    else:
        _bits(t)[fancy] = last_values(_bits(t), fancy, _bits(v))


def put(a, ind, v, mode="raise"):
    """Replace ``a.flat[ind]`` with values ``v`` (cycled), in place (``numpy.put``)."""
    t = _target(a, ind, v, read_only="put: output array is read-only")
    idx = index_tensor(ind, t.device).reshape(-1)
    vals = _values_into(v, t)
    if vals.numel() == 0 or idx.numel() == 0:
        return
    n = t.numel()
    if n == 0:
        raise IndexError("cannot replace elements of an empty array")
    idx = _clip_mode(idx, n, mode, 0)
    vals = _cycled(vals, idx.numel())
    _flat_write(t, idx, vals)


def place(arr, mask, vals):
    """Change elements of ``arr`` where ``mask`` is True to ``vals`` (cycled), in place (``numpy.place``)."""
    t = _target(arr, mask, vals, read_only="WRITEBACKIFCOPY base is read-only")  # NumPy 2.4's message
    m = tensor(mask, t.device)
    if m.numel() != t.numel():
        raise ValueError("place: mask and data must be the same size")
    m = (m != 0).reshape(-1)
    vals = _values_into(vals, t, safe_arrays=True)
    if vals.numel() == 0:
        if checks_data(m) and bool(m.any()):
            raise ValueError("Cannot insert from an empty array!")
        return
    # the i-th True position takes vals[i % len(vals)]: a running count, no host read (§3.5)
    src = _bits(vals)[(torch.cumsum(m, 0) - 1).clamp(min=0) % vals.numel()]
    new = torch.where(m, src, _bits(t).reshape(-1))  # uint16/32/64: no CUDA gather or where, the same bits
    _bits(t).copy_(new.view(t.shape))


def putmask(a, /, mask, values):
    """``a[mask] = values`` with values repeated over the whole array, in place (``numpy.putmask``)."""
    t = _target(a, mask, values, read_only="putmask: output array is read-only")
    m = tensor(mask, t.device)
    if m.numel() != t.numel():
        raise ValueError("putmask: mask and data must be the same size")
    vals = _values_into(values, t, safe_arrays=True)
    if vals.numel() == 0:
        return
    full = _bits(_cycled(vals, t.numel()).view(t.shape))
    _bits(t).copy_(torch.where((m != 0).reshape(t.shape), full, _bits(t)))  # uint16/32/64: no CUDA where


def copyto(dst, src, casting="same_kind", where=True):
    """Copy values from ``src`` to ``dst``, broadcasting (``numpy.copyto``)."""
    d = _target(dst, src, where, what="copyto() argument 1 must be a numpy.ndarray")
    if type(src) in (bool, int, float, complex):
        if casting != "unsafe" and not _dtypes.np_can_cast(_dtypes.np_result_type(np_dtype(d), src), np_dtype(d), casting):
            raise TypeError(f"Cannot cast scalar from {_dtypes.np_result_type(src)!r} to {np_dtype(d)!r} "
                            f"according to the rule {casting!r}")
        s = cast_tensor(torch.tensor(src, device=d.device), d.dtype, copy=False)
    else:
        s = tensor(src, d.device)
        check_casting([s], d.dtype, casting)
        s = cast_tensor(s, d.dtype, copy=False)
    try:
        s = s.expand(d.shape)
    except RuntimeError:
        raise ValueError(f"could not broadcast input array from shape {tuple(s.shape)} into shape "
                         f"{tuple(d.shape)}") from None
    if where is True:
        if s.untyped_storage().data_ptr() == d.untyped_storage().data_ptr():
            s = s.clone()  # overlapping views (copyto(x[1:], x[:-1])): NumPy copies as if buffered
        d.copy_(s)
        return
    w = tensor(where, d.device)
    if w.dtype is not torch.bool:
        raise TypeError(f"Cannot cast array data from {np_dtype(w)!r} to dtype('bool') according to the rule 'safe'")
    _bits(d).copy_(torch.where(w, _bits(s), _bits(d)))  # uint16/32/64: no CUDA where, the same bits


def choose(a, choices, out=None, mode="raise"):
    """Construct an array from an index array and a list of arrays to choose from (``numpy.choose``)."""
    choices = list(choices)
    dev = device_of([a] + choices)  # a scalar or list index goes where the choices are (§3.3)
    ia = index_tensor(a, dev)
    cs = tensors(choices, dev)
    if not cs:
        raise ValueError("need at least one array to choose from")
    _device.check_same([ia] + cs)
    dt = common_dtype(cs)
    nc = len(cs)
    if mode == "raise":
        if ia.numel() and checks_data(ia) and bool(((ia < 0) | (ia >= nc)).any()):  # a sync (§3.5)
            raise ValueError("invalid entry in choice array")
    else:
        ia = _clip_mode(ia, nc, mode, 0)
    shape = tuple(_np.broadcast_shapes(tuple(ia.shape), *[tuple(c.shape) for c in cs]))
    stacked = torch.stack([c.to(dt).expand(shape) for c in cs])
    r = torch.gather(_bits(stacked), 0, ia.expand(shape).unsqueeze(0)).squeeze(0).view(stacked.dtype)
    return _wrap(r) if out is None else store_out(r, out)


def _choose_method(self, *choices, out=None, mode="raise"):
    """``numpy.ndarray.choose``: the choices as one sequence or as several arguments."""
    args = (self, choices[0] if len(choices) == 1 else choices)
    try:
        r = choose(*args, out=out, mode=mode)
    except _dtypes.HostOnlyData:  # host-only choices: NumPy's choose on the host views (§2.5)
        return run_on_host(_np.choose, args, {"out": out, "mode": mode}, "choose", host_only=True)
    return r if out is not None else result(r)  # one value: NumPy's scalar on the host (§1.3)


ndarray.choose = _choose_method


def compress(condition, a, axis=None, out=None):
    """Select slices of ``a`` along ``axis`` where ``condition`` is True (``numpy.compress``)."""
    t = tensor(a)
    # a condition given as Python data is host data: its positions are found by NumPy (no sync, §3.5)
    c = _np.asarray(condition) if isinstance(condition, (list, tuple)) else tensor(condition, t.device)
    if c.ndim != 1:
        raise ValueError("condition must be a 1-d array")
    if axis is None:
        t, axis = t.reshape(-1), 0
    else:
        axis = normalize_axis(axis, t.dim())
    r = _compress(c, t, axis)
    return _wrap(r) if out is None else store_out(r, out)


def _compress(c, t, axis):
    """``t`` where condition ``c`` (a tensor, or a host ``numpy.ndarray``) is true along ``axis``."""
    n = t.shape[axis]
    if isinstance(c, _np.ndarray):
        idx = _np.flatnonzero(c)
        bad = idx[idx >= n]
        bad = int(bad[0]) if bad.size else None
        idx = torch.from_numpy(idx).to(t.device)
    else:
        idx = torch.nonzero(c).reshape(-1)  # the result length depends on the condition: a host read
        bad = int(idx[idx >= n][0]) if c.shape[0] > n and idx.numel() and int(idx[-1]) >= n else None
    if bad is not None:
        raise IndexError(f"index {bad} is out of bounds for axis {axis} with size {n}")
    return _bits(t).index_select(axis, idx).view(t.dtype)


def extract(condition, arr):
    """The elements of ``arr`` where ``condition`` is True, flattened (``numpy.extract``)."""
    t = tensor(arr)
    return _wrap(_compress(tensor(condition, t.device).reshape(-1) != 0, t.reshape(-1), 0))


def select(condlist, choicelist, default=0):
    """Elements from ``choicelist`` according to ``condlist`` (``numpy.select``)."""
    if len(condlist) != len(choicelist):
        raise ValueError("list of cases must be same length as list of conditions")
    if len(condlist) == 0:
        raise ValueError("select with an empty condition list is not possible")
    weak = (int, float, complex)
    items = list(choicelist) + [default]
    arrays = [x for x in items if type(x) not in weak]
    conds = tensors(list(condlist) + arrays)
    dev = conds[0].device
    ats = iter(conds[len(condlist):])
    choices = [x if type(x) in weak else next(ats) for x in items]
    conds = conds[:len(condlist)]
    dt = _dtypes.to_torch(_dtypes.np_result_type(*[x if type(x) in weak else np_dtype(x) for x in choices]))
    for i, c in enumerate(conds):
        if c.dtype is not torch.bool:
            raise TypeError(f"invalid entry {i} in condlist: should be boolean ndarray")
    cts = [torch.tensor(x, device=dev).to(dt) if type(x) in weak else x.to(dt) for x in choices]
    shapes = [tuple(x.shape) for x in conds + cts]
    try:
        shape = _np.broadcast_shapes(*shapes)
    except ValueError as exc:
        raise ValueError(f"shape mismatch: objects cannot be broadcast to a single shape. {exc}") from None
    r = _bits(cts[-1]).expand(shape)
    for c, v in zip(reversed(conds), reversed(cts[:-1])):
        r = torch.where(c, _bits(v), r)  # uint16/32/64: no CUDA where kernel, the same bits as signed
    return _wrap((r.contiguous() if r.stride() != r.contiguous().stride() else r).view(dt))


def piecewise(x, condlist, funclist, *args, **kw):
    """Evaluate a piecewise-defined function (``numpy.piecewise``); a Python loop over pieces."""
    xt = tensor(x)
    xa = _wrap(xt)
    n2 = len(funclist)
    # NumPy's test "is condlist a single condition?" (a 0-d array element counts as a scalar)
    arrays = (ndarray, _np.ndarray)
    if isinstance(condlist, (bool, _np.bool_)) or (isinstance(condlist, arrays) and condlist.ndim == 0) or (
            not (isinstance(condlist[0], list) or (isinstance(condlist[0], arrays) and condlist[0].ndim))
            and xt.dim() != 0):
        condlist = [condlist]
    conds = [cast_tensor(c, torch.bool, copy=False).expand(xt.shape) if c.dtype is not torch.bool
             else c.expand(xt.shape) for c in tensors(condlist, xt.device)]
    n = len(conds)
    if n == n2 - 1:
        conds.append(~torch.stack(conds).any(0) if conds else torch.ones_like(xt, dtype=torch.bool))
        n += 1
    elif n != n2:
        raise ValueError(f"with {n} condition(s), either {n} or {n + 1} functions are expected")
    y = _wrap(torch.zeros_like(xt))
    for c, func in zip(conds, funclist):
        cw = _wrap(c)
        if not callable(func):
            y[cw] = func
        else:
            vals = xa[cw]
            if vals.size > 0:
                y[cw] = func(vals, *args, **kw)
    return y


# ------------------------------------------------------------------ index arithmetic
def _int_index(x, dev=None):
    t = tensor(x, dev)
    if t.is_floating_point() or t.is_complex():
        raise TypeError("only int indices permitted")
    return t.to(torch.int64)


def _strides(dims, order):
    if order not in ("C", "F"):
        raise ValueError("only 'C' or 'F' order is permitted")
    strides = [1] * len(dims)
    rng = range(len(dims) - 2, -1, -1) if order == "C" else range(1, len(dims))
    for i in rng:
        j = i + 1 if order == "C" else i - 1
        strides[i] = strides[j] * dims[j]
    return strides


_INTP_MAX = 2**63 - 1


def ravel_multi_index(multi_index, dims, mode="raise", order="C"):
    """Flat indices for a tuple of index arrays (``numpy.ravel_multi_index``)."""
    dims = shape_tuple(dims)
    if len(multi_index) != len(dims):
        raise ValueError(f"parameter multi_index must be a sequence of length {len(dims)}")
    idxs = tensors(list(multi_index))
    idxs = [_int_index(_wrap(t)) for t in idxs]
    if math.prod(dims) > _INTP_MAX:
        raise ValueError("invalid dims: array size defined by dims is larger than the maximum possible size.")
    modes = tuple(mode) if isinstance(mode, (tuple, list)) else (mode,) * len(dims)
    total = None
    for ix, d, m, s in zip(idxs, dims, modes, _strides(dims, order)):
        if d == 0 and ix.numel():
            raise ValueError("cannot unravel if shape has zero entries (is empty).")
        if m == "raise":
            if ix.numel() and checks_data(ix) and bool(((ix < 0) | (ix >= d)).any()):  # a sync (§3.5)
                raise ValueError("invalid entry in coordinates array")
        else:
            ix = _clip_mode(ix, d, m, 0)
        total = ix * s if total is None else total + ix * s
    return _wrap(total)


def unravel_index(indices, shape, order="C"):
    """Tuple of coordinate arrays for flat ``indices`` (``numpy.unravel_index``)."""
    idx = _int_index(indices)
    dims = shape_tuple(shape)
    size = math.prod(dims)
    if size > _INTP_MAX:
        raise ValueError("dimensions are too large; arrays and shapes with a total size greater than 'intp' "
                         "are not supported.")
    if idx.numel() and checks_data(idx):
        bad = (idx < 0) | (idx >= size)
        if bool(bad.any()):  # NumPy's error needs the data: a sync (§3.5)
            raise ValueError(f"index {int(idx[bad].reshape(-1)[0])} is out of bounds for array with size {size}")
    out = [None] * len(dims)
    rng = range(len(dims) - 1, -1, -1) if order == "C" else range(len(dims))
    if order not in ("C", "F"):
        raise ValueError("only 'C' or 'F' order is permitted")
    for i in rng:
        out[i] = idx.remainder(dims[i]) if dims[i] else idx
        idx = torch.div(idx, dims[i], rounding_mode="floor") if dims[i] else idx
    return tuple(_wrap(o) for o in out)


def diag_indices(n, ndim=2):
    """Indices to access the main diagonal of an ``n``-sided ``ndim``-d array (``numpy.diag_indices``)."""
    idx = _wrap(torch.arange(operator.index(n), device=_device.get_default_device()))
    return (idx,) * ndim


def diag_indices_from(arr):
    """Indices to access the main diagonal of ``arr`` (``numpy.diag_indices_from``)."""
    t = tensor(arr)
    if t.dim() < 2:
        raise ValueError("input array must be at least 2-d")
    if len(set(t.shape)) != 1:
        raise ValueError("All dimensions of input must be of equal length")
    idx = _wrap(torch.arange(t.shape[0], device=t.device))
    return (idx,) * t.dim()


def _tri_indices(fn, n, k, m, dev):
    n = operator.index(n)
    m = n if m is None else operator.index(m)
    r = fn(n, m, operator.index(k), device=dev)
    return _wrap(r[0]), _wrap(r[1])


def tril_indices(n, k=0, m=None):
    """Indices of the lower triangle of an (n, m) array (``numpy.tril_indices``)."""
    return _tri_indices(torch.tril_indices, n, k, m, _device.get_default_device())


def triu_indices(n, k=0, m=None):
    """Indices of the upper triangle of an (n, m) array (``numpy.triu_indices``)."""
    return _tri_indices(torch.triu_indices, n, k, m, _device.get_default_device())


def tril_indices_from(arr, k=0):
    """Indices of the lower triangle of 2-D ``arr`` (``numpy.tril_indices_from``)."""
    t = tensor(arr)
    if t.dim() != 2:
        raise ValueError("input array must be 2-d")
    return _tri_indices(torch.tril_indices, t.shape[-2], k, t.shape[-1], t.device)


def triu_indices_from(arr, k=0):
    """Indices of the upper triangle of 2-D ``arr`` (``numpy.triu_indices_from``)."""
    t = tensor(arr)
    if t.dim() != 2:
        raise ValueError("input array must be 2-d")
    return _tri_indices(torch.triu_indices, t.shape[-2], k, t.shape[-1], t.device)


def mask_indices(n, mask_func, k=0):
    """Indices where ``mask_func(ones((n, n)), k)`` is non-zero (``numpy.mask_indices``)."""
    m = _wrap(torch.ones((n, n), dtype=torch.int64, device=_device.get_default_device()))
    a = mask_func(m, k)
    return tuple(_wrap(i) for i in torch.nonzero(tensor(a) != 0, as_tuple=True))


def ix_(*args):
    """Open mesh index arrays from 1-D sequences (``numpy.ix_``)."""
    out = []
    nd = len(args)
    for k, (new, t) in enumerate(zip(args, tensors(args))):
        if not isinstance(new, ndarray) and t.numel() == 0:
            t = t.to(torch.int64)
        if t.dim() != 1:
            raise ValueError("Cross index must be 1 dimensional")
        if t.dtype is torch.bool:
            t = torch.nonzero(t).reshape(-1)  # a mask: its True positions (data-dependent size)
        out.append(_wrap(t.reshape((1,) * k + (t.numel(),) + (1,) * (nd - k - 1))))
    return tuple(out)


def fill_diagonal(a, val, wrap=False):
    """Fill the main diagonal of ``a`` in place, cycling ``val`` (``numpy.fill_diagonal``)."""
    t = _target(a, val, read_only="underlying array is read-only")
    if t.dim() < 2:
        raise ValueError("array must be at least 2-d")
    end = t.numel()
    if t.dim() == 2:
        step = t.shape[1] + 1
        if not wrap:
            end = min(end, t.shape[1] * t.shape[1])
    else:
        if len(set(t.shape)) != 1:
            raise ValueError("All dimensions of input must be of equal length")
        step, p = 1, 1
        for s in t.shape[:-1]:
            p *= s
            step += p
    pos = torch.arange(0, end, step, device=t.device)
    vals = _values_into(val, t)
    if vals.numel() and pos.numel():
        _flat_write(t, pos, _cycled(vals, pos.numel()))


# ------------------------------------------------------------------ r_ / c_
class AxisConcatenator:
    """Translate slice objects to concatenation along an axis (``numpy.lib.index_tricks.AxisConcatenator``)."""

    def __init__(self, axis=0, matrix=False, ndmin=1, trans1d=-1):
        self.axis, self.matrix, self.ndmin, self.trans1d = axis, matrix, ndmin, trans1d

    def __getitem__(self, key):
        from .._creation._basic import arange, linspace
        from ._joining import _concat

        if isinstance(key, str):
            raise TypeError("np.matrix results ('r'/'c' string keys) are unsupported on torchnp")
        if not isinstance(key, tuple):
            key = (key,)
        trans1d, ndmin, axis = self.trans1d, self.ndmin, self.axis
        objs, kinds = [], []
        for k, item in enumerate(key):
            scalar = False
            if isinstance(item, slice):
                step, start, stop = item.step, item.start, item.stop
                start = 0 if start is None else start
                step = 1 if step is None else step
                if isinstance(step, (complex, _np.complexfloating)):
                    t = linspace(start, stop, num=int(abs(step)))._t
                else:
                    t = arange(start, stop, step)._t
                if ndmin > 1:
                    t = t.reshape((1,) * (ndmin - t.dim()) + tuple(t.shape))
                    if trans1d != -1:
                        t = t.swapaxes(-1, trans1d)
            elif isinstance(item, str):
                if k != 0:
                    raise ValueError("special directives must be the first entry.")
                if item in ("r", "c"):
                    raise TypeError("np.matrix results ('r'/'c' directives) are unsupported on torchnp")
                if "," in item:
                    vec = item.split(",")
                    try:
                        axis, ndmin = [int(v) for v in vec[:2]]
                        if len(vec) == 3:
                            trans1d = int(vec[2])
                        continue
                    except Exception as exc:
                        raise ValueError(f"unknown special directive {item!r}") from exc
                try:
                    axis = int(item)
                    continue
                except (ValueError, TypeError) as exc:
                    raise ValueError("unknown special directive") from exc
            elif type(item) in (bool, int, float, complex) or isinstance(item, _np.generic):
                scalar = True
                t = tensor(item).reshape((1,) * ndmin)
            else:
                t = tensor(item)
                item_ndim = t.dim()
                if item_ndim < ndmin:
                    t = t.reshape((1,) * (ndmin - item_ndim) + tuple(t.shape))
                    if trans1d != -1:
                        k2 = ndmin - item_ndim
                        k1 = trans1d + k2 + 1 if trans1d < 0 else trans1d
                        defaxes = list(range(ndmin))
                        t = t.permute(*(defaxes[:k1] + defaxes[k2:] + defaxes[k1:k2]))
            objs.append(t)
            kinds.append(item if scalar and type(item) in (bool, int, float, complex) else np_dtype(t))
        if not objs:
            raise ValueError("need at least one array to concatenate")
        dt = _dtypes.to_torch(_dtypes.np_result_type(*kinds))
        _device.check_same(objs)
        return _concat([o.to(dt) for o in objs], axis, None, None, "unsafe")

    def __len__(self):
        return 0


class RClass(AxisConcatenator):
    """``np.r_``: concatenation along the first axis (``numpy.r_``)."""

    def __init__(self):
        super().__init__(0)


class CClass(AxisConcatenator):
    """``np.c_``: concatenation along the second axis of 2-D arrays (``numpy.c_``)."""

    def __init__(self):
        super().__init__(-1, ndmin=2, trans1d=0)


r_ = RClass()
c_ = CClass()
