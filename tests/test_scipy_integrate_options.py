"""torchnp.scipy.integrate's options on the device against SciPy (DESIGN §8.2, §8.4; issue 26):
per-component ``rtol``/``atol`` (``solve_ivp``'s RK and BDF, ``odeint``) with SciPy's errors,
``odeint``'s ``tcrit``, ``hmin``, ``printmessg``, banded ``Dfun`` (``ml``, ``mu``), and a sparse
``jac`` in BDF. Under the accelerator rules the torch path runs on the CPU; on host data SciPy's own
(tests/test_scipy_integrate_stiff.py)."""

import warnings

import numpy
import pytest
import scipy.integrate
import scipy.sparse
from hypothesis import given, settings, strategies as st

import torchnp as np
from torchnp.scipy import integrate
from torchnp.scipy import sparse as tsparse
from scipy_support import accelerator_rules
from support import DEVICE, examples
from test_scipy_integrate_stiff import A, _within, linear_in, robertson_in, robertson_jac_in

TOL = 1.49012e-8  # odeint's default rtol and atol


def decay_in(xp):
    rates = [1.0, 2.0, 30.0]
    return lambda t, y: -xp.asarray(rates, device=y.device) * y  # on y's device: host data or the device's


def _on(x):
    """``x`` (NumPy data) on the test device: the device integrators' operands live with ``y0`` (§3.3)."""
    return np.asarray(x, device=DEVICE)


def _arr(xp, x):
    """``xp.asarray(x)``: NumPy's, or torchnp's on the test device."""
    return xp.asarray(x) if xp is numpy else _on(x)


def _device(fn, *args, **kwargs):
    with accelerator_rules():
        return fn(*args, **kwargs)


def _same_error(ref_call, got_call):
    """Both raise: the same exception type and message (SciPy's)."""
    with pytest.raises(Exception) as ref:
        ref_call()
    with accelerator_rules(), pytest.raises(type(ref.value)) as got:
        got_call()
    assert str(got.value) == str(ref.value)


# -- per-component tolerances: solve_ivp --
@settings(max_examples=examples(12), deadline=None)
@given(method=st.sampled_from(["RK45", "RK23", "DOP853"]), which=st.sampled_from(["rtol", "atol", "both"]),
       scale=st.lists(st.sampled_from([1e-2, 1.0, 1e2]), min_size=3, max_size=3))
def test_solve_ivp_per_component_tolerances_take_scipys_steps(method, which, scale):
    # SciPy's RK arithmetic on tensors: the same steps (nfev) with per-component tolerances (§8.2)
    s = numpy.array(scale)
    kw = {"rtol": 1e-5 * s} if which == "rtol" else {"atol": 1e-8 * s} if which == "atol" else \
        {"rtol": 1e-5 * s, "atol": 1e-8 * s[::-1]}
    ref = scipy.integrate.solve_ivp(decay_in(numpy), (0, 2), numpy.ones(3), method=method, **kw)
    got = _device(integrate.solve_ivp, decay_in(np), (0, 2), np.ones(3), method=method,
                  **{k: list(v) for k, v in kw.items()})
    assert (got.nfev, got.status) == (ref.nfev, ref.status)
    # the error estimate, a difference of nearly equal sums, summed by torch in another order than
    # BLAS: step times agree to ~1e-9 (DOP853 at rtol=1e-7: ~1e-8), values within 1e-2 local tolerances
    # of SciPy's moved to torchnp's step times (to first order, y + dt f(t, y): a 5e-9 shift of t moves
    # y by 2.3e-10 where the local tolerance is 2.4e-9; fresh seed 1925685261, DOP853, scale 1e-2)
    t = got.t.to_numpy()
    numpy.testing.assert_allclose(t, ref.t, rtol=1e-6)
    slope = numpy.stack([decay_in(numpy)(tk, yk) for tk, yk in zip(ref.t, ref.y.T)], axis=1)
    _within(got.y.to_numpy(), ref.y + (t - ref.t) * slope, 1e-5 * s.min(), 1e-8 * s.min(), 1e-2)


@pytest.mark.parametrize("problem", ["robertson", "linear"])
def test_bdf_per_component_atol_takes_scipys_steps(problem):
    rhs, jac, y0, span = {"robertson": (robertson_in, robertson_jac_in, [1.0, 0, 0], (0, 1e3)),
                          "linear": (linear_in, lambda xp: (lambda t, y: _arr(xp, A)), [1.0, 2, -1], (0, 10))}[problem]
    atol = numpy.array([1e-9, 1e-12, 1e-9])
    kw = dict(method="BDF", rtol=1e-6, atol=atol)
    ref = scipy.integrate.solve_ivp(rhs(numpy), span, numpy.array(y0), jac=jac(numpy), **kw)
    got = _device(integrate.solve_ivp, rhs(np), span, np.asarray(y0), jac=jac(np), **{**kw, "atol": _on(atol)})
    assert (got.status, got.nfev, got.njev, got.nlu) == (ref.status, ref.nfev, ref.njev, ref.nlu)
    # the same steps, their times drifting by rounding (the error estimate is noise once a component
    # has decayed below its atol: the linear problem's fast modes), as with a scalar atol
    numpy.testing.assert_allclose(got.t.to_numpy(), ref.t, rtol=1e-8 if problem == "robertson" else 1e-1)
    _within(got.y.to_numpy()[:, -1], ref.y[:, -1], 1e-6, atol, 1e-2)


BAD_TOLERANCES = [("RK45", {"atol": [1e-6, 1e-6]}), ("RK45", {"atol": [[1e-6] * 3]}), ("RK45", {"atol": -1.0}),
                  ("RK45", {"atol": [1e-6, -1e-6, 0.0]}), ("DOP853", {"rtol": [1e-3, 1e-4]}),
                  ("RK23", {"rtol": [[1e-3] * 2] * 2}), ("BDF", {"rtol": [1e-3, 1e-4, 1e-5]}),
                  ("BDF", {"rtol": (1e-3, 1e-4, 1e-5)}), ("BDF", {"rtol": numpy.array([1e-3, 1e-4, 1e-5])}),
                  ("BDF", {"atol": numpy.ones(2)})]


@pytest.mark.parametrize("method, kw", BAD_TOLERANCES)
def test_solve_ivp_bad_tolerances_raise_scipys_errors(method, kw):
    _same_error(lambda: scipy.integrate.solve_ivp(decay_in(numpy), (0, 1), numpy.ones(3), method=method, **kw),
                lambda: integrate.solve_ivp(decay_in(np), (0, 1), np.ones(3), method=method,
                                            **{k: _on(v) if isinstance(v, numpy.ndarray) else v for k, v in kw.items()}))


@pytest.mark.parametrize("method", ["RK45", "BDF"])
def test_solve_ivp_small_rtol_warns_as_scipy(method):
    rtol = [1e-20, 1e-3, 1e-3] if method == "RK45" else 1e-20
    with pytest.warns(UserWarning, match="At least one element of `rtol` is too small") as ref:
        r = scipy.integrate.solve_ivp(decay_in(numpy), (0, 1), numpy.ones(3), method=method, rtol=rtol)
    with accelerator_rules(), pytest.warns(UserWarning) as got:
        g = integrate.solve_ivp(decay_in(np), (0, 1), np.ones(3), method=method, rtol=rtol)
    assert [str(w.message) for w in got] == [str(w.message) for w in ref]
    assert g.nfev == r.nfev


# -- per-component tolerances: odeint --
def _exact(rhs, y0, t, **kw):
    return scipy.integrate.odeint(rhs(numpy), numpy.array(y0, dtype=float), t, tfirst=True, rtol=1e-13, atol=1e-16,
                                  mxstep=10 ** 6, **kw)


@pytest.mark.parametrize("problem", ["robertson", "decay"])
def test_odeint_per_component_tolerances(problem):
    rhs, y0, t = {"robertson": (robertson_in, [1.0, 0, 0], numpy.linspace(0, 1e3, 6)),
                  "decay": (decay_in, [1.0, 2, 3], numpy.linspace(0, 2, 5))}[problem]
    rtol, atol = numpy.array([1e-6, 1e-8, 1e-6]), numpy.array([1e-10, 1e-14, 1e-10])
    exact = _exact(rhs, y0, t)
    ref = scipy.integrate.odeint(rhs(numpy), numpy.array(y0), t, tfirst=True, rtol=rtol, atol=atol, mxstep=10000)
    got = _device(integrate.odeint, rhs(np), np.asarray(y0), _on(t), tfirst=True, rtol=list(rtol),
                  atol=_on(atol), mxstep=10000)
    assert got.shape == ref.shape and got.dtype == ref.dtype
    # both meet the per-component tolerances: a few (global) local tolerances off the exact solution
    _within(ref, exact, rtol, atol, 50)
    _within(got.to_numpy(), exact, rtol, atol, 50)


BAD_ODEINT_TOLERANCES = [{"rtol": [1e-6, 1e-6]}, {"atol": [1e-6] * 4}, {"atol": [[1e-6] * 3]},
                         {"rtol": [[1e-6] * 3]}, {"tcrit": [[1.0]]}]


@pytest.mark.parametrize("kw", BAD_ODEINT_TOLERANCES)
def test_odeint_bad_tolerances_raise_odepacks_error(kw):
    _same_error(lambda: scipy.integrate.odeint(decay_in(numpy), numpy.ones(3), [0, 1.0], tfirst=True, **kw),
                lambda: integrate.odeint(decay_in(np), np.ones(3), np.asarray([0, 1.0]), tfirst=True, **kw))


@pytest.mark.parametrize("kw", [{"rtol": -1.0}, {"atol": [1e-6, -1e-6, 1e-6]}, {"h0": -0.1}, {"hmin": -1.0},
                                {"hmax": -1.0}])
def test_odeint_illegal_input_warns_as_scipy(kw):
    t = numpy.array([0.0, 0.0, 1.0, 2.0])
    with pytest.warns(scipy.integrate.ODEintWarning) as ref:
        r, ri = scipy.integrate.odeint(decay_in(numpy), numpy.ones(3), t, tfirst=True, full_output=True, **kw)
    with accelerator_rules(), pytest.warns(scipy.integrate.ODEintWarning) as got:
        g, gi = integrate.odeint(decay_in(np), np.ones(3), _on(t), tfirst=True, full_output=True, **kw)
    assert [str(w.message) for w in got] == [str(w.message) for w in ref]
    assert gi["message"] == ri["message"] == "Illegal input detected (internal error)."
    numpy.testing.assert_array_equal(g.to_numpy()[:3], r[:3])  # y0 up to the refused call's row (SciPy's)


def test_odeint_shapes_and_bad_times_as_scipy():
    ref = scipy.integrate.odeint(lambda y, t: -y, 2.0, [0, 1.0])
    got = _device(integrate.odeint, lambda y, t: -y, np.asarray(2.0), np.asarray([0, 1.0]))
    assert got.shape == ref.shape == (2, 1)
    _within(got.to_numpy(), ref, TOL, TOL, 20)
    _same_error(lambda: scipy.integrate.odeint(lambda y, t: -y, [1.0], [0, 1.0, 0.5]),
                lambda: integrate.odeint(lambda y, t: -y, np.asarray([1.0]), np.asarray([0, 1.0, 0.5])))
    _same_error(lambda: scipy.integrate.odeint(lambda y, t: -y, [[1.0]], [0, 1.0]),
                lambda: integrate.odeint(lambda y, t: -y, np.asarray([[1.0]]), np.asarray([0, 1.0])))
    _same_error(lambda: scipy.integrate.odeint(lambda y, t: -y, [1.0], [[0, 1.0]]),
                lambda: integrate.odeint(lambda y, t: -y, np.asarray([1.0]), np.asarray([[0, 1.0]])))
    ref, ri = scipy.integrate.odeint(lambda y, t: -y, [1.0], [0.0, 0.0], full_output=True)
    got, gi = _device(integrate.odeint, lambda y, t: -y, np.asarray([1.0]), np.asarray([0.0, 0.0]), full_output=True)
    numpy.testing.assert_array_equal(got.to_numpy(), ref)
    assert gi["message"] == ri["message"] == "Nothing was done; the integration time was 0."


# -- tcrit --
def _recording(fn, calls):
    def rhs(t, y):
        calls.append(float(t))
        return fn(t, y)
    return rhs


@pytest.mark.parametrize("backwards", [False, True])
def test_odeint_never_steps_past_a_singularity_at_tcrit(backwards):
    # y' = y / (c - t): singular at c, y = c / (c - t); outputs up to c - 0.01, tcrit=[c]. SciPy's
    # LSODA (itask 4) and the device integrator never evaluate past c
    c = -2.0 if backwards else 2.0
    sign = -1.0 if backwards else 1.0
    t = numpy.linspace(0, c - sign * 0.01, 6)

    def sing_in(xp):
        return lambda tt, y: y / (c - tt) if sign * (c - tt) > 0 else xp.full_like(y, numpy.nan)

    ref_calls, got_calls = [], []
    ref = scipy.integrate.odeint(_recording(sing_in(numpy), ref_calls), numpy.array([1.0]), t, tfirst=True,
                                 tcrit=[c])
    got = _device(integrate.odeint, _recording(sing_in(np), got_calls), np.asarray([1.0]), _on(t),
                  tfirst=True, tcrit=_on([c]))
    assert max(sign * v for v in ref_calls) <= sign * c and max(sign * v for v in got_calls) <= sign * c
    exact = (c / (c - t))[:, None]
    _within(ref, exact, TOL, TOL, 200)
    _within(got.to_numpy(), exact, TOL, TOL, 200)


@settings(max_examples=examples(8), deadline=None)
@given(crit=st.lists(st.floats(0.05, 2.95), min_size=1, max_size=3, unique=True), jump=st.floats(-5, 5))
def test_odeint_stops_at_each_critical_time(crit, jump):
    # a right-hand side discontinuous at the critical times: the device integration reaches each one
    # exactly before evaluating past it (piecewise, as LSODA's itask 4), and meets the tolerances of
    # the piecewise exact solution (y' = -k y, k changing by `jump` at each critical time)
    crit = sorted(crit)
    t = numpy.linspace(0, 3, 7)

    def k_of(tt):
        return 1.0 + abs(jump) * sum(tt >= c for c in crit)

    def rhs_in(xp):
        return lambda tt, y: -k_of(tt) * y

    calls = []
    got = _device(integrate.odeint, _recording(rhs_in(np), calls), np.asarray([1.0]), _on(t), tfirst=True,
                  tcrit=crit)
    for c in crit:
        first_past = next(i for i, v in enumerate(calls) if v > c)
        assert c in calls[:first_past]
    # the exact solution, piecewise (SciPy's odeint integrating piece by piece, tightly)
    pieces, y, edges = [], numpy.array([1.0]), [0.0] + crit + [3.0]
    exact = numpy.empty((len(t), 1))
    for a, b in zip(edges[:-1], edges[1:]):
        inside = [v for v in t if a <= v <= b]
        ts = numpy.array([a] + inside + [b])
        ys = scipy.integrate.odeint(lambda yy, tt, kk=k_of(a): -kk * yy, y, ts, rtol=1e-13, atol=1e-16)
        for v, row in zip(ts[1:-1], ys[1:-1]):
            exact[list(t).index(v)] = row
        y = ys[-1]
    exact[0] = 1.0
    _within(got.to_numpy(), exact, TOL, TOL, 50)


def test_odeint_tcrit_at_output_times_against_scipy():
    # critical times at output times: SciPy's LSODA stops exactly there too; both solutions within
    # the tolerances of the exact one
    t = numpy.linspace(0, 1e3, 11)
    crit = [100.0, 500.0]
    exact = _exact(robertson_in, [1.0, 0, 0], t)
    ref, ri = scipy.integrate.odeint(robertson_in(numpy), numpy.array([1.0, 0, 0]), t, tfirst=True, tcrit=crit,
                                     full_output=True)
    got, gi = _device(integrate.odeint, robertson_in(np), np.asarray([1.0, 0, 0]), _on(t), tfirst=True,
                      tcrit=crit, full_output=True)
    _within(ref, exact, TOL, TOL, 20)
    _within(got.to_numpy(), exact, TOL, TOL, 20)
    for c in crit:  # the output at a critical time comes from the step ending there
        k = list(t).index(c) - 1
        assert gi["tcur"].to_numpy()[k] == ri["tcur"][k] == c


# -- hmin, h0, printmessg --
def test_odeint_hmin_bounds_the_steps():
    # SciPy 1.17's C LSODA ignores hmin (scipy/scipy#25827; earlier SciPy, LSODA's Fortran, honours
    # it): the device integrator honours it as LSODA does - no step shorter (but one ending at an
    # output or critical time), and a step failing at hmin ends the integration (istate -4 or -5)
    t = numpy.linspace(0, 10, 6)
    ref = scipy.integrate.odeint(lambda y, t: -y, [1.0, 2.0], t, hmin=0.05)
    calls, free_calls = [], []
    with accelerator_rules():
        got = integrate.odeint(_recording(lambda t, y: -y, calls), np.asarray([1.0, 2.0]), _on(t), hmin=0.05,
                               tfirst=True)
        integrate.odeint(_recording(lambda t, y: -y, free_calls), np.asarray([1.0, 2.0]), _on(t), tfirst=True)
    # the first step (RK45's: f at t0, at the initial step's trial point, then at t0 + h/5, ...): the
    # initial step selected (~0.01 here) raised to hmin
    assert 5 * free_calls[2] < 0.05 <= 5 * calls[2] * (1 + 1e-12)
    exact = numpy.exp(-t)[:, None] * [1.0, 2.0]
    _within(ref, exact, TOL, TOL, 20)
    _within(got.to_numpy(), exact, TOL, TOL, 20)
    with pytest.warns(scipy.integrate.ODEintWarning) as w:  # y' = -y at 1.5e-8 needs steps below 0.5
        y, info = _device(integrate.odeint, lambda y, t: -y, np.asarray([1.0]), np.asarray([0, 1.0, 10.0]),
                          hmin=0.5, full_output=True)
    assert info["message"] == scipy.integrate._odepack_py._msgs[-4]
    assert [str(x.message) for x in w] == [f"{info['message']} Run with full_output = 1 to get quantitative "
                                          "information."]
    assert numpy.isfinite(y.to_numpy()[1]).all() and numpy.isnan(y.to_numpy()[2]).all()  # SciPy's rows
    with pytest.warns(scipy.integrate.ODEintWarning) as w:  # the stiff method: Robertson's 3e7 rate
        y, info = _device(integrate.odeint, robertson_in(np), np.asarray([1.0, 0, 0]), np.asarray([0, 1.0, 1e3]),
                          tfirst=True, hmin=30.0, full_output=True)
    assert info["message"] in (scipy.integrate._odepack_py._msgs[-4], scipy.integrate._odepack_py._msgs[-5])


def test_odeint_h0_longer_than_the_interval_and_printmessg():
    t = numpy.linspace(0, 1, 3)
    with pytest.warns(scipy.integrate.ODEintWarning) as ref:
        r = scipy.integrate.odeint(decay_in(numpy), numpy.ones(3), t, tfirst=True, h0=5.0, printmessg=1)
    with accelerator_rules(), pytest.warns(scipy.integrate.ODEintWarning) as got:
        g = integrate.odeint(decay_in(np), np.ones(3), _on(t), tfirst=True, h0=5.0, printmessg=1)
    assert [str(w.message) for w in got] == [str(w.message) for w in ref] == ["Integration successful."]
    _within(g.to_numpy(), r, TOL, TOL, 20)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # ixpr, mxhnil: no output, as SciPy 1.17's LSODA prints none
        _device(integrate.odeint, decay_in(np), np.ones(3), _on(t), tfirst=True, ixpr=1, mxhnil=3)


# -- banded Dfun --
C = numpy.array([[-205, 0.01, 0.00, 0.0], [0.1, -2.50, 0.02, 0.0], [1e-3, 0.01, -2.0, 0.01], [0.00, 0.00, 0.1, -1.0]])


def _band_rows(c, ml, mu):
    """LSODA's band of ``c``: ``B[i - j + mu, j] = c[i, j]`` (SciPy's odeint docstring)."""
    n = c.shape[0]
    b = numpy.zeros((ml + mu + 1, n))
    for i in range(n):
        for j in range(max(0, i - ml), min(n, i + mu + 1)):
            b[i - j + mu, j] = c[i, j]
    return b


@pytest.mark.parametrize("col_deriv", [0, 1])
@pytest.mark.parametrize("tfirst", [False, True])
def test_odeint_banded_dfun_against_scipy(col_deriv, tfirst):
    # SciPy's own test problem (test_odeint_banded_jacobian): ml=2, mu=1; the band is densified on the
    # device and used by the stiff method (the stiff rate -205: nje > 0)
    band = _band_rows(C, 2, 1)
    band = band.T.copy() if col_deriv else band

    def f_in(xp):
        c = _arr(xp, C)
        return (lambda t, y, s: s * (c @ y)) if tfirst else (lambda y, t, s: s * (c @ y))

    def dfun_in(xp):
        b = _arr(xp, band)
        return lambda a1, a2, s: s * b

    t = numpy.array([0, 5, 10, 100.0])
    kw = dict(args=(1.0,), ml=2, mu=1, col_deriv=col_deriv, tfirst=tfirst, full_output=True, rtol=1e-9, atol=1e-12,
              mxstep=10000)
    ref, ri = scipy.integrate.odeint(f_in(numpy), numpy.ones(4), t, Dfun=dfun_in(numpy), **kw)
    got, gi = _device(integrate.odeint, f_in(np), np.ones(4), _on(t), Dfun=dfun_in(np), **kw)
    exact = scipy.integrate.odeint(f_in(numpy), numpy.ones(4), t, args=(1.0,), tfirst=tfirst, rtol=1e-13, atol=1e-16,
                                   mxstep=10 ** 6)
    _within(ref, exact, 1e-9, 1e-12, 50)
    _within(got.to_numpy(), exact, 1e-9, 1e-12, 50)
    assert gi["nje"].to_numpy()[-1] > 0 and gi["mused"].to_numpy()[-1] == 2


def test_odeint_banded_dfun_is_the_dense_jacobian():
    # the densified band is the Jacobian: the stiff integration with it takes the steps of the one
    # with the full Dfun (the same Newton iterations: nfe and nje equal)
    t = numpy.array([0, 5, 10, 100.0])

    def f(y, t):
        return _on(C) @ y

    with accelerator_rules():
        full, fi = integrate.odeint(f, np.ones(4), _on(t), Dfun=lambda y, t: _on(C), full_output=True)
        band, bi = integrate.odeint(f, np.ones(4), _on(t), Dfun=lambda y, t: _on(_band_rows(C, 2, 1)),
                                    ml=2, mu=1, full_output=True)
    for key in ("nst", "nfe", "nje"):
        numpy.testing.assert_array_equal(bi[key].to_numpy(), fi[key].to_numpy())
    _within(band.to_numpy(), full.to_numpy(), TOL, TOL, 1e-3)


@pytest.mark.parametrize("shape, kw", [((3, 3), {}), ((2, 3), {"ml": 1, "mu": 0, "col_deriv": 1}),
                                       ((3, 2), {"ml": 1, "mu": 0})])
def test_odeint_dfun_shape_raises_scipys_error(shape, kw):
    def f_in(xp):
        return lambda y, t: xp.stack([-1000 * y[0], -y[1]])

    _same_error(lambda: scipy.integrate.odeint(f_in(numpy), [1.0, 2.0], [0, 10.0], Dfun=lambda y, t: numpy.ones(shape),
                                               **kw),
                lambda: integrate.odeint(f_in(np), np.asarray([1.0, 2.0]), np.asarray([0, 10.0]),
                                         Dfun=lambda y, t: np.ones(shape), **kw))


# -- a sparse jac in BDF --
@pytest.mark.parametrize("kind", ["torchnp", "scipy", "callable-torchnp", "callable-scipy"])
def test_bdf_sparse_jacobian_takes_scipys_steps(kind):
    # SciPy factorizes I - c J of a sparse J by splu; on the device J is densified (dense LU): the
    # same steps and counts as SciPy's with its sparse Jacobian. SciPy's sparse matrices are host
    # data: beside a state on an accelerator, DeviceMismatchError (§3.3; the CPU's rules take them)
    lam = numpy.array([-1.0, -1e3, -1e5, -10.0])
    M = numpy.diag(lam) + numpy.diag([0.5, 0.2, 0.1], 1)
    ref_jac = scipy.sparse.csc_matrix(M)
    ref = scipy.integrate.solve_ivp(lambda t, y: M @ y, (0, 5), numpy.ones(4), method="BDF", rtol=1e-6, atol=1e-9,
                                    jac=(lambda t, y: ref_jac) if kind.startswith("callable") else ref_jac)
    with accelerator_rules():
        if kind == "torchnp":
            jac = tsparse.csr_array(_on(M))
        elif kind == "scipy":
            jac = scipy.sparse.csr_array(M)
        elif kind == "callable-torchnp":
            jac = (lambda t, y: tsparse.csc_array(_on(M)))
        else:
            jac = (lambda t, y: scipy.sparse.csc_matrix(M))
        run = lambda: integrate.solve_ivp(lambda t, y: _on(M) @ y, (0, 5), np.ones(4), method="BDF", rtol=1e-6,
                                          atol=1e-9, jac=jac, jac_sparsity=scipy.sparse.csc_matrix(M != 0))
        if not DEVICE.startswith("cpu") and kind.endswith("scipy"):
            with pytest.raises(np.DeviceMismatchError):
                run()
            return
        got = run()
    assert (got.status, got.nfev, got.njev, got.nlu) == (ref.status, ref.nfev, ref.njev, ref.nlu)
    numpy.testing.assert_allclose(got.t.to_numpy(), ref.t, rtol=1e-6)
    _within(got.y.to_numpy(), ref.y, 1e-6, 1e-9, 1e-2)


def test_host_rules_pass_tolerance_arrays_and_tcrit_to_scipy():  # §8.2: SciPy's own, bit for bit
    t = numpy.linspace(0, 100, 5)
    kw = dict(tfirst=True, rtol=[1e-6, 1e-8, 1e-6], atol=numpy.array([1e-10, 1e-14, 1e-10]), tcrit=[50.0])
    ref = scipy.integrate.odeint(robertson_in(numpy), numpy.array([1.0, 0, 0]), t, **kw)
    got = integrate.odeint(robertson_in(np), np.asarray([1.0, 0, 0], device="cpu"), np.asarray(t),
                           **{**kw, "atol": np.asarray(kw["atol"]), "tcrit": np.asarray([50.0], device="cpu")})
    numpy.testing.assert_array_equal(got.to_numpy(), ref)


def test_host_rules_pass_tolerance_arrays_and_sparse_jac_to_scipy():  # §8.2: SciPy's BDF and RK45, bit for bit
    M = numpy.diag([-1.0, -1e3, -1e5]) + numpy.diag([0.5, 0.2], 1)
    kw = dict(method="BDF", rtol=1e-6, atol=numpy.array([1e-9, 1e-12, 1e-9]))
    ref = scipy.integrate.solve_ivp(lambda t, y: M @ y, (0, 5), numpy.ones(3), jac=scipy.sparse.csc_matrix(M), **kw)
    for jac in (scipy.sparse.csc_matrix(M), tsparse.csr_array(M)):
        got = integrate.solve_ivp(lambda t, y: np.asarray(M) @ y, (0, 5), np.ones(3, device="cpu"), jac=jac,
                                  **{**kw, "atol": np.asarray(kw["atol"])})
        assert got.y.device.type == "cpu" and (got.nfev, got.njev, got.nlu) == (ref.nfev, ref.njev, ref.nlu)
        numpy.testing.assert_array_equal(got.y.to_numpy(), ref.y)
    ref = scipy.integrate.solve_ivp(decay_in(numpy), (0, 2), numpy.ones(3), rtol=[1e-5, 1e-6, 1e-7])
    got = integrate.solve_ivp(decay_in(np), (0, 2), np.ones(3, device="cpu"),
                              rtol=np.asarray([1e-5, 1e-6, 1e-7], device="cpu"))
    numpy.testing.assert_array_equal(got.y.to_numpy(), ref.y)


def test_solve_ivp_batch_per_component_tolerances():
    # torchnp's extension takes the per-component tolerances of solve_ivp: a batch of one takes
    # SciPy's steps
    kw = dict(rtol=[1e-5, 1e-6, 1e-7], atol=[1e-8, 1e-9, 1e-10])
    ref = scipy.integrate.solve_ivp(decay_in(numpy), (0, 2), numpy.ones(3), **kw)
    got = integrate.solve_ivp_batch(decay_in(np), (0, 2), np.ones((1, 3)), **kw)
    assert got.nfev == ref.nfev
    _within(got.y.to_numpy()[0], ref.y, 1e-7, 1e-10, 1e-2)


# -- full_output's infodict: SciPy's keys, shapes and dtypes, LSODA's values where they are defined --
_INFO_CASES = [  # (t, y0, options): a success, repeated start times, each illegal input, too much work
    ([0.0, 1.0, 2.0], [1.0, 2.0], {}),
    ([0.0, 0.0, 0.0, 1.0, 2.0], [1.0, 2.0], {}),
    ([0.0, 0.0, 1.0, 2.0], [1.0, 2.0], {"rtol": -1.0}),
    ([0.0, 1.0, 2.0], [1.0, 2.0], {"atol": [1e-6, -1e-6]}),
    ([0.0, 1.0, 2.0], [1.0, 2.0], {"h0": -0.1}),
    ([0.0, 1.0, 2.0], [1.0, 2.0], {"hmin": -1.0}),
    ([0.0, 1.0, 2.0], [1.0, 2.0], {"hmax": -1.0}),
    ([0.0, 1.0, 2.0], [1.0, 2.0], {"rtol": 0.0, "atol": 1e-300}),  # too much accuracy at the start: tolsf
    ([0.0, 1.0, 2.0], [1.0, 0.0], {"rtol": 1e-6, "atol": 0.0}),  # a zero error weight at the start
    ([0.0, 1.0, 2.0], [1.0, 2.0], {"rtol": 0.0, "atol": 0.0}),
    ([0.0, 1.0, 50.0, 60.0], [1.0, 2.0], {"mxstep": 5}),  # too much work in the second interval
    ([0.0, 50.0, 60.0, 70.0], [1.0, 2.0, 3.0], {"mxstep": 5}),  # ... in the first
    ([1.0, 1.0, 1.0], [1.0, 2.0], {}),  # nothing done
    ([0.0, 1.0], [1.0, 2.0, 3.0], {"ml": 1, "mu": 0, "mxordn": 3}),  # LSODA's work array lengths
    ([0.0, 1.0], [1.0, 2.0, 3.0], {"mxordn": 20, "mxords": 2}),
    ([0.0, 1.0], [1.0, 2.0, 3.0], {"Dfun": "jac", "ml": 0, "mu": 1}),
    ([0.0, -1.0, -2.0], [1.0, 2.0], {}),
    ([0.0, 1.0, 2.0], [1.0, 2.0], {"ml": 2}),  # LSODA's option checks: a band wider than n (Dfun or not),
    ([0.0, 1.0, 2.0], [1.0, 2.0], {"mxstep": -1}),  # negative counts, ixpr not 0 or 1
    ([0.0, 1.0, 2.0], [1.0, 2.0], {"mxhnil": -1}),
    ([0.0, 1.0, 2.0], [1.0, 2.0], {"ixpr": 2}),
]


@pytest.mark.parametrize("kw", [{"mxordn": -1}, {"mxords": -2}])
def test_odeint_negative_orders_raise_odepacks_error(kw):
    _same_error(lambda: scipy.integrate.odeint(decay_in(numpy), numpy.ones(3), [0, 1.0], tfirst=True, **kw),
                lambda: integrate.odeint(decay_in(np), np.ones(3), np.asarray([0, 1.0]), tfirst=True, **kw))


@pytest.mark.parametrize("t, y0, kw", _INFO_CASES)
def test_odeint_infodict_has_scipys_shapes_and_defined_values(t, y0, kw):
    # SciPy's driver allocates one row per output time after the first (uninitialized) and fills row
    # k - 1 from the call ending at output k, the failed call's included; rows of repeated start times
    # and after a failure stay unset (the device: NaN, 0). Exact: the keys, shapes, dtypes, message,
    # imxer, lenrw, leniw, the refused call's row of an illegal input (LSODA's zeros and tolsf), tolsf
    # (0) and the step counts' limit (nst = mxstep) of the failed row; hu, tcur, nfe, nqu... of a step
    # taken are the integrator's own (docs/scipy.md)
    n = len(y0)
    kw = dict(kw)
    jac = kw.pop("Dfun", None)
    ref_kw, got_kw = dict(kw), dict(kw)
    if jac:  # the band of -I: LSODA's (ml + mu + 1, n) rows
        band = numpy.zeros((kw["ml"] + kw["mu"] + 1, n))
        band[kw["mu"]] = -1.0
        ref_kw["Dfun"], got_kw["Dfun"] = (lambda y, t: band), (lambda y, t: np.asarray(band))
    for k in ("atol", "rtol"):
        if isinstance(kw.get(k), list):
            got_kw[k] = np.asarray(kw[k])
    with warnings.catch_warnings(record=True) as ref_w:
        warnings.simplefilter("always")
        r, ri = scipy.integrate.odeint(lambda y, t: -y, numpy.array(y0), numpy.array(t), full_output=True, **ref_kw)
    with accelerator_rules(), warnings.catch_warnings(record=True) as got_w:
        warnings.simplefilter("always")
        g, gi = integrate.odeint(lambda y, t: -y, np.asarray(y0), np.asarray(t), full_output=True, **got_kw)
    assert [str(w.message) for w in got_w] == [str(w.message) for w in ref_w]
    assert list(gi) == list(ri) and gi["message"] == ri["message"]
    assert (gi["imxer"], gi["lenrw"], gi["leniw"]) == (ri["imxer"], ri["lenrw"], ri["leniw"])
    got = {k: gi[k].to_numpy() for k in ri if isinstance(ri[k], numpy.ndarray)}
    for k, v in got.items():
        assert v.shape == ri[k].shape == (len(t) - 1,) and v.dtype == ri[k].dtype, k
    assert g.shape == r.shape
    istate = {m: s for s, m in scipy.integrate._odepack_py._msgs.items()}[ri["message"]]
    first = next((k for k, v in enumerate(t) if v != t[0]), len(t))  # SciPy's first call ends at t[first]
    last = len(t) - 1 if istate > 0 else first  # the row of the last call made (refused or failed: its row)
    if istate < 0 and "mxstep" in kw:  # the failure's interval: the first whose row reports mxstep steps
        last = next(k for k in range(first, len(t)) if ri["nst"][k - 1] - (ri["nst"][k - 2] if k > first else 0)
                    >= kw["mxstep"])
    numpy.testing.assert_array_equal(g.to_numpy()[:first], r[:first])  # y0 at the start times
    if istate == -3:  # the refused call: y0 and LSODA's row, every value
        numpy.testing.assert_array_equal(g.to_numpy()[first], r[first])
        for k, v in got.items():
            assert v[first - 1] == ri[k][first - 1], k
    if first < len(t):
        assert got["tolsf"][first - 1:last].tolist() == ri["tolsf"][first - 1:last].tolist()
    if istate == -1:
        assert got["nst"][last - 1] - (got["nst"][last - 2] if last > first else 0) == kw["mxstep"]
        assert got["mused"][last - 1] == ri["mused"][last - 1] == 1
        assert numpy.isfinite(g.to_numpy()[last]).all()
    for k, v in got.items():  # the rows SciPy leaves unset
        unset = list(range(first - 1)) + list(range(last, len(t) - 1))
        if istate == 1:
            unset = list(range(len(t) - 1))
        assert (numpy.isnan(v[unset]) if v.dtype.kind == "f" else v[unset] == 0).all(), k
    assert numpy.isnan(g.to_numpy()[last + 1:]).all()


def test_odeint_hmin_failure_reports_imxer():
    # a step failing at hmin (the device's istate -4; SciPy 1.17's C LSODA ignores hmin): LSODA's imxer,
    # the 1-based component of the largest weighted error (here the fast one), the failed row set
    with pytest.warns(scipy.integrate.ODEintWarning):
        y, info = _device(integrate.odeint, lambda y, t: -np.asarray([1.0, 50.0]) * y, np.asarray([1.0, 1.0]),
                          np.asarray([0, 1.0, 10.0]), hmin=0.5, full_output=True)
    assert info["message"] == scipy.integrate._odepack_py._msgs[-4] and info["imxer"] == 2
    assert info["hu"].shape == (2,) and numpy.isfinite(info["tcur"].to_numpy()[0])
    assert numpy.isnan(info["tcur"].to_numpy()[1]) and info["nst"].to_numpy()[1] == 0
    # the stiff method's Newton iteration failing at hmin (-5): a Dfun 1000 times the Jacobian once the
    # linear problem's -1e5 mode has made it stiff; imxer a component (LSODA's, set on -4 and -5 alone)
    with pytest.warns(scipy.integrate.ODEintWarning):
        y, info = _device(integrate.odeint, lambda y, t: _on(A) @ y, _on([1.0, 2.0, -1.0]), _on([0, 1.0, 10.0]),
                          Dfun=lambda y, t: _on(1e3 * A), hmin=1e-6, full_output=True)
    assert info["message"] == scipy.integrate._odepack_py._msgs[-5] and info["imxer"] in (1, 2, 3)
    assert info["mused"].to_numpy()[0] == 2 and numpy.isnan(y.to_numpy()[2]).all()


_SINGULAR = {  # (rhs(xp) of (y, t), y0, t, the time the steps shrink to nothing at, the solution before)
    "blowup": (lambda xp: lambda y, t: y * y, [1.0], [0.0, 0.5, 2.0, 3.0], 1.0, lambda t: 1 / (1 - t)),
    "tan": (lambda xp: lambda y, t: 1 + y * y, [0.0], [0.0, 1.0, 2.0, 3.0], numpy.pi / 2, numpy.tan),
    "jump": (lambda xp: lambda y, t: xp.stack([xp.where(t > 0.5, 1e300, 0.0), -y[1]]), [1.0, 1.0],
             [0.0, 0.25, 1.0, 2.0], 0.5, lambda t: [1.0, numpy.exp(-t)]),  # f's first component: 1e300 past 0.5
}


@pytest.mark.parametrize("mxstep", [0, 60])
@pytest.mark.parametrize("problem", list(_SINGULAR))
def test_odeint_steps_below_ts_spacing_are_excess_work_as_scipy(problem, mxstep):
    # steps shrinking to nothing (a blow-up, a huge jump of f): LSODA, which has no minimum step, goes
    # on with steps that no longer move t (t + h = t) until mxstep runs out: 'Excess work done' (-1)
    # where the device integrator's step falls below t's spacing (it said 'Repeated error test
    # failures', -4, with imxer -1, which LSODA never reports with -4): SciPy's warning, message,
    # imxer, the failed row's step count (mxstep more), the state reached, the later rows unset
    rhs, y0, t, end, exact = _SINGULAR[problem]
    with warnings.catch_warnings(record=True) as ref_w:
        warnings.simplefilter("always")
        r, ri = scipy.integrate.odeint(rhs(numpy), numpy.array(y0), numpy.array(t), mxstep=mxstep, full_output=True)
    with accelerator_rules(), warnings.catch_warnings(record=True) as got_w:
        warnings.simplefilter("always")
        g, gi = integrate.odeint(rhs(np), _on(y0), _on(t), mxstep=mxstep, full_output=True)
    assert [str(w.message) for w in got_w if issubclass(w.category, scipy.integrate.ODEintWarning)] == \
        [str(w.message) for w in ref_w if issubclass(w.category, scipy.integrate.ODEintWarning)]
    assert gi["message"] == ri["message"] == scipy.integrate._odepack_py._msgs[-1]
    assert gi["imxer"] == ri["imxer"] and (gi["lenrw"], gi["leniw"]) == (ri["lenrw"], ri["leniw"])
    nst = gi["nst"].to_numpy()
    assert nst[1] - nst[0] == ri["nst"][1] - ri["nst"][0] == (mxstep or 500)
    for y in (g.to_numpy(), r):
        _within(y[1], numpy.array(exact(t[1]), ndmin=1), TOL, TOL, 50)  # (tan grows: 26 tolerances here)
    for tcur in (gi["tcur"].to_numpy()[1], ri["tcur"][1]):  # the failed row's time: close to the end
        assert t[1] < tcur < end + 1e-5 and (mxstep or end - tcur < 1e-5)  # (500 steps: shrunk to nothing)
    assert numpy.isfinite(g.to_numpy()[2]).all() and numpy.isnan(g.to_numpy()[3:]).all()


def test_odeint_excess_accuracy_during_the_integration_as_scipy():
    # y' = y with rtol=0 and a tiny atol: LSODA's check before each step (200 eps |y| / atol above 1)
    # fails once y has grown past ~0.0045 (t ~ 1.5): istate -2, SciPy's warning and message; the failed
    # row the state reached (its time solver-dependent), the later rows unset
    t = numpy.array([0.0, 1.0, 2.0, 3.0, 4.0])
    kw = dict(rtol=0.0, full_output=True)
    with pytest.warns(scipy.integrate.ODEintWarning) as ref_w:
        r, ri = scipy.integrate.odeint(lambda y, t: y, [1e-3, 1.0], t, atol=[1e-16, 1e-6], **kw)
    with accelerator_rules(), pytest.warns(scipy.integrate.ODEintWarning) as got_w:
        g, gi = integrate.odeint(lambda y, t: y, np.asarray([1e-3, 1.0]), _on(t), atol=_on([1e-16, 1e-6]), **kw)
    assert [str(w.message) for w in got_w] == [str(w.message) for w in ref_w]
    assert gi["message"] == ri["message"] == "Excess accuracy requested (tolerances too small)."
    _within(g.to_numpy()[:2], r[:2], 1e-6, 1e-6, 20)  # (y[1]: rtol 0 asks eps; within 1e-6 atol)
    tcur = gi["tcur"].to_numpy()
    assert 1.0 < tcur[1] < 2.0 and numpy.isfinite(g.to_numpy()[2]).all() and numpy.isnan(g.to_numpy()[3:]).all()
    # tolsf: 0, then in the failed row LSODA's factor (200 eps |y| / ewt > 2 at the failure's state)
    tolsf = gi["tolsf"].to_numpy()
    assert tolsf[0] == ri["tolsf"][0] == 0 and tolsf[1] > 2 and ri["tolsf"][1] > 2
    assert tolsf[1] == pytest.approx(200 * 2.220446049250313e-16 * g.to_numpy()[2, 0] / 1e-16, rel=1e-12)
