"""Creation routines vs NumPy (DESIGN §2.2 defaults, §3.1 device=, §5.1 signatures/errors)."""

import re
import warnings

import numpy
import pytest
from hypothesis import given, strategies as st

import torchnp
from support import Compare, DEVICE, arrays, assert_like_numpy, check, raises_like, tnp, SUPPORTED_DTYPES

DTYPES = [None, bool, int, float, complex, "int8", "uint8", "int16", "int32", "float16", "float32", "complex64"]

# -- from shape or value (§2.2: float64 by default) --------------------------------
SHAPE_CASES = [3, (2, 3), (), (0,), [2, 1, 2], (2, 0, 1), -1, (2, -1), 2.0, "a", (1.5,)]


@pytest.mark.parametrize("name", ["zeros", "ones", "empty"])
@pytest.mark.parametrize("shape", SHAPE_CASES)
def test_shape_routines_dtype_shape_and_errors(name, shape):  # §2.2, §5.1 (negative dims -> ValueError)
    kw = {"device": DEVICE}
    exp_exc = None
    try:
        exp = getattr(numpy, name)(shape)
    except Exception as e:  # noqa: BLE001
        exp_exc = type(e)
    if exp_exc is not None:
        with pytest.raises(exp_exc):
            getattr(torchnp, name)(shape, **kw)
        return
    got = getattr(torchnp, name)(shape, **kw)
    assert got.shape == exp.shape and got.dtype == exp.dtype
    if name != "empty":
        assert_like_numpy(got, exp)


@pytest.mark.parametrize("name", ["zeros", "ones", "empty"])
@pytest.mark.parametrize("dtype", DTYPES)
def test_shape_routines_dtypes(name, dtype):  # §2.1, §2.2
    exp = getattr(numpy, name)((2, 2), dtype=dtype)
    got = getattr(torchnp, name)((2, 2), dtype=dtype, device=DEVICE)
    assert got.dtype == exp.dtype and got.shape == exp.shape
    assert str(got.device) == str(torchnp.asarray(got).device)


@pytest.mark.parametrize("fill", [3, 1.5, True, 1 + 2j, numpy.float32(2.5), numpy.int8(-3), numpy.uint8(200), float("nan")])
@pytest.mark.parametrize("dtype", [None, int, float, "int8", "float32", "complex64", bool])
def test_full(fill, dtype):  # §2.2 (dtype from the value), §2.3 (NumPy scalars keep theirs)
    if isinstance(fill, float) and fill != fill and dtype in (int, "int8", bool):
        return  # NaN -> int is platform-defined in NumPy and torch alike
    with _nowarn():
        check("full", (2, 3), fill, dtype=dtype)


class _nowarn:
    def __enter__(self):
        import warnings

        self._c = warnings.catch_warnings()
        self._c.__enter__()
        warnings.simplefilter("ignore")

    def __exit__(self, *a):
        self._c.__exit__(*a)


def test_full_array_fill_and_errors():  # §5.1
    check("full", (2, 3), numpy.array([1, 2, 3]))
    check("full", -2, 1.0)
    check("full", (2, 2), numpy.array([1, 2, 3]))
    check("full_like", numpy.ones((2, 2)), numpy.array([1, 2, 3]))
    check("full_like", numpy.ones((2, 3)), numpy.array([1, 2, 3]), dtype="int8")
    with warnings.catch_warnings():  # a complex array fill into a real dtype: NumPy's ComplexWarning, no torch one
        warnings.simplefilter("error", UserWarning)
        warnings.simplefilter("ignore", numpy.exceptions.ComplexWarning)
        check("full_like", numpy.ones((2, 3)), numpy.array(1 + 2j))
        check("full_like", numpy.ones((2, 3), "int8"), numpy.array([300, -1.5, 2 + 1j]))
    for dtype in ("int8", "uint8", "float64", "bool"):  # a list: NumPy's copyto(casting="unsafe") of its array
        for value in ([1, 300], [1.5, 2], [-1, 2]):  # ([1, 300] into int8 is [1, 44]; torchnp raised OverflowError)
            check("full", 2, value, dtype=dtype)
    for dtype in ("int8", "float64", "bool", "complex128"):  # None and strings as NumPy's dtype converts them
        for value in (None, "3"):  # (None: nan for floats, False, TypeError for ints; torch's RuntimeError before)
            check("full_like", numpy.ones((2, 2), dtype), value)


@given(arrays(SUPPORTED_DTYPES, max_dims=3))
def test_like_routines(a):  # §2.2: *_like keep dtype and shape (and device, §3.1)
    x = tnp(a)
    for name in ("zeros_like", "ones_like", "empty_like"):
        exp = getattr(numpy, name)(a)
        got = getattr(torchnp, name)(x)
        assert got.shape == exp.shape and got.dtype == exp.dtype and got.device == x.device
        if name != "empty_like":
            assert_like_numpy(got, exp)
    with _nowarn():
        assert_like_numpy(torchnp.full_like(x, 7), numpy.full_like(a, 7))


@pytest.mark.parametrize("dtype", [None, float, "int16", "complex128"])
@pytest.mark.parametrize("shape", [None, 4, (2, 2), (0, 3)])
def test_like_dtype_shape(dtype, shape):  # §2.2
    a = numpy.arange(6).reshape(2, 3)
    for name in ("zeros_like", "ones_like"):
        check(name, a, dtype=dtype, shape=shape)
    with _nowarn():
        check("full_like", a, 2.7, dtype=dtype, shape=shape)
        check("full_like", a, 2.7)
    check("zeros_like", a, shape=-1)


# -- from existing data ---------------------------------------------------------------
DATA = [[1, 2, 3], [1.5, 2], [[1, 2], [3, 4]], [True, False], [1 + 1j, 2], 5, 2.5, True, 3j, [], [[]],
        (1, 2), [(1, 2), (3, 4)], range(4), 2**63, [2**63, 1], numpy.float32(1.5), numpy.arange(6).reshape(2, 3),
        numpy.arange(6)[::-2], numpy.array([1, 2], dtype=">i4"), [[1], [1, 2]], ["a"], [1, "a"], None, 2**64]


@pytest.mark.parametrize("name", ["array", "asarray", "asanyarray", "ascontiguousarray", "copy"])
@pytest.mark.parametrize("obj", DATA, ids=repr)
def test_from_data(name, obj):  # §2.2 inference, §2.5 unsupported (str/object) -> TypeError
    try:
        exp = getattr(numpy, name)(obj)
    except Exception as e:  # noqa: BLE001
        with pytest.raises(type(e)):
            getattr(torchnp, name)(obj)
        return
    if exp.dtype.kind not in "biufc":  # host-only data: NumPy's own array, whatever the device (§2.5)
        got = getattr(torchnp, name)(obj)
        assert type(got) is numpy.ndarray and got.dtype == exp.dtype
        numpy.testing.assert_array_equal(got, exp)
        return
    got = getattr(torchnp, name)(obj, device=DEVICE) if name != "copy" else torchnp.copy(obj)
    # torch holds native byte order only: '>i4' data arrives as the native int32 (docs/differences);
    # copy() follows the data: host data stays on the host (§3.3), Python data goes to the default device
    dev = "cpu" if name == "copy" and isinstance(obj, (numpy.ndarray, numpy.generic)) else None
    assert_like_numpy(got, exp.astype(exp.dtype.newbyteorder("=")), device=dev)


@pytest.mark.parametrize("dtype", DTYPES)
def test_array_dtype_ndmin(dtype):  # §2.1
    with _nowarn():
        check("array", [[1, 0], [2, 3]], dtype=dtype)
        check("array", 1, dtype=dtype, ndmin=3)
        check("asarray", [1.7, -2.2], dtype=dtype)


def test_copy_semantics():  # §1.2, §5.1: copy= keyword as NumPy 2
    x = torchnp.arange(3, device=DEVICE)
    assert torchnp.asarray(x) is x
    y = torchnp.array(x)
    y[0] = 10
    assert int(x[0]) == 0
    z = torchnp.asarray(x, copy=False)
    z[1] = 5
    assert int(x[1]) == 5
    with pytest.raises(ValueError):
        torchnp.asarray(x, dtype="float32", copy=False)
    with pytest.raises(ValueError):
        numpy.array([1, 2], copy=False)
    with pytest.raises(ValueError):
        torchnp.array([1, 2], copy=False)
    c = torchnp.copy(x)
    c[2] = 9
    assert int(x[2]) == 2
    assert torchnp.ascontiguousarray(x[::2]).flags.c_contiguous


# -- numerical ranges -------------------------------------------------------------------
ARANGE = [(5,), (0.5, 3), (1, 10, 3), (10, 1, -3), (3.0,), (True,), (-3,), (0, 1, 0.1), (2, 2), (0, 1, 0),
          (numpy.float32(0), 2, 0.5), (1, 5, 2.0)]


@pytest.mark.parametrize("args", ARANGE, ids=repr)
@pytest.mark.parametrize("dtype", [None, "int8", "uint8", "float32", "float64", "int64"])
def test_arange(args, dtype):  # §2.2: int64 / float64 defaults
    with _nowarn():
        check("arange", *args, dtype=dtype)


@given(st.integers(-50, 50), st.integers(-50, 50), st.integers(-7, 7).filter(bool))
def test_arange_ints_hypothesis(a, b, s):  # §2.2
    check("arange", a, b, s)


@given(st.floats(-100, 100), st.floats(-100, 100), st.integers(0, 30), st.booleans(),
       st.sampled_from([None, "float32", "int32", "float64", "complex128", "bool"]))
def test_linspace_hypothesis(a, b, num, endpoint, dtype):  # §2.2
    # start + i * step: a few ulps of the end points' magnitude in the result dtype (integers exact)
    kind = numpy.dtype(dtype or "float64")
    eps = float(numpy.finfo(kind).eps) if kind.kind in "fc" else 0.0
    check("linspace", a, b, num, endpoint=endpoint, dtype=dtype,
          compare=Compare(rtol=8 * eps, atol=8 * eps * max(1.0, abs(a), abs(b))))


LIN = [((0, 1, 5), {}), ((0, 1, 5), {"endpoint": False, "retstep": True}), ((0, 1, 1), {"retstep": True}),
       ((0, 1, 0), {}), ((0, 1, -1), {}), ((numpy.float32(0), 1, 3), {}), ((1j, 2, 3), {}),
       ((numpy.array([0, 1]), numpy.array([2, 3]), 3), {"axis": 1}), ((numpy.array([0, 1]), 5, 4), {"axis": -1}),
       ((numpy.array([0, 1]), 5, 4), {"axis": 2}), ((-5, 5, 4), {"dtype": int}), ((1, 1, 4), {}),
       ((numpy.float16(1), numpy.float16(2), 4), {}), ((numpy.int8(1), 2, 4), {}),
       # bool is not floored (NumPy floors integer dtypes only); complex samples: NumPy's astype, and
       # floor's TypeError for an integer dtype (torchnp floored the real part: [F, F, T] for [F, T, T])
       ((0, 1, 3), {"dtype": bool}), ((1j, 2 + 1j, 3), {"dtype": bool}), ((1j, 2 + 1j, 3), {"dtype": float}),
       ((1j, 2 + 1j, 3), {"dtype": int})]


@pytest.mark.parametrize("args,kw", LIN, ids=repr)
def test_linspace_cases(args, kw):  # §2.2, §2.3, §5.1 (AxisError, ValueError)
    check("linspace", *args, **kw)


LOG = [((0, 2, 3), {}), ((0, 1, 4), {"base": 2}), ((0, 1, 4), {"base": 2.0, "endpoint": False}),
       ((numpy.float32(0), numpy.float32(1), 3), {}), ((0, 3, 4), {"dtype": int}),
       ((numpy.array([0, 1]), 3, 4), {"axis": 1}), ((0, 1, 3), {"base": numpy.array([2.0, 10.0])}),
       ((0, 1, 3), {"base": numpy.array([2.0, 10.0]), "axis": -1}), ((1, 2, 3), {"base": 1j})]


@pytest.mark.parametrize("args,kw", LOG, ids=repr)
def test_logspace(args, kw):  # §2.2
    check("logspace", *args, **kw)


GEOM = [((1, 1000, 4), {}), ((-1, -1000, 4), {}), ((1, 256, 9), {"endpoint": False}), ((1j, 1000j, 4), {}),
        ((1, 1000, 4), {"dtype": int}), ((1, 1000, 4), {"dtype": "float32"}), ((0, 10, 3), {}), ((1, 0, 3), {}),
        ((numpy.array([1, 10]), numpy.array([100, 1000]), 3), {"axis": 1}), ((2, 3, 0), {}), ((2, 3, 1), {}),
        ((numpy.float32(1), numpy.float32(8), 4), {}), ((1 + 1j, 1000 + 1000j, 4), {})]


@pytest.mark.parametrize("args,kw", GEOM, ids=repr)
def test_geomspace(args, kw):  # §2.2, ValueError for zero as NumPy
    check("geomspace", *args, **kw)


# -- building matrices ---------------------------------------------------------------------
EYE = [((3,), {}), ((3, 2), {"k": -1, "dtype": int}), ((3,), {"k": 5}), ((-1,), {}), ((2, 4), {"k": 2}),
       ((0,), {}), ((3,), {"dtype": bool}), ((3,), {"dtype": "complex64"})]


@pytest.mark.parametrize("args,kw", EYE, ids=repr)
def test_eye_tri(args, kw):  # §2.2 float64 default, negative dims -> ValueError
    check("eye", *args, **kw)
    check("tri", *args, **kw)
    if len(args) == 1 and "k" not in kw:
        check("identity", *args, **kw)


def test_tri_negative():  # NumPy gives empty, not an error
    check("tri", 2, -1)
    check("tri", -1)


@given(arrays(SUPPORTED_DTYPES, min_dims=1, max_dims=4), st.integers(-3, 3))
def test_tril_triu_hypothesis(a, k):  # §2.1 all dtypes, stacks on the last two axes
    check("tril", a, k)
    check("triu", a, k=k)


@given(arrays(SUPPORTED_DTYPES, min_dims=0, max_dims=3), st.integers(-3, 3))
def test_diag_diagflat_hypothesis(a, k):  # ValueError for >2-d as NumPy
    check("diag", a, k)
    check("diagflat", a, k=k)


@given(arrays(SUPPORTED_DTYPES, min_dims=0, max_dims=2, max_side=4,
              elements=None), st.one_of(st.none(), st.integers(0, 5)), st.booleans())
def test_vander_hypothesis(a, N, increasing):  # dtype promote_types(x, int) as NumPy
    if a.dtype.kind == "f":
        a = numpy.clip(numpy.nan_to_num(a), -3, 3).astype(a.dtype)
    elif a.dtype.kind == "c":
        a = numpy.clip(numpy.nan_to_num(a).real, -3, 3).astype(a.dtype)
    # each entry is a product of at most N - 1 factors, rounded each time: (N - 1) ulps of the
    # result dtype (exact for integers)
    n = a.shape[0] if N is None and a.ndim else (N or 1)
    eps = float(numpy.finfo(a.dtype).eps) if a.dtype.kind in "fc" else 0.0
    check("vander", a, N, increasing=increasing, compare=Compare(rtol=2 * max(n, 1) * eps, atol=0))


def test_vander_errors():
    check("vander", numpy.ones((2, 2)))
    check("vander", [1, 2], -1)


# -- grids ----------------------------------------------------------------------------------------
@pytest.mark.parametrize("indexing", ["xy", "ij", "bad"])
@pytest.mark.parametrize("sparse", [False, True])
@pytest.mark.parametrize("copy", [False, True])
@pytest.mark.parametrize("n", [0, 1, 2, 3])
def test_meshgrid(indexing, sparse, copy, n):  # §5.1 (ValueError for indexing)
    xs = [numpy.arange(i + 2, dtype=dt) for i, dt in zip(range(n), ["int64", "float32", "int8"])]
    check("meshgrid", *xs, indexing=indexing, sparse=sparse, copy=copy)


@pytest.mark.parametrize("key", [
    (slice(0, 3),), (slice(0, 3), slice(0, 2)), (slice(-1, 1, 0.5),), (slice(0, 1, 3j),),
    (slice(0, 1, 3j), slice(2, 5)), (slice(0, 5, 2), slice(1, 2, 1j)), (slice(None, 4),), (slice(1, 2, 1j),)],
    ids=repr)
@pytest.mark.parametrize("grid", ["mgrid", "ogrid"])
def test_mgrid_ogrid(key, grid):  # index tricks incl. the complex-step "num" form
    k = key[0] if len(key) == 1 else key
    exp = getattr(numpy, grid)[k]
    got = getattr(torchnp, grid)[k]
    assert_like_numpy(list(got) if isinstance(exp, tuple) else got, list(exp) if isinstance(exp, tuple) else exp)
    if not isinstance(exp, tuple):
        assert isinstance(got, torchnp.ndarray)


@pytest.mark.parametrize("dims", [(2, 3), (4,), (), (2, 0, 3), (-1, 2)], ids=repr)
@pytest.mark.parametrize("dtype", [int, float, "int8"])
@pytest.mark.parametrize("sparse", [False, True])
def test_indices(dims, dtype, sparse):
    check("indices", dims, dtype=dtype, sparse=sparse)


def test_fromfunction():
    f = lambda i, j, scale=1: (i * 10 + j) * scale  # noqa: E731
    assert_like_numpy(torchnp.fromfunction(f, (3, 4), scale=2, device=DEVICE), numpy.fromfunction(f, (3, 4), scale=2))
    assert_like_numpy(torchnp.fromfunction(f, (2, 2), dtype=int), numpy.fromfunction(f, (2, 2), dtype=int))


@pytest.mark.parametrize("dtype", ["int64", "float32", "complex128", "uint8", bool])
@pytest.mark.parametrize("count", [-1, 3, 10])
def test_fromiter(dtype, count):  # ValueError for too few items as NumPy
    try:
        exp = numpy.fromiter(iter(range(5)), dtype, count=count)
    except ValueError:
        with pytest.raises(ValueError):
            torchnp.fromiter(iter(range(5)), dtype, count=count)
    else:
        assert_like_numpy(torchnp.fromiter(iter(range(5)), dtype, count=count, device=DEVICE), exp)
    x = torchnp.fromiter((i * i for i in range(4)), dtype, device=DEVICE)
    assert_like_numpy(x, numpy.fromiter((i * i for i in range(4)), dtype))


def test_fromiter_requires_dtype():  # TypeError as NumPy
    with pytest.raises(TypeError):
        numpy.fromiter(range(3))
    with pytest.raises(TypeError):
        torchnp.fromiter(range(3))
    got = torchnp.fromiter(iter(["a", "bc"]), "U2")  # host-only data: NumPy's own array (§2.5)
    assert type(got) is numpy.ndarray
    numpy.testing.assert_array_equal(got, numpy.fromiter(iter(["a", "bc"]), "U2"))


@pytest.mark.parametrize("kw", [{}, {"dtype": "int16"}, {"dtype": "uint8", "count": 3, "offset": 2},
                                {"dtype": "float32", "offset": 1}, {"dtype": "int32", "count": 10},
                                {"dtype": "int8", "offset": -1}])
def test_frombuffer(kw):  # errors as NumPy (ValueError)
    buf = bytes(range(16))
    try:
        exp = numpy.frombuffer(buf, **kw)
    except ValueError as e:
        raises_like(ValueError, torchnp.frombuffer, buf, match=re.escape(str(e)), **kw)
        return
    assert_like_numpy(torchnp.frombuffer(buf, **kw), exp, device="cpu")  # host data: buf's memory, any default


def test_frombuffer_shares_memory_and_device():  # §4.1-style sharing on the CPU, device= copies (§3.4)
    buf = bytearray(8)
    x = torchnp.frombuffer(buf, dtype="uint8")
    assert x.device.type == "cpu"
    x[0] = 7
    assert buf[0] == 7
    m = torchnp.frombuffer(buf, dtype="uint8", device="meta")
    assert m.device.type == "meta" and m.shape == (8,)


# -- default float32 opt-in (§2.2) -------------------------------------------------------------------
def test_default_float_dtype_opt_in():  # §2.2: never on by default; context manager restores
    assert torchnp.get_default_float_dtype() == numpy.float64
    assert torchnp.zeros(2, device=DEVICE).dtype == numpy.float64
    with torchnp.default_float_dtype(torchnp.float32):
        assert torchnp.get_default_float_dtype() == numpy.float32
        for x in (torchnp.zeros(2), torchnp.ones(2), torchnp.empty(2), torchnp.eye(2), torchnp.tri(2),
                  torchnp.linspace(0, 1, 3), torchnp.asarray(1.5), torchnp.asarray([1.0, 2.0]),
                  torchnp.arange(0.5, 2), torchnp.full(2, 1.5), torchnp.logspace(0, 1, 3), torchnp.geomspace(1, 2, 3)):
            assert x.dtype == numpy.float32
        # explicit dtypes and NumPy float64 data stay float64
        assert torchnp.asarray(numpy.ones(2)).dtype == numpy.float64
        assert torchnp.zeros(2, dtype="float64").dtype == numpy.float64
        assert torchnp.asarray(1j).dtype == numpy.complex64
    assert torchnp.zeros(2).dtype == numpy.float64
    torchnp.set_default_float_dtype("float32")
    try:
        assert torchnp.ones(1).dtype == numpy.float32
    finally:
        torchnp.set_default_float_dtype(numpy.float64)
    assert torchnp.ones(1).dtype == numpy.float64
    with pytest.raises(ValueError):
        torchnp.set_default_float_dtype("int32")


# -- device= on every creation function (§3.1) -------------------------------------------------------
CREATORS = [
    ("array", ([1, 2],), {}), ("asarray", ([1.0],), {}), ("asanyarray", ([1],), {}),
    ("ascontiguousarray", ([1],), {}), ("empty", (2,), {}), ("zeros", (2,), {}), ("ones", (2,), {}),
    ("full", (2, 3.0), {}), ("arange", (5,), {}), ("arange", (0.5, 3.0), {}), ("linspace", (0, 1, 4), {}),
    ("logspace", (0, 1, 4), {}), ("eye", (3,), {}), ("identity", (2,), {}), ("tri", (3,), {}),
    ("indices", ((2, 3),), {}), ("fromiter", (range(3), "int32"), {}), ("frombuffer", (bytearray(8), "uint8"), {}),
    ("fromfunction", (lambda i: i, (3,)), {}),
]


@pytest.mark.parametrize("dev", ["cpu", "meta"])
@pytest.mark.parametrize("name,args,kw", CREATORS, ids=[c[0] for c in CREATORS])
def test_device_keyword(name, args, kw, dev):  # §3.1
    exp = getattr(numpy, name)(*args, **kw)
    got = getattr(torchnp, name)(*args, device=dev, **kw)
    assert got.device.type == dev
    assert got.shape == exp.shape and got.dtype == exp.dtype


@pytest.mark.parametrize("dev", ["cpu", "meta"])
def test_like_and_data_routines_keep_device(dev):  # §3.1: results live with their input
    x = torchnp.ones((2, 3), device=dev)
    for f in (torchnp.zeros_like, torchnp.ones_like, torchnp.empty_like, torchnp.copy, torchnp.diag,
              torchnp.tril, torchnp.triu, torchnp.diagflat, torchnp.asarray, torchnp.array):
        assert f(x).device.type == dev
    assert torchnp.full_like(x, 2).device.type == dev
    assert torchnp.logspace(x[0], 4.0, 3).device.type == dev
    assert all(a.device.type == dev for a in torchnp.meshgrid(x[0], x[:, 0]))
    assert torchnp.linspace(x[0], 5.0, 3).device.type == dev
    assert torchnp.vander(x[0]).device.type == dev
    other = "meta" if dev == "cpu" else "cpu"
    assert torchnp.zeros_like(x, device=other).device.type == other
    with pytest.raises(torchnp.DeviceMismatchError):
        torchnp.meshgrid(x[0], torchnp.ones(2, device=other))
    with pytest.raises(torchnp.DeviceMismatchError):
        torchnp.linspace(x[0], torchnp.ones(3, device=other), 4)


# -- signatures (§5.1): NumPy's parameter names, kinds and defaults, plus keyword-only device= ----------
SIGNATURE_NAMES = ["array", "asarray", "asanyarray", "ascontiguousarray", "copy", "empty", "zeros", "ones", "full",
                   "empty_like", "zeros_like", "ones_like", "full_like", "arange", "linspace", "logspace", "geomspace",
                   "eye", "identity", "diag", "diagflat", "tri", "tril", "triu", "vander", "meshgrid", "indices",
                   "fromfunction", "fromiter", "frombuffer"]


@pytest.mark.parametrize("name", SIGNATURE_NAMES)
def test_signature_mirrors_numpy(name):  # §5.1
    import inspect

    ours = inspect.signature(getattr(torchnp, name)).parameters
    theirs = inspect.signature(getattr(numpy, name)).parameters
    for pname, p in theirs.items():
        if p.kind is p.VAR_KEYWORD:
            continue
        assert pname in ours, f"{name}: missing parameter {pname}"
        q = ours[pname]
        assert (q.kind, q.default) == (p.kind, p.default), f"{name}({pname}): {q} != {p}"
    assert "device" in ours and ours["device"].kind is inspect.Parameter.KEYWORD_ONLY or name in (
        "copy", "diag", "diagflat", "tril", "triu", "vander", "meshgrid")


def test_array_ndmax():  # NumPy 2.4 ndmax: deeper nesting would need object dtype
    check("array", [[1, 2], [3, 4]], ndmax=1)
    check("array", [[1, 2], [3, 4]], ndmax=2)
    check("array", numpy.ones((2, 2)), ndmax=1)


def test_frombuffer_default_is_float64_even_with_float32_default():  # §2.2: bytes are read as NumPy reads them
    buf = numpy.arange(3.0).tobytes()
    with torchnp.default_float_dtype("float32"):
        assert_like_numpy(torchnp.frombuffer(buf), numpy.frombuffer(buf), device="cpu")  # shares buf's memory


# §5.1 arange's C parser takes start= by name and stop= alone (torch_np suite, issue 16)
@pytest.mark.parametrize("kwargs", [{"start": 1, "stop": 4}, {"stop": 4}, {"start": 1, "stop": 9, "step": 3},
                                    {"start": 3}, {}, {"start": 0.5, "stop": 2, "dtype": "float32"}])
def test_arange_keywords(kwargs):
    check("arange", **kwargs)


def test_arange_start_twice():
    check("arange", 1, start=1)


@given(st.integers(-20, 20), st.integers(-20, 20), st.integers(1, 5))
def test_arange_start_stop_by_name(start, stop, step):
    check("arange", start=start, stop=stop, step=step)
    check("arange", start, stop=stop)


@pytest.mark.parametrize("value", [numpy.False_, numpy.uint8(3), numpy.float32(1.5), numpy.complex64(1 + 2j)])
@pytest.mark.parametrize("dtype", ["bool", "int16", "float64", "complex128"])
def test_astype_of_a_numpy_scalar_like_numpy(value, dtype):  # numpy.astype takes scalars: host data (§1.3)
    want, got = numpy.astype(value, dtype), torchnp.astype(value, dtype)
    assert type(got) is type(want) and got == want
    with pytest.raises(TypeError):
        torchnp.astype([1, 2], dtype)


@pytest.mark.parametrize("M", [-1, 0, 1, 2, 5, 12, 65])
def test_windows_match_numpy(M):
    """Every window function against NumPy's, on both sides of the tiny host path (found by mutation
    testing: no test in this file ran the windows)."""
    for name in ("bartlett", "blackman", "hamming", "hanning"):
        check(name, M)
    for beta in (0.0, 1.5, 8.6):
        check("kaiser", M, beta)


def test_layouts_requirements_and_grids():
    """Fortran layouts (full/empty/ones/asfortranarray/require), every requirement spelling,
    complex-step grids, array(copy=False) of memory-less data and vander's message."""
    a = numpy.arange(12.0).reshape(3, 4)
    for r in (torchnp.full((3, 4), 2.5, order="F"), torchnp.ones((2, 3, 4), order="F"),
              torchnp.asfortranarray(tnp(a)), torchnp.require(tnp(a), requirements="F")):
        assert r.flags.f_contiguous and not r.flags.c_contiguous
    assert_like_numpy(torchnp.asfortranarray(tnp(a)), numpy.asfortranarray(a))
    assert torchnp.full(5, 1.0, order="F").flags.c_contiguous  # 1-d: both layouts
    for req in ("C", ["C_CONTIGUOUS"], ["CONTIGUOUS"], "F", ["F_CONTIGUOUS"], ["FORTRAN"], "A", ["ALIGNED"], "W",
                ["WRITEABLE"], "O", ["OWNDATA"], "E", ["ENSUREARRAY"], ["c", "a"], ["F", "W", "O"]):
        want = numpy.require(a[:, ::2], requirements=req)
        got = torchnp.require(tnp(a)[:, ::2], requirements=req)
        assert_like_numpy(got, want)
        for flag in ("c_contiguous", "f_contiguous", "writeable"):
            assert getattr(got.flags, flag) == getattr(want.flags, flag), (req, flag)
    for key in (numpy.s_[0:1:2j], numpy.s_[0:4:1j], numpy.s_[-1:3:5j], numpy.s_[2:7:2]):
        assert_like_numpy(torchnp.mgrid[key, key], numpy.mgrid[key, key])
        assert_like_numpy(torchnp.ogrid[key], numpy.ogrid[key])
    for obj in ([1, 2], 3.0, None, (1.5, 2.5)):
        check("array", obj, copy=False)
    with pytest.raises(ValueError, match=r"^x must be a one-dimensional array or sequence\.$"):
        torchnp.vander(tnp(a))


def test_ranges_messages_and_scalar_casts_as_numpy():
    """Cases neither the listed nor the drawn ones meet (issue 24's mutation runs): arange with only
    ``stop`` a float and more elements than the tiny host path takes (NumPy's float64), its NaN
    length's message; linspace's ``i * step`` bit for bit (NumPy's order of operations, the step
    exactly 1 included); geomspace with a zero in one array end point only; meshgrid's message;
    ``astype`` of a NumPy scalar (NumPy's own cast, no device)."""
    for args in ((0, 100.5, 1), (2, 9.5, 3), (0, 200.0, 3), (-1, 80.25)):
        check("arange", *args)
    for np_call, our_call in ((lambda: numpy.arange(0, numpy.nan), lambda: torchnp.arange(0, float("nan"))),
                              (lambda: numpy.meshgrid(numpy.arange(2), indexing="xx"),
                               lambda: torchnp.meshgrid(tnp(numpy.arange(2)), indexing="xx"))):
        with pytest.raises(ValueError) as want:
            np_call()
        with pytest.raises(ValueError, match=f"^{re.escape(str(want.value))}$"):
            our_call()
    for args in ((0, 10, 11), (0, 49, 50), (-3, 97, 101), (5, 105, 101), (0, 1e-320, 5)):
        check("linspace", *args, compare=Compare(rtol=0, atol=0))
    for s, e in ((numpy.array([0.0, 1.0]), numpy.array([2.0, 3.0])), (numpy.array([1.0, 2.0]), numpy.array([3.0, 0.0])),
                 (numpy.array([0.0, 1.0]), 10.0), (1.0, numpy.array([2.0, 0.0]))):
        check("geomspace", s, e, 4)  # NumPy's ValueError
    for v, dt in ((numpy.float32(1.5), "float64"), (numpy.int64(-3), numpy.uint8), (numpy.complex64(1 + 2j), "complex128")):
        got, want = torchnp.astype(v, dt), numpy.astype(v, dt)
        assert type(got) is type(want) and got == want, (got, want)


def test_linspace_is_numpys_formula_with_cudas_division(monkeypatch):
    """linspace computes NumPy's ``start + arange(num) * step`` (the end point ``stop``, the
    divide-first order where any step underflows to 0, integer dtypes floored) with torch's
    elementwise operations, bit for bit, under the accelerator rules with CUDA's division by a
    Python number (``a * (1 / b)``: the H200's 48 of 50 wrong in the last bit, 2026-11-28) and
    without torch.linspace (whose CUDA kernel computes from both ends)."""
    import torch
    from torchnp import _device
    from support import CudaScalarDivision

    monkeypatch.setattr(_device, "CPU_VALUE_CHECKS", False)

    def not_used(*args, **kwargs):
        raise AssertionError("torch.linspace's algorithm is not NumPy's")
    monkeypatch.setattr(torch, "linspace", not_used)
    cases = [((0, 49, 50), {}), ((0, 10, 11), {}), ((-3, 97, 101), {}), ((0, 1e-320, 5), {}),
             ((0, 49, 50), {"endpoint": False}), ((2, 7, 1), {}), ((2, 7, 0), {}),
             ((numpy.float32(0), numpy.float32(49), 50), {}), ((0, 49 + 3j, 50), {}),
             ((0, 49, 50), {"dtype": numpy.int16}), ((-7.5, 3, 9), {"dtype": numpy.int64}),
             ((numpy.array([0.0, 0.0]), numpy.array([5e-324, 3.0]), 6), {}),
             ((numpy.array([0.0, 1.0]), numpy.array([49.0, 50.0]), 50), {"axis": 1, "retstep": True})]
    with CudaScalarDivision():
        for args, kw in cases:
            got = torchnp.linspace(*[torchnp.asarray(a, device="cpu") if isinstance(a, numpy.ndarray) else a
                                     for a in args], device="cpu", **kw)
            assert_like_numpy(got, numpy.linspace(*args, **kw), rtol=0, atol=0, device="cpu",
                              err_msg=f"linspace{args} {kw}")


def test_geomspace_of_arrays_reads_no_data_on_accelerators(monkeypatch):
    """geomspace with an array end point checks it for zeros on the device, without reading it to
    the host, when NumPy's value checks are off (an accelerator, §3.5): NumPy's values, no host read."""
    from torchnp import _device
    from host_reads import HostReads

    monkeypatch.setattr(_device, "CPU_VALUE_CHECKS", False)
    s = numpy.linspace(1.0, 5.0, 70)
    for args in ((s, 1000.0, 4), (2.0, s, 3), (s, s[::-1] * 3, 5)):
        x = [tnp(a) if isinstance(a, numpy.ndarray) else a for a in args]
        with HostReads(strict=True):
            got = torchnp.geomspace(*x)
        assert_like_numpy(got, numpy.geomspace(*args), rtol=1e-13)
