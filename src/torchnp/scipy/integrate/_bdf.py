"""``solve_ivp(method='BDF')`` on the device (DESIGN §8.4; issue 26): SciPy's variable-order
(1 to 5) backward differentiation formulas with the NDF modification and quasi-constant step size
(SciPy's ``BDF``, after Shampine and Reichelt's ode15s), on tensors.

The state, the differences array ``D``, the Jacobian and its LU factors (``torch.linalg.lu_factor``)
stay on the device. The Jacobian: SciPy's ``jac`` (a constant array or a callable) where given;
otherwise torch autograd of ``fun`` (exact, where SciPy takes finite differences), or forward
differences where ``fun`` is not differentiable by torch (a complex state, or a right-hand side
whose output does not depend on ``y`` through torch). The time grid and the step control are
Python floats, and the loop reads on the host, as SciPy's does (docs/devices.md): one read per
Newton iteration (the correction's norm and whether ``fun`` was finite), one per step attempt (the
error norm with the two norms for the order change, read together).
"""

import math

import numpy as _np
import torch

from ..._array import _wrap, ndarray
from ..._boundary import tensor

MAX_ORDER = 5
NEWTON_MAXITER = 4
MIN_FACTOR = 0.2
MAX_FACTOR = 10
EPS = _np.finfo(float).eps
TOO_SMALL_STEP = "Required step size is less than spacing between numbers."

# SciPy's NDF coefficients (host floats)
_KAPPA = [0, -0.1850, -1 / 9, -0.0823, -0.0415, 0]
_GAMMA = [0.0] + list(_np.cumsum(1 / _np.arange(1, MAX_ORDER + 1)))
_ALPHA = [(1 - k) * g for k, g in zip(_KAPPA, _GAMMA)]
_ERROR_CONST = [k * g + 1 / (i + 1) for i, (k, g) in enumerate(zip(_KAPPA, _GAMMA))]


def _compute_r(order, factor):
    """SciPy's ``compute_R``: the matrix changing the differences for a step ``factor`` times
    longer (a small host matrix)."""
    i = _np.arange(1, order + 1)[:, None]
    j = _np.arange(1, order + 1)
    m = _np.zeros((order + 1, order + 1))
    m[1:, 1:] = (i - 1 - factor * j) / i
    m[0] = 1
    return _np.cumprod(m, axis=0)


def _change_d(D, order, factor):
    """SciPy's ``change_D`` (out of place): ``D[:order + 1] = (R U)^T D[:order + 1]``."""
    ru = _compute_r(order, factor) @ _compute_r(order, 1)
    m = torch.tensor(ru.T, dtype=torch.float64, device=D.device).to(D.dtype)
    return torch.cat([m @ D[:order + 1], D[order + 1:]])


def _rms(x):
    return torch.linalg.vector_norm(x) / math.sqrt(x.shape[-1])


def _as_state(out, like):
    t = out._t if isinstance(out, ndarray) else tensor(out, like.device)
    return t.to(like.dtype) if t.dtype != like.dtype else t


def _as_matrix(out, like):
    """A Jacobian as a dense tensor on ``like``'s device: a dense array, a torchnp.scipy.sparse array
    (densified on its device: the LU is dense, ``torch.linalg.lu_factor``), or SciPy's sparse matrix or
    array on host data (densified by SciPy on the host, then as a NumPy array: a host array with a
    device state is the DeviceMismatchError of §3.3)."""
    from ..sparse._base import _SparseArray, is_scipy_sparse

    if isinstance(out, _SparseArray):
        out = out.toarray()
    elif is_scipy_sparse(out):
        out = out.toarray()
    return _as_state(out, like)


class BdfDenseOutput:
    """SciPy's ``BdfDenseOutput``: the interpolating polynomial in Newton form over the step's
    differences ``D`` (``order + 1`` rows)."""

    def __init__(self, t_old, t, h, order, D):
        self.t_old, self.t, self.order, self.D, self.y_old = t_old, t, order, D, D[0]
        k = torch.arange(order, dtype=torch.float64, device=D.device)
        self.t_shift, self.denom = t - h * k, h * (1 + k)

    def __call__(self, t):
        """``t``: a float (a state) or a 1-d tensor of times (states on a new last axis)."""
        if isinstance(t, torch.Tensor):
            x = (t.to(torch.float64)[None, :] - self.t_shift[:, None]) / self.denom[:, None]
            p = torch.cumprod(x, dim=0).to(self.D.dtype)
            return self.D[1:].T @ p + self.D[0][:, None]
        p = torch.cumprod((t - self.t_shift) / self.denom, dim=0).to(self.D.dtype)
        return self.D[1:].T @ p + self.D[0]


class BdfSolver:
    """SciPy's ``BDF`` solver state on tensors (a state ``y`` of shape ``(n,)``), with the interface
    of ``_ivp``'s solvers: ``step()`` (``None`` or a failure message), ``status``, ``t``, ``y``,
    ``t_old``, ``dense_output()``, ``nfev``, ``njev``, ``nlu``."""

    def __init__(self, fun, t0, y0, t_bound, rtol, atol, max_step, first_step, vectorized, jac=None,
                 jac_sparsity=None, initial_step=None, newton_rtol=None, hmin=0.0):
        self.t, self.y, self.t_bound, self.t_old = t0, y0, t_bound, None
        self.direction = float(_np.sign(t_bound - t0)) if t_bound != t0 else 1.0
        self.nfev = self.njev = self.nlu = 0
        self.n = y0.shape[-1]
        if vectorized:
            self._fun = lambda t, y: _as_state(fun(t, _wrap(y[:, None])), y).reshape(-1)
        else:
            self._fun = lambda t, y: _as_state(fun(t, _wrap(y)), y)
        self.rtol, self.atol, self.max_step, self.hmin = rtol, atol, max_step, hmin
        self.failure = None  # odeint's istate where a step fails at ``hmin`` (-4 error test, -5 Newton)
        self.f = self.fun(t0, y0)
        # the Jacobian before the initial step's host reads (SciPy's order after it: no count depends on
        # it), so that a host ``jac`` with a device state is the DeviceMismatchError of §3.3 first
        self.jac, self.J = self._validate_jac(jac)
        if first_step is None:  # SciPy's select_initial_step (``_ivp``'s, given) with the error order 1
            self.tab = type("_Order1", (), {"error_order": 1})
            self.h_abs = initial_step(self)
        else:
            self.h_abs = first_step
        r = rtol if newton_rtol is None else newton_rtol  # odeint's per-component rtol: its smallest
        self.newton_tol = max(10 * EPS / r, min(0.03, r ** 0.5))
        self.I = torch.eye(self.n, dtype=y0.dtype, device=y0.device)
        self.D = torch.cat([y0[None], (self.f * (self.h_abs * self.direction))[None],
                            y0.new_zeros((MAX_ORDER + 1, self.n))])
        self.order, self.n_equal_steps, self.LU = 1, 0, None
        self.status = "running"

    def fun(self, t, y):
        self.nfev += 1
        return self._fun(t, y)

    # -- the Jacobian: SciPy's jac, else autograd, else forward differences --
    def _validate_jac(self, jac):
        t0, y0 = self.t, self.y
        if jac is None:
            def jac_wrapped(t, y):
                self.njev += 1
                return self._jacobian(t, y)
            return jac_wrapped, jac_wrapped(t0, y0)
        expected = f"`jac` is expected to have shape {(self.n, self.n)}"
        if callable(jac):
            def jac_wrapped(t, y):
                self.njev += 1
                return _as_matrix(jac(t, _wrap(y)), y)
            J = jac_wrapped(t0, y0)
            if tuple(J.shape) != (self.n, self.n):
                raise ValueError(f"{expected}, but actually has {tuple(J.shape)}.")
            return jac_wrapped, J
        J = _as_matrix(jac, y0)
        if tuple(J.shape) != (self.n, self.n):
            raise ValueError(f"{expected}, but actually has {tuple(J.shape)}.")
        return None, J

    def _jacobian(self, t, y):
        """``d fun / d y`` at ``(t, y)``: autograd (rows by batched vector-Jacobian products), or
        forward differences (SciPy's ``num_jac`` step, without its adaptive refinement)."""
        y = y.detach()
        if not y.is_complex():
            with torch.enable_grad():
                yv = y.clone().requires_grad_(True)
                out = self._fun(t, yv)
                if out.requires_grad:
                    eye = torch.eye(self.n, dtype=out.dtype, device=out.device)
                    try:
                        (J,) = torch.autograd.grad(out, yv, eye, is_grads_batched=True, allow_unused=True,
                                                   retain_graph=True)
                    except RuntimeError:  # an operation without a batching rule: one row at a time
                        rows = [torch.autograd.grad(out[i], yv, retain_graph=True, allow_unused=True)[0]
                                for i in range(self.n)]
                        J = torch.stack([torch.zeros_like(yv) if r is None else r for r in rows])
                    return torch.zeros_like(eye) if J is None else J.detach()
        f = self._fun(t, y)
        sign = torch.where(f.real >= 0, 1.0, -1.0).to(torch.float64)
        atol = self.atol.expand(self.n) if self.atol.dim() == 0 else self.atol
        h = (y + EPS ** 0.5 * sign * torch.maximum(atol, y.abs())) - y
        cols = [(self._fun(t, y + torch.diag(h)[j]) - f) / h[j] for j in range(self.n)]
        return torch.stack(cols, dim=-1)

    def _lu(self, A):
        self.nlu += 1
        return torch.linalg.lu_factor(A)

    def _newton(self, t_new, y_predict, c, psi, LU, scale):
        """SciPy's ``solve_bdf_system``: one host read per iteration (the norm of the correction,
        and whether ``fun`` was finite)."""
        d, y, dy_norm_old, converged = 0, y_predict, None, False
        for k in range(NEWTON_MAXITER):
            f = self.fun(t_new, y)
            dy = torch.linalg.lu_solve(*LU, (c * f - psi - d)[:, None])[:, 0]
            finite, dy_norm = torch.stack([torch.isfinite(f).all().to(torch.float64),
                                           _rms((dy / scale).detach()).to(torch.float64)]).tolist()
            if not finite:
                break
            rate = None if dy_norm_old is None else dy_norm / dy_norm_old
            if rate is not None and (rate >= 1 or rate ** (NEWTON_MAXITER - k) / (1 - rate) * dy_norm > self.newton_tol):
                break
            y = y + dy
            d = d + dy
            if dy_norm == 0 or rate is not None and rate / (1 - rate) * dy_norm < self.newton_tol:
                converged = True
                break
            dy_norm_old = dy_norm
        return converged, k + 1, y, d

    def refresh_jacobian(self):
        """A fresh Jacobian at the current state (odeint's stiff mode, as LSODA every 20 steps)."""
        if self.jac is not None:
            self.J, self.LU = self.jac(self.t, self.y), None

    def step(self):
        t, D, order = self.t, self.D, self.order
        max_step = self.max_step
        min_step = 10 * abs(_np.nextafter(t, self.direction * _np.inf) - t)
        if self.h_abs < self.hmin:  # odeint's hmin (LSODA: no step shorter, but one ending at the bound)
            D = _change_d(D, order, self.hmin / self.h_abs)
            self.h_abs, self.n_equal_steps = self.hmin, 0
        if self.h_abs > max_step:
            h_abs = max_step
            D = _change_d(D, order, max_step / self.h_abs)
            self.n_equal_steps = 0
        elif self.h_abs < min_step:
            h_abs = min_step
            D = _change_d(D, order, min_step / self.h_abs)
            self.n_equal_steps = 0
        else:
            h_abs = self.h_abs
        J, LU = self.J, self.LU
        current_jac = self.jac is None
        ec = _ERROR_CONST
        while True:
            if h_abs < min_step:
                self.D, self.status = D, "failed"
                return TOO_SMALL_STEP
            h = h_abs * self.direction
            t_new = t + h
            if self.direction * (t_new - self.t_bound) > 0:
                t_new = self.t_bound
                D = _change_d(D, order, abs(t_new - t) / h_abs)
                self.n_equal_steps = 0
                LU = None
            h = t_new - t
            h_abs = abs(h)
            y_predict = D[:order + 1].sum(dim=0)
            scale = self.atol + self.rtol * y_predict.abs()
            gamma = torch.tensor(_GAMMA[1:order + 1], dtype=torch.float64, device=D.device).to(D.dtype)
            psi = (D[1:order + 1].T @ gamma) / _ALPHA[order]
            c = h / _ALPHA[order]
            converged = False
            while not converged:
                if LU is None:
                    LU = self._lu(self.I - c * J)
                converged, n_iter, y_new, d = self._newton(t_new, y_predict, c, psi, LU, scale)
                if not converged:
                    if current_jac:
                        break
                    J = self.jac(t_new, y_predict)
                    LU = None
                    current_jac = True
            if not converged:
                if h_abs <= self.hmin * 1.00001:  # LSODA: a convergence failure at hmin ends the integration
                    self.D, self.status, self.failure = D, "failed", -5
                    self.weighted_error = d / scale  # the last correction (odeint's imxer, as LSODA's acor)
                    return TOO_SMALL_STEP
                factor = max(0.5, self.hmin / h_abs)
                h_abs *= factor
                D = _change_d(D, order, factor)
                self.n_equal_steps = 0
                LU = None
                continue
            safety = 0.9 * (2 * NEWTON_MAXITER + 1) / (2 * NEWTON_MAXITER + n_iter)
            scale = self.atol + self.rtol * y_new.abs()
            # the error norm, and the norms deciding the order (SciPy's, after the update of D
            # below: D[order] + d and d - D[order + 1]), in one host read
            norms = [_rms(ec[order] * d / scale)]
            norms.append(_rms(ec[order - 1] * (D[order] + d) / scale) if order > 1 else norms[0])
            norms.append(_rms(ec[order + 1] * (d - D[order + 1]) / scale) if order < MAX_ORDER else norms[0])
            error_norm, error_m_norm, error_p_norm = torch.stack(norms).detach().to(torch.float64).tolist()
            if error_norm > 1:
                if h_abs <= self.hmin * 1.00001:  # LSODA: an error test failure at hmin ends the integration
                    self.D, self.status, self.failure = D, "failed", -4
                    self.weighted_error = ec[order] * d / scale  # (odeint's imxer)
                    return TOO_SMALL_STEP
                factor = max(MIN_FACTOR, safety * error_norm ** (-1 / (order + 1)), self.hmin / h_abs)
                h_abs *= factor
                D = _change_d(D, order, factor)
                self.n_equal_steps = 0
            else:
                break
        self.n_equal_steps += 1
        self.order_used = order
        self.t_old, self.t, self.y, self.h_abs, self.J, self.LU = t, t_new, y_new, h_abs, J, LU
        rows = list(D.unbind(0))
        rows[order + 2] = d - rows[order + 1]
        rows[order + 1] = d
        for i in reversed(range(order + 1)):
            rows[i] = rows[i] + rows[i + 1]
        D = torch.stack(rows)
        if self.n_equal_steps >= order + 1:
            errs = [error_m_norm if order > 1 else math.inf, error_norm,
                    error_p_norm if order < MAX_ORDER else math.inf]
            factors = [math.inf if e == 0 else e ** (-1 / p) for e, p in zip(errs, range(order, order + 3))]
            delta_order = int(_np.argmax(factors)) - 1
            order += delta_order
            self.order = order
            factor = max(min(MAX_FACTOR, safety * max(factors)), self.hmin / self.h_abs)
            self.h_abs *= factor
            D = _change_d(D, order, factor)
            self.n_equal_steps = 0
            self.LU = None
        self.D = D
        if self.direction * (self.t - self.t_bound) >= 0:
            self.status = "finished"
        return None

    def dense_output(self):
        return BdfDenseOutput(self.t_old, self.t, self.h_abs * self.direction, self.order,
                              self.D[:self.order + 1].clone())
