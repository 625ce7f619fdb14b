"""The API boundary's operand rules (docs/design.md §3.2, §3.3, §2.5): the one place where
arguments of public functions become tensors.

Follow the data:

- a torchnp array is its tensor, on its device;
- host data — a ``numpy.ndarray`` (or anything with ``__array__``/``__array_interface__``) —
  is a CPU tensor sharing its memory (zero-copy; a copy only where torch cannot view the
  memory: negative strides, foreign byte order);
- Python scalars stay Python scalars (weak, NEP 50) for ufuncs; NumPy scalars are 0-d
  tensors of their dtype on the computation's device (they mix with any device);
- Python data (lists, tuples, ranges) is created on the computation's device, else on the
  default device;
- a ``numpy.ndarray`` whose dtype torch cannot hold (str, object, datetime64, ...) raises
  ``HostOnlyData``: the public function then runs NumPy's own implementation (§2.5);
- a host object that NumPy hands back as its own type — one whose type answers NumPy's
  protocols itself (``__array_ufunc__``/``__array_function__``: a pandas Series or DataFrame,
  an xarray DataArray, a Dask array) or a ``numpy.ndarray`` subclass (``numpy.matrix``, masked
  arrays) — raises ``HostObject``: the public function then runs NumPy's public function, which
  dispatches to the object as NumPy does (``np.log(series)`` is a Series with its index, §3.3).

Operands on different devices raise ``DeviceMismatchError`` (§3.2): host data on an
accelerator computation is such a mix, never an implicit upload.
"""

import collections
import inspect
import sys
import warnings

import numpy as _np
import torch

from . import _device, _dtypes, _tensors
from ._device import CPU as _CPU
from ._array import _wrap, ndarray, result
from ._convert import as_tensor, cast_tensor
from ._dtypes import HostOnlyData, is_host_only
from ._tensors import broadcast_shapes

__all__ = []

_PYSCALARS = (float, int, bool, complex)
#: NumPy's scalar types of torch's dtypes: results the generated wrappers give back as they are (§1.3)
_NP_SCALAR_TYPES = frozenset(d.type for d in _dtypes.TO_NUMPY.values())

#: NumPy's own protocol methods: a type that has other ones answers NumPy's calls itself
_NUMPYS_PROTOCOLS = (_np.ndarray.__array_ufunc__, _np.ndarray.__array_function__)


class HostObject(HostOnlyData):
    """An operand NumPy hands back as its own type (module docstring): the public function runs
    NumPy's function, which dispatches to it (§3.3, §5.3). Where nothing catches it, it is the
    TypeError naming the type."""

    def __init__(self, tp):
        self.type = tp
        super().__init__(f"a {tp.__module__}.{tp.__qualname__} is host data that NumPy's functions hand back "
                         "as its own type: run NumPy's function on it")


_host_object = HostObject


def answers_numpy_itself(tp):
    """Whether objects of type ``tp`` (not a torchnp or plain NumPy array) get NumPy's function:
    a ``numpy.ndarray`` subclass, or a type with its own ``__array_ufunc__`` (``None`` included:
    then NumPy's ufuncs refuse it) or ``__array_function__``."""
    if issubclass(tp, _np.ndarray):
        return tp is not _np.ndarray
    uf = getattr(tp, "__array_ufunc__", _NUMPYS_PROTOCOLS[0])
    fn = getattr(tp, "__array_function__", _NUMPYS_PROTOCOLS[1])
    return (uf is not _NUMPYS_PROTOCOLS[0] or fn is not _NUMPYS_PROTOCOLS[1]) and not issubclass(tp, ndarray)


def host_tensor(arr):
    """A CPU tensor sharing ``numpy.ndarray`` ``arr``'s memory (§3.3: host data, zero-copy).

    Read-only arrays are viewed too (an operand is only read). Memory torch cannot view
    (negative strides, unaligned or byte-swapped data) is copied: the copy is never written.
    """
    if is_host_only(arr.dtype):
        raise _dtypes._unsupported(arr.dtype)
    if arr.dtype.byteorder not in "=|" or not arr.flags.aligned or any(s < 0 for s in arr.strides) \
            or _dtypes.misaligned_complex(arr):
        return as_tensor(arr, None, "cpu")
    canonical = _dtypes.TO_NUMPY[_dtypes.to_torch(arr.dtype)]
    if arr.dtype.char != canonical.char:  # e.g. 'Q' (ulonglong, equal to 'L'): torch takes only the canonical one
        arr = arr.view(canonical)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)  # torch warns on read-only memory
        t = torch.from_numpy(arr)
    # read-only memory: a read-only alias, so a view of it that a function returns is read-only too
    return t if arr.flags.writeable else _tensors.read_only_view(t)


def operand(x, dev=None):
    """A tensor, or a Python scalar, for one array operand (the module's rules above).

    ``dev`` is the computation's device, where Python data and NumPy scalars are created.
    """
    tp = type(x)
    if tp is ndarray:
        return x._t
    if tp is float or tp is int or tp is bool or tp is complex:
        return x
    if isinstance(x, ndarray):
        return x._t
    if isinstance(x, _np.ndarray):
        if tp is not _np.ndarray:  # numpy.matrix, masked arrays, ...: NumPy's function keeps the subclass
            raise _host_object(tp)
        return host_tensor(x)
    if isinstance(x, _np.generic):
        if is_host_only(x.dtype):
            raise _dtypes._unsupported(x.dtype)
        return as_tensor(x, None, dev if dev is not None else "cpu")
    if isinstance(x, _PYSCALARS):  # subclasses (IntEnum, ...) behave as the Python scalar
        return next(c for c in (bool, int, float, complex) if isinstance(x, c))(x)
    if isinstance(x, torch.Tensor):
        raise TypeError("a torch.Tensor cannot be mixed into a torchnp operation; wrap it with torchnp.from_torch(t)")
    if isinstance(x, (list, tuple, range)):
        return _python_data(x, dev)
    if answers_numpy_itself(tp):  # pandas, xarray, Dask ...: NumPy's function gives them their own type
        raise _host_object(tp)
    if hasattr(x, "__array__") or hasattr(x, "__array_interface__"):
        return host_tensor(_np.asarray(x))
    if x is None:
        raise TypeError("unsupported operand type for a torchnp operation: 'NoneType'")
    return as_tensor(x, None, dev)


def _python_data(x, dev):
    try:
        return as_tensor(x, None, dev)
    except TypeError:
        arr = _np.asarray(x)  # ragged lists raise NumPy's ValueError here
        if is_host_only(arr.dtype):
            raise _dtypes._unsupported(arr.dtype) from None
        raise


def tensor(x, dev=None):
    """The tensor for one array operand (Python scalars become 0-d tensors on ``dev``; a tensor
    passes through: implementations hand each other tensors). With ``dev`` given, an array
    living elsewhere (host data beside an accelerator's included) raises DeviceMismatchError (§3.2)."""
    if isinstance(x, torch.Tensor):
        return x
    t = operand(x, dev)
    if not isinstance(t, torch.Tensor):
        return as_tensor(t, None, dev)
    if dev is not None and t.device != dev:
        raise _device.mismatch(dev, t.device)
    return t


def array(x, dev=None):
    """``x`` as a torchnp array under the operand rules (torchnp arrays pass through)."""
    return x if isinstance(x, ndarray) else _wrap(tensor(x, dev))


def device_of(xs):
    """The computation's device: that of the array operands among ``xs`` (torchnp arrays on
    their device, host arrays on the CPU); None when there are none. Mixed devices raise."""
    dev = None
    for x in xs:
        if isinstance(x, ndarray):
            d = x._t.device
        elif isinstance(x, _np.ndarray):
            d = _CPU
        else:
            continue
        if dev is None:
            dev = d
        elif d != dev:
            raise _device.mismatch(dev, d)
    return dev


def tensors(xs, dev=None):
    """Tensors for several array operands, all on one device (§3.2); Python data is created on
    the device of the arrays among them (or ``dev``, else the default device)."""
    if dev is None:
        dev = device_of(xs)
    out = [tensor(x, dev) for x in xs]
    if out:
        _device.check_same(out)
    return out


def on_device(x, dev):
    """The tensor of an extra operand (weights, bins, masks, fill values, ...) on ``dev``:
    Python data is created there; an array living elsewhere raises DeviceMismatchError."""
    return tensor(x, dev)


def out_tensor(out, dev, read_only="output array is read-only"):
    """The tensor an ``out=`` argument is written through: a torchnp array on ``dev`` or, on the
    CPU, a writable ``numpy.ndarray`` (written in place, zero-copy: §3.3). A read-only one raises
    ValueError(``read_only``), NumPy's message of the calling function."""
    if isinstance(out, ndarray):
        t = out._t
        if _tensors.READ_ONLY:
            _tensors.check_write(t, read_only)
    elif isinstance(out, _np.ndarray):
        if not out.flags.writeable:
            raise ValueError(read_only)
        if is_host_only(out.dtype):
            raise _dtypes._unsupported(out.dtype)
        t = host_tensor(out)
        if t.data_ptr() != out.ctypes.data and out.size:
            raise ValueError("out=: torchnp cannot write into a numpy.ndarray with negative strides or "
                             "non-native byte order; pass a torchnp array or a C-ordered numpy.ndarray")
    else:
        raise TypeError("return arrays must be of ArrayType")
    if t.device != dev:
        raise _device.mismatch(t.device, dev)
    return t


# ---------------------------------------------------------------- out=, where=, casting= (§7)
CASTINGS = ("no", "equiv", "safe", "same_kind", "unsafe")
#: NumPy's error for a reduction's ``out=`` of another shape
REDUCTION_SHAPE_ERROR = "output parameter for reduction operation has the wrong shape: {out} vs {expected}"


def casting_rule(casting):
    """A ``casting=`` argument, checked with NumPy's ValueError (the one place that knows the rules)."""
    if not isinstance(casting, str):
        raise TypeError(f"casting must be str, not {type(casting).__name__}")
    if casting not in CASTINGS:
        raise ValueError(f"casting must be one of 'no', 'equiv', 'safe', 'same_kind', 'unsafe' (got {casting!r})")
    return casting


def where_mask(where, dev, shape=None):
    """The boolean tensor of a ``where=`` argument, on ``dev`` (§3.2: a mask elsewhere raises,
    it is never moved), broadcast to ``shape`` when given; NumPy's errors."""
    m = on_device(where, dev)
    if m.dtype is not torch.bool:
        raise TypeError(f"Cannot cast array data from {_dtypes.TO_NUMPY[m.dtype]!r} to dtype('bool') "
                        "according to the rule 'safe'")
    if shape is not None and tuple(m.shape) != tuple(shape):
        try:
            m = torch.broadcast_to(m, shape)
        except RuntimeError:
            raise broadcast_error([tuple(m.shape), tuple(shape)]) from None
    return m


def broadcast_error(shapes):
    """NumPy's ValueError for operands whose ``shapes`` do not broadcast together."""
    return ValueError("operands could not be broadcast together with shapes " + " ".join(
        "(" + ",".join(str(s) for s in sh) + ("," if len(sh) == 1 else "") + ")" for sh in shapes) + " ")


#: NumPy's error for ``dot``'s (and ``multi_dot``'s) out= of another dtype or layout
DOT_OUT_ERROR = ("output array is not acceptable (must have the right datatype, number of dimensions, "
                 "and be a C-Array)")


def store(r, out, casting="unsafe", *, ufunc=None, index=0, broadcast=False, mask=None,
          shape_error="output array has wrong shape"):
    """The one ``out=`` handler (§7): result tensor ``r`` as a new array, or written into ``out``
    (a torchnp array on ``r``'s device or, on the CPU, a writable ``numpy.ndarray``: §3.3), which
    is returned.

    ``casting``: NumPy's rule from the result dtype to out's (``'unsafe'`` for reductions, ``take``,
    ``concatenate``; ``'same_kind'`` for ufuncs, whose error names ``ufunc``, NumPy's ufunc object,
    and output ``index``; ``'exact'``: out must be a C-contiguous array of the result's dtype, as
    ``dot`` demands). ``broadcast``: ``r`` may broadcast to out's shape (ufuncs); otherwise
    the shapes must match, else ``shape_error`` (NumPy's ValueError message, formatted with the
    shapes ``out`` and ``expected``). ``mask``: where it is
    False, out keeps its values (``where=``). The values are cast with NumPy's unsafe rules.
    """
    if out is None:
        return _wrap(r)
    if type(out) is tuple and len(out) == 1:
        (out,) = out
    ot = out_tensor(out, r.device, DOT_OUT_ERROR if casting == "exact" else "output array is read-only")
    if casting == "exact":  # dot, multi_dot: out must be a C-contiguous array of the result's dtype
        if ot.dtype is not r.dtype or not ot.is_contiguous():
            raise ValueError(DOT_OUT_ERROR)
    elif casting != "unsafe" and not _dtypes.can_cast_torch(r.dtype, ot.dtype, casting):
        src, dst = _dtypes.TO_NUMPY[r.dtype], _dtypes.TO_NUMPY[ot.dtype]
        if ufunc is not None:
            raise _np._core._exceptions._UFuncOutputCastingError(ufunc, casting, src, dst, index)
        raise TypeError(f"Cannot cast array data from {src!r} to {dst!r} according to the rule {casting!r}")
    oshape = tuple(ot.shape)
    if broadcast:
        full = tuple(broadcast_shapes(r.shape, ot.shape)) if r.shape != ot.shape else oshape
        if full != oshape:
            raise ValueError(f"non-broadcastable output operand with shape {oshape} doesn't match the "
                             f"broadcast shape {full}")
    elif oshape != tuple(r.shape):
        raise ValueError(shape_error.format(out=oshape, expected=tuple(r.shape)))
    if r.dtype is not ot.dtype:
        r = cast_tensor(r, ot.dtype, copy=False)
    ot.copy_(r if mask is None else torch.where(mask, r, ot))
    return out


# ---------------------------------------------------------------- host-only data (§2.5)
def _torchnp_arrays(obj, depth=0):
    if isinstance(obj, ndarray):
        yield obj
    elif depth < 3 and isinstance(obj, (list, tuple)):
        for o in obj:
            yield from _torchnp_arrays(o, depth + 1)
    elif depth < 3 and isinstance(obj, dict):
        for o in obj.values():
            yield from _torchnp_arrays(o, depth + 1)


def to_host(obj, depth=0):
    """torchnp arrays -> zero-copy NumPy views (CPU arrays only), recursing into containers."""
    if isinstance(obj, ndarray):
        return obj.to_numpy()
    if depth < 3 and isinstance(obj, (list, tuple)) and not hasattr(obj, "_fields"):
        return type(obj)(to_host(o, depth + 1) for o in obj)
    if depth < 3 and isinstance(obj, dict):
        return {k: to_host(v, depth + 1) for k, v in obj.items()}
    return obj


def from_host(obj, depth=0):
    """NumPy results -> CPU torchnp arrays sharing their memory; host-only dtypes stay NumPy's
    arrays (§2.5) and NumPy scalars stay NumPy scalars (§1.3)."""
    if type(obj) is _np.ndarray:
        if is_host_only(obj.dtype):
            return obj
        return _wrap(host_tensor(obj))
    if depth < 3 and isinstance(obj, list):
        return [from_host(o, depth + 1) for o in obj]
    if depth < 3 and isinstance(obj, tuple):
        items = (from_host(o, depth + 1) for o in obj)
        return type(obj)(*items) if hasattr(obj, "_fields") else type(obj)(items)
    return obj


def beside_subclass(pyop, x, other, reflected):
    """``x <op> other`` (``other <op> x`` when ``reflected``) where ``other`` is a ``numpy.ndarray``
    subclass (``numpy.matrix``: ``*`` is a matrix product): host data, so the operator runs on
    NumPy's view of ``x`` (§3.3), where Python gives the subclass's own operator the first word as
    beside NumPy's arrays. An array on a device raises HostCopyError (no hidden copy, §4.3)."""
    view = _np.asarray(x)
    return from_host(pyop(other, view) if reflected else pyop(view, other))


def run_on_host(fn, args, kwargs, name, host_only=False):
    """NumPy's implementation ``fn`` on zero-copy host views of the torchnp arrays in ``args``
    and ``kwargs`` (every one must be on the CPU), its array results as CPU torchnp arrays.

    ``host_only``: the call holds data only the host can hold (§2.5), so an accelerator
    array in it is a DeviceMismatchError; otherwise it is a TypeError naming ``name``.
    """
    for a in _torchnp_arrays((args, kwargs)):
        dev = a._t.device
        if dev.type != "cpu":
            if host_only:
                exc = sys.exc_info()[1]
                what = (f"a {exc.type.__module__}.{exc.type.__qualname__}, §3.3" if isinstance(exc, HostObject) else
                        "a NumPy array of a dtype torch cannot hold, §2.5")
                raise _device.DeviceMismatchError(
                    f"{name}: host-only data ({what}) cannot be "
                    f"mixed with arrays on {dev}; torchnp never moves data implicitly. Move the device "
                    f"array to the host explicitly with x.to_device('cpu') or x.to_numpy().")
            raise TypeError(f"torchnp does not implement {name} for arrays on {dev}; copy explicitly "
                            "with x.to_numpy() to use NumPy's version")
    return from_host(fn(*to_host(args), **to_host(kwargs)))


# ---------------------------------------------------------------- the declared functions (§7)
#: every public function routed through the boundary: "torchnp.linalg.solve" -> its Declaration
DECLARED = {}
#: NumPy's public function of each declared one (HostObject calls: NumPy's dispatch runs)
NUMPY_PUBLIC = {}


class Declaration(collections.namedtuple("Declaration", "impl numpy kinds")):
    """One declared function (§7): its implementation, NumPy's function of the same name (run for
    host-only data, §2.5) and the kind of each parameter (``PARAMETER_KINDS``)."""


#: what the boundary knows a parameter to be, by NumPy's parameter names (§7): array operands are
#: converted by ``operand``/``tensors``, ``out`` written by ``store``, ``where`` read by
#: ``where_mask``, ``casting`` checked by ``casting_rule`` in the generated wrapper itself
PARAMETER_KINDS = {
    "out": "out", "where": "where", "casting": "casting", "dtype": "dtype", "axis": "axis", "axes": "axes",
    "keepdims": "keepdims", "order": "order", "device": "device", "copy": "copy",
    **{name: "array" for name in (
        "a", "x", "x1", "x2", "y", "b", "ar", "ar1", "ar2", "arr", "array", "arrays", "arys", "m", "v", "c", "p",
        "condition", "condlist", "choicelist", "indices", "values", "mask", "weights", "fp", "xp", "tup", "seq",
        "element", "test_elements", "A", "B", "obj", "sorter", "bins", "w", "q", "k", "tol", "r", "f",
        "a_min", "a_max", "min", "max", "operands", "choices", "xs", "ys", "coords", "fill_value", "prototype", "dst", "src")},
}


def parameter_kinds(sig):
    """Each parameter's kind (``PARAMETER_KINDS``, else ``'option'``: a plain Python value)."""
    return {name: PARAMETER_KINDS.get(name, "option") for name in sig.parameters}

#: functions whose 0-d results are NumPy scalars on the host (NumPy's ``PyArray_Return``, §1.3):
#: found by calling NumPy's functions, which return scalars for these and 0-d arrays otherwise
SCALAR_RESULTS = frozenset("""
    all amax amin angle any argmax argmin around average clip corrcoef count_nonzero dot fix flip
    inner interp isclose iscomplex isneginf isposinf isreal kron max mean median min nan_to_num
    nanargmax nanargmin nanmax nanmean nanmedian nanmin nanpercentile nanprod nanquantile nanstd
    nansum nanvar percentile polyval prod ptp quantile round searchsorted sinc std sum take trace
    trapezoid var vdot vecdot matmul einsum linalg.cond linalg.det linalg.matmul linalg.matrix_norm
    linalg.multi_dot linalg.norm linalg.slogdet linalg.trace linalg.vecdot linalg.vector_norm
    linalg.matrix_rank linalg.lstsq linspace choose unravel_index ravel_multi_index digitize unstack polyfit
""".split())
#: where NumPy gives a 0-d array after all: einsum's optimized path (besides any out= array)
_KEEPS_ARRAY = {"einsum": "(optimize and len(operands) > 2)",
                "median": "keepdims", "nanmedian": "keepdims",  # NumPy's _ureduce keeps 0-d arrays there
                **{name: "(keepdims or weights is not None)" for name in ("quantile", "nanquantile", "percentile",
                                                                          "nanpercentile")}}

def _wrapper_source(name, sig, scalar_results, flat_call=False):
    """Source of a function with signature ``sig`` that calls ``_impl`` with the same arguments
    (no per-call binding: positional stay positional; with ``flat_call``, ``_impl`` takes its
    keyword-only parameters positionally too: no keyword matching per call), and hands a call
    holding host-only data to NumPy's function (§2.5) through ``_host_call(locals())``; and the
    parameters' layout and defaults that ``_host_call`` reads. The function is named ``_w`` in
    the source (``declare`` names it), so functions of one parameter list share one compiled
    code object."""
    P = inspect.Parameter
    params, call, positional, poskw, named, defaults = [], [], [], [], [], {}
    star = extra_kw = None
    ps = list(sig.parameters.values())
    for i, p in enumerate(ps):
        text = p.name
        if p.default is not P.empty:
            defaults[p.name] = p.default
            text += f"=_defaults[{p.name!r}]"
        if p.kind is P.VAR_POSITIONAL:
            text = star = "*" + p.name
            call.append(text)
        elif p.kind is P.VAR_KEYWORD:
            text = extra_kw = "**" + p.name
            call.append(text)
        elif p.kind is P.KEYWORD_ONLY:
            if star is None:
                params.append("*")
                star = "*()"
            call.append(p.name if flat_call else f"{p.name}={p.name}")
            named.append(p.name)
        else:
            call.append(p.name)
            (positional if p.kind is P.POSITIONAL_ONLY else poskw).append(p.name)
        params.append(text)
        if p.kind is P.POSITIONAL_ONLY and (i + 1 == len(ps) or ps[i + 1].kind is not P.POSITIONAL_ONLY):
            params.append("/")
    layout = (tuple(positional), tuple(poskw), star[1:] if star and star != "*()" else None, tuple(named),
              extra_kw[2:] if extra_kw else None)
    ret = "r"
    if scalar_results:  # 0-d results are NumPy scalars (§1.3), except an out= array given back
        keep = ["out is not None"] if "out" in sig.parameters else []
        keep += [_KEEPS_ARRAY[name]] if name in _KEEPS_ARRAY else []
        # result() inlined for the common case, an array of one or more dimensions (NumPy's result
        # on tiny host data, ``host_result``, answers through its NumPy array: no tensor is made), and
        # NumPy's scalar (a host reduction's, ``sum(x)`` in a callback) as it is
        ret = ("r if type(r) is _ndarray and (r._h.ndim if type(r._h) is _NPA else r._t.dim()) "
               "or type(r) in _NP_SCALARS else _result(r)")
        if keep:
            ret = f"r if {' or '.join(keep)} else ({ret})"
    check = ""
    if "casting" in sig.parameters:  # the one casting= check (§7), before the implementation runs
        check = "    if casting is not _casting_default:\n        _casting_rule(casting)\n" \
            if "casting" in defaults else "    _casting_rule(casting)\n"
    src = (f"def _w({', '.join(params)}):\n{check}"
           f"    try:\n        r = _impl({', '.join(call)})\n"
           f"    except _HostOnlyData:\n"
           f"        return _host_call(locals())\n"
           f"    return {ret}\n")
    return src, layout, defaults


def _flat_twin(fn):
    """``fn`` taking its keyword-only parameters positionally (the same code, globals, closure and
    locals layout: the keyword-only slots follow the positional ones), or None when ``fn`` has
    none or takes ``*args``/``**kwargs``. The generated wrapper calls it without keyword matching."""
    import types

    code = fn.__code__
    if not code.co_kwonlyargcount or code.co_flags & (inspect.CO_VARARGS | inspect.CO_VARKEYWORDS):
        return None
    flat = code.replace(co_argcount=code.co_argcount + code.co_kwonlyargcount, co_kwonlyargcount=0)
    return types.FunctionType(flat, fn.__globals__, fn.__name__, None, fn.__closure__)


def _host(np_func, layout, name, defaults, arguments):
    """Run NumPy's ``np_func`` for a call holding host-only data, given the wrapper's ``arguments``
    (its ``locals()``) and parameter ``layout`` (positional-only names, positional-or-keyword
    names, ``*args``' name, keyword-only names, ``**kwargs``' name): arguments left at torchnp's
    defaults are left out (NumPy applies its own), those before them stay positional (NumPy's
    C functions take no keywords); ``device=`` may only name the CPU."""
    if isinstance(sys.exc_info()[1], HostObject):  # NumPy's public function: it dispatches to the object (§3.3)
        np_func = NUMPY_PUBLIC.get(name, np_func)
    if np_func is None:
        raise  # noqa: PLE0704 - re-raise the HostOnlyData being handled: NumPy has no such function
    positional_only, positional_or_keyword, star_name, keyword_only, extra_name = layout
    positional = [arguments[n] for n in positional_only]
    poskw = [(n, arguments[n]) for n in positional_or_keyword]
    star = arguments[star_name] if star_name else ()
    kwargs = {n: arguments[n] for n in keyword_only}
    if extra_name:
        kwargs.update(arguments[extra_name])
    args, kw, by_keyword = positional, {}, False
    for k, v in poskw:
        if v is defaults.get(k, _UNSET) and not star:
            by_keyword = True  # left out (NumPy applies its own default): the rest go by keyword
        elif by_keyword:
            kw[k] = v
        else:
            args.append(v)
    args.extend(star)
    kw.update((k, v) for k, v in kwargs.items() if v is not defaults.get(k, _UNSET))
    dev = kw.pop("device", None)
    if dev is not None and _device.resolve(dev).type != "cpu":
        raise _device.DeviceMismatchError(
            f"{name}: host-only data (a dtype torch cannot hold, §2.5) cannot be created on "
            f"{_device.resolve(dev)}; it lives on the host as a NumPy array")
    return run_on_host(np_func, args, kw, name, host_only=True)


_UNSET = object()


_Param = collections.namedtuple("_Param", "name kind default")
_Parameters = collections.namedtuple("_Parameters", "parameters")


def _code_signature(fn):
    """``fn``'s own parameters (``.parameters``: name -> ``_Param(name, kind, default)``, kinds
    and ``empty`` as ``inspect.Parameter``'s), read from its code object: not the
    ``__signature__`` it may show (an implementation taking ``*args, **kwargs`` that shows
    NumPy's signature is called exactly as given), and a tenth of ``inspect.signature``'s cost
    (``declare`` reads ~400 functions during ``import torchnp``)."""
    P = inspect.Parameter
    code = fn.__code__
    names, npos, nkw = code.co_varnames, code.co_argcount, code.co_kwonlyargcount
    defaults, kwdefaults = fn.__defaults__ or (), fn.__kwdefaults__ or {}
    first_default = npos - len(defaults)
    params = [_Param(n, P.POSITIONAL_ONLY if i < code.co_posonlyargcount else P.POSITIONAL_OR_KEYWORD,
                     defaults[i - first_default] if i >= first_default else P.empty)
              for i, n in enumerate(names[:npos])]
    i = npos + nkw
    if code.co_flags & inspect.CO_VARARGS:
        params.append(_Param(names[i], P.VAR_POSITIONAL, P.empty))
        i += 1
    params += [_Param(n, P.KEYWORD_ONLY, kwdefaults.get(n, P.empty)) for n in names[npos:npos + nkw]]
    if code.co_flags & inspect.CO_VARKEYWORDS:
        params.append(_Param(names[i], P.VAR_KEYWORD, P.empty))
    return _Parameters({p.name: p for p in params})


def _compiled_cache_path():
    """Where the compiled wrappers are kept between runs: beside this module's own ``.pyc`` (the
    same ``__pycache__``, ``sys.pycache_prefix`` and interpreter tag), or None."""
    import importlib.util

    try:
        return importlib.util.cache_from_source(__file__)[:-len(".pyc")] + ".wrappers"
    except (NotImplementedError, ValueError):  # no cache tag: no byte-code caching at all
        return None


def _load_compiled():
    """The wrappers compiled by an earlier run, ``{source: code}`` (``save_compiled``), or {}. A
    code object is found by its exact source text, so a cache never answers for other code."""
    import marshal
    import types

    path = _compiled_cache_path()
    try:
        with open(path, "rb") as f:
            cached = marshal.load(f)
    except Exception:  # noqa: BLE001 - none yet, unreadable or from another interpreter: compile anew
        return {}
    if type(cached) is not dict:
        return {}
    return {k: v for k, v in cached.items() if type(k) is str and type(v) is types.CodeType}


#: compiled wrapper sources (``_wrapper_source``): one code object per parameter list, not per
#: function (399 functions, 229 parameter lists), kept between runs as Python keeps a module's
#: byte code (compiling them was half of ``import torchnp``'s own time)
_COMPILED = _load_compiled()
_COMPILED_NEW = []  # compiled in this run: the cache is rewritten
_COMPILED_USED = set()  # read in this run: what the rewritten cache keeps


def save_compiled():
    """Keep the wrappers compiled in this run for the next one, where Python keeps byte code
    (not under ``PYTHONDONTWRITEBYTECODE``; a read-only install simply compiles each time).
    ``torchnp/__init__.py`` calls it once every function is declared."""
    import marshal
    import os
    import sys

    path = _compiled_cache_path()
    if not _COMPILED_NEW or sys.dont_write_bytecode or path is None:
        return
    _COMPILED_NEW.clear()
    tmp = f"{path}.{os.getpid()}.tmp"
    try:
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(tmp, "wb") as f:
            marshal.dump({src: _COMPILED[src] for src in _COMPILED_USED}, f)
        os.replace(tmp, path)  # atomic: a concurrent import reads the old file or the new one
    except OSError:
        try:
            os.remove(tmp)
        except OSError:
            pass


def declare(namespace, prefix, numpy_module, names):
    """Route the public functions ``names`` of ``namespace`` (a module's globals) through the
    boundary: each becomes a function with its implementation's exact signature that calls it,
    and that runs NumPy's function of the same name when host-only data is given (§2.5).
    Resolved once, at import; recorded in DECLARED."""
    import functools
    import types

    for name in names:
        impl = namespace.get(name)
        if type(impl) is not types.FunctionType or getattr(impl, "_boundary", False) or \
                not (impl.__module__ or "").startswith("torchnp"):  # NumPy's own objects stay themselves (§2.1)
            continue
        qualified = f"{prefix}.{name}"
        if "__wrapped__" in impl.__dict__ or "__signature__" in impl.__dict__:
            shown = inspect.signature(impl)  # what it shows: the function it wraps, or its __signature__
            code_sig = _code_signature(impl) if "__signature__" in impl.__dict__ else shown
        else:  # a plain function (nearly all): its code's parameters
            code_sig = shown = _code_signature(impl)
        twin = _flat_twin(impl)
        scalar_results = qualified.split(".", 1)[1] in SCALAR_RESULTS
        src, layout, defaults = _wrapper_source(name, code_sig, scalar_results, twin is not None)
        np_func = getattr(numpy_module, name, None)
        if callable(np_func):
            NUMPY_PUBLIC[qualified] = np_func
        np_func = getattr(np_func, "_implementation", np_func) if callable(np_func) else None
        env = {"_impl": impl if twin is None else twin, "_HostOnlyData": HostOnlyData,
               "_host_call": functools.partial(_host, np_func, layout, qualified, defaults),
               "_defaults": defaults, "_result": result, "_ndarray": ndarray, "_NPA": _np.ndarray,
               "_NP_SCALARS": _NP_SCALAR_TYPES,
               "_casting_rule": casting_rule, "_casting_default": defaults.get("casting")}
        code = _COMPILED.get(src)
        _COMPILED_USED.add(src)
        if code is None:
            code = _COMPILED[src] = compile(src, "<torchnp boundary>", "exec")
            _COMPILED_NEW.append(src)
        exec(code, env)  # noqa: S102 - code generated from the signature above, once at import
        f = env["_w"]
        f.__code__ = f.__code__.replace(co_name=name, **({"co_qualname": impl.__qualname__}
                                                          if hasattr(f.__code__, "co_qualname") else {}))
        f.__name__ = name
        f.__doc__, f.__module__, f.__qualname__ = impl.__doc__, impl.__module__, impl.__qualname__
        f.__dict__.update(impl.__dict__)  # attributes hung on the function (jit.explain, ...)
        f.__wrapped__ = impl  # inspect.signature(f) is the implementation's (no __signature__ of its own to build)
        f._boundary = True
        namespace[name] = f
        DECLARED[qualified] = Declaration(impl, np_func, parameter_kinds(shown))
