"""torchnp as an array API namespace (DESIGN §5.3, issue 6): fast property tests.

Arrays come from ``hypothesis.extra.array_api`` strategies built on torchnp itself
(``make_strategies_namespace(torchnp)``); results are compared with NumPy 2, whose main
namespace is also an array API namespace, on host copies of the same inputs. The full
official suite (data-apis/array-api-tests) runs from ``conformance/``, not here.
"""

import os
import warnings

import numpy
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from hypothesis.extra.array_api import make_strategies_namespace

import torchnp.array_api as xp
from support import DEVICE, assert_like_numpy, examples

xps = make_strategies_namespace(xp)
# examples per property: small in CI (about 15 s in all), scaled by the hypothesis profile
# (support.examples); TORCHNP_ARRAY_API_SCALE multiplies them further
SCALE = float(os.environ.get("TORCHNP_ARRAY_API_SCALE", "1"))

INT_DTYPES = st.one_of(xps.integer_dtypes(), xps.unsigned_integer_dtypes())  # uint16/32/64 too (§2.5)
REAL_DTYPES = st.one_of(INT_DTYPES, xps.floating_dtypes())
NUMERIC_DTYPES = st.one_of(REAL_DTYPES, xps.complex_dtypes())
ALL_DTYPES = st.one_of(xps.boolean_dtypes(), NUMERIC_DTYPES)
SHAPES = xps.array_shapes(min_dims=0, max_dims=3, min_side=0, max_side=4)
DTYPE_LIST = [getattr(xp, n) for n in ("bool", "int8", "int16", "int32", "int64", "uint8", "uint16",
                                        "uint32", "uint64", "float32", "float64", "complex64", "complex128")]
# pairs of dtypes (NumPy promotes every pair; KINDS below keeps each function to its kinds)
PROMOTABLE = st.tuples(st.sampled_from(DTYPE_LIST), st.sampled_from(DTYPE_LIST))


def finite(dtype):
    """Element kwargs keeping values moderate, so that NumPy and torch agree to rounding."""
    name = numpy.dtype(dtype).name
    if name.startswith("float"):
        return {"allow_nan": False, "allow_infinity": False, "min_value": -1e3, "max_value": 1e3}
    if name.startswith("complex"):
        return st.complex_numbers(max_magnitude=1e3, allow_nan=False, allow_infinity=False,
                                  width=numpy.dtype(dtype).itemsize * 8)
    return None


def arrays(dtype_st=NUMERIC_DTYPES, shape=SHAPES, elements=finite):
    def build(dt):
        return xps.arrays(dt, shape, elements=elements(dt) if callable(elements) else elements)
    return dtype_st.flatmap(build)


def host(x):
    return x.to_numpy().copy()


def mag(*arrays):
    """The largest magnitude among ``arrays`` (at least 1): the scale of absolute rounding errors."""
    return max([1.0] + [float(numpy.abs(numpy.asarray(a).astype(numpy.complex128)).max()) for a in arrays
                        if numpy.asarray(a).size])


def total(a):
    """sum |a| (at least 1): the scale of the rounding of a reordered sum of ``a``."""
    return max(1.0, float(numpy.abs(numpy.asarray(a).astype(numpy.complex128)).sum()))


def subnormal(a):
    """Scale for products: results below the smallest normal number lose relative precision, so
    ``ulps * eps * subnormal(a)`` is ``ulps`` times that number (1 for integers, which are exact)."""
    dt = numpy.asarray(a).dtype
    return float(numpy.finfo(dt).tiny / numpy.finfo(dt).eps) if dt.kind in "fc" else 1.0


def same(actual, expected, ulps=None, scale=1.0, check_dtype=True):
    """``actual`` as NumPy's ``expected``; with ``ulps``: within ``ulps`` machine epsilons of the
    result dtype relative and ``ulps * eps * scale`` absolute (``scale``: the magnitude rounding
    errors grow with, e.g. sum |x| for a sum); integer and bool results exact. Without: support's
    default (64 ulps)."""
    if isinstance(expected, (tuple, list)):
        assert len(actual) == len(expected)
        for a, e in zip(actual, expected):
            same(a, e, ulps, scale, check_dtype)
        return
    rtol = atol = None
    if ulps is not None:
        dt = numpy.asarray(expected).dtype
        eps = float(numpy.finfo(dt).eps) if dt.kind in "fc" else 0.0
        rtol, atol = ulps * eps, ulps * eps * scale
    if isinstance(actual, numpy.generic):
        # operators and indexing on host arrays follow NumPy (§1.3): its own scalar, of NumPy's type
        assert isinstance(expected, numpy.generic) and type(actual) is type(expected), (actual, expected)
        actual = xp.asarray(actual, device="cpu")
    assert isinstance(actual, xp.ndarray)  # namespace functions give 0-d arrays, as the standard asks
    assert_like_numpy(actual, numpy.asarray(expected), rtol=rtol, atol=atol, check_dtype=check_dtype,
                      device=actual.device)


def quiet(f, *args, **kw):
    with numpy.errstate(all="ignore"), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return f(*args, **kw)


# --- the namespace ------------------------------------------------------------------

def test_array_namespace():  # §5.3
    x = xp.asarray([1.0, 2.0], device=DEVICE)
    assert x.__array_namespace__() is xp
    assert x.__array_namespace__(api_version=None) is xp
    for v in ("2021.12", "2022.12", "2023.12", "2024.12"):
        assert x.__array_namespace__(api_version=v) is xp
    with pytest.raises(ValueError):
        x.__array_namespace__(api_version="2011.12")
    assert xp.__array_api_version__ == "2024.12"


def test_namespace_info():
    info = xp.__array_namespace_info__()
    caps = info.capabilities()
    assert caps["boolean indexing"] is True and caps["data-dependent shapes"] is True
    assert caps["max dimensions"] >= 8
    assert info.default_device() == xp.asarray(0).device
    assert isinstance(info.devices(), list) and info.default_device() in info.devices()
    d = info.default_dtypes(device=info.default_device())
    assert d == {"real floating": xp.float64, "complex floating": xp.complex128,
                 "integral": xp.int64, "indexing": xp.int64}
    all_ = info.dtypes()
    assert set(all_) == {"bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
                         "float32", "float64", "complex64", "complex128"}
    assert all(all_[n] == numpy.dtype(n) for n in all_)
    assert set(info.dtypes(kind="real floating")) == {"float32", "float64"}
    assert set(info.dtypes(kind=("bool", "complex floating"))) == {"bool", "complex64", "complex128"}
    assert set(info.dtypes(kind="integral")) == {"int8", "int16", "int32", "int64", "uint8", "uint16", "uint32",
                                                 "uint64"}
    with pytest.raises(ValueError):
        info.dtypes(kind="nonsense")


def test_array_api_compat():
    array_api_compat = pytest.importorskip("array_api_compat")
    x = xp.asarray([1, 2, 3], device=DEVICE)
    assert array_api_compat.is_array_api_obj(x)
    assert array_api_compat.array_namespace(x) is xp
    assert array_api_compat.array_namespace(x, xp.asarray(1.0, device=DEVICE)) is xp
    assert array_api_compat.device(x) == x.device


STANDARD_NAMES = """
abs acos acosh add asin asinh atan atan2 atanh bitwise_and bitwise_left_shift bitwise_invert
bitwise_or bitwise_right_shift bitwise_xor ceil clip conj copysign cos cosh divide equal exp expm1
floor floor_divide greater greater_equal hypot imag isfinite isinf isnan less less_equal log log1p
log2 log10 logaddexp logical_and logical_not logical_or logical_xor maximum minimum multiply
negative nextafter not_equal positive pow real reciprocal remainder round sign signbit sin sinh
square sqrt subtract tan tanh trunc
arange asarray empty empty_like eye from_dlpack full full_like linspace meshgrid ones ones_like
tril triu zeros zeros_like
astype can_cast finfo iinfo isdtype result_type broadcast_arrays broadcast_to
bool int8 int16 int32 int64 uint8 uint16 uint32 uint64 float32 float64 complex64 complex128
e inf nan newaxis pi
matmul matrix_transpose tensordot vecdot
take take_along_axis
concat expand_dims flip moveaxis permute_dims repeat reshape roll squeeze stack tile unstack
argmax argmin count_nonzero nonzero searchsorted where
unique_all unique_counts unique_inverse unique_values argsort sort
cumulative_prod cumulative_sum diff max mean min prod std sum var all any
__array_namespace_info__
""".split()


def test_standard_names():
    missing = [n for n in STANDARD_NAMES if not hasattr(xp, n)]
    assert not missing
    for n in ("cholesky", "cross", "det", "diagonal", "eigh", "eigvalsh", "inv", "matmul", "matrix_norm",
              "matrix_power", "matrix_rank", "matrix_transpose", "outer", "pinv", "qr", "slogdet", "solve",
              "svd", "svdvals", "tensordot", "trace", "vecdot", "vector_norm"):
        assert hasattr(xp.linalg, n), n
    for n in ("fft", "ifft", "fftn", "ifftn", "rfft", "irfft", "rfftn", "irfftn", "hfft", "ihfft",
              "fftfreq", "rfftfreq", "fftshift", "ifftshift"):
        assert hasattr(xp.fft, n), n


def test_array_methods_and_attributes():
    x = xp.reshape(xp.arange(6.0, device=DEVICE), (2, 3))
    assert x.mT.shape == (3, 2)
    assert x.to_device(x.device).device == x.device
    assert x.to_device("cpu").device == xp.asarray(0, device="cpu").device
    assert x.__dlpack_device__()[0] in (1, 2)
    y = xp.from_dlpack(x)
    same(y, host(x))
    assert int(xp.asarray(3, device=DEVICE)) == 3 and float(xp.asarray(2.5)) == 2.5
    assert complex(xp.asarray(1j)) == 1j and bool(xp.asarray(True)) and xp.asarray(4).__index__() == 4


def test_copy_keyword():  # the standard's copy= semantics
    x = xp.asarray([1.0, 2.0], device=DEVICE)
    y = xp.asarray(x, copy=True)
    y[0] = 5.0
    assert float(x[0]) == 1.0
    z = xp.asarray(x, copy=None)
    z[0] = 7.0
    assert float(x[0]) == 7.0
    assert xp.asarray(x, copy=False) is not None
    with pytest.raises(ValueError):
        xp.asarray(x, dtype=xp.float32, copy=False)
    w = xp.astype(x, xp.float64, copy=False)
    assert w.dtype == x.dtype
    assert xp.astype(x, xp.float32).dtype == xp.float32


# --- elementwise --------------------------------------------------------------------

UNARY = {
    "abs": NUMERIC_DTYPES, "negative": NUMERIC_DTYPES, "positive": NUMERIC_DTYPES,
    "square": NUMERIC_DTYPES, "sign": REAL_DTYPES, "floor": REAL_DTYPES, "ceil": REAL_DTYPES,
    "trunc": REAL_DTYPES, "round": NUMERIC_DTYPES, "isnan": NUMERIC_DTYPES,
    "isfinite": NUMERIC_DTYPES, "isinf": NUMERIC_DTYPES, "logical_not": xps.boolean_dtypes(),
    "bitwise_invert": st.one_of(xps.boolean_dtypes(), INT_DTYPES),
    "sqrt": xps.floating_dtypes(), "exp": xps.floating_dtypes(), "expm1": xps.floating_dtypes(),
    "log1p": xps.floating_dtypes(), "sin": NUMERIC_DTYPES, "cos": xps.floating_dtypes(),
    "tanh": xps.floating_dtypes(), "atan": xps.floating_dtypes(), "asinh": xps.floating_dtypes(),
    "reciprocal": xps.floating_dtypes(), "signbit": xps.floating_dtypes(),
    "conj": NUMERIC_DTYPES, "real": xps.complex_dtypes(), "imag": xps.complex_dtypes(),
}


@pytest.mark.parametrize("name", sorted(UNARY))
@settings(max_examples=examples(15 * SCALE))
@given(data=st.data())
def test_unary(name, data):
    x = data.draw(arrays(UNARY[name]), label="x")
    xn = host(x)
    if name in ("sqrt", "log1p") and xn.dtype.kind == "f":
        assume(bool(numpy.all(xn >= 0)))
    if name == "exp" and xn.dtype.kind in "fc":
        assume(bool(numpy.all(numpy.abs(xn) < 50)))
    if name == "reciprocal":
        assume(bool(numpy.all(xn != 0)))
    expected = quiet(getattr(numpy, name), xn)
    same(quiet(getattr(xp, name), x), expected, ulps=64)  # elementwise: a few ulps of libm / torch


BINARY = ["add", "subtract", "multiply", "equal", "not_equal", "less", "greater_equal", "maximum",
          "minimum", "divide", "logical_and", "logical_xor", "bitwise_and", "bitwise_xor", "atan2",
          "hypot", "copysign", "nextafter", "logaddexp", "floor_divide", "remainder"]
KINDS = {  # which dtype kinds each binary function accepts (standard and NumPy agree)
    "less": "biuf", "greater_equal": "biuf", "maximum": "iuf", "minimum": "iuf",
    "divide": "iufc", "logical_and": "b", "logical_xor": "b", "bitwise_and": "biu", "bitwise_xor": "biu",
    "atan2": "f", "hypot": "f", "copysign": "f", "nextafter": "f", "logaddexp": "f",
    "floor_divide": "iuf", "remainder": "iuf", "subtract": "iufc",
}


def pairs(kinds):
    allowed = [d for d in DTYPE_LIST if numpy.dtype(d).kind in kinds]
    return st.tuples(st.sampled_from(allowed), st.sampled_from(allowed))


@pytest.mark.parametrize("name", sorted(BINARY))
@settings(max_examples=examples(15 * SCALE))
@given(data=st.data())
def test_binary(name, data):
    d1, d2 = data.draw(pairs(KINDS.get(name, "biufc")), label="dtypes")
    if name == "nextafter":
        d2 = d1
    shape = data.draw(SHAPES, label="shape")
    x1 = data.draw(xps.arrays(d1, shape, elements=finite(d1)), label="x1")
    x2 = data.draw(xps.arrays(d2, shape[-1:] if shape else shape, elements=finite(d2)), label="x2")
    n1, n2 = host(x1), host(x2)
    if name in ("floor_divide", "remainder") and n2.dtype.kind in "iu":
        assume(bool(numpy.all(n2 != 0)))
    try:
        expected = quiet(getattr(numpy, name), n1, n2)
    except TypeError:  # no loop for these dtypes (e.g. int8 & uint64): torchnp raises the same
        with pytest.raises(TypeError):
            getattr(xp, name)(x1, x2)
        return
    float_like = numpy.asarray(expected).dtype.kind in "fc"
    # elementwise: a few ulps, absolute in the operands' magnitude (remainder, atan2, subtract cancel)
    same(quiet(getattr(xp, name), x1, x2), expected, ulps=64, scale=mag(n1, n2) if float_like else 1.0)


@settings(max_examples=examples(20 * SCALE))
@given(x=arrays(INT_DTYPES), shift=st.integers(0, 7))
def test_bitwise_shifts(x, shift):
    xn = host(x)
    s = numpy.asarray(shift, dtype=xn.dtype)
    same(xp.bitwise_left_shift(x, xp.asarray(shift, dtype=x.dtype)), numpy.bitwise_left_shift(xn, s))
    same(xp.bitwise_right_shift(x, xp.asarray(shift, dtype=x.dtype)), numpy.bitwise_right_shift(xn, s))


@settings(max_examples=examples(20 * SCALE))
@given(x=arrays(xps.floating_dtypes()), e=st.integers(0, 3))
def test_pow(x, e):
    same(quiet(xp.pow, x, e), quiet(numpy.pow, host(x), e), ulps=16)  # at most 3 products
    same(quiet(lambda: x ** e), quiet(lambda: host(x) ** e), ulps=16)


@settings(max_examples=examples(20 * SCALE))
@given(x=arrays(REAL_DTYPES), lo=st.integers(-3, 0), hi=st.integers(0, 3))
def test_clip(x, lo, hi):
    xn = host(x)
    if xn.dtype.kind == "u":
        lo = 0
    same(xp.clip(x, lo, hi), numpy.clip(xn, lo, hi))
    same(xp.clip(x, max=hi), numpy.clip(xn, max=hi))


@settings(max_examples=examples(20 * SCALE))
@given(x=arrays(PROMOTABLE.map(lambda d: d[0]), shape=SHAPES))
def test_operators_with_python_scalars(x):  # weak scalars (NEP 50 / standard)
    xn = host(x)
    k = xn.dtype.kind
    scalar = True if k == "b" else (2 if k in "iu" else 2.5)
    if k != "b":
        same(x + scalar, xn + scalar)
        same(x * scalar, xn * scalar)
    same(x == scalar, xn == scalar)


# --- creation -----------------------------------------------------------------------

@settings(max_examples=examples(20 * SCALE))
@given(start=st.integers(-10, 10), stop=st.integers(-10, 10), step=st.integers(1, 3),
       dtype=st.sampled_from([None, xp.int32, xp.int64, xp.float32, xp.float64]))
def test_arange(start, stop, step, dtype):
    same(xp.arange(start, stop, step, dtype=dtype, device=DEVICE), numpy.arange(start, stop, step, dtype=dtype))


@settings(max_examples=examples(20 * SCALE))
@given(start=st.floats(-100, 100), stop=st.floats(-100, 100), num=st.integers(0, 8), endpoint=st.booleans())
def test_linspace(start, stop, num, endpoint):
    same(xp.linspace(start, stop, num, endpoint=endpoint, device=DEVICE),
         numpy.linspace(start, stop, num, endpoint=endpoint), ulps=8, scale=mag(start, stop))  # start + i*step


@settings(max_examples=examples(20 * SCALE))
@given(shape=SHAPES, dtype=ALL_DTYPES, fill=st.integers(0, 1))
def test_full_zeros_ones(shape, dtype, fill):
    same(xp.full(shape, fill, dtype=dtype, device=DEVICE), numpy.full(shape, fill, dtype=dtype))
    same(xp.zeros(shape, dtype=dtype, device=DEVICE), numpy.zeros(shape, dtype=dtype))
    same(xp.ones(shape, dtype=dtype, device=DEVICE), numpy.ones(shape, dtype=dtype))
    assert xp.empty(shape, dtype=dtype, device=DEVICE).shape == shape


@settings(max_examples=examples(20 * SCALE))
@given(x=arrays(ALL_DTYPES))
def test_like_functions(x):
    xn = host(x)
    same(xp.zeros_like(x), numpy.zeros_like(xn))
    same(xp.ones_like(x), numpy.ones_like(xn))
    same(xp.full_like(x, 1), numpy.full_like(xn, 1))
    assert xp.empty_like(x).shape == xn.shape and xp.empty_like(x).device == x.device


@settings(max_examples=examples(20 * SCALE))
@given(n=st.integers(0, 5), m=st.none() | st.integers(0, 5), k=st.integers(-5, 5))
def test_eye_tril_triu(n, m, k):
    same(xp.eye(n, m, k=k, device=DEVICE), numpy.eye(n, m, k=k))
    a = numpy.arange(float(n * n)).reshape(n, n)
    same(xp.tril(xp.asarray(a, device=DEVICE), k=k), numpy.tril(a, k=k))
    same(xp.triu(xp.asarray(a, device=DEVICE), k=k), numpy.triu(a, k=k))


@settings(max_examples=examples(20 * SCALE))
@given(x=arrays(ALL_DTYPES), dtype=ALL_DTYPES)
def test_astype(x, dtype):
    xn = host(x)
    if xn.dtype.kind in "fc" and numpy.dtype(dtype).kind in "iub":
        xn = xn.real if xn.dtype.kind == "c" else xn
        x = xp.asarray(xn, device=DEVICE)
        assume(bool(numpy.all((numpy.abs(xn) < 100))))
        if numpy.dtype(dtype).kind == "u":
            assume(bool(numpy.all(xn >= 0)))
    assume(not (xn.dtype.kind == "c" and numpy.dtype(dtype).kind != "c"))
    same(quiet(xp.astype, x, dtype), quiet(lambda: xn.astype(dtype)))


@settings(max_examples=examples(15 * SCALE))
@given(shapes=st.lists(xps.array_shapes(min_dims=1, max_dims=1, max_side=3), min_size=1, max_size=3),
       indexing=st.sampled_from(["xy", "ij"]))
def test_meshgrid(shapes, indexing):
    arrs = [numpy.arange(float(s[0])) for s in shapes]
    same(xp.meshgrid(*[xp.asarray(a, device=DEVICE) for a in arrs], indexing=indexing),
         numpy.meshgrid(*arrs, indexing=indexing))


# --- reductions and statistics ------------------------------------------------------

def axes_for(ndim):
    single = st.integers(-ndim, ndim - 1) if ndim else st.nothing()
    return st.none() | single | st.lists(st.integers(0, ndim - 1), unique=True, max_size=ndim).map(tuple) \
        if ndim else st.none() | st.just(())


@pytest.mark.parametrize("name", ["sum", "prod", "max", "min", "mean", "std", "var", "any", "all",
                                  "count_nonzero"])
@settings(max_examples=examples(15 * SCALE))
@given(data=st.data())
def test_reductions(name, data):
    dts = {"mean": xps.floating_dtypes(), "std": xps.floating_dtypes(), "var": xps.floating_dtypes(),
           "max": REAL_DTYPES, "min": REAL_DTYPES, "any": ALL_DTYPES, "all": ALL_DTYPES,
           "count_nonzero": ALL_DTYPES}.get(name, NUMERIC_DTYPES)
    x = data.draw(arrays(dts), label="x")
    xn = host(x)
    axis = data.draw(axes_for(xn.ndim), label="axis")
    keepdims = data.draw(st.booleans(), label="keepdims")
    if name in ("max", "min"):
        assume(xn.size and all(xn.shape[a] for a in ((axis,) if isinstance(axis, int) else axis or ()))
               or xn.size)
    kw = {"axis": axis, "keepdims": keepdims}
    try:
        expected = quiet(getattr(numpy, name), xn, **kw)
    except ValueError:
        with pytest.raises(ValueError):
            getattr(xp, name)(x, **kw)
        return
    if name == "prod" and xn.dtype.kind == "c":
        # an overflowing complex product: the NaN parts depend on the grouping (docs/differences.md)
        assume(bool(numpy.isfinite(expected).all()))
    n = max(xn.size, 1)
    # reordered sums: n ulps of sum |x| (var: of sum |x|^2; std: its square root's, max |x|); products n ulps
    # relative; max/min/any/all/count exact
    ulps, scale = {"sum": (4 * n, total(xn)), "mean": (4 * n, total(xn)), "prod": (4 * n, subnormal(xn)),
                   "var": (8 * n, total(numpy.abs(xn) ** 2)),
                   "std": (8 * n, mag(xn))}.get(name, (0, 0.0))
    same(quiet(getattr(xp, name), x, **kw), expected, ulps=ulps, scale=scale)


@settings(max_examples=examples(20 * SCALE))
@given(x=arrays(NUMERIC_DTYPES, shape=xps.array_shapes(min_dims=1, max_dims=3, max_side=4)),
       data=st.data())
def test_cumulative(x, data):
    xn = host(x)
    axis = data.draw(st.integers(-xn.ndim, xn.ndim - 1), label="axis")
    include_initial = data.draw(st.booleans(), label="include_initial")
    n = xn.shape[axis] + 1
    for name, scale in (("cumulative_sum", total(xn)), ("cumulative_prod", subnormal(xn))):  # running sums: n ulps of sum |x|
        same(quiet(getattr(xp, name), x, axis=axis, include_initial=include_initial),
             quiet(getattr(numpy, name), xn, axis=axis, include_initial=include_initial), ulps=4 * n, scale=scale)


@settings(max_examples=examples(20 * SCALE))
@given(x=arrays(REAL_DTYPES, shape=xps.array_shapes(min_dims=1, max_dims=3, min_side=1, max_side=4)),
       data=st.data())
def test_argmax_argmin_diff(x, data):
    xn = host(x)
    axis = data.draw(st.integers(-xn.ndim, xn.ndim - 1), label="axis")
    keepdims = data.draw(st.booleans(), label="keepdims")
    same(xp.argmax(x, axis=axis, keepdims=keepdims), numpy.argmax(xn, axis=axis, keepdims=keepdims))
    same(xp.argmin(x, axis=axis, keepdims=keepdims), numpy.argmin(xn, axis=axis, keepdims=keepdims))
    same(quiet(xp.diff, x, axis=axis), quiet(numpy.diff, xn, axis=axis))


# --- manipulation -------------------------------------------------------------------

@settings(max_examples=examples(20 * SCALE))
@given(x=arrays(ALL_DTYPES, shape=xps.array_shapes(min_dims=1, max_dims=3, max_side=4)), data=st.data())
def test_shape_manipulation(x, data):
    xn = host(x)
    perm = tuple(data.draw(st.permutations(range(xn.ndim)), label="perm"))
    same(xp.permute_dims(x, perm), numpy.permute_dims(xn, perm))
    same(xp.reshape(x, (-1,)), numpy.reshape(xn, (-1,)))
    same(xp.matrix_transpose(x) if xn.ndim >= 2 else x, numpy.matrix_transpose(xn) if xn.ndim >= 2 else xn)
    axis = data.draw(st.integers(-xn.ndim, xn.ndim - 1), label="axis")
    same(xp.flip(x, axis=axis), numpy.flip(xn, axis=axis))
    same(xp.flip(x), numpy.flip(xn))
    same(xp.roll(x, 2, axis=axis), numpy.roll(xn, 2, axis=axis))
    same(xp.expand_dims(x, axis=0), numpy.expand_dims(xn, axis=0))
    same(xp.moveaxis(x, 0, -1), numpy.moveaxis(xn, 0, -1))
    same(xp.unstack(x, axis=axis), numpy.unstack(xn, axis=axis))
    same(xp.tile(x, (2,)), numpy.tile(xn, (2,)))
    same(xp.repeat(x, 2, axis=axis), numpy.repeat(xn, 2, axis=axis))
    same(xp.squeeze(xp.expand_dims(x, axis=0), axis=0), xn)
    same(xp.broadcast_to(x, (2, *xn.shape)), numpy.broadcast_to(xn, (2, *xn.shape)))


@settings(max_examples=examples(20 * SCALE))
@given(dtypes=PROMOTABLE, shape=xps.array_shapes(min_dims=1, max_dims=3, max_side=3), data=st.data())
def test_concat_stack_where(dtypes, shape, data):
    d1, d2 = dtypes
    x1 = data.draw(xps.arrays(d1, shape, elements=finite(d1)), label="x1")
    x2 = data.draw(xps.arrays(d2, shape, elements=finite(d2)), label="x2")
    n1, n2 = host(x1), host(x2)
    axis = data.draw(st.integers(-len(shape), len(shape) - 1), label="axis")
    same(xp.concat([x1, x2], axis=axis), numpy.concat([n1, n2], axis=axis))
    same(xp.concat([x1, x2], axis=None), numpy.concat([n1, n2], axis=None))
    same(xp.stack([x1, x2], axis=axis), numpy.stack([n1, n2], axis=axis))
    cond = data.draw(xps.arrays(xp.bool, shape), label="cond")
    same(xp.where(cond, x1, x2), numpy.where(host(cond), n1, n2))
    b = xp.broadcast_arrays(x1, x2)
    same(b, numpy.broadcast_arrays(n1, n2))


# --- indexing -----------------------------------------------------------------------

@settings(max_examples=examples(30 * SCALE))
@given(data=st.data())
def test_basic_indexing(data):
    x = data.draw(arrays(ALL_DTYPES, shape=xps.array_shapes(min_dims=0, max_dims=3, max_side=4)), label="x")
    xn = host(x)
    idx = data.draw(xps.indices(xn.shape, allow_newaxis=True, allow_ellipsis=True), label="idx")
    same(x[idx], xn[idx])


@settings(max_examples=examples(20 * SCALE))
@given(x=arrays(ALL_DTYPES, shape=xps.array_shapes(min_dims=1, max_dims=3, max_side=4)), data=st.data())
def test_setitem(x, data):
    xn = host(x)
    idx = data.draw(xps.indices(xn.shape), label="idx")
    x[idx] = 1
    xn[idx] = 1
    same(x, xn)


@settings(max_examples=examples(20 * SCALE))
@given(x=arrays(ALL_DTYPES, shape=xps.array_shapes(min_dims=1, max_dims=3, min_side=1, max_side=4)),
       data=st.data())
def test_take_and_masks(x, data):
    xn = host(x)
    axis = data.draw(st.integers(-xn.ndim, xn.ndim - 1), label="axis")
    n = xn.shape[axis]
    ind = data.draw(st.lists(st.integers(-n, n - 1), max_size=5), label="indices")
    i = numpy.asarray(ind, dtype=numpy.int64)
    same(xp.take(x, xp.asarray(i, device=DEVICE), axis=axis), numpy.take(xn, i, axis=axis))
    j = numpy.zeros(xn.shape, dtype=numpy.int64)
    same(xp.take_along_axis(x, xp.asarray(j, device=DEVICE), axis=axis), numpy.take_along_axis(xn, j, axis=axis))
    mask = data.draw(xps.arrays(xp.bool, xn.shape), label="mask")
    same(x[mask], xn[host(mask)])
    same(xp.nonzero(mask), numpy.nonzero(host(mask)))


# --- sorting, searching, sets -------------------------------------------------------

@settings(max_examples=examples(20 * SCALE))
@given(x=arrays(REAL_DTYPES, shape=xps.array_shapes(min_dims=1, max_dims=3, max_side=5)), data=st.data(),
       descending=st.booleans())
def test_sort_argsort(x, data, descending):
    xn = host(x)
    axis = data.draw(st.integers(-xn.ndim, xn.ndim - 1), label="axis")
    expected = numpy.sort(xn, axis=axis, stable=True)
    order = numpy.argsort(xn, axis=axis, stable=True)
    if descending:
        expected = numpy.flip(numpy.sort(numpy.flip(xn, axis=axis), axis=axis, stable=True), axis=axis)
        order = numpy.flip(numpy.argsort(numpy.flip(xn, axis=axis), axis=axis, stable=True), axis=axis)
        order = xn.shape[axis] - 1 - order
    same(xp.sort(x, axis=axis, descending=descending, stable=True), expected)
    same(xp.argsort(x, axis=axis, descending=descending, stable=True), order)


@settings(max_examples=examples(20 * SCALE))
@given(x=arrays(REAL_DTYPES, shape=xps.array_shapes(min_dims=1, max_dims=1, max_side=6)),
       v=st.lists(st.integers(-5, 5), max_size=4), side=st.sampled_from(["left", "right"]))
def test_searchsorted(x, v, side):
    xn = numpy.sort(host(x))
    vn = numpy.asarray(v).astype(xn.dtype) if xn.dtype.kind != "u" else numpy.abs(numpy.asarray(v)).astype(xn.dtype)
    same(xp.searchsorted(xp.asarray(xn, device=DEVICE), xp.asarray(vn, device=DEVICE), side=side),
         numpy.searchsorted(xn, vn, side=side))


@settings(max_examples=examples(20 * SCALE))
@given(x=arrays(REAL_DTYPES, shape=xps.array_shapes(min_dims=1, max_dims=2, max_side=5)))
def test_unique(x):
    xn = host(x)
    same(xp.unique_values(x), numpy.sort(numpy.unique_values(xn)))  # NumPy 2.3+ may not sort here
    c, nc = xp.unique_counts(x), numpy.unique_counts(xn)
    same((c.values, c.counts), (nc.values, nc.counts))
    i, ni = xp.unique_inverse(x), numpy.unique_inverse(xn)
    same((i.values, i.inverse_indices), (ni.values, ni.inverse_indices))
    a, na = xp.unique_all(x), numpy.unique_all(xn)
    same((a.values, a.inverse_indices, a.counts), (na.values, na.inverse_indices, na.counts))
    assert tuple(type(a)._fields) == ("values", "indices", "inverse_indices", "counts")


# --- linear algebra, fft ------------------------------------------------------------

@settings(max_examples=examples(20 * SCALE))
@given(dtypes=PROMOTABLE, n=st.integers(1, 4), m=st.integers(1, 4), k=st.integers(1, 4), data=st.data())
def test_matmul_vecdot_tensordot(dtypes, n, m, k, data):
    d1, d2 = dtypes
    assume(numpy.dtype(d1).kind != "b" and numpy.dtype(d2).kind != "b")
    a = data.draw(xps.arrays(d1, (n, k), elements=finite(d1)), label="a")
    b = data.draw(xps.arrays(d2, (k, m), elements=finite(d2)), label="b")
    an, bn = host(a), host(b)
    c = data.draw(xps.arrays(d2, (n, k), elements=finite(d2)), label="c")
    # dot products of length <= max(n, k): that many ulps of sum |a_i b_i| <= length * max|a| max|b|
    u, sc = 4 * (max(n, k) + 1), max(n, k) * mag(an) * mag(bn, host(c))
    same(quiet(xp.matmul, a, b), quiet(numpy.matmul, an, bn), ulps=u, scale=sc)
    same(quiet(lambda: a @ b), quiet(lambda: an @ bn), ulps=u, scale=sc)
    same(quiet(xp.tensordot, a, b, axes=1), quiet(numpy.tensordot, an, bn, axes=1), ulps=u, scale=sc)
    same(quiet(xp.vecdot, a, c), quiet(numpy.vecdot, an, host(c)), ulps=u, scale=sc)
    same(quiet(xp.linalg.vecdot, a, c, axis=0), quiet(numpy.linalg.vecdot, an, host(c), axis=0), ulps=u, scale=sc)


@settings(max_examples=examples(15 * SCALE))
@given(x=arrays(xps.floating_dtypes(), shape=xps.array_shapes(min_dims=2, max_dims=3, min_side=1, max_side=4)))
def test_linalg_norms(x):
    xn = host(x)
    n = xn.size
    # sums of squares (then a root): n ulps relative, of max |x| absolute; trace: a sum of |diagonal|
    same(xp.linalg.vector_norm(x), numpy.linalg.vector_norm(xn), ulps=4 * n, scale=mag(xn))
    same(xp.linalg.matrix_norm(x), numpy.linalg.matrix_norm(xn), ulps=4 * n, scale=mag(xn))
    same(xp.linalg.diagonal(x), numpy.linalg.diagonal(xn))
    same(xp.linalg.trace(x), numpy.linalg.trace(xn), ulps=4 * n, scale=total(numpy.linalg.diagonal(xn)))


@settings(max_examples=examples(15 * SCALE))
@given(x=arrays(st.one_of(xps.floating_dtypes(), xps.complex_dtypes()),
                shape=xps.array_shapes(min_dims=1, max_dims=2, min_side=1, max_side=6)),
       norm=st.sampled_from(["backward", "ortho", "forward"]))
def test_fft(x, norm):
    xn = host(x)
    # each output is a sum of n twiddled inputs (n <= 6): some ulps of sum |x| along the axis
    u, sc = 16 * xn.shape[-1], total(xn)
    same(xp.fft.fft(x, norm=norm), numpy.fft.fft(xn, norm=norm), ulps=u, scale=sc)
    same(xp.fft.ifft(x, norm=norm), numpy.fft.ifft(xn, norm=norm), ulps=u, scale=sc)
    if xn.dtype.kind == "f":
        same(xp.fft.rfft(x, norm=norm), numpy.fft.rfft(xn, norm=norm), ulps=u, scale=sc)
    same(xp.fft.fftshift(x), numpy.fft.fftshift(xn))


def test_fftfreq_dtype_keyword():
    same(xp.fft.fftfreq(5, d=0.5, device=DEVICE), numpy.fft.fftfreq(5, d=0.5))
    assert xp.fft.fftfreq(4, dtype=xp.float32, device=DEVICE).dtype == xp.float32
    assert xp.fft.rfftfreq(4, dtype=xp.float32, device=DEVICE).dtype == xp.float32


# --- dtype functions ----------------------------------------------------------------

@settings(max_examples=examples(30 * SCALE))
@given(dtypes=PROMOTABLE)
def test_result_type_can_cast_isdtype(dtypes):
    d1, d2 = dtypes
    assert xp.result_type(d1, d2) == numpy.result_type(d1, d2)
    assert xp.can_cast(d1, d2) == numpy.can_cast(d1, d2)
    for kind in ("bool", "signed integer", "unsigned integer", "integral", "real floating",
                 "complex floating", "numeric", ("bool", "numeric")):
        assert xp.isdtype(d1, kind) == numpy.isdtype(d1, kind)
    assert xp.isdtype(dtype=d1, kind=d1)
