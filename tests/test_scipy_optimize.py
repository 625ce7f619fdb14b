"""torchnp.scipy.optimize against SciPy (DESIGN §8.4, §5.3; issue 26): on host data SciPy's own
optimizers with torchnp callables (SciPy's exact iterates); under the accelerator rules (the
code a GPU runs) the torch optimizers, whose solutions agree with SciPy's within the method's
tolerance, with SciPy's result fields and exception types."""

import numpy
import pytest
import scipy.optimize
import torch
from hypothesis import event, given, settings, strategies as st

import torchnp as np
from torchnp.scipy import optimize
from scipy_support import ON_CPU, accelerator_rules, call, check_scipy
from support import DEVICE, examples


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
QUADRATIC_METHODS = DEVICE_METHODS + ["Newton-CG", "Powell"]


@pytest.mark.parametrize("x", [numpy.array(X0), numpy.arange(6.0).reshape(3, 2) / 3, numpy.array([1, 2, 3]),
                               numpy.array(X0, dtype=numpy.float32), numpy.array([0.5, -1.5])])
def test_rosenbrock_functions_are_scipys(x):
    # SciPy's rosen, rosen_der, rosen_hess(_prod): the objective of minimize's docstring examples; host only
    # before, so minimize(rosen, x0) stopped at rosen on a device (the tests' own torchnp rosen aside)
    check_scipy(call("optimize.rosen", x))
    check_scipy(call("optimize.rosen_der", x))
    if x.ndim == 1:
        check_scipy(call("optimize.rosen_hess", x))
        check_scipy(call("optimize.rosen_hess_prod", x, numpy.linspace(-1, 1, x.size)))
    m = np.asarray(x, device="meta")  # no host read
    assert optimize.rosen(m).device.type == "meta" and optimize.rosen_der(m).shape == x.shape


def test_minimize_docstring_example_with_scipys_rosen():
    ref = scipy.optimize.minimize(scipy.optimize.rosen, X0, method="BFGS", jac=scipy.optimize.rosen_der,
                                  options={"gtol": 1e-6})
    with accelerator_rules():
        x0 = np.asarray(X0, device=DEVICE)
        got = optimize.minimize(optimize.rosen, x0, method="BFGS", jac=optimize.rosen_der, options={"gtol": 1e-6})
        auto = optimize.minimize(optimize.rosen, x0, method="BFGS", options={"gtol": 1e-6})  # autograd's gradient
    for r in (got, auto):
        assert r.success and r.x.device == x0.device
        numpy.testing.assert_allclose(r.x.to_numpy(), ref.x, atol=1e-4)


@pytest.mark.parametrize("method", HOST_METHODS)
def test_host_data_runs_scipy_with_torchnp_callables(method):  # §5.3, §8.2: SciPy's exact iterates
    jac = None if method in ("Nelder-Mead", "Powell") else rosen_grad
    ref = scipy.optimize.minimize(np_rosen, numpy.array(X0), method=method,
                                  jac=None if jac is None else np_rosen_grad)
    got = optimize.minimize(rosen, np.asarray(X0, device="cpu"), method=method, jac=jac)  # host data
    assert isinstance(got.x, np.ndarray) and got.x.device.type == "cpu"
    numpy.testing.assert_array_equal(got.x.to_numpy(), ref.x)
    assert (got.nit, got.nfev, got.success, got.message) == (ref.nit, ref.nfev, ref.success, ref.message)


@pytest.mark.parametrize("method", ["L-BFGS-B", "TNC", "SLSQP"])
def test_host_bounds_with_torchnp_gradient(method):  # issue 23: L-BFGS-B took a torchnp gradient to Fortran
    bounds = [(0.0, 0.9)] * 5
    ref = scipy.optimize.minimize(np_rosen, numpy.array(X0), method=method, jac=np_rosen_grad,
                                  bounds=bounds)
    got = optimize.minimize(rosen, np.asarray(X0, device="cpu"), method=method, jac=rosen_grad, bounds=bounds)
    numpy.testing.assert_array_equal(got.x.to_numpy(), ref.x)


def device_values(fun):
    """``fun`` as SciPy sees it when it is given the device's values: SciPy's x made a device array,
    the value computed by the device path and read back. On the CPU these are NumPy's numbers; on
    CUDA its sums round otherwise (docs/devices.md), and Powell's line searches branch on those
    last bits (SciPy's own result with the sum in another order moves by up to 0.3 in x with
    bounds (0, 0.9) and xtol 1e-8), so SciPy's iterates are compared on the same values."""
    def oracle(x):
        with accelerator_rules():
            return float(fun(np.asarray(x, device=DEVICE)))
    return oracle


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


BOX_W = numpy.array([2.0, 3.0])


def _nan_outside_in(xp):
    """``sum(BOX_W x**2)``, NaN outside the box |x_i| < 0.4: BFGS's first trial step from (0.2, 0.15)
    lands outside."""
    w = BOX_W if xp is numpy else np.asarray(BOX_W, device=DEVICE)
    return lambda x: xp.where(xp.all(xp.abs(x) < 0.4), xp.sum(w * x * x), xp.nan)


def test_device_line_search_falls_back_to_armijo_halving():
    # torch's strong-Wolfe search takes the NaN trial's zero gradient for the curvature condition and
    # then indexed past its bracket (an IndexError from minimize); the line search then falls back to
    # Armijo backtracking, halving from a unit step (docs/scipy.md): SciPy's solution and status
    x0 = numpy.array([0.2, 0.15])
    ref = scipy.optimize.minimize(_nan_outside_in(numpy), x0, method="BFGS", jac=lambda x: 2 * BOX_W * x)
    got = _device_minimize(_nan_outside_in(np), np.asarray(x0, device=DEVICE), method="BFGS")
    assert got.status == ref.status == 0 and got.success
    numpy.testing.assert_allclose(got.x.to_numpy(), ref.x, atol=1e-8)
    # the first iteration's step: the halving rule on NumPy's values (the first of 1, 1/2, 1/4... whose
    # value is finite and meets Armijo's condition along -g at c1 = 1e-4)
    f, g = _nan_outside_in(numpy), 2 * BOX_W * x0
    t = 1.0
    while not f(x0 - t * g) <= f(x0) - 1e-4 * t * g @ g:
        t /= 2
    one = _device_minimize(_nan_outside_in(np), np.asarray(x0, device=DEVICE), method="BFGS",
                           options={"maxiter": 1})
    assert t == 0.25 and one.nit == 1
    numpy.testing.assert_allclose(one.x.to_numpy(), x0 - t * g, rtol=0, atol=1e-15)
    assert float(one.fun) == pytest.approx(f(x0 - t * g), rel=1e-14)  # the value at the point stepped to


def test_device_uses_autograd_not_differences():  # §8.4: no finite differences on the device
    got = _device_minimize(rosen, np.asarray(X0), method="BFGS")
    assert got.nfev == got.njev  # one evaluation per gradient: the gradient came with the value


@settings(max_examples=examples(15))
@given(seed=st.integers(0, 2**32 - 1), n=st.integers(1, 6), method=st.sampled_from(QUADRATIC_METHODS))
def test_device_quadratics(seed, n, method):  # a convex quadratic: one minimum, SciPy's success as the oracle
    rng = numpy.random.default_rng(seed)
    m = rng.standard_normal((n, n))
    A, b, x0 = m @ m.T + n * numpy.eye(n), rng.standard_normal(n), rng.standard_normal(n)
    exact = numpy.linalg.solve(A, b)
    options = {"Nelder-Mead": {"xatol": 1e-9, "fatol": 1e-14, "maxiter": 20000}, "Newton-CG": {"xtol": 1e-10},
               "Powell": {"xtol": 1e-10, "ftol": 1e-15}}.get(method, {"gtol": 1e-7})
    ref = scipy.optimize.minimize(lambda x: 0.5 * x @ A @ x - b @ x, x0, method=method, options=options,
                                  jac=(lambda x: A @ x - b) if method == "Newton-CG" else None)
    At, bt = np.asarray(A, device=DEVICE), np.asarray(b, device=DEVICE)  # (np.asarray(A) alone: host data)
    got = _device_minimize(lambda x: 0.5 * x @ At @ x - bt @ x, np.asarray(x0, device=DEVICE), method=method,
                           options=options)
    assert got.success or not ref.success
    atol = 1e-6
    if method == "L-BFGS-B":
        # its default ftol (2.2e-9 of max(|f|, 1) per step) stops it before gtol: x is then fixed only to
        # about sqrt(2 ftol max(|f*|, 1) / lambda_min(A)), 2e-5 here (a fresh draw: 3.7e-6 off at n = 5)
        f_min = -0.5 * b @ exact
        atol = max(atol, 2 * numpy.sqrt(2 * 2.22e-9 * max(abs(f_min), 1) / numpy.linalg.eigvalsh(A).min()))
    numpy.testing.assert_allclose(got.x.to_numpy(), exact, atol=atol)


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
    x0 = np.empty(5, device="meta")
    with pytest.raises(TypeError, match="to_numpy"):
        optimize.minimize(rosen, x0, method="TNC")


# -- Newton-CG and Powell ----------------------------------------------------------------------
def _rosen_hess_np(x):
    return scipy.optimize.rosen_hess(x)


@pytest.mark.parametrize("second", ["autograd", "hess", "hessp", "jac callable", "hess 2-point"])
def test_device_newton_cg_agrees_with_scipy(second):
    opts = {"xtol": 1e-8}  # SciPy differences the gradient: at its default xtol its own x is off by ~3e-4
    ref = scipy.optimize.minimize(np_rosen, numpy.array(X0), method="Newton-CG", jac=np_rosen_grad, options=opts,
                                  hess=_rosen_hess_np if second == "hess" else ("2-point" if second == "hess 2-point"
                                                                                else None),
                                  hessp=scipy.optimize.rosen_hess_prod if second == "hessp" else None)
    # SciPy's NumPy Hessian, its result back on x's device: a NumPy array returned as it is would be
    # host data beside the device's x (§3.3; the first GPU run's failures of this test)
    kw = {"hess": lambda x: np.asarray(_rosen_hess_np(x.to_numpy()), device=x.device) if second == "hess" else None,
          "hessp": (lambda x, p: np.asarray(scipy.optimize.rosen_hess_prod(x.to_numpy(), p.to_numpy()), device=x.device))
          if second == "hessp" else None}
    got = _device_minimize(rosen, np.asarray(X0), method="Newton-CG", options=opts,
                           jac=rosen_grad if second == "jac callable" else None,
                           hess=kw["hess"] if second == "hess" else ("2-point" if second == "hess 2-point" else None),
                           hessp=kw["hessp"] if second == "hessp" else None)
    assert (got.success, got.status, got.message) == (ref.success, ref.status, ref.message)
    numpy.testing.assert_allclose(got.x.to_numpy(), ref.x, atol=1e-6)
    numpy.testing.assert_allclose(got.x.to_numpy(), numpy.ones(5), atol=1e-7)  # the minimum itself
    assert set(ref.keys()) <= set(got.keys())
    if second in ("hess", "hessp"):
        assert got.nhev > 0


def test_device_newton_cg_without_a_torch_gradient_is_scipys_error():
    with pytest.raises(ValueError, match="Jacobian is required"):
        scipy.optimize.minimize(np_rosen, numpy.array(X0), method="Newton-CG")
    with pytest.raises(ValueError, match="Jacobian is required"):
        _device_minimize(lambda x: float(np_rosen(x.to_numpy())), np.asarray(X0), method="Newton-CG")
    with pytest.raises(ValueError, match="Jacobian is required"):
        _device_minimize(rosen, np.asarray(X0), method="Newton-CG", jac="2-point")


@pytest.mark.parametrize("bounds", [None, [(0.0, 0.9)] * 5, [(None, 1.5), (0.5, None), (None, None), (0, 2), (1, 3)]])
@pytest.mark.parametrize("options", [{}, {"xtol": 1e-8, "ftol": 1e-12}, {"maxfev": 300}, {"maxiter": 3}])
def test_device_powell_agrees_with_scipy(bounds, options):
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # x0 outside the bounds: SciPy warns (and so goes on)
        ref = scipy.optimize.minimize(device_values(rosen), numpy.array(X0), method="Powell", bounds=bounds,
                                      options=options)
        got = _device_minimize(rosen, np.asarray(X0), method="Powell", bounds=bounds, options=options)
    assert (got.success, got.status, got.message) == (ref.success, ref.status, ref.message)
    # SciPy's algorithm on the same values: the same iterates up to the objective's last bits
    numpy.testing.assert_allclose(got.x.to_numpy(), ref.x, rtol=1e-9, atol=1e-10)
    numpy.testing.assert_allclose(got.direc.to_numpy(), ref.direc, rtol=1e-7, atol=1e-9)
    assert abs(float(got.fun) - ref.fun) <= 1e-10 * max(1, abs(ref.fun))
    assert got.nit == ref.nit and got.nfev == ref.nfev
    assert set(ref.keys()) <= set(got.keys())


def test_powell_bad_bounds_and_tol():
    bad = [(1.0, 0.0)] * 5
    with pytest.raises(ValueError):
        scipy.optimize.minimize(np_rosen, numpy.array(X0), method="Powell", bounds=bad)
    with pytest.raises(ValueError):
        _device_minimize(rosen, np.asarray(X0), method="Powell", bounds=bad)
    ref = scipy.optimize.minimize(device_values(rosen), numpy.array(X0), method="Powell", tol=1e-10)  # xtol, ftol
    got = _device_minimize(rosen, np.asarray(X0), method="Powell", tol=1e-10)
    numpy.testing.assert_allclose(got.x.to_numpy(), ref.x, rtol=1e-9)
    assert got.nfev == ref.nfev


# -- scalar minimizers and root finders ------------------------------------------------------
def _both(name, fun_np, fun_tn, **kwargs):
    """SciPy's result; ours under the host rules (checked to be SciPy's exactly); ours under the
    accelerator rules (returned for the caller's comparison)."""
    ref = getattr(scipy.optimize, name)(fun_np, **kwargs)
    if ON_CPU:  # (Python scalars alone: on a GPU the default device's path, checked below)
        host = getattr(optimize, name)(fun_tn, **kwargs)
        for k, v in ref.items():
            assert type(host[k]) is type(v) and (host[k] == v or (v != v and host[k] != host[k])), (k, host[k], v)
    with accelerator_rules():
        got = getattr(optimize, name)(fun_tn, **kwargs)
    assert set(got.keys()) == set(ref.keys())
    return ref, got


def _poly(coef, xp):
    """Horner's scheme: products and sums only, rounded alike by NumPy and torch (powers are not)."""
    def p(x):
        v = coef[-1] + 0 * x
        for c in coef[-2::-1]:
            v = v * x + c
        return v
    return p


@settings(max_examples=examples(40), deadline=None)
@given(a=st.floats(-3, 3), b=st.floats(0.1, 5), method=st.sampled_from(["brent", "golden", "bounded", None]),
       bracket=st.sampled_from([None, (0.0, 1.0), "triple"]), tol=st.sampled_from([None, 1e-4, 1e-12]))
def test_minimize_scalar_device_is_scipys_iteration(a, b, method, bracket, tol):
    # (x - a)^2 (x^2 + b) + x: one minimum near a; polynomials evaluate bit for bit alike in torch and NumPy
    coef = [a * a * b, -2 * a * b + 1, b + a * a, -2 * a, 1.0]
    kwargs = {"method": method, "tol": tol}
    if method in ("bounded", None):
        kwargs["bounds"] = (a - 2.5, a + 1.5)
    elif bracket == "triple":
        kwargs["bracket"] = (a - 3, a, a + 3)
    else:
        kwargs["bracket"] = bracket
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)  # 'bounded' with tol: SciPy warns
        try:
            ref, got = _both("minimize_scalar", _poly(coef, numpy), _poly(coef, np), **kwargs)
        except ValueError:  # a triple that is no bracket: SciPy's error, checked below
            with pytest.raises(ValueError), accelerator_rules():
                optimize.minimize_scalar(_poly(coef, np), **kwargs)
            return
    assert isinstance(got.x, np.ndarray) and got.x.ndim == 0 and got.fun.dtype == np.float64
    assert (got.success, got.message, got.nfev, got.nit) == (ref.success, ref.message, ref.nfev, ref.nit)
    assert float(got.x) == ref.x and float(got.fun) == ref.fun


@settings(max_examples=examples(40), deadline=None)
@given(r=st.floats(-5, 5), s=st.floats(0.5, 3), method=st.sampled_from(["brentq", "bisect", "newton", "secant",
                                                                          "halley", None]),
       xtol=st.sampled_from([None, 1e-6]), maxiter=st.sampled_from([None, 5]))
def test_root_scalar_device_is_scipys_iteration(r, s, method, xtol, maxiter):
    coef = [-r * (s + r * r) / 1.0, s + r * r, -r, 1.0]  # (x - r)(x^2 + s): one real root r
    d1 = [coef[1], 2 * coef[2], 3 * coef[3]]
    d2 = [d1[1], 2 * d1[2]]
    kwargs = {"method": method, "xtol": xtol, "maxiter": maxiter}
    if method in ("brentq", "bisect", None):
        kwargs["bracket"] = [r - 2.0, r + 3.0]
    else:
        kwargs["x0"] = r + 1.5
    if method == "secant":
        kwargs["x1"] = r + 1.0
    if method in ("newton", "halley"):
        kwargs["fprime"] = True
    if method == "halley":
        kwargs["fprime2"] = True
    if kwargs.get("fprime"):
        f_np = lambda x: (_poly(coef, numpy)(x), _poly(d1, numpy)(x), _poly(d2, numpy)(x))  # noqa: E731
        f_tn = lambda x: (_poly(coef, np)(x), _poly(d1, np)(x), _poly(d2, np)(x))  # noqa: E731
    else:
        f_np, f_tn = _poly(coef, numpy), _poly(coef, np)
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        ref = scipy.optimize.root_scalar(f_np, **kwargs)
        host = optimize.root_scalar(f_tn, **kwargs)
        with accelerator_rules():
            got = optimize.root_scalar(f_tn, **kwargs)
    assert not ON_CPU or (host.root == ref.root and host.function_calls == ref.function_calls)
    assert isinstance(got.root, np.ndarray) and got.root.ndim == 0 and got.root.device == np.zeros(()).device
    assert (got.converged, got.flag, got.method, got.iterations, got.function_calls) == \
        (ref.converged, ref.flag, ref.method, ref.iterations, ref.function_calls)
    assert float(got.root) == ref.root


def test_root_scalar_newton_autograd_derivative():  # no fprime: SciPy differences, the device differentiates
    f_np, f_tn = (lambda x: numpy.cos(x) - x), (lambda x: np.cos(x) - x)
    ref = scipy.optimize.root_scalar(f_np, x0=0.3, method="newton")
    with accelerator_rules():
        got = optimize.root_scalar(f_tn, x0=0.3, method="newton")
    assert got.converged and ref.converged
    assert abs(float(got.root) - ref.root) <= 1.48e-8  # both within newton's tol
    assert abs(float(np.cos(got.root) - got.root)) < 1e-14  # the exact derivative's last step: quadratic


@pytest.mark.parametrize("rules", ["host", "accelerator"])
def test_scalar_solvers_bad_input_raise_scipys_errors(rules):
    import contextlib

    ctx = accelerator_rules if rules == "accelerator" else contextlib.nullcontext
    f_np, f_tn = (lambda x: x ** 2 - 1), (lambda x: x ** 2 - 1)
    bad = [(dict(method="nope"), ValueError), (dict(bounds=(0, 1), method="brent"), ValueError),
           (dict(method="bounded"), ValueError), (dict(bounds=(1, 0)), ValueError),
           (dict(bounds=(0, numpy.inf)), ValueError), (dict(bracket=(0, 1, 2, 3)), ValueError),
           (dict(bracket=(0, 5, 1)), ValueError)]
    for kwargs, exc in bad:
        with pytest.raises(exc):
            scipy.optimize.minimize_scalar(f_np, **kwargs)
        with ctx(), pytest.raises(exc):
            optimize.minimize_scalar(f_tn, **kwargs)
    bad = [dict(method="nope", bracket=[0, 2]), dict(bracket=[2, 3]), dict(), dict(method="brentq"),
           dict(method="newton"), dict(method="bisect", bracket=[0, 2], xtol=0), dict(method="brentq", bracket=[0, 2],
                                                                                    rtol=1e-20),
           dict(method="halley", x0=1.0), dict(method="secant", x0=1.0, x1=1.0)]
    for kwargs in bad:
        with pytest.raises(ValueError):
            scipy.optimize.root_scalar(f_np, **kwargs)
        with ctx(), pytest.raises(ValueError):
            optimize.root_scalar(f_tn, **kwargs)


def test_root_scalar_nan_is_scipys_value_error_result():
    f_np, f_tn = (lambda x: numpy.log(x) if x < 1.5 else numpy.nan), (lambda x: np.log(x) if x < 1.5 else np.nan)
    ref = scipy.optimize.root_scalar(f_np, bracket=[0.5, 2.0], method="brentq")
    with accelerator_rules():
        got = optimize.root_scalar(f_tn, bracket=[0.5, 2.0], method="brentq")
    assert not ref.converged and not got.converged and got.flag == ref.flag
    assert got.function_calls == ref.function_calls and float(got.root) == ref.root


def test_scalar_solvers_take_device_arrays_and_args():
    with accelerator_rules():
        a = np.asarray(2.0)
        got = optimize.minimize_scalar(lambda x, c: (x - c) ** 2, bracket=[np.asarray(0.0), np.asarray(1.0)],
                                       args=(a,))
        root = optimize.root_scalar(lambda x, c: x ** 2 - c, args=a, x0=np.asarray(1.0), fprime=lambda x, c: 2 * x)
    assert abs(float(got.x) - 2.0) < 1e-7 and abs(float(root.root) - 2 ** 0.5) < 1e-12


# -- the bracketing root finders: SciPy's C solvers and TOMS 748, on Python numbers --------------
BRACKETING = ["brentq", "brenth", "ridder", "bisect", "toms748"]


def _cubic(c0, c1, c2, xp):
    """x^3 + c2 x^2 + c1 x + c0 by Horner's scheme (rounded alike by NumPy and torch)."""
    return _poly([c0, c1, c2, 1.0], xp)


#: the rule sets a problem given by Python scalars alone runs under: with no array its device is the
#: default one, so on a real GPU it is the device path only (§3.3); on the CPU both
RULE_SETS = ("host", "accelerator") if ON_CPU else ("accelerator",)


def _rules(rules):
    import contextlib

    return accelerator_rules() if rules == "accelerator" else contextlib.nullcontext()


@settings(max_examples=examples(60), deadline=None)
@given(roots=st.lists(st.floats(-4, 4), min_size=1, max_size=3), lo=st.floats(-6, 6), width=st.floats(1e-3, 12),
       method=st.sampled_from(BRACKETING), xtol=st.sampled_from([None, 1e-3, 1e-9, 5e-324]),
       rtol=st.sampled_from([None, 1e-6]), maxiter=st.sampled_from([None, 3, 50]), k=st.sampled_from([None, 1, 2, 3]))
def test_bracketing_root_finders_are_scipys_iteration(roots, lo, width, method, xtol, rtol, maxiter, k):
    # §8.4: (x - r1)(x - r2)(x - r3), or with a complex pair (x - r)(x^2 + s); any bracket (SciPy's
    # sign error where it has none); the iterates are SciPy's, so root, iterations, calls and flag are
    r = roots + [0.0] * (3 - len(roots))
    if len(roots) == 2:  # one real root r[0] and x^2 + (1 + r[1]^2): a complex pair
        coef = [-r[0] * (1 + r[1] ** 2), 1 + r[1] ** 2, -r[0]]
    else:
        coef = [-r[0] * r[1] * r[2], r[0] * r[1] + r[0] * r[2] + r[1] * r[2], -(r[0] + r[1] + r[2])]
    kwargs = {"xtol": xtol, "rtol": rtol, "maxiter": maxiter}
    options = {"k": k} if method == "toms748" and k is not None else None
    bracket = [lo, lo + width]
    try:
        ref = scipy.optimize.root_scalar(_cubic(*coef, numpy), bracket=bracket, method=method, options=options,
                                         **kwargs)
    except ValueError as e:  # no sign change in the bracket: SciPy's ValueError, ours too
        for rules in RULE_SETS:
            with _rules(rules), pytest.raises(ValueError, match="must have different signs"):
                optimize.root_scalar(_cubic(*coef, np), bracket=bracket, method=method, options=options, **kwargs)
        assert "must have different signs" in str(e)
        event("no sign change")
        return
    event("converged" if ref.converged else "not converged")
    # a zero at an end of the bracket: SciPy's C solvers return before they set `iterations` (its value is
    # whatever the stack held; ours 0, as toms748's)
    at_end = method != "toms748" and 0 in [_cubic(*coef, numpy)(v) for v in bracket]
    for rules in RULE_SETS:
        with _rules(rules):
            got = optimize.root_scalar(_cubic(*coef, np), bracket=bracket, method=method, options=options, **kwargs)
        assert isinstance(got, scipy.optimize.RootResults) or rules == "accelerator"
        assert (got.converged, got.flag, got.method, got.function_calls) == \
            (ref.converged, ref.flag, ref.method, ref.function_calls), rules
        assert got.iterations == (0 if at_end and rules == "accelerator" else ref.iterations) or \
            (at_end and rules == "host"), rules
        assert float(got.root) == ref.root, rules
        if rules == "accelerator":
            assert isinstance(got.root, np.ndarray) and got.root.ndim == 0 and got.root.dtype == np.float64
    # the module function, with full_output, and disp's RuntimeError where SciPy's solver did not converge
    own = {k: v for k, v in kwargs.items() if v is not None}
    own.update(options or {})
    for rules in RULE_SETS:
        with _rules(rules):
            if not ref.converged:
                with pytest.raises(RuntimeError, match="Failed to converge"):
                    getattr(optimize, method)(_cubic(*coef, np), *bracket, **own)
            x, res = getattr(optimize, method)(_cubic(*coef, np), *bracket, full_output=True, disp=False, **own)
        assert float(x) == ref.root and float(res.root) == ref.root
        assert (res.converged, res.flag, res.function_calls) == (ref.converged, ref.flag, ref.function_calls)
        assert res.iterations == ref.iterations or at_end


def _power(n, c):
    """x^n - c by n - 1 products (rounded alike by NumPy and torch; their pow functions are not)."""
    def f(x):
        v = x
        for _ in range(n - 1):
            v = v * x
        return v - c
    return f


#: hard cases of Alefeld, Potra and Shi's kind: a flat multiple root (values of vastly different
#: magnitudes at the ends), a steep power, and (x - 1)^5 expanded, whose values near 1 are rounding noise
HARD = [(_power(9, 0.0), [-1.0, 4.0]), (_power(20, 0.5), [0.0, 5.0]), (_power(3, 1e-300), [-1e-3, 1.0]),
        (lambda x: _poly([-1.0, 5.0, -10.0, 10.0, -5.0, 1.0], None)(x), [0.0, 1.7])]


@pytest.mark.parametrize("case", range(len(HARD)))
@pytest.mark.parametrize("method,options", [(m, None) for m in BRACKETING] + [("toms748", {"k": 2}),
                                                                             ("toms748", {"k": 5})])
@pytest.mark.parametrize("xtol", [2e-12, 5e-324])
def test_bracketing_root_finders_hard_cases(case, method, options, xtol):
    f, bracket = HARD[case]
    ref = scipy.optimize.root_scalar(f, bracket=bracket, method=method, options=options, xtol=xtol)
    with accelerator_rules():
        got = optimize.root_scalar(f, bracket=bracket, method=method, options=options, xtol=xtol)
    assert float(got.root) == ref.root
    assert (got.converged, got.flag, got.iterations, got.function_calls) == \
        (ref.converged, ref.flag, ref.iterations, ref.function_calls)


@pytest.mark.parametrize("method", BRACKETING)
def test_bracketing_root_finders_exact_zeros(method):  # a zero at an end, at a midpoint, at a secant's point
    for bracket in ([1.0, 3.0], [-2.0, 1.0], [0.0, 2.0], [-3.0, 5.0], [0.5, 1.25]):
        ref = scipy.optimize.root_scalar(lambda x: x - 1, bracket=bracket, method=method)
        with accelerator_rules():
            got = optimize.root_scalar(lambda x: x - 1, bracket=bracket, method=method)
        assert (float(got.root), got.converged, got.function_calls) == (ref.root, ref.converged, ref.function_calls)
        assert got.iterations == ref.iterations or 1.0 in bracket  # SciPy's C: unset at an end (see above)
    # SciPy's keywords: toms748's k only; a k above 100 is 100, with SciPy's warning
    for rules in RULE_SETS:
        with _rules(rules), pytest.raises(TypeError):
            optimize.root_scalar(lambda x: x - 1, bracket=[0, 2], method="brentq" if method == "toms748" else method,
                                 options={"k": 2})
    if method == "toms748":
        with pytest.warns(RuntimeWarning, match="Overriding k"):
            ref = scipy.optimize.toms748(lambda x: x ** 3 - 2, 0.0, 2.0, k=101, full_output=True)[1]
        with accelerator_rules(), pytest.warns(RuntimeWarning, match="Overriding k"):
            got = optimize.toms748(lambda x: x * x * x - 2, 0.0, 2.0, k=101, full_output=True)[1]
        assert abs(float(got.root) - ref.root) <= 2e-12 + 8.9e-16 * ref.root and got.converged


@pytest.mark.parametrize("method", BRACKETING)
@pytest.mark.parametrize("rules", ["host", "accelerator"])
def test_bracketing_root_finders_bad_input_and_nan(method, rules):  # SciPy's exception types (and messages)
    f_np, f_tn = (lambda x: x ** 2 - 1), (lambda x: x ** 2 - 1)
    bad = [dict(xtol=0), dict(xtol=-1.0), dict(rtol=1e-17), dict(maxiter=2.5), dict(a=2.0, b=3.0),
           dict(a=1j, b=2 + 1j)]  # a complex bracket (issue 26): SciPy's C solvers' RuntimeError, toms748's TypeError
    bad += [dict(maxiter=0), dict(k=0), dict(a=1.5, b=0.0), dict(a=-numpy.inf), dict(b=numpy.inf)] \
        if method == "toms748" else \
        [dict(maxiter=-1), dict(k=2)]
    for kw in bad:
        kw = {"a": 0.0, "b": 2.0, **kw}
        a, b = kw.pop("a"), kw.pop("b")
        with pytest.raises((ValueError, TypeError, RuntimeError)) as want:
            getattr(scipy.optimize, method)(f_np, a, b, **kw)
        with _rules(rules), pytest.raises(want.type) as got:
            getattr(optimize, method)(f_tn, a, b, **kw)
        assert str(got.value) == str(want.value) or want.type is TypeError and not isinstance(a, complex), \
            (kw, got.value, want.value)
        if isinstance(a, complex):
            with pytest.raises(want.type) as want:
                scipy.optimize.root_scalar(f_np, bracket=[a, b], method=method)
            with _rules(rules), pytest.raises(want.type) as got:
                optimize.root_scalar(f_tn, bracket=[a, b], method=method)
            assert str(got.value) == str(want.value)
    # a NaN value: SciPy's ValueError from the module function; root_scalar's unconverged result
    f_np, f_tn = (lambda x: numpy.log(x) if x < 1.5 else numpy.nan), (lambda x: np.log(x) if x < 1.5 else np.nan)
    with pytest.raises(ValueError, match="is NaN") as want:
        getattr(scipy.optimize, method)(f_np, 0.5, 2.0)
    with _rules(rules), pytest.raises(ValueError, match="is NaN") as got:
        getattr(optimize, method)(f_tn, 0.5, 2.0)
    assert str(got.value) == str(want.value)
    ref = scipy.optimize.root_scalar(f_np, bracket=[0.5, 2.0], method=method.upper())
    with _rules(rules):
        got = optimize.root_scalar(f_tn, bracket=[0.5, 2.0], method=method.upper())
    assert not got.converged
    assert (got.flag, got.method, got.function_calls) == (ref.flag, ref.method, ref.function_calls)
    assert float(got.root) == ref.root and got.iterations != got.iterations  # SciPy's NaN count of iterations
    if method == "toms748":  # an infinite value: toms748's own ValueError
        with pytest.raises(ValueError, match="Invalid function value"):
            scipy.optimize.toms748(lambda x: numpy.inf if x > 1 else -1.0, 0.0, 2.0)
        with _rules(rules), pytest.raises(ValueError, match="Invalid function value"):
            optimize.toms748(lambda x: np.inf if x > 1 else -1.0, 0.0, 2.0)


def test_bracketing_root_finders_device_arrays_and_args():  # §3.2: the bracket and args where f runs
    from torchnp._device import DeviceMismatchError

    with accelerator_rules():
        for method in BRACKETING:
            x = getattr(optimize, method)(lambda x, c: x ** 2 - c, np.asarray(0.0), np.asarray(2.0),
                                          args=np.asarray(2.0))
            assert isinstance(x, np.ndarray) and x.ndim == 0 and abs(float(x) - 2 ** 0.5) < 1e-11
    x0 = np.empty((), device="meta")
    with pytest.raises(DeviceMismatchError):
        optimize.brenth(lambda x: x, x0, 1.0, args=(np.asarray(1.0),))


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


def _rosen_res_np(x):
    return numpy.array([10 * (x[1] - x[0] ** 2), 1 - x[0]])


def _rosen_jac_np(x):
    return numpy.array([[-20 * x[0], 10], [-1, 0]])


def _rosen_jac(x):
    return np.stack([np.stack([-20 * x[0], np.asarray(10.0)]), np.asarray([-1.0, 0.0])])


TRF_CASES = [{}, {"bounds": ([-numpy.inf, 0.5], numpy.inf)}, {"bounds": (-2, 1.5)}, {"loss": "soft_l1"},
             {"loss": "huber", "bounds": (-2, [0.5, 1.5])}, {"loss": "cauchy", "f_scale": 0.1}, {"loss": "arctan"},
             {"x_scale": "jac", "bounds": (-2, [0.5, 1.5])}, {"x_scale": [2.0, 0.5]}, {"max_nfev": 5},
             {"method": "dogbox", "bounds": (-2, 1.5)}]


@pytest.mark.parametrize("case", range(len(TRF_CASES)))
@pytest.mark.parametrize("jac", ["callable", "autograd"])
def test_least_squares_trf_is_scipys_algorithm(case, jac):
    kw = TRF_CASES[case]
    # SciPy's trf with the exact Jacobian: the same algorithm on the same values takes the same steps
    ref = scipy.optimize.least_squares(_rosen_res_np, numpy.array([-1.2, 1.0]), jac=_rosen_jac_np, **kw)
    with accelerator_rules():
        got = optimize.least_squares(_residuals, np.asarray([-1.2, 1.0]),
                                     jac=_rosen_jac if jac == "callable" else "2-point", **kw)
    assert got.success == ref.success
    if kw.get("method") == "dogbox":  # the device runs trf for 'dogbox': the same solution, other steps
        numpy.testing.assert_allclose(got.x.to_numpy(), ref.x, rtol=1e-7)
        return
    assert (got.status, got.message) == (ref.status, ref.message)
    assert (got.nfev, got.njev) == (ref.nfev, ref.njev)
    numpy.testing.assert_allclose(got.x.to_numpy(), ref.x, rtol=1e-10, atol=1e-12)
    numpy.testing.assert_allclose(float(got.cost), ref.cost, rtol=1e-9, atol=1e-20)
    numpy.testing.assert_array_equal(got.active_mask.to_numpy(), ref.active_mask, strict=True)
    for k in ("fun", "jac", "grad"):
        numpy.testing.assert_allclose(got[k].to_numpy(), ref[k], rtol=1e-8, atol=1e-10)
    assert set(ref.keys()) == set(got.keys())


@settings(max_examples=examples(25), deadline=None)
@given(seed=st.integers(0, 2**32 - 1), m=st.integers(3, 30), loss=st.sampled_from(
    ["linear", "soft_l1", "huber", "cauchy", "arctan"]), bounded=st.sampled_from(["none", "lower", "both"]),
       x_scale=st.sampled_from([None, "jac"]))
def test_least_squares_trf_hypothesis(seed, m, loss, bounded, x_scale):
    rng = numpy.random.default_rng(seed)
    t = numpy.linspace(0, 3, m)
    y = 2.0 * numpy.exp(-0.7 * t) + 0.3 + 0.1 * rng.standard_normal(m)
    x0 = numpy.array([1.0, 1.0, 0.0]) + 0.1 * rng.random(3)
    bounds = {"none": (-numpy.inf, numpy.inf), "lower": ([0.0, 0.9, -numpy.inf], numpy.inf),
              "both": ([0.5, 0.0, -1.0], [1.5, 1.2, 0.2])}[bounded]

    def res_np(p):
        return p[0] * numpy.exp(-p[1] * t) + p[2] - y

    def jac_np(p):
        e = numpy.exp(-p[1] * t)
        return numpy.stack([e, -p[0] * t * e, numpy.ones_like(t)], axis=1)

    tt, yt = np.asarray(t, device=DEVICE), np.asarray(y, device=DEVICE)  # NumPy's arrays stay host data (§3.3)
    ref = scipy.optimize.least_squares(res_np, x0, jac=jac_np, bounds=bounds, loss=loss, x_scale=x_scale)
    with accelerator_rules():
        got = optimize.least_squares(lambda p: p[0] * np.exp(-p[1] * tt) + p[2] - yt, np.asarray(x0, device=DEVICE),
                                     bounds=bounds, loss=loss, x_scale=x_scale)
    assert got.success == ref.success
    # the same algorithm: only the objective's and the SVD's last bits differ (autograd vs SciPy's jac)
    numpy.testing.assert_allclose(got.x.to_numpy(), ref.x, rtol=1e-6, atol=1e-7)
    numpy.testing.assert_allclose(float(got.cost), ref.cost, rtol=1e-8, atol=1e-12)


@pytest.mark.parametrize("kw", [{}, {"bounds": (-2, [0.5, 1.5])}, {"loss": "cauchy"}, {"method": "lm"}])
def test_least_squares_differences_where_torch_cannot_differentiate(kw):
    # residuals computed by NumPy on a host copy, handed back on x's device (explicitly: NumPy's array
    # beside device data is a DeviceMismatchError, §3.3): SciPy's 2-point Jacobian (steps kept within the bounds)
    ref = scipy.optimize.least_squares(_rosen_res_np, numpy.array([-1.2, 1.0]), **kw)
    with accelerator_rules():
        got = optimize.least_squares(lambda x: np.asarray(_rosen_res_np(x.to_numpy()), device=x.device),
                                     np.asarray([-1.2, 1.0]), **kw)
    assert got.success == ref.success
    numpy.testing.assert_allclose(got.x.to_numpy(), ref.x, rtol=1e-7)
    if kw.get("method") != "lm":  # trf: SciPy's algorithm on SciPy's differences, step for step
        assert (got.nfev, got.status) == (ref.nfev, ref.status)
        numpy.testing.assert_allclose(got.jac.to_numpy(), ref.jac, rtol=1e-9, atol=1e-12)


def test_least_squares_callback_and_args():
    seen = []
    ref = scipy.optimize.least_squares(lambda x, a: _rosen_res_np(x) * a, numpy.array([-1.2, 1.0]), args=(2.0,),
                                       jac=lambda x, a: _rosen_jac_np(x) * a)
    with accelerator_rules():
        got = optimize.least_squares(lambda x, a: _residuals(x) * a, np.asarray([-1.2, 1.0]), args=(2.0,),
                                     callback=lambda intermediate_result: seen.append(intermediate_result.nit))
    numpy.testing.assert_allclose(got.x.to_numpy(), ref.x, rtol=1e-10)
    assert seen == list(range(1, len(seen) + 1)) and len(seen) >= 1


@pytest.mark.parametrize("rules", ["host", "accelerator"])
def test_least_squares_bad_input_raises_scipys_errors(rules):
    import contextlib

    ctx = accelerator_rules if rules == "accelerator" else contextlib.nullcontext
    x0 = numpy.array([-1.2, 1.0])
    bad = [dict(method="nope"), dict(jac="4-point"), dict(tr_solver="qr"), dict(loss="l2"),
           dict(method="lm", loss="huber"), dict(max_nfev=0), dict(method="lm", bounds=(0, 2)),
           dict(bounds=(0, 1, 2)), dict(bounds=([0, 0, 0], 2)), dict(bounds=(1, 1)), dict(bounds=(0, 0.5)),
           dict(x_scale=-1.0), dict(x_scale=[1.0, 2.0, 3.0])]
    for kw in bad:
        with pytest.raises(ValueError):
            scipy.optimize.least_squares(_rosen_res_np, x0, **kw)
        with ctx(), pytest.raises(ValueError):
            optimize.least_squares(_residuals, np.asarray(x0), **kw)
    with pytest.raises(ValueError):
        scipy.optimize.least_squares(_rosen_res_np, numpy.ones((2, 1)))
    with ctx(), pytest.raises(ValueError):
        optimize.least_squares(_residuals, np.ones((2, 1)))
    with pytest.raises(ValueError):
        scipy.optimize.least_squares(lambda x: numpy.array([numpy.nan, 1.0]), x0)
    with ctx(), pytest.raises(ValueError):
        optimize.least_squares(lambda x: np.asarray([np.nan, 1.0]) * x, np.asarray(x0))


@pytest.mark.parametrize("kw", [{"bounds": (0, [3.0, 1.0, 0.5])}, {"bounds": (0, 10)}, {"method": "trf"},
                                {"bounds": (0, [3.0, 1.0, 0.5]), "p0": [1, 0.5, 0.2]},
                                {"bounds": (0, 10), "sigma": "1-d", "absolute_sigma": True},
                                {"bounds": (0, 10), "loss": "soft_l1"}, {"bounds": ([0, 0, -numpy.inf], numpy.inf)}])
def test_curve_fit_bounds_device_agrees_with_scipy(kw):
    x, y, s = _data(3)
    kw = dict(kw)
    if kw.get("sigma") == "1-d":
        kw["sigma"] = s
    ref_p, ref_c = scipy.optimize.curve_fit(lambda x, a, b, c: a * numpy.exp(-b * x) + c, x, y, **kw)
    kw = {k: np.asarray(v) if isinstance(v, numpy.ndarray) else v for k, v in kw.items()}
    with accelerator_rules():
        p, c = optimize.curve_fit(_decay, np.asarray(x), np.asarray(y), **kw)
    assert p.dtype == ref_p.dtype and c.shape == ref_c.shape
    numpy.testing.assert_allclose(p.to_numpy(), ref_p, rtol=1e-8, atol=1e-9)
    # SciPy's Jacobian is a 2-point difference (~1e-8 off), the device's exact: pcov within 1e-6
    numpy.testing.assert_allclose(c.to_numpy(), ref_c, rtol=1e-6, atol=1e-6 * numpy.abs(ref_c).max())


def test_curve_fit_bounds_errors():
    x, y, _ = _data(4)
    f_np = lambda x, a, b, c: a * numpy.exp(-b * x) + c  # noqa: E731
    for kw in [dict(bounds=(0, 10), method="lm"), dict(bounds=(0, 10), args=(1,))]:
        with pytest.raises(ValueError):
            scipy.optimize.curve_fit(f_np, x, y, **kw)
        with accelerator_rules(), pytest.raises(ValueError):
            optimize.curve_fit(_decay, np.asarray(x), np.asarray(y), **kw)
    kw = dict(bounds=(0, 10), max_nfev=2)  # SciPy's RuntimeError: not converged
    with pytest.raises(RuntimeError, match="Optimal parameters not found"):
        scipy.optimize.curve_fit(f_np, x, y, **kw)
    with accelerator_rules(), pytest.raises(RuntimeError, match="Optimal parameters not found"):
        optimize.curve_fit(_decay, np.asarray(x), np.asarray(y), **kw)


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


def _decay_jac_in(xp, scale=1.0):
    """The exact Jacobian of ``_decay`` (``scale`` times it: a Jacobian only its user would give)."""
    def jac(x, a, b, c):
        e = xp.exp(-b * x)
        return scale * xp.stack([e, -a * x * e, xp.ones_like(x)], axis=1)
    return jac


@pytest.mark.parametrize("kw", [{}, {"sigma": "1-d"}, {"sigma": "2-d", "absolute_sigma": True}, {"sigma": "scalar"},
                                {"bounds": (0, 10)}, {"bounds": (0, [3.0, 2.0, 1.5]), "sigma": "1-d"},
                                {"bounds": (0, 10), "sigma": "2-d"}, {"method": "trf", "absolute_sigma": True},
                                {"bounds": (0, 10), "scale": 2.0}, {"method": "trf", "sigma": "1-d", "scale": 0.5}])
def test_curve_fit_device_uses_the_callable_jac(kw):  # SciPy's jac(xdata, *params) -> (m, n), weighted by sigma
    x, y, s = _data(5)
    kw = dict(kw)
    scale = kw.pop("scale", 1.0)
    kw["sigma"] = {None: None, "1-d": s, "2-d": numpy.diag(s ** 2) + 1e-4 * numpy.exp(-numpy.subtract.outer(x, x) ** 2),
                   "scalar": numpy.array([0.05])}[kw.get("sigma")]  # a scalar: SciPy's own error with jac
    # trf given SciPy's Jacobian takes SciPy's steps: at its default tolerances it stops where SciPy's does (at
    # 1e-14 both stop on rounding noise, after other numbers of steps); Levenberg-Marquardt's steps are not
    # MINPACK's: tight tolerances, so that both reach the problem's solution
    lm = "bounds" not in kw and "method" not in kw
    tight = dict(ftol=1e-14, xtol=1e-14, gtol=1e-14)
    ref_p, ref_c = scipy.optimize.curve_fit(lambda x, a, b, c: a * numpy.exp(-b * x) + c, x, y, p0=[1.0, 1.0, 1.0],
                                            jac=_decay_jac_in(numpy, scale), **kw, **(tight if lm else {}))
    calls = []

    def jac(*a):
        calls.append(1)
        return _decay_jac_in(np, scale)(*a)
    kw = {k: np.asarray(v) if isinstance(v, numpy.ndarray) else v for k, v in kw.items()}
    with accelerator_rules():
        p, c = optimize.curve_fit(_decay, np.asarray(x), np.asarray(y), p0=[1.0, 1.0, 1.0], jac=jac, **kw,
                                  **(tight if lm else {}))
    assert calls and isinstance(p, np.ndarray) and p.dtype == ref_p.dtype and c.shape == ref_c.shape
    if not lm:  # SciPy's iterates (autograd's Jacobian instead of this one leaves popt ~1e-9 off, pcov ~1e-7)
        numpy.testing.assert_allclose(p.to_numpy(), ref_p, rtol=1e-12)
        numpy.testing.assert_allclose(c.to_numpy(), ref_c, rtol=1e-10)  # the SVDs of one Jacobian (LAPACK's, torch's)
    else:  # Levenberg-Marquardt: MINPACK's steps and ours stop ~1e-9 apart at these tolerances
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


@pytest.mark.host_rules  # NumPy's loops on host data (§7): the accelerator rules run torch's exp
def test_curve_fit_docstring_example_with_x_scale_is_scipys():
    """Issue 23: SciPy's curve_fit docstring example (``x_scale=[1000, 1, 1]``), the model written with
    torchnp and called by SciPy with NumPy's arrays (``np.exp(-b * x)`` on 50 float64 host values):
    SciPy's popt bit for bit (torch's exp gave popt[2] = 14.999999956 for SciPy's 14.999999805)."""
    xdata = numpy.linspace(0, 4, 50)
    ydata = 500000 * numpy.exp(-0.01 * xdata) + 15
    ref, ref_cov = scipy.optimize.curve_fit(lambda x, a, b, c: a * numpy.exp(-b * x) + c, xdata, ydata,
                                            method="trf", x_scale=[1000, 1, 1])
    got, cov = scipy.optimize.curve_fit(lambda x, a, b, c: a * np.exp(-b * x) + c, xdata, ydata,
                                        method="trf", x_scale=[1000, 1, 1])
    numpy.testing.assert_array_equal(got, ref, strict=True)
    numpy.testing.assert_array_equal(cov, ref_cov, strict=True)
    p, _ = optimize.curve_fit(lambda x, a, b, c: a * np.exp(-b * x) + c, np.asarray(xdata), np.asarray(ydata),
                              method="trf", x_scale=[1000, 1, 1])  # torchnp.scipy on host data: SciPy's own
    numpy.testing.assert_array_equal(p.to_numpy(), ref, strict=True)


# -- systems of equations --------------------------------------------------------------------
def _system_in(xp):
    return lambda x: xp.stack([x[0] + 0.5 * (x[0] - x[1]) ** 3 - 1.0, 0.5 * (x[1] - x[0]) ** 3 + x[1]])


@pytest.mark.parametrize("method", ["hybr", "lm"])
def test_root_host_is_scipys_and_device_agrees(method):
    # from x0 = 0 SciPy's 'lm' stops at a point that is no root (its differences' step at 0): start elsewhere
    x0 = [0.3, 0.1]
    ref = scipy.optimize.root(_system_in(numpy), numpy.array(x0), method=method)
    host = optimize.root(_system_in(np), np.asarray(x0, device="cpu"), method=method)
    numpy.testing.assert_array_equal(host.x.to_numpy(), ref.x)
    with accelerator_rules():
        got = optimize.root(_system_in(np), np.asarray(x0, device=DEVICE), method=method)
    assert got.success == ref.success
    numpy.testing.assert_allclose(got.x.to_numpy(), ref.x, rtol=1e-8)  # both at xtol=1.49e-8
    numpy.testing.assert_allclose(got.fun.to_numpy(), 0, atol=1e-10)


@settings(max_examples=examples(15))
@given(seed=st.integers(0, 2**32 - 1), n=st.integers(1, 5))
def test_fsolve_device_linear_systems(seed, n):  # one root: A x = b
    rng = numpy.random.default_rng(seed)
    A, b = rng.standard_normal((n, n)) + n * numpy.eye(n), rng.standard_normal(n)
    ref = scipy.optimize.fsolve(lambda x: A @ x - b, numpy.zeros(n))
    At, bt = np.asarray(A, device=DEVICE), np.asarray(b, device=DEVICE)  # (np.asarray(A) alone: host data)
    with accelerator_rules():
        got = optimize.fsolve(lambda x: At @ x - bt, np.zeros(n, device=DEVICE))
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


# -- minimize_batch: torchnp's extension ----------------------------------------------------
def _rosen_rows(X):
    return np.sum(100.0 * (X[:, 1:] - X[:, :-1] ** 2) ** 2 + (1 - X[:, :-1]) ** 2, axis=1)


@pytest.mark.parametrize("method", ["BFGS", "L-BFGS-B"])
@pytest.mark.parametrize("jac", ["autograd", "callable"])
def test_minimize_batch_agrees_with_scipy_per_row(method, jac):
    rng = numpy.random.default_rng(7)
    X0 = rng.uniform(0.0, 2.0, (12, 3))  # starts from which SciPy and the batch reach the same minimum
    grad = None
    if jac == "callable":
        def grad(X):
            return np.stack([rosen_grad(X[i]) for i in range(X.shape[0])])
    got = optimize.minimize_batch(_rosen_rows, np.asarray(X0, device=DEVICE), method=method, jac=grad)
    assert got.x.shape == X0.shape and got.fun.shape == (12,) and got.jac.shape == X0.shape
    assert got.nit.shape == got.status.shape == got.success.shape == (12,) and len(got.message) == 12
    for i, x0 in enumerate(X0):
        ref = scipy.optimize.minimize(np_rosen, x0, method=method, jac=np_rosen_grad)
        assert bool(got.success[i]) == ref.success and int(got.status[i]) == ref.status, i
        assert got.message[i] in (ref.message, "Optimization terminated successfully.") or ref.message.startswith(
            "CONVERGENCE") and got.message[i] == "Optimization terminated successfully."
        numpy.testing.assert_allclose(got.x.to_numpy()[i], ref.x, atol=1e-4)  # both at gtol=1e-5
        assert abs(float(got.fun[i]) - ref.fun) <= 1e-8


@settings(max_examples=examples(15), deadline=None)
@given(seed=st.integers(0, 2**32 - 1), n=st.integers(1, 5), B=st.integers(1, 6),
       method=st.sampled_from(["bfgs", "l-bfgs-b"]), bounded=st.booleans())
def test_minimize_batch_quadratics(seed, n, B, method, bounded):  # one minimum per row: SciPy's as the oracle
    rng = numpy.random.default_rng(seed)
    m = rng.standard_normal((B, n, n))
    A = m @ m.transpose(0, 2, 1) + n * numpy.eye(n)
    b, X0 = rng.standard_normal((B, n)), rng.standard_normal((B, n))
    bounds = [(-0.3, 0.4)] * n if bounded and method == "l-bfgs-b" else None
    At, bt = np.asarray(A, device=DEVICE), np.asarray(b, device=DEVICE)  # (np.asarray(A) alone: host data)

    def fun(X):
        return 0.5 * np.einsum("bi,bij,bj->b", X, At, X) - np.sum(bt * X, axis=1)

    opts = {"gtol": 1e-9, "ftol": 1e-15}
    got = optimize.minimize_batch(fun, np.asarray(X0, device=DEVICE), method=method, bounds=bounds,
                                  options=opts if method == "l-bfgs-b" else {"gtol": 1e-9})
    for i in range(B):
        ref = scipy.optimize.minimize(lambda x: 0.5 * x @ A[i] @ x - b[i] @ x, X0[i], method=method, bounds=bounds,
                                      jac=lambda x: A[i] @ x - b[i],
                                      options=opts if method == "l-bfgs-b" else {"gtol": 1e-9})
        assert bool(got.success[i]) or not ref.success
        numpy.testing.assert_allclose(got.x.to_numpy()[i], ref.x, atol=1e-6)


def test_minimize_batch_host_reads_do_not_grow_with_the_batch():  # docs/devices.md: flags, not rows
    from host_reads import HostReads

    counts = []
    for B in (2, 32):
        X0 = np.asarray(numpy.random.default_rng(3).uniform(0.5, 1.5, (B, 3)), device=DEVICE)
        with accelerator_rules(), HostReads() as reads:  # the code a GPU runs (no NumPy kernels on the CPU)
            got = optimize.minimize_batch(_rosen_rows, X0)
        # one flag per line-search trial (each a batched call) and per iteration, the messages at the end
        assert len(reads.reads) <= got.nfev + int(got.nit.max()) + 2, reads.reads
        counts.append(len(reads.reads))
    assert got.success.all() and counts[1] < 32 * 10  # far fewer than one per row and iteration


def test_minimize_batch_bad_input():
    X0 = np.zeros((3, 2))
    with pytest.raises(ValueError, match="Unknown solver"):
        optimize.minimize_batch(_rosen_rows, X0, method="nope")
    with pytest.raises(ValueError):
        optimize.minimize_batch(_rosen_rows, np.zeros(4))  # not (B, n)
    with pytest.raises(ValueError, match=r"^'x0_batch' must have two dimensions \(B, n\), not 3\.$"):
        optimize.minimize_batch(_rosen_rows, np.zeros((2, 3, 2)))
    with pytest.raises(ValueError):
        optimize.minimize_batch(lambda X: np.sum(X), X0)  # not (B,) values
    with pytest.raises(ValueError):
        optimize.minimize_batch(_rosen_rows, X0, method="L-BFGS-B", bounds=[(1.0, 0.0)] * 2)
    with pytest.raises(ValueError):
        optimize.minimize_batch(_rosen_rows, X0, method="L-BFGS-B", bounds=[(0.0, 1.0)] * 3)


@pytest.mark.parametrize("method, options", [("BFGS", {}), ("CG", {}), ("BFGS", {"eps": 1e-6}), ("CG", {"eps": 1e-6}),
                                             ("BFGS", {"jac": "2-point"}), ("CG", {"jac": "2-point"})])
def test_device_differences_take_scipys_absolute_step(method, options):
    """§8.4: with ``jac=None`` and an objective torch cannot differentiate, the device's differences
    are SciPy's: its minimizers' absolute step ``eps`` (BFGS/CG sqrt(eps), or the option), not the
    relative step of ``jac='2-point'``; at an x0 with negative and large entries, where the two
    differ, the gradient at x0 (``maxiter=0``) is SciPy's bit for bit (found by mutation testing)."""
    x0 = [-1.3, 2.7, -0.8, 1.9, 3.2]
    fun = lambda x: float(np_rosen(x.to_numpy()))  # noqa: E731 - a host value: differences on both sides
    options = dict(options)
    jac = options.pop("jac", None)  # '2-point': SciPy's relative step, signed as x
    ref = scipy.optimize.minimize(np_rosen, numpy.array(x0), method=method, jac=jac, options=dict(options, maxiter=0))
    got = _device_minimize(fun, np.asarray(x0), method=method, jac=jac, options=dict(options, maxiter=0))
    numpy.testing.assert_array_equal(got.jac.to_numpy(), ref.jac)
    assert got.nfev == ref.nfev


@pytest.mark.parametrize("bounds", [None, [(-2.0, -1.3), (0.0, 2.7), (-0.8 + 1e-9, 1.0), (None, 1.9), (3.2, None)]])
@pytest.mark.parametrize("options, step", [({}, 1e-8), ({"eps": 1e-6}, 1e-6)])
def test_device_lbfgsb_differences_take_its_absolute_step(monkeypatch, options, step, bounds):
    """L-BFGS-B differences with its own absolute ``eps`` (default 1e-8, SciPy's), turned back at its
    bounds as SciPy's (``_adjust_scheme_to_bounds``: x0 on an upper bound, or closer to one than the
    step), seen in the first gradient: SciPy's ``approx_derivative`` with that step, bit for bit."""
    from scipy.optimize._numdiff import approx_derivative
    from torchnp.scipy.optimize import _result

    grads = []
    differences = _result.Objective._differences
    monkeypatch.setattr(_result.Objective, "_differences",
                        lambda self, x, f: grads.append(differences(self, x, f)[1].numpy()) or (f, torch.from_numpy(grads[-1])))
    x0 = numpy.array([-1.3, 2.7, -0.8, 1.9, 3.2])
    _device_minimize(lambda x: float(np_rosen(x.to_numpy())), np.asarray(x0, device="cpu"), method="L-BFGS-B",
                     bounds=bounds, options=dict(options, maxiter=1))
    lb, ub = -numpy.inf, numpy.inf
    if bounds is not None:  # (SciPy's L-BFGS-B clips x0 into them first)
        lb = numpy.array([-numpy.inf if p[0] is None else p[0] for p in bounds])
        ub = numpy.array([numpy.inf if p[1] is None else p[1] for p in bounds])
        x0 = numpy.clip(x0, lb, ub)
    numpy.testing.assert_array_equal(grads[0], approx_derivative(np_rosen, x0, "2-point", abs_step=step, bounds=(lb, ub)))


@pytest.mark.parametrize("maxiter", [0, 1, 2])
def test_device_lbfgsb_iteration_limit_is_scipys(maxiter):
    """L-BFGS-B tests its iteration limit after an iteration, so ``maxiter=0`` runs one, as SciPy's
    (found by h-mut's mutation sample, issue 24); SciPy's count, status and message."""
    x0 = [-1.3, 2.7, -0.8, 1.9, 3.2]
    ref = scipy.optimize.minimize(np_rosen, numpy.array(x0), method="L-BFGS-B", jac=np_rosen_grad,
                                  options={"maxiter": maxiter})
    got = _device_minimize(rosen, np.asarray(x0), method="L-BFGS-B", jac=rosen_grad, options={"maxiter": maxiter})
    assert (got.nit, got.status, got.message) == (ref.nit, ref.status, ref.message)
