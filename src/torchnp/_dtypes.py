"""Data types (DESIGN.md §2): NumPy's dtype objects are the vocabulary.

Every torchnp array reports a ``numpy.dtype``; internally it holds the matching
``torch.dtype``. The two tables below are the only place that maps between
them. Promotion answers come from NumPy itself (``numpy.result_type`` /
``ufunc.resolve_dtypes``), resolved once per dtype combination and cached, so
torchnp promotes exactly as NumPy 2 (NEP 50) does.
"""

import builtins as _builtins

import numpy as _np
import torch

builtins_bool = _builtins.bool

__all__ = [
    "bool_", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32",
    "uint64", "float16", "float32", "float64", "complex64", "complex128",
    "intp", "uintp", "byte", "ubyte", "short", "ushort", "intc", "uintc",
    "int_", "uint", "longlong", "ulonglong", "half", "single", "double",
    "float_", "csingle", "cdouble", "complex_", "bool",
    "dtype", "finfo", "iinfo", "issubdtype", "generic", "number", "integer",
    "signedinteger", "unsignedinteger", "inexact", "floating",
    "complexfloating", "result_type", "promote_types", "can_cast",
    "min_scalar_type", "common_type", "isdtype", "set_default_float_dtype",
    "get_default_float_dtype", "default_float_dtype", "typecodes",
    "sctypeDict", "mintypecode", "obj2sctype", "sctype2char", "character",
    "flexible", "long", "ulong", "clongdouble", "longdouble", "float128",
    "complex256", "str_", "bytes_", "object_", "void", "datetime64",
    "timedelta64", "typename", "ScalarType", "True_", "False_",
]

# NumPy's scalar types and abstract classes are re-exported as they are (§2.1).
from numpy import (  # noqa: E402
    bool_, int8, int16, int32, int64, uint8, uint16, uint32, uint64, float16,
    float32, float64, complex64, complex128, intp, uintp, byte, ubyte, short,
    ushort, intc, uintc, int_, uint, longlong, ulonglong, half, single, double,
    csingle, cdouble, dtype, finfo, iinfo, issubdtype, generic, number,
    integer, signedinteger, unsignedinteger, inexact, floating,
    complexfloating, typecodes, sctypeDict, mintypecode, character, flexible,
    long, ulong, clongdouble, longdouble, str_, bytes_, object_, void,
    datetime64, timedelta64, typename, ScalarType, True_, False_,
)

bool = bool_  # noqa: A001  (the array API spells it ``bool``)
float_ = float64
complex_ = complex128
float128 = getattr(_np, "float128", longdouble)
complex256 = getattr(_np, "complex256", clongdouble)

_PAIRS = (
    ("bool", torch.bool), ("int8", torch.int8), ("int16", torch.int16),
    ("int32", torch.int32), ("int64", torch.int64), ("uint8", torch.uint8),
    ("uint16", torch.uint16), ("uint32", torch.uint32),
    ("uint64", torch.uint64), ("float16", torch.float16),
    ("float32", torch.float32), ("float64", torch.float64),
    ("complex64", torch.complex64), ("complex128", torch.complex128),
)
#: torch dtype -> numpy dtype
TO_NUMPY = {t: _np.dtype(n) for n, t in _PAIRS}
#: numpy dtype -> torch dtype
TO_TORCH = {_np.dtype(n): t for n, t in _PAIRS}
#: uint16/32/64 exist in torch with few kernels (§2.5): ops fall back or raise.
PARTIAL = frozenset({torch.uint16, torch.uint32, torch.uint64})
#: PARTIAL dtype -> the signed dtype of the same size: data movement (index_put, gather,
#: index_select, flip) on a view of the same bits, where torch has no unsigned kernel
SAME_BITS = {torch.uint16: torch.int16, torch.uint32: torch.int32, torch.uint64: torch.int64}

_KIND_NAMES = {
    "U": "str", "S": "bytes", "O": "object", "M": "datetime64",
    "m": "timedelta64", "V": "void/structured", "T": "StringDType",
}

_cache = {}  # anything dtype-like -> torch.dtype, filled on first use


class HostOnlyData(TypeError):
    """Data of a dtype torch cannot hold (str, bytes, object, datetime64, timedelta64,
    structured, longdouble). It lives on the host as NumPy's own array: the API boundary
    catches this and runs NumPy's implementation (§2.5); where nothing catches it, it is the
    TypeError saying the dtype cannot be held by a tensor."""


def is_host_only(np_dtype):
    """Whether NumPy dtype ``np_dtype`` can only live on the host (§2.5): no torch dtype holds it."""
    return np_dtype.kind in "OSUVMmT" or (np_dtype.kind in "fc" and np_dtype.itemsize > (8 if np_dtype.kind == "f" else 16))


def _unsupported(np_dtype):
    kind = _KIND_NAMES.get(np_dtype.kind, str(np_dtype))
    return (HostOnlyData if is_host_only(np_dtype) else TypeError)(
        f"dtype {np_dtype!r} ({kind}) is unsupported on torchnp arrays: torch tensors "
        "cannot hold it (on the host it is NumPy's own array, §2.5). Supported dtypes: bool, "
        "int8-int64, uint8-uint64, float16-float64, complex64, complex128."
    )


def to_torch(dt):
    """torch dtype for a NumPy dtype-like (``float``, ``'f4'``, ``np.int8``,
    a ``numpy.dtype`` or a ``torch.dtype``); ``None`` stays ``None``."""
    try:
        return _cache[dt]
    except (KeyError, TypeError):
        pass
    if dt is None:
        return None
    if isinstance(dt, torch.dtype):
        if dt not in TO_NUMPY:
            raise TypeError(f"torch dtype {dt} has no NumPy equivalent and is unsupported on torchnp")
        return dt
    if hasattr(dt, "dtype") and not isinstance(dt, (type, _np.dtype)):
        dt = dt.dtype  # an array or a dtype-carrying object
        if isinstance(dt, torch.dtype):
            return to_torch(dt)
    try:
        np_dtype = _np.dtype(dt)
    except TypeError as exc:
        raise TypeError(f"data type {dt!r} not understood") from exc
    try:
        result = TO_TORCH[np_dtype]
    except KeyError:
        if np_dtype.byteorder == ">" or np_dtype.byteorder == "<":
            native = np_dtype.newbyteorder("=")
            if native in TO_TORCH:
                raise TypeError(
                    f"dtype {np_dtype!r} is non-native byte order; torchnp holds "
                    "native byte order only (use .astype(dtype.newbyteorder('=')) in NumPy first)"
                ) from None
        raise _unsupported(np_dtype) from None
    try:
        _cache[dt] = result
    except TypeError:
        pass
    return result


def to_numpy(t_dtype):
    """numpy dtype for a torch dtype."""
    try:
        return TO_NUMPY[t_dtype]
    except KeyError:
        raise TypeError(f"torch dtype {t_dtype} has no NumPy equivalent and is unsupported on torchnp") from None


# -- the default float (§2.2): float64 unless the user opts in to float32 --
_default_float = [torch.float64]


def get_default_float_dtype():
    """The dtype Python floats and float-producing creation functions use (float64 unless changed)."""
    return TO_NUMPY[_default_float[0]]


def set_default_float_dtype(dt):
    """Opt in to float32 by default (``set_default_float_dtype(torchnp.float32)``); float64 restores NumPy's default."""
    t = to_torch(dt)
    if t not in (torch.float32, torch.float64):
        raise ValueError("the default float dtype must be float32 or float64")
    _default_float[0] = t


class default_float_dtype:
    """Context manager: ``with torchnp.default_float_dtype(torchnp.float32): ...``."""

    def __init__(self, dt):
        self._new = to_torch(dt)

    def __enter__(self):
        self._old = _default_float[0]
        set_default_float_dtype(self._new)
        return self

    def __exit__(self, *exc):
        _default_float[0] = self._old


def default_float():
    return _default_float[0]


def default_complex():
    return torch.complex128 if _default_float[0] is torch.float64 else torch.complex64


def python_scalar_dtype(value):
    """torch dtype NumPy gives a Python scalar when it becomes an array."""
    tp = type(value)
    if tp is float:
        return _default_float[0]
    if tp is int:
        return torch.int64
    if tp is builtins_bool:
        return torch.bool
    if tp is complex:
        return default_complex()
    return None



# -- promotion, answered by NumPy and cached per combination --
def _np_dtype_of(x):
    from ._array import ndarray

    if isinstance(x, ndarray):
        return x.dtype
    if isinstance(x, torch.dtype):
        return to_numpy(x)
    return x


# NEP 50 promotion as tables (§2.3), filled once at import from NumPy's own answers:
#: (numpy dtype, numpy dtype) -> numpy dtype, for every pair of supported dtypes
PROMOTE = {(a, b): _np.promote_types(a, b) for a in TO_TORCH for b in TO_TORCH}
#: the same table on torch dtypes
PROMOTE_TORCH = {(TO_TORCH[a], TO_TORCH[b]): TO_TORCH[r] for (a, b), r in PROMOTE.items()}


def promote_torch(a, b):
    """NumPy's promotion of torch dtypes ``a`` and ``b``, as a torch dtype: a table lookup,
    so no NumPy call on the way (and torch.compile traces it)."""
    return PROMOTE_TORCH[a, b]

#: weak Python scalars: (numpy dtype, Python type) -> numpy dtype (value-independent under NEP 50)
_WEAK_RANK = {_builtins.bool: 0, int: 1, float: 2, complex: 3}
_WEAK_ZERO = {_builtins.bool: False, int: 0, float: 0.0, complex: 0j}
WEAK = {(a, tp): _np.result_type(a, z) for a in TO_TORCH for tp, z in _WEAK_ZERO.items()}
_WEAK_ALONE = {_builtins.bool: _np.dtype(_np.bool_), int: _np.dtype(_np.int64),
               float: _np.dtype(_np.float64), complex: _np.dtype(_np.complex128)}


def _strong_dtype(x):
    """numpy dtype of a non-weak argument of result_type, or None when the table cannot answer."""
    from ._array import ndarray

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


def trace_constant(fn):
    """Mark ``fn`` constant-valued for torch.compile, as ``torch.compiler.assume_constant_result``
    does (without importing dynamo when torchnp is imported): while tracing, dynamo calls it
    on its constant arguments instead of tracing NumPy's dtype machinery, which it cannot
    (it maps ``numpy.result_type`` to a torch op returning a dtype, §6.1)."""
    fn._dynamo_marked_constant = True
    return fn


@trace_constant
def np_result_type(*args):
    """``numpy.result_type`` on dtypes / Python scalars (a constant under torch.compile)."""
    return _np.result_type(*args)


@trace_constant
def np_can_cast(from_, to, casting="safe"):
    """``numpy.can_cast`` on dtypes (a constant under torch.compile)."""
    return _np.can_cast(from_, to, casting)


@trace_constant
def np_promote_types(type1, type2):
    """``numpy.promote_types`` (a constant under torch.compile)."""
    return _np.promote_types(type1, type2)


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
    from ._array import ndarray

    if isinstance(from_, ndarray):
        from_ = from_.dtype
    elif isinstance(from_, (builtins_bool, int, float, complex)):
        raise TypeError("can_cast() does not support Python ints, floats, and complex because the result used to depend on the value.\nThis change was part of adopting NEP 50, we may explicitly allow them again in the future.")
    return _np.can_cast(_np_dtype_of(from_), _np_dtype_of(to), casting)


_can_cast_cache = {}


def can_cast_torch(src, dst, casting):
    """``numpy.can_cast`` for two torch dtypes, answered by NumPy once per combination.

    A dict lookup afterwards, so it also runs inside ``torchnp.jit`` traces.
    """
    key = (src, dst, casting)
    ok = _can_cast_cache.get(key)
    if ok is None:
        ok = _can_cast_cache[key] = builtins_bool(_np.can_cast(TO_NUMPY[src], TO_NUMPY[dst], casting))
    return ok


def min_scalar_type(a):
    """Mirror of ``numpy.min_scalar_type``."""
    from ._array import ndarray

    if isinstance(a, ndarray):
        if a.ndim == 0:
            return _np.min_scalar_type(a.item())
        return a.dtype
    return _np.min_scalar_type(a)


def common_type(*arrays):
    """Mirror of ``numpy.common_type``."""
    from ._array import ndarray

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
