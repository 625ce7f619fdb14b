"""Extrema: max/min/amax/amin, argmax/argmin, ptp and the nan* versions (NumPy "Extrema finding")."""

import numpy as _np
import torch

from .. import _cpu_kernels, _threaded
from .._array import _wrap, ndarray, result
from .._boundary import out_tensor
from .._ufuncs import fmax, fmin, maximum, minimum, subtract
from .._ufuncs._methods import UNSIGNED_WIDE, _complex_extreme, reduce as _reduce, to_ordered
from ._common import NOVALUE, axes_of, checks_data, finish, legacy_0d, tensor, warn_if

__all__ = ["max", "min", "amax", "amin", "argmax", "argmin", "ptp",
           "nanmax", "nanmin", "nanargmax", "nanargmin"]

#: dtypes whose plain max/min is one torch call
_FAST = frozenset({torch.int8, torch.int16, torch.int32, torch.int64, torch.uint8, torch.float16,
                   torch.bfloat16, torch.float32, torch.float64})

#: the torch kernel of plain ``max``/``min`` over all axes (issue 27): ``torch.amax``/``amin`` (the
#: reduction kernel) or ``torch.max``/``min`` (``max_all``: the call raw torch's ``t.max()`` makes,
#: 1.76 ms against torchnp's 1.97 for 8*10^6 float64 in the idle run of 2026-11-27, equal on one
#: thread). The same values: a NaN gives NaN, and which of 0.0 and -0.0 comes out is unspecified in
#: either (NumPy's SIMD loop too). The idle run of ``python benchmarks/candidates.py --only max`` decides
WHOLE = {"max": torch.amax, "min": torch.amin}
#: elements from which plain max/min over all axes asks ``_cpu_kernels.KERNELS["extreme"]``
_PARTS_FROM = 2 * _threaded.MIN_PART


def _minmax(kind, nan=False, name=None):
    """max/min/amax/amin and nanmax/nanmin: ``maximum.reduce`` / ``minimum.reduce`` (``fmax`` /
    ``fmin`` for the nan versions, as NumPy) with NumPy's defaults: the engine of ``_ufuncs._methods``."""
    uf = (fmax if kind == "max" else fmin) if nan else (maximum if kind == "max" else minimum)
    fast = torch.amax if kind == "max" else torch.amin
    name = name or ("nan" if nan else "") + kind

    def func(a, axis=None, out=None, keepdims=False, initial=NOVALUE, where=True):
        if type(a) is ndarray and out is None and initial is NOVALUE and where is True and not nan \
                and a._d in _FAST:
            # what the engine's kernel computes, without its bookkeeping (§7)
            t = a._t
            if axis is None and not keepdims and t.numel():
                if t.numel() >= _PARTS_FROM:  # NumPy's loop in parts where _threaded.EXTREMA_PARTS is on
                    k = _cpu_kernels.numpy_kernel("extreme", t)
                    r = k(t.numpy(), kind) if k is not None else None
                    if r is not None:
                        return _wrap(torch.from_numpy(_np.asarray(r)))
                return _wrap(WHOLE[kind](t))
            if type(axis) is int and -t.dim() <= axis < t.dim() and t.shape[axis] and \
                    (keepdims is False or keepdims is True):
                return _wrap(fast(t, axis, keepdims))
        t = tensor(a)
        if t.dim() == 0 and axis is not None:
            legacy_0d(axis)
            axis = None
        if not nan:
            return uf.reduce(_wrap(t), axis=axis, out=out, keepdims=keepdims, initial=initial, where=where)
        r = _reduce(uf, _wrap(t), axis, None, out, keepdims, initial, where)
        if t.is_floating_point() or t.is_complex():
            rt = r._t if isinstance(r, ndarray) else out_tensor(r, t.device)  # out= a numpy.ndarray (§3.3)
            warn_if(torch.isnan(rt), "All-NaN slice encountered")
        return r if out is not None else result(r)  # one value is NumPy's scalar (§1.3)

    func.__name__ = func.__qualname__ = name
    func.__doc__ = f"{'Maximum' if kind == 'max' else 'Minimum'} of an array or along an axis" \
                   f"{', ignoring NaNs' if nan else ''} (mirrors ``numpy.{name}``)."
    return func


max = _minmax("max")  # noqa: A001
min = _minmax("min")  # noqa: A001
amax = _minmax("max", name="amax")
amin = _minmax("min", name="amin")
nanmax = _minmax("max", nan=True)
nanmin = _minmax("min", nan=True)


def _argext(kind, nan=False):
    name = ("nan" if nan else "") + "arg" + kind

    def func(a, axis=None, out=None, *, keepdims=False):
        t = tensor(a)
        nd = t.dim()
        if t.dim() == 0 and axis is not None and not isinstance(axis, (tuple, list)):
            legacy_0d(axis)
            axis = None
        if axis is None:
            flat = t.reshape(-1)
            ax = 0
        else:
            (ax,) = axes_of(axis, nd) if not isinstance(axis, (tuple, list)) else (_bad_axis(axis),)
            flat = t
        if flat.shape[ax] == 0:
            raise ValueError(f"attempt to get arg{kind} of an empty sequence")
        k = None if nan else _cpu_kernels.numpy_kernel("arg" + kind, t)
        if k is not None:  # host data: NumPy's loop (its answer on ties and NaNs, in its time)
            return finish(_cpu_kernels.run(k, t, None if axis is None else ax, keepdims), out)
        if flat.dtype is torch.bool:
            flat = flat.to(torch.uint8)
        elif flat.dtype in UNSIGNED_WIDE:
            flat = to_ordered(flat)
        if nan and (flat.is_floating_point() or flat.is_complex()):
            isnan = torch.isnan(flat)
            # NumPy raises for all-NaN slices: a data-dependent exception, a sync (§3.5)
            if checks_data(isnan) and bool(isnan.all(dim=ax).any()):
                raise ValueError("All-NaN slice encountered")
            fill = -torch.inf if kind == "max" else torch.inf
            flat = torch.where(isnan, fill, flat)
        if flat.is_complex():
            ext = _complex_extreme(flat.movedim(ax, -1), kind == "max", False).unsqueeze(-1).movedim(-1, ax)
            # the first element equal to the lexicographic extreme; the first NaN where it is NaN
            cand = torch.where(torch.isnan(ext), torch.isnan(flat), flat == ext)
            r = torch.argmax(cand.to(torch.uint8), dim=ax)
        else:
            r = (torch.argmax if kind == "max" else torch.argmin)(flat, dim=ax)
        if keepdims:
            r = r.reshape((1,) * nd) if axis is None else r.unsqueeze(ax)
        return finish(r, out)

    func.__name__ = func.__qualname__ = name
    func.__doc__ = f"Indices of the {kind}imum values along an axis{', ignoring NaNs' if nan else ''} " \
                   f"(mirrors ``numpy.{name}``)."
    return func


def _bad_axis(axis):
    raise TypeError(f"'{type(axis).__name__}' object cannot be interpreted as an integer")


argmax = _argext("max")
argmin = _argext("min")
nanargmax = _argext("max", nan=True)
nanargmin = _argext("min", nan=True)


def ptp(a, axis=None, out=None, keepdims=False):
    """Range of values (maximum - minimum) along an axis (mirrors ``numpy.ptp``)."""
    hi = max(a, axis=axis, keepdims=keepdims)
    lo = min(a, axis=axis, keepdims=keepdims)
    return subtract(hi, lo, out=out)
