"""Truth-value reductions: all, any, count_nonzero (NumPy "Logic functions" / "Counting")."""

import torch

from .. import _dtypes
from .._array import _wrap, ndarray
from .._ufuncs import logical_and, logical_or
from ._common import axes_of, legacy_0d, tensor

__all__ = ["all", "any", "count_nonzero"]


def _truth(t):
    return t if t.dtype is torch.bool else t != 0


def _logical(fn, uf):
    """all/any: ``logical_and.reduce`` / ``logical_or.reduce`` with NumPy's defaults (one engine)."""
    name = fn.__name__

    def func(a, axis=None, out=None, keepdims=False, *, where=True):
        if type(a) is ndarray and out is None and where is True:
            # what the engine's kernel computes, without its bookkeeping (§7)
            t = a._t
            if a._d in _dtypes.PARTIAL:  # uint16/32/64: no CUDA any/all kernel, their truth values have one
                t = t != 0
            if axis is None and not keepdims:
                r = fn(t)
            elif type(axis) is int and -t.dim() <= axis < t.dim() and (keepdims is False or keepdims is True):
                r = fn(t, axis, keepdims)
            else:
                r = None
            if r is not None:
                return _wrap(r if r.dtype is torch.bool else r.to(torch.bool))
        t = tensor(a)
        if t.dim() == 0 and axis is not None:
            legacy_0d(axis)
            axis = None
        return uf.reduce(_wrap(t), axis=axis, out=out, keepdims=keepdims, where=where)

    func.__name__ = func.__qualname__ = name
    func.__doc__ = f"Test whether {name} array elements along an axis evaluate to True (mirrors ``numpy.{name}``)."
    return func


all = _logical(torch.all, logical_and)  # noqa: A001
any = _logical(torch.any, logical_or)  # noqa: A001


def count_nonzero(a, axis=None, *, keepdims=False):
    """Count non-zero values along an axis (mirrors ``numpy.count_nonzero``).

    Without ``axis`` the count is a 0-d int64 array on the device (NumPy returns a Python
    int; returning one would be a host sync, §1.3).
    """
    t = _truth(tensor(a))
    axes = axes_of(axis, t.dim(), ufunc_like=True)
    r = torch.sum(t, dim=axes, keepdim=keepdims, dtype=torch.int64) if axes else t.to(torch.int64)
    return _wrap(r)
