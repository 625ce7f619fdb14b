"""The ufunc object (docs/design.md §5.2) and its dispatch.

A ufunc is declared by one row of ``_table.py``: a NumPy name and a torch
callable. Everything else comes from NumPy's own ufunc of that name, once per
dtype combination: the loop dtypes (``numpy.ufunc.resolve_dtypes``, so NEP 50
promotion and weak Python scalars are NumPy's), ``nin``/``nout``/``identity``
and the error for dtypes without a loop. The resolved *kernel* for a
combination is a small closure cached in ``self._kernels``; the hot path is a
dict lookup plus that closure.
"""

import functools
import inspect

import numpy as _np
import torch

from .. import _cpu_kernels, _device, _dtypes
from .._device import CPU as _CPU
from .._array import TINY_HOST, _host_values, _new, _written, _wrap, host_result, ndarray, result, tiny_host, tiny_numpy
from .._boundary import answers_numpy_itself, broadcast_error, casting_rule, operand, run_on_host, store, where_mask
from .._convert import NOVALUE as _NOVALUE
from .._cpu_kernels import NOT_NUMPYS
from ._kernels import _weak
from .._tensors import broadcast_shapes, real_if_needed

_multi_device = _device.multi_device
_NPA = _np.ndarray

__all__ = ["ufunc"]

_HOST_SCALARS = frozenset({float, int, bool, complex})
#: NumPy's scalar types of torch's dtypes: host data wherever the default device is (§3.3)
_NP_SCALARS = frozenset(d.type for d in _dtypes.TO_NUMPY.values())
_compiling = torch.compiler.is_compiling
_dynamo_compiling = torch.compiler.is_dynamo_compiling
#: scalar operands of the hot path's scalar-only calls (while no accelerator is in use, the
#: default device is the CPU: these are host data and NumPy's ufunc answers, §1.3, §3.3)
_SCALARS = _HOST_SCALARS | _NP_SCALARS
_ABSTRACT = {float: float, int: int, complex: complex}  # NEP 50 weak scalars


class UFuncTypeError(_np._core._exceptions.UFuncTypeError):
    """A ``numpy``-compatible ufunc TypeError with a free-form message."""

    def __init__(self, msg):
        TypeError.__init__(self, msg)
        self.ufunc = None

    def __str__(self):
        return TypeError.__str__(self)


# ---------------------------------------------------------------- operands
def _key_part(x):
    if isinstance(x, torch.Tensor):
        return x.dtype
    return type(x)


def _np_part(k):
    if isinstance(k, torch.dtype):
        return _dtypes.TO_NUMPY[k]
    if k is bool:
        return _np.dtype(bool)
    return _ABSTRACT[k]


def translate(exc, name, args):
    """NumPy's exception for a torch RuntimeError raised inside a kernel."""
    msg = str(exc)
    tensors = [a for a in args if isinstance(a, torch.Tensor)]
    if "must match the size of tensor" in msg or "shape mismatch" in msg:
        return broadcast_error([tuple(t.shape) for t in tensors])
    if "same device" in msg or "is not on the expected device" in msg:
        return _device.mismatch(*[t.device for t in tensors])
    if "not implemented for" in msg or "not supported for" in msg:
        dts = ", ".join(str(_dtypes.TO_NUMPY[t.dtype]) for t in tensors)
        dev = tensors[0].device if tensors else "cpu"
        return TypeError(f"ufunc '{name}' cannot run on dtype {dts} on device '{dev}': torch has no kernel for it ({msg.splitlines()[0]})")
    if "Integers to negative integer powers" in msg:
        return ValueError("Integers to negative integer powers are not allowed.")
    return exc


# ---------------------------------------------------------------- kernels
_U64_WRAPPING = frozenset({
    "add", "subtract", "multiply", "bitwise_and", "bitwise_or", "bitwise_xor",
    "invert", "bitwise_not", "left_shift", "equal", "not_equal", "negative",
    "positive", "square", "conjugate", "conj"})


def _probe(fn, loop_in, scalar_pos):
    """Call ``fn`` once on tiny CPU tensors: (output dtypes, scalars accepted?, kernel exists?).

    On uint16/32/64 a kernel exists where every device has one (``_dtypes.PartialKernels``: the CPU
    has more of them than CUDA), so that the plan holds on a GPU."""
    args = [torch.ones(1, dtype=d) for d in loop_in]
    try:
        if any(d in _dtypes.PARTIAL for d in loop_in):
            with _dtypes.PartialKernels():
                r = fn(*args)
        else:
            r = fn(*args)
    except (RuntimeError, NotImplementedError):
        return None, False, False
    except TypeError:
        return None, False, True
    outs = tuple(x.dtype for x in r) if isinstance(r, tuple) else (r.dtype,)
    scalars_ok = True
    if scalar_pos:
        sargs = list(args)
        for i in scalar_pos:
            sargs[i] = 1.0 if (loop_in[i].is_floating_point or loop_in[i].is_complex) else (True if loop_in[i] is torch.bool else 1)
        if all(isinstance(a, (int, float)) for a in sargs):
            scalars_ok = False
        else:
            try:
                fn(*sargs)
            except (TypeError, RuntimeError, NotImplementedError, AttributeError):
                scalars_ok = False  # the kernel wants tensors: scalars become 0-d tensors
    return outs, scalars_ok, True


_COMPARISONS = frozenset({"equal", "not_equal", "less", "less_equal", "greater", "greater_equal"})


def _device_name(args):
    return next((str(a.device) for a in args if isinstance(a, torch.Tensor)), str(_device.get_default_device()))


def _int_bounds(dt):
    info = torch.iinfo(dt)
    return info.min, info.max


_PROBE_SCALAR = {int: 1, float: 1.0, complex: 1j}
_np_exc = _np._core._exceptions


def numpy_check(uf, np_in, dtype=None, signature=None, casting="same_kind", out=None):
    """Raise NumPy's own exception (no loop, bad casting, bad signature) for these operand dtypes.

    NumPy runs on *empty* arrays: only its dtype machinery is used, no data (§2.3).
    """
    args = [_np.empty(0, d) if isinstance(d, _np.dtype) else _PROBE_SCALAR[d] for d in np_in]
    kw = {"casting": casting}
    if dtype is not None:
        kw["dtype"] = dtype
    if signature is not None:
        kw["signature"] = signature
    if out is not None:
        kw["out"] = tuple(None if d is None else _np.empty(0, d) for d in out)
    with _np.errstate(all="ignore"):
        uf._np(*args, **kw)


def _no_torch_kernel(uf, message, dtype, signature, casting):
    """The kernel of a loop torch has no kernel for: NumPy's own ufunc on host data (zero-copy views
    of CPU tensors, §3.3), elsewhere ``TypeError(message)`` naming the device."""
    options = {"signature": signature} if signature is not None else {"dtype": dtype} if dtype is not None else {}
    if casting != "same_kind":
        options["casting"] = casting
    numpy_ufunc = functools.partial(uf._np, **options)

    def kernel(*args):
        if all(_host_values(a) for a in args if isinstance(a, torch.Tensor)):
            return _cpu_kernels.run(numpy_ufunc, *args)
        raise TypeError(message.format(device=_device_name(args)))
    return kernel


def build_kernel(uf, key, dtype=None, signature=None, casting="same_kind"):
    """The closure computing ``uf`` for operand kinds ``key`` (tensor dtypes / Python types)."""
    np_in = tuple(_np_part(k) for k in key)
    if dtype is not None:
        _dtypes.to_torch(dtype)  # §2.5: TypeError naming an unsupported dtype before NumPy's own checks
    numpy_check(uf, np_in, dtype, signature, casting)
    if dtype is not None:
        signature = (None,) * uf.nin + (_np.dtype(dtype),) * uf.nout
    loop = uf._np.resolve_dtypes(np_in + (None,) * uf.nout, casting=casting,
                                 **({} if signature is None else {"signature": signature}))
    loop_in = tuple(_dtypes.to_torch(d) for d in loop[:uf.nin])
    loop_out = tuple(_dtypes.to_torch(d) for d in loop[uf.nin:])
    scalar_pos = tuple(i for i, k in enumerate(key) if not isinstance(k, torch.dtype))
    fn = uf._special.get(loop[0].name, uf._special.get(loop[0].kind, uf._fn)) if uf._special else uf._fn
    if getattr(fn, "numpy_dtypes", None) is not None and loop_in[0] not in fn.numpy_dtypes:
        fn = fn.torch_fn  # no CPU-kernel row for this loop: no size check per call (the hot path, §7)
    if uf._special and torch.uint64 in loop_in and "uint64" in uf._special:
        fn = uf._special["uint64"]  # also NumPy's mixed uint64/int64 comparison loops
    compute_in = loop_in
    back = None
    if any(d in _dtypes.PARTIAL for d in loop_in):
        outs, scalars_ok, exists = _probe(fn, loop_in, scalar_pos)
        if not exists:
            if torch.uint64 in loop_in and uf.__name__ not in _U64_WRAPPING:
                return _no_torch_kernel(uf, f"ufunc '{uf.__name__}' is not supported for uint64 on device "
                                            "'{device}': torch has no uint64 kernel for it", dtype, signature, casting)
            compute_in = tuple(torch.int64 if d in _dtypes.PARTIAL else d for d in loop_in)
            back = True
    outs, scalars_ok, exists = _probe(fn, compute_in, scalar_pos)
    if not exists:
        dts = ", ".join(str(_dtypes.TO_NUMPY[d]) for d in loop_in)
        return _no_torch_kernel(uf, f"ufunc '{uf.__name__}' cannot run on dtype {dts} on device '{{device}}': "
                                    "torch has no kernel for it", dtype, signature, casting)
    casts = []
    for i, k in enumerate(key):
        if isinstance(k, torch.dtype):
            src = k
            want = compute_in[i]
            if src is want:
                casts.append(None)
            elif src is torch.uint64 and want is torch.int64:
                casts.append("view")
            else:
                casts.append(want)
        elif k is not bool and scalars_ok and compute_in[i] is torch.float16:
            # NumPy's weak scalar is a float16 (NEP 50): rounded here, since CUDA's kernels compute
            # with its float32 value (the CPU's round it; the H200's float16 unwrap, docs/devices.md)
            casts.append(("weak", torch.float16))
        elif k is not bool and scalars_ok and (compute_in[i].is_floating_point or compute_in[i].is_complex):
            casts.append(None)  # torch takes the Python scalar as NumPy does (weakly)
        else:
            casts.append(("scalar", compute_in[i], scalars_ok, uf.__name__ in _COMPARISONS, loop_in[i]))
    post = tuple(None if (outs is not None and o is w and not back) else w for o, w in zip(outs or loop_out, loop_out))
    if outs is None:
        post = loop_out
    if all(c is None for c in casts) and all(p is None for p in post):
        return fn
    return _generic_kernel(fn, tuple(casts), post, uf.nout)


def _device_of(args):
    """The operands' device, for a Python scalar torch will not take as a number: its 0-d tensor goes
    there (CUDA's logical_and/or/xor refuse a CPU 0-d tensor beside a 0-d device one, the GPU run of
    2026-11-28); looked up only when such a tensor is made."""
    return next((a.device for a in args if isinstance(a, torch.Tensor)), None)


def _generic_kernel(fn, casts, post, nout):
    def prepare(args):
        out = []
        for a, c in zip(args, casts):
            if c is None:
                out.append(a)
            elif c == "view":
                out.append(a.view(torch.int64))
            elif type(c) is tuple and c[0] == "weak":
                out.append(_weak(a, c[1]))
            elif type(c) is tuple:
                _, dt, ok, cmp, loop_dt = c
                if type(a) is bool and dt is not torch.bool:
                    a = int(a)  # torch rejects bool scalars in arithmetic; NumPy treats True as 1
                if type(a) is int and not (dt.is_floating_point or dt.is_complex or dt is torch.bool):
                    lo, hi = _int_bounds(loop_dt if loop_dt in _dtypes.TO_NUMPY and not (
                        loop_dt.is_floating_point or loop_dt.is_complex or loop_dt is torch.bool) else dt)
                    if not lo <= a <= hi:
                        if not cmp:
                            raise OverflowError(f"Python integer {a} out of bounds for {_dtypes.TO_NUMPY[loop_dt]}")
                        # NumPy 2 compares with out-of-range Python ints exactly: an infinity orders the same
                        inf = float("inf") if a > hi else float("-inf")
                        on = _device_of(args)
                        out.append(inf if ok else torch.scalar_tensor(inf, dtype=torch.float64, device=on))
                        continue
                out.append(a if ok else torch.scalar_tensor(a, dtype=dt, device=_device_of(args)))
            else:
                out.append(real_if_needed(a, c).to(c))  # (complex into a real loop: NumPy's part, not torch's warning)
        return out

    def fix(r, p):
        if p is None:
            return r
        if p is torch.uint64 and r.dtype is torch.int64:
            return r.view(torch.uint64)
        return r.to(p)

    if nout == 1:
        p0 = post[0]

        def kernel(*args):
            return fix(fn(*prepare(args)), p0)
    else:
        def kernel(*args):
            r = fn(*prepare(args))
            return tuple(fix(x, p) for x, p in zip(r, post))
    return kernel


_ORDERS = ("C", "F", "A", "K")


def _options(name, options):
    """``where, casting, dtype, signature`` from a ufunc call's keywords, with NumPy's errors.

    The call signatures take ``**options`` rather than NumPy's keyword-only parameters:
    filling six keyword-only defaults costs the hot path more than one empty dict (§7).
    """
    if not options:
        return True, "same_kind", None, None
    for key in options:
        if key not in ("where", "casting", "order", "dtype", "subok", "signature"):
            raise TypeError(f"{name}() got an unexpected keyword argument '{key}'")
    order = options.get("order")
    if order is not None and not isinstance(order, str):
        raise TypeError(f"order must be str, not {type(order).__name__}")
    if order is not None and order.upper() not in _ORDERS:
        raise ValueError(f"order must be one of 'C', 'F', 'A', or 'K' (got {order!r})")
    return (options.get("where", True), casting_rule(options.get("casting", "same_kind")),
            options.get("dtype"), options.get("signature"))


# ---------------------------------------------------------------- the object
class ufunc:
    """A universal function (mirrors ``numpy.ufunc``): elementwise, broadcasting,
    with ``out=``, ``where=``, ``dtype=``, ``casting=`` and the methods
    ``reduce``, ``accumulate``, ``outer``, ``at`` and ``reduceat``."""

    __slots__ = ("_np", "_fn", "_kernels", "_fast", "_tiny", "nin", "nout",
                 "nargs", "identity", "_reduce", "_accumulate", "__dict__")

    def __init__(self, name, fn, reduce=None, accumulate=None, np_ufunc=None, special=None):
        self._np = np_ufunc if np_ufunc is not None else getattr(_np, name)
        self._special = special  # loop dtype name ('float32') or kind ('b', 'i', 'c', ...) -> torch callable
        self.__name__ = self.__qualname__ = name
        self._fn = fn
        self._kernels = {}
        self._fast = {}  # hot path: operand key -> (kernel, result torch dtype)
        # host operands of at most this many elements run NumPy's own loop (_array.TINY_HOST);
        # -1 where torchnp's answer deliberately differs from NumPy's (_cpu_kernels.NOT_NUMPYS)
        self._tiny = -1 if name in NOT_NUMPYS else TINY_HOST
        self.nin = self._np.nin
        self.nout = self._np.nout
        self.nargs = self.nin + self.nout
        self.identity = self._np.identity
        self._reduce = reduce
        self._accumulate = accumulate
        try:  # NumPy's call signature for introspection; __call__ itself takes **options (§7)
            self.__signature__ = inspect.signature(self._np)
        except (TypeError, ValueError):
            pass
        # numpydoc docstring generated from the table row (issue 10): NumPy's summary line,
        # the torch op, and a link to the NumPy ufunc mirrored (canonical name for aliases)
        np_name = self._np.__name__
        parts = (self._np.__doc__ or "").split("\n\n")
        summary = " ".join(parts[1].split()) if len(parts) > 1 else f"Elementwise ``{np_name}``."
        op = (f"``torch.{fn.__name__}``" if getattr(fn, "__module__", None) == "torch"
              else "a torchnp kernel built on torch operations")
        alias = f" (an alias of ``numpy.{np_name}``)" if np_name != name else ""
        self.__doc__ = (f"{summary}\n\n"
                        f"torchnp ufunc mirroring ``numpy.{name}``{alias}, computed by {op} on the device "
                        f"of the operands, with NumPy's type promotion. It takes ``out=``, ``where=``, "
                        f"``dtype=`` and ``casting=`` and has the ufunc methods (``reduce``, ``accumulate``, "
                        f"``outer``, ``at``, ``reduceat``); NumPy's documentation of ``numpy.{np_name}`` "
                        f"applies ({self._np.nin} input(s), {self._np.nout} output(s)).\n\n"
                        f"See Also\n--------\nnumpy.{np_name} : The NumPy ufunc this mirrors.\n")

    def __repr__(self):
        return f"<ufunc '{self.__name__}'>"

    @property
    def types(self):
        ok = set(_np.dtype(d).char for d in _dtypes.TO_TORCH)
        return [t for t in self._np.types if all(c in ok for c in t.replace("->", ""))]

    @property
    def ntypes(self):
        return len(self.types)

    @property
    def signature(self):
        return None

    def kernel(self, key):
        """The cached kernel for operand kinds ``key`` (same-dtype pairs are stored under the dtype)."""
        store = key[0] if len(key) == 2 and key[0] is key[1] and isinstance(key[0], torch.dtype) else key
        if len(key) == 1:
            store = key[0]
        k = self._kernels.get(store)
        if k is None:
            k = self._kernels[store] = build_kernel(self, key)
        return k

    def _first(self, key, kinds, ops):
        """The hot path's first call for operand kinds ``kinds``: build the kernel, run it,
        and remember it with its result dtype under ``key`` (arrays carry their dtype, §7)."""
        aliased = any(type(x) is _dtypes.DtypeAlias for x in kinds)
        if aliased:  # arrays keyed by NumPy's 'q' (§2.1): torch's dtype computes, NumPy's loop names the result
            named = tuple(_dtypes.TO_NUMPY[x] if type(x) is _dtypes.DtypeAlias else _np_part(x) for x in kinds)
            kinds = tuple(x.torch if type(x) is _dtypes.DtypeAlias else x for x in kinds)
        k = self.kernel(kinds)
        try:
            r = k(*ops)
        except RuntimeError as exc:
            raise translate(exc, self.__name__, ops) from None
        d = r.dtype
        if aliased:
            out = _dtypes.alias_of(self._np.resolve_dtypes(named + (None,) * self.nout)[self.nin])
            d = out if out is not None and out.torch is d else d
        self._fast[key] = (k, d)
        w = _wrap(r)
        w._d = d
        return w if r.dim() else result(w)

    # The general path: any operands, out=, where=, dtype=, casting=.
    def _tiny_operand(self, x):
        """What NumPy's loop takes for operand ``x`` on the tiny host path: NumPy's view of tiny host
        data (a torchnp array's or a ``numpy.ndarray``), a Python or NumPy scalar; None otherwise."""
        tp = type(x)
        if tp is _NPA:
            return tiny_numpy(x, self._tiny)
        if tp is ndarray:
            h = tiny_host(x)
            return h if h is not None and h.size <= self._tiny else None
        return x if tp is float or tp is int or tp in _NP_SCALARS else None

    def _tiny_out(self, args, out):
        """``out=`` alone with tiny host operands and outputs (_array.TINY_HOST): NumPy's ufunc writes
        into the outputs' host views, so the bits are those of the call without ``out=`` (NumPy's
        loop), with NumPy's casting, overlap and errors; the outputs are returned. None otherwise."""
        outs = out if type(out) is tuple else (out,)
        if len(args) != self.nin or len(outs) != self.nout or not _device.CPU_VALUE_CHECKS or _dynamo_compiling():
            return None
        hs = [self._tiny_operand(a) for a in args]
        hos = [self._tiny_operand(o) if type(o) is ndarray or type(o) is _NPA else None for o in outs]
        if any(h is None for h in hs) or any(h is None for h in hos):
            return None
        self._np(*hs, out=tuple(hos))
        for o in outs:
            if type(o) is ndarray and o._p is not False:
                _written(o)  # as a torch write would
        return outs[0] if self.nout == 1 else outs

    def _call(self, args, out, options):
        if out is not None and not options and self._tiny > 0:
            r = self._tiny_out(args, out)
            if r is not None:
                return r
        if out is None and not options and all(type(a) in _HOST_SCALARS or isinstance(a, _np.generic) for a in args) \
                and not _compiling() and ((_device.get_default_device().type == "cpu" and _device.CPU_VALUE_CHECKS)
                                          or not all(type(a) in _HOST_SCALARS for a in args)):
            # only scalars on the host (§3.3, §1.3): NumPy's ufunc gives NumPy's scalar, as fast as NumPy
            # (Python numbers alone go to the default device: an accelerator, or the CPU standing in for one)
            return self._np(*args)
        try:
            return self._call_tensors(args, out, options)
        except _dtypes.HostOnlyData:  # strings, datetimes, objects: NumPy's own ufunc on the host (§2.5)
            if out is not None:
                options = dict(options, out=out)
            self._numpy_refusal(args, options)
            return run_on_host(self._np, args, options, f"ufunc '{self.__name__}'", host_only=True)

    def _numpy_refusal(self, args, options):
        """NumPy's own exception where NumPy has no loop for host-only operands beside device arrays
        (``add(x, 'a')``: its ``UFuncTypeError``, §2.5), found from the operands' dtypes alone; where
        NumPy has one, the mix stays a DeviceMismatchError (run_on_host, §3.3)."""
        outs = options.get("out", args[self.nin:])
        outs = outs if isinstance(outs, tuple) else (outs,)
        if not any(isinstance(a, ndarray) and a._t.device.type != "cpu" for a in args + outs):
            return
        try:
            dtypes = [a.dtype if isinstance(a, ndarray) else type(a) if type(a) in _PROBE_SCALAR
                      else _np.asarray(a).dtype for a in args[:self.nin]]
            out_dtypes = tuple(o.dtype if isinstance(o, (ndarray, _NPA)) else None for o in outs) or None
        except Exception:  # noqa: BLE001 - operands NumPy cannot read from here: the device rule answers
            return
        try:
            numpy_check(self, dtypes, options.get("dtype"), options.get("signature"),
                        options.get("casting", "same_kind"), out_dtypes)
        except TypeError as exc:
            raise exc from None
        except Exception:  # noqa: BLE001 - NumPy's other objections need the data: the device rule answers
            pass

    def _call_tensors(self, args, out, options):
        where, casting, dtype, signature = _options(self.__name__, options)
        if out is not None and not isinstance(out, tuple):
            out = (out,)
        if len(args) > self.nin:
            if out is not None:
                raise TypeError("cannot specify 'out' as both a positional and keyword argument")
            out = args[self.nin:]
            args = args[:self.nin]
        if len(args) != self.nin:
            raise TypeError(f"{self.__name__}() takes from {self.nin} to {self.nargs} positional arguments but {len(args)} were given")
        first = [operand(a) if not isinstance(a, (list, tuple, range, _np.generic)) else None for a in args]
        dev = _device.check_same(first)
        if dev is None:  # no array operand: NumPy scalars are host data, Python data goes to the default device (§3.3)
            dev = _CPU if any(isinstance(a, _np.generic) for a in args) else _device.get_default_device()
        ops = [f if f is not None else operand(a, dev) for f, a in zip(first, args)]
        if all(not isinstance(o, torch.Tensor) for o in ops):
            from .._convert import as_tensor

            ops = [as_tensor(o, None, dev) for o in ops]
        _device.check_same(ops)
        key = tuple(_key_part(o) for o in ops)
        if dtype is None and signature is None and casting == "same_kind":
            k = self.kernel(key)
        else:
            if isinstance(signature, list):
                signature = tuple(signature)
            if isinstance(dtype, (list, dict)):
                dtype = _np.dtype(dtype)  # structured spellings are unhashable; to_torch rejects them (§2.5)
            ckey = ("call", key, dtype, signature, casting)
            k = self._kernels.get(ckey)
            if k is None:
                k = self._kernels[ckey] = build_kernel(self, key, dtype, signature, casting)
        try:
            r = k(*ops)
        except RuntimeError as exc:
            raise translate(exc, self.__name__, ops) from None
        except ValueError:  # NumPy checks out='s casting before the data (``bools **= -3``, §5.2)
            if out is not None:
                numpy_check(self, tuple(_np_part(p) for p in key), dtype, signature, casting,
                            tuple(o.dtype if isinstance(o, ndarray) else None for o in out))
            raise
        results = r if self.nout > 1 else (r,)
        if out is None and where is True:  # 0-d results are NumPy's scalars on the host (§1.3)
            return tuple(result(_wrap(x)) for x in results) if self.nout > 1 else result(_wrap(r))
        try:
            return self._store(results, out, where, casting, dev)
        except RuntimeError:  # where= or out= shapes that do not broadcast with the result
            shapes = [tuple(o.shape) for o in ops if isinstance(o, torch.Tensor)]
            shapes += [tuple(o.shape) for o in (out if isinstance(out, tuple) else (out,)) if isinstance(o, ndarray)]
            if isinstance(where, ndarray):
                shapes.append(tuple(where.shape))
            raise broadcast_error(shapes) from None

    def _store(self, results, out, where, casting, dev):
        outs = out if isinstance(out, tuple) else (out,)
        if len(outs) != self.nout:
            raise ValueError(f"The 'out' tuple must have exactly {self.nout} entries: one per ufunc output")
        mask = None if where is True else where_mask(where, dev)
        stored = []
        for i, (r, o) in enumerate(zip(results, outs)):
            if o is None:
                shape = broadcast_shapes(r.shape, mask.shape) if mask is not None else r.shape
                o = _wrap(torch.zeros(shape, dtype=r.dtype, device=r.device))
            stored.append(store(r, o, casting, ufunc=self._np, index=i, broadcast=True, mask=mask))
        return tuple(stored) if self.nout > 1 else stored[0]

    # ------------------------------------------------------------ methods
    def outer(self, A, B, /, **kwargs):
        """``ufunc.outer``: apply to all pairs (result shape ``A.shape + B.shape``)."""
        if self.nin != 2:
            raise ValueError("outer product only supported for binary functions")
        if _host_objects(A, B):
            return run_on_host(self._np.outer, (A, B), kwargs, f"{self.__name__}.outer", host_only=True)
        from .._convert import asarray

        a, b = asarray(A), asarray(B)
        a = a.reshape(a.shape + (1,) * b.ndim)
        return self(a, b, **kwargs)

    def reduce(self, array, axis=0, dtype=None, out=None, keepdims=False, initial=_NOVALUE, where=True):
        """``ufunc.reduce``: reduce ``array`` along ``axis`` (int, tuple or None)."""
        from ._methods import reduce

        if type(array) is not ndarray and _host_objects(array):  # a pandas Series ...: NumPy's method dispatches to it (§3.3)
            return self._on_host("reduce", (array,), axis=axis, dtype=dtype, out=out, keepdims=keepdims,
                                 initial=initial, where=where)
        r = reduce(self, array, axis, dtype, out, keepdims, initial, where)
        return r if out is not None else result(r)  # a reduction to one value is NumPy's scalar (§1.3)

    def accumulate(self, array, axis=0, dtype=None, out=None):
        """``ufunc.accumulate``: running application along one axis."""
        from ._methods import accumulate

        if type(array) is not ndarray and _host_objects(array):
            return self._on_host("accumulate", (array,), axis=axis, dtype=dtype, out=out)
        return accumulate(self, array, axis, dtype, out)

    def reduceat(self, array, indices, axis=0, dtype=None, out=None):
        """``ufunc.reduceat``: reductions over slices ``indices[i]:indices[i+1]``."""
        from ._methods import reduceat

        if _host_objects(array, indices):
            return self._on_host("reduceat", (array, indices), axis=axis, dtype=dtype, out=out)
        return reduceat(self, array, indices, axis, dtype, out)

    def at(self, a, indices, b=None, /):
        """``ufunc.at``: unbuffered in-place operation on ``a[indices]`` (repeated indices accumulate)."""
        from ._methods import at

        if _host_objects(a, indices, b):
            return self._on_host("at", (a, indices) if b is None else (a, indices, b))
        return at(self, a, indices, b)

    def _on_host(self, method, args, **kwargs):
        """NumPy's ``method`` of this ufunc on host objects: the arguments left at their defaults are
        left out (pandas' ``__array_ufunc__`` takes only those it knows)."""
        defaults = {"axis": 0, "dtype": None, "out": None, "keepdims": False, "initial": _NOVALUE, "where": True}
        kwargs = {k: v for k, v in kwargs.items() if v is not defaults[k]}
        return run_on_host(getattr(self._np, method), args, kwargs, f"{self.__name__}.{method}", host_only=True)

    def resolve_dtypes(self, dtypes, *, signature=None, casting=None, reduction=False):
        """NumPy's ``ufunc.resolve_dtypes`` (the loop dtypes this ufunc uses)."""
        kw = {k: v for k, v in (("signature", signature), ("casting", casting)) if v is not None}
        return self._np.resolve_dtypes(dtypes, reduction=reduction, **kw)


class _Unary(ufunc):
    """One input, one output: the fast path is a kernel lookup by dtype."""

    __slots__ = ()

    def __call__(self, x, /, out=None, **options):
        tp = type(x)
        if out is None and not options:
            if tp is ndarray:
                h = x._h
                if h is None and x._t.numel() <= self._tiny:  # (a larger array need not look it up)
                    h = x._host_array()
                if type(h) is _NPA and h.size <= self._tiny and _device.CPU_VALUE_CHECKS and not _dynamo_compiling():
                    return host_result(self._np(h))  # tiny host data: NumPy's loop (_array.TINY_HOST)
                t = x._t
                try:
                    k, d = self._fast[x._d]
                except KeyError:
                    return self._first(x._d, (x._d,), (t,))
                try:
                    r = k(t)
                except RuntimeError as exc:
                    raise translate(exc, self.__name__, (t,)) from None
                w = _new(ndarray)
                w._t = r
                w._d = d
                w._h = False if h is False else None  # a device array's result stays off the host
                w._b = None
                return w if r.dim() else result(w)
            if tp in _SCALARS and not _multi_device[0] and _device.CPU_VALUE_CHECKS and not _dynamo_compiling():
                return self._np(x)  # a scalar on the host: NumPy's ufunc gives NumPy's scalar (§1.3, §3.3)
            if tp is _NPA and tiny_numpy(x, self._tiny) is not None:
                return host_result(self._np(x))  # a tiny numpy.ndarray is host data too: NumPy's loop (issue 23)
        return self._call((x,), out, options)


def _host_objects(*xs):
    """Whether an operand of a ufunc method is a host object NumPy hands back as its own type
    (a pandas Series, numpy.matrix ...: ``_boundary.answers_numpy_itself``, §3.3)."""
    for x in xs:
        tp = type(x)
        if tp is not ndarray and tp is not float and tp is not int and x is not None and answers_numpy_itself(tp):
            return True
    return False


class _Binary(ufunc):
    """Two inputs, one output: the fast path covers array-array and array-scalar."""

    __slots__ = ()

    def __call__(self, x1, x2, /, out=None, **options):
        if type(x1) is ndarray and out is None and not options:
            h = x1._h
            if h is None and x1._t.numel() <= self._tiny:  # (a larger array need not look it up)
                h = x1._host_array()
            tp = type(x2)
            if type(h) is _NPA and h.size <= self._tiny and _device.CPU_VALUE_CHECKS and not _dynamo_compiling():
                # tiny host data: NumPy's loop (_array.TINY_HOST)
                r = None
                if tp is ndarray:
                    h2 = x2._h
                    if h2 is None and x2._t.numel() <= self._tiny:
                        h2 = x2._host_array()
                    if type(h2) is _NPA and h2.size <= self._tiny:
                        r = self._np(h, h2)
                elif tp is float or tp is int or tp in _NP_SCALARS:  # NumPy's scalars: their NEP 50 types
                    r = self._np(h, x2)
                elif tp is _NPA and tiny_numpy(x2, self._tiny) is not None:  # host data as NumPy's (issue 23)
                    r = self._np(h, x2)
                if r is not None:
                    return host_result(r)
            a = x1._t
            if tp is ndarray:
                b = x2._t
                # torch itself rejects mixed devices except for 0-d CPU tensors; check only once
                # a non-CPU device is in use (§3.2), so CPU-only sessions pay nothing
                if _multi_device[0] and a.device != b.device:
                    raise _device.mismatch(a.device, b.device)
                da = x1._d
                db = x2._d
                key = da if da is db else (da, db)
            elif tp is float or tp is int:
                b = x2
                key = (x1._d, tp)
            else:
                return self._call((x1, x2), out, options)
            try:
                k, d = self._fast[key]
            except KeyError:
                return self._first(key, (x1._d, x2._d if tp is ndarray else tp), (a, b))
            try:
                r = k(a, b)
            except RuntimeError as exc:
                raise translate(exc, self.__name__, (a, b)) from None
            w = _new(ndarray)
            w._t = r
            w._d = d
            w._h = False if h is False else None  # a device array's result stays off the host
            w._b = None
            return w if r.dim() else result(w)
        if out is None and not options and type(x1) in _SCALARS and type(x2) in _SCALARS \
                and not _multi_device[0] and _device.CPU_VALUE_CHECKS and not _dynamo_compiling():
            return self._np(x1, x2)  # scalars on the host: NumPy's scalar arithmetic (§1.3, §3.3)
        if type(x2) is ndarray and out is None and not options and (type(x1) is float or type(x1) is int
                                                                     or type(x1) in _NP_SCALARS):
            h2 = tiny_host(x2)  # a scalar and tiny host data (2 * x, 1 - x): NumPy's loop (_array.TINY_HOST)
            if h2 is not None:
                return host_result(self._np(x1, h2))
        elif out is None and not options and (type(x1) is _NPA or type(x2) is _NPA):
            # a tiny numpy.ndarray is host data as a torchnp array's host view is (issue 23: SciPy calls
            # a model with NumPy's arrays): NumPy's loop beside a scalar or other tiny host data
            h1, h2 = self._tiny_operand(x1), self._tiny_operand(x2)
            if h1 is not None and h2 is not None:
                return host_result(self._np(h1, h2))
        return self._call((x1, x2), out, options)


class _MultiOutput(ufunc):
    """Ufuncs with two outputs (divmod, modf, frexp) or three inputs (clip): the general path only."""

    __slots__ = ()

    def __call__(self, *args, out=None, **options):
        return self._call(args, out, options)


def make(name, fn, **kw):
    """A ufunc object for NumPy's ufunc ``name`` computed by torch callable ``fn``."""
    np_uf = kw.pop("np_ufunc", None) or getattr(_np, name)
    cls = _MultiOutput if np_uf.nout > 1 or np_uf.nin > 2 else _Unary if np_uf.nin == 1 else _Binary
    return cls(name, fn, np_ufunc=np_uf, **kw)
