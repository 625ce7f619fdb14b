"""torchnp.scipy.interpolate against SciPy (DESIGN §8.2): an interpolator built from host data
holds SciPy's own object (SciPy's bits); built under the accelerator rules it holds tensors and
its methods run torch, compared within tolerance (tests/scipy_support.py)."""

import contextlib

import numpy
import pytest
import scipy.interpolate
from hypothesis import given, settings, strategies as st

import torchnp
import torchnp.scipy.interpolate as ti
from scipy_support import ON_CPU, accelerator_rules, assert_close, assert_exact, call, check_scipy
from support import DEVICE, examples


def _convert(obj, make):
    if isinstance(obj, numpy.ndarray):
        return make(obj)
    if type(obj) in (list, tuple):
        return type(obj)(_convert(v, make) for v in obj)
    if type(obj) is dict:
        return {k: _convert(v, make) for k, v in obj.items()}
    return obj


def check_object(name, args, kwargs, uses, rtol=None, atol=None, value_check=False, zero_signs=False,
                 messages=False):
    """Build SciPy's ``scipy.interpolate.<name>`` and ours from the same data, then compare
    ``use(obj, arr)`` for each of ``uses`` (``arr`` makes the array operands of the calls);
    ``zero_signs``: SciPy's zeros' signs too (its 0.0 against -0.0); ``messages``: SciPy's
    exception messages too, the device path under ``errstate(invalid="raise")``, where it makes
    SciPy's value checks (§3.5)."""
    npy = lambda a: a.copy()  # noqa: E731
    dev = lambda a: torchnp.asarray(a.copy(), device=DEVICE)  # noqa: E731
    try:
        theirs = getattr(scipy.interpolate, name)(*_convert(args, npy), **_convert(kwargs, npy))
        build_exc = None
    except Exception as exc:  # noqa: BLE001
        theirs, build_exc = None, exc
    ours_cls = getattr(ti, name)
    rules = [contextlib.nullcontext, accelerator_rules] if ON_CPU else [contextlib.nullcontext]
    for i, rule in enumerate(rules):
        exact = ON_CPU and i == 0
        with rule(), torchnp.errstate(invalid="raise") if messages else contextlib.nullcontext():
            if build_exc is not None:
                if value_check and not exact:
                    continue
                with pytest.raises(type(build_exc)) as info:
                    ours_cls(*_convert(args, dev), **_convert(kwargs, dev))
                assert not messages or str(info.value) == str(build_exc), name
                continue
            ours = ours_cls(*_convert(args, dev), **_convert(kwargs, dev))
            for use in uses:
                try:
                    expected, exc = use(theirs, npy), None
                except Exception as e:  # noqa: BLE001
                    expected, exc = None, e
                if exc is not None:
                    if value_check and not exact:
                        continue
                    with pytest.raises(type(exc)) as info:
                        use(ours, dev)
                    assert not messages or str(info.value) == str(exc), name
                    continue
                got = use(ours, dev)
                if exact:
                    assert_exact(got, expected, f"{name} (host rules)")
                else:
                    assert_close(got, expected, rtol, atol, f"{name} (accelerator rules)")
                if zero_signs:
                    e = numpy.asarray(expected)
                    numpy.testing.assert_array_equal(numpy.signbit(got.to_numpy()[e == 0]), numpy.signbit(e[e == 0]),
                                                     err_msg=f"{name}: the signs of SciPy's zeros")


def _data(n, shape=(), seed=0, dtype="float64", sorted_=True):
    rng = numpy.random.default_rng(seed)
    x = numpy.cumsum(rng.uniform(0.2, 1.0, n)) if sorted_ else rng.permutation(numpy.arange(n) * 0.7)
    y = rng.uniform(-2, 2, (n,) + shape).astype(dtype)
    return x, y


_X = numpy.array([-1.0, 0.0, 0.35, 1.2, 2.5, 3.0, 4.7, 9.0])


def _probe(x):
    lo, hi = float(numpy.min(x)), float(numpy.max(x))
    return numpy.concatenate([numpy.linspace(lo - 0.5, hi + 0.5, 13), numpy.asarray(x)[:3], [numpy.nan]])


# ------------------------------------------------------------------ interp1d
@settings(max_examples=examples(40), deadline=None)
@given(kind=st.sampled_from(["linear", "nearest", "nearest-up", "previous", "next", "zero", "slinear", "quadratic",
                             "cubic", 5]),
       n=st.integers(6, 9), shape=st.sampled_from([(), (2,), (2, 3)]), axis=st.sampled_from([0, -1, 1]),
       fill=st.sampled_from(["nan", "extrapolate", "tuple", "scalar"]), sorted_=st.booleans(),
       dtype=st.sampled_from(["float64", "float32", "int64"]), seed=st.integers(0, 50))
def test_interp1d(kind, n, shape, axis, fill, sorted_, dtype, seed):
    x, y = _data(n, shape, seed, "float64", sorted_)
    y = (numpy.round(y * 3) if dtype == "int64" else y).astype(dtype)
    y = numpy.moveaxis(y, 0, axis % y.ndim) if axis % y.ndim < y.ndim else y
    axis = axis % y.ndim
    fill_value = {"nan": numpy.nan, "extrapolate": "extrapolate", "tuple": (-7.0, 7.0), "scalar": 3.5}[fill]
    xn = _probe(x)
    xn = xn[:-1] if fill == "extrapolate" else xn
    uses = [lambda f, a: f(a(xn)), lambda f, a: f(a(xn.reshape(2, -1) if xn.size % 2 == 0 else xn[:4].reshape(2, 2)))]
    tol = 1e-5 if dtype == "float32" else 1e-9 if kind in ("quadratic", "cubic", 5) else None
    check_object("interp1d", (x, y), dict(kind=kind, axis=axis, bounds_error=False, fill_value=fill_value,
                                          assume_sorted=sorted_), uses, rtol=tol, atol=tol)


def test_interp1d_bounds_error():  # a value check: host data raises, the device fills (§3.5)
    x, y = _data(5)
    check_object("interp1d", (x, y), {}, [lambda f, a: f(a(numpy.array([x[0] - 1])))], value_check=True)
    check_object("interp1d", (x, y), dict(bounds_error=True, fill_value="extrapolate"), [])
    check_object("interp1d", (x, y), dict(kind="bogus"), [])
    check_object("interp1d", (x[:1], y[:1]), dict(kind="cubic"), [])
    outside = [lambda f, a: f(a(numpy.array([x[1], x[0] - 1]))), lambda f, a: f(a(numpy.array([x[1], x[-1] + 1])))]
    check_object("interp1d", (x, y), {}, outside, messages=True)  # SciPy's message: the value and the edge


# ------------------------------------------------------------------ piecewise polynomials
_BC = ["not-a-knot", "natural", "clamped", "periodic", ((1, 0.5), (2, -1.0)), ("natural", (1, 2.0))]


@settings(max_examples=examples(40), deadline=None)
@given(n=st.integers(2, 8), shape=st.sampled_from([(), (3,), (2, 2)]), axis=st.integers(0, 2),
       bc=st.sampled_from(range(len(_BC))), extrapolate=st.sampled_from([None, True, False, "periodic"]),
       complex_=st.booleans(), seed=st.integers(0, 50))
def test_cubic_spline(n, shape, axis, bc, extrapolate, complex_, seed):
    x, y = _data(n, shape, seed)
    if complex_:
        y = y + 1j * _data(n, shape, seed + 1)[1]
    bc_type = _BC[bc]
    if bc_type == "periodic":
        y[-1] = y[0]
    if isinstance(bc_type, tuple) and shape:
        bc_type = tuple(b if isinstance(b, str) else (b[0], numpy.full(shape, b[1])) for b in bc_type)
    axis = axis % y.ndim
    y = numpy.moveaxis(y, 0, axis)
    xn = _probe(x)
    uses = [lambda f, a: f(a(xn)), lambda f, a: f(a(xn), 1), lambda f, a: f(a(xn), 2),
            lambda f, a: f(a(xn), extrapolate=False), lambda f, a: f.c, lambda f, a: f.x,
            lambda f, a: f.derivative()(a(xn)), lambda f, a: f.antiderivative()(a(xn)),
            lambda f, a: f.antiderivative(2)(a(xn)), lambda f, a: f.integrate(x[0] - 0.3, x[-1] + 1.7),
            lambda f, a: f.integrate(x[-1], x[1])]
    scale = float(numpy.abs(y).max()) * (x[-1] - x[0] + 3) ** 3
    check_object("CubicSpline", (x, y), dict(axis=axis, bc_type=bc_type, extrapolate=extrapolate), uses,
                 rtol=1e-9, atol=1e-9 * scale)


@pytest.mark.parametrize("shape", [(), (2,)])
def test_cubic_spline_three_nodes(shape):  # not-a-knot on three nodes: SciPy's own 3 x 3 system
    x, y = _data(3, shape, 7)
    xn = _probe(x)
    uses = [lambda f, a: f(a(xn)), lambda f, a: f(a(xn), 1), lambda f, a: f.c]
    check_object("CubicSpline", (x, y), {}, uses, rtol=1e-10, atol=1e-10)


def test_cubic_spline_errors():
    x, y = _data(5)
    check_object("CubicSpline", (x, y), dict(bc_type="periodic"), [], value_check=True)  # y[0] != y[-1]
    check_object("CubicSpline", (x, y), dict(bc_type="bogus"), [])
    check_object("CubicSpline", (x, y), dict(bc_type=((3, 0.0), "natural")), [])
    check_object("CubicSpline", (x[:1], y[:1]), {}, [])
    check_object("CubicSpline", (x, y[:4]), {}, [])
    check_object("CubicSpline", (x[::-1], y), {}, [], value_check=True)  # not increasing


@settings(max_examples=examples(30), deadline=None)
@given(name=st.sampled_from(["PchipInterpolator", "Akima1DInterpolator-akima", "Akima1DInterpolator-makima"]),
       n=st.integers(2, 9), shape=st.sampled_from([(), (3,)]), flat=st.booleans(),
       extrapolate=st.sampled_from([None, True, False]), seed=st.integers(0, 50))
def test_pchip_akima(name, n, shape, flat, extrapolate, seed):
    x, y = _data(n, shape, seed)
    if flat and n > 3:  # plateaus and sign changes: the special cases of both methods
        y[1:3] = y[1]
        y[-1] = -y[-2]
    name, _, method = name.partition("-")
    kw = dict(extrapolate=extrapolate, **({"method": method} if method else {}))
    xn = _probe(x)
    uses = [lambda f, a: f(a(xn)), lambda f, a: f(a(xn), 1), lambda f, a: f.integrate(x[0], x[-1]),
            lambda f, a: f.c]
    check_object(name, (x, y), kw, uses, rtol=1e-9, atol=1e-9 * float(numpy.abs(y).max() + 1) * 10 ** 3)


def test_ppoly():
    rng = numpy.random.default_rng(3)
    c, x = rng.uniform(-1, 1, (4, 5, 2)), numpy.cumsum(rng.uniform(0.5, 1, 6))
    xn = _probe(x)
    uses = [lambda f, a: f(a(xn)), lambda f, a: f(a(xn), 2), lambda f, a: f.derivative(3)(a(xn)),
            lambda f, a: f.antiderivative()(a(xn)), lambda f, a: f.integrate(x[1], x[4])]
    check_object("PPoly", (c, x), {}, uses, rtol=1e-10, atol=1e-9)
    check_object("PPoly", (c, x), dict(extrapolate=False, axis=1), uses[:2], rtol=1e-10, atol=1e-9)
    check_object("PPoly", (c[:, :4], x), {}, [])


def test_integrate_over_nothing_is_scipys_zero():  # §8.2: SciPy's 0.0 for integrate(a, a), -0.0 for b < a
    rng = numpy.random.default_rng(3)
    c, x = rng.uniform(-1, 1, (4, 5, 2)), numpy.cumsum(rng.uniform(0.5, 1, 6))
    ends = [(x[2], x[2]), (x[0] - 1, x[0] - 1), (x[3], x[1] + 0.25), (x[1], x[1] + 0.25)]
    uses = [lambda f, a, e=e: f.integrate(*e) for e in ends]
    check_object("PPoly", (c, x), {}, uses, rtol=1e-10, atol=1e-9, zero_signs=True)
    check_object("PPoly", (c, x), dict(extrapolate="periodic"), uses, rtol=1e-10, atol=1e-9, zero_signs=True)
    y = _data(6, (2,), 1)[1]
    check_object("CubicSpline", (x, y), {}, uses, rtol=1e-10, atol=1e-9, zero_signs=True)


# ------------------------------------------------------------------ B-splines
@settings(max_examples=examples(30), deadline=None)
@given(k=st.sampled_from([0, 1, 2, 3, 5]), n=st.integers(6, 10), shape=st.sampled_from([(), (2,)]),
       bc=st.sampled_from([None, "natural", "clamped", "derivs"]), seed=st.integers(0, 50))
def test_make_interp_spline(k, n, shape, bc, seed):
    x, y = _data(n, shape, seed)
    bc_type = None if bc is None or k not in (3, 5) else \
        ([(1, numpy.full(shape, 0.5)), (2, numpy.full(shape, 0.0))], [(1, numpy.full(shape, -1.0)),
                                                                         (2, numpy.full(shape, 1.0))]) \
        if bc == "derivs" and k == 5 else (bc if bc != "derivs" else "clamped") if k == 3 else None
    xn = _probe(x)

    def make(a):
        return ti.make_interp_spline(a(x), a(y), k=k, bc_type=bc_type) if a is not _NPY else \
            scipy.interpolate.make_interp_spline(x, y, k=k, bc_type=bc_type)

    tol = 1e-8
    for rule in ([contextlib.nullcontext, accelerator_rules] if ON_CPU else [contextlib.nullcontext]):
        with rule():
            ours, theirs = make(lambda v: torchnp.asarray(v, device=DEVICE)), make(_NPY)
            uses = [lambda f, a: f(a(xn)), lambda f, a: f(a(xn), 1), lambda f, a: f.t, lambda f, a: f.c]
            if k:
                uses.append(lambda f, a: f.derivative()(a(xn)))
            else:  # SciPy refuses the derivative of a piecewise constant
                with pytest.raises(ValueError):
                    ours.derivative()
            for use in uses:
                got, exp = use(ours, lambda v: torchnp.asarray(v, device=DEVICE)), use(theirs, _NPY)
                if rule is contextlib.nullcontext and ON_CPU:
                    assert_exact(got, exp, "make_interp_spline (host rules)")
                else:
                    assert_close(got, exp, tol, tol * 100, "make_interp_spline (accelerator rules)")


def _NPY(v):
    return v


def test_bspline():
    rng = numpy.random.default_rng(4)
    k = 3
    t = numpy.r_[[0.0] * 4, numpy.sort(rng.uniform(0, 5, 4)), [5.0] * 4]
    c = rng.uniform(-1, 1, (len(t) - k - 1, 2))
    xn = _probe(t)
    uses = [lambda f, a: f(a(xn)), lambda f, a: f(a(xn), 2), lambda f, a: f(a(xn), extrapolate=False),
            lambda f, a: f.derivative(2)(a(xn)), lambda f, a: f.t, lambda f, a: f.c,
            lambda f, a: f.antiderivative()(a(xn)), lambda f, a: f.antiderivative(2).c,
            lambda f, a: f.integrate(0.5, 4.0), lambda f, a: f.integrate(6.0, -1.0),
            lambda f, a: f.integrate(-1.0, 6.0, extrapolate=False)]
    check_object("BSpline", (t, c, k), {}, uses, rtol=1e-10, atol=1e-10)
    check_object("BSpline", (t, c[:, 0], k), dict(extrapolate=False), uses[-3:], rtol=1e-10, atol=1e-10)
    check_object("BSpline", (t, c, k), dict(extrapolate="periodic"), uses[:2], rtol=1e-10, atol=1e-10)
    check_object("BSpline", (t, c.T, k), dict(axis=1), uses[:2], rtol=1e-10, atol=1e-10)
    check_object("BSpline", (t[:5], c, k), {}, [])


@pytest.mark.parametrize("k", [1, 3])
@pytest.mark.parametrize("shape", [(), (2,)])
def test_bspline_open_knots_and_extra_coefficients(k, shape):  # §8.2
    # knots not clamped (the base interval [t[k], t[n]] inside the knots) and more coefficients than
    # the n = len(t) - k - 1 a spline uses (SciPy ignores the rest): derivatives, and integrals past
    # the base interval, crossing ends past one side (SciPy's splint: zero for 1-d coefficients,
    # its N-d path NaN) and over nothing (SciPy's signed zeros)
    t = numpy.arange(10.0)
    c = numpy.random.default_rng(5).uniform(-1, 1, (len(t) - k - 1 + 2,) + shape)
    xn = _probe(t)
    ends = [(-1.0, 10.0), (10.0, -1.0), (2.5, 8.0), (0.5, 2.5), (2.5, 0.5), (7.5, 9.5), (9.5, 9.5), (4.0, 4.0)]
    uses = [lambda f, a: f(a(xn)), lambda f, a: f(a(xn), 1), lambda f, a: f.derivative()(a(xn)),
            lambda f, a: f.antiderivative()(a(xn)), lambda f, a: f.c] + \
        [lambda f, a, e=e, ext=ext: f.integrate(*e, extrapolate=ext) for e in ends for ext in (None, False)]
    for extrapolate in (True, False):
        check_object("BSpline", (t, c, k), dict(extrapolate=extrapolate), uses, rtol=1e-10, atol=1e-10,
                     zero_signs=True)


# ------------------------------------------------------------------ regular grids
@settings(max_examples=examples(30), deadline=None)
@given(ndim=st.integers(1, 3), extra=st.sampled_from([(), (2,)]), method=st.sampled_from(["linear", "nearest"]),
       fill=st.sampled_from(["nan", "none", "scalar"]), dtype=st.sampled_from(["float64", "float32", "int64"]),
       seed=st.integers(0, 50))
def test_regular_grid(ndim, extra, method, fill, dtype, seed):
    rng = numpy.random.default_rng(seed)
    points = tuple(numpy.cumsum(rng.uniform(0.3, 1.0, rng.integers(2, 5))) for _ in range(ndim))
    values = rng.uniform(-2, 2, tuple(len(p) for p in points) + extra)
    values = (numpy.round(values * 3) if dtype == "int64" else values).astype(dtype)
    xi = numpy.stack([rng.uniform(p[0] - 0.3, p[-1] + 0.3, (3, 4)) for p in points], -1)
    fill_value = {"nan": numpy.nan, "none": None, "scalar": -9.0}[fill]
    tol = 1e-5 if dtype == "float32" else None
    uses = [lambda f, a: f(a(xi)), lambda f, a: f(a(xi[0])), lambda f, a: f(a(xi), method="nearest")]
    check_object("RegularGridInterpolator", (points, values),
                 dict(method=method, bounds_error=False, fill_value=fill_value), uses, rtol=tol, atol=tol)
    check_scipy(call("interpolate.interpn", points, values, xi, method=method, bounds_error=False,
                     fill_value=fill_value), rtol=tol, atol=tol)


def test_regular_grid_errors_and_tuples():
    points = (numpy.arange(4.0), numpy.arange(3.0))
    values = numpy.arange(12.0).reshape(4, 3)
    inside = numpy.array([[0.5, 0.5], [2.5, 1.5]])
    check_scipy(call("interpolate.interpn", points, values, inside))
    check_scipy(call("interpolate.interpn", points, values, (numpy.array([0.5, 1.5]), numpy.array([1.0, 0.2]))))
    check_scipy(call("interpolate.interpn", points, values, numpy.array([[9.0, 0.0]])), value_check=True)
    check_scipy(call("interpolate.interpn", points, values, inside, method="bogus"))
    check_scipy(call("interpolate.interpn", points, values, numpy.ones((2, 3))))
    check_object("RegularGridInterpolator", (points, values[:3]), {}, [], messages=True)


def test_regular_grid_one_point_1d_xi():
    # SciPy's interpn docstring: one point as a 1-D xi of ndim coordinates is a batch of one, shape (1,)
    # (SciPy reshapes a 1-D xi to (-1, ndim)); the device path gave a 0-d result
    points = (numpy.linspace(0, 4, 5), numpy.linspace(0, 5, 6), numpy.linspace(0, 6, 7))
    values = numpy.add.outer(numpy.add.outer(2 * points[0], 3 * points[1]), -points[2])
    check_scipy(call("interpolate.interpn", points, values, numpy.array([2.21, 3.12, 1.15])))
    check_scipy(call("interpolate.interpn", points, values, numpy.array([2.21, 3.12, 1.15, 0.5, 0.5, 0.5])))
    check_scipy(call("interpolate.interpn", points, values, numpy.array([2.21, 3.12])))  # not a multiple of ndim
    uses = [lambda f, a: f(a(numpy.array([2.21, 3.12, 1.15]))), lambda f, a: f(a(numpy.array([1.0, 2, 3, 2, 1, 0])),
                                                                                 method="nearest")]
    check_object("RegularGridInterpolator", (points, values), {}, uses)
    check_scipy(call("interpolate.interpn", points[:1], values[:, 0, 0], numpy.array([0.5, 2.5, 3.0])))


def test_spline_methods_are_host_only_on_device():  # §8.3: a TypeError naming the fix
    points = (torchnp.arange(4.0, device="meta"),)
    with pytest.raises(TypeError, match="to_numpy"):
        ti.RegularGridInterpolator(points, torchnp.empty(4, device="meta"), method="cubic")


def test_objects_follow_their_data():  # §3.2: an object built on one device refuses points on another
    x, y = _data(5)
    host = ti.CubicSpline(x, y)  # SciPy's own object inside
    assert isinstance(host(x[:2]), torchnp.ndarray)
    with pytest.raises(torchnp.DeviceMismatchError):
        host(torchnp.empty(3, device="meta"))
    dev = ti.CubicSpline(torchnp.asarray(x, device="meta"), torchnp.asarray(y, device="meta"))
    assert dev(torchnp.empty(3, device="meta")).device.type == "meta"
    with pytest.raises(torchnp.DeviceMismatchError):
        dev(x[:2])
    with pytest.raises(AttributeError):
        dev.roots  # no device implementation: only host-built objects have SciPy's other methods
