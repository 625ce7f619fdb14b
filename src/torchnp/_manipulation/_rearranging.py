"""Rearranging elements (NumPy docs: "Rearranging elements"): flip, roll, rot90.

Flipped results are copies: torch has no negative strides (DESIGN §1.2).
"""

import operator

import torch

from .. import _dtypes
from .._array import _wrap
from .._indexing import _flip
from ._common import int_tuple, normalize_axes, normalize_axis, tensor

__all__ = ["flip", "fliplr", "flipud", "roll", "rot90"]


def flip(m, axis=None):
    """Reverse the order of elements along ``axis`` (``numpy.flip``); a copy on torchnp."""
    t = tensor(m)
    axes = normalize_axes(axis, t.dim())
    return _wrap(_flip(t, axes) if axes else t[...])  # _flip: also uint16/32/64 (no torch kernel)


def fliplr(m):
    """Reverse the order of columns (``numpy.fliplr``)."""
    t = tensor(m)
    if t.dim() < 2:
        raise ValueError("Input must be >= 2-d.")
    return _wrap(_flip(t, (1,)))


def flipud(m):
    """Reverse the order of rows (``numpy.flipud``)."""
    t = tensor(m)
    if t.dim() < 1:
        raise ValueError("Input must be >= 1-d.")
    return _wrap(_flip(t, (0,)))


def roll(a, shift, axis=None):
    """Roll array elements along ``axis`` (``numpy.roll``)."""
    t = tensor(a)
    dt, t = t.dtype, _dtypes.as_signed(t)  # uint16/32/64: no CUDA roll kernel, the same bits rolled as signed
    if axis is None:
        return _wrap(t.reshape(-1).roll(sum(int_tuple(shift))).reshape(t.shape).view(dt))
    axes = axis if isinstance(axis, (tuple, list)) else (axis,)
    axes = [normalize_axis(ax, t.dim()) for ax in axes]
    shifts = list(int_tuple(shift))
    if len(axes) != len(shifts):
        if len(axes) != 1 and len(shifts) != 1:
            raise ValueError("'shift' and 'axis' should be scalars or 1D sequences")
        n = max(len(axes), len(shifts))
        axes, shifts = axes * (n // len(axes)), shifts * (n // len(shifts))
    total = {}
    for ax, s in zip(axes, shifts):
        total[ax] = total.get(ax, 0) + s
    if not total:
        return _wrap(t.clone().view(dt))
    return _wrap(t.roll(tuple(total.values()), tuple(total)).view(dt))


def rot90(m, k=1, axes=(0, 1)):
    """Rotate an array by 90 degrees in the plane of ``axes`` (``numpy.rot90``)."""
    t = tensor(m)
    axes = tuple(axes)
    if len(axes) != 2:
        raise ValueError("len(axes) must be 2.")
    nd = t.dim()
    if axes[0] == axes[1] or abs(axes[0] - axes[1]) == nd:
        raise ValueError("Axes must be different.")
    if axes[0] >= nd or axes[0] < -nd or axes[1] >= nd or axes[1] < -nd:
        raise ValueError(f"Axes={axes} out of range for array of ndim={nd}.")
    return _wrap(torch.rot90(t, operator.index(k), [a % nd for a in axes]))
