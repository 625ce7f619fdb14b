"""The one dispatch of torchnp.scipy (DESIGN §8.2, §8.3): follow the data.

A function of torchnp.scipy is its torch implementation, written with SciPy's signature
(tensor in, tensor out, as the NumPy families are) and declared once with :func:`mirror`,
which makes the public function:

- placement: the device of the array operands (torchnp arrays on theirs, NumPy arrays on
  the CPU); with none, the default device (§3.3: only Python data is created there);
- host data under the host rules (the CPU, NumPy's value checks on, nothing traced by
  ``torch.compile`` or autograd): SciPy's own function on zero-copy NumPy views, its array
  results as CPU torchnp arrays sharing their memory, its scalars as they are;
- anything else (an accelerator; the accelerator rules on the CPU, ``_device.CPU_VALUE_CHECKS``
  off; a trace; autograd): the torch implementation where the data lives, its tensors wrapped
  as torchnp arrays (0-d arrays, never host scalars: no hidden sync).

A SciPy name without a device implementation is :func:`host_only`: SciPy's function on host
data, and for arrays on an accelerator a ``TypeError`` naming it and the explicit fix.
SciPy is imported on the first host call only.
"""

import functools
import importlib

import numpy as _np
import torch

from .. import _device, _dtypes
from .._array import _transforms_active, _wrap, host_result, ndarray
from .._boundary import from_host, tensors

_HOST_RESULT = frozenset(d.char for d in _dtypes.TO_TORCH)  # NumPy dtypes a tensor can share

__all__ = ["DEVICE", "HOST_ONLY", "SIGNATURE_DIFFERS", "mirror", "mirror_class", "host_only", "module_getattr",
           "inexact_tensors", "placement", "on_host", "scipy_function"]

#: "special.erf" -> the public function (or class), for every SciPy name with a device implementation
DEVICE = {}
#: "stats.norm.pdf" -> why its Python signature is not SciPy's (SciPy's is generic: ``*args, **kwds``)
SIGNATURE_DIFFERS = {}
#: "special.foo" -> the host-only wrapper made on first access
HOST_ONLY = {}

_compiling = torch.compiler.is_compiling


_SCIPY = {}  # qualname -> SciPy's object, resolved once


def scipy_function(qualname):
    """SciPy's object ``scipy.<qualname>`` (``"stats.norm.pdf"``), SciPy imported on first use."""
    obj = _SCIPY.get(qualname)
    if obj is not None:
        return obj
    module, _, rest = qualname.partition(".")
    try:
        obj = importlib.import_module(f"scipy.{module}")
    except ImportError as exc:
        raise ImportError("torchnp.scipy runs SciPy's own functions on host data: install SciPy "
                          '(pip install "torchnp[scipy]")') from exc
    for part in rest.split("."):
        try:
            obj = getattr(obj, part)
        except AttributeError:  # a subpackage SciPy loads on import only (scipy.sparse.linalg)
            if not isinstance(obj, type(importlib)):
                raise
            try:
                obj = importlib.import_module(f"{obj.__name__}.{part}")
            except ModuleNotFoundError:
                raise AttributeError(f"module {obj.__name__!r} has no attribute {part!r}") from None
    _SCIPY[qualname] = obj
    return obj


def _array_operands(values, depth=0):
    for v in values:
        if isinstance(v, ndarray):
            yield v
        elif isinstance(v, _np.ndarray):
            yield v
        elif depth < 2 and type(v) in (list, tuple):
            yield from _array_operands(v, depth + 1)


def placement(args, kwargs):
    """None where SciPy's own function runs (host data under the host rules), else the device
    where the torch implementation runs."""
    dev = None
    traced = _compiling() or not _device.CPU_VALUE_CHECKS
    for a in _array_operands((*args, *kwargs.values())):
        if type(a) is _np.ndarray or isinstance(a, _np.ndarray):
            continue
        t = a._t
        if t.device.type != "cpu":
            return t.device  # a mix with host data is the implementation's DeviceMismatchError
        dev = t.device
        traced = traced or t.requires_grad
    if dev is None and not any(True for _ in _array_operands((*args, *kwargs.values()))):
        if kwargs.get("device") is not None:  # SciPy's creation keyword (fftfreq, get_window): that device
            return _device.resolve(kwargs["device"])
        dev = _device.get_default_device()  # no array operand: the default device (§3.3)
        if dev.type != "cpu":
            return dev
    if traced or _transforms_active():
        return dev or _device.CPU
    return None


def _host_views(obj, depth=0):
    """torchnp arrays -> their NumPy views (the cached host view where there is one: SciPy's calls
    are often small, and ``to_numpy`` costs ~15 us), recursing into lists, tuples and dicts."""
    if isinstance(obj, ndarray):
        h = obj._host_array()
        return h if type(h) is _np.ndarray else obj.to_numpy()
    if depth < 3 and type(obj) in (list, tuple):
        return type(obj)(_host_views(o, depth + 1) for o in obj)
    if depth < 3 and type(obj) is dict:
        return {k: _host_views(v, depth + 1) for k, v in obj.items()}
    return obj


def _results(r, leaf, depth=0):
    """``r`` with each of its values converted by ``leaf`` (which returns a value it does not convert
    as is), inside tuples, lists and SciPy's named result tuples (their extra fields, such as
    linregress's ``intercept_stderr``, converted too; their other attributes kept); the rest as is."""
    new = leaf(r)
    if new is not r or depth > 2:
        return new
    if type(r) is list:
        return [_results(v, leaf, depth + 1) for v in r]
    if isinstance(r, tuple):
        items = [_results(v, leaf, depth + 1) for v in r]
        if all(a is b for a, b in zip(items, r)):
            return r
        if not hasattr(r, "_fields"):
            return type(r)(items)
        extra = {f: _results(getattr(r, f), leaf, depth + 1) for f in getattr(r, "_extra_fields", ())}
        try:
            new = type(r)(*items, **extra)
        except TypeError:
            return r
        if hasattr(r, "__dict__"):  # SciPy's result objects keep their inputs for methods
            for k, v in vars(r).items():
                vars(new).setdefault(k, v)
        return new
    return r


def _host_leaf(r):
    if type(r) is _np.ndarray:
        if r.dtype.char in _HOST_RESULT and r.dtype.isnative and r.flags.aligned and min(r.strides, default=0) >= 0:
            return host_result(r)  # its tensor made on first use
        return from_host(r)
    return r


def _tensor_leaf(r):
    return _wrap(r) if isinstance(r, torch.Tensor) else r


def _from_scipy(r):
    """SciPy's result on host data: arrays as CPU torchnp arrays sharing their memory (host-only
    dtypes stay NumPy's), inside tuples, lists and SciPy's named result tuples; the rest as is."""
    return _results(r, _host_leaf)


def _torch_results(r):
    """A torch implementation's result: tensors as torchnp arrays, inside tuples and lists."""
    return _results(r, _tensor_leaf)


def on_host(qualname, args, kwargs, host=None):
    """SciPy's ``qualname`` on host data: zero-copy views in, torchnp arrays out; called by
    ``host(function, *args, **kwargs)`` where given."""
    fn = scipy_function(qualname)
    args, kwargs = _host_views(args), _host_views(kwargs)
    return _from_scipy(fn(*args, **kwargs) if host is None else host(fn, *args, **kwargs))


def mirror(module, name=None, signature_differs=None, host=None):
    """Declare ``impl``, the torch implementation of ``scipy.<module>.<name>`` (default: the
    function's own name), written with SciPy's signature (``signature_differs``: why not, where
    SciPy's is generic). ``host(function, *args, **kwargs)``, where given, calls SciPy's function
    on host data where its own call would be wrong (docs/scipy.md says where). Returns the public
    function."""

    def declare(impl):
        qualname = f"{module}.{name or impl.__name__}"
        if signature_differs:
            SIGNATURE_DIFFERS[qualname] = signature_differs

        @functools.wraps(impl)
        def public(*args, **kwargs):
            if placement(args, kwargs) is None:
                return on_host(qualname, args, kwargs, host)
            try:
                return _torch_results(impl(*args, **kwargs))
            except NoLoop as e:
                raise TypeError(_no_loop_message(qualname, e.args[0])) from None

        public.__doc__ = f"SciPy's ``scipy.{qualname}`` on torchnp arrays (docs/scipy.md)." + (
            "\n\n" + impl.__doc__ if impl.__doc__ else "")
        public.__qualname__ = public.__name__ = qualname.rpartition(".")[2]
        DEVICE[qualname] = public
        return public

    return declare


def mirror_class(module, name=None, signature_differs=None):
    """Register class ``cls`` as the device implementation of SciPy's class ``scipy.<module>.<name>``
    (``CubicSpline``, ``interp1d``): its ``__init__`` decides with :func:`placement` whether it
    holds SciPy's own object (host data) or tensors, and its methods follow."""

    def declare(cls):
        qualname = f"{module}.{name or cls.__name__}"
        if signature_differs:
            SIGNATURE_DIFFERS[qualname] = signature_differs
        DEVICE[qualname] = cls
        return cls

    return declare


def _device_argument(args, kwargs):
    for a in _array_operands((*args, *kwargs.values())):
        if isinstance(a, ndarray) and a._t.device.type != "cpu":
            return a._t.device
    return None


def host_only(module, name):
    """``scipy.<module>.<name>`` on host data; arrays on an accelerator raise TypeError (§8.3).
    AttributeError where SciPy has no such name."""
    qualname = f"{module}.{name}"
    if qualname in HOST_ONLY:
        return HOST_ONLY[qualname]
    fn = scipy_function(qualname)
    if not callable(fn) or isinstance(fn, type(_np)):
        return fn

    @functools.wraps(fn)
    def public(*args, **kwargs):
        dev = _device_argument(args, kwargs)
        if dev is not None:
            raise TypeError(
                f"torchnp.scipy.{qualname} has no device implementation: it runs SciPy's own function "
                f"on host data only, and an argument lives on {dev}. torchnp never copies data "
                f"implicitly: pass x.to_numpy() (an explicit copy to the host) to use SciPy's "
                f"function (docs/scipy.md lists what runs on the device).")
        return on_host(qualname, args, kwargs)

    public.__doc__ = f"SciPy's ``scipy.{qualname}``, host data only (docs/scipy.md)."
    HOST_ONLY[qualname] = public
    return public


def module_getattr(module):
    """The ``__getattr__`` of subpackage ``module``: SciPy's other public names, host only."""

    def __getattr__(name):
        if name.startswith("_"):
            raise AttributeError(f"module 'torchnp.scipy.{module}' has no attribute {name!r}")
        try:
            return host_only(module, name)
        except AttributeError:
            raise AttributeError(f"module 'torchnp.scipy.{module}' has no attribute {name!r} "
                                 f"(nor has scipy.{module})") from None

    return __getattr__


NO_LOOP = ("not supported for the input types, and the inputs could not be safely coerced to any supported "
           "types according to the casting rule ''safe''")


class NoLoop(TypeError):
    """No device loop takes operands of these type chars (``args[0]``): the public function says why."""


def _no_loop_message(qualname, chars):
    """The error for operands (type ``chars``) that no device loop of ``scipy.<qualname>`` takes:
    where SciPy has a loop for them (complex ones), that they run on host data only; else SciPy's own
    TypeError, naming its ufunc (SciPy's name where it is installed: ``zeta`` is the ufunc ``_zeta``)."""
    name = qualname.rpartition(".")[2]
    try:
        uf = scipy_function(qualname)
        if not isinstance(uf, _np.ufunc):  # a Python function around a private ufunc
            uf = getattr(importlib.import_module(f"scipy.{qualname.partition('.')[0]}._ufuncs"), f"_{name}")
    except (ImportError, AttributeError):
        uf = None
    if isinstance(uf, _np.ufunc):
        name = uf.__name__
        if any(all(_np.can_cast(c, t, "safe") for c, t in zip(chars, loop)) for loop in uf.types):
            kinds = ", ".join(sorted({_np.dtype(c).name for c in chars}))
            return (f"torchnp.scipy.{qualname}: {kinds} input runs on host data only (SciPy's loop; "
                    f"docs/scipy.md): pass x.to_numpy() to use SciPy's function")
    return f"ufunc {name!r} {NO_LOOP}"


def inexact_tensors(*xs, loops="dfDF"):
    """The array operands ``xs`` as tensors on one device (§3.2), cast to the dtype of the loop
    a SciPy ufunc with these ``loops`` (NumPy type chars, SciPy's order) picks as NumPy does: a
    loop matching every operand's dtype, else the first one they all cast to safely (SciPy's
    special ufuncs list float64 first: integers, bool and float16 give float64, float32 stays).
    No such loop: NumPy's TypeError."""
    ts = tensors(xs)
    chars = [_dtypes.TO_NUMPY[t.dtype].char for t in ts]
    loop = next((c for c in loops if all(ch == c for ch in chars)), None) or next(
        (c for c in loops if all(_np.can_cast(ch, c, "safe") for ch in chars)), None)
    if loop is None:
        raise NoLoop(chars)
    td = _dtypes.to_torch(_np.dtype(loop))
    return [t if t.dtype == td else t.to(td) for t in ts]
