"""``solve_ivp`` and ``odeint``: SciPy's own on host data, the device integrators of ``_ivp``
where ``y0`` lives on an accelerator (DESIGN §8.4)."""

import numpy as _np
import torch

from ... import _device
from ..._array import _wrap
from ..._boundary import tensor
from .._dispatch import DEVICE, _from_scipy, _host_views, placement, scipy_function
from ..optimize import host_callable
from . import _ivp, _lsoda


def _host_result(r):
    for k, v in r.items():
        r[k] = _from_scipy(v)
    return r


def solve_ivp(fun, t_span, y0, method="RK45", t_eval=None, dense_output=False, events=None, vectorized=False,
              args=None, **options):
    """SciPy's ``scipy.integrate.solve_ivp``; on a device: RK45, RK23, DOP853 and BDF (SciPy's steps), ``t_eval``,
    ``dense_output``, events (terminal and directional), ``vectorized``, ``args``."""
    if placement((y0, t_eval, options.get("rtol"), options.get("atol"), options.get("jac")), {}) is None:
        wrapped = (host_callable(events) if callable(events) else [host_callable(e) for e in events]) \
            if events is not None else None
        return _host_result(scipy_function("integrate.solve_ivp")(
            host_callable(fun), t_span, _host_views(y0), method=method, t_eval=_host_views(t_eval),
            dense_output=dense_output, events=wrapped, vectorized=vectorized, args=args,
            **{k: _host_views(v) for k, v in options.items()}))
    if isinstance(method, str) and method not in _ivp.SCIPY_METHODS:
        raise ValueError(f"`method` must be one of {dict.fromkeys(_ivp.SCIPY_METHODS)} or OdeSolver class.")
    if method not in _ivp.DEVICE_METHODS:
        raise TypeError(f"torchnp.scipy.integrate.solve_ivp runs method {method!r} on host data only (SciPy's "
                        f"own); on a device: {sorted(_ivp.DEVICE_METHODS)}. torchnp never copies data implicitly: pass "
                        "y0.to_numpy() to use SciPy's (docs/scipy.md).")
    return _ivp.solve_on_device(fun, t_span, y0, method, t_eval, dense_output, events, vectorized, args, dict(options))


def solve_ivp_batch(fun, t_span, y0, method="RK45", t_eval=None, dense_output=False, events=None, args=None,
                    **options):
    """torchnp's extension (no SciPy counterpart): ``solve_ivp`` over a batch of independent
    initial states ``y0`` of shape ``(B, n)``, as one computation on ``y0``'s device (the torch
    path, host data included).

    ``fun(t, y, *args)`` takes the batch ``y`` of shape ``(B, n)`` and returns its derivatives,
    of that shape (a right-hand side written with ``y[..., i]`` serves both ``solve_ivp`` and
    this). All rows take one common step, accepted when the largest of the rows' error norms
    (SciPy's, per row) is below 1, so each row meets its tolerances with steps no longer than
    SciPy's would take; a batch of one takes SciPy's steps. ``method``: 'RK45', 'RK23' or
    'DOP853'; ``rtol``, ``atol`` (a scalar or per component, shape ``(n,)``), ``max_step``,
    ``first_step`` as SciPy's. Returns an ``OdeResult``: ``t`` (the common steps, or ``t_eval``),
    ``y`` of shape ``(B, n, len(t))``, ``sol`` (``sol(t)``: ``(B, n)``, or ``(B, n, T)`` for
    ``T`` times) with ``dense_output``, ``nfev`` (batched evaluations), ``status``, ``message``,
    ``success``.

    ``events``: SciPy's event functions (``terminal``, ``direction`` attributes) per row: each takes
    ``(t, y)`` with the batch ``y`` and returns one value per row, shape ``(B,)`` (``t`` is a float,
    or the rows' own times, shape ``(B,)``, while roots are located). ``t_events[i][b]`` and
    ``y_events[i][b]`` are row ``b``'s times and states of event ``i``, as SciPy's ``solve_ivp`` of
    that row gives them. A terminal event stops its row (held at its state there, later output
    times included); the others go on, and the integration ends when every row has stopped
    (``status`` 1, ``t`` ending at the last stop) or at ``t_span``'s end."""
    if method not in _ivp.TABLEAUS:
        raise ValueError(f"`method` must be one of {dict.fromkeys(_ivp.TABLEAUS)} for solve_ivp_batch.")
    return _ivp.solve_on_device(fun, t_span, y0, method, t_eval, dense_output, events, False, args, dict(options),
                                batch=True)


def _odepack_error(message):
    from scipy.integrate import _odepack  # SciPy's exception type, only for its errors

    return _odepack.error(message)


def _odeint_tolerance(x, t, n, which):
    """odeint's ``rtol``/``atol`` (None: 1.49012e-8; ``t``: its tensor on the state's device) as LSODA
    takes them: a scalar or one per equation, else SciPy's ``_odepack.error``; (tensor, host values)."""
    if t.dim() > 1:
        raise _odepack_error(f"Error converting {which} tolerance.")
    if t.dim() == 1 and t.shape[0] != n:
        raise _odepack_error("Tolerances must be an array of the same length as the\n     number of equations or a "
                             "scalar.")
    return t, _ivp.host_values(1.49012e-8 if x is None else x, t)


def _odeint_jacobian(Dfun, args, tfirst, col_deriv, ml, mu, n):
    """odeint's ``Dfun`` as the BDF's ``jac(t, y)``: a dense tensor of shape ``(n, n)`` from a full
    Jacobian (rows: equations; ``col_deriv``: its transpose) or, with ``ml``/``mu``, from LSODA's band
    (``B[i - j + mu, j] = df_i/dy_j``, shape ``(ml + mu + 1, n)``; ``col_deriv``: its transpose),
    placed on the device; SciPy's RuntimeError for another shape."""
    banded = ml >= 0 or mu >= 0
    ml, mu = max(ml, 0), max(mu, 0)
    rows = ml + mu + 1 if banded else n
    expected = (n, rows) if col_deriv else (rows, n)
    kind = "banded " if banded else ""

    def jac(tt, yy):
        J = _ivp._as_state(Dfun(tt, yy, *args) if tfirst else Dfun(yy, tt, *args), yy._t)  # yy: an array
        if J.dim() > 2:
            raise RuntimeError(f"The Jacobian array must be two dimensional, but got ndim={J.dim()}.")
        got = tuple(J.shape) if J.dim() == 2 else ((1, J.shape[0]) if J.dim() == 1 else (1, 1))
        if got != expected:
            raise RuntimeError(f"Expected a {kind}Jacobian array with shape {expected}, but got {got}")
        J = J.reshape(expected)
        if col_deriv:
            J = J.T
        if not banded:
            return J
        full = J.new_zeros((n, n))
        for r in range(rows):  # band row r holds diagonal k = mu - r: B[r, j] = J[j - k, j]
            k = mu - r
            v = J[r, k:] if k >= 0 else J[r, :n + k]
            full = full + torch.diag(v, k)
        return full
    return jac


def odeint(func, y0, t, args=(), Dfun=None, col_deriv=0, full_output=0, ml=None, mu=None, rtol=None, atol=None,
           tcrit=None, h0=0.0, hmax=0.0, hmin=0.0, ixpr=0, mxstep=0, mxhnil=0, mxordn=12, mxords=5, printmessg=0,
           tfirst=False):
    """SciPy's ``scipy.integrate.odeint``; on a device: a stiffness-switching integrator in LSODA's
    spirit (RK45 while nonstiff, SciPy's BDF while stiff; ``_lsoda``) at odeint's tolerances
    (1.49012e-8; scalars or one per equation), evaluated at ``t``; ``Dfun`` (with ``col_deriv``, full
    or banded with ``ml``/``mu``), ``tcrit`` (never stepping past a critical time), ``h0``, ``hmax``,
    ``hmin``, ``mxstep`` (steps per output interval), ``printmessg`` and ``full_output`` (SciPy's
    infodict: its keys, shapes and dtypes, LSODA's values where they do not depend on the integrator)
    as SciPy's (docs/scipy.md)."""
    if placement((y0, t, rtol, atol, tcrit), {}) is None:
        return _from_scipy(scipy_function("integrate.odeint")(
            host_callable(func), _host_views(y0), _host_views(t), args=args, Dfun=host_callable(Dfun),
            col_deriv=col_deriv, full_output=full_output, ml=ml, mu=mu, rtol=_host_views(rtol),
            atol=_host_views(atol), tcrit=_host_views(tcrit), h0=h0, hmax=hmax, hmin=hmin, ixpr=ixpr, mxstep=mxstep,
            mxhnil=mxhnil, mxordn=mxordn, mxords=mxords, printmessg=printmessg, tfirst=tfirst))
    y = tensor(y0, None)
    ts = tensor(t, y.device)
    # the array operands on y's device (DeviceMismatchError for a mix, §3.3) before any host read
    rt, at = (tensor(1.49012e-8 if x is None else x, y.device).to(torch.float64) for x in (rtol, atol))
    tc = None if tcrit is None else tensor(tcrit, y.device)
    _device.check_same([y, ts, rt, at, tc])
    if ts.dim() != 1:
        raise ValueError("Output times t must be one-dimensional." if ts.dim() > 1 else
                         "diff requires input that is at least one dimensional")
    times = [float(v) for v in ts.tolist()]  # the output grid: a host read of t (docs/devices.md)
    dt = _np.diff(times)
    if not ((dt >= 0).all() or (dt <= 0).all()):
        raise ValueError("The values in t must be monotonically increasing or monotonically decreasing; repeated "
                         "values are allowed.")
    if not isinstance(args, tuple):
        raise _odepack_error("Extra arguments must be in a tuple.")
    if not callable(func) or (Dfun is not None and not callable(Dfun)):
        raise _odepack_error("The function and its Jacobian must be callable functions.")
    if y.dim() > 1:
        raise ValueError("Initial condition y0 must be one-dimensional.")
    state = y.reshape(-1).to(torch.complex128 if y.is_complex() else torch.float64)
    n = state.shape[0]
    rt, rv = _odeint_tolerance(rtol, rt, n, "relative")
    at, av = _odeint_tolerance(atol, at, n, "absolute")
    crit = []
    if tc is not None:
        if tc.dim() > 1:
            raise _odepack_error("Error constructing critical times.")
        crit = [float(v) for v in tc.reshape(-1).tolist()]  # critical times: a host read (docs/devices.md)
    ml = -1 if ml is None else int(ml)
    mu = -1 if mu is None else int(mu)
    direction = 1.0 if times[-1] >= times[0] else -1.0
    # LSODA's input checks in its order: the options (its work array lengths not yet set), then the
    # tolerances, then (on y0: a host read only where they can fail) the error weights and the accuracy
    for name, v in (("mxordn", mxordn), ("mxords", mxords)):  # SciPy's driver, sizing LSODA's work arrays
        if v < 0:
            raise _odepack_error(f"Incorrect value for {name}.")
    banded = ml >= 0 or mu >= 0
    refused = (h0 * direction < 0 or hmax < 0 or hmin < 0 or (banded and (ml >= n or mu >= n)) or ixpr not in (0, 1)
               or mxstep < 0 or mxhnil < 0)
    lenrw, leniw = (0, 0) if refused else _lsoda.workspace(n, ml, mu, mxordn, mxords, banded)
    illegal = refused or _np.any(rv < 0) or _np.any(av < 0)
    tolsf = 0.0
    checked = bool(_np.any(av == 0) or _np.min(rv) < 1e-13)  # where LSODA's weight checks can fail
    if not illegal and checked:
        y_host = _np.abs(_np.asarray(state.detach().abs().cpu().tolist(), dtype=float))  # (docs/devices.md)
        ewt = rv * y_host + av
        illegal = bool(_np.any(ewt <= 0))
        if not illegal:
            tolsf = _ivp.EPS * float(_np.max(y_host / ewt, initial=0.0))
            illegal = tolsf > 0.01  # LSODA: "at start of problem, too much accuracy requested"
            tolsf = tolsf * 200.0 if illegal else 0.0
    rhs = (lambda tt, yy: func(tt, yy, *args)) if tfirst else (lambda tt, yy: func(yy, tt, *args))
    jac = None if Dfun is None else _odeint_jacobian(Dfun, args, tfirst, col_deriv, ml, mu, n)
    if illegal:  # LSODA's check of its inputs: SciPy's warning and rows
        out, info, istate = _lsoda.illegal_input(state, times, tolsf)
    else:
        rtol_t = float(rv.max(initial=0.0)) if rt.dim() == 0 else rt
        rtol_t = max(rtol_t, 100 * _ivp.EPS) if isinstance(rtol_t, float) else torch.clamp_min(rtol_t, 100 * _ivp.EPS)
        out, info, istate = _lsoda.odeint_on_device(rhs, state, times, rtol_t, at, jac, h0, hmax, mxstep, full_output,
                                                    hmin=hmin, tcrit=crit,
                                                    newton_rtol=max(float(rv.min()), 100 * _ivp.EPS),
                                                    weights=(rt, at) if checked else None)
    if istate < 0:
        _lsoda.warn_failure(istate)
    elif printmessg:
        _lsoda.warn_message(istate)
    y_out = _wrap(out.reshape((len(times), n)))
    return (y_out, _lsoda.infodict(info, istate, out, lenrw, leniw)) if full_output else y_out


DEVICE["integrate.solve_ivp"] = solve_ivp
DEVICE["integrate.odeint"] = odeint
