"""Differential-testing helpers: compare torchnp against NumPy itself.

- ``DEVICE``: where tests create arrays (``TORCHNP_DEVICE``, default: torchnp's default).
- ``tnp(a)``: a torchnp array on ``DEVICE`` from a NumPy array (an explicit copy).
- ``assert_like_numpy(actual, expected)``: same type family, shape, dtype and values.
- ``check(func_name, *np_args, compare=Compare(rtol, atol, dtype), **kw)``: run ``numpy.<name>``
  and ``torchnp.<name>`` on the same inputs (every keyword but ``compare`` is the function's) and
  compare results, or check that both raise the same exception type.
- ``SUPPORTED_DTYPES`` and hypothesis strategies over them.
"""

import contextlib
import math
import os
import re
from typing import NamedTuple

import numpy
import torch
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import torchnp

def _device_name(name):
    """``name`` as torchnp arrays report their device: an accelerator with its index ("cuda:0")."""
    dev = torch.device(name)
    if dev.type not in ("cpu", "meta") and dev.index is None:
        dev = torch.device(dev.type, getattr(torch, dev.type).current_device())
    return str(dev)


DEVICE = _device_name(os.environ.get("TORCHNP_DEVICE") or str(torchnp.get_default_device()))
#: the tests run on a real accelerator (``TORCHNP_DEVICE=cuda``): torch's kernels assert bad indices
#: on the device, which ends the process's use of it, so value checks run under errstate only there
ON_ACCELERATOR = torch.device(DEVICE).type not in ("cpu", "meta")

#: examples per property of the "ci" profile (tests/conftest.py); other profiles scale explicit caps
CI_EXAMPLES = 40


def examples(n):
    """An explicit per-test example cap ``n`` (meant for the "ci" profile) scaled by the active
    hypothesis profile: ``n * max_examples / 40``, so ``--hypothesis-profile=thorough`` (500)
    runs 12.5 times as many examples for every capped property too."""
    from hypothesis import settings

    return max(1, round(n * settings.default.max_examples / CI_EXAMPLES))

BOOL = [numpy.dtype(bool)]
SIGNED = [numpy.dtype(d) for d in ("int8", "int16", "int32", "int64")]
UNSIGNED = [numpy.dtype("uint8")]  # uint16/32/64 are partly supported by torch (§2.5)
INTEGER = SIGNED + UNSIGNED
FLOAT = [numpy.dtype(d) for d in ("float16", "float32", "float64")]
COMPLEX = [numpy.dtype(d) for d in ("complex64", "complex128")]
SUPPORTED_DTYPES = BOOL + INTEGER + FLOAT + COMPLEX
NUMERIC = INTEGER + FLOAT + COMPLEX
REAL = INTEGER + FLOAT


def tnp(a, **kw):
    """A torchnp array on DEVICE holding a copy of NumPy array/scalar ``a``."""
    kw.setdefault("copy", True)  # on the CPU asarray would share memory with ``a``
    return torchnp.asarray(numpy.asarray(a), device=DEVICE, **kw)


def host(x):
    """Explicit copy of a torchnp result to NumPy (recursing into tuples/lists)."""
    if isinstance(x, torchnp.ndarray):
        return x.to_numpy()
    if isinstance(x, (tuple, list)):
        return type(x)(host(v) for v in x)
    return x


def _tolerances(dtype):
    if dtype.kind in "fc":
        eps = numpy.finfo(dtype).eps
        return 64 * eps, 64 * eps
    return 0, 0


def tolerance(dtypes, ulps=64):
    """(rtol, atol): ``ulps`` machine epsilons of the loosest float/complex dtype in ``dtypes`` (exact otherwise)."""
    kinds = [numpy.dtype(d) for d in dtypes if numpy.dtype(d).kind in "fc"]
    if not kinds:
        return 0, 0
    eps = max(numpy.finfo(d).eps for d in kinds)
    return ulps * eps, ulps * eps


#: the device results of computations on DEVICE arrays must live on (§3.1: 'cuda' means 'cuda:0')
RESULT_DEVICE = torchnp.zeros(0, device=DEVICE).device


def assert_like_numpy(actual, expected, rtol=None, atol=None, check_dtype=True, err_msg="", device=None):
    """torchnp result ``actual`` equals NumPy result ``expected``: device (``device``, default the
    test device DEVICE), shape, dtype, values (NaN == NaN)."""
    if isinstance(expected, (tuple, list)):
        assert isinstance(actual, (tuple, list)), f"{err_msg}: expected a sequence, got {type(actual)}"
        assert len(actual) == len(expected), err_msg
        for a, e in zip(actual, expected):
            assert_like_numpy(a, e, rtol, atol, check_dtype, err_msg, device)
        return
    want = RESULT_DEVICE if device is None else torchnp.zeros(0, device=device).device
    if isinstance(expected, numpy.generic) and want.type == "cpu" and torchnp._device.CPU_VALUE_CHECKS:
        # §1.3: a scalar result from host data is NumPy's own scalar, of NumPy's type
        # (under --accelerator-rules a 0-d array, as on a device: the branch below)
        assert isinstance(actual, numpy.generic), f"{err_msg}: expected NumPy's scalar {type(expected)}, got {actual!r}"
        if check_dtype:
            assert type(actual) is type(expected), f"{err_msg}: {type(actual)} != {type(expected)}"
        r, a = _tolerances(expected.dtype)
        r, a = r if rtol is None else rtol, a if atol is None else atol
        rest = _same_special_parts(actual, expected, err_msg, r, a)
        numpy.testing.assert_allclose(*rest, rtol=r, atol=a, equal_nan=True, err_msg=err_msg)
        return
    if isinstance(expected, (numpy.ndarray, numpy.generic)):
        assert isinstance(actual, torchnp.ndarray), f"{err_msg}: expected torchnp.ndarray, got {type(actual)}"
        assert actual.device == want, f"{err_msg}: result on {actual.device}, expected {want}"
        got = actual.to_numpy()
        exp = numpy.asarray(expected)
        assert got.shape == exp.shape, f"{err_msg}: shape {got.shape} != {exp.shape}"
        if check_dtype:
            assert got.dtype == exp.dtype, f"{err_msg}: dtype {got.dtype} != {exp.dtype}"
        r, a = _tolerances(exp.dtype)
        r, a = r if rtol is None else rtol, a if atol is None else atol
        got, exp = _same_special_parts(got, exp, err_msg, r, a)
        numpy.testing.assert_allclose(got, exp, rtol=r, atol=a, equal_nan=True, err_msg=err_msg)
        return
    assert actual == expected or (actual != actual and expected != expected), f"{err_msg}: {actual!r} != {expected!r}"


def _same_special_parts(got, exp, err_msg, rtol, atol):
    """Complex results: where NumPy's value has a NaN or infinite part, the same parts, part by part:
    the non-finite part exactly, the other within the tolerance (assert_allclose takes any two
    complex values with a NaN part as equal: inf+nanj == nan+nanj)."""
    got, exp = numpy.asarray(got), numpy.asarray(exp)
    if exp.dtype.kind != "c" or got.dtype.kind != "c" or got.shape != exp.shape:
        return got, exp
    special = ~numpy.isfinite(exp.real) | ~numpy.isfinite(exp.imag)
    for part in (numpy.real, numpy.imag):
        g, e = part(got)[special], part(exp)[special]
        finite = numpy.isfinite(e)
        numpy.testing.assert_array_equal(g[~finite], e[~finite], err_msg=f"{err_msg}: non-finite complex parts differ")
        numpy.testing.assert_allclose(g[finite], e[finite], rtol=rtol, atol=atol,
                                      err_msg=f"{err_msg}: finite parts of non-finite complex values differ")
    return got[~special], exp[~special]  # the rest, for the caller's check


def accelerator_rules():
    """Whether the tests run under an accelerator's rules: on one (``ON_ACCELERATOR``), or on the CPU
    under its rules (``pytest --accelerator-rules``, DESIGN §7):
    0-d arrays where the host gives NumPy scalars (§1.3), NumPy's value checks only under
    ``np.errstate(invalid="raise")`` (§3.5, docs/devices.md)."""
    from torchnp import _device

    return ON_ACCELERATOR or not _device.CPU_VALUE_CHECKS


def raised(fn, *args, want=Exception, **kwargs):
    """The exception ``fn(*args, **kwargs)`` raises, or None. Under the accelerator rules a check
    NumPy makes by reading values runs only under ``np.errstate(invalid="raise")`` (§3.5,
    docs/devices.md "Functions that synchronise"), so a call that raises nothing, or something else
    than ``want`` (torch's CPU kernels check an index where a device's would assert later), is
    retried there; on a real accelerator it runs there only (a device-side assert would end the
    process's use of the device)."""
    exc = None
    attempts = (True,) if ON_ACCELERATOR else (False, True) if accelerator_rules() else (False,)
    for attempt in attempts:
        try:
            with numpy.errstate(invalid="raise") if attempt else contextlib.nullcontext():
                fn(*args, **kwargs)
        except Exception as e:  # noqa: BLE001 - the caller compares exception types
            exc = e
            if isinstance(e, want):
                return e
    return exc


def raises_like(exc_type, fn, *args, match=None, **kwargs):
    """``fn(*args, **kwargs)`` raises ``exc_type`` (or a subclass) as NumPy does (see ``raised``),
    with a message matching the regular expression ``match`` if given."""
    exc = raised(fn, *args, want=exc_type, **kwargs)
    if not isinstance(exc, exc_type):
        raise AssertionError(f"DID NOT RAISE {exc_type.__name__}" if exc is None else
                             f"raised {type(exc).__name__}: {exc}, expected {exc_type.__name__}") from exc
    if match is not None:
        import re

        assert re.search(match, str(exc)), f"{str(exc)!r} does not match {match!r}"


def outcome(fn):
    """``fn()``'s result as its ``repr`` (lists from ``tolist()`` compare NaN alike) or its exception's
    type name: two libraries' outcomes compared as strings."""
    try:
        return repr(fn())
    except Exception as exc:  # noqa: BLE001 - the oracle's exception type is compared
        return type(exc).__name__


def convert_args(args, device=None):
    """NumPy arrays/scalars in ``args`` -> torchnp arrays on DEVICE (recursing into lists/tuples)."""
    out = []
    for a in args:
        if isinstance(a, (numpy.ndarray, numpy.generic)):
            out.append(torchnp.asarray(a, device=device or DEVICE))
        elif isinstance(a, list) and any(isinstance(v, numpy.ndarray) for v in a):
            out.append([torchnp.asarray(v, device=device or DEVICE) for v in a])
        elif isinstance(a, tuple) and any(isinstance(v, numpy.ndarray) for v in a):
            out.append(tuple(torchnp.asarray(v, device=device or DEVICE) for v in a))
        else:
            out.append(a)
    return out


def _device_kwargs(kwargs):
    """On an accelerator, keyword arrays (weights, ...) on it too: NumPy arrays are host data (§3.3),
    and mixing them with device arrays raises. ``out=`` stays as given."""
    if not ON_ACCELERATOR:
        return kwargs
    names = [k for k in kwargs if k != "out"]
    return {**kwargs, **dict(zip(names, convert_args([kwargs[k] for k in names])))}


def resolve(namespace, name):
    obj = namespace
    for part in name.split("."):
        obj = getattr(obj, part)
    return obj


class Compare(NamedTuple):
    """How ``check`` compares results: tolerances (None: ``assert_like_numpy``'s default of 64 ulps
    of the result dtype, exact for integers) and whether dtypes must match. ``check`` takes it only
    as ``compare=``, so it can never be confused with the function's own ``rtol``/``atol``."""
    rtol: float | None = None
    atol: float | None = None
    dtype: bool = True


def check(name, *args, compare=Compare(), **kwargs):
    """Differential test of ``numpy.<name>`` vs ``torchnp.<name>`` on the same inputs.

    Every argument but ``compare`` (a ``Compare``) goes to both functions, ``rtol=``/``atol=``
    included: ``check("isclose", a, b, rtol=0.1)`` tests ``isclose(a, b, rtol=0.1)``.
    If NumPy raises, torchnp must raise an exception of the same type (or a subclass); a
    ``TypeError`` for an unexpected keyword fails instead (a comparison option passed as the
    function's argument would otherwise "pass" as an error test).
    """
    if not isinstance(compare, Compare):
        raise TypeError(f"check(compare=...) takes a support.Compare, not {type(compare).__name__}")
    np_func = resolve(numpy, name)
    tn_func = resolve(torchnp, name)
    try:
        with numpy.errstate(all="ignore"):
            expected = np_func(*args, **kwargs)
    except Exception as exc:  # noqa: BLE001 - we compare exception types
        if isinstance(exc, TypeError) and "unexpected keyword" in str(exc):
            raise AssertionError(f"numpy.{name} takes no such keyword ({exc}); comparison options go in "
                                 f"check(..., compare=Compare(rtol=..., atol=...))") from exc
        raises_like(type(exc), tn_func, *convert_args(args), **_device_kwargs(kwargs))
        return exc
    actual = tn_func(*convert_args(args), **_device_kwargs(kwargs))
    assert_like_numpy(actual, expected, compare.rtol, compare.atol, compare.dtype, err_msg=f"torchnp.{name}")
    return actual


def arrays(dtypes=NUMERIC, shape=None, min_dims=0, max_dims=3, min_side=0, max_side=5, elements=None):
    """Hypothesis strategy of NumPy arrays over torchnp's dtypes (finite values by default)."""
    shapes = hnp.array_shapes(min_dims=min_dims, max_dims=max_dims, min_side=min_side, max_side=max_side) \
        if shape is None else st.just(shape)

    def for_dtype(dt):
        el = elements
        if el is None and dt.kind == "f":
            el = {"allow_nan": False, "allow_infinity": False, "min_value": -1e3, "max_value": 1e3}
            if dt == numpy.float16:
                el.update(min_value=-100, max_value=100)
        elif el is None and dt.kind == "c":
            el = {"allow_nan": False, "allow_infinity": False, "max_magnitude": 1e3}
        return hnp.arrays(dt, shapes, elements=el)

    return st.sampled_from(list(dtypes)).flatmap(for_dtype)


def is_cuda():
    return torch.device(DEVICE).type == "cuda"


#: a number as NumPy prints one (the program tests compare printouts number by number)
PRINTED_NUMBER = re.compile(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")


def same_printout_on_a_device(actual, expected, rtol=1e-6, atol=1e-12):
    """A program's printout on a real accelerator against NumPy's: the same words, and every printed
    number NumPy's within rounding. CUDA's reductions add in another order than NumPy's pairwise
    sums (last digits), and a computed zero can print as ``-0.``, which also moves the padding
    (docs/devices.md, "On a real GPU"); so whitespace runs are not compared."""
    words = [" ".join(part.split()) for part in PRINTED_NUMBER.split(actual)]
    if words != [" ".join(part.split()) for part in PRINTED_NUMBER.split(expected)]:
        return False
    got, want = PRINTED_NUMBER.findall(actual), PRINTED_NUMBER.findall(expected)
    return len(got) == len(want) and all(
        g == w or math.isclose(float(g), float(w), rel_tol=rtol, abs_tol=atol) for g, w in zip(got, want))



class CudaScalarDivision(torch.overrides.TorchFunctionMode):
    """Torch's CUDA true division by a CPU scalar, on the CPU: CUDA's kernel
    (aten/src/ATen/native/cuda/BinaryDivTrueKernel.cu) divides a tensor by a Python number as
    ``a * (1 / b)``, the reciprocal in the operation's math type (float32 for float16/float32), which
    can lose a bit against the correctly rounded quotient NumPy (and torch's CPU kernel) give:
    ``49 / 49`` is ``0.9999999999999999`` there (the H200 run, 2026-11-28). Division by a tensor on
    the device, and every other operation, stays torch's own."""

    _DIVIDE = frozenset({torch.div, torch.divide, torch.true_divide, torch.Tensor.div, torch.Tensor.divide,
                         torch.Tensor.true_divide, torch.Tensor.__truediv__, torch.Tensor.__itruediv__,
                         torch.Tensor.div_, torch.Tensor.divide_, torch.Tensor.true_divide_})
    _IN_PLACE = frozenset({torch.Tensor.__itruediv__, torch.Tensor.div_, torch.Tensor.divide_,
                           torch.Tensor.true_divide_})

    def __torch_function__(self, func, types, args=(), kwargs=None):
        kwargs = kwargs or {}
        if func in self._DIVIDE and len(args) == 2 and isinstance(args[0], torch.Tensor) \
                and type(args[1]) in (int, float, bool) and kwargs.get("rounding_mode") is None \
                and not kwargs.get("out"):
            a, b = args
            rt = torch.result_type(a, b)
            if rt.is_floating_point or rt.is_complex:
                math_type = torch.float64 if rt in (torch.float64, torch.complex128) else torch.float32
                inv = torch.ones((), dtype=math_type) / torch.tensor(b, dtype=math_type)
                math_of = {torch.float64: torch.complex128, torch.float32: torch.complex64}
                r = a.to(math_of[math_type] if rt.is_complex else math_type) * inv
                r = r.to(rt)
                return a.copy_(r) if func in self._IN_PLACE else r
        return func(*args, **kwargs)


class FirstWriteWins(torch.overrides.TorchFunctionMode):
    """CUDA's ``index_put_`` (``t[idx] = v``) applies the writes to a repeated index in no set order
    (undefined in torch's documentation; the H200 run, 2026-11-28, wrote uint16 ``x[idx] = v`` so);
    on the CPU this mode applies them so that the *first* write wins (NumPy's sequential writes and
    torch's CPU kernel on few elements: the last), so a result that depends on the order shows it."""

    def __torch_function__(self, func, types, args=(), kwargs=None):
        kwargs = kwargs or {}
        if func is torch.Tensor.__setitem__:
            t, key, v = args
            keys = key if isinstance(key, tuple) else (key,)
            if isinstance(v, torch.Tensor) and v.numel() > 1 and any(
                    isinstance(k, torch.Tensor) and k.dtype is not torch.bool for k in keys):
                pos = torch.arange(t.numel(), device=t.device).view(t.shape)[key].reshape(-1)
                back = torch.arange(pos.numel() - 1, -1, -1, device=t.device)
                flat = t.reshape(-1).clone()
                flat[pos[back]] = torch.broadcast_to(v, t[key].shape).reshape(-1)[back]
                t.copy_(flat.view(t.shape))
                return None
        return func(*args, **kwargs)


class ParallelScan(torch.overrides.TorchFunctionMode):
    """A device's ``cumsum``/``cumprod`` of floats, on the CPU: a parallel scan (CUDA's: CUB's, in no
    documented order) adds in a tree order, here Hillis-Steele's doubling, in the dtype (float16 in
    float32, as CUDA's accumulator), where torch's CPU kernel folds left to right (float32 in
    float64). A result that relies on the left fold's running values shows it."""

    def __torch_function__(self, func, types, args=(), kwargs=None):
        kwargs = kwargs or {}
        if func in (torch.cumsum, torch.cumprod, torch.Tensor.cumsum, torch.Tensor.cumprod) \
                and args[0].is_floating_point() and kwargs.get("dtype") is None and not kwargs.get("out"):
            t = args[0]
            op = torch.add if func in (torch.cumsum, torch.Tensor.cumsum) else torch.mul
            dim = args[1] if len(args) > 1 else kwargs["dim"]
            x = (t.to(torch.float32) if t.dtype in (torch.float16, torch.bfloat16) else t).movedim(dim, -1)
            n, d = x.shape[-1], 1
            while d < n:
                x = torch.cat([x[..., :d], op(x[..., :n - d], x[..., d:])], -1)
                d *= 2
            return x.movedim(-1, dim).to(t.dtype)
        return func(*args, **kwargs)


class CudaHalfScalars(torch.overrides.TorchFunctionMode):
    """Torch's CUDA ``add``/``sub``/``mul``/``div`` of a float16 tensor and a Python number, on the
    CPU: CUDA's kernels compute in float32 with the number's own float32 value (torch's
    ``original_scalar_value``), where the CPU's first round it to float16 as NumPy's weak scalar
    (NEP 50): ``float16 54 + pi`` is 57.16 there, NumPy's 57.12 (the H200's float16 ``unwrap``)."""

    _OPS = {torch.add: torch.add, torch.Tensor.add: torch.add, torch.Tensor.__add__: torch.add,
            torch.Tensor.__radd__: torch.add, torch.sub: torch.sub, torch.subtract: torch.sub,
            torch.Tensor.sub: torch.sub, torch.Tensor.__sub__: torch.sub, torch.mul: torch.mul,
            torch.multiply: torch.mul, torch.Tensor.mul: torch.mul, torch.Tensor.__mul__: torch.mul,
            torch.Tensor.__rmul__: torch.mul, torch.div: torch.div, torch.true_divide: torch.div,
            torch.Tensor.div: torch.div, torch.Tensor.__truediv__: torch.div}

    def __torch_function__(self, func, types, args=(), kwargs=None):
        kwargs = kwargs or {}
        op = self._OPS.get(func)
        if op is not None and len(args) == 2 and not kwargs:
            a, b = args
            if type(b) in (int, float) and isinstance(a, torch.Tensor) and a.dtype is torch.float16:
                return op(a.to(torch.float32), torch.tensor(b, dtype=torch.float32)).to(torch.float16)
        return func(*args, **kwargs)
