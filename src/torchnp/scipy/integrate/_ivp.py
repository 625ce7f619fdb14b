"""``scipy.integrate.solve_ivp`` on the device (DESIGN §8.4; issue 26): SciPy's explicit
Runge-Kutta pairs (RK45: Dormand-Prince 5(4), RK23: Bogacki-Shampine 3(2), DOP853: Dormand-Prince
8(5,3) with its 7th-order dense output) with SciPy's step control, initial step, dense output,
``t_eval`` and events, on tensors.

The state has shape ``(n,)`` (``solve_ivp``) or ``(B, n)`` (``solve_ivp_batch``, torchnp's
extension): the stages stack on a last axis, and a batch takes one common step, accepted when
the largest of its rows' error norms is below 1 (each row's own test passes; docs/scipy.md).

The state, the stages and the interpolants stay on the device; the time grid is Python floats,
and each step attempt reads its error norm on the host to accept or shrink the step (and event
functions' signs, and roots found by Brent's method), as SciPy's loop does (docs/devices.md).
The arithmetic is SciPy's, step for step: on the CPU the torch path gives SciPy's steps, and
values within a few ulps per step (docs/scipy.md).
"""

import bisect
import math

import numpy as _np
import torch

from ... import _device, _dtypes
from ..._array import _wrap, ndarray
from ..._boundary import tensor
from ..optimize._result import OptimizeResult
from ..optimize._scalar import brentq
from ._bdf import BdfSolver, _as_state

SAFETY, MIN_FACTOR, MAX_FACTOR = 0.9, 0.2, 10
EPS = _np.finfo(float).eps


class OdeResult(OptimizeResult):
    """SciPy's ``OdeResult``: ``t``, ``y``, ``sol``, ``t_events``, ``y_events``, ``nfev``, ``njev``,
    ``nlu``, ``status``, ``message``, ``success``."""


class _Tableau:
    def __init__(self, order, error_order, C, A, B, E, P):
        self.order, self.error_order = order, error_order
        self.C, self.A, self.B, self.E, self.P = C, A, B, E, P
        self.n_stages = len(C)

    def tensors(self, real, dt, dev):
        """The step's weights as tensors: A (square, zero above the diagonal), B, and the error
        estimator(s)."""
        n = self.n_stages
        A = [list(row[:n]) + [0.0] * (n - len(row[:n])) for row in self.A[:n]]
        out = {k: torch.tensor(v, dtype=real, device=dev).to(dt) for k, v in
               (("A", A), ("B", self.B), ("E", self.E), ("P", self.P)) if v is not None}
        return out


class _Dop853Tableau(_Tableau):
    """DOP853: the 5th- and 3rd-order error estimators, three extra stages for the dense output."""

    def __init__(self):
        from . import _dop853_coefficients as c

        n = c.N_STAGES
        super().__init__(8, 7, c.C[:n], c.A[:n], c.B, None, None)
        self.E5, self.E3, self.D = c.E5, c.E3, c.D
        self.A_EXTRA, self.C_EXTRA = c.A[n + 1:], c.C[n + 1:]

    def tensors(self, real, dt, dev):
        out = super().tensors(real, dt, dev)
        for k in ("E5", "E3", "D"):
            out[k] = torch.tensor(getattr(self, k), dtype=real, device=dev).to(dt)
        out["A_EXTRA"] = [torch.tensor(a, dtype=real, device=dev).to(dt) for a in self.A_EXTRA]
        return out


# the coefficients of SciPy's RK23 and RK45 (Bogacki-Shampine 1989; Dormand-Prince 1980, with
# Shampine's quartic dense output)
_RK23 = _Tableau(
    3, 2, [0, 1 / 2, 3 / 4],
    [[0, 0, 0], [1 / 2, 0, 0], [0, 3 / 4, 0]],
    [2 / 9, 1 / 3, 4 / 9],
    [5 / 72, -1 / 12, -1 / 9, 1 / 8],
    [[1, -4 / 3, 5 / 9], [0, 1, -2 / 3], [0, 4 / 3, -8 / 9], [0, -1, 1]])
_RK45 = _Tableau(
    5, 4, [0, 1 / 5, 3 / 10, 4 / 5, 8 / 9, 1],
    [[0, 0, 0, 0, 0], [1 / 5, 0, 0, 0, 0], [3 / 40, 9 / 40, 0, 0, 0], [44 / 45, -56 / 15, 32 / 9, 0, 0],
     [19372 / 6561, -25360 / 2187, 64448 / 6561, -212 / 729, 0],
     [9017 / 3168, -355 / 33, 46732 / 5247, 49 / 176, -5103 / 18656]],
    [35 / 384, 0, 500 / 1113, 125 / 192, -2187 / 6784, 11 / 84],
    [-71 / 57600, 0, 71 / 16695, -71 / 1920, 17253 / 339200, -22 / 525, 1 / 40],
    [[1, -8048581381 / 2820520608, 8663915743 / 2820520608, -12715105075 / 11282082432],
     [0, 0, 0, 0],
     [0, 131558114200 / 32700410799, -68118460800 / 10900136933, 87487479700 / 32700410799],
     [0, -1754552775 / 470086768, 14199869525 / 1410260304, -10690763975 / 1880347072],
     [0, 127303824393 / 49829197408, -318862633887 / 49829197408, 701980252875 / 199316789632],
     [0, -282668133 / 205662961, 2019193451 / 616988883, -1453857185 / 822651844],
     [0, 40617522 / 29380423, -110615467 / 29380423, 69997945 / 29380423]])
TABLEAUS = {"RK23": _RK23, "RK45": _RK45, "DOP853": _Dop853Tableau()}
DEVICE_METHODS = (*TABLEAUS, "BDF")  # BDF: ``_bdf``
SCIPY_METHODS = ("RK23", "RK45", "DOP853", "Radau", "BDF", "LSODA")
MESSAGES = {0: "The solver successfully reached the end of the integration interval.",
            1: "A termination event occurred."}


def _rms_rows(x):
    """The RMS norm of each row (over the last axis), as SciPy's ``norm``: a tensor."""
    return torch.linalg.vector_norm(x, dim=-1) / math.sqrt(x.shape[-1])


def _rms(x):
    """SciPy's ``norm`` of the state, the largest over a batch's rows: a host float."""
    return float(torch.linalg.vector_norm(x.detach(), dim=-1).max()) / math.sqrt(x.shape[-1])


def _powers(x, order, like):
    """``cumprod`` of ``x`` repeated ``order`` times, as SciPy's ``RkDenseOutput`` takes it: for a
    float, on the host then uploaded; for a 1-d tensor of ``T`` times, an ``(order, T)`` tensor."""
    if isinstance(x, torch.Tensor):
        return torch.cumprod(x.expand(order, -1), dim=0).to(like.dtype)
    acc, powers = 1.0, []
    for _ in range(order):  # NumPy's cumprod of the repeated x
        acc *= x
        powers.append(acc)
    return torch.tensor(powers, dtype=like.real.dtype, device=like.device).to(like.dtype)


class _DenseOutput:
    """One step's interpolant (SciPy's ``RkDenseOutput``): y(t) = y_old + h Q p(x), x = (t - t_old) / h;
    ``y_old`` of shape ``(..., n)``, ``Q`` of shape ``(..., n, order)``."""

    def __init__(self, t_old, t, y_old, Q):
        self.t_old, self.t, self.h, self.y_old, self.Q = t_old, t, t - t_old, y_old, Q

    def __call__(self, t):
        """``t``: a float (a state) or a 1-d tensor of times (states on a new last axis)."""
        x = (t - self.t_old) / self.h
        y = self.h * (self.Q @ _powers(x, self.Q.shape[-1], self.Q))
        return y + (self.y_old[..., None] if isinstance(t, torch.Tensor) else self.y_old)

    def rows(self, t):
        """A batch's rows each at its own time: ``t`` of shape ``(B,)``, states ``(B, n)``."""
        x = ((t - self.t_old) / self.h).to(self.Q.dtype)
        powers = torch.cumprod(x[:, None].expand(-1, self.Q.shape[-1]), dim=1)
        return self.y_old + self.h * (self.Q @ powers[:, :, None])[..., 0]


class _Dop853DenseOutput:
    """DOP853's 7th-order interpolant (SciPy's ``Dop853DenseOutput``): the Horner-like scheme over
    ``F`` (7 rows of the state's shape), alternating factors ``x`` and ``1 - x``."""

    def __init__(self, t_old, t, y_old, F):
        self.t_old, self.t, self.h, self.y_old, self.F = t_old, t, t - t_old, y_old, F

    def __call__(self, t):
        x = (t - self.t_old) / self.h
        vector = isinstance(t, torch.Tensor)
        if vector:
            x = x.to(self.y_old.dtype)
        y = torch.zeros_like(self.y_old[..., None] if vector else self.y_old)
        for i, f in enumerate(reversed(self.F)):
            y = y + (f[..., None] if vector else f)
            y = y * (x if i % 2 == 0 else 1 - x)
        return y + (self.y_old[..., None] if vector else self.y_old)

    def rows(self, t):
        """A batch's rows each at its own time: ``t`` of shape ``(B,)``, states ``(B, n)``."""
        x = ((t - self.t_old) / self.h).to(self.y_old.dtype)[:, None]
        y = torch.zeros_like(self.y_old)
        for i, f in enumerate(reversed(self.F)):
            y = (y + f) * (x if i % 2 == 0 else 1 - x)
        return y + self.y_old


class _Stopped:
    """A step's interpolant where some rows of a batch stopped at terminal events inside the step:
    those rows hold their state at the event past its time."""

    def __init__(self, inner, rows, t_stop, y_stop, direction):
        self.inner, self.rows_, self.t_stop, self.y_stop, self.direction = inner, rows, t_stop, y_stop, direction
        self.t_old, self.t, self.y_old = inner.t_old, inner.t, inner.y_old

    def __call__(self, t):
        y = self.inner(t)
        if isinstance(t, torch.Tensor):
            past = self.rows_[:, None] & (self.direction * (t[None, :] - self.t_stop[:, None]) > 0)
            return torch.where(past[:, None, :], self.y_stop[..., None], y)
        past = self.rows_ & (self.direction * (t - self.t_stop) > 0)
        return torch.where(past[:, None], self.y_stop, y)


class OdeSolution:
    """SciPy's ``OdeSolution`` on the device: ``sol(t)`` for a float or an array of times."""

    def __init__(self, ts, interpolants):
        self.ts, self.interpolants = list(ts), interpolants
        self.t_min, self.t_max = min(ts[0], ts[-1]), max(ts[0], ts[-1])
        self.ascending = ts[-1] >= ts[0]

    def _segment(self, t):
        ts = self.ts if self.ascending else self.ts[::-1]
        i = bisect.bisect_left(ts, t) - 1
        i = min(max(i, 0), len(self.interpolants) - 1)
        return i if self.ascending else len(self.interpolants) - 1 - i

    def __call__(self, t):
        if isinstance(t, ndarray) or not _np.isscalar(t):
            ts = [float(v) for v in (t.tolist() if isinstance(t, ndarray) else _np.asarray(t).tolist())]
            like = self.interpolants[0].y_old
            cols = [self.interpolants[self._segment(v)](v) for v in ts]
            return _wrap(torch.stack(cols, dim=-1) if cols else like.new_empty(like.shape + (0,)))
        return _wrap(self.interpolants[self._segment(float(t))](float(t)))


class _Solver:
    """SciPy's ``RungeKutta`` solver state on tensors: the state ``y`` of shape ``(n,)`` or ``(B, n)``
    (a batch: one common step, its error norm the largest row's)."""

    def __init__(self, fun, t0, y0, t_bound, tableau, rtol, atol, max_step, first_step, vectorized):
        self.tab, self.t, self.y, self.t_bound = tableau, t0, y0, t_bound
        self.direction = float(_np.sign(t_bound - t0)) if t_bound != t0 else 1.0
        self.nfev = 0
        if vectorized:
            self._fun = lambda t, y: _as_state(fun(t, _wrap(y[:, None])), y).reshape(-1)
        else:
            self._fun = lambda t, y: _as_state(fun(t, _wrap(y)), y)
        real = y0.real.dtype if y0.is_complex() else y0.dtype
        self.W = tableau.tensors(real, y0.dtype, y0.device)
        self.rtol, self.atol, self.max_step = rtol, atol, max_step
        self.f = self.fun(t0, y0)
        self.h_abs = first_step if first_step is not None else self._initial_step()
        self.error_exponent = -1 / (tableau.error_order + 1)
        self.status = "running"
        self.K = None
        self.hmin, self.failure = 0.0, None  # odeint's hmin; its istate where a step fails at hmin
        self.frozen = None  # a batch's rows stopped by terminal events (``_BatchEvents``)

    def _freeze(self, x):
        """Zero (no change) in the rows stopped by terminal events."""
        if self.frozen is None:
            return x
        return torch.where(self.frozen.reshape(self.frozen.shape + (1,) * (x.dim() - 1)), 0, x)

    def fun(self, t, y):
        self.nfev += 1
        return self._fun(t, y)

    def _initial_step(self):
        """SciPy's ``select_initial_step``; for a batch the smallest of its rows' (one ``h0`` for
        all rows, as they share the time of the trial evaluation)."""
        y0, f0 = self.y, self.f
        if y0.shape[-1] == 0:
            return math.inf
        length = abs(self.t_bound - self.t)
        if length == 0:
            return 0.0
        scale = self.atol + y0.detach().abs() * self.rtol
        d0, d1 = (_rms_rows(v.detach() / scale).reshape(-1).tolist() for v in (y0, f0))
        h0 = min(1e-6 if a < 1e-5 or b < 1e-5 else 0.01 * a / b for a, b in zip(d0, d1))
        h0 = min(h0, length)
        f1 = self.fun(self.t + h0 * self.direction, y0 + h0 * self.direction * f0)
        d2 = [v / h0 for v in _rms_rows((f1 - f0).detach() / scale).reshape(-1).tolist()]
        power = 1 / (self.tab.error_order + 1)
        h1 = min(max(1e-6, h0 * 1e-3) if b <= 1e-15 and c <= 1e-15 else (0.01 / max(b, c)) ** power
                 for b, c in zip(d1, d2))
        return min(100 * h0, h1, length, self.max_step)

    def _rk_step(self, t, y, h):
        stages, A = [self.f], self.W["A"]
        for s in range(1, self.tab.n_stages):
            dy = (torch.stack(stages, dim=-1) @ A[s, :s]) * h
            stages.append(self.fun(t + self.tab.C[s] * h, y + dy))
        K = torch.stack(stages, dim=-1)
        y_new = y + h * (K @ self.W["B"])
        f_new = self.fun(t + h, y_new)
        return y_new, f_new, torch.cat([K, f_new[..., None]], dim=-1)

    def _error_norm(self, K, h, scale):
        return _rms((K @ self.W["E"]) * h / scale)

    def step(self):
        t, y = self.t, self.y
        min_step = 10 * abs(_np.nextafter(t, self.direction * _np.inf) - t)
        h_abs = min(max(self.h_abs, min_step), self.max_step) if self.h_abs <= self.max_step else self.max_step
        h_abs = max(h_abs, self.hmin)
        rejected = False
        while True:
            if h_abs < min_step:
                self.status = "failed"
                return "Required step size is less than spacing between numbers."
            t_new = t + h_abs * self.direction
            if self.direction * (t_new - self.t_bound) > 0:
                t_new = self.t_bound
            h = t_new - t
            h_abs = abs(h)
            y_new, f_new, K = self._rk_step(t, y, h)
            if self.frozen is not None:  # stopped rows keep their state: no change, no error
                y_new, f_new, K = y + self._freeze(y_new - y), self._freeze(f_new), self._freeze(K)
            scale = self.atol + torch.maximum(y.abs(), y_new.abs()) * self.rtol
            error_norm = self._error_norm(K, h, scale)
            if error_norm < 1:
                factor = MAX_FACTOR if error_norm == 0 else min(MAX_FACTOR, SAFETY * error_norm ** self.error_exponent)
                h_abs *= min(1, factor) if rejected else factor
                break
            if h_abs <= self.hmin * 1.00001:  # odeint's hmin (LSODA: an error test failure there ends it)
                self.status, self.failure = "failed", -4
                self.weighted_error = (K @ self.W["E"]) * h / scale  # (odeint's imxer)
                return "Required step size is less than hmin."
            h_abs = max(h_abs * max(MIN_FACTOR, SAFETY * error_norm ** self.error_exponent), self.hmin)
            rejected = True
        self.t_old, self.y_old, self.K, self.f_old = t, y, K, self.f
        self.t, self.y, self.f, self.h_abs = t_new, y_new, f_new, h_abs
        if self.direction * (self.t - self.t_bound) >= 0:
            self.status = "finished"
        return None

    def dense_output(self):
        return _DenseOutput(self.t_old, self.t, self.y_old, self.K @ self.W["P"])


class _Dop853Solver(_Solver):
    """SciPy's ``DOP853``: the error norm combines the 5th- and 3rd-order estimates; the dense
    output takes three more evaluations of ``fun`` (counted in ``nfev``, as SciPy's)."""

    def _error_norm(self, K, h, scale):
        e5 = torch.linalg.vector_norm((K @ self.W["E5"]) / scale, dim=-1) ** 2
        e3 = torch.linalg.vector_norm((K @ self.W["E3"]) / scale, dim=-1) ** 2
        denom = e5 + 0.01 * e3
        norms = abs(h) * e5 / torch.sqrt(denom * scale.shape[-1])
        return float(torch.where(denom == 0, 0.0, norms).detach().max())  # both estimates zero: 0, as SciPy

    def dense_output(self):
        h, K = self.t - self.t_old, self.K
        for a, c in zip(self.W["A_EXTRA"], self.tab.C_EXTRA):
            dy = (K[..., :a.shape[0]] @ a) * h
            K = self._freeze(torch.cat([K, self.fun(self.t_old + c * h, self.y_old + dy)[..., None]], dim=-1))
        delta = self.y - self.y_old
        f_old = K[..., 0]
        F = [delta, h * f_old - delta, 2 * delta - h * (self.f + f_old)]
        F += list(torch.movedim(h * (K @ self.W["D"].T), -1, 0))
        return _Dop853DenseOutput(self.t_old, self.t, self.y_old, F)


def _solver(method):
    return _Dop853Solver if method == "DOP853" else _Solver


def _event_attributes(events):
    if callable(events):
        events = (events,)
    max_events, direction = [], []
    for event in events:
        terminal = getattr(event, "terminal", None)
        direction.append(float(getattr(event, "direction", 0)))
        if terminal is None or terminal == 0:
            max_events.append(math.inf)
        elif int(terminal) == terminal and terminal > 0:
            max_events.append(terminal)
        else:
            raise ValueError("The `terminal` attribute of each event must be a boolean or positive integer.")
    return list(events), max_events, direction


def _active(g, g_new, direction):
    out = []
    for i, (a, b, d) in enumerate(zip(g, g_new, direction)):
        up, down = a <= 0 <= b, a >= 0 >= b
        if (up and d > 0) or (down and d < 0) or ((up or down) and d == 0):
            out.append(i)
    return out


#: bisection steps locating a batch's event roots (each halves every row's bracket: from a step's
#: length to below the times' rounding)
ROOT_STEPS = 64


class _BatchEvents:
    """``solve_ivp_batch``'s events, per row: each event function takes ``(t, y)`` with the batch ``y``
    of shape ``(B, n)`` and returns one value per row, shape ``(B,)`` (``t`` a float at the steps,
    the rows' own times, shape ``(B,)``, while their roots are located). Each step reads the rows'
    crossings once; a step with crossings locates every row's root at once by bisection on the step's
    interpolant (``ROOT_STEPS`` halvings, on the device) and reads the roots once. A row whose
    terminal event occurs stops there: its state is held (the solver's ``frozen`` rows), the others
    go on, and the integration ends when every row has stopped (status 1) or at ``t_span``'s end."""

    def __init__(self, events, args, t0, y, solver):
        self.events, self.max_events, self.direction = _event_attributes(events)
        if args is not None:
            self.events = [(lambda e: lambda t, yv: e(t, yv, *args))(e) for e in self.events]
        self.B, self.solver = y.shape[0], solver
        self.g = [self._values(e, t0, y) for e in self.events]
        self.count = [[0] * self.B for _ in self.events]
        self.t_events = [[[] for _ in range(self.B)] for _ in self.events]
        self.y_events = [[[] for _ in range(self.B)] for _ in self.events]
        self.stopped = torch.zeros(self.B, dtype=torch.bool, device=y.device)
        self.t_stop = torch.full((self.B,), float(t0), dtype=torch.float64, device=y.device)

    def _values(self, e, t, y):
        v = e(_wrap(t) if isinstance(t, torch.Tensor) else t, _wrap(y))
        v = (v._t if isinstance(v, ndarray) else tensor(v, y.device)).detach()
        if tuple(v.shape) != (self.B,):
            raise ValueError(f"solve_ivp_batch's event functions return one value per row, shape ({self.B},); "
                             f"got shape {tuple(v.shape)}.")
        return v.to(torch.float64)

    def _crossed(self, a, b, d):
        up, down = (a <= 0) & (b >= 0), (a >= 0) & (b <= 0)
        return (up if d > 0 else down if d < 0 else up | down) & ~self.stopped

    def _roots(self, e, ga, gb, t_old, t, sol):
        """Each row's root of ``e`` in ``[t_old, t]`` (brackets ``ga``, ``gb``) by bisection."""
        lo = torch.full_like(ga, t_old)
        hi = torch.full_like(ga, t)
        g_lo = ga
        for _ in range(ROOT_STEPS):
            mid = (lo + hi) / 2
            g_mid = self._values(e, mid, sol.rows(mid))
            same = (g_mid != 0) & ((g_mid > 0) == (g_lo > 0)) & (g_lo != 0)
            lo, g_lo, hi = torch.where(same, mid, lo), torch.where(same, g_mid, g_lo), torch.where(same, hi, mid)
        return torch.where(ga == 0, t_old, torch.where(gb == 0, t, (lo + hi) / 2))

    def step(self, t_old, t, y_now, sol):
        """Record the step's events; returns the step's interpolant (``sol``, or made where the step has
        crossings; rows stopped in the step held) and the time of the last stop when every row has
        stopped, else None."""
        g_new = [self._values(e, t, y_now) for e in self.events]
        crossed = torch.stack([self._crossed(a, b, d) for a, b, d in zip(self.g, g_new, self.direction)])
        g_old, self.g = self.g, g_new
        if not bool(crossed.any()):  # the step's one read without events
            return sol, None
        sol = sol or self.solver.dense_output()
        roots = torch.stack([self._roots(e, a, b, t_old, t, sol) for e, a, b in zip(self.events, g_old, g_new)])
        states = [sol.rows(r) for r in roots]
        crossed_h, roots_h = crossed.tolist(), roots.tolist()  # the roots: one read
        stop = {}
        sign = 1.0 if t >= t_old else -1.0
        for b in range(self.B):
            hits = sorted(((roots_h[i][b], i) for i in range(len(self.events)) if crossed_h[i][b]),
                          key=lambda h: sign * h[0])
            if not hits:
                continue
            for _, i in hits:
                self.count[i][b] += 1
            ends = [j for j, (_, i) in enumerate(hits) if self.count[i][b] >= self.max_events[i]]
            if ends:  # SciPy's: the events up to the first terminal one, in time order
                hits = hits[:ends[0] + 1]
                stop[b] = hits[-1][0]
            for r, i in hits:
                self.t_events[i][b].append(r)
                self.y_events[i][b].append(states[i][b])
        if not stop:
            return sol, None
        dev = self.stopped.device
        rows = torch.zeros(self.B, dtype=torch.bool, device=dev)
        rows[list(stop)] = True
        t_stop = self.t_stop.clone()
        t_stop[list(stop)] = torch.tensor(list(stop.values()), dtype=torch.float64, device=dev)
        y_stop = sol.rows(t_stop)
        held = _Stopped(sol, rows, t_stop, y_stop, sign)
        self.solver.y = torch.where(rows[:, None], y_stop, self.solver.y)
        self.stopped, self.t_stop = self.stopped | rows, t_stop
        self.solver.frozen = self.stopped
        self.solver.f = self.solver._freeze(self.solver.f)
        if bool(self.stopped.all()):
            return held, max(stop.values(), key=lambda r: sign * r)
        return held, None

    def results(self, n, dtype, dev):
        """(t_events, y_events) per event and row; a row without events: SciPy's empty ``(0,)`` arrays."""
        t_events = [[_wrap(torch.tensor(v, dtype=torch.float64, device=dev)) for v in per] for per in self.t_events]
        y_events = [[_wrap(torch.stack(v) if v else torch.empty((0,), dtype=dtype, device=dev)) for v in per]
                    for per in self.y_events]
        return t_events, y_events


def host_values(x, t):
    """A tolerance's values for SciPy's value checks: host data as NumPy reads it; a torchnp array
    on a device: ``t`` (its tensor) read once (docs/devices.md)."""
    if isinstance(x, ndarray):
        return t.detach().cpu().numpy()
    return _np.asarray(x, dtype=float)


def _np_shape(shape):
    """A shape as NumPy's messages print it: ``(3,)``, ``(2,3)``."""
    shape = tuple(shape)
    return f"({shape[0]},)" if len(shape) == 1 else "(" + ",".join(map(str, shape)) + ")"


def tolerances(y, rtol, atol, method=None, warn=True):
    """SciPy's ``validate_tol``: ``(rtol, atol)`` for the state ``y`` (its last axis the ``n``
    components): ``rtol`` a float, or a tensor broadcasting to ``(n,)`` (per component), raised to
    ``100 eps`` with SciPy's warning; ``atol`` a tensor, a scalar or of shape ``(n,)``, not negative.
    ``method='BDF'``: SciPy's BDF takes a scalar ``rtol`` (its Newton tolerance), so a per-component
    one raises SciPy's errors. Tolerances given as arrays are on ``y``'s device (§3.2)."""
    n, dev = y.shape[-1], y.device
    real = y.real.dtype if y.is_complex() else y.dtype
    rt = tensor(rtol, dev).to(torch.float64)
    at = tensor(atol, dev).to(real)
    _device.check_same([y, rt, at])  # tolerance arrays live with the state (§3.2)
    rv, av = host_values(rtol, rt), host_values(atol, at)
    small = bool(_np.any(rv < 100 * EPS))
    if small:
        if warn:
            import warnings

            warnings.warn("At least one element of `rtol` is too small. "
                          f"Setting `rtol = np.maximum(rtol, {100 * EPS})`.", stacklevel=5)
        rt, rv = torch.clamp_min(rt, 100 * EPS), _np.maximum(rv, 100 * EPS)
    if at.dim() > 0 and tuple(at.shape) != (n,):
        raise ValueError("`atol` has wrong shape.")
    if _np.any(av < 0):
        raise ValueError("`atol` must be positive.")
    if rt.dim() > 0:
        if method == "BDF" and isinstance(rtol, (list, tuple)) and not small:  # SciPy's ``rtol ** 0.5``
            raise TypeError(f"unsupported operand type(s) for ** or pow(): '{type(rtol).__name__}' and 'float'")
        if method == "BDF" and rt.numel() > 1:  # SciPy's ``max(10 * EPS / rtol, ...)`` of an array
            raise ValueError("The truth value of an array with more than one element is ambiguous. "
                             "Use a.any() or a.all()")
        try:
            torch.broadcast_shapes((n,), tuple(rt.shape))
        except RuntimeError:  # SciPy's first use, ``atol + np.abs(y0) * rtol``: NumPy's message
            raise ValueError(f"operands could not be broadcast together with shapes {_np_shape((n,))} "
                             f"{_np_shape(rt.shape)} ") from None
    rtol = float(rv.min()) if rt.numel() == 1 else rt.to(real)
    return rtol, at


def _options(y, t0, tf, options, method=None):
    """SciPy's checks of ``rtol``, ``atol``, ``max_step`` and ``first_step``: (rtol: a float or a
    per-component tensor, atol tensor, max_step, first_step)."""
    rtol, atol_t = tolerances(y, options.pop("rtol", 1e-3), options.pop("atol", 1e-6), method)
    max_step = float(options.pop("max_step", math.inf))
    if max_step <= 0:
        raise ValueError("`max_step` must be positive.")
    first_step = options.pop("first_step", None)
    if first_step is not None:
        first_step = float(first_step)
        if first_step <= 0:
            raise ValueError("`first_step` must be positive.")
        if first_step > abs(tf - t0):
            raise ValueError("`first_step` exceeds bounds.")
    return rtol, atol_t, max_step, first_step


def _times(t_eval, t0, tf):
    """``t_eval`` as a list of floats (a host read of the output grid), checked as SciPy checks it."""
    if (t_eval.ndim if isinstance(t_eval, ndarray) else _np.ndim(t_eval)) != 1:
        raise ValueError("`t_eval` must be 1-dimensional.")
    te = [float(v) for v in (t_eval.tolist() if isinstance(t_eval, ndarray) else _np.asarray(t_eval).tolist())]
    if any(v < min(t0, tf) or v > max(t0, tf) for v in te):
        raise ValueError("Values in `t_eval` are not within `t_span`.")
    d = _np.diff(te)
    if (tf > t0 and _np.any(d <= 0)) or (tf < t0 and _np.any(d >= 0)):
        raise ValueError("Values in `t_eval` are not properly sorted.")
    return te


def _with_args(fun, args):
    if args is None:
        return fun
    try:
        args = tuple(args)
    except TypeError as exc:
        raise TypeError("Supplied 'args' cannot be unpacked. Please supply `args` as a tuple "
                        f"(e.g. `args=({args},)`)") from exc
    return lambda t, y: fun(t, y, *args)


def solve_on_device(fun, t_span, y0, method, t_eval, dense_output, events, vectorized, args, options, batch=False):
    """solve_ivp's loop (SciPy's ``ivp.py``) over the device solver; ``batch``: ``y0`` of shape
    ``(B, n)``, integrated with one common step (``solve_ivp_batch``)."""
    t0, tf = map(float, t_span)
    fun = _with_args(fun, args)
    y = tensor(y0, None)
    if y.dim() != (2 if batch else 1):
        raise ValueError("`y0` must be 2-dimensional (a batch of states)." if batch else "`y0` must be 1-dimensional.")
    y = y.to(torch.complex128 if y.is_complex() else torch.float64)  # SciPy's: float or complex, double precision
    dev = y.device
    rtol, atol_t, max_step, first_step = _options(y, t0, tf, options, method)
    implicit = {k: options.pop(k) for k in ("jac", "jac_sparsity") if k in options} if method == "BDF" else {}
    if options:  # SciPy's explicit solvers take no other option (``jac`` included): its warning
        import warnings

        warnings.warn("The following arguments have no effect for a chosen solver: "
                      f"{', '.join(f'`{x}`' for x in options)}.", stacklevel=3)
    te = None if t_eval is None else _times(t_eval, t0, tf)
    if method == "BDF":
        solver = BdfSolver(fun, t0, y, tf, rtol, atol_t, max_step, first_step, vectorized, **implicit,
                           initial_step=_Solver._initial_step)
    else:
        solver = _solver(method)(fun, t0, y, tf, TABLEAUS[method], rtol, atol_t, max_step, first_step, vectorized)
    ts, ys, interpolants, ti = [t0], [y], [], [t0]
    if te is not None:
        ts, ys = [], []
        pending = list(te)  # in the direction of integration (checked sorted above)
    t_events = y_events = batch_events = None
    if events is not None and batch:
        batch_events, events = _BatchEvents(events, args, t0, y, solver), None
    if events is not None:
        events, max_events, event_dir = _event_attributes(events)
        if args is not None:
            events = [(lambda e: lambda t, yv: e(t, yv, *args))(e) for e in events]
        count = [0] * len(events)
        g = [float(_scalar(e(t0, _wrap(y)))) for e in events]
        t_events, y_events = [[] for _ in events], [[] for _ in events]
    status, message = None, None
    while status is None:
        message = solver.step()
        if solver.status == "finished":
            status = 0
        elif solver.status == "failed":
            status = -1
            break
        t_old, t, y_now = solver.t_old, solver.t, solver.y
        sol = solver.dense_output() if dense_output else None
        if batch_events is not None:
            sol, t_end = batch_events.step(t_old, t, y_now, sol)
            y_now = solver.y
            if t_end is not None:  # every row stopped: SciPy's termination
                status, t = 1, t_end
        if dense_output:
            interpolants.append(sol)
        if events is not None:
            g_new = [float(_scalar(e(t, _wrap(y_now)))) for e in events]
            active = _active(g, g_new, event_dir)
            if active:
                sol = sol or solver.dense_output()
                for i in active:
                    count[i] += 1
                roots = [brentq(lambda s, e=events[i]: float(_scalar(e(s, _wrap(sol(s))))), t_old, t, 4 * EPS, 4 * EPS, 100)[0]
                         for i in active]
                terminate = False
                if any(count[i] >= max_events[i] for i in active):
                    order = sorted(range(len(roots)), key=lambda j: roots[j] if t > t_old else -roots[j])
                    active, roots = [active[j] for j in order], [roots[j] for j in order]
                    stop = next(j for j, i in enumerate(active) if count[i] >= max_events[i])
                    active, roots, terminate = active[:stop + 1], roots[:stop + 1], True
                for i, r in zip(active, roots):
                    t_events[i].append(r)
                    y_events[i].append(sol(r))
                if terminate:
                    status = 1
                    t = roots[-1]
                    y_now = sol(t)
            g = g_new
        if te is None:
            if not (len(ts) > 1 and ts[-1] == t and dense_output):
                ts.append(t)
                ys.append(y_now)
            elif interpolants:
                interpolants.pop()
        else:
            step = []
            while pending and (pending[0] <= t if solver.direction > 0 else pending[0] >= t):
                step.append(pending.pop(0))
            if step:  # the step's output times at once, as SciPy's sol(t_eval_step)
                sol = sol or solver.dense_output()
                ts.extend(step)
                ys.extend(torch.unbind(sol(torch.tensor(step, dtype=torch.float64, device=dev)), dim=-1))
            if dense_output:
                ti.append(t)
    message = MESSAGES.get(status, message)
    t_out = torch.tensor(ts, dtype=torch.float64, device=dev)
    if te is not None:  # SciPy's t holds t_eval's values in t_eval's dtype (int64 for a list of ints)
        t_out = t_out.to(_dtypes.to_torch(t_eval.dtype if isinstance(t_eval, ndarray) else _np.asarray(t_eval).dtype))
    y_out = torch.stack(ys, dim=-1) if ys else y.new_empty(y.shape + (0,))
    if batch_events is not None:
        t_events, y_events = batch_events.results(y.shape[-1], y.dtype, dev)
    elif t_events is not None:
        t_events = [_wrap(torch.tensor(v, dtype=torch.float64, device=dev)) for v in t_events]
        y_events = [_wrap(torch.stack(v) if v else torch.empty((0, y.numel()), dtype=y.dtype, device=dev))
                    for v in y_events]
    dense = OdeSolution(ts if te is None else ti, interpolants) if dense_output and interpolants else None
    return OdeResult(t=_wrap(t_out), y=_wrap(y_out), sol=dense, t_events=t_events, y_events=y_events,
                     nfev=solver.nfev, njev=getattr(solver, "njev", 0), nlu=getattr(solver, "nlu", 0), status=status, message=message, success=status >= 0)


def _scalar(v):
    t = v._t if isinstance(v, ndarray) else v
    return t.detach().reshape(()) if isinstance(t, torch.Tensor) else t
