"""torchnp.scipy.optimize against SciPy (DESIGN §8.4, §5.3; issue 26): on host data SciPy's own
optimizers with torchnp callables (SciPy's exact iterates); under the accelerator rules (the
code a GPU runs) the torch optimizers, whose solutions agree with SciPy's within the method's
tolerance, with SciPy's result fields and exception types."""

import numpy
import pytest
import scipy.optimize
from hypothesis import given, settings, strategies as st

import torchnp as np
from torchnp.scipy import optimize
from scipy_support import accelerator_rules
from support import examples


def rosen_in(xp):
    """Rosenbrock's function written with ``xp``: NumPy for SciPy's oracle, torchnp for ours (which
    runs on host data, NumPy arrays from SciPy included, and on devices)."""
    return lambda x: xp.sum(100.0 * (x[1:] - x[:-1] ** 2) ** 2 + (1 - x[:-1]) ** 2)


def rosen_grad_in(xp):
    def grad(x):
        g = xp.zeros_like(x)
        g[1:-1] = 200 * (x[1:-1] - x[:-2] ** 2) - 400 * x[1:-1] * (x[2:] - x[1:-1] ** 2) - 2 * (1 - x[1:-1])
        g[0] = -400 * x[0] * (x[1] - x[0] ** 2) - 2 * (1 - x[0])
        g[-1] = 200 * (x[-1] - x[-2] ** 2)
        return g
    return grad


rosen, rosen_grad = rosen_in(np), rosen_grad_in(np)
np_rosen, np_rosen_grad = rosen_in(numpy), rosen_grad_in(numpy)


X0 = [1.3, 0.7, 0.8, 1.9, 1.2]
HOST_METHODS = ["BFGS", "L-BFGS-B", "CG", "Nelder-Mead", "TNC", "SLSQP", "Powell", "Newton-CG"]
DEVICE_METHODS = ["BFGS", "L-BFGS-B", "CG", "Nelder-Mead"]


@pytest.mark.parametrize("method", HOST_METHODS)
def test_host_data_runs_scipy_with_torchnp_callables(method):  # §5.3, §8.2: SciPy's exact iterates
    jac = None if method in ("Nelder-Mead", "Powell") else rosen_grad
    ref = scipy.optimize.minimize(np_rosen, numpy.array(X0), method=method,
                                  jac=None if jac is None else np_rosen_grad)
    got = optimize.minimize(rosen, np.asarray(X0), method=method, jac=jac)
    assert isinstance(got.x, np.ndarray) and got.x.device.type == "cpu"
    numpy.testing.assert_array_equal(got.x.to_numpy(), ref.x)
    assert (got.nit, got.nfev, got.success, got.message) == (ref.nit, ref.nfev, ref.success, ref.message)


@pytest.mark.parametrize("method", ["L-BFGS-B", "TNC", "SLSQP"])
def test_host_bounds_with_torchnp_gradient(method):  # issue 23: L-BFGS-B took a torchnp gradient to Fortran
    bounds = [(0.0, 0.9)] * 5
    ref = scipy.optimize.minimize(np_rosen, numpy.array(X0), method=method, jac=np_rosen_grad,
                                  bounds=bounds)
    got = optimize.minimize(rosen, np.asarray(X0), method=method, jac=rosen_grad, bounds=bounds)
    numpy.testing.assert_array_equal(got.x.to_numpy(), ref.x)


def _device_minimize(*args, **kwargs):
    with accelerator_rules():
        return optimize.minimize(*args, **kwargs)


@pytest.mark.parametrize("method", DEVICE_METHODS)
@pytest.mark.parametrize("jac", ["autograd", "callable", "with value", "differences"])
def test_device_solution_agrees_with_scipy(method, jac):
    if method == "Nelder-Mead" and jac != "autograd":
        return  # derivative-free: jac is not used (SciPy warns)
    ref = scipy.optimize.minimize(np_rosen, numpy.array(X0), method=method,
                                  jac=None if method == "Nelder-Mead" or jac == "differences" else np_rosen_grad)
    fun, grad = rosen, None
    if jac == "callable":
        grad = rosen_grad
    elif jac == "with value":
        fun, grad = (lambda x: (rosen(x), rosen_grad(x))), True
    elif jac == "differences":  # a value torch cannot differentiate (computed by NumPy on the host view)
        fun = lambda x: float(np_rosen(x.to_numpy()))  # noqa: E731
    got = _device_minimize(fun, np.asarray(X0), method=method, jac=grad)
    assert isinstance(got.x, np.ndarray) and isinstance(got.fun, np.ndarray) and got.fun.ndim == 0
    if jac != "differences":  # differences near the minimum: success depends on their noise (SciPy's too)
        assert got.success == ref.success and got.status == ref.status
    # the solution's accuracy at SciPy's default tolerances (gtol 1e-5; Nelder-Mead: SciPy's own moves)
    tol = 1e-10 if method == "Nelder-Mead" else (1e-3 if jac == "differences" else 1e-4)
    numpy.testing.assert_allclose(got.x.to_numpy(), ref.x, atol=tol)
    assert abs(float(got.fun) - ref.fun) <= max(1e-8, tol ** 2)
    assert set(ref.keys()) <= set(got.keys()) | {"hess_inv"}


def test_device_uses_autograd_not_differences():  # §8.4: no finite differences on the device
    got = _device_minimize(rosen, np.asarray(X0), method="BFGS")
    assert got.nfev == got.njev  # one evaluation per gradient: the gradient came with the value


@settings(max_examples=examples(15))
@given(seed=st.integers(0, 2**32 - 1), n=st.integers(1, 6), method=st.sampled_from(DEVICE_METHODS))
def test_device_quadratics(seed, n, method):  # a convex quadratic: one minimum, SciPy's success as the oracle
    rng = numpy.random.default_rng(seed)
    m = rng.standard_normal((n, n))
    A, b, x0 = m @ m.T + n * numpy.eye(n), rng.standard_normal(n), rng.standard_normal(n)
    exact = numpy.linalg.solve(A, b)
    options = {"xatol": 1e-9, "fatol": 1e-14, "maxiter": 20000} if method == "Nelder-Mead" else {"gtol": 1e-7}
    ref = scipy.optimize.minimize(lambda x: 0.5 * x @ A @ x - b @ x, x0, method=method, options=options)
    At, bt = np.asarray(A), np.asarray(b)
    got = _device_minimize(lambda x: 0.5 * x @ At @ x - bt @ x, np.asarray(x0), method=method, options=options)
    assert got.success or not ref.success
    numpy.testing.assert_allclose(got.x.to_numpy(), exact, atol=1e-6)


def test_device_lbfgsb_bounds():
    bounds = [(0.0, 0.9)] * 5
    ref = scipy.optimize.minimize(np_rosen, numpy.array(X0), method="L-BFGS-B", bounds=bounds,
                                  options={"ftol": 1e-14, "gtol": 1e-10})
    got = _device_minimize(rosen, np.asarray(X0), method="L-BFGS-B", bounds=bounds,
                           options={"ftol": 1e-14, "gtol": 1e-10})
    assert got.success
    # at ftol=1e-14 on f = 0.44 the stopping tests fix x to ~sqrt(1e-14 f / curvature): a few 1e-7
    numpy.testing.assert_allclose(got.x.to_numpy(), ref.x, atol=1e-6)
    assert (got.x.to_numpy() >= 0).all() and (got.x.to_numpy() <= 0.9).all()


def test_device_args_and_callback():
    seen = []
    got = _device_minimize(lambda x, a: np.sum((x - a) ** 2), np.zeros(3), args=(2.0,), method="BFGS",
                           callback=lambda r: seen.append(r.x.copy()))
    numpy.testing.assert_allclose(got.x.to_numpy(), [2.0, 2.0, 2.0], atol=1e-8)
    assert seen and all(isinstance(s, np.ndarray) for s in seen)


@pytest.mark.parametrize("rules", ["host", "accelerator"])
def test_bad_input_raises_scipys_errors(rules):
    import contextlib

    ctx = accelerator_rules if rules == "accelerator" else contextlib.nullcontext
    with ctx(), pytest.raises(ValueError, match="Unknown solver"):
        optimize.minimize(rosen, np.asarray(X0), method="no-such-method")
    with ctx(), pytest.raises(ValueError):
        optimize.minimize(rosen, np.ones((2, 2)), method="BFGS")
    with ctx(), pytest.raises(ValueError):
        optimize.minimize(lambda x: x * 2, np.asarray(X0), method="BFGS")  # not a scalar
    for fn, exc in [(lambda: scipy.optimize.minimize(np_rosen, numpy.array(X0), method="no-such-method"),
                     ValueError),
                    (lambda: scipy.optimize.minimize(lambda x: x * 2, numpy.array(X0), method="BFGS"), ValueError)]:
        with pytest.raises(exc):
            fn()


def test_device_refuses_host_only_methods_with_the_fix():  # §8.3
    with accelerator_rules():
        x0 = np.asarray(X0)
    x0 = np.empty(5, device="meta")
    with pytest.raises(TypeError, match="to_numpy"):
        optimize.minimize(rosen, x0, method="Powell")


# -- least squares ---------------------------------------------------------------------------
def _residuals(x):
    return np.stack([10 * (x[1] - x[0] ** 2), 1 - x[0]])


def test_least_squares_device_agrees_with_scipy():
    ref = scipy.optimize.least_squares(lambda x: numpy.array([10 * (x[1] - x[0] ** 2), 1 - x[0]]),
                                       numpy.array([-1.2, 1.0]))
    with accelerator_rules():
        got = optimize.least_squares(_residuals, np.asarray([-1.2, 1.0]))
    assert got.success and ref.success
    numpy.testing.assert_allclose(got.x.to_numpy(), ref.x, atol=1e-8)
    numpy.testing.assert_allclose(got.jac.to_numpy(), ref.jac, atol=1e-6)
    assert got.fun.shape == ref.fun.shape and got.active_mask.shape == ref.active_mask.shape


def test_least_squares_host_is_scipys():
    ref = scipy.optimize.least_squares(lambda x: numpy.array([10 * (x[1] - x[0] ** 2), 1 - x[0]]),
                                       numpy.array([-1.2, 1.0]))
    got = optimize.least_squares(_residuals, np.asarray([-1.2, 1.0]))
    numpy.testing.assert_array_equal(got.x.to_numpy(), ref.x)
    assert got.nfev == ref.nfev


def _decay(x, a, b, c):
    return a * np.exp(-b * x) + c


def _data(seed=0, m=60):
    rng = numpy.random.default_rng(seed)
    x = numpy.linspace(0, 4, m)
    return x, 2.5 * numpy.exp(-1.3 * x) + 0.5 + 0.05 * rng.standard_normal(m), 0.05 + 0.01 * x


@pytest.mark.parametrize("sigma", [None, "1-d", "2-d"])
@pytest.mark.parametrize("absolute_sigma", [False, True])
def test_curve_fit_device_agrees_with_scipy(sigma, absolute_sigma):
    x, y, s = _data()
    sig = {None: None, "1-d": s, "2-d": numpy.diag(s ** 2)}[sigma]
    tight = dict(ftol=1e-14, xtol=1e-14, gtol=1e-14)  # both converged: the comparison is the problem's, not the tolerance's
    ref_p, ref_c = scipy.optimize.curve_fit(lambda x, a, b, c: a * numpy.exp(-b * x) + c, x, y, p0=[1.0, 1.0, 1.0],
                                            sigma=sig, absolute_sigma=absolute_sigma, **tight)
    with accelerator_rules():
        p, c = optimize.curve_fit(_decay, np.asarray(x), np.asarray(y), p0=[1.0, 1.0, 1.0],
                                  sigma=None if sig is None else np.asarray(sig), absolute_sigma=absolute_sigma, **tight)
    assert isinstance(p, np.ndarray) and p.dtype == ref_p.dtype and c.shape == ref_c.shape
    # MINPACK's and our stopping tests leave ~1e-9 of x after ftol=xtol=gtol=1e-14 (2-d sigma: whitened)
    numpy.testing.assert_allclose(p.to_numpy(), ref_p, rtol=1e-8)
    numpy.testing.assert_allclose(c.to_numpy(), ref_c, rtol=1e-6)


def test_curve_fit_default_p0_and_tolerance():
    x, y, _ = _data(1)
    ref_p, _ = scipy.optimize.curve_fit(lambda x, a, b, c: a * numpy.exp(-b * x) + c, x, y)
    with accelerator_rules():
        p, _ = optimize.curve_fit(_decay, np.asarray(x), np.asarray(y))  # p0: ones, from the signature
    numpy.testing.assert_allclose(p.to_numpy(), ref_p, rtol=1e-5)  # SciPy's own ftol=1e-8 accuracy


def test_curve_fit_host_is_scipys():
    x, y, _ = _data(2)
    ref_p, ref_c = scipy.optimize.curve_fit(_decay, x, y)  # SciPy calls the torchnp model itself
    p, c = optimize.curve_fit(_decay, np.asarray(x), np.asarray(y))
    assert isinstance(p, np.ndarray) and p.device.type == "cpu"
    numpy.testing.assert_array_equal(p.to_numpy(), ref_p)
    numpy.testing.assert_array_equal(c.to_numpy(), ref_c)


# -- systems of equations --------------------------------------------------------------------
def _system_in(xp):
    return lambda x: xp.stack([x[0] + 0.5 * (x[0] - x[1]) ** 3 - 1.0, 0.5 * (x[1] - x[0]) ** 3 + x[1]])


@pytest.mark.parametrize("method", ["hybr", "lm"])
def test_root_host_is_scipys_and_device_agrees(method):
    # from x0 = 0 SciPy's 'lm' stops at a point that is no root (its differences' step at 0): start elsewhere
    x0 = [0.3, 0.1]
    ref = scipy.optimize.root(_system_in(numpy), numpy.array(x0), method=method)
    host = optimize.root(_system_in(np), np.asarray(x0), method=method)
    numpy.testing.assert_array_equal(host.x.to_numpy(), ref.x)
    with accelerator_rules():
        got = optimize.root(_system_in(np), np.asarray(x0), method=method)
    assert got.success == ref.success
    numpy.testing.assert_allclose(got.x.to_numpy(), ref.x, rtol=1e-8)  # both at xtol=1.49e-8
    numpy.testing.assert_allclose(got.fun.to_numpy(), 0, atol=1e-10)


@settings(max_examples=examples(15))
@given(seed=st.integers(0, 2**32 - 1), n=st.integers(1, 5))
def test_fsolve_device_linear_systems(seed, n):  # one root: A x = b
    rng = numpy.random.default_rng(seed)
    A, b = rng.standard_normal((n, n)) + n * numpy.eye(n), rng.standard_normal(n)
    ref = scipy.optimize.fsolve(lambda x: A @ x - b, numpy.zeros(n))
    At, bt = np.asarray(A), np.asarray(b)
    with accelerator_rules():
        got = optimize.fsolve(lambda x: At @ x - bt, np.zeros(n))
    numpy.testing.assert_allclose(got.to_numpy(), ref, rtol=1e-7, atol=1e-10)
    numpy.testing.assert_allclose(got.to_numpy(), numpy.linalg.solve(A, b), rtol=1e-8, atol=1e-12)


def test_root_bad_input():
    with pytest.raises(ValueError, match="Unknown solver"):
        scipy.optimize.root(_system_in(numpy), numpy.zeros(2), method="nope")
    with accelerator_rules(), pytest.raises(ValueError, match="Unknown solver"):
        optimize.root(_system_in(np), np.zeros(2), method="nope")
    with pytest.raises(TypeError):
        scipy.optimize.fsolve(lambda x: numpy.ones(3), numpy.zeros(2))
    with accelerator_rules(), pytest.raises(TypeError):
        optimize.fsolve(lambda x: np.ones(3), np.zeros(2))


def test_scalar_root_finders_take_torchnp_functions():  # SciPy's own (Python numbers); the callable is torchnp code
    ref = scipy.optimize.brentq(lambda x: numpy.cos(x) - x, 0, 1)
    assert optimize.brentq(lambda x: np.cos(x) - x, 0, 1) == ref
    r = optimize.root_scalar(lambda x: np.cos(x) - x, bracket=[0, 1], method="bisect")
    assert r.converged and abs(r.root - ref) < 1e-11
