"""The ufunc methods ``reduce``, ``accumulate``, ``reduceat`` and ``at`` (§5.2).

Fused torch reductions are used where the table names one (``add`` -> sum);
other ufuncs fold with their own elementwise kernel.
"""

import numpy as _np
import torch

from .. import _dtypes
from .._array import _wrap, ndarray
from .._convert import asarray, normalize_axes, normalize_axis

_NOVALUE = _np._NoValue
#: ufuncs whose reduction may be regrouped (tree fold, several axes at once)
_REORDERABLE = frozenset({
    "add", "multiply", "maximum", "minimum", "fmax", "fmin", "logical_and", "logical_or",
    "logical_xor", "bitwise_and", "bitwise_or", "bitwise_xor", "gcd", "lcm", "logaddexp",
    "logaddexp2", "hypot"})
_dtype_cache = {}


def _method_dtype(uf, method, t_dtype, dtype):
    """NumPy's result dtype for ``uf.<method>`` on ``t_dtype`` (asked of NumPy once)."""
    key = (uf.__name__, method, t_dtype, dtype)
    try:
        return _dtype_cache[key]
    except KeyError:
        pass
    np_dtype = None if dtype is None else _dtypes.TO_NUMPY[_dtypes.to_torch(dtype)]
    probe = _np.ones(2, dtype=_dtypes.TO_NUMPY[t_dtype])
    with _np.errstate(all="ignore"):
        r = getattr(uf._np, method)(probe, dtype=np_dtype)
    res = _dtype_cache[key] = _dtypes.to_torch(r.dtype)
    return res


def _fold(uf, t, dim, reorderable):
    """Reduce tensor ``t`` along ``dim`` (kept) with the elementwise kernel of ``uf``."""
    k = uf.kernel((t.dtype, t.dtype))
    t = t.movedim(dim, -1)
    if reorderable:
        while t.shape[-1] > 1:
            n = t.shape[-1]
            half = n // 2
            head = k(t[..., :half], t[..., half:2 * half])
            t = torch.cat([head, t[..., 2 * half:]], dim=-1) if n % 2 else head
    else:
        acc = t[..., :1]
        for i in range(1, t.shape[-1]):
            acc = k(acc, t[..., i:i + 1])
        t = acc
    return t.movedim(-1, dim)


def _fused_reduce(name, t, axes, keepdims):
    if name == "sum":
        return torch.sum(t, dim=axes, keepdim=keepdims)
    if name in ("amax", "amin", "logsumexp"):
        return getattr(torch, name)(t, dim=axes, keepdim=keepdims)
    if name in ("all", "any"):
        return getattr(torch, name)(t, dim=axes, keepdim=keepdims)
    if name == "prod":
        for a in sorted(axes, reverse=True):
            t = torch.prod(t, dim=a, keepdim=True)
        return t if keepdims else t.squeeze(axes)
    raise AssertionError(name)


def reduce(uf, array, axis=0, dtype=None, out=None, keepdims=False, initial=_NOVALUE, where=True):
    if uf.nin != 2 or uf.nout != 1:
        raise ValueError("reduce only supported for binary functions")
    a = asarray(array)
    t = a._t
    axes = normalize_axes(axis, t.dim()) if axis is not None else tuple(range(t.dim()))
    name = uf.__name__
    reorderable = name in _REORDERABLE
    if len(axes) > 1 and not reorderable:
        raise ValueError(f"reduction operation '{name}' is not reorderable, so at most one axis may be specified")
    res_dtype = _method_dtype(uf, "reduce", t.dtype, dtype)
    count = 1
    for ax in axes:
        count *= t.shape[ax]
    identity = uf.identity if initial is _NOVALUE else initial
    if where is not True:
        if identity is None:
            raise ValueError(f"reduction operation '{name}' does not have an identity, so to use a where mask one has to specify 'initial'")
        mask = asarray(where)._t
        t = torch.where(mask, t, torch.tensor(identity, dtype=t.dtype, device=t.device))
    if count == 0 and identity is None:
        raise ValueError(f"zero-size array to reduction operation {name} which has no identity")
    t = t.to(res_dtype) if t.dtype is not res_dtype and name not in ("logical_and", "logical_or") else t
    if not axes:
        r = t.clone()
    elif count == 0:
        shape = [1 if i in axes else s for i, s in enumerate(t.shape)] if keepdims else \
            [s for i, s in enumerate(t.shape) if i not in axes]
        r = torch.full(shape, identity, dtype=res_dtype, device=t.device)
        initial = _NOVALUE
    elif uf._reduce is not None and (name != "logaddexp" or t.is_floating_point()):
        r = _fused_reduce(uf._reduce, t, axes, keepdims)
    else:
        r = t
        for ax in sorted(axes, reverse=True):
            r = _fold(uf, r, ax, reorderable)
        if not keepdims:
            r = r.squeeze(axes)
    if r.dtype is not res_dtype:
        r = r.to(res_dtype)
    result = _wrap(r)
    if initial is not _NOVALUE and initial is not None:
        result = uf(result, initial)
        if result._t.dtype is not res_dtype:
            result = _wrap(result._t.to(res_dtype))
    if out is not None:
        return _to_out(result, out)
    return result


def _to_out(result, out):
    if isinstance(out, tuple):
        (out,) = out
    if not isinstance(out, ndarray):
        raise TypeError("output must be a torchnp array")
    if tuple(out.shape) != tuple(result.shape):
        raise ValueError(f"output parameter for reduction operation has the wrong shape: {out.shape} vs {result.shape}")
    out._t.copy_(result._t)
    return out


_FUSED_ACC = {"cumsum": torch.cumsum, "cumprod": torch.cumprod,
              "cummax": lambda t, d: torch.cummax(t, d).values,
              "cummin": lambda t, d: torch.cummin(t, d).values,
              "logcumsumexp": torch.logcumsumexp}


def accumulate(uf, array, axis=0, dtype=None, out=None):
    if uf.nin != 2 or uf.nout != 1:
        raise ValueError("accumulate only supported for binary functions")
    a = asarray(array)
    t = a._t
    if t.dim() == 0:
        raise ValueError("cannot accumulate on a scalar")
    if axis is None or isinstance(axis, tuple):
        raise TypeError("an integer is required for the axis")
    ax = normalize_axis(axis, t.dim())
    res_dtype = _method_dtype(uf, "accumulate", t.dtype, dtype)
    t = t.to(res_dtype) if t.dtype is not res_dtype else t
    fused = _FUSED_ACC.get(uf._accumulate)
    if fused is not None and t.shape[ax] and (uf._accumulate != "logcumsumexp" or t.is_floating_point()):
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
    idx = [int(i) for i in asarray(indices).tolist()]
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


def at(uf, a, indices, b=None):
    if not isinstance(a, ndarray):
        raise TypeError("ufunc.at: the first argument must be a torchnp array")
    t = a._t
    positions = torch.arange(t.numel(), device=t.device).reshape(t.shape)
    pos = _wrap(positions)[indices]._t.reshape(-1)
    flat = t.view(-1) if t.is_contiguous() else t.reshape(-1).clone()
    if uf.nin == 1:
        if b is not None:
            raise ValueError("second operand needed for ufunc")
        for p in pos.tolist():
            flat[p] = uf(_wrap(flat[p]))._t
    else:
        if b is None:
            raise ValueError("second operand needed for ufunc")
        vals = asarray(b, device=t.device)._t
        vals = torch.broadcast_to(vals, _wrap(positions)[indices].shape).reshape(-1)
        name = uf.__name__
        if name in ("add", "subtract") and not t.dtype is torch.bool:
            v = vals.to(t.dtype)
            flat.index_put_((pos,), -v if name == "subtract" else v, accumulate=True)
        elif name in ("maximum", "minimum", "multiply") and t.dtype.is_floating_point is not None:
            reduce_ = {"maximum": "amax", "minimum": "amin", "multiply": "prod"}[name]
            flat.scatter_reduce_(0, pos, vals.to(t.dtype), reduce_, include_self=True)
        else:
            for p, v in zip(pos.tolist(), vals.unbind(0)):
                r = uf(_wrap(flat[p]), _wrap(v))._t
                flat[p] = r.to(t.dtype)
    if not t.is_contiguous():
        t.copy_(flat.view(t.shape))
