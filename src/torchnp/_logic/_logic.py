"""Logic functions that are not ufuncs or reductions (NumPy docs: "Logic functions"):
comparison (isclose, allclose, array_equal, array_equiv), array contents (isposinf,
isneginf) and array type testing (iscomplex, isreal, iscomplexobj, isrealobj, isscalar,
isfortran). The truth-value reductions ``all``/``any`` are reductions (``_reductions``).

Functions returning a Python bool read the device once (host data by nature).
"""

import cmath

import numpy as _np
import torch

from .. import _dtypes
from .. import _ufuncs as _u
from .._array import _wrap, ndarray
from .._boundary import array as _arr, device_of, out_tensor, tensor as tensor_of, tensors
from .._tensors import broadcast_shapes

__all__ = ["isclose", "allclose", "array_equal", "array_equiv", "isposinf", "isneginf", "iscomplex", "isreal",
           "iscomplexobj", "isrealobj", "isscalar", "isfortran"]


def iscomplexobj(x):
    """True if ``x`` has a complex dtype (mirrors ``numpy.iscomplexobj``)."""
    if isinstance(x, ndarray):
        return x.dtype.kind == "c"
    try:
        return issubclass(_np.dtype(x.dtype).type, _np.complexfloating)
    except (AttributeError, TypeError):
        return _np.iscomplexobj(x)


def isrealobj(x):
    """True unless ``x`` has a complex dtype (mirrors ``numpy.isrealobj``)."""
    return not iscomplexobj(x)


def iscomplex(x):
    """Elementwise: non-zero imaginary part (mirrors ``numpy.iscomplex``)."""
    t = tensor_of(x)
    return _wrap(t.imag != 0 if t.is_complex() else torch.zeros(t.shape, dtype=torch.bool, device=t.device))


def isreal(x):
    """Elementwise: zero imaginary part (mirrors ``numpy.isreal``)."""
    t = tensor_of(x)
    return _wrap(t.imag == 0 if t.is_complex() else torch.ones(t.shape, dtype=torch.bool, device=t.device))


def isposinf(x, out=None):
    """Elementwise positive infinity test (mirrors ``numpy.isposinf``)."""
    return _inf_test(x, out, 1)


def isneginf(x, out=None):
    """Elementwise negative infinity test (mirrors ``numpy.isneginf``)."""
    return _inf_test(x, out, -1)


def _inf_test(x, out, sign):
    t = tensor_of(x)
    if t.is_complex():
        raise TypeError("This operation is not supported for complex values because it would be ambiguous.")
    r = torch.isinf(t) & ((t > 0) if sign > 0 else (t < 0)) if t.is_floating_point() else torch.zeros(t.shape, dtype=torch.bool, device=t.device)
    if out is not None:
        out_tensor(out, r.device).copy_(r)
        return out
    return _wrap(r)


_NUMBERS = (int, float, complex)


def isclose(a, b, rtol=1e-05, atol=1e-08, equal_nan=False):
    """Elementwise closeness within a tolerance (mirrors ``numpy.isclose``, NumPy 2 formula)."""
    device_of((a, b, atol, rtol))  # host arrays among them beside a device raise, tolerances too (§3.3)
    x, y, atol, rtol = (v if isinstance(v, (int, float, complex)) else _arr(v) for v in (a, b, atol, rtol))
    if isinstance(y, ndarray):
        y = y.astype(_dtypes.np_result_type(y.dtype, 1.0), copy=False)
    elif isinstance(y, int):
        y = float(y)
    if isinstance(y, (float, complex)):  # a number: its tolerance is a number too, computed here (as
        # NumPy's float64 0-d arithmetic), not a 0-d array on the default device beside x's (§3.2)
        abs_y, finite_y = abs(y), cmath.isfinite(y)
        tol = atol + rtol * abs_y if isinstance(atol, _NUMBERS) and isinstance(rtol, _NUMBERS) else \
            _u.add(atol, _u.multiply(rtol, abs_y))
    else:
        tol, finite_y = _u.add(atol, _u.multiply(rtol, _u.absolute(y))), _u.isfinite(y)
    result = _u.logical_or(_u.logical_and(_u.less_equal(_u.absolute(_u.subtract(x, y)), tol), finite_y),
                           _u.equal(x, y))
    if equal_nan:
        result = _u.logical_or(result, _u.logical_and(_u.isnan(x), cmath.isnan(y) if isinstance(y, (float, complex))
                                                      else _u.isnan(y)))
    return result


def allclose(a, b, rtol=1e-05, atol=1e-08, equal_nan=False):
    """True if all elements are close (mirrors ``numpy.allclose``; returns a Python bool: a host sync)."""
    return bool(_arr(isclose(a, b, rtol=rtol, atol=atol, equal_nan=equal_nan))._t.all())


def array_equal(a1, a2, equal_nan=False):
    """True if same shape and elements (mirrors ``numpy.array_equal``; a Python bool: a host sync)."""
    t1, t2 = tensors((a1, a2))
    if t1.shape != t2.shape:
        return False
    eq = _arr(_u.equal(_wrap(t1), _wrap(t2)))._t
    if equal_nan and (t1.is_floating_point() or t1.is_complex()) and (t2.is_floating_point() or t2.is_complex()):
        eq = eq | (torch.isnan(t1) & torch.isnan(t2)) if not t1.is_complex() else eq | (t1.isnan() & t2.isnan())
    return bool(eq.all())


def array_equiv(a1, a2):
    """True if broadcastable and equal (mirrors ``numpy.array_equiv``; a Python bool)."""
    t1, t2 = tensors((a1, a2))
    try:
        broadcast_shapes(t1.shape, t2.shape)
    except RuntimeError:
        return False
    return bool(_arr(_u.equal(_wrap(t1), _wrap(t2)))._t.all())


def isscalar(element):
    """True for scalar types (mirrors ``numpy.isscalar``; 0-d arrays are not scalars)."""
    return _np.isscalar(element) if not isinstance(element, ndarray) else False


def isfortran(a):
    """True if Fortran-contiguous and not C-contiguous (mirrors ``numpy.isfortran``)."""
    return bool(a.flags.f_contiguous and not a.flags.c_contiguous)
