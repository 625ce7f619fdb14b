"""torchnp.scipy.integrate's stiff integrators against SciPy (DESIGN §8.4; issue 26): under the
accelerator rules ``solve_ivp(method='BDF')`` is SciPy's BDF (NDF, orders 1 to 5) on tensors, with
the Jacobian by autograd where SciPy takes finite differences; ``odeint`` switches between a
nonstiff and the BDF integrator as LSODA does. On host data both are SciPy's own
(tests/test_scipy_ivp.py)."""

import numpy
import pytest
import scipy.integrate
from hypothesis import given, settings, strategies as st

import torchnp as np
from torchnp.scipy import integrate
from host_reads import HostReads
from scipy_support import accelerator_rules
from support import DEVICE, examples


def robertson_in(xp):
    def rhs(t, y):
        return xp.stack([-0.04 * y[0] + 1e4 * y[1] * y[2], 0.04 * y[0] - 1e4 * y[1] * y[2] - 3e7 * y[1] ** 2,
                         3e7 * y[1] ** 2])
    return rhs


def robertson_jac_in(xp):
    def jac(t, y):  # on y's device: a list is created on the default device (§3.3), not host data's
        return xp.asarray([[-0.04, 1e4 * y[2], 1e4 * y[1]], [0.04, -1e4 * y[2] - 6e7 * y[1], -1e4 * y[1]],
                           [0.0, 6e7 * y[1], 0.0]], device=y.device)
    return jac


def vdp_in(xp, mu=1000.0):
    return lambda t, y: xp.stack([y[1], mu * (1 - y[0] ** 2) * y[1] - y[0]])


def vdp_jac_in(xp, mu=1000.0):
    return lambda t, y: xp.asarray([[0.0, 1.0], [-2 * mu * y[0] * y[1] - 1, mu * (1 - y[0] ** 2)]], device=y.device)


# a stiff linear system y' = A y: eigenvalues -1, -1e3, -1e5 (A = V diag V^-1, V well conditioned)
V = numpy.array([[1.0, 0.5, 0.0], [0.0, 1.0, 0.5], [0.5, 0.0, 1.0]])
A = V @ numpy.diag([-1.0, -1e3, -1e5]) @ numpy.linalg.inv(V)


def _on(x):
    """``x`` (NumPy data) on the test device: the device integrators' operands live with ``y0`` (§3.3)."""
    return np.asarray(x, device=DEVICE)


def _arr(xp, x):
    """``xp.asarray(x)``: NumPy's, or torchnp's on the test device."""
    return xp.asarray(x) if xp is numpy else _on(x)


def linear_in(xp):
    a = _arr(xp, A)
    return lambda t, y: a @ y


def _device(*args, **kwargs):
    with accelerator_rules():
        return integrate.solve_ivp(*args, **kwargs)


def _within(got, ref, rtol, atol, k):
    """``got`` within ``k`` times the local tolerance ``atol + rtol |ref|`` of ``ref``, elementwise."""
    err = numpy.abs(got - ref) / (atol + rtol * numpy.abs(ref))
    assert err.max() <= k, err.max()


PROBLEMS = {"robertson": (robertson_in, robertson_jac_in, [1.0, 0.0, 0.0], (0.0, 1e5)),
            "vdp": (vdp_in, vdp_jac_in, [2.0, 0.0], (0.0, 2000.0)),
            "linear": (linear_in, lambda xp: (lambda t, y: _arr(xp, A)), [1.0, 2.0, -1.0], (0.0, 10.0))}


@pytest.mark.parametrize("problem, rtol", [("robertson", 1e-3), ("robertson", 1e-6), ("linear", 1e-3),
                                           ("linear", 1e-6), ("vdp", 1e-3)])
def test_bdf_with_scipys_jacobian_takes_scipys_steps(problem, rtol):
    rhs, jac, y0, span = PROBLEMS[problem]
    kw = dict(method="BDF", rtol=rtol, atol=rtol * 1e-3, dense_output=True)
    ref = scipy.integrate.solve_ivp(rhs(numpy), span, numpy.array(y0), jac=jac(numpy), **kw)
    got = _device(rhs(np), span, np.asarray(y0), jac=jac(np), **kw)
    assert (got.status, got.message, got.nfev, got.njev, got.nlu) == (ref.status, ref.message, ref.nfev, ref.njev,
                                                                       ref.nlu)
    assert got.y.shape == ref.y.shape and got.y.dtype == ref.y.dtype
    # the same steps (nfev, njev, nlu: every Newton iteration, Jacobian and factorization SciPy's),
    # with step times drifting by rounding: the error estimate is a difference of nearly equal
    # values (noise where the solution has settled), its -1/(order+1)th power the next step; so
    # step times agree to ~1e-9 (Robertson) to ~1e-5 (van der Pol, 500 steps at rtol=1e-3)
    numpy.testing.assert_allclose(got.t.to_numpy(), ref.t, rtol={"vdp": 1e-4, "linear": 1e-5}.get(problem, 1e-8))
    if problem == "vdp":  # its jumps: a time shift of 1e-5 is a large change of y; the end state
        _within(got.y.to_numpy()[:, -1], ref.y[:, -1], rtol, rtol * 1e-3, 10)
    else:  # the values: SciPy's interpolant at the same times, within 1e-3 of the local tolerance
        _within(got.y.to_numpy(), ref.sol(got.t.to_numpy()), rtol, rtol * 1e-3, 1e-3)
    mid = (ref.t[1:] + ref.t[:-1]) / 2
    _within(got.sol(mid).to_numpy(), ref.sol(mid), rtol, rtol * 1e-3, 1e-3 if problem == "robertson" else 1e3)


@pytest.mark.parametrize("problem", sorted(PROBLEMS))
def test_bdf_autograd_jacobian_against_scipys_finite_differences(problem):
    # jac=None: torchnp's Jacobian is exact (autograd), SciPy's a finite-difference one; the step
    # sequences may part (the Newton iteration converges differently), both solutions meet the
    # tolerances: within a few local tolerances of each other at t_eval (rtol=1e-6)
    rhs, _, y0, span = PROBLEMS[problem]
    te = numpy.linspace(*span, 41)
    ref = scipy.integrate.solve_ivp(rhs(numpy), span, numpy.array(y0), method="BDF", t_eval=te, rtol=1e-6,
                                    atol=1e-9)
    got = _device(rhs(np), span, np.asarray(y0), method="BDF", t_eval=_on(te), rtol=1e-6, atol=1e-9)
    assert got.success and got.status == ref.status == 0 and got.t.shape == ref.t.shape
    assert got.njev <= ref.njev + 2 and got.nfev <= 1.1 * ref.nfev  # stiff: few Jacobians, as SciPy
    numpy.testing.assert_array_equal(got.t.to_numpy(), ref.t)
    # van der Pol's relaxation: a phase error of the sharp jumps is amplified along the limit cycle
    # (both solutions' global errors: ~2e-5 relative there)
    _within(got.y.to_numpy(), ref.y, 1e-6, 1e-9, 200 if problem == "vdp" else 20)


@settings(max_examples=examples(10), deadline=None)
@given(lam=st.lists(st.floats(-1e6, -0.1), min_size=1, max_size=4), rtol=st.sampled_from([1e-3, 1e-6]),
       t1=st.floats(0.5, 5), backwards=st.booleans())
def test_bdf_stiff_decay_against_scipy(lam, rtol, t1, backwards):
    lam = numpy.array(lam) * (-1 if backwards else 1)  # stable in the direction of integration
    span = (t1, 0.0) if backwards else (0.0, t1)
    y0 = numpy.arange(1.0, len(lam) + 1)
    ref = scipy.integrate.solve_ivp(lambda t, y: lam * y, span, y0, method="BDF", jac=numpy.diag(lam), rtol=rtol,
                                    atol=rtol * 1e-3)
    got = _device(lambda t, y: np.asarray(lam) * y, span, np.asarray(y0), method="BDF", jac=np.diag(np.asarray(lam)),
                  rtol=rtol, atol=rtol * 1e-3)
    assert (got.status, got.nfev, got.njev, got.nlu) == (ref.status, ref.nfev, ref.njev, ref.nlu)
    # as above, the steps drift by rounding, most once the state has decayed below atol (the error
    # estimate there is noise): the time elapsed at each step within 1e-3 (backwards, t itself nears 0
    # while the drift is of the elapsed time: seed 1518584031, t = 0.40219 for SciPy's 0.40178 of 5)
    numpy.testing.assert_allclose(numpy.abs(got.t.to_numpy() - span[0]), numpy.abs(ref.t - span[0]), rtol=1e-3)
    _within(got.y.to_numpy()[:, -1], ref.y[:, -1], rtol, rtol * 1e-3, 1e-2)


@pytest.mark.parametrize("span", [(0.0, 1e3), (1e3, 0.0)])
def test_bdf_t_eval_dense_output_and_events(span):
    rhs, jac = (robertson_in, robertson_jac_in) if span[0] == 0 else (lambda xp: (lambda t, y: -rhs_fwd(xp)(t, y)),
                                                                       None)
    rhs_fwd = robertson_in
    y0 = [1.0, 0.0, 0.0] if span[0] == 0 else [0.5, 1e-5, 0.5]

    def half_in(xp):
        def half(t, y):
            return y[0] - 0.75
        half.terminal = False
        return half

    kw = dict(method="BDF", rtol=1e-6, atol=1e-10, dense_output=True)
    te = numpy.linspace(*span, 50)
    ref = scipy.integrate.solve_ivp(rhs(numpy), span, numpy.array(y0), t_eval=te, events=half_in(numpy),
                                    jac=jac and jac(numpy), **kw)
    got = _device(rhs(np), span, np.asarray(y0), t_eval=np.asarray(te), events=half_in(np), jac=jac and jac(np), **kw)
    assert (got.nfev, got.status, got.message) == (ref.nfev, ref.status, ref.message)
    _within(got.y.to_numpy(), ref.y, 1e-6, 1e-10, 1e-2)
    mid = (te[1:] + te[:-1]) / 2
    _within(got.sol(mid).to_numpy(), ref.sol(mid), 1e-6, 1e-10, 1e-2)  # SciPy's interpolant, step for step
    assert [e.shape for e in got.t_events] == [e.shape for e in ref.t_events]
    for g, r in zip(got.t_events, ref.t_events):
        numpy.testing.assert_allclose(g.to_numpy(), r, rtol=1e-7)


def test_bdf_complex_and_vectorized_states():
    # a complex state: the Jacobian by forward differences (SciPy's num_jac step), as SciPy's
    lam = numpy.array([-1e4 + 100j, -1 + 3j])
    ref = scipy.integrate.solve_ivp(lambda t, y: lam * y, (0, 5), numpy.array([1 + 0j, 1j]), method="BDF",
                                    rtol=1e-8, atol=1e-12)
    got = _device(lambda t, y: _on(lam) * y, (0, 5), np.asarray([1 + 0j, 1j]), method="BDF", rtol=1e-8,
                  atol=1e-12)
    assert got.y.dtype == ref.y.dtype == numpy.complex128 and got.success
    numpy.testing.assert_allclose(got.y.to_numpy()[:, -1], ref.y[:, -1], rtol=1e-5, atol=1e-10)
    ref = scipy.integrate.solve_ivp(lambda t, y: A @ y, (0, 5), numpy.ones(3), method="BDF", vectorized=True)
    got = _device(lambda t, y: _on(A) @ y, (0, 5), np.ones(3), method="BDF", vectorized=True)
    _within(got.y.to_numpy()[:, -1], ref.y[:, -1], 1e-3, 1e-6, 5)


def test_bdf_float32_state_and_constant_jacobian():
    ref = scipy.integrate.solve_ivp(lambda t, y: A @ y, (0, 2), numpy.ones(3, dtype="float32"), method="BDF", jac=A)
    got = _device(linear_in(np), (0, 2), np.ones(3, dtype="float32"), method="BDF", jac=_on(A))
    assert got.y.dtype == ref.y.dtype == numpy.float64  # SciPy integrates in double precision
    assert (got.nfev, got.njev, got.nlu) == (ref.nfev, ref.njev, ref.nlu) == (got.nfev, 0, got.nlu)
    _within(got.y.to_numpy(), ref.y, 1e-3, 1e-6, 1e-3)


@pytest.mark.parametrize("jac", [numpy.eye(2), lambda t, y: numpy.eye(2)])
def test_bdf_bad_jacobian_shape_raises_scipys_error(jac):
    with pytest.raises(ValueError, match="`jac` is expected to have shape") as ref:
        scipy.integrate.solve_ivp(lambda t, y: -y, (0, 1), numpy.ones(3), method="BDF", jac=jac)
    dev = jac if not callable(jac) else (lambda t, y: np.eye(2))
    with accelerator_rules(), pytest.raises(ValueError) as got:
        integrate.solve_ivp(lambda t, y: -y, (0, 1), np.ones(3), method="BDF", jac=np.asarray(dev) if not callable(dev)
                            else dev)
    assert str(got.value) == str(ref.value)


def test_bdf_host_reads_per_step():  # docs/devices.md: one per Newton iteration, one per step attempt
    with accelerator_rules(), HostReads() as hr:
        got = integrate.solve_ivp(robertson_in(np), (0.0, 10.0), np.asarray([1.0, 0.0, 0.0]), method="BDF",
                                  rtol=1e-6, atol=1e-10)
    steps = got.t.shape[0] - 1
    newton = got.nfev - 2  # the first derivative and the initial step's trial are not Newton iterations
    reads = len(hr.reads) - 2  # the initial step's two norms
    assert newton + steps <= reads <= newton + steps + 10 + steps // 5  # + rejected attempts


# -- odeint: stiffness switching in LSODA's spirit (docs/scipy.md) --
TOL = 1.49012e-8  # odeint's default rtol and atol


def lotka_in(xp):
    return lambda t, z: xp.stack([1.5 * z[0] - z[0] * z[1], -3 * z[1] + z[0] * z[1]])


# problem, output times, stiff?, the bounds on torchnp's and SciPy's errors in units of odeint's
# local tolerance (measured against a rtol=1e-13 solution: torchnp's 5, 270, 3, 67; SciPy's
# odeint's own 4, 340, 2, 3200 - global errors of 1.5e-8 per step)
ODEINT = {"robertson": (robertson_in, [1.0, 0.0, 0.0], numpy.concatenate([[0], numpy.logspace(-5, 5, 21)]), True, (20, 20)),
          "vdp": (vdp_in, [2.0, 0.0], numpy.linspace(0, 2000, 21), True, (1000, 1000)),
          "linear": (linear_in, [1.0, 2.0, -1.0], numpy.linspace(0, 10, 11), True, (20, 20)),
          "lotka": (lotka_in, [10.0, 5.0], numpy.linspace(0, 15, 31), False, (200, 5000))}


@pytest.mark.parametrize("problem", sorted(ODEINT))
def test_odeint_switches_to_bdf_when_stiff(problem):
    rhs, y0, t, stiff, k = ODEINT[problem]
    exact = scipy.integrate.odeint(rhs(numpy), numpy.array(y0), t, tfirst=True, rtol=1e-13, atol=1e-16,
                                   mxstep=10 ** 6)
    ref, ri = scipy.integrate.odeint(rhs(numpy), numpy.array(y0), t, tfirst=True, full_output=True, mxstep=10000)
    with accelerator_rules():
        got, gi = integrate.odeint(rhs(np), np.asarray(y0), _on(t), tfirst=True, full_output=True,
                                   mxstep=10000)
    assert got.shape == ref.shape and got.dtype == ref.dtype
    _within(got.to_numpy(), exact, TOL, TOL, k[0])
    _within(ref, exact, TOL, TOL, k[1])
    assert set(gi) <= set(ri) and gi["message"] == ri["message"] == "Integration successful."
    for key in ("hu", "tcur", "tsw", "nst", "nfe", "nje", "nqu", "mused"):
        assert gi[key].shape == ri[key].shape and gi[key].dtype == ri[key].dtype, key
    numpy.testing.assert_array_equal(gi["tcur"].to_numpy() >= t[1:], True)
    mused = gi["mused"].to_numpy()
    if stiff:  # the stiff method, switched to early, and no more steps than LSODA's
        assert mused[-1] == ri["mused"][-1] == 2 and gi["nje"].to_numpy()[-1] > 0
        assert gi["nst"].to_numpy()[-1] <= 1.2 * ri["nst"][-1]
    else:
        assert (mused == 1).all() and (ri["mused"] == 1).all() and gi["nje"].to_numpy()[-1] == 0


def test_odeint_dfun_col_deriv_args_and_hmax():
    t = numpy.linspace(0, 1e3, 11)
    exact = scipy.integrate.odeint(robertson_in(numpy), numpy.array([1.0, 0, 0]), t, tfirst=True, rtol=1e-13,
                                   atol=1e-16, mxstep=10 ** 6)

    def f(y, t, scale):  # odeint's order (y, t), with args
        return scale * robertson_in(np)(t, y)

    def dfun(y, t, scale):  # columns: d f / d y_j in column j's place (col_deriv)
        return scale * robertson_jac_in(np)(t, y).T

    with accelerator_rules():
        got, info = integrate.odeint(f, np.asarray([1.0, 0, 0]), _on(t), args=(1.0,), Dfun=dfun, col_deriv=1,
                                     full_output=1)
        capped = integrate.odeint(f, np.asarray([1.0, 0, 0]), _on(t), args=(1.0,), hmax=50.0)
    _within(got.to_numpy(), exact, TOL, TOL, 20)
    _within(capped.to_numpy(), exact, TOL, TOL, 20)
    assert info["nje"].to_numpy()[-1] > 0 and (info["hu"].to_numpy() <= 1e3).all()


def test_odeint_excess_work_warns_as_scipy():
    t = numpy.array([0.0, 1e5])
    with pytest.warns(scipy.integrate.ODEintWarning, match="Excess work done") as ref:
        scipy.integrate.odeint(lotka_in(numpy), numpy.array([10.0, 5.0]), t, tfirst=True, mxstep=20)
    with accelerator_rules(), pytest.warns(scipy.integrate.ODEintWarning) as got:
        y, info = integrate.odeint(lotka_in(np), np.asarray([10.0, 5.0]), _on(t), tfirst=True, mxstep=20,
                                   full_output=True)
    assert [str(w.message) for w in got] == [str(w.message) for w in ref]
    assert info["message"] == "Excess work done on this call (perhaps wrong Dfun type)."
    numpy.testing.assert_array_equal(y.to_numpy()[0], [10.0, 5.0])
    assert numpy.isfinite(y.to_numpy()[1]).all()  # SciPy's row of the failed output: the state reached


def test_host_rules_take_scipys_own_with_torchnp_callables():  # §8.2: SciPy's BDF and LSODA, bit for bit
    kw = dict(method="BDF", rtol=1e-6, atol=1e-10)
    ref = scipy.integrate.solve_ivp(robertson_in(numpy), (0, 100), numpy.array([1.0, 0, 0]),
                                    jac=robertson_jac_in(numpy), **kw)
    got = integrate.solve_ivp(robertson_in(np), (0, 100), np.asarray([1.0, 0, 0], device="cpu"),
                              jac=robertson_jac_in(np), **kw)
    assert got.y.device.type == "cpu" and (got.nfev, got.njev, got.nlu) == (ref.nfev, ref.njev, ref.nlu)
    numpy.testing.assert_array_equal(got.y.to_numpy(), ref.y)
    t = numpy.linspace(0, 100, 5)
    ref, ri = scipy.integrate.odeint(robertson_in(numpy), numpy.array([1.0, 0, 0]), t, tfirst=True,
                                     Dfun=robertson_jac_in(numpy), full_output=True)
    got, gi = integrate.odeint(robertson_in(np), np.asarray([1.0, 0, 0], device="cpu"), np.asarray(t), tfirst=True,
                               Dfun=robertson_jac_in(np), full_output=True)
    numpy.testing.assert_array_equal(got.to_numpy(), ref)
    assert set(gi) == set(ri) and gi["nst"].tolist() == ri["nst"].tolist()


def test_odeint_args_must_be_a_tuple_as_scipy():
    with pytest.raises(Exception, match="Extra arguments must be in a tuple") as ref:
        scipy.integrate.odeint(lambda y, t, a: -a * y, numpy.ones(1), [0.0, 1.0], args=2.0)
    with accelerator_rules(), pytest.raises(type(ref.value), match="Extra arguments must be in a tuple"):
        integrate.odeint(lambda y, t, a: -a * y, np.ones(1), np.asarray([0.0, 1.0]), args=2.0)


def test_odeint_host_reads_per_step():  # docs/devices.md: the integrators' reads, one per nonstiff step
    t = numpy.linspace(0, 3, 4)
    with accelerator_rules(), HostReads() as hr:
        _, info = integrate.odeint(lotka_in(np), np.asarray([10.0, 5.0]), _on(t), tfirst=True,
                                   full_output=True)
    nst = int(info["nst"].to_numpy()[-1])
    # RK45: one read per attempt (error norm) and one per accepted step (stiffness), the initial
    # step's two, the output times' one; rejected attempts add a few
    assert 2 * nst + 3 <= len(hr.reads) <= 2 * nst + 3 + nst // 5
