"""Elementwise functions: every NumPy ufunc as a torchnp ufunc object (§5.2).

Built from ``_table.UFUNCS`` at import; the Python operators of ``ndarray``
are attached here from ``_table.OPERATORS`` so that ``x + y`` and
``np.add(x, y)`` are one code path.
"""

import numpy as _np
import torch

from .._array import ndarray
from . import _table
from ._ufunc import UFuncTypeError, make, operand, ufunc  # noqa: F401

__all__ = ["ufunc"]

_ufuncs = {}
for _name, (_fn, _red, _acc) in _table.UFUNCS.items():
    _ufuncs[_name] = make(_name, _fn, reduce=_red, accumulate=_acc)
globals().update(_ufuncs)
__all__ += list(_ufuncs)

_KNOWN = (ndarray, float, int, bool, complex, list, tuple, _np.ndarray, _np.generic)


def _forward(uf, name):
    defer_eq = name in ("__eq__", "__ne__")

    def op(self, other):
        if type(other) is ndarray or type(other) is float or type(other) is int:
            return uf(self, other)
        if not isinstance(other, _KNOWN):
            return NotImplemented
        if defer_eq and isinstance(other, (list, tuple)):
            try:
                return uf(self, other)
            except (TypeError, ValueError):
                return NotImplemented
        return uf(self, other)
    op.__name__ = name
    return op


def _reflected(uf, name):
    def op(self, other):
        if not isinstance(other, _KNOWN):
            return NotImplemented
        return uf(other, self)
    op.__name__ = name
    return op


def _inplace(uf, name):
    def op(self, other):
        if not isinstance(other, _KNOWN):
            return NotImplemented
        uf(self, other, out=self)
        return self
    op.__name__ = name
    return op


def _unary(uf, name):
    def op(self):
        return uf(self)
    op.__name__ = name
    return op


for _op, (_name, _rev) in _table.OPERATORS.items():
    setattr(ndarray, _op, (_reflected if _rev else _forward)(_ufuncs[_name], _op))
for _op, _name in _table.INPLACE.items():
    setattr(ndarray, _op, _inplace(_ufuncs[_name], _op))
for _op, _name in _table.UNARY_OPERATORS.items():
    setattr(ndarray, _op, _unary(_ufuncs[_name], _op))
