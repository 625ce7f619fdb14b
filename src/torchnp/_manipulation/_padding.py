"""Padding arrays (NumPy docs: "Padding arrays"): ``pad`` with every NumPy mode.

Each axis is padded in turn (as NumPy does, so later axes see earlier padding).
Index-like modes (edge, wrap, reflect, symmetric) are one ``index_select`` per
axis with a closed-form index map; 'odd' reflections add the linear drift.
"""

import numpy as _np
import torch

from .. import _dtypes
from .._array import _wrap, ndarray
from .._sorting._sort import sort_tensor
from .._ufuncs._methods import _complex_extreme
from ._common import cast_tensor, tensor

__all__ = ["pad"]

_MODES = {
    "constant": ("constant_values",), "edge": (), "linear_ramp": ("end_values",),
    "maximum": ("stat_length",), "mean": ("stat_length",), "median": ("stat_length",),
    "minimum": ("stat_length",), "reflect": ("reflect_type",), "symmetric": ("reflect_type",),
    "wrap": (), "empty": (),
}


def _host(x):
    return x.tolist() if isinstance(x, ndarray) else x  # pad widths / fill values: metadata


def _item(e):
    return e.item() if isinstance(e, _np.generic) else e  # (an object array's element: a Python int past int64)


_SIGNED = (torch.int8, torch.int16, torch.int32, torch.int64)


def _as_written(v, dt):
    """A pad constant as NumPy writes it: a NumPy scalar of ``np.array(constant_values)`` assigned into
    torch dtype ``dt``, which for signed integers goes through Python's ``int`` (NaN: ValueError, inf or
    out of bounds: OverflowError; NumPy wraps into unsigned ones); a Python int past int64 as Python's."""
    if type(v) not in (int, float):
        return v
    if dt.is_floating_point or dt.is_complex or dt is torch.bool:
        return v if type(v) is float or -2**63 <= v < 2**63 else float(v)  # (torch takes no int past int64)
    if dt in _SIGNED or (type(v) is int and not -2**63 <= v < 2**64):
        iv = int(v)
        info = _np.iinfo(_dtypes.TO_NUMPY[dt])
        if not info.min <= iv <= info.max:
            raise OverflowError(f"Python integer {iv} out of bounds for {_dtypes.TO_NUMPY[dt]}")
        return iv
    return v


@_dtypes.trace_constant  # pad widths are metadata: computed once while tracing (§6.1)
def _as_pairs(x, ndim, as_index=False):
    """NumPy's ``_as_pairs``: broadcast ``x`` to ``ndim`` (before, after) pairs."""
    if x is None:
        return ((None, None),) * ndim
    x = _np.array(_host(x))
    if as_index:
        x = _np.round(x).astype(_np.intp, copy=False)
    if x.ndim < 3:
        if x.size == 1:
            x = x.ravel()
            if as_index and x[0] < 0:
                raise ValueError("index can't contain negative values")
            return ((_item(x[0]), _item(x[0])),) * ndim
        if x.size == 2 and x.shape != (2, 1):
            x = x.ravel()
            if as_index and (x[0] < 0 or x[1] < 0):
                raise ValueError("index can't contain negative values")
            return ((_item(x[0]), _item(x[1])),) * ndim
    if as_index and x.min() < 0:
        raise ValueError("index can't contain negative values")
    return tuple(tuple(p) for p in _np.broadcast_to(x, (ndim, 2)).tolist())


@_dtypes.trace_constant  # Python numbers: metadata, computed once while tracing (§6.1)
def _written_pairs(x, ndim, dt):
    return tuple((_as_written(b, dt), _as_written(a, dt)) for b, a in _as_pairs(x, ndim))


def _value_pairs(x, t, written=False):
    """``constant_values``/``end_values`` as ``_as_pairs`` gives them (``written``: the constants as NumPy
    writes them, ``_as_written``); an array (values, not metadata) stays on ``t``'s device as 0-d
    tensors: no host read (§3.5), no implicit move (§3.2)."""
    if not isinstance(x, (ndarray, _np.ndarray)):
        return _written_pairs(x, t.dim(), t.dtype) if written else _as_pairs(x, t.dim())
    v = tensor(x, t.device)
    if v.numel() == 1 or (v.numel() == 2 and tuple(v.shape) != (2, 1)):
        v = v.reshape(1, -1)
    try:
        v = torch.broadcast_to(v, (t.dim(), 2))
    except RuntimeError:
        shape = "(" + ",".join(map(str, v.shape)) + ("," if v.dim() == 1 else "") + ")"
        raise ValueError("operands could not be broadcast together with remapped shapes [original->remapped]: "
                         f"{shape}  and requested shape ({t.dim()},2)") from None
    return tuple((v[i, 0], v[i, 1]) for i in range(t.dim()))


def _view_shape(t, axis, n):
    s = [1] * t.dim()
    s[axis] = n
    return s


def _fill(t, axis, width, value):
    shape = list(t.shape)
    shape[axis] = width
    return cast_tensor(value, t.dtype).expand(shape) if isinstance(value, torch.Tensor) else \
        cast_tensor(torch.tensor(value, device=t.device), t.dtype).expand(shape)


def _index_map(mode, i, n):
    if mode == "edge" or (mode == "reflect" and n == 1):
        return i.clamp(0, n - 1)
    if mode == "wrap":
        return i.remainder(n)
    period = 2 * (n - 1) if mode == "reflect" else 2 * n
    r = i.remainder(period)
    return torch.where(r < n, r, (period - r) if mode == "reflect" else (period - 1 - r))


def _stat(mode, region, axis, dt):
    if region.is_complex() and mode in ("maximum", "minimum"):
        # torch has no complex amax: NumPy's lexicographic order, the first NaN propagates
        r = _complex_extreme(region.movedim(axis, -1), mode == "maximum", False)
        return r.unsqueeze(axis)
    if region.is_complex() and mode == "median":
        # NumPy's median: the lexicographic sort (NaNs last), the mean of the middle two, or the
        # last sorted value where that is a NaN (numpy's _median_nancheck copies it)
        s = sort_tensor(region, axis)
        m = s.shape[axis]
        last = s.narrow(axis, m - 1, 1)
        v = (s.narrow(axis, (m - 1) // 2, 1) + s.narrow(axis, m // 2, 1)) / 2
        return torch.where(torch.isnan(last), last, v)
    if mode == "maximum":
        return region.amax(axis, keepdim=True)
    if mode == "minimum":
        return region.amin(axis, keepdim=True)
    fdt = region.dtype if (region.is_floating_point() or region.is_complex()) else torch.float64
    r = region.to(fdt)
    if mode == "mean":
        v = r.mean(axis, keepdim=True)
    else:
        s = r.sort(axis).values
        m = s.shape[axis]
        v = (s.narrow(axis, (m - 1) // 2, 1) + s.narrow(axis, m // 2, 1)) / 2
        v = torch.where(torch.isnan(r).any(axis, keepdim=True), torch.nan, v)
    if not (dt.is_floating_point or dt.is_complex):
        v = v.round()
    return cast_tensor(v, dt)


def _pad_axis(t, axis, before, after, mode, kw):
    n = t.shape[axis]
    if mode == "empty":
        return torch.cat([_fill(t, axis, before, 0), t, _fill(t, axis, after, 0)], axis)
    if mode == "constant":
        b, a = kw["constant_values"][axis]
        return torch.cat([_fill(t, axis, before, b), t, _fill(t, axis, after, a)], axis)
    if mode in ("edge", "wrap", "reflect", "symmetric"):
        i = torch.arange(-before, n + after, device=t.device)
        out = t.index_select(axis, _index_map(mode, i, n))
        if kw.get("reflect_type", "even") == "odd" and mode in ("reflect", "symmetric") and n > 1:
            period = 2 * (n - 1) if mode == "reflect" else 2 * n
            q = torch.div(i, period, rounding_mode="floor").reshape(_view_shape(t, axis, i.numel()))
            r = i.remainder(period).reshape(q.shape)
            first, last = t.narrow(axis, 0, 1), t.narrow(axis, n - 1, 1)
            base = torch.where(r < n, out, 2 * last - out) if t.dtype is not torch.bool else out
            out = base + (2 * q * (last - first)).to(t.dtype) if t.dtype is not torch.bool else out
        return out
    if mode == "linear_ramp":
        b, a = kw["end_values"][axis]
        parts = []
        for width, end, edge, flip in ((before, b, t.narrow(axis, 0, 1), False),
                                       (after, a, t.narrow(axis, n - 1, 1), True)):
            if not width:
                parts.append(t.narrow(axis, 0, 0))
                continue
            ct = edge.dtype if (edge.is_floating_point() or edge.is_complex()) else torch.float64
            k = torch.arange(width, device=t.device, dtype=torch.float64).reshape(_view_shape(t, axis, width))
            e = edge.to(ct)
            ramp = end + k.to(ct) * ((e - end) / width)
            if not (t.is_floating_point() or t.is_complex()):
                ramp = ramp.floor()
            ramp = cast_tensor(ramp, t.dtype)
            parts.append(ramp.flip(axis) if flip else ramp)
        return torch.cat([parts[0], t, parts[1]], axis)
    # statistic modes
    lens = kw["stat_length"][axis]
    parts = []
    for width, sl, left in ((before, lens[0], True), (after, lens[1], False)):
        m = n if sl is None else min(int(sl), n)
        if m == 0 and width and mode in ("maximum", "minimum"):
            raise ValueError("stat_length of 0 yields no value for padding")
        region = t.narrow(axis, 0 if left else n - m, m)
        parts.append(_fill(t, axis, width, _stat(mode, region, axis, t.dtype)) if width else
                     _fill(t, axis, 0, 0))
    return torch.cat([parts[0], t, parts[1]], axis)


def pad(array, pad_width, mode="constant", **kwargs):
    """Pad an array (``numpy.pad``): every NumPy mode, or a callable ``mode(vector, iaxis_pad_width, iaxis, kwargs)``."""
    t = tensor(array)
    nd = t.dim()
    widths = _as_pairs(pad_width, nd, as_index=True)
    if callable(mode):
        out = t
        for axis in range(nd):
            out = _pad_axis(out, axis, widths[axis][0], widths[axis][1], "constant",
                            {"constant_values": ((0, 0),) * nd})
        res = _wrap(out)
        from ._functional import ndindex

        for axis in range(nd):
            view = _wrap(torch.movedim(out, axis, -1))
            for ind in ndindex(view.shape[:-1]):
                mode(view[ind], widths[axis], axis, kwargs)  # a Python loop, as in NumPy
        return res
    if mode not in _MODES:
        raise ValueError(f"mode '{mode}' is not supported")
    unsupported = set(kwargs) - set(_MODES[mode])
    if unsupported:
        raise ValueError(f"unsupported keyword arguments for mode '{mode}': {unsupported}")
    kw = {}
    if mode == "constant":
        kw["constant_values"] = _value_pairs(kwargs.get("constant_values", 0), t, written=True)
    elif mode == "linear_ramp":
        kw["end_values"] = _value_pairs(kwargs.get("end_values", 0), t)
    elif mode in ("maximum", "mean", "median", "minimum"):
        kw["stat_length"] = _as_pairs(kwargs.get("stat_length"), nd, as_index=True)
    elif mode in ("reflect", "symmetric"):
        rt = kwargs.get("reflect_type", "even")
        if rt not in ("even", "odd"):
            raise ValueError("reflect_type must be 'even' or 'odd'")
        kw["reflect_type"] = rt
    if mode not in ("constant", "empty"):
        for axis in range(nd):
            if t.shape[axis] == 0 and any(widths[axis]):
                raise ValueError(f"can't extend empty axis {axis} using modes other than 'constant' or 'empty'")
        if t.numel() == 0:
            shape = [s + b + a for s, (b, a) in zip(t.shape, widths)]
            return _wrap(torch.zeros(shape, dtype=t.dtype, device=t.device))
    out = t
    for axis in range(nd):
        b, a = widths[axis]
        if b or a or mode == "constant":
            out = _pad_axis(out, axis, b, a, mode, kw)
    return _wrap(out if out is not t else t.clone())
