"""torchnp.scipy.integrate's ODE integrators against SciPy (DESIGN §8.4; issue 26): on host data
SciPy's own ``solve_ivp``/``odeint`` with torchnp right-hand sides (SciPy's exact values); under
the accelerator rules the device integrators, which take SciPy's steps (same ``t`` grid, same
``nfev``) with values within rounding of SciPy's."""

import numpy
import pytest
import scipy.integrate
from hypothesis import given, settings, strategies as st

import torchnp as np
from torchnp.scipy import integrate
from scipy_support import accelerator_rules
from support import examples


def lotka_in(xp):
    def rhs(t, z, a, b, c, d):
        x, y = z[0], z[1]
        return xp.stack([a * x - b * x * y, -c * y + d * x * y])
    return rhs


ARGS = (1.5, 1.0, 3.0, 1.0)


@pytest.mark.parametrize("method", ["RK45", "RK23", "DOP853", "Radau", "BDF", "LSODA"])
def test_host_data_is_scipys(method):  # §8.2: SciPy's own, with a torchnp right-hand side
    ref = scipy.integrate.solve_ivp(lotka_in(np), [0, 10], numpy.array([10.0, 5.0]), method=method, args=ARGS)
    got = integrate.solve_ivp(lotka_in(np), [0, 10], np.asarray([10.0, 5.0]), method=method, args=ARGS)
    assert isinstance(got.y, np.ndarray) and got.y.device.type == "cpu"
    numpy.testing.assert_array_equal(got.t.to_numpy(), ref.t)
    numpy.testing.assert_array_equal(got.y.to_numpy(), ref.y)
    assert (got.nfev, got.status, got.message) == (ref.nfev, ref.status, ref.message)


def _device(*args, **kwargs):
    with accelerator_rules():
        return integrate.solve_ivp(*args, **kwargs)


@settings(max_examples=examples(20))
@given(method=st.sampled_from(["RK45", "RK23"]), rtol=st.sampled_from([1e-3, 1e-6, 1e-9]),
       t1=st.floats(0.5, 12), y0=st.tuples(st.floats(0.5, 10), st.floats(0.5, 10)), backwards=st.booleans())
def test_device_takes_scipys_steps(method, rtol, t1, y0, backwards):
    span = [t1, 0.0] if backwards else [0.0, t1]
    ref = scipy.integrate.solve_ivp(lotka_in(numpy), span, numpy.array(y0), method=method, args=ARGS, rtol=rtol,
                                    atol=rtol * 1e-3)
    got = _device(lotka_in(np), span, np.asarray(y0), method=method, args=ARGS, rtol=rtol, atol=rtol * 1e-3)
    assert (got.status, got.success, got.message, got.nfev) == (ref.status, ref.success, ref.message, ref.nfev)
    assert got.t.shape == ref.t.shape and got.y.shape == ref.y.shape and got.y.dtype == ref.y.dtype
    # the same steps: the error estimate is a difference of nearly equal sums (BLAS's order of summation
    # against torch's), and the next step grows with its -1/5th power, so step sizes agree to ~1e-9;
    # the values within §8.2's 1e-6
    numpy.testing.assert_allclose(got.t.to_numpy(), ref.t, rtol=1e-7)
    numpy.testing.assert_allclose(got.y.to_numpy(), ref.y, rtol=1e-6, atol=1e-9)


def test_device_t_eval_and_dense_output():
    te = numpy.linspace(0, 10, 200)
    ref = scipy.integrate.solve_ivp(lotka_in(numpy), [0, 10], numpy.array([10.0, 5.0]), t_eval=te, dense_output=True,
                                    args=ARGS, rtol=1e-8)
    got = _device(lotka_in(np), [0, 10], np.asarray([10.0, 5.0]), t_eval=np.asarray(te), dense_output=True, args=ARGS,
                  rtol=1e-8)
    numpy.testing.assert_allclose(got.t.to_numpy(), ref.t, rtol=0, atol=0)
    numpy.testing.assert_allclose(got.y.to_numpy(), ref.y, rtol=1e-9, atol=1e-9)
    for t in (0.0, 3.3, te[17:40]):
        numpy.testing.assert_allclose(got.sol(t).to_numpy(), ref.sol(t), rtol=1e-9, atol=1e-9)


def test_device_events_terminal_and_direction():
    def ground_in(xp):
        def ground(t, y):
            return y[0] - 1.0
        ground.terminal, ground.direction = True, -1
        return ground

    def apex(t, y):
        return y[1]

    fall = lambda t, y: np.stack([y[1], -9.81 + 0 * y[0]])  # noqa: E731
    ref = scipy.integrate.solve_ivp(lambda t, y: numpy.array([y[1], -9.81]), [0, 10], numpy.array([10.0, 3.0]),
                                    events=[ground_in(numpy), apex])
    got = _device(fall, [0, 10], np.asarray([10.0, 3.0]), events=[ground_in(np), apex])
    assert (got.status, got.message) == (ref.status, ref.message)
    for g, r in zip(got.t_events, ref.t_events):
        numpy.testing.assert_allclose(g.to_numpy(), r, rtol=1e-12)
    for g, r in zip(got.y_events, ref.y_events):
        assert g.shape == r.shape
        numpy.testing.assert_allclose(g.to_numpy(), r, rtol=1e-10, atol=1e-12)


def test_device_vectorized_and_complex():
    ref = scipy.integrate.solve_ivp(lambda t, y: -0.5j * y, [0, 2], numpy.array([1 + 0j, 2j]))
    got = _device(lambda t, y: -0.5j * y, [0, 2], np.asarray([1 + 0j, 2j]))
    assert got.y.dtype == ref.y.dtype
    numpy.testing.assert_allclose(got.y.to_numpy(), ref.y, rtol=1e-12)
    ref = scipy.integrate.solve_ivp(lambda t, y: -0.5 * y, [0, 2], numpy.array([1.0, 2.0]), vectorized=True)
    got = _device(lambda t, y: -0.5 * y, [0, 2], np.asarray([1.0, 2.0]), vectorized=True)
    numpy.testing.assert_allclose(got.y.to_numpy(), ref.y, rtol=1e-13)


@pytest.mark.parametrize("bad", [dict(method="no-such"), dict(t_eval=[[0.0, 1.0]]), dict(t_eval=[0.0, 5.0]),
                                 dict(t_eval=[1.0, 0.5]), dict(atol=[1e-6, 1e-6, 1e-6]), dict(max_step=-1.0),
                                 dict(first_step=10.0)])
def test_bad_input_raises_scipys_errors(bad):
    with pytest.raises(ValueError):
        scipy.integrate.solve_ivp(lambda t, y: -y, [0, 1], numpy.array([1.0, 2.0]), **bad)
    with accelerator_rules(), pytest.raises(ValueError):
        integrate.solve_ivp(lambda t, y: -y, [0, 1], np.asarray([1.0, 2.0]), **bad)


def test_device_refuses_host_only_methods_with_the_fix():  # §8.3
    with pytest.raises(TypeError, match="to_numpy"):
        integrate.solve_ivp(lambda t, y: -y, [0, 1], np.empty(2, device="meta"), method="BDF")


def test_odeint_host_is_scipys_and_device_within_its_tolerance():
    t = numpy.linspace(0, 4, 9)
    ref = scipy.integrate.odeint(lambda y, t: -0.5 * y + numpy.sin(t), numpy.array([1.0, 2.0]), t)
    host = integrate.odeint(lambda y, t: -0.5 * y + np.sin(t), np.asarray([1.0, 2.0]), np.asarray(t))
    numpy.testing.assert_allclose(host.to_numpy(), ref, rtol=1e-15)  # np.sin of a float: the same libm value
    with accelerator_rules():
        got = integrate.odeint(lambda y, t: -0.5 * y + np.sin(t), np.asarray([1.0, 2.0]), np.asarray(t))
    assert got.shape == ref.shape
    # RK45 and LSODA, each at rtol=atol=1.49e-8 per step: their global errors differ (~2e-7 here);
    # both within 1e-6 of a tight solution
    exact = scipy.integrate.solve_ivp(lambda t, y: -0.5 * y + numpy.sin(t), [0, 4], [1.0, 2.0], method="DOP853",
                                      t_eval=t, rtol=1e-13, atol=1e-13).y.T
    numpy.testing.assert_allclose(got.to_numpy(), exact, rtol=1e-6)
    numpy.testing.assert_allclose(ref, exact, rtol=1e-6)
    numpy.testing.assert_allclose(got.to_numpy(), ref, rtol=1e-6)
