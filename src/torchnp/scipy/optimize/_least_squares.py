"""Device least squares (DESIGN §8.4): Levenberg-Marquardt on tensors for ``least_squares``
and ``curve_fit``, the Jacobian from torch's forward-mode autograd (one pass per parameter)
where ``jac`` is not given. Iterates stay on the device; each step's accept/stop decisions read
a few scalars on the host (docs/devices.md). The steps are not MINPACK's (Nielsen's damping of
J^T J + mu diag(J^T J)), so iterates and ``nfev`` differ from SciPy's while the solution agrees
within the tolerances ``ftol``/``xtol``/``gtol`` (docs/scipy.md)."""

import math

import torch

from ..._array import _wrap, ndarray
from ..._boundary import tensor


def _as_tensor(out, like):
    t = out._t if isinstance(out, ndarray) else tensor(out, like.device)
    return t.to(like.dtype) if t.dtype != like.dtype and not t.is_complex() else t


class Residuals:
    """The residual vector ``fun(x, *args, **kwargs)`` and its Jacobian on tensors."""

    def __init__(self, fun, jac, args=(), kwargs=None):
        self.fun, self.jac, self.args, self.kwargs = fun, jac, tuple(args), dict(kwargs or {})
        self.nfev = self.njev = 0
        self.autograd = not callable(jac)

    def __call__(self, x):
        self.nfev += 1
        with torch.no_grad():
            r = _as_tensor(self.fun(_wrap(x), *self.args, **self.kwargs), x)
        if r.dim() > 1:
            raise ValueError("`fun` must return at most 1-d array_like.")
        return r.reshape(-1)

    def jacobian(self, x, r):
        self.njev += 1
        if not self.autograd:
            return _as_tensor(self.jac(_wrap(x), *self.args, **self.kwargs), x).reshape(r.numel(), x.numel())
        cols = []
        for i in range(x.numel()):  # forward mode: one pass per parameter, whatever the number of residuals
            with torch.autograd.forward_ad.dual_level():
                e = torch.zeros_like(x)
                e[i] = 1
                dual = torch.autograd.forward_ad.make_dual(x, e)
                out = _as_tensor(self.fun(_wrap(dual), *self.args, **self.kwargs), x).reshape(-1)
                tangent = torch.autograd.forward_ad.unpack_dual(out).tangent
            cols.append(torch.zeros_like(r) if tangent is None else tangent)
        return torch.stack(cols, dim=1)


def levenberg_marquardt(res, x, ftol=1e-8, xtol=1e-8, gtol=1e-8, max_nfev=None):
    """Minimise 0.5 |r(x)|^2. Returns (x, r, J, status, message) with SciPy's ``least_squares``
    status codes (0: max_nfev, 1: gtol, 2: ftol, 3: xtol, 4: ftol and xtol)."""
    n = x.numel()
    max_nfev = 100 * n if max_nfev is None else max_nfev
    r = res(x)
    J = res.jacobian(x, r)
    cost = 0.5 * float(torch.dot(r, r))
    A, g = J.T @ J, J.T @ r
    mu, nu = 1e-3 * float(torch.diagonal(A).max().clamp(min=1e-300)), 2.0
    status = 0
    while res.nfev < max_nfev:
        if float(g.abs().max()) <= gtol:
            status = 1
            break
        D = torch.clamp(torch.diagonal(A), min=1e-300)
        h = torch.linalg.solve(A + mu * torch.diag(D), -g)
        hn, xn = float(torch.linalg.vector_norm(h)), float(torch.linalg.vector_norm(x))
        x_new = x + h
        r_new = res(x_new)
        cost_new = 0.5 * float(torch.dot(r_new, r_new))
        predicted = 0.5 * float(torch.dot(h, mu * D * h - g))
        rho = (cost - cost_new) / predicted if predicted > 0 else -1.0
        if rho > 0 and math.isfinite(cost_new):
            f_small = cost - cost_new <= ftol * cost
            x_small = hn <= xtol * (xtol + xn)
            x, r, cost = x_new, r_new, cost_new
            J = res.jacobian(x, r)
            A, g = J.T @ J, J.T @ r
            mu *= max(1 / 3, 1 - (2 * rho - 1) ** 3)
            nu = 2.0
            if f_small or x_small:
                status = 4 if f_small and x_small else (2 if f_small else 3)
                break
        else:
            if hn <= xtol * (xtol + xn):
                status = 3
                break
            mu *= nu
            nu *= 2
    messages = {0: "The maximum number of function evaluations is exceeded.",
                1: "`gtol` termination condition is satisfied.",
                2: "`ftol` termination condition is satisfied.",
                3: "`xtol` termination condition is satisfied.",
                4: "Both `ftol` and `xtol` termination conditions are satisfied."}
    return x, r, J, status, messages[status]


def covariance(J, cost_sum, m, n, absolute_sigma):
    """curve_fit's ``pcov`` from the Jacobian at the solution, as SciPy computes it: the
    pseudo-inverse of J^T J by SVD, singular values below eps * max(J.shape) * s[0] dropped
    (a mask, not a data-dependent shape: no host read), scaled by the residual variance."""
    _, s, VT = torch.linalg.svd(J, full_matrices=False)
    keep = s > torch.finfo(J.dtype).eps * max(J.shape) * s[0]
    inv = torch.where(keep, 1 / torch.where(keep, s, 1) ** 2, 0)
    pcov = (VT.T * inv) @ VT
    if not absolute_sigma:
        if m > n:
            pcov = pcov * (cost_sum / (m - n))
        else:
            pcov = torch.full_like(pcov, torch.inf)
    return pcov
