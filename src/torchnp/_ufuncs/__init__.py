"""Elementwise functions: every NumPy ufunc as a torchnp ufunc object (§5.2).

Built from ``_table.UFUNCS`` at import (``_objects``); the Python operators of ``ndarray``
are attached here from ``_table.OPERATORS`` so that ``x + y`` and
``np.add(x, y)`` are one code path.
"""

import numpy as _np
import torch

from .. import _device
from .._array import _KEY_OF_CHAR, _NPA, TINY_HOST, _dynamo_compiling, _new, _wrap, _written, ndarray, tiny_host
from .._boundary import answers_numpy_itself, beside_subclass as _beside_subclass
from . import _table
from ._objects import UFUNCS as _ufuncs
from ._ufunc import _NP_SCALARS, UFuncTypeError, _Binary, make, operand, ufunc  # noqa: F401

from ._functions import *  # noqa: F401,F403
from ._functions import __all__ as _functions_all
from ._binary import *  # noqa: F401,F403
from ._binary import __all__ as _binary_all

__all__ = ["ufunc"] + _functions_all + _binary_all

globals().update(_ufuncs)
__all__ += list(_ufuncs)

_KNOWN = (ndarray, float, int, bool, complex, list, tuple, _np.ndarray, _np.generic)


_SEQUENCES = (list, tuple)


def _foreign_eq(x, fill):
    """``x == None`` / ``x != None`` (or a str): NumPy compares elementwise, all False / all True."""
    # a module-level helper: torch.full written inside ``op`` stopped dynamo inlining it (§6)
    return _wrap(torch.full(x._t.shape, fill, device=x._t.device))


def _python_operator(name, reflected):
    """The Python operator function of ``ndarray`` method ``name`` (``__add__``, ``__radd__`` -> ``operator.add``)."""
    import operator

    base = name[3 if reflected else 2:-2]
    return divmod if base == "divmod" else getattr(operator, base, None) or getattr(operator, base + "_")


def _tiny_bound(ufname):
    """The largest tiny host operand an operator hands straight to NumPy's ufunc (the ufunc's own
    bound, ``_array.TINY_HOST``); -1 where it never does: NumPy's answer is not torchnp's
    (``_cpu_kernels.NOT_NUMPYS``) or the ufunc has two outputs (divmod: its general path)."""
    uf = _ufuncs[ufname]
    return uf._tiny if type(uf) is _Binary else -1


# Operators look their ufunc up in the module-level ``_ufuncs`` dict at call time
# (not through a closure) so that torch.compile can trace them (§6).
def _forward(ufname, name):
    defer_eq = name in ("__eq__", "__ne__")
    ne_fill = name == "__ne__"
    repeat = name == "__mul__"
    call = type(_ufuncs[ufname]).__call__  # a plain function: no ufunc-object call on the hot path (§7)
    pyop = _python_operator(name, False)
    tiny = _tiny_bound(ufname)
    # NumPy evaluates ``x ** 2`` as ``square(x)`` (fast_scalar_power), so bool ** 2 is int8 (checked here,
    # not in a wrapper: one Python frame less per ``x ** 2``, §7)
    is_pow = name == "__pow__"
    # ... and on tiny host data that is NumPy's square loop itself: its bits, and no Python int to convert
    # (3x cheaper than power(h, 2); issue 23)
    square_bound = _ufuncs["square"]._tiny

    def op(self, other):
        tp = type(other)
        if tp is ndarray or tp is float or tp is int:
            if is_pow and tp is int and other == 2:
                h = self._h
                if type(h) is _NPA and h.size <= square_bound and _device.CPU_VALUE_CHECKS \
                        and not _dynamo_compiling():
                    r = _ufuncs["square"]._np(h)
                    if type(r) is not _NPA:
                        return r  # NumPy's scalar (a 0-d operand, §1.3), as square(x) gives
                    a = _new(ndarray)  # host_result inlined (§7)
                    a._d = _KEY_OF_CHAR[r.dtype.char]
                    a._h = r
                    a._b = None
                    a._p = False
                    return a
                if self._d is torch.bool:
                    return _ufuncs["square"](self)
            h = self._h  # tiny host data whose NumPy view is known: NumPy's loop, as the ufunc's own tiny
            if type(h) is _NPA and h.size <= tiny and _device.CPU_VALUE_CHECKS and not _dynamo_compiling():
                if tp is not ndarray:  # path (_Binary.__call__) runs it, one call less (§7 tiny host path)
                    # x ** 0.5 is NumPy's operator: its fast_scalar_power takes sqrt (other bits than power)
                    r = h ** other if is_pow else _ufuncs[ufname]._np(h, other)
                else:
                    h2 = other._h
                    r = _ufuncs[ufname]._np(h, h2) if type(h2) is _NPA and h2.size <= tiny else None
                if type(r) is _NPA:  # host_result inlined (§7): NumPy's result, its tensor made on first use
                    a = _new(ndarray)
                    a._d = _KEY_OF_CHAR[r.dtype.char]
                    a._h = r
                    a._b = None
                    a._p = False
                    return a
                if r is not None:
                    return r  # NumPy's scalar (a 0-d operation, §1.3)
            return call(_ufuncs[ufname], self, other)
        if not isinstance(other, _KNOWN):
            if defer_eq and (other is None or isinstance(other, (str, bytes))):
                return _foreign_eq(self, ne_fill)
            if getattr(tp, "__array_ufunc__", None) is not None and answers_numpy_itself(tp):
                # a pandas Series, xarray DataArray ...: NumPy's arrays call the ufunc, which hands
                # the object back as its own type (they defer only to __array_ufunc__ = None)
                return _ufuncs[ufname](self, other)
            return NotImplemented
        if tp is not _np.ndarray and isinstance(other, _np.ndarray):
            return _beside_subclass(pyop, self, other, False)
        if repeat and type(other) in _SEQUENCES and self._t.dim() == 0 and self._t.device.type != "cpu":
            # §1.3: a 0-d array on an accelerator stands for a NumPy scalar: an integer one repeats
            # the list ([0] * n), others raise TypeError -- Python does both through __index__.
            # On the CPU scalars are NumPy's own and a 0-d array multiplies elementwise, as NumPy's.
            return NotImplemented
        if defer_eq and isinstance(other, (list, tuple)):
            try:
                return _ufuncs[ufname](self, other)
            except (TypeError, ValueError):
                return NotImplemented
        return _ufuncs[ufname](self, other)
    op.__name__ = name
    return op


def _reflected(ufname, name):
    pyop = _python_operator(name, True)
    tiny = _tiny_bound(ufname)
    repeat = name == "__rmul__"  # [0] * n beside a 0-d device array: sequence repetition (§1.3)

    def op(self, other):
        tp = type(other)
        if tp is float or tp is int:  # a scalar and tiny host data (4 * x, 1 - x): NumPy's loop, as the
            h = self._h  # ufunc's tiny path runs it (§7 tiny host path)
            if type(h) is _NPA and h.size <= tiny and _device.CPU_VALUE_CHECKS and not _dynamo_compiling():
                r = _ufuncs[ufname]._np(other, h)
                if type(r) is _NPA:  # host_result inlined (§7)
                    a = _new(ndarray)
                    a._d = _KEY_OF_CHAR[r.dtype.char]
                    a._h = r
                    a._b = None
                    a._p = False
                    return a
                return r
        if not isinstance(other, _KNOWN) or (repeat and type(other) in _SEQUENCES and self._t.dim() == 0
                                             and self._t.device.type != "cpu"):
            return NotImplemented  # as with NumPy scalars (§1.3)
        if type(other) is not _np.ndarray and isinstance(other, _np.ndarray):
            return _beside_subclass(pyop, self, other, True)
        return _ufuncs[ufname](other, self)
    op.__name__ = name
    return op


def _inplace(ufname, name):
    def op(self, other):
        tp = type(other)
        if tp is float or tp is int or tp is ndarray or tp in _NP_SCALARS:
            h = self._h  # tiny_host inlined where the host view is known (y *= s in a callback loop, §7)
            if type(h) is not _NPA or h.size > TINY_HOST or not _device.CPU_VALUE_CHECKS or _dynamo_compiling():
                h = tiny_host(self)
            if h is not None:  # tiny host data: NumPy's loop writes through the host view (_array.TINY_HOST)
                o = other if tp is not ndarray else tiny_host(other)
                if o is not None:
                    _ufuncs[ufname]._np(h, o, h)  # NumPy's casting rule and errors (read-only too; out positional)
                    if self._p is not False:  # (NumPy's result without a tensor has none to bump: no call)
                        _written(self)  # as a torch write would
                    return self
        if not isinstance(other, _KNOWN):
            return NotImplemented
        _ufuncs[ufname](self, other, out=self)
        return self
    op.__name__ = name
    return op


def _unary(ufname, name):
    call = type(_ufuncs[ufname]).__call__

    def op(self):
        return call(_ufuncs[ufname], self)
    op.__name__ = name
    return op


for _op, (_name, _rev) in _table.OPERATORS.items():
    setattr(ndarray, _op, (_reflected if _rev else _forward)(_name, _op))
for _op, _name in _table.INPLACE.items():
    setattr(ndarray, _op, _inplace(_name, _op))
for _op, _name in _table.UNARY_OPERATORS.items():
    setattr(ndarray, _op, _unary(_name, _op))

