"""Dask registration: dask arrays whose chunks and ``_meta`` are torchnp arrays.

Dask finds array-type specific code through dispatch tables
(``dask.array.dispatch.*_lookup``) and a registry of chunk types to which it does not
defer. :func:`register` fills them for ``torchnp.ndarray``; it runs once, when
``dask.array`` is imported (before or after torchnp), without torchnp importing dask
itself: ``import torchnp`` stays as fast as without Dask (see ``_interop/__init__.py``).

This is the path beyond one machine: a ``dask.distributed`` cluster with one device per
worker, as RAPIDS does with CuPy. torchnp arrays pickle with dtype and device kept.
"""

import threading

import numpy as _np

__all__ = ["register"]

_lock = threading.Lock()
_done = False
#: the torchnp namespace (its declared functions), given to :func:`register`: this adapter is
#: loaded by the namespace, so it does not import it (§7: imports form a DAG)
_tn = None


def _numel(x, **kwargs):
    """Element count as a torchnp array on x's device (dask's ``_numel_arraylike``)."""
    shape = x.shape
    keepdims = kwargs.get("keepdims", False)
    axis = kwargs.get("axis")
    dtype = kwargs.get("dtype", _np.float64)
    if axis is None:
        n = 1
        for s in shape:
            n *= s
        new_shape = (1,) * len(shape) if keepdims else ()
    else:
        axes = [a % len(shape) for a in (axis if isinstance(axis, (tuple, list)) else [axis])]
        n = 1
        for a in axes:
            n *= shape[a]
        new_shape = tuple(1 if d in axes else s for d, s in enumerate(shape) if keepdims or d not in axes)
    return _tn.full(new_shape, n, dtype=dtype, device=x.device)


def _nannumel(x, **kwargs):
    return _tn.sum(~_tn.isnan(x), **kwargs)


def _einsum(*args, **kwargs):
    kwargs.pop("casting", None)  # dask passes NumPy's einsum options torchnp does not take
    kwargs.pop("order", None)
    return _tn.einsum(*args, **kwargs)


def _percentile(a, q, method="linear"):
    n = len(a)
    if not n:
        return None, n
    q = _tn.asarray(_np.asarray(q), device=a.device)  # explicit: q is small host data from dask
    return _tn.percentile(a, q, method=method), n


def _normalize_token(x):
    """Dask token: the data's hash on the CPU (zero-copy, as for numpy arrays); elsewhere a
    unique token, as Dask gives objects it cannot hash, rather than a hidden device->host copy."""
    try:
        from dask.tokenize import normalize_token
    except ImportError:  # dask < 2024.2
        from dask.base import normalize_token

    if x.device.type == "cpu":
        return ("torchnp.ndarray", normalize_token(x.to_numpy()))
    import uuid

    return ("torchnp.ndarray", str(x.device), uuid.uuid4().hex)


def _device_index(x, index):
    """Dask computes fancy-index arrays on the host (NumPy); move them explicitly to the
    chunk's device (small index data, never the chunk itself), as torchnp refuses hidden
    host->device copies of numpy.ndarray operands (§3.3)."""
    if isinstance(index, _np.ndarray):
        return _tn.asarray(index, device=x.device)
    if isinstance(index, tuple):
        return tuple(_tn.asarray(i, device=x.device) if isinstance(i, _np.ndarray) else i for i in index)
    return index


def _take(a, indices, axis=None, **kwargs):
    return _tn.take(a, _device_index(a, indices), axis=axis, **kwargs)


def _shuffle_getitem(obj, index):
    """``dask.array._shuffle._getitem`` (fancy indexing, ``take``) with device indices."""
    if isinstance(obj, _tn.ndarray):
        from dask.array.chunk import getitem

        return getitem(obj, _device_index(obj, index[1]))
    return _ORIGINAL["_shuffle_getitem"](obj, index)


def _to_numpy(x, **kwargs):
    return x.to_numpy()


_ORIGINAL = {}  # the dask functions wrapped here, by name


def _arg_combine(data, axis, argfunc, keepdims=False):
    """dask's ``_arg_combine`` indexes with ``numpy.ogrid`` (host arrays), which torchnp
    rejects (§3.3); for torchnp chunks take along the axis on the device instead."""
    vals = data["vals"] if isinstance(data, dict) else None
    if not isinstance(vals, _tn.ndarray):
        return _ORIGINAL["_arg_combine"](data, axis, argfunc, keepdims=keepdims)
    arg = data["arg"]
    axis = None if len(axis) == vals.ndim or vals.ndim == 1 else axis[0]
    if axis is None:
        local = argfunc(vals, axis=None, keepdims=keepdims)
        return arg.ravel()[local], vals.ravel()[local]
    local = _tn.expand_dims(argfunc(vals, axis=axis), axis)
    vals = _tn.take_along_axis(vals, local, axis=axis)
    arg = _tn.take_along_axis(arg, local, axis=axis)
    if not keepdims:
        vals, arg = _tn.squeeze(vals, axis), _tn.squeeze(arg, axis)
    return arg, vals


def register(namespace):
    """Register ``torchnp.ndarray`` with Dask's array dispatch, the chunk functions taken from
    ``namespace`` (the ``torchnp`` module; idempotent, thread-safe)."""
    global _done, _tn
    if _done:
        return
    with _lock:
        if _done:
            return
        import dask.array.reductions as reductions
        from dask.array import backends  # noqa: F401  (the numpy defaults go in first)
        from dask.array import chunk_types, dispatch

        _tn = namespace
        T = _tn.ndarray
        if T not in chunk_types._HANDLED_CHUNK_TYPES:
            chunk_types.register_chunk_type(T)
        dispatch.concatenate_lookup.register(T, _tn.concatenate)
        dispatch.take_lookup.register(T, _take)
        dispatch.tensordot_lookup.register(T, _tn.tensordot)
        dispatch.einsum_lookup.register(T, _einsum)
        dispatch.empty_lookup.register(T, _tn.empty)
        dispatch.divide_lookup.register(T, _tn.divide)
        dispatch.numel_lookup.register(T, _numel)
        dispatch.nannumel_lookup.register(T, _nannumel)
        dispatch.percentile_lookup.register(T, _percentile)
        dispatch.to_numpy_dispatch.register(T, _to_numpy)
        try:
            from dask.tokenize import normalize_token
        except ImportError:  # dask < 2024.2
            from dask.base import normalize_token
        normalize_token.register(T, _normalize_token)
        # two private dask helpers index chunks with host (numpy) arrays: wrap them so that
        # torchnp chunks stay on their device; other chunk types still run dask's own code
        if reductions._arg_combine is not _arg_combine:
            _ORIGINAL["_arg_combine"] = reductions._arg_combine
            reductions._arg_combine = _arg_combine
        try:
            from dask.array import _shuffle
        except ImportError:  # older dask: fancy indexing goes through take_lookup only
            _shuffle = None
        if hasattr(_shuffle, "_getitem") and _shuffle._getitem is not _shuffle_getitem:
            _ORIGINAL["_shuffle_getitem"] = _shuffle._getitem
            _shuffle._getitem = _shuffle_getitem
        _done = True
