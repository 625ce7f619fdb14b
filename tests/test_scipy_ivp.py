"""torchnp.scipy.integrate's ODE integrators against SciPy (DESIGN §8.4; issue 26): on host data
SciPy's own ``solve_ivp``/``odeint`` with torchnp right-hand sides (SciPy's exact values); under
the accelerator rules the device integrators, which take SciPy's steps (same ``t`` grid, same
``nfev``) with values within rounding of SciPy's."""

import math

import numpy
import pytest
import scipy.integrate
from hypothesis import example, given, settings, strategies as st

import torchnp as np
from torchnp.scipy import integrate
from scipy_support import accelerator_rules
from support import DEVICE, examples


def lotka_in(xp):
    def rhs(t, z, a, b, c, d):
        x, y = z[0], z[1]
        return xp.stack([a * x - b * x * y, -c * y + d * x * y])
    return rhs


ARGS = (1.5, 1.0, 3.0, 1.0)


@pytest.mark.parametrize("method", ["RK45", "RK23", "DOP853", "Radau", "BDF", "LSODA"])
def test_host_data_is_scipys(method):  # §8.2: SciPy's own, with a torchnp right-hand side
    ref = scipy.integrate.solve_ivp(lotka_in(np), [0, 10], numpy.array([10.0, 5.0]), method=method, args=ARGS)
    got = integrate.solve_ivp(lotka_in(np), [0, 10], np.asarray([10.0, 5.0], device="cpu"), method=method, args=ARGS)
    assert isinstance(got.y, np.ndarray) and got.y.device.type == "cpu"
    numpy.testing.assert_array_equal(got.t.to_numpy(), ref.t)
    numpy.testing.assert_array_equal(got.y.to_numpy(), ref.y)
    assert (got.nfev, got.status, got.message) == (ref.nfev, ref.status, ref.message)


def _device(*args, **kwargs):
    with accelerator_rules():
        return integrate.solve_ivp(*args, **kwargs)


@settings(max_examples=examples(20))
@given(method=st.sampled_from(["RK45", "RK23", "DOP853"]), rtol=st.sampled_from([1e-3, 1e-6, 1e-9]),
       t1=st.floats(0.5, 12), y0=st.tuples(st.floats(0.5, 10), st.floats(0.5, 10)), backwards=st.booleans())
def test_device_takes_scipys_steps(method, rtol, t1, y0, backwards):
    span = [t1, 0.0] if backwards else [0.0, t1]
    ref = scipy.integrate.solve_ivp(lotka_in(numpy), span, numpy.array(y0), method=method, args=ARGS, rtol=rtol,
                                    atol=rtol * 1e-3)
    got = _device(lotka_in(np), span, np.asarray(y0), method=method, args=ARGS, rtol=rtol, atol=rtol * 1e-3)
    assert (got.status, got.success, got.message, got.nfev) == (ref.status, ref.success, ref.message, ref.nfev)
    assert got.t.shape == ref.t.shape and got.y.shape == ref.y.shape and got.y.dtype == ref.y.dtype
    # the same steps; times and values within SciPy's own response to rounding of its error estimates
    # (_rounding_response: ~100 times the drift seen), besides 1e-7 of the times and §8.2's 1e-6 of the values
    dt, dy = _rounding_response(method, span, numpy.array(y0), rtol, rtol * 1e-3, ref)
    assert numpy.all(numpy.abs(got.t.to_numpy() - ref.t) <= 1e-7 * (numpy.abs(ref.t) + t1) + dt), \
        (got.t.to_numpy() - ref.t, dt)
    assert numpy.all(numpy.abs(got.y.to_numpy() - ref.y) <= 1e-6 * numpy.abs(ref.y) + 1e-9 + dy), \
        (got.y.to_numpy() - ref.y, dy)


def test_dop853_steps_after_an_ill_conditioned_error_estimate():  # the first step's estimate: 2e11 condition
    test_device_takes_scipys_steps.hypothesis.inner_test("DOP853", 1e-9, 0.5, (2.0, 1.0), False)


def test_rk_steps_where_the_step_control_amplifies_rounding():  # rtol=1e-3: step times 4e-6 apart after 24 steps
    test_device_takes_scipys_steps.hypothesis.inner_test("DOP853", 1e-3, 10.0, (1.455078125, 10.0), True)


def _rounding_response(method, span, y0, rtol, atol, ref):
    """How far rounding moves SciPy's own steps: its run again with each error norm moved by its
    rounding, 2 sqrt(len(E)) eps kappa relative, kappa = max sum|K_i E_i| / |sum K_i E_i| (the
    estimate sum_i K_i E_i is a difference of nearly equal sums that BLAS and torch add in other
    orders; DOP853's first step at rtol=1e-9: kappa 2e11, SciPy's and torch's norms 1.4e-6 apart,
    mpmath's 5e-6 from both), up and down: the largest changes of its times and values. The next
    step is h (0.9/err)^(1/(q+1)); where err is not ~h^(q+1) (rtol=1e-3's long steps, rejections)
    the controller carries and amplifies a change from step to step (docs/scipy.md solve_ivp)."""
    eps = numpy.finfo(numpy.float64).eps
    base = getattr(scipy.integrate, method)

    def perturbed(sign):
        class Perturbed(base):
            def _estimate_error_norm(self, K, h, scale):
                kappa = max(float((numpy.abs(K * E[:, None]).sum(0) / numpy.abs(E @ K)).max())
                            for E in ([self.E5, self.E3] if method == "DOP853" else [self.E]))
                norm = super()._estimate_error_norm(K, h, scale)
                return norm * (1 + sign * 2 * math.sqrt(len(K)) * eps * min(kappa, 1 / eps))
        with numpy.errstate(divide="ignore", invalid="ignore"):
            r = scipy.integrate.solve_ivp(lotka_in(numpy), span, y0, method=Perturbed, args=ARGS, rtol=rtol, atol=atol)
        assert r.t.shape == ref.t.shape, f"rounding changes SciPy's own number of steps: {r.t.shape} {ref.t.shape}"
        return numpy.abs(r.t - ref.t), numpy.abs(r.y - ref.y)

    (t1, y1), (t2, y2) = perturbed(1), perturbed(-1)
    return numpy.maximum(t1, t2), numpy.maximum(y1, y2)


@pytest.mark.parametrize("method", ["RK45", "RK23", "DOP853"])
@pytest.mark.parametrize("span", [(0, 10), (10, 0)])
def test_device_t_eval_and_dense_output(method, span):
    te = numpy.linspace(*span, 200)
    y0 = numpy.array([10.0, 5.0])
    ref = scipy.integrate.solve_ivp(lotka_in(numpy), span, y0, method=method, t_eval=te, dense_output=True, args=ARGS,
                                    rtol=1e-8)
    got = _device(lotka_in(np), span, np.asarray(y0), method=method, t_eval=np.asarray(te), dense_output=True,
                  args=ARGS, rtol=1e-8)
    assert got.nfev == ref.nfev  # DOP853's dense output: 3 evaluations per step that outputs, as SciPy's
    numpy.testing.assert_allclose(got.t.to_numpy(), ref.t, rtol=0, atol=0)
    numpy.testing.assert_allclose(got.y.to_numpy(), ref.y, rtol=1e-9, atol=1e-9)
    for t in (0.0, 3.3, te[17:40]):
        numpy.testing.assert_allclose(got.sol(t).to_numpy(), ref.sol(t), rtol=1e-9, atol=1e-9)
    plain = _device(lotka_in(np), span, np.asarray(y0), method=method, dense_output=True, args=ARGS, rtol=1e-8)
    ref = scipy.integrate.solve_ivp(lotka_in(numpy), span, y0, method=method, dense_output=True, args=ARGS, rtol=1e-8)
    assert plain.nfev == ref.nfev and plain.t.shape == ref.t.shape
    numpy.testing.assert_allclose(plain.sol(te[::7]).to_numpy(), ref.sol(te[::7]), rtol=1e-8, atol=1e-9)


@pytest.mark.parametrize("t_eval", [[0, 1, 2, 4, 10], numpy.array([0, 1, 2, 4, 10], dtype=numpy.int32),
                                    numpy.array([0.5, 2.0, 9.5], dtype=numpy.float32)])
def test_device_t_keeps_t_evals_dtype(t_eval):
    # SciPy's solve_ivp docstring, t_eval=[0, 1, 2, 4, 10]: its t holds t_eval's values in t_eval's dtype
    # (int64 there); the device path gave float64
    decay = lambda t, y: -0.5 * y  # noqa: E731
    ref = scipy.integrate.solve_ivp(decay, [0, 10], [2.0, 4.0, 8.0], t_eval=t_eval)
    te = np.asarray(t_eval) if isinstance(t_eval, numpy.ndarray) else t_eval
    got = _device(decay, [0, 10], np.asarray([2.0, 4.0, 8.0]), t_eval=te)
    assert got.t.dtype == ref.t.dtype and got.y.dtype == ref.y.dtype
    numpy.testing.assert_array_equal(got.t.to_numpy(), ref.t)
    numpy.testing.assert_allclose(got.y.to_numpy(), ref.y, rtol=1e-6)


def test_dop853_dense_output_is_scipys():  # the 7th-order interpolant, not a lower-order one
    ref = scipy.integrate.solve_ivp(lambda t, y: -y, [0, 4], [1.0], method="DOP853", dense_output=True, rtol=1e-6)
    got = _device(lambda t, y: -y, [0, 4], np.asarray([1.0]), method="DOP853", dense_output=True, rtol=1e-6)
    mid = (ref.t[1:] + ref.t[:-1]) / 2
    numpy.testing.assert_allclose(got.sol(mid).to_numpy(), ref.sol(mid), rtol=1e-10)  # steps within ~1e-10
    # the interpolant meets the steps' values at both ends
    numpy.testing.assert_allclose(got.sol(got.t).to_numpy(), got.y.to_numpy(), rtol=1e-13)


@pytest.mark.parametrize("method", ["RK45", "DOP853"])
def test_device_events_terminal_and_direction(method):
    def ground_in(xp):
        def ground(t, y):
            return y[0] - 1.0
        ground.terminal, ground.direction = True, -1
        return ground

    def apex(t, y):
        return y[1]

    fall = lambda t, y: np.stack([y[1], -9.81 + 0 * y[0]])  # noqa: E731
    ref = scipy.integrate.solve_ivp(lambda t, y: numpy.array([y[1], -9.81]), [0, 10], numpy.array([10.0, 3.0]),
                                    events=[ground_in(numpy), apex], method=method)
    got = _device(fall, [0, 10], np.asarray([10.0, 3.0]), events=[ground_in(np), apex], method=method)
    assert (got.status, got.message, got.nfev) == (ref.status, ref.message, ref.nfev)
    for g, r in zip(got.t_events, ref.t_events):
        numpy.testing.assert_allclose(g.to_numpy(), r, rtol=1e-12)
    for g, r in zip(got.y_events, ref.y_events):
        assert g.shape == r.shape
        numpy.testing.assert_allclose(g.to_numpy(), r, rtol=1e-10, atol=1e-12)


@pytest.mark.parametrize("method", ["RK45", "DOP853"])
def test_device_vectorized_and_complex(method):
    ref = scipy.integrate.solve_ivp(lambda t, y: -0.5j * y, [0, 2], numpy.array([1 + 0j, 2j]), method=method)
    got = _device(lambda t, y: -0.5j * y, [0, 2], np.asarray([1 + 0j, 2j]), method=method)
    assert got.y.dtype == ref.y.dtype
    numpy.testing.assert_allclose(got.y.to_numpy(), ref.y, rtol=1e-12)
    ref = scipy.integrate.solve_ivp(lambda t, y: -0.5 * y, [0, 2], numpy.array([1.0, 2.0]), vectorized=True,
                                    method=method)
    got = _device(lambda t, y: -0.5 * y, [0, 2], np.asarray([1.0, 2.0]), vectorized=True, method=method)
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
        integrate.solve_ivp(lambda t, y: -y, [0, 1], np.empty(2, device="meta"), method="Radau")


def test_odeint_host_is_scipys_and_device_within_its_tolerance():
    t = numpy.linspace(0, 4, 9)
    ref = scipy.integrate.odeint(lambda y, t: -0.5 * y + numpy.sin(t), numpy.array([1.0, 2.0]), t)

    def rhs(y, t):  # t a float: its sine on y's device (np.sin(t) alone is on the default device, §3.3)
        return -0.5 * y + np.sin(np.asarray(t, device=y.device))

    host = integrate.odeint(rhs, np.asarray([1.0, 2.0], device="cpu"), np.asarray(t))
    numpy.testing.assert_allclose(host.to_numpy(), ref, rtol=1e-15)  # np.sin of a float: the same libm value
    with accelerator_rules():
        got = integrate.odeint(rhs, np.asarray([1.0, 2.0]), np.asarray(t, device=DEVICE))
    assert got.shape == ref.shape
    # RK45 and LSODA, each at rtol=atol=1.49e-8 per step: their global errors differ (~2e-7 here);
    # both within 1e-6 of a tight solution
    exact = scipy.integrate.solve_ivp(lambda t, y: -0.5 * y + numpy.sin(t), [0, 4], [1.0, 2.0], method="DOP853",
                                      t_eval=t, rtol=1e-13, atol=1e-13).y.T
    numpy.testing.assert_allclose(got.to_numpy(), exact, rtol=1e-6)
    numpy.testing.assert_allclose(ref, exact, rtol=1e-6)
    numpy.testing.assert_allclose(got.to_numpy(), ref, rtol=1e-6)


def on_device(a):
    """Test data on the test device (``support.DEVICE``): a NumPy array given to ``np.asarray`` stays
    host data (§3.3), which beside the default device's arrays (the right-hand sides' ``np.sin(t)`` of
    a float ``t``) is a mix on a GPU (the first GPU run's solve_ivp_batch failures)."""
    return np.asarray(a, device=DEVICE)


def _batch_device(*args, **kwargs):
    with accelerator_rules():
        return integrate.solve_ivp_batch(*args, **kwargs)


# -- solve_ivp_batch: torchnp's extension (docs/scipy.md), each row against SciPy's solve_ivp of it --
def oscillator_in(xp):
    def rhs(t, y, k, c):  # y[..., i]: one state (SciPy's) or a batch of them (solve_ivp_batch)
        return xp.stack([y[..., 1], -k * y[..., 0] - c * y[..., 1] + xp.sin(t)], axis=-1)
    return rhs


@settings(max_examples=examples(10), deadline=None)
@given(method=st.sampled_from(["RK45", "RK23", "DOP853"]), rtol=st.sampled_from([1e-4, 1e-7]), rows=st.integers(1, 6),
       backwards=st.booleans(), seed=st.integers(0, 99))
def test_batch_rows_agree_with_scipys_solve_ivp(method, rtol, rows, backwards, seed):
    y0 = numpy.random.default_rng(seed).uniform(-2, 2, (rows, 2))
    span = (6.0, 0.0) if backwards else (0.0, 6.0)
    te = numpy.linspace(*span, 13)
    args, tol = (4.0, 0.3), dict(rtol=rtol, atol=rtol * 1e-3)
    got = integrate.solve_ivp_batch(oscillator_in(np), span, on_device(y0), method=method, t_eval=on_device(te),
                                    args=args, dense_output=True, **tol)
    assert got.y.shape == (rows, 2, 13) and got.success and got.status == 0 and isinstance(got.y, np.ndarray)
    numpy.testing.assert_array_equal(got.t.to_numpy(), te)
    for b in range(rows):
        ref = scipy.integrate.solve_ivp(oscillator_in(numpy), span, y0[b], method=method, t_eval=te, args=args, **tol)
        exact = scipy.integrate.solve_ivp(oscillator_in(numpy), span, y0[b], method="DOP853", t_eval=te, args=args,
                                          rtol=1e-13, atol=1e-13).y
        # the common step is never longer than the row's own: the row is at least as accurate as
        # SciPy's solution of it (to within SciPy's own global error), and both agree within it
        scale = numpy.abs(exact).max()
        assert numpy.abs(got.y.to_numpy()[b] - exact).max() <= 2 * numpy.abs(ref.y - exact).max() + 1e-13 * scale
        numpy.testing.assert_allclose(got.y.to_numpy()[b], ref.y, rtol=0, atol=50 * rtol * scale)
        numpy.testing.assert_allclose(got.sol(te[5]).to_numpy()[b], got.y.to_numpy()[b, :, 5], rtol=1e-12)


@pytest.mark.parametrize("rules", ["host", "accelerator"])  # one torch path under both (no SciPy counterpart)
@pytest.mark.parametrize("method", ["RK45", "RK23", "DOP853"])
def test_batch_of_one_takes_scipys_steps(method, rules):
    y0 = numpy.array([1.0, -0.5])
    ref = scipy.integrate.solve_ivp(oscillator_in(numpy), (0, 8), y0, method=method, args=(4.0, 0.3), rtol=1e-6,
                                    atol=1e-9)
    got = (integrate.solve_ivp_batch if rules == "host" else _batch_device)(oscillator_in(np), (0, 8), on_device(y0[None]), method=method, args=(4.0, 0.3),
                                    rtol=1e-6, atol=1e-9)
    assert (got.nfev, got.message) == (ref.nfev, ref.message) and got.y.shape == (1,) + ref.y.shape
    numpy.testing.assert_allclose(got.t.to_numpy(), ref.t, rtol=1e-7)  # as test_device_takes_scipys_steps
    numpy.testing.assert_allclose(got.y.to_numpy()[0], ref.y, rtol=1e-6, atol=1e-7)  # t within 1e-7: y too


def _events(terminal, direction):
    def position(t, y, *args):  # y[..., 0]: one value per row (solve_ivp_batch), or SciPy's scalar
        return y[..., 0]

    def velocity(t, y, *args):
        return y[..., 1] - 0.5

    position.terminal, position.direction = terminal, direction
    return [position, velocity]


@settings(max_examples=examples(8), deadline=None)
@given(method=st.sampled_from(["RK45", "RK23", "DOP853"]), rows=st.integers(1, 4),
       terminal=st.sampled_from([False, True, 2]), direction=st.sampled_from([-1.0, 0.0, 1.0]),
       backwards=st.booleans(), seed=st.integers(0, 99), rules=st.sampled_from(["host", "accelerator"]))
@example(method="DOP853", rows=4, terminal=False, direction=-1.0, backwards=False, seed=0, rules="host")
@example(method="DOP853", rows=4, terminal=True, direction=1.0, backwards=False, seed=0, rules="accelerator")
@example(method="DOP853", rows=4, terminal=2, direction=0.0, backwards=False, seed=0, rules="host")
def test_batch_events_per_row_agree_with_scipys_solve_ivp(method, rows, terminal, direction, backwards, seed, rules):
    # each row's event times and states, its terminal stop and its values up to it, against SciPy's
    # solve_ivp of that row (tight tolerances: the common step is never longer than the row's own)
    y0 = numpy.random.default_rng(seed).uniform(-2, 2, (rows, 2))
    span = (8.0, 0.0) if backwards else (0.0, 8.0)
    te = numpy.linspace(*span, 17)
    args, tol = (4.0, 0.3), dict(rtol=1e-10, atol=1e-12)
    run = integrate.solve_ivp_batch if rules == "host" else _batch_device
    got = run(oscillator_in(np), span, on_device(y0), method=method, t_eval=on_device(te), args=args,
              events=_events(terminal, direction), **tol)
    refs = [scipy.integrate.solve_ivp(oscillator_in(numpy), span, y0[b], method=method, t_eval=te, args=args,
                                      events=_events(terminal, direction), **tol) for b in range(rows)]
    assert len(got.t_events) == len(got.y_events) == 2 and all(len(e) == rows for e in got.t_events)
    # the steps (t_eval takes no part in them): the batch's common ones, and SciPy's of each row
    steps = run(oscillator_in(np), span, on_device(y0), method=method, args=args, events=_events(terminal, direction),
                **tol).t.to_numpy()
    apart = {b for b, ref in enumerate(refs) if _double_crossings_apart(got, ref, b, (steps, scipy.integrate.solve_ivp(
        oscillator_in(numpy), span, y0[b], method=method, args=args, events=_events(terminal, direction), **tol).t),
        backwards)}
    assert got.success and got.status == (1 if all(r.status == 1 for r in refs) else 0) or (apart and terminal)
    for b, ref in enumerate(refs):
        if b in apart:  # events apart as documented: a terminal one stops its row elsewhere
            continue
        for i in range(2):
            t_got, y_got = got.t_events[i][b], got.y_events[i][b]
            assert isinstance(t_got, np.ndarray) and t_got.shape == ref.t_events[i].shape
            assert y_got.shape == ref.y_events[i].shape
            numpy.testing.assert_allclose(t_got.to_numpy(), ref.t_events[i], rtol=0, atol=1e-7)
            numpy.testing.assert_allclose(y_got.to_numpy(), ref.y_events[i], rtol=0, atol=1e-7)
        k = ref.t.size  # SciPy's output ends at the row's stop; the batch holds the row there after it
        numpy.testing.assert_allclose(got.y.to_numpy()[b, :, :k], ref.y, rtol=0, atol=1e-7)
        if ref.status == 1:
            held = ref.y_events[0][-1]
            numpy.testing.assert_allclose(got.y.to_numpy()[b, :, k:], held[:, None] + 0 * got.y.to_numpy()[b, :, k:],
                                          rtol=0, atol=1e-7)
    if got.status == 1 and not apart:  # every row stopped: the output grid ends at the last stop, as SciPy's
        assert got.t.to_numpy().size == max(r.t.size for r in refs)


def _double_crossings_apart(got, ref, b, grids, backwards):
    """Whether row ``b``'s events differ from SciPy's ``ref`` of it. Each finds a crossing where the
    event's sign differs at a step's ends, and the batch's steps are not SciPy's, so two crossings of one
    event within one step of one are missed by it alone (docs/scipy.md: seed 0 of 4 rows, DOP853, where
    velocity - 0.5 crosses at 2.4703 and 2.5876 within one common step): the first event one finds and
    the other not (in the direction of integration; after it a terminal event's row goes its own way)
    must be the first of two such crossings, within one step of ``grids`` (the batch's steps for SciPy's
    events, SciPy's steps for the batch's)."""
    first = None
    for i in range(2):
        mine, theirs = got.t_events[i][b].to_numpy(), ref.t_events[i]
        for side, (times, others) in enumerate(((theirs, mine), (mine, theirs))):
            alone = [k for k, t in enumerate(times) if numpy.abs(others - t).min(initial=numpy.inf) > 1e-7]
            if alone and (first is None or (times[alone[0]] > first[0]) == backwards):
                first = (times[alone[0]], times, alone, grids[side], i)
    if first is None:
        return False
    t0, times, alone, grid, i = first
    assert len(alone) > 1 and alone[1] == alone[0] + 1, (i, t0, times)  # its partner: the next crossing
    lo, hi = sorted((t0, times[alone[1]]))
    grid = numpy.sort(grid)
    j = numpy.searchsorted(grid, lo)
    assert 0 < j < grid.size and grid[j - 1] <= lo and hi <= grid[j], (i, lo, hi)
    return True


def test_batch_events_dense_output_and_bad_event_values():
    def ground(t, y):  # a ball thrown up from three heights: each row lands at its own time
        return y[..., 0]
    ground.terminal, ground.direction = True, -1

    def fall(t, y):
        return np.stack([y[..., 1], -9.81 + 0 * y[..., 1]], axis=-1)
    y0 = numpy.array([[0.0, 5.0], [1.0, 10.0], [2.0, 1.0]])
    got = integrate.solve_ivp_batch(fall, (0, 10), on_device(y0), events=ground, dense_output=True)
    land = [(v + numpy.sqrt(v * v + 2 * 9.81 * h)) / 9.81 for h, v in y0]  # exact (RK45 integrates a parabola)
    assert got.status == 1 and got.message == "A termination event occurred."
    numpy.testing.assert_allclose([got.t_events[0][b].to_numpy()[0] for b in range(3)], land, rtol=1e-12)
    numpy.testing.assert_allclose(got.t.to_numpy()[-1], max(land), rtol=1e-12)
    at = got.sol(2.0).to_numpy()  # rows 0 and 2 landed before t=2: held at the ground
    numpy.testing.assert_allclose(at[[0, 2], 0], 0, atol=1e-12)
    numpy.testing.assert_allclose(at[1, 0], 1 + 10 * 2 - 9.81 * 2, rtol=1e-12)
    with pytest.raises(ValueError, match="one value per row"):
        integrate.solve_ivp_batch(fall, (0, 1), on_device(y0), events=lambda t, y: y[0, 0])


@pytest.mark.parametrize("dtype", ["float32", "complex64"])
def test_float32_states_are_scipys_float64_and_per_component_atol(dtype):
    y0 = numpy.array([[1.0, 0.0], [0.0, 2.0]], dtype=dtype)
    got = integrate.solve_ivp_batch(oscillator_in(np), (0, 3), on_device(y0), t_eval=on_device([1.0, 3.0]),
                                    args=(4.0, 0.3), atol=np.asarray([1e-6, 1e-5]))
    one = _device(oscillator_in(np), (0, 3), on_device(y0[0]), t_eval=on_device([1.0, 3.0]), args=(4.0, 0.3),
                  atol=np.asarray([1e-6, 1e-5]))
    assert got.y.shape == (2, 2, 2)
    for b in range(2):
        ref = scipy.integrate.solve_ivp(oscillator_in(numpy), (0, 3), y0[b], t_eval=[1.0, 3.0], args=(4.0, 0.3),
                                        atol=[1e-6, 1e-5])
        assert got.y.dtype == one.y.dtype == ref.y.dtype  # SciPy integrates in float64 (complex128)
        numpy.testing.assert_allclose(got.y.to_numpy()[b], ref.y, atol=1e-2)  # rtol=1e-3 solutions
        if b == 0:
            numpy.testing.assert_allclose(one.y.to_numpy(), ref.y, rtol=1e-6)


@pytest.mark.parametrize("bad, exc", [(dict(method="BDF"), ValueError), (dict(method="no-such"), ValueError),
                                      (dict(atol=[1e-6, 1e-6, 1e-6]), ValueError), (dict(max_step=0.0), ValueError),
                                      (dict(first_step=5.0), ValueError), (dict(t_eval=[0.5, 0.2]), ValueError),
                                      (dict(args=4.0), TypeError)])
def test_batch_bad_input_raises_scipys_errors(bad, exc):
    with pytest.raises(exc):  # SciPy's exception for each, as solve_ivp of a row raises it
        integrate.solve_ivp_batch(lambda t, y, *a: -y, (0, 1), np.ones((3, 2)), **bad)
    if "method" not in bad:
        with pytest.raises(exc):
            scipy.integrate.solve_ivp(lambda t, y, *a: -y, (0, 1), numpy.ones(2), **bad)
    with pytest.raises(ValueError):  # a batch is (B, n)
        integrate.solve_ivp_batch(lambda t, y: -y, (0, 1), np.ones(3))


@pytest.mark.parametrize("method", ["RK45", "DOP853"])
def test_gradients_through_the_integrator_are_scipys_sensitivities(method):  # issue 26: autograd, §8.2
    """torchnp.grad of the end state with respect to y0 and a parameter, through the device
    integrator's stages (its steps held fixed), against the sensitivity equations integrated by
    SciPy: equal to the integrator's tolerance."""

    def rhs(t, y, k):
        return np.stack([y[1], -k * y[0] - 0.3 * y[1]])

    def end_state(p):  # p = (x0, v0, k)
        sol = integrate.solve_ivp(rhs, (0, 3), p[:2], method=method, args=(p[2],), rtol=1e-10, atol=1e-12)
        return sol.y[0, -1]

    g = np.grad(end_state)(np.asarray([1.0, -0.5, 4.0]))

    def augmented(t, z):  # y, dy/dx0, dy/dv0, dy/dk: each a (position, velocity) pair
        k, (x, v) = 4.0, z[:2]
        out = [v, -k * x - 0.3 * v]
        for i in range(3):
            sx, sv = z[2 + 2 * i: 4 + 2 * i]
            out += [sv, -k * sx - 0.3 * sv - (x if i == 2 else 0.0)]
        return out

    ref = scipy.integrate.solve_ivp(augmented, (0, 3), [1.0, -0.5, 1.0, 0.0, 0.0, 1.0, 0.0, 0.0], method="DOP853",
                                    rtol=1e-12, atol=1e-14).y[:, -1]
    numpy.testing.assert_allclose(g.to_numpy(), ref[[2, 4, 6]], rtol=1e-7)


def test_options_without_effect_warn_as_scipy():  # SciPy's explicit solvers ignore `jac` with a warning
    with pytest.warns(UserWarning, match="no effect for a chosen solver: `jac`, `band`") as ref:
        scipy.integrate.solve_ivp(lambda t, y: -y, (0, 1), numpy.ones(2), jac=None, band=1)
    with accelerator_rules(), pytest.warns(UserWarning) as got:
        integrate.solve_ivp(lambda t, y: -y, (0, 1), np.ones(2), jac=None, band=1)
    assert [str(w.message) for w in got] == [str(w.message) for w in ref]
    with pytest.warns(UserWarning, match="no effect for a chosen solver: `jac`"):  # never dropped silently
        integrate.solve_ivp_batch(lambda t, y: -y, (0, 1), np.ones((2, 2)), jac=lambda t, y: y[0])
