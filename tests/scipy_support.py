"""Differential tests of torchnp.scipy against SciPy itself (DESIGN §8.2).

``check_scipy(call("special.erf", x), rtol=...)`` runs SciPy on the NumPy inputs (the oracle),
then torchnp.scipy on the same inputs as torchnp arrays on ``support.DEVICE``, twice on the CPU:

- under the host rules: SciPy's own function runs, so results must be SciPy's exactly (values
  bit for bit, dtype, shape; torchnp arrays where SciPy returns arrays, SciPy's scalars as they
  are), and the NumPy inputs themselves give the same;
- under the accelerator rules (``_device.CPU_VALUE_CHECKS`` off, as tests/test_host_reads.py
  does): the torch implementation a GPU runs, compared within ``rtol``/``atol`` (scaled by
  the largest magnitude of SciPy's result), with SciPy's dtypes and shapes and 0-d arrays
  where SciPy gives scalars.

A call is one object (``call(name, *args, **kwargs)``), so the checker's own options can never
be taken for the function's arguments. Where SciPy raises, both paths must raise the same type
(``value_check=True``: the device path skips that check by design, §3.5).
On a real accelerator (``TORCHNP_DEVICE=cuda``) only the device comparison runs.
"""

import contextlib
import importlib
import warnings
from typing import NamedTuple

import numpy
import torch

import torchnp
import torchnp.scipy
from torchnp import _device
from support import DEVICE, ON_ACCELERATOR

ON_CPU = torch.device(DEVICE).type == "cpu"


class Call(NamedTuple):
    name: str  # "special.erf", "spatial.distance.cdist", "stats.norm.pdf"
    args: tuple
    kwargs: dict


def call(name, *args, **kwargs):
    """One call of SciPy's ``scipy.<name>`` with these arguments (NumPy arrays for array operands)."""
    return Call(name, args, kwargs)


def resolve(root, name):
    module, _, rest = name.partition(".")
    obj = importlib.import_module(f"{root}.{module}")
    for part in rest.split(".") if rest else ():
        obj = getattr(obj, part)
    return obj


@contextlib.contextmanager
def accelerator_rules():
    """The code a GPU runs, on the CPU: NumPy's value checks, kernels and scalars off (§7)."""
    saved, _device.CPU_VALUE_CHECKS = _device.CPU_VALUE_CHECKS, False
    try:
        yield
    finally:
        _device.CPU_VALUE_CHECKS = saved


def _convert(obj, make, depth=0, scalars=False):
    if isinstance(obj, numpy.ndarray) or (scalars and isinstance(obj, numpy.generic)):
        return make(obj)
    if depth < 2 and type(obj) in (list, tuple):
        return type(obj)(_convert(v, make, depth + 1, scalars) for v in obj)
    if depth < 2 and type(obj) is dict:
        return {k: _convert(v, make, depth + 1, scalars) for k, v in obj.items()}
    return obj


def _copies(c):
    return _convert(c.args, numpy.copy), _convert(c.kwargs, numpy.copy)


def _on_device(c):
    make = lambda a: torchnp.asarray(a.copy(), device=DEVICE)  # noqa: E731
    # on a real accelerator NumPy's scalars go there too (0-d arrays): a NumPy scalar is host data,
    # whose result stays on the host (§3.3), and the device path is what this checks
    return _convert(c.args, make, scalars=ON_ACCELERATOR), _convert(c.kwargs, make, scalars=ON_ACCELERATOR)


def scipy_result(c):
    """SciPy's answer (or exception) for call ``c``."""
    args, kwargs = _copies(c)
    try:
        return resolve("scipy", c.name)(*args, **kwargs), None
    except Exception as exc:  # noqa: BLE001 - the oracle's exception type is compared
        return None, exc


def ours(c, args=None, kwargs=None):
    if args is None:
        args, kwargs = _on_device(c)
    return resolve("torchnp.scipy", c.name)(*args, **kwargs)


def _fields(r):
    return tuple(getattr(r, f) for f in r._fields) if hasattr(r, "_fields") else tuple(r)


def assert_exact(got, exp, where="result"):
    """Host rules: SciPy's own result, arrays as CPU torchnp arrays with SciPy's bits."""
    if isinstance(exp, tuple):
        assert isinstance(got, tuple), f"{where}: {type(got).__name__} instead of {type(exp).__name__}"
        if hasattr(exp, "_fields"):
            assert type(got) is type(exp), f"{where}: {type(got)} instead of SciPy's {type(exp)}"
        for i, (g, e) in enumerate(zip(_fields(got), _fields(exp), strict=True)):
            assert_exact(g, e, f"{where}[{i}]")
        return
    if isinstance(exp, list):
        assert isinstance(got, list) and len(got) == len(exp), f"{where}: {got!r} != {exp!r}"
        for i, (g, e) in enumerate(zip(got, exp)):
            assert_exact(g, e, f"{where}[{i}]")
        return
    if type(exp) is numpy.ndarray:
        assert isinstance(got, torchnp.ndarray), f"{where}: {type(got).__name__} instead of a torchnp array"
        assert got.device.type == "cpu", where
        g = got.to_numpy()
        assert g.dtype == exp.dtype and g.shape == exp.shape, f"{where}: {g.dtype}{g.shape} != {exp.dtype}{exp.shape}"
        numpy.testing.assert_array_equal(g, exp, err_msg=where, strict=True)
        return
    if isinstance(exp, (numpy.generic, float, int, complex, bool)):
        assert type(got) is type(exp), f"{where}: {type(got).__name__} instead of SciPy's {type(exp).__name__}"
        numpy.testing.assert_array_equal(got, exp, err_msg=where)
        return
    assert type(got) is type(exp), f"{where}: {type(got).__name__} instead of SciPy's {type(exp).__name__}"


def _default_tolerance(dtype):
    # float64: far inside §8.2's 1e-6 (a torch formula a few ulps from SciPy's); float32 likewise
    return {"f": {4: 1e-5, 8: 1e-12, 2: 1e-2}, "c": {8: 1e-5, 16: 1e-12}}.get(dtype.kind, {}).get(dtype.itemsize, 0)


def assert_close(got, exp, rtol=None, atol=None, where="result"):
    """Accelerator rules: the torch implementation's result within tolerance of SciPy's, on the
    test device, SciPy's dtype and shape, 0-d arrays where SciPy returns scalars. ``atol`` a tuple:
    one per element of SciPy's tuple result (None: the default, rtol times the element's largest value)."""
    if isinstance(exp, (tuple, list)):
        assert isinstance(got, (tuple, list)), f"{where}: {type(got).__name__} instead of a sequence"
        if hasattr(exp, "_fields"):
            assert getattr(got, "_fields", None) == exp._fields, f"{where}: fields {getattr(got, '_fields', None)}"
        atols = atol if isinstance(atol, tuple) else (atol,) * len(exp)
        for i, (g, e, at) in enumerate(zip(_fields(got), _fields(exp), atols, strict=True)):
            assert_close(g, e, rtol, at, f"{where}[{i}]")
        return
    if isinstance(exp, (numpy.ndarray, numpy.generic)):
        assert isinstance(got, torchnp.ndarray), f"{where}: {type(got).__name__} instead of a torchnp array (host read?)"
        assert got.device == torch.device(DEVICE) or str(got.device).startswith(DEVICE), \
            f"{where}: on {got.device}, not {DEVICE}"
        g, e = got.to_numpy(), numpy.asarray(exp)
        assert g.shape == e.shape, f"{where}: shape {g.shape} != SciPy's {e.shape}"
        assert g.dtype == e.dtype, f"{where}: dtype {g.dtype} != SciPy's {e.dtype}"
        r = _default_tolerance(e.dtype) if rtol is None else rtol
        finite = numpy.abs(e[numpy.isfinite(e)]) if e.dtype.kind in "fc" else numpy.abs(e)
        scale = float(finite.max()) if finite.size and finite.max() > 0 else 1.0  # all zeros: an absolute rtol
        a = r * scale if atol is None else atol
        if e.dtype.kind in "fc":
            # plus 16 steps of the subnormal range, where each rounding is an absolute half step: a sum of
            # a few rounded products lands steps apart (norm.pdf(55.95, -0.43, 1.46): 5e-323 for SciPy's
            # 5.4e-323, seed 3106466359; a complex convolve2d of 2.6e-158 values: 3 steps, seed 1123982938)
            a = a + 16 * float(numpy.finfo(e.dtype).smallest_subnormal)
            numpy.testing.assert_allclose(g, e, rtol=r, atol=a, equal_nan=True, err_msg=where)
        else:
            numpy.testing.assert_array_equal(g, e, err_msg=where)
        return
    if isinstance(exp, (float, int, complex, bool)):
        g = got.item() if isinstance(got, torchnp.ndarray) else got
        numpy.testing.assert_allclose(g, exp, rtol=_default_tolerance(numpy.dtype(float)) if rtol is None else rtol)
        return
    assert type(got) is type(exp), f"{where}: {type(got).__name__} instead of SciPy's {type(exp).__name__}"


def _raises(fn, exc, where):
    try:
        fn()
    except Exception as e:  # noqa: BLE001
        assert isinstance(e, type(exc)), f"{where}: raised {type(e).__name__}: {e} where SciPy raised " \
                                         f"{type(exc).__name__}: {exc}"
        return
    raise AssertionError(f"{where}: returned where SciPy raised {type(exc).__name__}: {exc}")


def same_error(c):
    """SciPy's exception for call ``c``, type and message, on the torch path (accelerator rules)
    under ``errstate(invalid="raise")``, where the device path makes SciPy's value checks (§3.5)."""
    expected, exc = scipy_result(c)
    assert exc is not None, c.name
    with accelerator_rules() if ON_CPU else contextlib.nullcontext(), torchnp.errstate(invalid="raise"):
        try:
            ours(c)
        except type(exc) as e:
            assert str(e) == str(exc), f"{c.name}: {e} where SciPy says {exc}"
            return
    raise AssertionError(f"{c.name}: no {type(exc).__name__} where SciPy raised {exc}")


#: warnings SciPy gives from the shapes alone, which the device path gives too (§3.5: it reads no value
#: to warn, so NumPy's value warnings, "divide by zero encountered", are not among them)
SHAPE_WARNINGS = ("Degrees of freedom <= 0", "One or more sample arguments is too small")


def same_shape_warnings(c):
    """Call ``c``'s value and its shape warnings (``SHAPE_WARNINGS``) as SciPy's on the device path,
    with no warning of torch's (a UserWarning from torch's kernels: "var(): degrees of freedom ...")."""
    def shape_warnings(fn):
        with warnings.catch_warnings(record=True) as seen:
            warnings.simplefilter("always")
            result = fn()
        assert not [w for w in seen if w.category is UserWarning], [str(w.message) for w in seen]
        return result, sorted((w.category.__name__, str(w.message)) for w in seen
                              if str(w.message).startswith(SHAPE_WARNINGS))
    expected, want = shape_warnings(lambda: scipy_result(c)[0])
    with accelerator_rules() if ON_CPU else contextlib.nullcontext():
        got, have = shape_warnings(lambda: ours(c))
    assert have == want, f"{c.name}: warnings {have} where SciPy gives {want}"
    assert_close(got, expected, where=f"{c.name} (accelerator rules)")


def subnormal(v):
    """Where float64 values ``v`` are positive and below the normal range (SciPy is often inexact there)."""
    return (v > 0) & (v < numpy.finfo(numpy.float64).tiny)


def exact_where(mask, exact_at):
    """check_scipy's ``reference`` where SciPy is inexact: ``exact_at(i)`` (mpmath's value as a float,
    None to keep SciPy's) at the indices where ``mask`` holds, SciPy's values elsewhere; None where
    ``mask`` holds nowhere."""
    if not mask.any():
        return None

    def reference(expected):
        exact = numpy.array(expected, dtype=numpy.float64, copy=True)
        for i in zip(*numpy.nonzero(mask)):
            value = exact_at(i)
            if value is not None:
                exact[i] = value
        return exact

    return reference


def check_scipy(c, *, rtol=None, atol=None, value_check=False, reference=None, on_error=None, answer=None):
    """torchnp.scipy against SciPy for call ``c`` under both rule sets (module docstring).
    ``answer``, where given, is SciPy's right answer where its own call of ``c`` is wrong (documented in
    docs/scipy.md, computed by another SciPy call): both rule sets must give it, host data its bits.
    ``reference(expected)``, where given, is the device path's oracle where SciPy is inexact
    (mpmath's values there, SciPy's elsewhere); host data must still give SciPy's own bits.
    ``on_error(exc)``, where given, is the device path's oracle where SciPy raises ``exc`` for a
    finite true value (Boost's overflow policy: the device cannot raise per value, §3.5), None
    where SciPy's error stands; host data must still raise SciPy's error."""
    expected, exc = scipy_result(c) if answer is None else (answer, None)
    if ON_CPU:
        if exc is not None:
            _raises(lambda: ours(c), exc, f"{c.name} (host rules)")
        else:
            assert_exact(ours(c), expected, f"{c.name} (host rules)")
            assert_exact(ours(c, *_copies(c)), expected, f"{c.name} (NumPy inputs)")
    with accelerator_rules() if ON_CPU else contextlib.nullcontext():
        exact = on_error(exc) if exc is not None and on_error is not None else None
        if exact is not None:
            expected, exc = exact, None
        if exc is not None:
            if not value_check:
                _raises(lambda: ours(c), exc, f"{c.name} (accelerator rules)")
            return
        if reference is not None:
            expected = reference(expected)
        assert_close(ours(c), expected, rtol, atol, f"{c.name} (accelerator rules)")
