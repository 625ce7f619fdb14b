"""Histograms, bincount, digitize, and convolve/correlate/interp against NumPy itself (§5.1)."""

import re
import warnings

import numpy
import pytest
from hypothesis import given
from hypothesis import strategies as st

import torchnp
from support import Compare, COMPLEX, FLOAT, INTEGER, REAL, arrays, assert_like_numpy, check, tnp

RULES = ["auto", "fd", "doane", "scott", "stone", "rice", "sturges", "sqrt"]
DATA_DTYPES = [numpy.dtype(d) for d in ("int8", "int32", "int64", "uint8", "float32", "float64")]


def hist_data(min_size=0):
    return arrays(DATA_DTYPES, max_dims=2, max_side=8, min_side=min_size)


# -------------------------------------------------------------- histogram
@given(a=hist_data(), bins=st.integers(1, 12), density=st.sampled_from([None, False, True]))
def test_histogram_int_bins(a, bins, density):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)  # density of an empty histogram divides by 0
        check("histogram", a, bins=bins, density=density)


@pytest.mark.parametrize("dt", ["float32", "float64", "int64"])
def test_histogram_edges_with_cudas_division(monkeypatch, dt):
    """Equal-width edges are NumPy's linspace bit for bit under the accelerator rules with CUDA's
    division by a Python number (``a * (1 / b)``, ``support.CudaScalarDivision``): the H200 gave
    histogram(float32 [59, 0], 3, density=True) 2e-7 off NumPy's (§5.1)."""
    from torchnp import _device
    from support import CudaScalarDivision

    monkeypatch.setattr(_device, "CPU_VALUE_CHECKS", False)
    a = numpy.array([59, 0, 13, 7], dt)
    with CudaScalarDivision():
        for kw in ({"bins": 3}, {"bins": 3, "density": True}, {"bins": 7, "range": (0, 59)}, {"bins": 49}):
            got = torchnp.histogram(torchnp.asarray(a, device="cpu"), **kw)
            assert_like_numpy(got, numpy.histogram(a, **kw), rtol=0, atol=0, device="cpu", err_msg=str(kw))
            if "density" not in kw:
                got = torchnp.histogram_bin_edges(torchnp.asarray(a, device="cpu"), **kw)
                assert_like_numpy(got, numpy.histogram_bin_edges(a, **kw), rtol=0, atol=0, device="cpu")


@given(a=hist_data(), data=st.data())
def test_histogram_range_and_weights(a, data):
    lo = data.draw(st.integers(-50, 10))
    rng = (lo, lo + data.draw(st.integers(0, 60)))
    w = data.draw(arrays([numpy.dtype("float64"), numpy.dtype("int64")], shape=a.shape,
                         elements=st.integers(0, 5)))
    check("histogram", a, bins=7, range=rng)
    check("histogram", a, bins=5, range=rng, weights=w)
    if w.sum() and ((a >= rng[0]) & (a <= rng[1]) & (w > 0)).any():
        check("histogram", a, bins=4, range=rng, weights=w, density=True)


@given(a=hist_data(), edges=st.lists(st.integers(-100, 100), min_size=1, max_size=6, unique=True))
def test_histogram_sequence_bins(a, edges):
    edges = sorted(edges)
    check("histogram", a, bins=edges)
    check("histogram", a, bins=numpy.array(edges, dtype=numpy.float64) + 0.5)
    check("histogram", a, bins=edges, weights=numpy.ones(a.shape) * 0.5)


@pytest.mark.parametrize("rule", RULES)
@given(a=arrays([d for d in REAL if d.kind != "u" and d != numpy.float16], min_dims=1, max_dims=1, min_side=1,
                max_side=40,
                elements=st.integers(-100, 100)),
       scale=st.sampled_from([1.0, 0.25]))
def test_histogram_string_rules(rule, a, scale):
    # data with a sane spread: widths of 1e-300 ask both libraries for astronomically many bins;
    # float16 is left out: NumPy's own float16 arithmetic there yields negative bin indices
    a = a * scale if a.dtype.kind == "f" else a
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)  # 'stone' may warn that the estimate is suboptimal
        check("histogram", a, bins=rule)
        check("histogram_bin_edges", a, bins=rule)
        check("histogram", a, bins=rule, range=(-5, 20))


def test_histogram_string_rule_edge_cases():  # §2.3: where the bin count is decided by NumPy's roundings
    # float32 data: NumPy's width (ptp / nbins for 'stone') and range / width are float32 arithmetic;
    # in float64 ceil(25 / 0.0025) is one bin more
    check("histogram", numpy.array([0.25, 0.5], dtype=numpy.float32), bins="stone", range=(-5, 20))
    for rule in RULES:
        check("histogram", numpy.array([0.25, 0.5, 3.75], dtype=numpy.float32), bins=rule)
    # 'stone' on three integers: 1 and 9 bins score exactly the same (-1/11); NumPy's rounding of
    # p.dot(p) picks 1
    a = numpy.array([67, -86, 0, 17, -7, -99, -2, 40])
    check("histogram", a, bins="stone", range=(-5, 20))


def test_histogram_string_rule_on_spread_data():
    a = numpy.concatenate([numpy.linspace(-3, 3, 200) ** 3, numpy.linspace(5, 9, 50)])
    for rule in RULES:
        check("histogram", a, bins=rule)


def test_histogram_errors():
    a = numpy.arange(10.0)
    check("histogram", a, bins=0)  # ValueError
    check("histogram", a, bins=2.5)  # TypeError
    check("histogram", a, bins="bogus")  # ValueError
    check("histogram", a, bins=[3, 1, 2])  # ValueError: not monotonic
    check("histogram", a, bins=numpy.ones((2, 2)))  # ValueError: not 1-d
    check("histogram", a, range=(3, 1))
    check("histogram", a, range=(0, numpy.inf))
    check("histogram", numpy.array([1.0, numpy.nan]))  # autodetected range not finite
    check("histogram", a, bins="auto", weights=a)  # TypeError
    check("histogram", a, weights=numpy.ones(3))  # ValueError: shape


def test_histogram_bool_input_warns():
    a = numpy.array([True, False, True])
    with pytest.warns(RuntimeWarning):
        expected = numpy.histogram(a)
    with pytest.warns(RuntimeWarning):
        got = torchnp.histogram(tnp(a))
    assert_like_numpy(got, expected)


@given(a=hist_data(), bins=st.integers(1, 9))
def test_histogram_bin_edges(a, bins):
    check("histogram_bin_edges", a, bins=bins)
    check("histogram_bin_edges", a, bins=bins, range=(0, 3))


def test_one_bin_that_rounds_to_one_edge():
    """2**52 + 2 -+ 0.5 round to the same float64: NumPy's "Too many bins" for one bin too (seed 425231408)."""
    for a in (numpy.array(2 ** 52 + 2), numpy.full(100, 2 ** 52 + 2), numpy.array([2 ** 52 + 1])):
        check("histogram_bin_edges", a, bins=1)
        check("histogram", a, bins=1)


# -------------------------------------------------------------- histogram2d / histogramdd
@given(xy=arrays([numpy.dtype("float64"), numpy.dtype("int32")], shape=(2, 9)), data=st.data())
def test_histogram2d(xy, data):
    x, y = xy
    bins = data.draw(st.sampled_from([3, [2, 4], [numpy.array([-5.0, 0.0, 10.0]), 3], numpy.array([0, 1.0, 50])]))
    density = data.draw(st.sampled_from([None, True]))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        check("histogram2d", x, y, bins=bins, density=density)
        check("histogram2d", x, y, bins=4, range=[[-10, 10], [0, 100]], weights=numpy.arange(9.0))


def test_subnormal_range_edges():  # NumPy's linspace divides first where the step underflows (seed 1923273864)
    x, y = numpy.array([5e-324] + [0.0] * 8), numpy.zeros(9)
    check("histogram2d", x, y, bins=3)
    check("histogram", x, bins=3)
    check("histogramdd", numpy.stack([x, y], 1), bins=3)


@given(s=arrays([numpy.dtype("float64"), numpy.dtype("int64")], shape=(11, 3)), bins=st.integers(1, 5))
def test_histogramdd(s, bins):
    check("histogramdd", s, bins=bins)
    check("histogramdd", s, bins=[bins, 2, numpy.array([-1.0, 0.0, 1.0, 8.0])])
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        check("histogramdd", s, bins=bins, density=True)
    check("histogramdd", s, bins=3, weights=numpy.arange(11.0))


def test_histogramdd_repeated_edges():
    """Edges that repeat (an empty bin of zero width) are monotonic for NumPy: accepted, not its
    "must be monotonically increasing" ValueError, which only a decrease raises."""
    s = numpy.array([[0.5, 1.0, 1.5, 2.0, 1.0], [3.0, 0.0, 2.0, 1.0, 1.0]]).T
    check("histogramdd", s, bins=[numpy.array([0.0, 1.0, 1.0, 2.0]), numpy.array([0.0, 1.0, 3.0])])
    check("histogramdd", s[:, :1], bins=[numpy.array([0.0, 0.0, 1.0, 2.0, 2.0])])
    check("histogram2d", s[:, 0], s[:, 1], bins=[numpy.array([0.0, 1.0, 1.0, 2.0]), numpy.array([0, 1, 1, 3])])
    check("histogramdd", s, bins=[numpy.array([0.0, 1.0, 0.5]), numpy.array([0.0, 1.0, 3.0])])  # NumPy's ValueError


def test_histogram_repeated_edges():
    """1-d histograms with edges that repeat: accepted as NumPy does (only a decrease is its
    ValueError); found by mutation testing (`>=` in the edges' check passed every test), also
    past the tiny host path."""
    x = numpy.array([0.5, 1.0, 1.5, 2.0, 1.0, 0.0, 3.0])
    for data in (x, numpy.tile(x, 20)):
        for bins in ([0.0, 1.0, 1.0, 2.0], [0.0, 0.0, 1.0, 2.0, 2.0], [1.0, 1.0], [0.0, 1.0, 0.5]):
            check("histogram", data, bins=numpy.array(bins))
            check("histogram_bin_edges", data, bins=numpy.array(bins))
        check("histogram", data, bins=numpy.array([0.0, 1.0, 1.0, 2.0]), density=True)


def test_histogramdd_errors():
    s = numpy.ones((4, 2))
    check("histogramdd", s, bins=[2, 2, 2])
    check("histogramdd", s, bins=[0, 2])
    check("histogramdd", s, bins=[[3, 1, 2], 2])
    check("histogramdd", s, range=[(0, 1)])
    with pytest.raises(ValueError) as want:  # NumPy's message, not only its type
        numpy.histogramdd(s, range=[(0, 1)])
    with pytest.raises(ValueError, match=f"^{re.escape(str(want.value))}$"):
        torchnp.histogramdd(tnp(s), range=[(0, 1)])


# -------------------------------------------------------------- bincount / digitize
@given(x=arrays([numpy.dtype("int64"), numpy.dtype("uint8"), numpy.dtype("int16")], min_dims=1, max_dims=1,
                max_side=20, elements=st.integers(0, 30)), minlength=st.integers(0, 40), weighted=st.booleans())
def test_bincount(x, minlength, weighted):
    w = numpy.linspace(-1, 2, x.size) if weighted else None
    check("bincount", x, weights=w, minlength=minlength)


def test_bincount_errors():
    check("bincount", numpy.array([1, -1, 2]))
    check("bincount", numpy.array([1.0, 2.0]))
    check("bincount", numpy.array([[1, 2]]))
    check("bincount", numpy.array([1, 2]), minlength=-1)
    check("bincount", numpy.array([1, 2]), weights=numpy.ones(3))


@given(x=arrays(REAL, max_dims=2, max_side=6), bins=st.lists(st.integers(-60, 60), min_size=0, max_size=6),
       decreasing=st.booleans(), right=st.booleans())
def test_digitize(x, bins, decreasing, right):
    b = numpy.array(sorted(bins, reverse=decreasing), dtype=numpy.float64)
    check("digitize", x, b, right=right)


def test_digitize_errors():
    check("digitize", numpy.array([1.0, 2.0]), numpy.array([1.0, 3.0, 2.0]))
    check("digitize", numpy.array([1 + 1j]), numpy.array([1.0, 3.0]))
    check("digitize", numpy.array([1.0]), numpy.ones((2, 2)))


# -------------------------------------------------------------- convolve / correlate / interp
@pytest.mark.parametrize("name", ["convolve", "correlate"])
@given(a=arrays(REAL + COMPLEX, min_dims=1, max_dims=1, min_side=1, max_side=7),
       v=arrays(REAL + COMPLEX, min_dims=1, max_dims=1, min_side=1, max_side=7),
       mode=st.sampled_from(["full", "same", "valid"]))
def test_convolve_correlate(name, a, v, mode):
    tol = 1e-2 if numpy.float16 in (a.dtype, v.dtype) else 1e-4
    scale = 1 + float(numpy.abs(a.astype(complex)).sum() * numpy.abs(v.astype(complex)).max())
    check(name, a, v, mode=mode, compare=Compare(rtol=tol, atol=tol * scale))


@pytest.mark.parametrize("name", ["convolve", "correlate"])
def test_convolve_errors(name):
    check(name, numpy.array([]), numpy.array([1.0]))
    check(name, numpy.array([1.0]), numpy.array([]))
    check(name, numpy.array([1.0, 2.0]), numpy.array([1.0]), mode="bogus")


@given(x=arrays(FLOAT[1:] + INTEGER, max_dims=2, max_side=6),
       xp=st.lists(st.integers(-50, 50), min_size=1, max_size=6, unique=True),
       data=st.data())
def test_interp(x, xp, data):
    xp = numpy.array(sorted(xp), dtype=numpy.float64)
    fp = data.draw(arrays([numpy.dtype("float64"), numpy.dtype("complex128"), numpy.dtype("int32")],
                          shape=xp.shape))
    # linear interpolation in float64: a few ulps of max |fp|; with period, x mod period (|x| < 1e3 ... or
    # more: elements=None) carries |x| ulps into the slope (|slope| <= 2 max |fp|, xp steps >= 1)
    eps = float(numpy.finfo(numpy.float64).eps)
    big = max(1.0, float(numpy.abs(fp).max()))
    xs = max(1.0, float(numpy.abs(x[numpy.isfinite(x)]).max())) if numpy.isfinite(x).any() else 1.0
    check("interp", x, xp, fp, compare=Compare(rtol=16 * eps, atol=16 * eps * big))
    check("interp", x, xp, fp, left=-7.0, right=9.5, compare=Compare(rtol=16 * eps, atol=16 * eps * big))
    if len(numpy.unique(numpy.mod(xp, 37.5))) == len(xp):  # two xp equal mod the period (-25 and 50) with
        # different fp: NumPy's unstable argsort decides which comes first, an ill-posed case (seed 3765114618)
        check("interp", x, xp, fp, period=37.5, compare=Compare(rtol=16 * eps, atol=16 * eps * big * xs))


def test_interp_special_values_and_errors():
    xp = numpy.array([0.0, 1.0, 2.0, 3.0])
    fp = numpy.array([0.0, numpy.inf, 5.0, 5.0])
    check("interp", numpy.array([numpy.nan, 0.5, 1.0, 2.5, 3.0, -1.0, 4.0]), xp, fp)
    check("interp", numpy.array([0.5]), numpy.array([1.0]), numpy.array([2.0]))
    check("interp", numpy.array([0.5]), xp, numpy.ones(3))
    check("interp", numpy.array([0.5]), numpy.array([]), numpy.array([]))
    check("interp", numpy.array([0.5]), xp, fp, period=0)


def test_histogram_of_strided_view_gives_no_torch_warning():  # §5.1: no warning NumPy does not give
    a = numpy.arange(40.0).reshape(20, 2) % 7
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        got = torchnp.histogram(tnp(a)[:, 1], bins=4)
    expected = numpy.histogram(a[:, 1], bins=4)
    assert_like_numpy(got[0], expected[0])
    assert_like_numpy(got[1], expected[1])


@pytest.mark.parametrize("right", [False, True])
def test_digitize_promotes_as_numpy(right):  # §2.3: int64 values against float32 edges compare in float64
    x = numpy.array([2**24 + 1, 2**24, 2**24 - 1, 3])
    for edges in (numpy.array([0, 2**24 + 1], dtype=numpy.float32), numpy.array([2**24 - 1.0, 2**24 + 2.0])):
        check("digitize", x, edges, right=right)


# §5.1 bincount of an empty list (NumPy counts it as integers; an empty float array still raises)
@pytest.mark.parametrize("x", [[], (), numpy.array([], dtype=float), numpy.array([1.0])])
@pytest.mark.parametrize("minlength", [0, 3])
def test_bincount_empty_list(x, minlength):
    check("bincount", x, minlength=minlength)


# §5.1 complex interp: real and imaginary parts interpolated separately, infinities kept (issue 16)
@pytest.mark.parametrize("fp", [[1, 2 + 1j, numpy.inf, 4], [0, -numpy.inf], [complex(-numpy.inf, 0), 10],
                                [complex(numpy.inf, numpy.inf), complex(numpy.inf, numpy.inf), 1, 2]])
def test_interp_complex_non_finite(fp):
    xp = numpy.arange(len(fp), dtype=float)
    check("interp", numpy.linspace(-0.5, len(fp) - 0.5, 9), xp, numpy.array(fp, dtype=complex))


@given(st.lists(st.floats(-5, 5) | st.sampled_from([numpy.inf, -numpy.inf]), min_size=4, max_size=4),
       st.lists(st.floats(-5, 5), min_size=4, max_size=4), st.lists(st.floats(-1, 4), min_size=1, max_size=5))
def test_interp_complex_parts(re, im, x):
    fp = numpy.array(re) + 1j * numpy.array(im)
    check("interp", numpy.array(x), numpy.arange(4.0), fp)
