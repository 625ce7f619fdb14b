"""Reductions (sum/prod/extrema/logic/cumulative/differences) against NumPy itself (§5.1, §1.3, §2.3, §7)."""

import re
import warnings

import numpy
import pytest
import torch
from hypothesis import given
from hypothesis import strategies as st
from numpy.exceptions import AxisError

import torchnp
from support import (accelerator_rules, arrays, assert_like_numpy, check, Compare, COMPLEX, DEVICE, NUMERIC, outcome,
                     REAL, raises_like, SUPPORTED_DTYPES, tnp)


def tolerances(a):
    """Tolerances for reductions whose summation order differs from NumPy's (pairwise vs cascade)."""
    a = numpy.asarray(a)
    if a.dtype.kind not in "fc":
        return Compare()
    eps = float(numpy.finfo(a.dtype).eps)
    scale = float(numpy.nansum(numpy.abs(a.astype(numpy.complex128)))) + 1.0 if a.size else 1.0  # NaNs: no tolerance of NaN
    return Compare(rtol=64 * eps, atol=8 * eps * scale * (8 if a.dtype == numpy.float16 else 1))


@st.composite
def array_and_axis(draw, dtypes=NUMERIC, tuples=True, errors=True, min_side=0, max_dims=3):
    a = draw(arrays(dtypes, max_dims=max_dims, max_side=4, min_side=min_side))
    nd = a.ndim
    lo, hi = (-nd - 1, nd) if errors else (-nd, nd - 1)
    choices = [st.none()]
    if hi >= lo:
        choices.append(st.integers(lo, hi))
    if tuples and nd:
        choices.append(st.lists(st.integers(-nd, nd - 1), max_size=nd).map(tuple))
    axis = draw(st.one_of(*choices))
    return a, axis


# -------------------------------------------------------------- sums and products (§5.1, §2.3)
@pytest.mark.parametrize("name", ["sum", "prod", "nansum", "nanprod"])
@given(data=array_and_axis(), keepdims=st.booleans())
def test_sum_prod_axis_keepdims(name, data, keepdims):
    a, axis = data
    if name in ("prod", "nanprod") and a.dtype.kind in "fc":
        a = numpy.clip(a.real, -2, 2).astype(a.dtype) if a.dtype.kind == "f" else a / (1 + numpy.abs(a))
    # products of at most 64 factors clipped to |x| <= 2 (complex: |x| < 1): 64 ulps relative, and
    # (float16: 10 ulps of 1) absolute for results that cancel to subnormal-size values
    eps = float(numpy.finfo(a.dtype).eps) if a.dtype.kind in "fc" else 0.0
    cmp = Compare(rtol=64 * eps, atol=(10 if a.dtype == numpy.float16 else 1) * eps) \
        if name in ("prod", "nanprod") else tolerances(a)
    check(name, a, axis=axis, keepdims=keepdims, compare=cmp)


@pytest.mark.parametrize("dtype, expected", [("int8", "int64"), ("uint8", "uint64"), ("bool", "int64"),
                                             ("int32", "int64"), ("float32", "float32"),
                                             ("float16", "float16"), ("complex64", "complex64")])
def test_sum_result_dtype(dtype, expected):
    # §2.3: result dtypes as NumPy (small ints widen to the platform int)
    a = numpy.ones((2, 3), dtype=dtype)
    r = torchnp.sum(tnp(a))
    assert r.dtype == numpy.dtype(expected) == numpy.sum(a).dtype
    assert torchnp.prod(tnp(a)).dtype == numpy.prod(a).dtype
    assert torchnp.cumsum(tnp(a)).dtype == numpy.cumsum(a).dtype


@given(a=arrays(NUMERIC, max_dims=2, max_side=4), dtype=st.sampled_from(["int64", "float64", "float32", "complex128"]))
def test_sum_prod_mean_var_dtype_argument(a, dtype):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", numpy.exceptions.ComplexWarning)
        tol = tolerances(a.astype(dtype) if numpy.dtype(dtype).kind in "fc" else a)
        check("sum", a, dtype=dtype, compare=tol)
        if a.size:
            check("mean", a, dtype=dtype, compare=tol)  # the sum's rounding, divided by n
        if a.size > 1 and numpy.dtype(dtype).kind in "fc":  # complex data, real dtype: NumPy's complex deviations
            check("var", a, dtype=dtype, compare=tol)
        check("cumsum", a, dtype=dtype, compare=tol)


@pytest.mark.parametrize("name", ["sum", "prod", "max", "min"])
@given(a=arrays(REAL, max_dims=2, max_side=4, min_side=1), data=st.data())
def test_where_initial(name, a, data):
    where = data.draw(st.sampled_from([True, a > 0, numpy.array([True, False] * 2)[:a.shape[-1]] if a.ndim else True]))
    initial = data.draw(st.sampled_from([numpy._NoValue, 1, 5]))
    kw = {} if initial is numpy._NoValue else {"initial": initial}
    for axis in (None, 0) if a.ndim else (None,):
        if name == "prod" and a.dtype == numpy.float16 and accelerator_rules():
            # NumPy's float16 product carries float32 within an inner loop and rounds between loops, where
            # the layout and mask put them ([[41, 41, 41], [41, 41, 0]] with where=[T, F, T]: NaN); a device
            # carries float32 throughout (0): NumPy's value or the float32-carried one (docs/differences.md)
            got = torchnp.prod(tnp(a), axis=axis, where=where if where is True else tnp(where), **kw)
            with numpy.errstate(all="ignore"):
                options = [numpy.prod(a, axis=axis, where=where, **kw),
                           numpy.prod(a.astype(numpy.float32), axis=axis, where=where, **kw).astype(numpy.float16)]
            assert any(outcome(lambda o=o: assert_like_numpy(got, o, *tolerances(a)[:2])) == "None" for o in options)
            continue
        check(name, a, axis=axis, where=where, **kw, compare=tolerances(a))


def test_float16_product_with_a_mask_or_across_rows_is_numpys_on_the_host():
    # NumPy rounds its float16 running product between inner loops (CI seed 3178964140): host data take
    # NumPy's own reduce; a device carries float32 (docs/differences.md)
    a = numpy.array([[41.0, 41.0, 41.0], [41.0, 41.0, 0.0]], numpy.float16)
    b = numpy.array([[41.0, 41.0], [41.0, 41.0], [41.0, 41.0], [0.0, 0.0]], numpy.float16)
    cases = [(a, None, numpy.array([True, False, True])), (b, 0, True), (b.T, 1, True), (a, 0, numpy.array([True, False, True]))]
    for x, axis, where in cases:
        with numpy.errstate(all="ignore"):
            expected = numpy.prod(x, axis=axis, where=where)
        got = torchnp.prod(tnp(x), axis=axis, where=where if where is True else tnp(where))
        carried = numpy.prod(x.astype(numpy.float32), axis=axis, where=where).astype(numpy.float16)
        assert_like_numpy(got, carried if accelerator_rules() else expected, rtol=0, atol=0)


@pytest.mark.parametrize("name", ["prod", "nanprod", "multiply.reduce"])
def test_float16_product_carries_float32_as_numpy(name):
    """NumPy's float16 multiply loop keeps the running product in float32 (CUDA's prod too): 41**3
    passes float16's range before the 0, where a float16 running product gives inf * 0 = NaN (torch's
    CPU prod; CI seed 2257378924 under the accelerator rules)."""
    a = numpy.array([41.0, 41.0, 41.0, 0.0], numpy.float16)
    for kw in ({}, {"axis": 0}, {"where": numpy.array([True] * 4)} if name != "multiply.reduce" else {}):
        check(name, a, **kw, compare=Compare(rtol=0, atol=0))
    check(name, numpy.stack([a, a[::-1] + 1]), axis=1, compare=Compare(rtol=0, atol=0))


def test_where_without_initial_raises_as_numpy():
    a = numpy.arange(6.0).reshape(2, 3)
    check("max", a, where=a > 2)  # ValueError: maximum has no identity
    check("sum", a, where=a > 2, axis=1)


@pytest.mark.parametrize("name", ["sum", "prod", "max", "min", "mean", "all", "any", "cumsum", "argmax"])
def test_out_argument(name):
    a = numpy.arange(1, 13, dtype=numpy.float64).reshape(3, 4)
    expected = getattr(numpy, name)(a, axis=0)
    out = torchnp.zeros(expected.shape, dtype=expected.dtype, device=DEVICE)
    r = getattr(torchnp, name)(tnp(a), axis=0, out=out)
    assert r is out
    assert_like_numpy(out, expected)
    bad = torchnp.zeros((7,), dtype=expected.dtype, device=DEVICE)
    with pytest.raises(ValueError):
        getattr(torchnp, name)(tnp(a), axis=0, out=bad)


# -------------------------------------------------------------- extrema (NaN, empty, complex)
@pytest.mark.parametrize("name", ["max", "min", "amax", "amin", "nanmax", "nanmin", "ptp"])
@given(data=array_and_axis(SUPPORTED_DTYPES), keepdims=st.booleans())
def test_extrema(name, data, keepdims):
    a, axis = data
    check(name, a, axis=axis, keepdims=keepdims)


@pytest.mark.parametrize("name", ["argmax", "argmin", "nanargmax", "nanargmin"])
@given(data=array_and_axis(SUPPORTED_DTYPES, tuples=False), keepdims=st.booleans())
def test_argextrema(name, data, keepdims):
    a, axis = data
    check(name, a, axis=axis, keepdims=keepdims)


@pytest.mark.parametrize("name", ["argmax", "argmin", "nanargmax", "nanargmin"])
def test_argextrema_keepdims_without_axis(name):
    """axis=None with keepdims=True: the flat index in an array of ones of the input's dimension
    (explicit cases: the drawn examples need not meet this combination on arrays of 1-3 dims)."""
    rng = numpy.random.default_rng(0)
    for shape in ((5,), (3, 4), (2, 3, 4), (70, 2)):
        a = rng.standard_normal(shape)
        check(name, a, keepdims=True)
        check(name, a.astype(numpy.int32), axis=None, keepdims=True)
        check(name, a + 1j * a[..., ::-1], keepdims=True)


@pytest.mark.parametrize("name", ["max", "min", "argmax", "argmin", "ptp", "sum", "prod"])
def test_nan_propagates(name):
    a = numpy.array([[1.0, numpy.nan, 3.0], [4.0, 5.0, -1.0]])
    for axis in (None, 0, 1):
        check(name, a, axis=axis)


@pytest.mark.parametrize("name", ["nanmax", "nanmin", "nansum", "nanprod", "nanargmax", "nanargmin",
                                  "nancumsum", "nancumprod"])
def test_nan_ignored(name):
    a = numpy.array([[1.0, numpy.nan, 3.0], [4.0, 5.0, numpy.nan]])
    for axis in (None, 0, 1):
        check(name, a, axis=axis)


def test_all_nan_slices():
    a = numpy.array([[numpy.nan, numpy.nan], [1.0, numpy.nan]])
    for name in ("nanmax", "nanmin"):
        with pytest.warns(RuntimeWarning, match="All-NaN slice"):
            expected = getattr(numpy, name)(a, axis=1)
        if torch.device(DEVICE).type == "cpu" and not accelerator_rules():  # the warning needs the host (documented)
            with pytest.warns(RuntimeWarning, match="All-NaN slice"):
                got = getattr(torchnp, name)(tnp(a), axis=1)
        else:
            got = getattr(torchnp, name)(tnp(a), axis=1)
        assert_like_numpy(got, expected)
    check("nanargmax", a, axis=1)  # ValueError as NumPy
    check("nanargmin", a)
    check("nanargmin", a[1:])


@pytest.mark.parametrize("name", ["max", "min", "amax", "ptp", "argmax", "argmin", "nanmax", "nanargmin"])
def test_empty_raises(name):
    check(name, numpy.zeros((0,)))
    check(name, numpy.zeros((2, 0)), axis=1)


def test_empty_reduction_with_initial_and_identity():
    check("max", numpy.zeros((2, 0)), axis=1, initial=-3.0)
    check("sum", numpy.zeros((2, 0)), axis=1)
    check("prod", numpy.zeros((0, 3), dtype=numpy.int8), axis=0)
    check("all", numpy.zeros((0,)))
    check("any", numpy.zeros((0,)))


def test_complex_extrema_are_lexicographic():
    a = numpy.array([[1 + 5j, 2 - 1j, 2 + 0j], [2 + 0j, 1 + 9j, -3 + 0j]])
    for name in ("max", "min", "argmax", "argmin"):
        for axis in (None, 0, 1):
            check(name, a, axis=axis)
    check("max", a, initial=3 + 0j)


# -------------------------------------------------------------- logic reductions
@pytest.mark.parametrize("name", ["all", "any", "count_nonzero"])
@given(data=array_and_axis(SUPPORTED_DTYPES), keepdims=st.booleans())
def test_logic(name, data, keepdims):
    a, axis = data
    check(name, a, axis=axis, keepdims=keepdims)


def test_count_nonzero_without_axis():
    # §1.3: NumPy's scalar on the host; a 0-d int64 array on an accelerator (no host sync)
    a = numpy.array([0, 1, 2])
    assert_like_numpy(torchnp.count_nonzero(torchnp.asarray(a, device="cpu")), numpy.count_nonzero(a), device="cpu")
    r = torchnp.count_nonzero(torchnp.asarray(a, device="meta"))
    assert isinstance(r, torchnp.ndarray) and r.shape == () and r.dtype == numpy.int64


@pytest.mark.parametrize("name", ["all", "any"])
def test_logic_where(name):
    a = numpy.array([[0, 1, 2], [3, 0, 5]])
    check(name, a, where=numpy.array([False, True, True]))
    check(name, a, axis=1, where=a > 0, keepdims=True)


# -------------------------------------------------------------- cumulative
def _float16_cumulative(name, a, axis):
    """float16: NumPy rounds every partial sum (product) to float16, torch accumulates in float32. A
    sum of n terms then differs by up to n half-ulps (2**-11) of the largest partial sum, at most
    sum|x| (NumPy's cumsum of [0, -1.094, -63, 21, 21, 21] ends at -1.125, the exact -1.094 here);
    products of factors below 1 stay within 1e-2 relative."""
    if "prod" in name or not (axis is None or -a.ndim <= axis < a.ndim):  # products; error cases
        return Compare(rtol=1e-2, atol=1e-2)
    finite = numpy.abs(numpy.where(numpy.isfinite(a), a, 0).astype(numpy.float64))
    n = a.size if axis is None else a.shape[axis]
    total = finite.sum() if axis is None else finite.sum(axis=axis).max(initial=0)
    return Compare(rtol=1e-2, atol=max(1e-2, n * 2.0 ** -11 * float(total)))


@pytest.mark.parametrize("name", ["cumsum", "cumprod", "nancumsum", "nancumprod"])
@given(data=array_and_axis(tuples=False))
def test_cumulative(name, data):
    a, axis = data
    if "prod" in name and a.dtype.kind in "fc":
        a = (a / (1 + numpy.abs(a))).astype(a.dtype)
    check(name, a, axis=axis, compare=_float16_cumulative(name, a, axis) if a.dtype == numpy.float16 else tolerances(a))


@pytest.mark.parametrize("name", ["cumulative_sum", "cumulative_prod"])
@given(data=array_and_axis(REAL, tuples=False, max_dims=2), include_initial=st.booleans())
def test_cumulative_new_api(name, data, include_initial):
    a, axis = data
    if a.dtype.kind == "f":
        a = numpy.clip(a, -2, 2)
    check(name, a, axis=axis, include_initial=include_initial,
          compare=_float16_cumulative(name, a, axis) if a.dtype == numpy.float16 else tolerances(a))


# -------------------------------------------------------------- differences, gradient, trapezoid
@given(a=arrays(SUPPORTED_DTYPES, min_dims=1, max_dims=3, max_side=5), n=st.integers(-1, 3), data=st.data())
def test_diff(a, n, data):
    axis = data.draw(st.integers(-a.ndim - 1, a.ndim))
    check("diff", a, n=n, axis=axis)


def test_diff_prepend_append_and_errors():
    a = numpy.array([[1, 4, 9], [2, 3, 5]], dtype=numpy.int16)
    check("diff", a, prepend=0)
    check("diff", a, axis=0, append=numpy.array([[7, 7, 7]], dtype=numpy.int8))
    check("diff", a, prepend=1.5)
    check("diff", numpy.float64(3.0))  # ValueError: needs at least 1-d
    check("diff", numpy.array([1, 250, 3], dtype=numpy.uint8))  # wraps as NumPy
    check("diff", a, prepend=numpy.ones((2, 2, 2)))  # ValueError: dimensions differ
    check("diff", a, prepend=numpy.ones((3, 3)))  # ValueError: shapes differ
    check("cumsum", a, axis=(0,))  # TypeError: one axis only
    check("diff", numpy.ones((2, 3, 4)), prepend=numpy.ones((5, 5)))  # AxisError from concatenate


@given(a=arrays(REAL + COMPLEX, max_dims=2, max_side=5))
def test_ediff1d(a):
    check("ediff1d", a)
    check("ediff1d", a, to_begin=numpy.array([1, 2], dtype=a.dtype), to_end=3 if a.dtype.kind != "b" else True)


def test_ediff1d_incompatible_to_begin():
    check("ediff1d", numpy.array([1, 2, 4]), to_begin=1.5)  # TypeError as NumPy


def test_ediff1d_incompatible_extras_name_the_argument():
    """NumPy's TypeError names the argument that cannot be cast (``to_begin`` or ``to_end``)."""
    a = numpy.array([1, 2, 4])
    for kw in ({"to_begin": 1.5}, {"to_end": numpy.array([0.5, 1.0])}, {"to_begin": [1], "to_end": 2.5j}):
        with pytest.raises(TypeError) as want:
            numpy.ediff1d(a, **kw)
        # array extras on the array's device (a NumPy array is host data beside a device array, §3.3)
        tkw = {k: tnp(v) if isinstance(v, numpy.ndarray) else v for k, v in kw.items()}
        raises_like(TypeError, torchnp.ediff1d, tnp(a), match=f"^{re.escape(str(want.value))}$", **tkw)


@given(a=arrays(REAL, min_dims=1, max_dims=3, min_side=3, max_side=5), edge_order=st.sampled_from([1, 2]),
       data=st.data())
def test_gradient(a, edge_order, data):
    spacing = data.draw(st.sampled_from([(), (2.0,)]))
    # (a[i+1] - a[i-1]) / 2h and the one-sided edge formulas: a few ulps of max |a| / h in the result
    # dtype (float64 for integers); float16 rounds every step of NumPy's formula: 10 ulps of it
    eps = float(numpy.finfo(a.dtype if a.dtype.kind == "f" else numpy.float64).eps)
    ulps = 10 if a.dtype == numpy.float16 else 8
    big = max(1.0, float(numpy.abs(a.astype(numpy.float64)).max(initial=0)))
    check("gradient", a, *spacing, edge_order=edge_order, compare=Compare(rtol=ulps * eps, atol=ulps * eps * big))


@pytest.mark.parametrize("dtype", ["int64", "int32", "int8", "uint8"])
def test_mean_with_integer_dtype(dtype):
    """NumPy's mean with an integer dtype=: the integer sum over true_divide in float64, cast back
    (not torch's float32 int / int)."""
    for a in (numpy.array([16777217], numpy.int32), numpy.array([[2 ** 53 + 1, 3], [5, 7]], numpy.int64),
              numpy.array([[-7, 2], [3, 3]])):
        check("mean", a, dtype=dtype)
        check("mean", a, axis=0, dtype=dtype)


def test_gradient_coordinates_and_axis():
    f = numpy.array([[1.0, 2.0, 6.0, 3.0], [3.0, 4.0, 5.0, 9.0], [0.0, 1.0, 1.0, 2.0]])
    x = numpy.array([0.0, 1.0, 1.5, 3.5])
    for order in (1, 2):
        check("gradient", f, x, axis=1, edge_order=order)
        check("gradient", f, numpy.array([0.0, 2.0, 3.0]), x, edge_order=order)
    check("gradient", f, axis=-1)
    check("gradient", f, axis=2)  # AxisError
    check("gradient", numpy.array([1.0, 2.0]), edge_order=2)  # ValueError: too small



def test_differences_read_no_host_data(monkeypatch):
    """diff, ediff1d, gradient and trapezoid of torchnp arrays run on the arrays' device: under an
    accelerator's rules (NumPy's host kernels and value checks off, §3.5, §7) not one host read,
    NumPy's values (found by mutation testing: a diff that fell back to NumPy's own ``diff`` through
    the boundary's host-only path gave NumPy's values on the CPU, a host read on an accelerator)."""
    from torchnp import _device
    from host_reads import HostReads

    monkeypatch.setattr(_device, "CPU_VALUE_CHECKS", False)
    a = numpy.array([[1.0, 4.0, 9.0, 16.5], [2.0, 3.0, 5.0, -7.0], [0.5, 0.25, 8.0, 1.0]])
    x = numpy.array([0.0, 1.0, 1.5, 3.5])
    calls = [("diff", (a,), {}), ("diff", (a,), {"n": 2, "axis": 0}), ("diff", (a,), {"prepend": a[:, :1]}),
             ("diff", (a,), {"append": a[:, -1:]}), ("ediff1d", (a,), {}),
             ("ediff1d", (a[0],), {"to_begin": a[1, :2], "to_end": a[2, :1]}), ("gradient", (a[0],), {}),
             ("gradient", (a,), {"axis": 1, "edge_order": 2}), ("gradient", (a[0], x), {"edge_order": 2}),
             ("trapezoid", (a,), {}), ("trapezoid", (a,), {"x": x}), ("trapezoid", (a,), {"dx": 0.5, "axis": 0})]
    for name, args, kw in calls:
        targs = [tnp(v) for v in args]
        tkw = {k: tnp(v) for k, v in kw.items() if isinstance(v, numpy.ndarray)}
        tkw.update({k: v for k, v in kw.items() if not isinstance(v, numpy.ndarray)})
        with HostReads(strict=True):
            got = getattr(torchnp, name)(*targs, **tkw)
        # short exact-in-binary data: every difference and formula above is exact or one rounding
        assert_like_numpy(got, getattr(numpy, name)(*args, **kw), rtol=4 * numpy.finfo(numpy.float64).eps)

@given(a=arrays(REAL, min_dims=1, max_dims=2, max_side=5), data=st.data())
def test_trapezoid(a, data):
    axis = data.draw(st.integers(-a.ndim, a.ndim - 1))
    x = numpy.cumsum(numpy.arange(1, a.shape[axis] + 1, dtype=numpy.float64))
    check("trapezoid", a, axis=axis, compare=_trapezoid_tol(a, axis, 1.0))
    check("trapezoid", a, x=x, axis=axis, compare=_trapezoid_tol(a, axis, float(a.shape[axis])))
    check("trapezoid", a, dx=0.5, axis=axis, compare=_trapezoid_tol(a, axis, 0.5))


def _trapezoid_tol(a, axis, width):
    """trapezoid sums n products dx * (y[i] + y[i+1]) / 2, each rounded (in float16: every step) in
    the result dtype: the rounding of a reordered sum is at most ~(n + 2) ulps of the sum of |terms|
    (``width``: the largest |dx|), so a few ulps relative and that absolute bound; exact otherwise."""
    dt = numpy.asarray(numpy.trapezoid(a, axis=axis)).dtype
    eps = float(numpy.finfo(dt).eps)
    n = a.shape[axis]
    scale = float(numpy.abs(a.astype(numpy.float64)).sum()) * width
    return Compare(rtol=4 * eps, atol=2 * (n + 2) * eps * scale)


# -------------------------------------------------------------- axis errors and hot path
@pytest.mark.parametrize("name", ["sum", "prod", "max", "min", "mean", "std", "var", "all", "any", "argmax",
                                  "cumsum", "nansum", "nanmax", "median", "count_nonzero", "ptp"])
def test_bad_axis_raises_axiserror(name):
    a = tnp(numpy.ones((2, 3)))
    with pytest.raises(AxisError):
        getattr(torchnp, name)(a, axis=2)
    with pytest.raises(AxisError):
        getattr(torchnp, name)(a, axis=-3)


def test_repeated_axis_raises_valueerror():
    check("sum", numpy.ones((2, 3)), axis=(0, 0))
    check("max", numpy.ones((2, 3)), axis=(1, -1))


@pytest.mark.parametrize("name", ["sum", "prod", "mean", "max", "min", "all", "any", "std", "var", "argmax"])
def test_reduction_without_axis_is_a_scalar_or_0d_on_device(name):
    # §1.3: NumPy's own scalar from host data; a 0-d array on an accelerator (no hidden sync)
    values = numpy.array([1.0, 2.0, 4.0])
    expected = getattr(numpy, name)(values)
    assert_like_numpy(getattr(torchnp, name)(torchnp.asarray(values, device="cpu")), expected, device="cpu")
    r = getattr(torchnp, name)(torchnp.asarray(values, device="meta"))
    assert type(r) is torchnp.ndarray and r.shape == () and r.device.type == "meta" and r.dtype == expected.dtype


@pytest.mark.parametrize("name", ["sum", "prod", "mean", "std", "var", "min", "max", "argmin", "argmax",
                                  "all", "any", "cumsum", "cumprod"])
def test_methods_forward(name):
    a = numpy.arange(1.0, 7.0).reshape(2, 3)
    assert_like_numpy(getattr(tnp(a), name)(axis=0), getattr(a, name)(axis=0))


def test_numpy_list_input():
    check("sum", [[1, 2], [3, 4]], axis=1)
    check("max", [1.5, 2.5])


# -------------------------------------------------------------- one engine (issue 14 item 4)
_WIDE_UINT = [numpy.dtype(d) for d in ("uint16", "uint32", "uint64")]


@pytest.mark.parametrize("name", ["max", "min", "amax", "amin", "nanmax", "nanmin", "all", "any", "sum", "prod",
                                  "nansum", "nanprod"])
@given(data=st.data())
def test_reductions_are_the_ufunc_engine(name, data):
    """np.max/min/all/any/sum/prod and nan* are ufunc.reduce with NumPy's defaults: axis, keepdims, where,
    initial, out on every dtype incl. uint16/32/64 and floats with NaN (np.max on uint32 no longer raises)."""
    dt = data.draw(st.sampled_from(SUPPORTED_DTYPES + _WIDE_UINT))
    el = st.one_of(st.floats(-3, 3, width=dt.itemsize * 8), st.just(numpy.nan)) if dt.kind == "f" else None
    if dt.kind == "c":
        part = st.one_of(st.floats(-3, 3, width=dt.itemsize * 4), st.just(numpy.nan))
        el = st.builds(complex, part, part)
    a = data.draw(arrays([dt], min_dims=1, max_dims=3, min_side=1, max_side=4, elements=el))
    axis = data.draw(st.one_of(st.none(), st.integers(-a.ndim, a.ndim - 1)))
    kw = {"keepdims": data.draw(st.booleans())}
    if data.draw(st.booleans()):
        kw["where"] = data.draw(arrays([numpy.dtype(bool)], shape=a.shape[-1:]))
    if name not in ("all", "any") and data.draw(st.booleans()):
        kw["initial"] = data.draw(st.sampled_from([0, 1, 3]))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        check(name, a, axis=axis, **kw, compare=Compare(rtol=1e-2, atol=1e-2) if dt == numpy.float16 else tolerances(a))


@pytest.mark.parametrize("dtype", _WIDE_UINT)
def test_max_min_out_on_wide_unsigned(dtype):
    a = numpy.array([[2 ** 15, 7], [numpy.iinfo(dtype).max, 1]], dtype=dtype)
    for name in ("max", "min"):
        out = torchnp.zeros(2, dtype=dtype, device=DEVICE)
        assert getattr(torchnp, name)(tnp(a), axis=1, out=out) is out
        assert_like_numpy(out, getattr(numpy, name)(a, axis=1))


@pytest.mark.parametrize("name", ["nancumsum", "nancumprod", "cumsum", "cumprod"])
def test_cumulative_of_nans_on_every_path(name):
    """NaNs in the cumulative functions with and without axis, dtype and out (the hot path and the
    general one): NumPy's values (the nan* versions treat NaN as 0 or 1)."""
    a = numpy.array([[1.5, numpy.nan, 2.0], [numpy.nan, -1.0, 0.5]])
    for kw in ({}, {"axis": 0}, {"axis": 1}, {"axis": -1, "dtype": numpy.float64}):
        check(name, a, **kw)
        check(name, numpy.tile(a, (1, 30)), **kw)  # beyond the tiny host path


@pytest.mark.parametrize("name,axis", [("cumsum", (0,)), ("nancumprod", (0,)), ("cumulative_sum", [0])])
def test_cumulative_axis_sequence_message(name, axis):
    """One axis only: NumPy's TypeError and its message, which names the sequence's type."""
    a = numpy.arange(1.0, 4.0)
    with pytest.raises(TypeError) as want:
        getattr(numpy, name)(a, axis=axis)
    raises_like(TypeError, getattr(torchnp, name), tnp(a), axis=axis, match=f"^{re.escape(str(want.value))}$")


@pytest.mark.parametrize("kernels", ["amax/amin", "max/min"])
@pytest.mark.parametrize("dtype", ["float64", "float32", "float16", "int64", "int16", "uint8"])
@pytest.mark.parametrize("special", ["none", "nan", "inf"])
def test_whole_array_max_min_kernels_give_numpys_values(kernels, dtype, special, monkeypatch):
    """``_extrema.WHOLE`` (issue 27: the switch the idle measurement decides): torch's reduction kernel
    (``amax``) and its ``max_all`` (``max``) both give NumPy's max and min over all axes, NaN included."""
    from torchnp._reductions import _extrema

    mx, mn = kernels.split("/")
    monkeypatch.setattr(_extrema, "WHOLE", {"max": getattr(torch, mx), "min": getattr(torch, mn)})
    rng = numpy.random.default_rng(7)
    for n in (65, 1000, 100_003):  # above the tiny host path's 64 elements: torch's kernel runs
        x = (rng.standard_normal(n) * 100).astype(dtype)
        if special != "none" and x.dtype.kind == "f":
            x[rng.integers(0, n, 3)] = numpy.nan if special == "nan" else -numpy.inf
        for name in ("max", "min", "amax", "amin"):
            check(name, x)
        assert_like_numpy(tnp(x).max(), x.max())


@pytest.mark.parametrize("name", ["cumulative_sum", "cumulative_prod"])
def test_cumulative_one_axis_tuple(name):
    """NumPy 2.4's cumulative_sum/cumulative_prod take ``axis`` as ``ufunc.accumulate`` does: a
    one-element tuple is its axis; no axis or two is NumPy's ValueError, an axis out of range its
    AxisError, a float or a bool its TypeError; a 0-d input is one element (NumPy's atleast_1d).
    With ``include_initial=True`` a tuple is NumPy's TypeError (its ``initial_shape[axis]``) once
    the axis itself is valid. (cumsum's TypeError for every sequence: the test above.)"""
    a = numpy.arange(1.0, 7.0).reshape(2, 3)
    axes = [(0,), (1,), (-1,), (-2,), (numpy.int64(1),), (), (0, 1), (0, 0), (2,), (-3,), (1.0,), (True,)]
    for x in (a, numpy.tile(a, (1, 30)), a.astype(numpy.int32)):  # the tiny host path, beyond it, an int dtype
        for axis in axes:
            check(name, x, axis=axis)
            check(name, x, axis=axis, include_initial=True)
    for x in (numpy.arange(1.0, 4.0), numpy.array(2.5), numpy.float64(2.5)):
        for axis in [(0,), (-1,), (1,), ()]:
            check(name, x, axis=axis)
            check(name, x, axis=axis, include_initial=True)
    with pytest.raises(TypeError) as want:
        getattr(numpy, name)(a, axis=(1,), include_initial=True)
    raises_like(TypeError, getattr(torchnp, name), tnp(a), axis=(1,), include_initial=True,
                match=f"^{re.escape(str(want.value))}$")


@pytest.mark.parametrize("name", ["argmax", "argmin", "nanargmax", "nanargmin"])
def test_arg_extremum_of_0d_with_an_axis(name):
    """A 0-d input with an integer axis: 0 and -1 are its one element, any other axis NumPy's
    AxisError (found by mutation testing: the axis check of the 0-d case was never reached)."""
    for a in (numpy.array(5.0), numpy.array(-2), numpy.float64(numpy.nan)):
        for axis in (0, -1, 1, -2, 5):
            check(name, a, axis=axis)


def test_ptp_is_no_array_method():
    """NumPy 2 removed ``ndarray.ptp`` (``np.ptp(x)`` stays): a program calling ``x.ptp()`` gets
    NumPy's AttributeError, not a result NumPy would not give (the scipy-lectures gradient-descent
    script's ``log_z.ptp()`` fails under NumPy 2.4)."""
    for xp, x in ((numpy, numpy.arange(3.0)), (torchnp, torchnp.arange(3.0))):
        with pytest.raises(AttributeError, match="object has no attribute 'ptp'"):
            x.ptp()
    assert torchnp.ptp(torchnp.arange(3.0)) == numpy.ptp(numpy.arange(3.0))
