"""``solve_ivp`` and ``odeint``: SciPy's own on host data, the device integrators of ``_ivp``
where ``y0`` lives on an accelerator (DESIGN §8.4)."""

import torch

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
    if placement((y0, t_eval), {}) is None:
        evs = events if events is None or callable(events) and not isinstance(events, (list, tuple)) else events
        wrapped = (host_callable(evs) if callable(evs) else [host_callable(e) for e in evs]) if evs is not None else None
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


def odeint(func, y0, t, args=(), Dfun=None, col_deriv=0, full_output=0, ml=None, mu=None, rtol=None, atol=None,
           tcrit=None, h0=0.0, hmax=0.0, hmin=0.0, ixpr=0, mxstep=0, mxhnil=0, mxordn=12, mxords=5, printmessg=0,
           tfirst=False):
    """SciPy's ``scipy.integrate.odeint``; on a device: a stiffness-switching integrator in LSODA's
    spirit (RK45 while nonstiff, SciPy's BDF while stiff; ``_lsoda``) at odeint's tolerances
    (1.49012e-8), evaluated at ``t``; ``Dfun`` (with ``col_deriv``, not banded), ``h0``, ``hmax``,
    ``mxstep`` (steps per output interval) and ``full_output`` (the keys ``hu``, ``tcur``, ``tsw``,
    ``nst``, ``nfe``, ``nje``, ``nqu``, ``mused``, ``message``) as SciPy's (docs/scipy.md)."""
    if placement((y0, t), {}) is None:
        return _from_scipy(scipy_function("integrate.odeint")(
            host_callable(func), _host_views(y0), _host_views(t), args=args, Dfun=host_callable(Dfun),
            col_deriv=col_deriv, full_output=full_output, ml=ml, mu=mu, rtol=rtol, atol=atol, tcrit=tcrit, h0=h0,
            hmax=hmax, hmin=hmin, ixpr=ixpr, mxstep=mxstep, mxhnil=mxhnil, mxordn=mxordn, mxords=mxords,
            printmessg=printmessg, tfirst=tfirst))
    if Dfun is not None and (ml is not None or mu is not None):
        raise TypeError("torchnp.scipy.integrate.odeint's banded Dfun (ml, mu) is host only: pass y0.to_numpy() "
                        "to use SciPy's (docs/scipy.md).")
    y = tensor(y0, None)
    ts = tensor(t, y.device)
    if ts.dim() != 1:
        raise ValueError("t must be 1-dimensional")  # noqa: E501 - odeint's own check reads the same
    times = [float(v) for v in ts.tolist()]  # the output grid: a host read of t (docs/devices.md)
    if not isinstance(args, tuple):
        from scipy.integrate import _odepack  # SciPy's exception type, only for this error

        raise _odepack.error("Extra arguments must be in a tuple.")
    rhs = (lambda tt, yy: func(tt, yy, *args)) if tfirst else (lambda tt, yy: func(yy, tt, *args))
    jac = None
    if Dfun is not None:
        def jac(tt, yy):
            J = _ivp._as_state(Dfun(tt, yy, *args) if tfirst else Dfun(yy, tt, *args), yy._t)
            return J.T if col_deriv else J
    tol = 1.49012e-8
    state = y.reshape(-1).to(torch.complex128 if y.is_complex() else torch.float64)
    out, info, istate = _lsoda.odeint_on_device(rhs, state, times, tol if rtol is None else rtol,
                                                tol if atol is None else atol, jac, h0, hmax, mxstep, full_output)
    if istate < 0:
        _lsoda.warn_failure(istate)
    y_out = _wrap(out.reshape((len(times),) + tuple(y.shape)))
    return (y_out, _lsoda.infodict(info, istate, out)) if full_output else y_out


DEVICE["integrate.solve_ivp"] = solve_ivp
DEVICE["integrate.odeint"] = odeint
