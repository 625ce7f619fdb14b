"""Truth-value reductions: all, any, count_nonzero (NumPy "Logic functions" / "Counting")."""

import torch

from .._array import _wrap, ndarray
from ._common import axes_of, finish, mask_of, tensor

__all__ = ["all", "any", "count_nonzero"]


def _truth(t):
    return t if t.dtype is torch.bool else t != 0


def _logical(fn, identity):
    name = fn.__name__

    def func(a, axis=None, out=None, keepdims=False, *, where=True):
        if type(a) is ndarray and axis is None and out is None and where is True and not keepdims:
            r = fn(a._t)
            return _wrap(r if r.dtype is torch.bool else r.to(torch.bool))
        t = _truth(tensor(a))
        axes = axes_of(axis, t.dim(), ufunc_like=True)
        if where is not True:
            t = torch.where(mask_of(where, t), t, identity)
        r = fn(t, dim=axes, keepdim=keepdims) if axes else t.clone()
        return finish(r, out)

    func.__name__ = func.__qualname__ = name
    func.__doc__ = f"Test whether {name} array elements along an axis evaluate to True (mirrors ``numpy.{name}``)."
    return func


all = _logical(torch.all, True)  # noqa: A001
any = _logical(torch.any, False)  # noqa: A001


def count_nonzero(a, axis=None, *, keepdims=False):
    """Count non-zero values along an axis (mirrors ``numpy.count_nonzero``).

    Without ``axis`` the count is a 0-d int64 array on the device (NumPy returns a Python
    int; returning one would be a host sync, §1.3).
    """
    t = _truth(tensor(a))
    axes = axes_of(axis, t.dim(), ufunc_like=True)
    r = torch.sum(t, dim=axes, keepdim=keepdims, dtype=torch.int64) if axes else t.to(torch.int64)
    return _wrap(r)
