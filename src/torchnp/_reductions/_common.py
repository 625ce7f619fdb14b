"""Shared helpers of the reduction family: axes, ``out=``, ``keepdims``, NaN warnings."""

import warnings

import numpy as _np
import torch
from numpy.exceptions import AxisError

from .. import _device, _dtypes
from .._array import _wrap, ndarray
from .._boundary import REDUCTION_SHAPE_ERROR, on_device, out_tensor, store, tensor, where_mask  # noqa: F401 - the family's operand rules
from .._convert import NOVALUE, as_tensor, checks_data, normalize_axes  # noqa: F401 - NOVALUE: the family's sentinel


def axes_of(axis, ndim, ufunc_like=False):
    """``axis`` (None, int or tuple) as a tuple of non-negative ints (AxisError / ValueError as NumPy).

    ``ufunc_like``: NumPy's ufunc reductions accept axis 0 / -1 on 0-d arrays (a legacy rule).
    """
    if axis is None:
        return tuple(range(ndim))
    if ufunc_like and ndim == 0:
        legacy_0d(axis)
        return ()
    return normalize_axes(axis, ndim)


def legacy_0d(axis):
    """Validate ``axis`` for a 0-d array under NumPy's ufunc-reduction rule (0 and -1 allowed)."""
    for a in (axis if isinstance(axis, (tuple, list)) else (axis,)):
        if normalize_axes(a, 1) != (0,):
            raise AxisError(a, 0)


def count(t, axes):
    n = 1
    for a in axes:
        n *= t.shape[a]
    return n


def reduced_shape(shape, axes, keepdims):
    return tuple(1 if i in axes else s for i, s in enumerate(shape)) if keepdims else \
        tuple(s for i, s in enumerate(shape) if i not in axes)


def finish(r, out):
    """Wrap tensor ``r``, or store it into ``out`` (shape must match; cast unsafe as NumPy's reductions)."""
    return store(r, out, shape_error=REDUCTION_SHAPE_ERROR)


def mask_of(where, t):
    """Boolean mask tensor broadcast against ``t`` (``where=``)."""
    return where_mask(where, t.device, t.shape)


def warn_if(cond, message, category=RuntimeWarning, stacklevel=3):
    """Warn as NumPy does when tensor ``cond`` holds True anywhere.

    Checking needs the value on the host; that is free on the CPU, but on other
    devices it would be a hidden sync, so the warning is emitted for CPU arrays only, and
    not inside a compiled graph, which cannot branch on data (documented difference).
    """
    if cond.device.type == "cpu" and _device.CPU_VALUE_CHECKS and checks_data(cond) and bool(cond.any()):
        warnings.warn(message, category, stacklevel=stacklevel)


def float_dtype_for(t, dtype=None):
    """The float dtype NumPy's mean-like functions compute in (ints/bool -> float64)."""
    if dtype is not None:
        return _dtypes.to_torch(dtype)
    if t.is_floating_point() or t.is_complex():
        return t.dtype
    return torch.float64


def real_dtype(dt):
    return {torch.complex64: torch.float32, torch.complex128: torch.float64}.get(dt, dt)
