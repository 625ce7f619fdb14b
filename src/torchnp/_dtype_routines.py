"""Data type routines that take arrays (NumPy docs: "Data type routines"): result_type,
promote_types, can_cast, min_scalar_type, common_type, isdtype, obj2sctype, sctype2char.

The dtype tables and the torch-level promotion they answer from are core (``_dtypes``);
these routines also accept torchnp arrays, so they sit above the array object (§7).
"""

import builtins as _builtins

import numpy as _np
import torch

from ._array import ndarray
from ._dtypes import PROMOTE, TO_NUMPY, TO_TORCH, WEAK, _WEAK_RANK, to_numpy

__all__ = ["result_type", "promote_types", "can_cast", "min_scalar_type", "common_type", "isdtype", "obj2sctype",
           "sctype2char"]


def _np_dtype_of(x):
    if isinstance(x, ndarray):
        return x.dtype
    if isinstance(x, torch.dtype):
        return to_numpy(x)
    return x


_WEAK_ALONE = {_builtins.bool: _np.dtype(_np.bool_), int: _np.dtype(_np.int64),
               float: _np.dtype(_np.float64), complex: _np.dtype(_np.complex128)}


def _strong_dtype(x):
    """numpy dtype of a non-weak argument of result_type, or None when the table cannot answer."""
    if isinstance(x, ndarray):
        return TO_NUMPY[x._d]
    if isinstance(x, _np.dtype):
        return x if x in TO_TORCH else None
    if isinstance(x, (_np.generic, _np.ndarray)):  # host data answers as NumPy's (§3.3)
        return x.dtype if x.dtype in TO_TORCH else None
    if isinstance(x, torch.dtype):
        return TO_NUMPY.get(x)
    if isinstance(x, type) and (issubclass(x, _np.generic) or x in _WEAK_RANK):
        d = _np.dtype(x)
        return d if d in TO_TORCH else None
    return None


def result_type(*arrays_and_dtypes):
    """Mirror of ``numpy.result_type`` (NEP 50: Python scalars are weak, §2.3)."""
    strong = None
    weak = None
    for a in arrays_and_dtypes:
        tp = type(a)
        if tp in _WEAK_RANK:
            if weak is None or _WEAK_RANK[tp] > _WEAK_RANK[weak]:
                weak = tp
            continue
        d = _strong_dtype(a)
        if d is None:
            return _result_type_numpy(arrays_and_dtypes)
        strong = d if strong is None else PROMOTE[strong, d]
    if strong is None:
        if weak is None:
            raise ValueError("at least one array or dtype is required")
        return _WEAK_ALONE[weak]
    return strong if weak is None else WEAK[strong, weak]


def _result_type_numpy(args):
    """The general case (strings such as 'f4', nested lists, host-only dtypes): NumPy's answer,
    which may be a dtype only the host holds (§2.5)."""
    return _np.result_type(*[_np_dtype_of(a) for a in args])


def promote_types(type1, type2):
    """Mirror of ``numpy.promote_types`` (§2.3)."""
    a, b = _np.dtype(_np_dtype_of(type1)), _np.dtype(_np_dtype_of(type2))
    try:
        return PROMOTE[a, b]
    except KeyError:
        pass
    return _np.promote_types(a, b)


def can_cast(from_, to, casting="safe"):
    """Mirror of ``numpy.can_cast`` (arrays are judged by their dtype)."""
    if isinstance(from_, ndarray):
        from_ = from_.dtype
    elif isinstance(from_, (_builtins.bool, int, float, complex)):
        raise TypeError("can_cast() does not support Python ints, floats, and complex because the result used to depend on the value.\nThis change was part of adopting NEP 50, we may explicitly allow them again in the future.")
    return _np.can_cast(_np_dtype_of(from_), _np_dtype_of(to), casting)


def min_scalar_type(a):
    """Mirror of ``numpy.min_scalar_type``."""
    if isinstance(a, ndarray):
        if a.ndim == 0:
            return _np.min_scalar_type(a.item())
        return a.dtype
    return _np.min_scalar_type(a)


def common_type(*arrays):
    """Mirror of ``numpy.common_type``."""
    res = _np.dtype(_np.float16)
    for a in arrays:
        dt = a.dtype if isinstance(a, ndarray) else _np.asarray(a).dtype
        if dt.kind in "iu":
            dt = _np.dtype(_np.float64)
        elif dt.kind not in "fc":
            raise TypeError("can't get common type for non-numeric array")
        res = _np.promote_types(res, dt)
    return res.type


def obj2sctype(rep, default=None):
    """Scalar type of an object or dtype-like, else ``default`` (NumPy 1.x's ``numpy.obj2sctype``, removed in NumPy 2)."""
    try:
        return _np.dtype(_np_dtype_of(rep)).type
    except TypeError:
        return default


def sctype2char(sctype):
    """Character code of a scalar type (NumPy 1.x's ``numpy.sctype2char``, removed in NumPy 2)."""
    return _np.dtype(sctype).char


_ISDTYPE_KINDS = {
    "bool": "b", "signed integer": "i", "unsigned integer": "u",
    "integral": "iu", "real floating": "f", "complex floating": "c",
    "numeric": "iufc",
}


def isdtype(dtype, kind):
    """Array API ``isdtype`` (also ``numpy.isdtype``)."""
    dt = _np.dtype(_np_dtype_of(dtype))
    if isinstance(kind, tuple):
        return any(isdtype(dt, k) for k in kind)
    if isinstance(kind, str):
        try:
            return dt.kind in _ISDTYPE_KINDS[kind]
        except KeyError:
            raise ValueError(f"kind argument is a string, but {kind!r} is not a known kind name.") from None
    try:
        return dt == _np.dtype(_np_dtype_of(kind))
    except TypeError:
        raise TypeError(f"kind argument must be comprised of NumPy dtypes or strings only, but is a {type(kind).__name__!r}.") from None
