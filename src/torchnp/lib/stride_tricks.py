"""``torchnp.lib.stride_tricks`` (NumPy's ``numpy.lib.stride_tricks``): strided views."""

import torch
from numpy.lib.array_utils import normalize_axis_tuple

from .._array import _wrap
from .._tensors import read_only_view as _read_only_view
from .._boundary import tensor as _tensor
from .._tensors import strided as _strided
from .._manipulation._shape import broadcast_arrays, broadcast_shapes, broadcast_to  # noqa: F401

__all__ = ["as_strided", "broadcast_arrays", "broadcast_shapes", "broadcast_to", "sliding_window_view"]


def sliding_window_view(x, window_shape, axis=None, *, subok=False, writeable=False):
    """A sliding-window view of ``x`` (``numpy.lib.stride_tricks.sliding_window_view``).

    The windows are a view sharing memory with ``x`` (``Tensor.unfold``), read-only unless
    ``writeable`` (and ``x`` writeable), as NumPy's.
    """
    t = _tensor(x)
    window_shape = tuple(window_shape) if hasattr(window_shape, "__iter__") else (window_shape,)
    window_shape = tuple(int(w) for w in window_shape)
    if any(w < 0 for w in window_shape):
        raise ValueError("`window_shape` cannot contain negative values")
    if axis is None:
        axis = tuple(range(t.dim()))
        if len(window_shape) != len(axis):
            raise ValueError(f"Since axis is `None`, must provide window_shape for all dimensions of `x`; "
                             f"got {len(window_shape)} window_shape elements and `x.ndim` is {t.dim()}.")
    else:
        axis = normalize_axis_tuple(axis, t.dim(), allow_duplicate=True)
        if len(window_shape) != len(axis):
            raise ValueError(f"Must provide matching length window_shape and axis; got {len(window_shape)} "
                             f"window_shape elements and {len(axis)} axes elements.")
    trimmed = list(t.shape)
    for ax, w in zip(axis, window_shape):
        if trimmed[ax] < w:
            raise ValueError("window shape cannot be larger than input array shape")
        trimmed[ax] -= w - 1
    # unfold appends each window dimension at the end, in the order of ``axis``, as NumPy does
    for ax, w in zip(axis, window_shape):
        t = t.unfold(ax, w, 1)
    return _strided_result(t, writeable)


def as_strided(x, shape=None, strides=None, subok=False, writeable=True):
    """A view of ``x`` with the given shape and byte strides (``numpy.lib.stride_tricks.as_strided``).

    As in NumPy nothing is checked against the memory of ``x``: wrong strides read past it.
    torch counts strides in elements and has no negative strides: a stride that is not a
    multiple of the itemsize raises ValueError, and negative strides give a copy of the values
    (as negative-step slices do, §1.2).
    """
    t = _tensor(x)
    shape = tuple(t.shape) if shape is None else tuple(int(s) for s in shape)
    item = t.element_size()
    strides = tuple(s * item for s in t.stride()) if strides is None else tuple(int(s) for s in strides)
    if len(strides) != len(shape):
        raise ValueError("mismatch in length of strides and shape")
    return _strided_result(_strided(t, shape, strides), writeable)


def _strided_result(t, writeable):
    """View ``t`` as NumPy's ``as_strided``/``sliding_window_view`` give it: read-only unless
    ``writeable`` (then with the flag of the array it views)."""
    return _wrap(t if writeable else _read_only_view(t))


import numpy.lib.stride_tricks as _numpy_mirror  # noqa: E402
from .._host_only import mirror_getattr as _mirror_getattr  # noqa: E402

__getattr__ = _mirror_getattr(__name__, _numpy_mirror)  # NumPy's private names; a clear AttributeError otherwise
del _mirror_getattr
