"""Data types (docs/design.md §2): NumPy's dtype objects are the vocabulary.

Every torchnp array reports a ``numpy.dtype``; internally it holds the matching
``torch.dtype``. The two tables below are the only place that maps between
them. Promotion answers come from NumPy itself (``numpy.result_type`` /
``ufunc.resolve_dtypes``), resolved once per dtype combination and cached, so
torchnp promotes exactly as NumPy 2 (NEP 50) does.
"""

import builtins as _builtins

import numpy as _np
import torch
from torch.utils import _python_dispatch, _pytree

builtins_bool = _builtins.bool

__all__ = [
    "bool_", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32",
    "uint64", "float16", "float32", "float64", "complex64", "complex128",
    "intp", "uintp", "byte", "ubyte", "short", "ushort", "intc", "uintc",
    "int_", "uint", "longlong", "ulonglong", "half", "single", "double",
    "float_", "csingle", "cdouble", "complex_", "bool",
    "dtype", "finfo", "iinfo", "issubdtype", "generic", "number", "integer",
    "signedinteger", "unsignedinteger", "inexact", "floating",
    "complexfloating", "set_default_float_dtype",
    "get_default_float_dtype", "default_float_dtype", "typecodes",
    "sctypeDict", "mintypecode", "character",
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
#: the aten operators with a kernel for PARTIAL dtypes on every device: torch's CUDA build (2.11)
#: dispatches its "barebones" unsigned types (``AT_BAREBONES_UNSIGNED_TYPES``) only in copies and
#: casts, fills, ``eq``/``ne``, ``cat``, ``unique`` and ``item``, besides the views (no kernel); the
#: CPU has more (``mul``, ``sum``, ``prod``, ``cumsum``, ``sort``, ``where``, bitwise ops) that CUDA
#: has not. Code on PARTIAL dtypes uses only these, or computes on SAME_BITS views or exact int64
#: copies, so a plan made on the CPU holds on a GPU (``PartialKernels``; docs/devices.md).
PARTIAL_KERNELS = frozenset({
    "_to_copy", "copy_", "clone", "_copy_from", "_copy_from_and_resize", "fill_", "zero_",
    "empty", "empty_like", "empty_strided", "new_empty", "new_empty_strided", "zeros", "zeros_like",
    "ones", "ones_like", "full", "full_like", "new_zeros", "new_ones", "new_full", "scalar_tensor",
    "eq", "ne", "cat", "stack", "repeat", "constant_pad_nd", "_local_scalar_dense", "_unique", "_unique2",
    "unique_dim", "unique_consecutive", "lift_fresh_copy", "resize_", "set_", "_to_dtype", "_unsafe_view",
    "resolve_conj", "resolve_neg",
})


def gather_bits(t, key):
    """``t[key]`` (a gather: advanced indexing); uint16/32/64 gathered as the SAME_BITS view, which
    every device has a kernel for."""
    s = SAME_BITS.get(t.dtype)
    return t[key] if s is None else t.view(s)[key].view(t.dtype)


def as_signed(t):
    """``t``, or for uint16/32/64 the SAME_BITS view: moving, selecting and masking their data, which
    torch's CUDA build does only for the signed types (``.view(t.dtype)`` makes the result unsigned)."""
    s = SAME_BITS.get(t.dtype)
    return t if s is None else t.view(s)


def ordered_bits(t):
    """uint16/32/64 ``t`` as the signed type of the same size with the sign bit flipped: ordered as
    ``t``, equal where ``t`` is, so sorts, searches and set routines run on it on every device."""
    s = SAME_BITS[t.dtype]
    return t.view(s) ^ torch.iinfo(s).min


def from_ordered_bits(r, dtype):
    """The inverse of :func:`ordered_bits`: ``r`` (its signed tensor) back to ``dtype``."""
    return (r ^ torch.iinfo(r.dtype).min).view(dtype)


def _uint_name(dt):
    return {torch.uint16: "UInt16", torch.uint32: "UInt32", torch.uint64: "UInt64"}[dt]


class PartialKernels(_python_dispatch.TorchDispatchMode):
    """Inside it, an aten operator outside PARTIAL_KERNELS (views aside) on a uint16/32/64 tensor, or
    making one (``dtype=``), raises as torch's CUDA build does (``NotImplementedError: "sort_cuda" not
    implemented for 'UInt16'``). ``devices``: the device types it applies to (None: every one). The
    ufunc machinery probes its kernels under it (``_ufunc._probe``), so that its plans for these dtypes
    hold on every device; the tests run under it (tests/fake_cuda.py, ``--partial-kernels``)."""

    def __init__(self, devices=None):
        super().__init__()
        self.devices = devices

    @classmethod
    def ignore_compile_internals(cls):
        """Off while torch.compile traces and inside compiled code (its generated kernels, not
        the eager operators this mode checks): ``torchnp.jit`` and ``grad`` under ``jit`` compile."""
        return True

    def __torch_dispatch__(self, func, types, args=(), kwargs=None):
        kwargs = kwargs or {}
        name = func._overloadpacket.__name__
        if func.namespace == "aten" and not func.is_view and name not in PARTIAL_KERNELS \
                and not name.startswith(("sym_", "is_")):
            dt = kwargs.get("dtype")
            if dt in PARTIAL and (self.devices is None or str(kwargs.get("device", "cpu")).split(":")[0]
                                  in self.devices):
                raise NotImplementedError(f'"{name}_cuda" not implemented for \'{_uint_name(dt)}\'')
            for a in _pytree.tree_leaves((args, kwargs)):
                if isinstance(a, torch.Tensor) and a.dtype in PARTIAL and (
                        self.devices is None or a.device.type in self.devices):
                    raise NotImplementedError(f'"{name}_cuda" not implemented for \'{_uint_name(a.dtype)}\'')
        return func(*args, **kwargs)


_KIND_NAMES = {
    "U": "str", "S": "bytes", "O": "object", "M": "datetime64",
    "m": "timedelta64", "V": "void/structured", "T": "StringDType",
}

_cache = {}  # anything dtype-like -> torch.dtype, filled on first use


class DtypeAlias:
    """The dtype key (``ndarray._d``) of an array whose NumPy dtype equals a canonical one but has
    its own char and scalar type: on Linux ``longlong`` ('q') and ``ulonglong`` ('Q'), equal to
    int64 ('l') and uint64 ('L'). torch has one int64, so the array keeps the dtype asked for in
    this key instead of a torch dtype; views that copy the key and the ufunc tables carry it at no
    cost (§2.1), and every place that reports NumPy's dtype reads it (``TO_NUMPY``)."""

    __slots__ = ("numpy", "torch")

    def __init__(self, np_dtype, t_dtype):
        self.numpy = np_dtype
        self.torch = t_dtype

    def __repr__(self):
        return f"DtypeAlias({self.numpy.char!r}: {self.numpy} held as {self.torch})"


#: NumPy dtype char -> its DtypeAlias, for NumPy's dtypes that equal a canonical one under another char
ALIASES = {}
for _c in _np.typecodes["All"]:
    _alias = _np.dtype(_c)
    _t = TO_TORCH.get(_alias)
    if _t is not None and _alias.char != TO_NUMPY[_t].char and _alias.char not in ALIASES:
        ALIASES[_alias.char] = DtypeAlias(_alias, _t)
for _alias in ALIASES.values():
    TO_NUMPY[_alias] = _alias.numpy  # what ``ndarray.dtype`` and scalar reads report
_alias_cache = {}  # hashable dtype spellings (types, strings) -> DtypeAlias or None


def alias_of(dt):
    """The DtypeAlias of dtype-like ``dt`` where NumPy's dtype is an alias ('q', ``np.longlong``,
    ``'longlong'``), else None."""
    if isinstance(dt, _np.dtype):  # never a dict key: dtype('q') == dtype('l')
        return ALIASES.get(dt.char)
    try:
        return _alias_cache[dt]
    except KeyError:
        pass
    except TypeError:  # unhashable: no spelling of an alias
        return None
    try:
        a = ALIASES.get(_np.dtype(dt).char) if dt is not None and not isinstance(dt, torch.dtype) else None
    except Exception:  # noqa: BLE001 - not a NumPy dtype: to_torch gives the error
        return None
    _alias_cache[dt] = a
    return a


class HostOnlyData(TypeError):
    """Data of a dtype torch cannot hold (str, bytes, object, datetime64, timedelta64,
    structured, longdouble). It lives on the host as NumPy's own array: the API boundary
    catches this and runs NumPy's implementation (§2.5); where nothing catches it, it is the
    TypeError saying the dtype cannot be held by a tensor."""


def is_host_only(np_dtype):
    """Whether NumPy dtype ``np_dtype`` can only live on the host (§2.5): no torch dtype holds it
    (torch holds native byte order only: '>f8' data is NumPy's own array, its bytes as asked)."""
    return np_dtype.kind in "OSUVMmT" or (np_dtype.kind in "fc" and np_dtype.itemsize > (8 if np_dtype.kind == "f" else 16)) \
        or np_dtype.byteorder in "<>"


def misaligned_complex(arr):
    """Whether complex ``numpy.ndarray`` ``arr`` is not aligned to its itemsize: NumPy needs the
    part's alignment only, torch's complex types the whole item's (a tensor over it crashes)."""
    return arr.dtype.kind == "c" and arr.size > 0 and arr.ctypes.data % arr.dtype.itemsize != 0


def _unsupported(np_dtype):
    kind = "non-native byte order" if np_dtype.byteorder in "<>" else _KIND_NAMES.get(np_dtype.kind, str(np_dtype))
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
    if type(dt) is DtypeAlias:  # an array's dtype key (not in _cache: Dynamo traces its lookups)
        return dt.torch
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


