"""The ufunc methods ``reduce``, ``accumulate``, ``reduceat`` and ``at`` (§5.2).

Fused torch reductions are used where the table names one (``add`` -> sum);
other ufuncs fold with their own elementwise kernel.
"""

import numpy as _np
import torch

from .. import _dtypes
from .._array import _wrap, ndarray
from .._boundary import out_tensor
from .._indexing import select
from .._convert import NOVALUE as _NOVALUE, asarray, normalize_axes, normalize_axis

_reorderable_cache = {}
_dtype_cache = {}


def _reorderable(uf):
    """Whether NumPy lets ``uf.reduce`` regroup (several axes at once): asked of NumPy once."""
    try:
        return _reorderable_cache[uf.__name__]
    except KeyError:
        pass
    ok = uf.identity is not None
    if not ok:
        for t in uf._np.types:
            try:
                with _np.errstate(all="ignore"):
                    uf._np.reduce(_np.ones((1, 1), t[0]), axis=(0, 1))
                ok = True
                break
            except ValueError:
                break
            except TypeError:
                continue
    _reorderable_cache[uf.__name__] = ok
    return ok


def _method_dtype(uf, method, t_dtype, dtype):
    """NumPy's result dtype for ``uf.<method>`` on ``t_dtype`` (asked of NumPy once)."""
    key = (uf.__name__, method, t_dtype, dtype)
    try:
        return _dtype_cache[key]
    except (KeyError, TypeError):
        pass
    probe = _np.ones(2, dtype=_dtypes.TO_NUMPY[t_dtype])
    with _np.errstate(all="ignore"):
        r = getattr(uf._np, method)(probe, dtype=dtype)
    res = _dtypes.to_torch(r.dtype)
    try:
        _dtype_cache[key] = res
    except TypeError:
        pass
    return res


def _fold(uf, t, dim, reorderable, start=None, mask=None):
    """Reduce tensor ``t`` along ``dim`` (kept) with the elementwise kernel of ``uf``.

    Sequential left fold ``((start op x0) op x1) ...`` unless ``reorderable`` (then a tree);
    ``mask`` (broadcast to ``t``) skips elements in the sequential fold.
    """
    k = uf.kernel((t.dtype, t.dtype))
    t = t.movedim(dim, -1)
    if reorderable and mask is None:
        while t.shape[-1] > 1:
            n = t.shape[-1]
            half = n // 2
            head = k(t[..., :half], t[..., half:2 * half])
            t = torch.cat([head, t[..., 2 * half:]], dim=-1) if n % 2 else head
        acc = t
        if start is not None:
            acc = k(start, acc)
        return acc.movedim(-1, dim)
    if mask is not None:
        mask = mask.movedim(dim, -1)
    n = t.shape[-1]
    acc = start if start is not None else t[..., :1]
    for i in range(0 if start is not None else 1, n):
        x = t[..., i:i + 1]
        if mask is None:
            acc = k(acc, x)
        else:  # skipped elements never reach the kernel (integer power would raise on them)
            m = mask[..., i:i + 1]
            acc = torch.where(m, k(acc, torch.where(m, x, torch.ones_like(x))), acc)
    return acc.movedim(-1, dim)


def _fused_reduce(name, t, axes, keepdims):
    if name in ("sum", "amax", "amin", "logsumexp", "all", "any"):
        return getattr(torch, name)(t, dim=axes, keepdim=keepdims)
    if name == "prod":
        for a in sorted(axes, reverse=True):
            t = torch.prod(t, dim=a, keepdim=True)
        return t if keepdims else t.squeeze(axes)
    raise AssertionError(name)


def _fused_ok(uf, t):
    """The table's fused torch reduction applies to this dtype (amax has no complex kernel, ...)."""
    name = uf._reduce
    if name is None:
        return False
    if name in ("amax", "amin"):  # no complex kernels, nor uint16/32/64 ones (NotImplementedError)
        return not t.is_complex() and t.dtype not in _dtypes.PARTIAL
    if name == "logsumexp":
        return t.is_floating_point()
    return True


_reduce_cache = {}


def _reduce_dtype(uf, t, axis, dtype, keepdims, initial):
    """NumPy's result dtype of ``uf.reduce``; NumPy validates on a stand-in of the same dtype with every
    length clipped to 1 (zeros kept): loop/type errors, reorderability, the zero-size error. No data
    is used; the answer is cached per (dtype, shape pattern, arguments)."""
    if isinstance(axis, list):
        axis = tuple(axis)
    shape = tuple(min(n, 1) for n in t.shape)
    key = (uf.__name__, t.dtype, shape, axis, dtype, keepdims, type(initial), initial)
    try:
        return _reduce_cache[key]
    except KeyError:
        pass
    except TypeError:  # unhashable argument: ask NumPy without caching
        key = None
    kw = {} if initial is _NOVALUE else {"initial": initial}
    with _np.errstate(all="ignore"):
        res_np = uf._np.reduce(_np.ones(shape, dtype=_dtypes.TO_NUMPY[t.dtype]), axis=axis, dtype=dtype,
                               keepdims=keepdims, **kw)
    res = _dtypes.to_torch(_np.asarray(res_np).dtype)
    if key is not None:
        if len(_reduce_cache) > 4096:  # bounded: keys include user values (initial=...)
            _reduce_cache.clear()
        _reduce_cache[key] = res
    return res


def reduce(uf, array, axis=0, dtype=None, out=None, keepdims=False, initial=_NOVALUE, where=True):
    if uf.nin != 2 or uf.nout != 1:
        raise ValueError("reduce only supported for binary functions")
    a = array if isinstance(array, ndarray) else asarray(array)
    t = a._t
    axes = normalize_axes(axis, t.dim()) if axis is not None else tuple(range(t.dim()))
    name = uf.__name__
    # with out= and no dtype NumPy keeps the input's loop and casts into out (add: float sum -> int out)
    res_dtype = _reduce_dtype(uf, t, axis, dtype, keepdims, initial)
    reorderable = _reorderable(uf)
    if initial is None:
        initial = _NOVALUE  # as NumPy
    elif initial is not _NOVALUE:  # NumPy converts it with the result dtype's scalar type
        initial = _dtypes.TO_NUMPY[res_dtype].type(initial).item()
    start = uf.identity if initial is _NOVALUE else initial
    mask = None
    if where is not True:
        if start is None:
            raise ValueError(f"reduction operation '{name}' does not have an identity, so to use a where mask "
                             "one has to specify 'initial'")
        mask = where._t if isinstance(where, ndarray) else asarray(where, device=t.device)._t
        if mask.dtype is not torch.bool:
            raise TypeError("Cannot cast array data from dtype('%s') to dtype('bool') according to the rule 'safe'"
                            % _dtypes.TO_NUMPY[mask.dtype])
        mask = torch.broadcast_to(mask, t.shape)
    if t.dtype is not res_dtype:
        t = t.to(res_dtype)
    count = 1
    for ax in axes:
        count *= t.shape[ax]
    start_t = None if start is None or initial is _NOVALUE and where is True and count else \
        torch.full((), start, dtype=res_dtype, device=t.device)
    if count == 0 or not axes:
        shape = [1 if i in axes else n for i, n in enumerate(t.shape)]
        r = t if axes else t.clone()
        if count == 0:
            r = torch.empty(shape, dtype=res_dtype, device=t.device).copy_(start_t)
        elif start is not None:  # axis=(): each element combined with the identity/initial, as NumPy
            if start_t is None:
                start_t = torch.full((), start, dtype=res_dtype, device=t.device)
            r = uf.kernel((res_dtype, res_dtype))(start_t, r).to(res_dtype)
            if mask is not None:
                r = torch.where(mask, r, start_t)
        if not keepdims and axes:
            r = r.squeeze(axes)
    elif reorderable:
        if mask is not None:  # skipped elements become the identity (or the initial value: max/min are idempotent)
            fill = uf.identity if uf.identity is not None else initial
            t = torch.where(mask, t, torch.full((), fill, dtype=res_dtype, device=t.device))
        if _fused_ok(uf, t):  # torch's fused reductions already start from the identity
            r = _fused_reduce(uf._reduce, t, axes, keepdims or initial is not _NOVALUE)
            begin = initial is not _NOVALUE
        else:
            r = t
            for ax in axes:
                r = _fold(uf, r, ax, True)
            begin = start is not None  # NumPy starts from the identity: hypot.reduce([-1.]) is 1.
        if begin:
            if start_t is None:
                start_t = torch.full((), start, dtype=res_dtype, device=t.device)
            r = uf.kernel((res_dtype, res_dtype))(start_t, r)
        if not keepdims and r.dim() == t.dim():
            r = r.squeeze(axes)
    else:  # NumPy allows one axis only here: a sequential left fold from the initial value
        (ax,) = axes
        r = _fold(uf, t, ax, False, start_t, mask)
        if not keepdims:
            r = r.squeeze(ax)
    if r.dtype is not res_dtype:
        r = r.to(res_dtype)
    result = _wrap(r)
    if out is not None:
        return _to_out(result, out)
    return result


def _to_out(result, out):
    if isinstance(out, tuple):
        (out,) = out
    ot = out_tensor(out, result._t.device)
    if tuple(ot.shape) != tuple(result.shape):
        raise ValueError(f"output parameter for reduction operation has the wrong shape: {out.shape} vs {result.shape}")
    ot.copy_(result._t)
    return out


_FUSED_ACC = {"cumsum": torch.cumsum, "cumprod": torch.cumprod,
              "cummax": lambda t, d: torch.cummax(t, d).values,
              "cummin": lambda t, d: torch.cummin(t, d).values,
              "logcumsumexp": torch.logcumsumexp}


def accumulate(uf, array, axis=0, dtype=None, out=None):
    if uf.nin != 2 or uf.nout != 1:
        raise ValueError("accumulate only supported for binary functions")
    a = array if isinstance(array, ndarray) else asarray(array)
    t = a._t
    # NumPy validates on a stand-in (every length clipped to 1): scalar/axis/loop errors, result dtype
    probe = _np.ones(tuple(min(n, 1) for n in t.shape), dtype=_dtypes.TO_NUMPY[t.dtype])
    with _np.errstate(all="ignore"):
        res_dtype = _dtypes.to_torch(uf._np.accumulate(probe, axis=axis, dtype=dtype).dtype)
    if axis is None or isinstance(axis, tuple):
        (axis,) = (0,) if axis is None else axis
    ax = normalize_axis(axis, t.dim())
    t = t.to(res_dtype) if t.dtype is not res_dtype else t
    fused = _FUSED_ACC.get(uf._accumulate)
    if fused is not None and t.shape[ax] and (t.is_floating_point() if uf._accumulate == "logcumsumexp" else
                                              not ((t.is_complex() or t.dtype in _dtypes.PARTIAL)
                                                   and uf._accumulate in ("cummax", "cummin"))):
        r = fused(t, ax)
    else:
        k = uf.kernel((t.dtype, t.dtype))
        parts = list(t.unbind(ax))
        for i in range(1, len(parts)):
            parts[i] = k(parts[i - 1], parts[i])
        r = torch.stack(parts, ax) if parts else t.clone()
    r = r.to(res_dtype) if r.dtype is not res_dtype else r
    result = _wrap(r)
    return _to_out(result, out) if out is not None else result


def reduceat(uf, array, indices, axis=0, dtype=None, out=None):
    a = asarray(array)
    t = a._t
    ax = normalize_axis(axis, t.dim())
    # host copy of the indices: they choose the slices (Python-level segment boundaries)
    idx = [int(i) for i in (indices.tolist() if isinstance(indices, ndarray) else _np.asarray(indices).ravel())]
    n = t.shape[ax]
    for i in idx:
        if not 0 <= i < n:
            raise IndexError(f"index {i} out-of-bounds in {uf.__name__}.reduceat [0, {n})")
    parts = []
    for j, start in enumerate(idx):
        stop = idx[j + 1] if j + 1 < len(idx) else n
        if start < stop:
            seg = _wrap(t.narrow(ax, start, stop - start))
            parts.append(reduce(uf, seg, ax, dtype)._t)
        else:
            seg = t.select(ax, start)
            res = _method_dtype(uf, "reduce", t.dtype, dtype)
            parts.append(seg.to(res))
    result = _wrap(torch.stack(parts, ax))
    return _to_out(result, out) if out is not None else result


_SCATTER = {"add": None, "subtract": None, "multiply": "prod", "maximum": "amax", "minimum": "amin"}


def _occurrence(pos):
    """For each entry of ``pos``, how many earlier entries name the same position (0, 1, ...)."""
    order = torch.argsort(pos, stable=True)
    sp = pos[order]
    idx = torch.arange(pos.numel(), device=pos.device)
    new = torch.ones_like(sp, dtype=torch.bool)
    new[1:] = sp[1:] != sp[:-1]
    start = torch.cummax(torch.where(new, idx, torch.zeros_like(idx)), 0).values
    rank = torch.empty_like(idx)
    rank[order] = idx - start
    return rank


def at(uf, a, indices, b=None):
    if not isinstance(a, ndarray):
        raise TypeError("ufunc.at: the first argument must be a torchnp array (ufunc.at works in place)")
    if uf.nout != 1:
        raise ValueError("Only single output ufuncs supported at this time")
    if uf.nin == 1 and b is not None:
        raise ValueError("second operand provided when ufunc is unary")
    if uf.nin == 2 and b is None:
        raise ValueError("second operand needed for ufunc")
    t = a._t
    positions = torch.arange(t.numel(), device=t.device).reshape(t.shape)
    sel = select(_wrap(positions), indices)
    pos = sel.reshape(-1)
    flat = t.reshape(-1)  # a view of t when contiguous; otherwise written back below
    vals = None
    if b is not None:
        vals = (b if isinstance(b, ndarray) else asarray(b, device=t.device))._t
        try:
            vals = torch.broadcast_to(vals, sel.shape).reshape(-1)
        except RuntimeError:
            from ._ufunc import broadcast_error

            raise broadcast_error([tuple(vals.shape), tuple(sel.shape)]) from None
        if vals.untyped_storage().data_ptr() == t.untyped_storage().data_ptr():
            vals = vals.clone()  # ``b`` views ``a`` (np.add.at(a, i, a[4:])): read it before writing
    name = uf.__name__
    loop = None if vals is None else uf._np.resolve_dtypes(
        (_dtypes.TO_NUMPY[t.dtype], _dtypes.TO_NUMPY[vals.dtype], None))[-1]
    if (name in _SCATTER and loop == _dtypes.TO_NUMPY[t.dtype] and t.dtype is not torch.bool
            and not t.is_complex()):
        v = vals.to(t.dtype)
        if _SCATTER[name] is None:  # repeated indices accumulate: one fused scatter-add
            flat.index_put_((pos,), -v if name == "subtract" else v, accumulate=True)
        else:
            flat.scatter_reduce_(0, pos, v, _SCATTER[name], include_self=True)
    elif pos.numel():
        rank = _occurrence(pos)
        # host sync: the number of sequential rounds is the largest repeat count of an index
        for r in range(int(rank.max()) + 1):
            m = rank == r
            p = pos[m]
            x = _wrap(flat[p])
            y = uf(x) if vals is None else uf(x, _wrap(vals[m]))
            flat[p] = y._t.to(t.dtype)  # NumPy's ufunc.at casts the result back unsafely
    if flat.data_ptr() != t.data_ptr() or not t.is_contiguous():
        t.copy_(flat.view(t.shape))
