"""Extrema: max/min/amax/amin, argmax/argmin, ptp and the nan* versions (NumPy "Extrema finding")."""

import torch

from .. import _dtypes
from .._array import _wrap, ndarray
from .._ufuncs import subtract
from ._common import NOVALUE, axes_of, checks_data, count, finish, legacy_0d, mask_of, reduced_shape, tensor, warn_if

__all__ = ["max", "min", "amax", "amin", "argmax", "argmin", "ptp",
           "nanmax", "nanmin", "nanargmax", "nanargmin"]

_NAMES = {"max": "maximum", "min": "minimum"}


_UNSIGNED_WIDE = (torch.uint16, torch.uint32, torch.uint64)
_SIGN = -(2 ** 63)
#: dtypes whose plain max/min is one torch call
_FAST = frozenset({torch.int8, torch.int16, torch.int32, torch.int64, torch.uint8, torch.float16,
                   torch.bfloat16, torch.float32, torch.float64})


def _to_ordered(t):
    if t.dtype is torch.uint64:
        return t.view(torch.int64) ^ _SIGN
    return t.to(torch.int64)


def _from_ordered(r, dtype):
    if dtype is torch.uint64:
        return (r ^ _SIGN).view(torch.uint64)
    return r.to(dtype)


def _complex_extreme(t, axes, keepdims, kind):
    """Lexicographic (real, then imaginary) max/min of complex ``t`` as NumPy orders complex numbers."""
    red = torch.amax if kind == "max" else torch.amin
    re, im = t.real, t.imag
    r = red(re, dim=axes, keepdim=True)
    fill = -torch.inf if kind == "max" else torch.inf
    i = red(torch.where(re == r, im, fill), dim=axes, keepdim=True)
    out = torch.complex(r, i)
    return out if keepdims else out.squeeze(axes)


def _extreme(t, axes, keepdims, kind):
    if not axes:
        return t.clone()
    if t.dtype in _UNSIGNED_WIDE:
        # torch has no max/min kernels for uint16/32/64: compare in int64 (uint64 with the sign bit
        # flipped, which maps unsigned order onto signed order exactly) and map back
        return _from_ordered(_extreme(_to_ordered(t), axes, keepdims, kind), t.dtype)
    if t.is_complex():
        return _complex_extreme(t, axes, keepdims, kind)
    if t.dtype is torch.bool:
        fn = torch.any if kind == "max" else torch.all
        return fn(t, dim=axes, keepdim=keepdims)
    return (torch.amax if kind == "max" else torch.amin)(t, dim=axes, keepdim=keepdims)


def _minmax(kind, nan=False, name=None):
    ufname = _NAMES[kind]
    fast = torch.amax if kind == "max" else torch.amin
    name = name or ("nan" if nan else "") + kind

    def func(a, axis=None, out=None, keepdims=False, initial=NOVALUE, where=True):
        if type(a) is ndarray and axis is None and out is None and initial is NOVALUE and where is True \
                and not keepdims and not nan:
            t = a._t
            if a._d in _FAST and t.numel():
                return _wrap(fast(t))
        t = tensor(a)
        axes = axes_of(axis, t.dim(), ufunc_like=True)
        if initial is None:
            initial = NOVALUE  # as NumPy
        elif initial is not NOVALUE:  # NumPy converts it with the dtype's scalar type (and its errors)
            initial = _dtypes.TO_NUMPY[t.dtype].type(initial).item()
        if where is not True:
            if initial is NOVALUE:
                raise ValueError(f"reduction operation '{ufname}' does not have an identity, "
                                 "so to use a where mask one has to specify 'initial'")
            m = mask_of(where, t)
            t = torch.where(m, t, torch.tensor(initial, dtype=t.dtype, device=t.device))
        if count(t, axes) == 0 and axes:
            if initial is NOVALUE:
                raise ValueError(f"zero-size array to reduction operation {ufname} which has no identity")
            shape = reduced_shape(t.shape, axes, keepdims)
            return finish(torch.full(shape, initial, dtype=t.dtype, device=t.device), out)
        isnan = None
        if nan and (t.is_floating_point() or t.is_complex()):
            isnan = torch.isnan(t)
            fill = -torch.inf if kind == "max" else torch.inf
            t = torch.where(isnan, torch.tensor(fill, dtype=t.dtype, device=t.device), t)
        r = _extreme(t, axes, keepdims, kind)
        if isnan is not None:
            allnan = isnan.all(dim=axes, keepdim=keepdims) if axes else isnan
            warn_if(allnan, "All-NaN slice encountered")
            r = torch.where(allnan, torch.tensor(torch.nan, dtype=r.dtype, device=r.device), r)
        if initial is not NOVALUE:
            init = torch.tensor(initial, dtype=r.dtype, device=t.device)
            if r.is_complex():
                r = _complex_extreme(torch.stack(torch.broadcast_tensors(r, init)), (0,), False, kind)
            else:
                r = (torch.maximum if kind == "max" else torch.minimum)(r, init)
        return finish(r, out)

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
        if flat.dtype is torch.bool:
            flat = flat.to(torch.uint8)
        elif flat.dtype in _UNSIGNED_WIDE:
            flat = _to_ordered(flat)
        if nan and (flat.is_floating_point() or flat.is_complex()):
            isnan = torch.isnan(flat)
            # NumPy raises for all-NaN slices: a data-dependent exception, a sync (§3.5)
            if checks_data(isnan) and bool(isnan.all(dim=ax).any()):
                raise ValueError("All-NaN slice encountered")
            fill = -torch.inf if kind == "max" else torch.inf
            flat = torch.where(isnan, torch.tensor(fill, dtype=flat.dtype, device=flat.device), flat)
        if flat.is_complex():
            ext = _complex_extreme(flat, (ax,), True, kind)
            # the first element equal to the lexicographic extreme
            cand = (flat.real == ext.real) & (flat.imag == ext.imag)
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
