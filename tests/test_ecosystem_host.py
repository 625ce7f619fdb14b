"""Host libraries on what code written with ``np = torchnp`` returns (issue 23, §5.3, §3.3, §2.5):
SciPy's optimizers with torchnp objectives and gradients, NumPy-only types (``numpy.matrix``),
NumPy's private submodule attributes, and host objects that implement NumPy's protocols
themselves (pandas, xarray) — each against the same program written with NumPy."""

import numpy
import pytest
import scipy.optimize

import torchnp


@pytest.fixture
def host():
    with torchnp.device("cpu"):  # the callbacks' arrays are host data (§3.3), whatever TORCHNP_DEVICE says
        yield


# ---------------------------------------------------------------- SciPy's optimizers (§5.3)
def _rosen(xp):
    def fun(x):
        return xp.sum(100.0 * (x[1:] - x[:-1] ** 2) ** 2 + (1 - x[:-1]) ** 2)

    def grad(x):
        xm, xm_m1, xm_p1 = x[1:-1], x[:-2], x[2:]
        g = xp.zeros_like(x)
        g[1:-1] = 200 * (xm - xm_m1 ** 2) - 400 * (xm_p1 - xm ** 2) * xm - 2 * (1 - xm)
        g[0] = -400 * x[0] * (x[1] - x[0] ** 2) - 2 * (1 - x[0])
        g[-1] = 200 * (x[-1] - x[-2] ** 2)
        return g

    return fun, grad


def _quadratic(xp):
    # the program: a gradient built as np.array([...]) of scalars
    def fun(x):
        return (x[0] - 1) ** 2 + 10 * (x[1] - 2.5) ** 2 + x[0] * x[1]

    def grad(x):
        return xp.array([2 * (x[0] - 1) + x[1], 20 * (x[1] - 2.5) + x[0]])

    return fun, grad


@pytest.mark.parametrize("problem", [_rosen, _quadratic])
@pytest.mark.parametrize("bounds", [None, "box"])
@pytest.mark.parametrize("method", ["L-BFGS-B", "TNC", "SLSQP"])
def test_minimize_with_torchnp_objective_and_gradient(host, method, bounds, problem):
    # §5.3: SciPy normalises the gradient with numpy.atleast_1d and hands it to compiled code
    x0 = numpy.array([-1.2, 1.0, 0.3, 0.8])[: 4 if problem is _rosen else 2]
    bnds = None if bounds is None else [(-1.0, 0.9)] * len(x0)
    runs = {}
    for name, xp in (("numpy", numpy), ("torchnp", torchnp)):
        fun, grad = problem(xp)
        runs[name] = scipy.optimize.minimize(fun, xp.asarray(x0.copy()), jac=grad, method=method, bounds=bnds)
    expected, actual = runs["numpy"], runs["torchnp"]
    assert type(actual.x) is numpy.ndarray
    numpy.testing.assert_array_equal(actual.x, expected.x)
    assert actual.fun == expected.fun
    assert (actual.nit, actual.nfev, actual.success) == (expected.nit, expected.nfev, expected.success)


def test_minimize_scalar_objective_without_gradient(host):
    # finite differences: SciPy's approx_derivative runs numpy.atleast_1d on f(x)
    fun = _rosen(torchnp)[0]
    actual = scipy.optimize.minimize(fun, torchnp.asarray([-1.2, 1.0]), method="L-BFGS-B")
    expected = scipy.optimize.minimize(_rosen(numpy)[0], numpy.array([-1.2, 1.0]), method="L-BFGS-B")
    numpy.testing.assert_array_equal(actual.x, expected.x)
    assert actual.nit == expected.nit


@pytest.mark.parametrize("name", ["atleast_1d", "atleast_2d", "atleast_3d"])
@pytest.mark.parametrize("shape", [(), (3,), (2, 3)])
def test_numpy_atleast_nd_gives_numpy_views_of_host_data(host, name, shape):
    # §5.3/§4.3: NumPy's input-conversion functions give numpy.ndarray on host data, as numpy.asarray does
    a = numpy.arange(float(numpy.prod(shape))).reshape(shape)
    x = torchnp.asarray(a.copy())
    expected = getattr(numpy, name)(a)
    actual = getattr(numpy, name)(x)
    assert type(actual) is numpy.ndarray
    numpy.testing.assert_array_equal(actual, expected)
    assert actual.shape == expected.shape
    assert numpy.shares_memory(actual, x.to_numpy())  # zero-copy
    pair = getattr(numpy, name)(x, a)
    assert [type(p) for p in pair] == [numpy.ndarray, numpy.ndarray]
    # torchnp's own function is unchanged: torchnp arrays
    assert isinstance(getattr(torchnp, name)(x), torchnp.ndarray)


@pytest.mark.parametrize("name", ["atleast_1d", "atleast_2d", "atleast_3d"])
def test_numpy_atleast_nd_on_a_device_stays_torchnp(name):
    # §5.3: on another device (meta: a non-host device without data) NumPy's call runs torchnp's
    m = torchnp.zeros(3, device="meta")
    r = getattr(numpy, name)(m)
    assert isinstance(r, torchnp.ndarray) and r.device.type == "meta"
    assert r.shape == getattr(numpy, name)(numpy.zeros(3)).shape


# ---------------------------------------------------------------- numpy.matrix (§2.5, §3.3)
A = numpy.array([[2.0, 1.0], [0.5, 3.0]])
MATRIX_PROGRAMS = {
    "asmatrix": lambda m, a: m.asmatrix(a),
    "matrix": lambda m, a: m.matrix(a),
    "matrix from list": lambda m, a: m.matrix([[1.0, 2.0], [3.0, 4.0]]),
    "bmat": lambda m, a: m.bmat([[a, a], [a, m.zeros((2, 2))]]),
    "array * matrix": lambda m, a: (a + 1) * m.asmatrix(a),
    "matrix * array": lambda m, a: m.asmatrix(a) * (a + 1),
    "array - matrix": lambda m, a: (a + 1) - m.asmatrix(a),
    "array ** matrix elementwise": lambda m, a: m.power(a, m.asmatrix(a)),
    "matrix.T * matrix": lambda m, a: m.asmatrix(a).T * m.asmatrix(a),
    "matrix.I": lambda m, a: m.asmatrix(a).I,
    "inv": lambda m, a: m.linalg.inv(m.asmatrix(a)),
    "dot": lambda m, a: m.dot(a, m.asmatrix(a)),
    "sum axis": lambda m, a: m.sum(m.asmatrix(a), axis=0),
    "sqrt": lambda m, a: m.sqrt(m.asmatrix(a)),
    "matmul": lambda m, a: a @ m.asmatrix(a),
    "array += matrix": lambda m, a: _iadd(a.copy(), m.asmatrix(a)),
}


def _iadd(x, y):
    x += y
    return x


@pytest.mark.parametrize("name", MATRIX_PROGRAMS)
def test_matrix_is_numpys_own(host, name):
    # §2.5: numpy.matrix is NumPy-only: torchnp gives NumPy's matrix and NumPy's operators on it
    f = MATRIX_PROGRAMS[name]
    expected = f(numpy, A.copy())
    actual = f(torchnp, torchnp.asarray(A.copy()))
    if isinstance(expected, numpy.matrix):
        assert type(actual) is numpy.matrix
    else:  # NumPy's plain arrays: host data, a torchnp array (§3.3)
        assert type(expected) is numpy.ndarray and type(actual) is torchnp.ndarray
    numpy.testing.assert_array_equal(numpy.asarray(actual), expected)
    assert actual.dtype == expected.dtype


def test_asmatrix_shares_memory_and_refuses_device_arrays(host):
    x = torchnp.asarray(A.copy())
    mat = torchnp.asmatrix(x)
    mat[0, 0] = 7.0
    assert x[0, 0] == 7.0  # zero-copy, as numpy.asmatrix on a NumPy array
    meta = torchnp.zeros((2, 2), device="meta")
    with pytest.raises(TypeError):  # HostCopyError: no hidden device->host copy (§4.3)
        torchnp.asmatrix(meta)
    with pytest.raises(TypeError):
        meta * numpy.asmatrix(A)


# ---------------------------------------------------------------- pandas and xarray (§3.3, §5.3)
pandas = pytest.importorskip("pandas", reason="pandas is in the test extra")
xarray = pytest.importorskip("xarray", reason="xarray is in the test extra")

_R = numpy.random.default_rng(3)
SERIES = pandas.Series(_R.uniform(0.5, 4.0, 6), index=list("abcdef"), name="v")
FRAME = pandas.DataFrame({"x": _R.uniform(0.5, 4.0, 5), "y": _R.standard_normal(5)}, index=range(10, 15))
DATAARRAY = xarray.DataArray(_R.uniform(0.5, 4.0, (2, 3)), dims=("t", "s"), coords={"t": [0, 1], "s": list("pqr")})

# (name, program(m, obj)): the calls and the ones data-science code makes on pandas objects
HOST_OBJECT_PROGRAMS = {
    "log": lambda m, o: m.log(o),
    "sqrt": lambda m, o: m.sqrt(o),
    "exp": lambda m, o: m.exp(o),
    "add scalar": lambda m, o: m.add(o, 1),
    "maximum": lambda m, o: m.maximum(o, 2),
    "round": lambda m, o: m.round(o, 1),
    "isnan": lambda m, o: m.isnan(o),
    "cumsum": lambda m, o: m.cumsum(o),
    "abs": lambda m, o: m.abs(o - 2),
    "clip": lambda m, o: m.clip(o, 1, 2),
    "where": lambda m, o: m.where(o > 2, o, 0),
    "mean": lambda m, o: m.mean(o),
    "std": lambda m, o: m.std(o),
    "sum": lambda m, o: m.sum(o),
    "max": lambda m, o: m.max(o),
    "power": lambda m, o: m.power(o, 2),
    "array + obj": lambda m, o: m.ones(o.shape) + o,
    "obj * array": lambda m, o: o * m.arange(1.0, o.shape[-1] + 1),  # a 2-D one: see below
    "add(array, obj)": lambda m, o: m.add(m.ones(o.shape), o),
    "divmod": lambda m, o: m.divmod(o, 2)[1],
    "add.accumulate": lambda m, o: m.add.accumulate(o),
}


def _same(actual, expected):
    if isinstance(expected, pandas.Series):
        pandas.testing.assert_series_equal(actual, expected, check_exact=True)
    elif isinstance(expected, pandas.DataFrame):
        pandas.testing.assert_frame_equal(actual, expected, check_exact=True)
    elif isinstance(expected, xarray.DataArray):
        xarray.testing.assert_identical(actual, expected)
    elif isinstance(expected, numpy.ndarray):  # NumPy's plain array: host data, a torchnp array (§3.3)
        assert type(actual) is torchnp.ndarray
        numpy.testing.assert_array_equal(actual.to_numpy(), expected)
        assert actual.dtype == expected.dtype
    else:
        assert type(actual) is type(expected) and actual == expected, (actual, expected)


@pytest.mark.parametrize("obj", ["Series", "DataFrame", "DataArray"])
@pytest.mark.parametrize("name", HOST_OBJECT_PROGRAMS)
def test_host_objects_get_what_numpy_gives_them(host, name, obj):
    # §3.3, §5.3: pandas and xarray objects answer NumPy's protocols; torchnp's functions and ufuncs
    # give them NumPy's function, which hands them back as Series / DataFrame / DataArray
    o = {"Series": SERIES, "DataFrame": FRAME, "DataArray": DATAARRAY}[obj]
    program = HOST_OBJECT_PROGRAMS[name]
    try:
        expected = program(numpy, o.copy())
    except Exception as exc:  # noqa: BLE001 - the same exception type as NumPy's (xarray: no accumulate)
        with pytest.raises(type(exc)):
            program(torchnp, o.copy())
        return
    _same(program(torchnp, o.copy()), expected)


def test_pandas_index_alignment_and_rolling(host):
    # the programs: the index survives torchnp's ufuncs, so alignment and rolling work
    def program(m):
        s = SERIES
        r = m.log(s).rolling(3).mean()
        aligned = m.exp(s) + m.sqrt(s.iloc[::-1])  # aligned on the index, not by position
        frame = m.sqrt(FRAME)
        frame["z"] = m.log(FRAME["x"]) * 2
        return r, aligned, frame

    for actual, expected in zip(program(torchnp), program(numpy)):
        _same(actual, expected)


def test_host_objects_beside_a_device_array_raise():
    # §3.2: a pandas object is host data; beside an accelerator array NumPy's function cannot run
    meta = torchnp.ones(6, device="meta")
    with pytest.raises(torchnp.DeviceMismatchError, match="pandas"):
        torchnp.add(meta, SERIES)
    with pytest.raises(torchnp.DeviceMismatchError):
        torchnp.where(meta > 0, SERIES, 0)


def test_dataframe_operator_with_a_2d_torchnp_array_is_pandas_choice(host):
    # docs/differences.md: `frame * x` runs pandas' operator first, which takes a 2-D operand only
    # when it is a numpy.ndarray; NumPy's ufunc, or x.to_numpy(), gives NumPy's result
    x = torchnp.full(FRAME.shape, 2.0)
    expected = FRAME * numpy.full(FRAME.shape, 2.0)
    with pytest.raises(ValueError, match="Unable to coerce"):
        FRAME * x
    _same(torchnp.multiply(FRAME, x), expected)
    _same(x * FRAME, expected)
    _same(FRAME * x.to_numpy(), expected)


# ---------------------------------------------------------------- NumPy's private submodule names
@pytest.mark.parametrize("path", ["linalg._umath_linalg", "fft._pocketfft_umath", "random._common", "random._pickle",
                                  "testing._private", "lib._function_base_impl", "lib._npyio_impl"])
def test_private_names_of_mirrored_submodules_are_numpys(path):
    # a lecture reads np.linalg._umath_linalg.det.signature: NumPy's own objects, as for host-only names
    mod, name = path.rsplit(".", 1)
    ours, theirs = torchnp, numpy
    for part in mod.split("."):
        ours, theirs = getattr(ours, part), getattr(theirs, part)
    if not hasattr(theirs, name):
        pytest.fail(f"numpy.{path} is gone: pick another private name")
    assert getattr(ours, name) is getattr(theirs, name)


def test_linalg_umath_signature_as_the_lecture_reads_it():
    assert torchnp.linalg._umath_linalg.det.signature == numpy.linalg._umath_linalg.det.signature


@pytest.mark.parametrize("module", ["linalg", "fft", "random", "testing", "lib", "emath"])
def test_unknown_names_of_mirrored_submodules_raise_attributeerror(module):
    mod = getattr(torchnp, module)
    for name in ("no_such_name", "_no_such_name", "__wrapped__"):
        with pytest.raises(AttributeError, match=f"module 'torchnp.{module}' has no attribute '{name}'"):
            getattr(mod, name)
        assert not hasattr(mod, name)


# ---------------------------------------------------------------- libraries that check the type
def test_sklearn_parameter_declared_numpy_ndarray_takes_to_numpy(host):
    # docs/differences.md: scikit-learn validates some parameters with isinstance(x, numpy.ndarray),
    # which no other type passes; x.to_numpy() (zero-copy on the CPU) is the one-line fix
    sklearn_image = pytest.importorskip("sklearn.feature_extraction.image")
    from sklearn.utils._param_validation import InvalidParameterError

    img = numpy.arange(20.0).reshape(4, 5)
    mask = img > 6
    expected = sklearn_image.img_to_graph(img, mask=mask)
    x, m = torchnp.asarray(img), torchnp.asarray(mask)
    with pytest.raises(InvalidParameterError, match="numpy.ndarray"):
        sklearn_image.img_to_graph(x, mask=m)
    actual = sklearn_image.img_to_graph(x, mask=m.to_numpy())  # the image itself is converted by sklearn
    assert (actual != expected).nnz == 0 and actual.shape == expected.shape
    actual = sklearn_image.img_to_graph(x, mask=numpy.asarray(m))
    assert (actual != expected).nnz == 0


# ---------------------------------------------------------------- tiny host data in callback loops
_TINY_OPS = {
    "scalar * array": lambda m, a, s: s * a,
    "scalar - array": lambda m, a, s: 1 - a,
    "numpy scalar * array": lambda m, a, s: numpy.float64(0.33) * a,
    "array * numpy float32 scalar": lambda m, a, s: a * numpy.float32(1.5),
    "array + numpy int scalar": lambda m, a, s: a + numpy.int8(3),
    "power(scalar, arange)": lambda m, a, s: m.power(0.02, m.arange(len(a))),
    "in-place *= scalar": lambda m, a, s: _inplace(a.copy(), "__imul__", s),
    "in-place += array": lambda m, a, s: _inplace(a.copy(), "__iadd__", a[::-1]),
    "in-place -= numpy scalar": lambda m, a, s: _inplace(a.copy(), "__isub__", numpy.float64(0.1)),
    "in-place int += float": lambda m, a, s: _inplace(m.arange(len(a)), "__iadd__", 1.5),
    "arange": lambda m, a, s: m.arange(len(a)),
    "arange float": lambda m, a, s: m.arange(-0.3, 2.1, 0.7),
    "dot": lambda m, a, s: m.dot(a, a[::-1]),
    "dot matrix vector": lambda m, a, s: m.dot(m.outer(a, a) + 1, a),
    "inner": lambda m, a, s: m.inner(a, a + 1),
    "vdot": lambda m, a, s: m.vdot(a, a * 3),
    "einsum": lambda m, a, s: m.einsum("i,i", a, a + 0.5),
    "apply_along_axis": lambda m, a, s: m.apply_along_axis(lambda v: m.sum((0.5 * v) ** 2), 0,
                                                           m.stack([a, a[::-1] * 3])),
    "apply_along_axis vector": lambda m, a, s: m.apply_along_axis(lambda v: v[::-1] * 2, 1, m.outer(a, a)),
}


def _inplace(x, op, y):
    r = getattr(x, op)(y)
    assert r is x
    return x


@pytest.mark.host_rules  # NumPy's own tiny-array loops and bits on host data (§7 tiny host path)
@pytest.mark.parametrize("name", list(_TINY_OPS))
def test_tiny_host_operations_are_numpys(host, name):
    # issue 23: callback loops on tiny host arrays run NumPy's own code: its values, bits and errors
    a = numpy.array([1.3, -0.7, 2.9, 0.11, 5.0])
    f = _TINY_OPS[name]
    try:
        expected = f(numpy, a.copy(), 2.5)
    except Exception as exc:  # noqa: BLE001 - NumPy's exception type
        with pytest.raises(type(exc)):
            f(torchnp, torchnp.asarray(a.copy()), 2.5)
        return
    actual = f(torchnp, torchnp.asarray(a.copy()), 2.5)
    if isinstance(expected, numpy.ndarray):
        assert type(actual) is torchnp.ndarray
        actual = actual.to_numpy()
    else:
        assert type(actual) is type(expected)
    assert numpy.asarray(actual).dtype == numpy.asarray(expected).dtype
    assert numpy.asarray(actual).tobytes() == numpy.asarray(expected).tobytes()


def test_inplace_on_tiny_host_data_writes_views_and_refuses_read_only(host):
    x = torchnp.arange(6.0)
    v = x[1:4]
    v *= 2.0
    numpy.testing.assert_array_equal(x.to_numpy(), [0.0, 2.0, 4.0, 6.0, 4.0, 5.0])
    t = x.tensor
    before = t._version
    x += 1.0
    assert t._version > before  # a torch write's version bump (autograd's saved tensors see it)
    r = torchnp.arange(3.0)
    r.flags.writeable = False
    with pytest.raises(ValueError, match="read-only"):
        r += 1.0


def test_apply_along_axis_device_result_beside_host_data_raises(host):
    with pytest.raises(torchnp.DeviceMismatchError):
        torchnp.apply_along_axis(lambda v: torchnp.zeros(2, device="meta"), 0, torchnp.ones((3, 2)))


@pytest.mark.host_rules  # NumPy's own tiny-array loops and bits on host data (§7 tiny host path)
def test_scipy_lectures_style_gradient_descent_matches_numpy(host):
    # a representative of the scipy-lectures gradient-descent example (issue 23): line searches on an
    # ill-conditioned quadratic, many callback calls on 2-element arrays; the path is NumPy's, bit for bit
    import warnings

    def run(m):
        def f(x):
            x = m.asarray(x)
            y = x.copy()
            y *= m.power(0.02, m.arange(2))
            return .33 * m.sum(y ** 2)

        def f_prime(x):
            x = m.asarray(x)
            y = x.copy()
            scaling = m.power(0.02, m.arange(2))
            y *= scaling
            return .33 * 2 * scaling * y

        x_i, y_i = m.array([1.6, 1.1])
        path = []
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            for _ in range(30):
                dx_i, dy_i = f_prime(m.asarray([x_i, y_i]))
                step = scipy.optimize.line_search(f, f_prime, m.r_[x_i, y_i], -m.r_[dx_i, dy_i], m.r_[dx_i, dy_i],
                                                  c2=.05)[0] or 0
                x_i += -step * dx_i
                y_i += -step * dy_i
                path.append((float(x_i), float(y_i), float(f(m.asarray([x_i, y_i])))))
        z = m.apply_along_axis(f, 0, m.asarray(numpy.mgrid[-1:2:7j, -1:1:5j]))
        return path, numpy.asarray(z)

    (p_np, z_np), (p_t, z_t) = run(numpy), run(torchnp)
    assert p_t == p_np
    assert z_t.tobytes() == z_np.tobytes()
