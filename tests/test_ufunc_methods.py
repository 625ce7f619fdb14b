"""The ufunc methods reduce, accumulate, outer, at, reduceat (docs/design.md §5.2): differential
tests against NumPy for the binary ufuncs of the table, over dtypes, shapes, axes and options.
"""

import os
from unittest import mock

import numpy
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp
from numpy.exceptions import AxisError
import torch
from torch.utils._python_dispatch import TorchDispatchMode

import torchnp
from torchnp import _device
from torchnp._ufuncs._methods import _reorderable
from torchnp._ufuncs._table import UFUNCS

from host_reads import HostReads
from support import (accelerator_rules, assert_like_numpy, DEVICE, examples, raises_like, SUPPORTED_DTYPES, tnp,
                     tolerance)

BINARY = sorted({getattr(numpy, n).__name__ for n in UFUNCS
                 if getattr(numpy, n).nin == 2 and getattr(numpy, n).nout == 1})
# NumPy 2.4 bug: float power/arctan2 reduce along the innermost axis computes x[0] op x[-1];
# the reference below therefore always reduces a non-innermost axis (NumPy's generic loop)
# per-ufunc example count (the table has ~100 rows); TORCHNP_UFUNC_EXAMPLES raises it for stress runs
_FEW = settings(max_examples=int(os.environ.get("TORCHNP_UFUNC_EXAMPLES", examples(12))))


def _tol(*dtypes):
    return tolerance(dtypes, 256)


def _elements(dt, name):
    if dt.kind == "f":
        return st.floats(-4, 4, width=dt.itemsize * 8)
    if dt.kind == "c":
        return st.complex_numbers(max_magnitude=3, width=dt.itemsize * 8)
    if dt.kind in "iu":
        return st.integers(max(numpy.iinfo(dt).min, -4), min(numpy.iinfo(dt).max, 6))
    return None


@st.composite
def _operands(draw, name, shapes):
    """An array for ufunc ``name``: a supported dtype, elements its loops take (``_elements``)."""
    dt = draw(st.sampled_from(SUPPORTED_DTYPES))
    return draw(hnp.arrays(dt, shapes, elements=_elements(dt, name)))


def _same(np_call, tn_call, *dtypes):
    """Run both; same result (values, dtype, shape) or the same exception type."""
    try:
        with numpy.errstate(all="ignore"):
            expected = np_call()
    except Exception as exc:  # noqa: BLE001 - compare exception types
        raises_like(type(exc), tn_call)
        return None
    actual = tn_call()
    out_dt = [numpy.asarray(expected).dtype]
    assert_like_numpy(actual, expected, *_tol(*dtypes, *out_dt))
    return actual


def _np_reduce(uf, x, axis, **kw):
    """NumPy's reduce with the reduced axis kept off the innermost position (see the note above)."""
    if axis is None and x.ndim == 1 or isinstance(axis, tuple) and len(axis) == 1:
        axis = 0 if axis is None else axis[0]  # one axis all the same (found by a fresh seed: axis=None)
    if isinstance(axis, int) and x.ndim:
        axis = axis % x.ndim
        if "where" in kw and kw["where"] is not True:
            kw["where"] = numpy.asarray(kw["where"])[..., None]
        out = uf.reduce(numpy.stack([x, x], axis=-1), axis=axis, **kw)
        return out[..., 0] if out.ndim > 1 else out[0]  # out[0]: NumPy's scalar, as reduce(x) gives
    return uf.reduce(x, axis=axis, **kw)


@pytest.mark.parametrize("name", [n for n in BINARY if n != "ldexp"])  # ldexp.reduce: known gap (report)
@_FEW
@given(data=st.data())
def test_reduce_matches_numpy(name, data):
    """reduce with axis int/tuple/None, keepdims, dtype, initial, where (§5.2)."""
    x = data.draw(_operands(name, hnp.array_shapes(min_dims=1, max_dims=3, min_side=0, max_side=4)))
    axis = data.draw(st.one_of(st.none(), st.integers(-x.ndim, x.ndim - 1),
                               st.lists(st.integers(0, x.ndim - 1), unique=True, max_size=x.ndim).map(tuple)))
    kw = {"keepdims": data.draw(st.booleans())}
    if data.draw(st.booleans()):
        kw["initial"] = data.draw(st.sampled_from([1, 2, 0, True]))
    if data.draw(st.integers(0, 3)) == 0:
        kw["where"] = data.draw(hnp.arrays(numpy.bool_, x.shape[-1:]))
    if data.draw(st.integers(0, 4)) == 0:
        kw["dtype"] = data.draw(st.sampled_from(["float64", "int64", "float32", "complex128"]))
    uf_np, uf_tn = getattr(numpy, name), getattr(torchnp, name)
    tkw = dict(kw)
    if "where" in tkw:
        tkw["where"] = tnp(tkw["where"])
    _same(lambda: _np_reduce(uf_np, x, axis, **kw), lambda: uf_tn.reduce(tnp(x), axis=axis, **tkw), x.dtype)


@pytest.mark.parametrize("name", ["add", "multiply", "maximum", "minimum", "logical_and", "logical_or",
                                  "subtract", "divide", "bitwise_xor", "fmax", "logaddexp", "power"])
def test_reduce_special_values_and_defaults(name):
    """Default axis=0, NaN propagation (maximum vs fmax), out=, empty axes."""
    x = numpy.array([[1.0, numpy.nan, 3.0], [-2.0, 5.0, numpy.inf], [0.5, 2.0, -1.0]])
    uf_np, uf_tn = getattr(numpy, name), getattr(torchnp, name)
    _same(lambda: _np_reduce(uf_np, x, 0), lambda: uf_tn.reduce(tnp(x)), "float64")
    _same(lambda: uf_np.reduce(x, axis=()), lambda: uf_tn.reduce(tnp(x), axis=()), "float64")
    _same(lambda: uf_np.reduce(x[:, :0], axis=1), lambda: uf_tn.reduce(tnp(x)[:, :0], axis=1), "float64")
    _same(lambda: uf_np.reduce(x[:0], axis=0), lambda: uf_tn.reduce(tnp(x)[:0], axis=0), "float64")
    o_tn = tnp(numpy.zeros(3))
    try:
        with numpy.errstate(all="ignore"):
            expected = _np_reduce(uf_np, x, 1).astype(numpy.float64)
    except TypeError:
        return
    r = uf_tn.reduce(tnp(x), axis=1, out=o_tn)
    assert r is o_tn
    assert_like_numpy(o_tn, expected)


def test_reduce_errors():
    """Same exception types as NumPy for invalid reductions."""
    x = numpy.arange(6.0).reshape(2, 3)
    cases = [
        ("maximum", lambda m, a: m.maximum.reduce(a[:0], axis=0)),                      # empty, no identity
        ("subtract", lambda m, a: m.subtract.reduce(a, axis=(0, 1))),                   # not reorderable
        ("add", lambda m, a: m.add.reduce(a, axis=2)),                                  # AxisError
        ("add", lambda m, a: m.add.reduce(a, axis=(0, 0))),                             # duplicate axis
        ("sin", lambda m, a: m.sin.reduce(a)),                                          # not binary
        ("minimum", lambda m, a: m.minimum.reduce(a, where=a > 2)),                    # where without initial
        ("equal", lambda m, a: m.equal.reduce(a.astype(numpy.int32) if m is numpy else a.astype("int32"))),
        ("bitwise_or", lambda m, a: m.bitwise_or.reduce(a)),                           # no float loop
        ("divmod", lambda m, a: m.divmod.reduce(a)),                                    # two outputs
    ]
    for name, call in cases:
        with pytest.raises(Exception) as np_exc:
            call(numpy, x)
        with pytest.raises(type(np_exc.value)):
            call(torchnp, tnp(x))
    with pytest.raises(AxisError):
        torchnp.add.reduce(tnp(x), axis=-3)
    with pytest.raises(ValueError, match="zero-size array to reduction operation maximum which has no identity"):
        torchnp.maximum.reduce(tnp(x)[:0])


@pytest.mark.parametrize("name", BINARY)
@_FEW
@given(data=st.data())
def test_accumulate_matches_numpy(name, data):
    x = data.draw(_operands(name, hnp.array_shapes(min_dims=1, max_dims=3, min_side=0, max_side=4)))
    axis = data.draw(st.integers(-x.ndim, x.ndim - 1))
    dtype = data.draw(st.sampled_from([None, None, "float64", "int64"]))
    uf_np, uf_tn = getattr(numpy, name), getattr(torchnp, name)
    _same(lambda: uf_np.accumulate(x, axis=axis, dtype=dtype), lambda: uf_tn.accumulate(tnp(x), axis=axis, dtype=dtype),
          x.dtype)


@pytest.mark.parametrize("dtype", ["complex64", "complex128"])
def test_complex_quotients_after_a_special_value(dtype):
    """divide.accumulate/reduce of complex data through an infinite or NaN quotient: NumPy's kernel
    step by step ((1+0j) / 0j is inf+nanj, then / 1 is nan+nanj), not x0 / prod (a fresh draw found
    [1, 0, 1]: issue 24). 30 rows, past the tiny-array path."""
    inf, nan = numpy.inf, numpy.nan
    rows = [[1, 0, 1, 1], [1, 0, 0, 2], [complex(inf, 0), 1, 1, 1], [complex(inf, 5), 1 + 1j, 2, 1], [1, 2, 0, 1j],
            [complex(nan, 1), 2, 0, 1], [0, 0, 1, 1], [1e300, 1e-300, 1e-300, 1], [1 + 2j, 3 - 1j, 0.5j, 2]]
    x = numpy.array(rows * 4, dtype=dtype)[:30]
    for method in ("accumulate", "reduce"):
        with numpy.errstate(all="ignore"):
            _same(lambda: getattr(numpy.divide, method)(x, axis=1),
                  lambda: getattr(torchnp.divide, method)(tnp(x), axis=1), dtype)


@pytest.mark.parametrize("name", ["add", "subtract", "multiply", "divide"])
@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_running_values_stay_where_numpys_fold_leaves_the_finite_range(name, dtype):
    """NumPy folds in the dtype, one step at a time: a running value that overflows stays infinite (a
    product or quotient that underflows stays zero), with NumPy's sign, until NumPy's next step makes
    it NaN; a wider accumulator (torch's float32 cumsum/cumprod) or the closed form x0 / prod(rest)
    came back finite (a fresh draw found divide.at, issue 24). h * h overflows, t * t underflows to 0;
    30 rows, past the tiny-array path (docs/differences.md "Running folds")."""
    e = {"float32": 77, "float64": 615}[dtype]
    h, t, inf, nan, big = 2.0 ** e, 2.0 ** -e, numpy.inf, numpy.nan, numpy.finfo(dtype).max * 0.75
    rows = [[big, big, -big, 1], [-big, big, 2, inf], [big, -big, 5, inf], [h, h, t, t], [t, t, h, h],
            [h, t, h, 1], [t, h, t, 1], [h, h, h, 0], [t, t, t, inf], [h, -t, h, -2], [-t, h, -inf, 5],
            [t, h, 0, 5], [nan, 1, 2, 3], [1, 2, 3, 4], [0, 1, 2, 3], [big, big, -inf, 1], [-h, -h, -1, 2]]
    x = numpy.array(rows * 2, dtype=dtype)[:30]
    for method in ("accumulate", "reduce"):
        _same(lambda: getattr(getattr(numpy, name), method)(x, axis=1),
              lambda: getattr(getattr(torchnp, name), method)(tnp(x), axis=1), dtype)


@pytest.mark.parametrize("name", ["add", "multiply", "divide"])
@pytest.mark.parametrize("dtype", ["float16", "float32", "float64"])
def test_running_values_leave_the_finite_range_as_numpys_under_a_parallel_scan(monkeypatch, name, dtype):
    """A device's cumsum/cumprod is a parallel scan (``support.ParallelScan``: a tree order, in the
    dtype), not the CPU's left fold: off the host rules every float accumulate keeps NumPy's
    overflowed (or underflowed) running value, float64 too (the H200's float64 multiply.accumulate
    came back finite after h * h overflowed). Rows without cancellation, and no subtract (h - h - t):
    where NumPy's running value cancels a tree order adds otherwise (docs/devices.md) (§5.2)."""
    from torchnp import _device
    from support import ParallelScan

    monkeypatch.setattr(_device, "CPU_VALUE_CHECKS", False)
    e = {"float16": 9, "float32": 77, "float64": 615}[dtype]
    h, t, inf, nan, big = 2.0 ** e, 2.0 ** -e, numpy.inf, numpy.nan, float(numpy.finfo(dtype).max) * 0.75
    rows = [[big, big, -big, 1], [h, h, t, t], [t, t, h, h], [h, t, h, 1], [t, h, t, 1], [h, h, h, 0],
            [t, t, t, inf], [h, -t, h, -2], [-t, h, -inf, 5], [t, h, 0, 5], [nan, 1, 2, 3], [1, 2, 3, 4],
            [big, big, -inf, 1], [-h, -h, -1, 2], [big, big, 1, 1], [-big, -big, 2, -inf], [big, 2, -1, 0.5]]
    x = numpy.array(rows * 2, dtype=dtype)[:30]
    with numpy.errstate(all="ignore"):
        expected = getattr(numpy, name).accumulate(x, axis=1)
    with ParallelScan():
        got = getattr(torchnp, name).accumulate(torchnp.asarray(x, device="cpu"), axis=1)
    assert_like_numpy(got, expected, *_tol(dtype), device="cpu")


def test_divide_at_applies_repeated_indices_in_numpys_order():
    """divide.at with a repeated index divides in turn, as NumPy: through an overflow (1e30 / 1e-10 is
    inf in float32, then / 1e10 and / 13 stay inf) or an underflow to zero; the product of the divisors
    gave 1e30 (a fresh draw, issue 24). (Through the subnormals and back NumPy loses bits, torchnp
    does not: docs/differences.md "Running folds".)"""
    for a, b in (([1e30, 3.0], [1e-10, 1e10]), ([1e-30, 3.0], [1e30, 1e30]), ([7.0, 3.0], [3.0, 11.0]),
                 ([-1e-30, 3.0], [1e30, -numpy.inf])):
        for dtype in ("float32", "float64"):
            _same_divide_at(numpy.array(a, dtype), numpy.array([0, 1, 0, 0]),
                            numpy.array([b[0], 2.0, b[1], 13.0], dtype))


def _same_divide_at(a, pos, b):
    """``divide.at(a, pos, b)`` on a copy of ``a`` on each side: NumPy's result."""
    a_np, a_tn = a.copy(), tnp(a)
    with numpy.errstate(all="ignore"):
        numpy.divide.at(a_np, pos, b)
    torchnp.divide.at(a_tn, tnp(pos), tnp(b))
    assert_like_numpy(a_tn, a_np, *_tol(a.dtype))


@pytest.mark.parametrize("dtype", ["complex64", "complex128"])
def test_complex_quotient_past_overflow_is_not_divided_by_padding(dtype):
    """reduceat's shorter slice and at's target with fewer repeats: their quotient 1 / t / t overflows to
    inf+0j and stays so (NumPy skips the rest); dividing it by the padding's 1+0j gave inf+nanj (fresh
    seed 3460813545, issue 24) and nan+nanj for at (§5.2). 30 rows, past the tiny-array path."""
    t = 1e-20 if dtype == "complex64" else 1e-160
    x = numpy.array([[1, t, t, 2, 3]] * 30, dtype)
    _same(lambda: _np_reduceat(numpy.divide, x, [0, 3, 1]),
          lambda: torchnp.divide.reduceat(tnp(x), [0, 3, 1], axis=1), dtype)
    _same_divide_at(numpy.ones(30, dtype), numpy.array([0, 0, 1, 1, 1, 1]), numpy.array([t, t, 1, 1, 1, 1], dtype))


@pytest.mark.parametrize("name", ["multiply", "divide"])
def test_reduceat_of_one_element_slices_is_the_elements(name):
    """Every slice one element long: reduceat gives the elements themselves, not torch's prod from 1
    ((1+0j) * (inf+0j) is inf+nanj; §5.2, issue 24). 30 rows, past the tiny-array path."""
    x = numpy.array([[complex(numpy.inf, 0)], [complex(numpy.nan, 2)], [1 + 2j]] * 10, numpy.complex128)
    _same(lambda: getattr(numpy, name).reduceat(x, [0, 0], axis=1),
          lambda: getattr(torchnp, name).reduceat(tnp(x), [0, 0], axis=1), "complex128")


def _extreme_complex(dt):
    """Complex operands whose quotients leave the finite range: parts zero, about 1, huge or tiny (a
    running quotient overflows or underflows in two steps), infinite or NaN, either sign."""
    e = 30 if dt == numpy.complex64 else 250
    size = st.sampled_from([0.0, 1.0, 10.0 ** e, 10.0 ** -e, numpy.inf])
    part = st.one_of(st.builds(lambda m, f: m * f, size, st.sampled_from([-2.0, -1.0, -0.75, 0.5, 1.0, 1.5])),
                     st.just(numpy.nan))
    return st.builds(complex, part, part)


def _same_quotients(x, y):
    """``divide(x, y)`` as NumPy's. On an accelerator it is torch's kernel, NumPy's Smith step with its
    products fused into FMAs (docs/differences.md): where a finite quotient overflows, a part NumPy's
    step cancels to 0 can be inf or nan there ((-1e250+1.5e250j) / (-1e-250+1.5e-250j): NumPy
    inf+0j, torch inf+infj), so there only NumPy's infinite parts are compared."""
    with numpy.errstate(all="ignore"):
        expected = numpy.divide(x, y)
    got = torchnp.divide(tnp(x), tnp(y))
    if accelerator_rules():
        got = got.to_numpy()
        past = numpy.isfinite(x) & numpy.isfinite(y) & (y != 0) & ~numpy.isfinite(expected)
        for part in (numpy.real, numpy.imag):
            inf = past & numpy.isinf(part(expected))
            numpy.testing.assert_array_equal(part(got)[inf], part(expected)[inf])
        got, expected = tnp(got[~past]), expected[~past]
    assert_like_numpy(got, expected, *_tol(x.dtype))


@pytest.mark.parametrize("dtype", ["complex64", "complex128"])
@_FEW
@given(data=st.data())
def test_complex_divide_and_its_methods_past_overflow(dtype, data):
    """Complex divide with infinite, NaN, huge and tiny parts: the ufunc, reduce (also with where and
    initial), accumulate, reduceat and at give NumPy's special values. A skipped element (reduceat's
    padding, at's missing repeats, a where mask) is skipped, not divided by 1+0j, which turns an infinite
    running quotient's zero part NaN in NumPy's Smith step ((inf+0j) / 1 is inf+nanj; fresh seed
    3460813545's reduceat, issue 24). Rows of up to 12, 30 of them (past the tiny-array path)."""
    dt = numpy.dtype(dtype)
    elements = _extreme_complex(dt)
    x = data.draw(hnp.arrays(dt, st.tuples(st.just(30), st.integers(1, 12)), elements=elements))
    y = data.draw(hnp.arrays(dt, x.shape, elements=elements))
    n = x.shape[1]
    uf_tn = torchnp.divide
    _same_quotients(x, y)
    _same(lambda: _np_reduce(numpy.divide, x, 1), lambda: uf_tn.reduce(tnp(x), axis=1), dt)
    _same(lambda: numpy.divide.accumulate(x, axis=1), lambda: uf_tn.accumulate(tnp(x), axis=1), dt)
    where = data.draw(hnp.arrays(numpy.bool_, (n,)))
    start = data.draw(elements)
    _same(lambda: _np_reduce(numpy.divide, x, 1, where=where, initial=start),
          lambda: uf_tn.reduce(tnp(x), axis=1, where=tnp(where), initial=start), dt)
    idx = data.draw(st.lists(st.integers(0, n - 1), min_size=1, max_size=12))
    _same(lambda: _np_reduceat(numpy.divide, x, idx), lambda: uf_tn.reduceat(tnp(x), idx, axis=1), dt)
    pos = data.draw(hnp.arrays(numpy.int64, st.integers(1, 40), elements=st.integers(0, n - 1)))
    _same_divide_at(x[0], pos, data.draw(hnp.arrays(dt, pos.shape, elements=elements)))


def test_accumulate_out_nan_and_errors():
    x = numpy.array([[1.0, numpy.nan, 3.0], [4.0, -1.0, 0.5]])
    for name in ("maximum", "fmin", "add", "multiply", "logaddexp", "subtract"):
        _same(lambda: getattr(numpy, name).accumulate(x, axis=1),
              lambda: getattr(torchnp, name).accumulate(tnp(x), axis=1), "float64")
    assert_like_numpy(torchnp.add.accumulate(tnp(x[0]), axis=None), numpy.add.accumulate(x[0], axis=None))
    assert_like_numpy(torchnp.add.accumulate(tnp(x), axis=(1,)), numpy.add.accumulate(x, axis=(1,)))
    o_np, o_tn = numpy.zeros((2, 3)), tnp(numpy.zeros((2, 3)))
    numpy.add.accumulate(x, out=o_np)
    assert torchnp.add.accumulate(tnp(x), out=o_tn) is o_tn
    assert_like_numpy(o_tn, o_np)
    for call in (lambda m, a: m.add.accumulate(a, axis=2), lambda m, a: m.add.accumulate(a[0, 0]),
                 lambda m, a: m.sin.accumulate(a), lambda m, a: m.add.accumulate(a, axis=None),
                 lambda m, a: m.add.accumulate(a, axis=(0, 1)), lambda m, a: m.equal.accumulate(a)):
        with pytest.raises(Exception) as np_exc:
            call(numpy, x)
        with pytest.raises(type(np_exc.value)):
            call(torchnp, tnp(x))


@pytest.mark.parametrize("name", ["add", "subtract", "multiply", "power", "maximum", "arctan2", "less",
                                  "bitwise_and", "logical_xor", "hypot", "divmod", "left_shift"])
@_FEW
@given(data=st.data())
def test_outer_matches_numpy(name, data):
    a, b = (data.draw(_operands(name, hnp.array_shapes(min_dims=0, max_dims=2, max_side=3))) for _ in range(2))
    _same(lambda: getattr(numpy, name).outer(a, b), lambda: getattr(torchnp, name).outer(tnp(a), tnp(b)),
          a.dtype, b.dtype)


def test_outer_unary_raises():
    with pytest.raises(ValueError):
        numpy.sin.outer(numpy.ones(2), numpy.ones(2))
    with pytest.raises(ValueError):
        torchnp.sin.outer(tnp(numpy.ones(2)), tnp(numpy.ones(2)))


_AT_INDICES = [
    lambda n: numpy.array([0, 1, 1, 0, n - 1, 1]),
    lambda n: numpy.array([n - 1, -1, 0]),
    lambda n: slice(None, None, 2),
    lambda n: 1,
    lambda n: [0, 0, 0],
]


@pytest.mark.parametrize("name", ["add", "subtract", "multiply", "maximum", "minimum", "divide", "power",
                                  "bitwise_or", "logaddexp", "fmax", "negative", "square", "invert", "sqrt"])
@pytest.mark.parametrize("dtype", ["int32", "float64", "float32", "bool", "uint8", "complex128"])
@pytest.mark.parametrize("index", range(len(_AT_INDICES)))
def test_at_matches_numpy(name, dtype, index):
    """ufunc.at works in place; repeated indices accumulate (unbuffered), as NumPy."""
    a = numpy.array([3, 1, 4, 1, 5, 9]).astype(dtype)
    idx = _AT_INDICES[index](len(a))
    uf_np, uf_tn = getattr(numpy, name), getattr(torchnp, name)
    count = len(numpy.arange(6)[idx]) if not isinstance(idx, int) else 1
    b = numpy.array([2, 3, 1, 2, 1, 2][:count]).astype(dtype) if count > 1 else numpy.array(2).astype(dtype)
    args_np = (idx,) if uf_np.nin == 1 else (idx, b)
    a_np, a_tn = a.copy(), tnp(a)
    idx_tn = tnp(idx) if isinstance(idx, numpy.ndarray) else idx  # §3.3: indices are torchnp arrays too
    args_tn = (idx_tn,) if uf_np.nin == 1 else (idx_tn, tnp(b))
    try:
        with numpy.errstate(all="ignore"):
            uf_np.at(a_np, *args_np)
    except Exception as exc:  # noqa: BLE001
        raises_like(type(exc), uf_tn.at, a_tn, *args_tn)
        return
    assert uf_tn.at(a_tn, *args_tn) is None
    assert_like_numpy(a_tn, a_np, *_tol(dtype))


def test_at_multidimensional_scalars_views_and_errors():
    a = numpy.arange(12.0).reshape(3, 4)
    for name, idx, b in [("add", (numpy.array([0, 0, 2]), numpy.array([1, 1, 3])), 1.5),
                         ("multiply", (slice(None), 0), numpy.array([2.0, 3.0, 4.0])),
                         ("maximum", ([0, 0], [1, 1]), numpy.array([100.0, 50.0])),
                         ("subtract", numpy.array([1, 1]), numpy.array([1.0, 2.0, 3.0, 4.0]))]:
        a_np, a_tn = a.copy(), tnp(a)
        getattr(numpy, name).at(a_np, idx, b)
        idx_tn = tuple(tnp(i) if isinstance(i, numpy.ndarray) else i for i in idx) if isinstance(idx, tuple) else \
            tnp(idx) if isinstance(idx, numpy.ndarray) else idx
        getattr(torchnp, name).at(a_tn, idx_tn, tnp(b) if isinstance(b, numpy.ndarray) else b)
        assert_like_numpy(a_tn, a_np)
    # through a non-contiguous view: writes reach the parent
    a_np, a_tn = a.copy(), tnp(a)
    numpy.add.at(a_np.T, [0, 0, 1], 1.0)
    torchnp.add.at(a_tn.T, [0, 0, 1], 1.0)
    assert_like_numpy(a_tn, a_np)
    # int target with a float operand: NumPy casts the result back (unsafe)
    i_np, i_tn = numpy.arange(4), tnp(numpy.arange(4))
    numpy.add.at(i_np, [0, 0, 3], 1.5)
    torchnp.add.at(i_tn, [0, 0, 3], 1.5)
    assert_like_numpy(i_tn, i_np)
    for call in (lambda m, x: m.add.at(x, [0]), lambda m, x: m.negative.at(x, [0], 1.0),
                 lambda m, x: m.add.at(x, [7], 1.0), lambda m, x: m.add.at(x, [0, 1], [1.0, 2.0, 3.0]),
                 lambda m, x: m.divmod.at(x, [0], 1.0)):
        with pytest.raises(Exception) as np_exc:
            call(numpy, a.copy())
        with pytest.raises(type(np_exc.value)):
            call(torchnp, tnp(a))


@pytest.mark.parametrize("name", ["add", "multiply", "maximum", "minimum", "subtract", "logical_or", "bitwise_xor",
                                  "fmin", "divide"])
@_FEW
@given(data=st.data())
def test_reduceat_matches_numpy(name, data):
    x = data.draw(_operands(name, hnp.array_shapes(min_dims=1, max_dims=2, min_side=1, max_side=5)))
    axis = data.draw(st.integers(-x.ndim, x.ndim - 1))
    n = x.shape[axis]
    idx = data.draw(st.lists(st.integers(0, n), min_size=1, max_size=6))  # n itself is out of range
    dtype = data.draw(st.sampled_from([None, None, "float64"]))
    uf_np, uf_tn = getattr(numpy, name), getattr(torchnp, name)

    def ref():
        # per segment via the axis-safe reference reduce, so NumPy's innermost-axis bug cannot leak in
        r = uf_np.reduceat(x, idx, axis=axis, dtype=dtype)
        if name in ("subtract", "divide"):
            parts = []
            for j, s in enumerate(idx):
                e = idx[j + 1] if j + 1 < len(idx) else n
                seg = numpy.take(x, range(s, e), axis=axis) if s < e else numpy.take(x, [s], axis=axis)
                parts.append(numpy.expand_dims(_np_reduce(uf_np, seg, axis, dtype=dtype), axis))
            r = numpy.concatenate(parts, axis=axis).astype(r.dtype)
        return r

    _same(ref, lambda: uf_tn.reduceat(tnp(x), idx, axis=axis, dtype=dtype), x.dtype)


def test_reduceat_out():
    x = numpy.arange(8.0)
    o_np, o_tn = numpy.zeros(3), tnp(numpy.zeros(3))
    numpy.add.reduceat(x, [0, 4, 5], out=o_np)
    assert torchnp.add.reduceat(tnp(x), [0, 4, 5], out=o_tn) is o_tn
    assert_like_numpy(o_tn, o_np)


def test_reduce_dtype_defaults_to_out():
    """NumPy computes in out's dtype when dtype is not given (int8 sums do not wrap into a float64 out)."""
    x = numpy.array([100, 100, 100], dtype=numpy.int8)
    o_np, o_tn = numpy.zeros((), numpy.float64), tnp(numpy.zeros((), numpy.float64))
    numpy.add.reduce(x, out=o_np)
    torchnp.add.reduce(tnp(x), out=o_tn)
    assert_like_numpy(o_tn, o_np)


@pytest.mark.parametrize("name,in_dt,out_dt", [("add", "float64", "int64"), ("logical_and", "float64", "float64"),
                                               ("add", "int8", "float32"), ("maximum", "float32", "float64")])
def test_reduce_computes_in_out_dtype(name, in_dt, out_dt):
    x = numpy.array([[1.5, 2.5], [1.5, 4.0], [0.0, 1.0]]).astype(in_dt)
    o_np, o_tn = numpy.zeros(2, out_dt), tnp(numpy.zeros(2, out_dt))
    getattr(numpy, name).reduce(x, axis=0, out=o_np)
    assert getattr(torchnp, name).reduce(tnp(x), axis=0, out=o_tn) is o_tn
    assert_like_numpy(o_tn, o_np)


@pytest.mark.parametrize("name", ["add", "multiply", "maximum", "power"])
def test_at_with_values_viewing_the_target(name):
    # §5.2: b is a view of a (np.add.at(a, i, a[3:])): read before writing, as NumPy does
    a = numpy.arange(1.0, 7.0)
    x = tnp(a)
    getattr(numpy, name).at(a, [0, 1, 1], a[3:])
    getattr(torchnp, name).at(x, [0, 1, 1], x[3:])
    assert_like_numpy(x, a)


# ------------------------------------------------------------------ the engine's kernels (issue 14 item 4)
_KERNEL_NAMES = ["maximum", "minimum", "fmax", "fmin", "subtract", "divide", "copysign", "left_shift", "right_shift",
                 "bitwise_and", "bitwise_or", "bitwise_xor", "logical_and", "logical_or", "logical_xor", "equal",
                 "not_equal", "less", "greater_equal", "logaddexp", "logaddexp2", "hypot", "gcd", "add", "multiply"]
_WIDE_UINTS = [numpy.dtype(d) for d in ("uint16", "uint32", "uint64")]


def _long_elements(dt, name):
    if dt.kind == "f":
        return st.one_of(st.floats(-4, 4, width=dt.itemsize * 8),
                         st.sampled_from([numpy.nan, numpy.inf, -numpy.inf, 0.0, -0.0]))
    if dt.kind == "c" and name in ("multiply", "divide"):
        # complex infinities: NumPy's own answer depends on the grouping (inf*0 terms), so finite nonzero values
        part = st.floats(0.25, 2, width=dt.itemsize * 4)
        return st.builds(complex, part, part)
    if dt.kind == "c":
        part = st.one_of(st.floats(-3, 3, width=dt.itemsize * 4), st.sampled_from([numpy.nan, numpy.inf, 0.0]))
        return st.builds(complex, part, part)
    if dt.kind in "iu" and name in ("gcd", "add", "multiply", "subtract"):
        return st.integers(max(numpy.iinfo(dt).min, -1000), min(numpy.iinfo(dt).max, 1000))
    return None  # bool, or the whole integer range (bitwise ops and shifts are exact)


def _scan_tol(x, res):
    """Rounding NumPy's sequential order allows against another order, in result dtype ``res``:
    4 n eps relative, 4 n eps sum|x| absolute (exact for ints)."""
    if res.kind not in "fc":
        return 0, 0
    finite = numpy.abs(x[numpy.isfinite(x)].astype(numpy.complex128))
    eps = float(numpy.finfo(res).eps) * 4 * x.shape[-1]
    return eps, eps * (float(finite.sum()) + 1)


@pytest.mark.parametrize("name", _KERNEL_NAMES)
@_FEW
@given(data=st.data())
def test_engine_kernels_match_numpy_on_long_axes(name, data):
    """reduce and accumulate along axes up to 60 long, with NaN/inf/signed zeros, every dtype incl. uint16/32/64
    (closed forms, bool automata, bit planes, ranks: each must give NumPy's sequential answer)."""
    dt = data.draw(st.sampled_from(SUPPORTED_DTYPES + _WIDE_UINTS))
    assume(not (name == "gcd" and dt == numpy.uint64))  # no elementwise uint64 gcd in torch (§2.5)
    x = data.draw(hnp.arrays(dt, st.tuples(st.integers(1, 3), st.integers(1, 60)),
                             elements=_long_elements(dt, name)))
    uf_np, uf_tn = getattr(numpy, name), getattr(torchnp, name)
    for method in ("reduce", "accumulate"):
        try:
            with numpy.errstate(all="ignore"):
                if method == "accumulate":
                    expected = uf_np.accumulate(x, axis=1)
                elif dt == numpy.float16 and name in ("add", "multiply"):
                    # NumPy's float16 add/multiply loops carry float32 along the innermost axis (x.prod(axis=-1)
                    # of C-ordered data) and round per step along any other: torchnp carries float32, as CUDA
                    # (docs/differences.md; seed 2269285984: 0.5**25 * inf, inf or, per step, 0 * inf = NaN)
                    expected = uf_np.reduce(x, axis=1)
                else:
                    expected = _np_reduce(uf_np, x, 1)
        except TypeError:
            with pytest.raises(TypeError):
                getattr(uf_tn, method)(tnp(x), axis=1)
            continue
        assert_like_numpy(getattr(uf_tn, method)(tnp(x), axis=1), expected, *_scan_tol(x, expected.dtype))


@pytest.mark.parametrize("dtype", _WIDE_UINTS)
@pytest.mark.parametrize("name", ["maximum", "minimum", "add", "multiply", "bitwise_or", "fmax"])
def test_wide_unsigned_reductions_do_not_leak_torch_errors(name, dtype):
    """uint16/32/64 have no torch max/min/scatter kernels: the engine works around them, never NotImplementedError."""
    x = numpy.array([[3, 2 ** 15 + 7, 1], [numpy.iinfo(dtype).max, 0, 5]], dtype=dtype)
    uf_np, uf_tn = getattr(numpy, name), getattr(torchnp, name)
    for axis in (0, 1, None):
        _same(lambda: uf_np.reduce(x, axis=axis), lambda: uf_tn.reduce(tnp(x), axis=axis), dtype)
    _same(lambda: uf_np.accumulate(x, axis=1), lambda: uf_tn.accumulate(tnp(x), axis=1), dtype)
    _same(lambda: uf_np.reduceat(x, [0, 2, 1], axis=1), lambda: uf_tn.reduceat(tnp(x), [0, 2, 1], axis=1), dtype)
    if name in ("maximum", "minimum"):
        fn = name[:3]
        _same(lambda: getattr(numpy, fn)(x, axis=1), lambda: getattr(torchnp, fn)(tnp(x), axis=1), dtype)
    a_np, a_tn = x.copy(), tnp(x)
    uf_np.at(a_np, (numpy.array([0, 0, 1]), numpy.array([1, 1, 2])), numpy.array([4, 9, 2], dtype=dtype))
    uf_tn.at(a_tn, (tnp(numpy.array([0, 0, 1])), tnp(numpy.array([1, 1, 2]))), tnp(numpy.array([4, 9, 2], dtype=dtype)))
    assert_like_numpy(a_tn, a_np)


def _np_reduceat(uf_np, x, idx):
    """NumPy's ``reduceat(x, idx, axis=1)``; subtract, divide and power per slice through the axis-safe
    reduce (NumPy's innermost-axis bug stays out)."""
    r = uf_np.reduceat(x, idx, axis=1)
    if uf_np.__name__ in ("subtract", "divide", "power"):
        n = x.shape[1]
        cols = [_np_reduce(uf_np, x[:, s:(idx[j + 1] if j + 1 < len(idx) and idx[j + 1] > s else
                                          (s + 1 if j + 1 < len(idx) else n))], 1).astype(r.dtype)
                for j, s in enumerate(idx)]
        r = numpy.stack(cols, axis=1)
    return r


@pytest.mark.parametrize("name", ["add", "multiply", "maximum", "minimum", "subtract", "bitwise_or", "logical_and",
                                  "hypot", "fmax", "divide", "power", "gcd"])
@_FEW
@given(data=st.data())
def test_reduceat_overlapping_and_repeated_indices(name, data):
    """reduceat's rule: indices[i] >= indices[i+1] gives a[indices[i]]; slices may overlap (NumPy's
    running-window idiom ``add.reduceat(a, [0, 4, 1, 5, ...])[::2]``)."""
    x = data.draw(_operands(name, st.tuples(st.integers(1, 3), st.integers(1, 30))))
    # complex power of zero: NumPy's own answer depends on the grouping (divide by zero is NumPy's: issue 24)
    assume(not (name == "power" and x.dtype.kind == "c" and (x == 0).any()))
    n = x.shape[1]
    idx = data.draw(st.lists(st.integers(0, n - 1), min_size=1, max_size=12))
    uf_np, uf_tn = getattr(numpy, name), getattr(torchnp, name)
    _same(lambda: _np_reduceat(uf_np, x, idx), lambda: uf_tn.reduceat(tnp(x), idx, axis=1), x.dtype)
    _same(lambda: _np_reduceat(uf_np, x, idx), lambda: uf_tn.reduceat(tnp(x), tnp(numpy.array(idx)), axis=1), x.dtype)


@pytest.mark.parametrize("name", ["add", "multiply", "maximum", "minimum", "fmax", "fmin", "bitwise_or",
                                  "bitwise_xor", "logical_and", "logical_or", "hypot", "gcd", "logaddexp"])
@_FEW
@given(data=st.data())
def test_reduceat_with_device_indices_reads_none(name, data):
    """§3.5: with indices on an accelerator (here: value checks off, as there) a ufunc NumPy may
    regroup combines power-of-two blocks of the slices and never reads the indices."""
    dt = data.draw(st.sampled_from([d for d in SUPPORTED_DTYPES if d.kind != "c" and d not in
                                    (numpy.uint16, numpy.uint32, numpy.uint64)]))
    x = data.draw(hnp.arrays(dt, st.tuples(st.integers(1, 3), st.integers(1, 30)), elements=_elements(dt, name)))
    idx = numpy.array(data.draw(st.lists(st.integers(0, x.shape[1] - 1), min_size=1, max_size=12)))
    uf_np, uf_tn = getattr(numpy, name), getattr(torchnp, name)
    try:
        with numpy.errstate(all="ignore"):
            expected = uf_np.reduceat(x, idx, axis=1)
    except TypeError:  # no loop for the dtype: not this test's concern
        return
    if expected.dtype in (numpy.uint16, numpy.uint32, numpy.uint64):  # uint8 products: read (docs/devices.md)
        return
    with mock.patch.object(_device, "CPU_VALUE_CHECKS", False), HostReads() as hr:
        got = uf_tn.reduceat(tnp(x), tnp(idx), axis=1)
    assert not hr.reads
    assert_like_numpy(got, expected, *_tol(dt, expected.dtype))


@pytest.mark.parametrize("name, row, idx", [
    ("multiply", [0] + [4] * 15, [0]),  # NumPy's 0 * 4 * 4 ... stays 0; a float16 block 4**8 is inf, 0 * inf NaN
    ("multiply", [0] + [4] * 15, [3, 0]),
    ("add", [60000, 60000, -60000, -60000, 1], [0, 4]),  # NumPy's float32 running sum: 1; float16 blocks inf - inf
])
def test_reduceat_with_device_indices_float16_running_value(name, row, idx):
    """§3.5, §2.3: NumPy's float16 add/multiply loops carry a slice's running value in float32, so do
    the blocks of device indices (fresh seed 4002332669)."""
    x = numpy.array([row], numpy.float16)
    uf_np, uf_tn = getattr(numpy, name), getattr(torchnp, name)
    with numpy.errstate(all="ignore"):
        expected = uf_np.reduceat(x, idx, axis=1)
    with mock.patch.object(_device, "CPU_VALUE_CHECKS", False), HostReads() as hr:
        got = uf_tn.reduceat(tnp(x), tnp(numpy.array(idx)), axis=1)
    assert not hr.reads
    assert_like_numpy(got, expected, 0, 0)


@pytest.mark.parametrize("name", ["add", "subtract", "multiply", "maximum", "minimum", "logical_or", "logical_and",
                                  "bitwise_or", "bitwise_xor", "fmax", "divide", "logaddexp", "hypot", "gcd", "power",
                                  "copysign", "logical_xor", "equal"])
@pytest.mark.parametrize("dtype", ["bool", "int16", "float32", "complex64", "uint8"])
@_FEW
@given(data=st.data())
def test_at_repeated_indices_match_numpy(name, dtype, data):
    """ufunc.at is unbuffered: every occurrence of a repeated index applies (scatter kernels, no loop)."""
    dt = numpy.dtype(dtype)
    a = data.draw(hnp.arrays(dt, st.integers(1, 8), elements=_elements(dt, name)))
    idx = data.draw(hnp.arrays(numpy.int64, st.integers(0, 20), elements=st.integers(-len(a), len(a) - 1)))
    b = data.draw(hnp.arrays(dt, idx.shape, elements=_elements(dt, name)))
    # complex division by zero: NumPy's answer depends on the grouping (see the kernel tests)
    # (tiny divisors, whose quotients overflow, are NumPy's: the missing repeats are skipped, issue 24)
    assume(not (name == "divide" and dt.kind == "c" and (b == 0).any()))
    a_np, a_tn = a.copy(), tnp(a)
    try:
        with numpy.errstate(all="ignore"):
            getattr(numpy, name).at(a_np, idx, b)
    except (TypeError, ValueError) as exc:
        raises_like(type(exc), getattr(torchnp, name).at, a_tn, tnp(idx), tnp(b))
        return
    getattr(torchnp, name).at(a_tn, tnp(idx), tnp(b))
    if name == "power" and dt.kind == "c" and accelerator_rules():
        # npy_cpow's repeated products past overflow: torch's compiled product may fuse into an FMA
        # (-inf+infj for NumPy's nan+infj; docs/differences.md): non-finite where NumPy's is
        got = a_tn.to_numpy()
        past = ~numpy.isfinite(a_np)
        assert not numpy.isfinite(got[past]).any()
        a_tn, a_np = tnp(got[~past]), a_np[~past]
    assert_like_numpy(a_tn, a_np, *_tol(dt, "float32"))


@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_divide_reduce_through_the_subnormal_range(dtype):
    """NumPy rounds each running quotient: 5s / -1 / 2 is a tie between subnormal steps s, rounded to -2s,
    then / s gives -2. Host data take NumPy's left fold (§7); a device's closed form x0 / prod(rest)
    gives the exact quotient, -2.5 (docs/differences.md)."""
    from fractions import Fraction

    s = numpy.finfo(dtype).smallest_subnormal
    x = numpy.array([[5 * s, -1, 2, s], [3, 0.5, -4, 1]], dtype)
    got = torchnp.divide.reduce(tnp(x), axis=1)
    if accelerator_rules():
        exact = [float(Fraction(float(r[0])) / Fraction(float(r[1])) / Fraction(float(r[2])) / Fraction(float(r[3])))
                 for r in x]
        assert_like_numpy(got, numpy.array(exact, dtype))
    else:
        assert_like_numpy(got, numpy.divide.reduce(x, axis=1))
        numpy.testing.assert_array_equal(got.to_numpy()[:1], numpy.array([-2], dtype))


@pytest.mark.parametrize("shape, axis", [((1, 0), 0), ((0, 3), 0), ((2, 0), 1), ((0,), 0)])
@pytest.mark.parametrize("name", ["subtract", "add"])
def test_complex_accumulate_and_reduce_of_empty(name, shape, axis):
    """Complex sums and differences run on the real view: an empty one too (found by a fresh seed)."""
    a = numpy.zeros(shape, numpy.complex64)
    for method in ("accumulate", "reduce"):
        with numpy.errstate(all="ignore"):
            try:
                expected = getattr(getattr(numpy, name), method)(a, axis)
            except ValueError:
                with pytest.raises(ValueError):
                    getattr(getattr(torchnp, name), method)(tnp(a), axis)
                continue
        assert_like_numpy(getattr(getattr(torchnp, name), method)(tnp(a), axis), expected)


def test_index_errors_of_at_and_reduceat():
    """Out-of-range indices raise NumPy's IndexError (validated on the host, §3.5)."""
    x = numpy.arange(5.0)
    cases = [(lambda m, a, i: m.add.reduceat(a, i), ([0, 5], [-1], [2, 9, 1])),
             (lambda m, a, i: m.add.at(a, i, 1.0), ([0, 5], [-6], [2, 9, 1])),
             (lambda m, a, i: m.maximum.at(a, i, 1.0), ([0, 5], [-6]))]
    for call, bads in cases:
        for bad in bads:
            with pytest.raises(IndexError):
                call(numpy, x.copy(), bad)
            with pytest.raises(IndexError):
                call(torchnp, tnp(x), bad)
            raises_like(IndexError, call, torchnp, tnp(x), tnp(numpy.array(bad)))  # (a value check, §3.5)
    with pytest.raises(IndexError, match=r"index 5 out-of-bounds in add.reduceat \[0, 5\)"):
        torchnp.add.reduceat(tnp(x), [0, 5])


# ------------------------------------------------------------------ torch operations per call (issue 14 item 4)
class _OpCounter(TorchDispatchMode):
    """Counts the torch operations a call dispatches, and the host reads among them."""

    _SYNCS = ("_local_scalar_dense", "item", "nonzero", "is_nonzero", "equal")

    def __init__(self):
        super().__init__()
        self.ops = 0
        self.syncs = []

    def __torch_dispatch__(self, func, types, args=(), kwargs=None):
        self.ops += 1
        if func.__name__.split(".")[0] in self._SYNCS:
            self.syncs.append(func.__name__)
        return func(*args, **(kwargs or {}))


def _count(call):
    """Ops and host reads of ``call``, with the CPU's value checks and NumPy scalars off (as on an
    accelerator: tests/test_host_reads.py's switch)."""
    checks, _device.CPU_VALUE_CHECKS = _device.CPU_VALUE_CHECKS, False
    try:
        call()  # warm the caches (NumPy's dtype answers, kernels) of the same path outside the count
        with _OpCounter() as c:
            call()
    finally:
        _device.CPU_VALUE_CHECKS = checks
    return c


def _data(n, dtype):
    rng = numpy.random.default_rng(n)
    if dtype == "complex128":
        return rng.normal(size=n) + 1j * rng.normal(size=n)
    if dtype == "bool":
        return rng.random(n) < 0.5
    if dtype.startswith(("int", "uint")):
        return rng.integers(0, 100, size=n).astype(dtype)
    return rng.normal(size=n).astype(dtype)


_COUNTED = {
    "sum(where, initial)": ("float64", lambda x: torchnp.sum(x, where=x > 0, initial=1.0)),
    "max(axis, where)": ("float64", lambda x: torchnp.max(x.reshape(2, -1), axis=1, where=x.reshape(2, -1) > 0,
                                                          initial=0.0)),
    "nanmax": ("float64", lambda x: torchnp.nanmax(x)),
    "all(axis)": ("int64", lambda x: torchnp.all(x, axis=0)),
    "subtract.reduce": ("float64", lambda x: torchnp.subtract.reduce(x)),
    "divide.reduce": ("float64", lambda x: torchnp.divide.reduce(x)),
    "maximum.reduce complex": ("complex128", lambda x: torchnp.maximum.reduce(x)),
    "maximum.reduce uint32": ("uint32", lambda x: torchnp.maximum.reduce(x)),
    "bitwise_xor.reduce": ("int32", lambda x: torchnp.bitwise_xor.reduce(x)),
    "equal.reduce bool": ("bool", lambda x: torchnp.equal.reduce(x)),
    "add.accumulate": ("float32", lambda x: torchnp.add.accumulate(x)),
    "subtract.accumulate int": ("int64", lambda x: torchnp.subtract.accumulate(x)),
    "subtract.accumulate float": ("float64", lambda x: torchnp.subtract.accumulate(x)),
    "divide.accumulate": ("float64", lambda x: torchnp.divide.accumulate(x)),
    "maximum.accumulate complex": ("complex128", lambda x: torchnp.maximum.accumulate(x)),
    "minimum.accumulate uint32": ("uint32", lambda x: torchnp.minimum.accumulate(x)),
    "fmax.accumulate": ("float64", lambda x: torchnp.fmax.accumulate(x)),
    "bitwise_or.accumulate": ("int16", lambda x: torchnp.bitwise_or.accumulate(x)),
    "less.accumulate bool": ("bool", lambda x: torchnp.less.accumulate(x)),
    "logaddexp.accumulate": ("float64", lambda x: torchnp.logaddexp.accumulate(x)),
    "left_shift.accumulate": ("int64", lambda x: torchnp.left_shift.accumulate(x)),
    "add.reduceat": ("float64", lambda x: torchnp.add.reduceat(x, [0, 3, 1, 7, 7, 2])),
    "maximum.reduceat": ("float64", lambda x: torchnp.maximum.reduceat(x, [0, 3, 1, 7, 7, 2])),
    "bitwise_or.reduceat": ("int32", lambda x: torchnp.bitwise_or.reduceat(x, [0, 3, 1, 7, 7, 2])),
    "subtract.reduceat": ("float64", lambda x: torchnp.subtract.reduceat(x, [0, 3, 1, 7, 7, 2])),
    "add.at": ("float64", lambda x: torchnp.add.at(x, torchnp.asarray(numpy.arange(x.size) % 7, device=x.device), x)),
    "multiply.at": ("float64", lambda x: torchnp.multiply.at(x, torchnp.asarray(numpy.arange(x.size) % 7,
                                                                                   device=x.device), 1.0)),
    "maximum.at": ("int32", lambda x: torchnp.maximum.at(x, torchnp.asarray(numpy.zeros(x.size, int),
                                                                              device=x.device), x)),
    "logical_or.at": ("bool", lambda x: torchnp.logical_or.at(x, torchnp.asarray(numpy.arange(x.size) % 3,
                                                                                   device=x.device), x)),
}


@pytest.mark.parametrize("case", sorted(_COUNTED))
def test_torch_op_count_does_not_grow_with_n(case):
    """reduce/accumulate/reduceat/at issue a fixed number of torch operations: 100, 1000 and 100000
    elements dispatch (almost) the same count, and none of them reads device data on the host (§3.5).
    (At most 64 host elements run NumPy's own code and make their tensors lazily, _array.TINY_HOST:
    another count, so the sizes start above it; the count depended on which test ran first.)"""
    dtype, call = _COUNTED[case]
    call(tnp(_data(100, dtype)))  # first calls fill per-dtype caches (reduce dtypes, kernel probes): not counted
    counts = []
    for n in (100, 1000, 100000):
        c = _count(lambda: call(tnp(_data(n, dtype))))
        assert not c.syncs, f"{case}: host reads {c.syncs}"
        counts.append(c.ops)
    # divide: the closed form's exponents and mantissas and NumPy's running values past the finite range
    assert counts[0] <= (120 if case.startswith("divide") else 80), f"{case}: {counts[0]} torch ops for 100 elements"
    assert max(counts) - min(counts) <= 2, f"{case}: torch op counts grow with n: {counts}"


# fake tensors cannot run copy_ into a bool "cuda" tensor on a CPU-only torch (a limit of the fake mode)
_FAKE_UNSUPPORTED = {"logical_or.at"}


@pytest.mark.parametrize("case", sorted(set(_COUNTED) - _FAKE_UNSUPPORTED))
def test_no_host_read_on_fake_cuda(case):
    """The same calls on fake ``cuda`` tensors (torch's FakeTensorMode, no GPU needed): any host read
    raises there, so the engine's paths read nothing on accelerators; the result stays on cuda:0 (§3.5)."""
    from torch._subclasses.fake_tensor import FakeTensorMode

    dtype, call = _COUNTED[case]
    real = call(tnp(_data(1000, dtype)))
    with FakeTensorMode(allow_non_fake_inputs=True):
        x = torchnp.from_torch(torch.empty(1000, dtype=tnp(numpy.zeros(0, dtype)).tensor.dtype, device="cuda"))
        r = call(x)
    if r is None:  # ufunc.at works in place
        r, real = x, None
    assert str(r.device) == "cuda:0"
    if real is not None:
        assert r.shape == real.shape and r.dtype == real.dtype


@pytest.mark.parametrize("name,dtype", [("bitwise_or", "int32"), ("fmax", "float64"), ("divide", "float64"),
                                        ("logical_xor", "bool")])
def test_grouped_at_op_count_is_constant(name, dtype):
    """ufunc.at of ufuncs without a scatter kernel: one engine reduction over every target, not a
    loop over repeats (two documented host reads size its layout)."""
    counts = []
    for n in (10, 1000, 100000):
        def call():
            x = tnp(_data(n, dtype))
            getattr(torchnp, name).at(x, torchnp.asarray(numpy.arange(n) % 3, device=x.device), x)
        c = _count(call)
        assert len(c.syncs) <= 2, c.syncs  # the layout's two sizes
        counts.append(c.ops)
    assert max(counts) - min(counts) <= 2, counts


@pytest.mark.parametrize("name", ["add", "maximum", "bitwise_or"])
def test_reduceat_empty_indices(name):
    x = numpy.arange(6).reshape(2, 3)
    _same(lambda: getattr(numpy, name).reduceat(x, [], axis=1),
          lambda: getattr(torchnp, name).reduceat(tnp(x), [], axis=1), x.dtype)
