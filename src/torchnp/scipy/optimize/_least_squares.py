"""Device least squares (DESIGN §8.4): SciPy's trust-region reflective algorithm (``trf``, ported:
bounds, robust losses, ``x_scale``) and Levenberg-Marquardt on tensors for ``least_squares``
and ``curve_fit``, the Jacobian from torch's forward-mode autograd (one pass per parameter)
where ``jac`` is not given. Iterates stay on the device; each step's accept/stop decisions read
a few scalars on the host (docs/devices.md). LM's steps are not MINPACK's (Nielsen's damping of
J^T J + mu diag(J^T J)), so iterates and ``nfev`` differ from SciPy's while the solution agrees
within the tolerances ``ftol``/``xtol``/``gtol`` (docs/scipy.md)."""

import math

import torch

from ..._array import _wrap, ndarray
from ..._boundary import tensor
from ..._tensors import svd_tensor


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
        if not self.autograd and not callable(self.jac):
            return self._differences(x, r)
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
            if tangent is None:  # computed where torch does not see it (on the host): SciPy's differences
                self.autograd = False
                return self._differences(x, r)
            cols.append(tangent)
        return torch.stack(cols, dim=1)

    #: bounds the difference steps stay within (set by trf), as SciPy's ``approx_derivative``
    lb = ub = None

    def _differences(self, x, r):
        """SciPy's '2-point' Jacobian (``approx_derivative``): h = sqrt(eps) max(1, |x|) with x's sign,
        reversed where it would leave the bounds; not counted in ``nfev`` (SciPy's trf neither)."""
        h = math.sqrt(torch.finfo(x.dtype).eps) * torch.where(x >= 0, 1.0, -1.0).to(x.dtype) * x.abs().clamp(min=1)
        if self.lb is not None:  # SciPy's _adjust_scheme_to_bounds ('1-sided')
            low, up = x - self.lb, self.ub - x
            out = ((x + h) < self.lb) | ((x + h) > self.ub)
            fits = h.abs() <= torch.maximum(low, up)
            h = torch.where(out & fits, -h, torch.where(fits, h, torch.where(up >= low, up, -low)))
        h = (x + h) - x
        cols = []
        for i in range(x.numel()):
            xi = x.clone()
            xi[i] += h[i]
            with torch.no_grad():
                ri = _as_tensor(self.fun(_wrap(xi), *self.args, **self.kwargs), x).reshape(-1)
            cols.append((ri - r) / h[i])
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
    _, s, VT = svd_tensor(J, full_matrices=False)
    keep = s > torch.finfo(J.dtype).eps * max(J.shape) * s[0]
    inv = torch.where(keep, 1 / torch.where(keep, s, 1) ** 2, 0)
    pcov = (VT.T * inv) @ VT
    if not absolute_sigma:
        if m > n:
            pcov = pcov * (cost_sum / (m - n))
        else:
            pcov = torch.full_like(pcov, torch.inf)
    return pcov


# -- trust-region reflective (SciPy's ``trf`` with ``tr_solver='exact'``) -----------------------
_EPS = 2.220446049250313e-16


def loss_function(loss, f_scale):
    """SciPy's ``construct_loss_function`` on tensors: None for 'linear', else ``rho(f, cost_only)``
    returning the cost, or the (3, m) tensor of rho and its two derivatives (scaled by ``f_scale``)."""
    if loss == "linear":
        return None

    def rho_of(z):
        if callable(loss):
            out = loss(_wrap(z))
            return _as_tensor(out, z).reshape(3, -1).clone()
        if loss == "huber":
            small = z <= 1
            r0 = torch.where(small, z, 2 * z.sqrt() - 1)
            r1 = torch.where(small, 1.0, z.rsqrt())
            r2 = torch.where(small, 0.0, -0.5 * z ** -1.5)
        elif loss == "soft_l1":
            t = 1 + z
            r0, r1, r2 = 2 * (t.sqrt() - 1), t ** -0.5, -0.5 * t ** -1.5
        elif loss == "cauchy":
            t = 1 + z
            r0, r1, r2 = torch.log1p(z), 1 / t, -1 / t ** 2
        else:  # arctan
            t = 1 + z ** 2
            r0, r1, r2 = torch.atan(z), 1 / t, -2 * z / t ** 2
        return torch.stack([r0, r1, r2])

    def rho(f, cost_only=False):
        r = rho_of((f / f_scale) ** 2)
        if cost_only:
            return 0.5 * f_scale ** 2 * r[0].sum()
        return torch.stack([r[0] * f_scale ** 2, r[1], r[2] / f_scale ** 2])
    return rho


def _robust(J, f, rho):
    """SciPy's ``scale_for_robust_loss_function``."""
    s = torch.clamp(rho[1] + 2 * rho[2] * f ** 2, min=_EPS).sqrt()
    return J * s[:, None], f * rho[1] / s


def _cl_scaling(x, g, lb, ub):
    """Coleman-Li's scaling vector ``v`` and its derivative ``dv``."""
    up = (g < 0) & torch.isfinite(ub)
    low = (g > 0) & torch.isfinite(lb)
    v = torch.where(low, x - lb, torch.where(up, ub - x, torch.ones_like(x)))
    dv = torch.where(low, 1.0, torch.where(up, -1.0, 0.0)).to(x.dtype)
    return v, dv


def _active(x, lb, ub, rtol):
    """SciPy's ``find_active_constraints``: -1 at a lower bound, 1 at an upper one, else 0."""
    if rtol == 0:
        return torch.where(x <= lb, -1, torch.where(x >= ub, 1, 0))
    lo_d, up_d = x - lb, ub - x
    lo = torch.isfinite(lb) & (lo_d <= torch.minimum(up_d, rtol * torch.clamp(lb.abs(), min=1)))
    up = torch.isfinite(ub) & (up_d <= torch.minimum(lo_d, rtol * torch.clamp(ub.abs(), min=1)))
    return torch.where(up, 1, torch.where(lo, -1, 0))


def strictly_feasible(x, lb, ub, rstep=1e-10):
    """SciPy's ``make_strictly_feasible``."""
    active = _active(x, lb, ub, rstep)
    if rstep == 0:
        low, up = torch.nextafter(lb, ub), torch.nextafter(ub, lb)
    else:
        low, up = lb + rstep * torch.clamp(lb.abs(), min=1), ub - rstep * torch.clamp(ub.abs(), min=1)
    x = torch.where(active == -1, low, torch.where(active == 1, up, x))
    return torch.where((x < lb) | (x > ub), 0.5 * (lb + ub), x)


def _step_to_bound(x, s, lb, ub):
    """SciPy's ``step_size_to_bound``: (the largest step along ``s``, which bounds it hits)."""
    nz = s != 0
    safe = torch.where(nz, s, 1)
    steps = torch.where(nz, torch.maximum((lb - x) / safe, (ub - x) / safe), torch.inf)
    m = steps.min()
    return float(m), (steps == m) & nz


def _intersect(x, s, delta):
    """SciPy's ``intersect_trust_region``: where ``x + t s`` meets the sphere of radius ``delta``."""
    a, b, c = float(s @ s), float(x @ s), float(x @ x) - delta ** 2
    d = math.sqrt(max(b * b - a * c, 0.0))
    q = -(b + math.copysign(d, b))
    t1, t2 = q / a, c / q
    return (t1, t2) if t1 < t2 else (t2, t1)


def _quadratic_1d(J, g, s, diag, s0=None):
    v = J @ s
    a = 0.5 * (float(v @ v) + float((s * diag) @ s))
    b = float(g @ s)
    if s0 is None:
        return a, b, 0.0
    u = J @ s0
    b += float(u @ v) + float((s0 * diag) @ s)
    c = 0.5 * float(u @ u) + float(g @ s0) + 0.5 * float((s0 * diag) @ s0)
    return a, b, c


def _min_quadratic_1d(a, b, lo, hi, c=0.0):
    ts = [lo, hi]
    if a != 0:
        e = -0.5 * b / a
        if lo < e < hi:
            ts.append(e)
    ys = [t * (a * t + b) + c for t in ts]
    i = min(range(len(ts)), key=ys.__getitem__)
    return ts[i], ys[i]


def _evaluate_quadratic(J, g, s, diag):
    Js = J @ s
    return 0.5 * (float(Js @ Js) + float((s * diag) @ s)) + float(s @ g)


def _select_step(x, J_h, diag_h, g_h, p, p_h, d, delta, lb, ub, theta):
    """SciPy's ``select_step`` of trf: the best of the reflected, the truncated trust-region and
    the scaled anti-gradient steps. Returns (step, step_h, predicted reduction)."""
    if bool(((x + p >= lb) & (x + p <= ub)).all()):
        return p, p_h, -_evaluate_quadratic(J_h, g_h, p_h, diag_h)
    p_stride, hits = _step_to_bound(x, p, lb, ub)
    r_h = torch.where(hits, -p_h, p_h)
    r = d * r_h
    p, p_h = p * p_stride, p_h * p_stride
    x_on_bound = x + p
    _, to_tr = _intersect(p_h, r_h, delta)
    to_bound, _ = _step_to_bound(x_on_bound, r, lb, ub)
    r_stride = min(to_bound, to_tr)
    if r_stride > 0:
        r_lo = (1 - theta) * p_stride / r_stride
        r_hi = theta * to_bound if r_stride == to_bound else to_tr
    else:
        r_lo, r_hi = 0, -1
    if r_lo <= r_hi:
        a, b, c = _quadratic_1d(J_h, g_h, r_h, diag_h, s0=p_h)
        r_stride, r_value = _min_quadratic_1d(a, b, r_lo, r_hi, c)
        r_h = r_h * r_stride + p_h
        r = r_h * d
    else:
        r_value = math.inf
    p, p_h = p * theta, p_h * theta
    p_value = _evaluate_quadratic(J_h, g_h, p_h, diag_h)
    ag_h = -g_h
    ag = d * ag_h
    to_tr = delta / float(torch.linalg.vector_norm(ag_h))
    to_bound, _ = _step_to_bound(x, ag, lb, ub)
    ag_stride = theta * to_bound if to_bound < to_tr else to_tr
    a, b, _ = _quadratic_1d(J_h, g_h, ag_h, diag_h)
    ag_stride, ag_value = _min_quadratic_1d(a, b, 0, ag_stride)
    if p_value < r_value and p_value < ag_value:
        return p, p_h, -p_value
    if r_value < p_value and r_value < ag_value:
        return r, r_h, -r_value
    return ag * ag_stride, ag_h * ag_stride, -ag_value


def _lsq_trust_region(n, m, uf, s, V, delta, alpha, rtol=0.01, max_iter=10):
    """SciPy's ``solve_lsq_trust_region`` (More's method on the SVD): (p, alpha)."""
    suf = s * uf

    def phi_and_derivative(alpha):
        denom = s ** 2 + alpha
        p_norm = float(torch.linalg.vector_norm(suf / denom))
        return p_norm - delta, -float((suf ** 2 / denom ** 3).sum()) / p_norm

    full_rank = m >= n and float(s[-1]) > _EPS * m * float(s[0])
    if full_rank:
        p = -V @ (uf / s)
        if float(torch.linalg.vector_norm(p)) <= delta:
            return p, 0.0
    alpha_upper = float(torch.linalg.vector_norm(suf)) / delta
    if full_rank:
        phi, phi_prime = phi_and_derivative(0.0)
        alpha_lower = -phi / phi_prime
    else:
        alpha_lower = 0.0
    if alpha is None or not full_rank and alpha == 0:
        alpha = max(0.001 * alpha_upper, (alpha_lower * alpha_upper) ** 0.5)
    for _ in range(max_iter):
        if alpha < alpha_lower or alpha > alpha_upper:
            alpha = max(0.001 * alpha_upper, (alpha_lower * alpha_upper) ** 0.5)
        phi, phi_prime = phi_and_derivative(alpha)
        if phi < 0:
            alpha_upper = alpha
        ratio = phi / phi_prime
        alpha_lower = max(alpha_lower, alpha - ratio)
        alpha -= (phi + delta) * ratio / delta
        if abs(phi) < rtol * delta:
            break
    p = -V @ (suf / (s ** 2 + alpha))
    return p * (delta / float(torch.linalg.vector_norm(p))), alpha


def trf(res, x0, lb, ub, ftol, xtol, gtol, max_nfev, x_scale, loss, callback=None):
    """SciPy's ``trf_bounds`` (``tr_solver='exact'``) on tensors; with infinite bounds it takes
    ``trf_no_bounds``'s steps. Each iteration's decisions read scalars on the host."""
    x = x0
    f = res(x)
    f_true, nfev = f, 1
    J = res.jacobian(x, f)
    m, n = J.shape
    if loss is not None:
        rho = loss(f)
        cost = float(0.5 * rho[0].sum())
        J, f = _robust(J, f, rho)
    else:
        cost = 0.5 * float(f @ f)
    g = J.T @ f
    jac_scale = isinstance(x_scale, str) and x_scale == "jac"
    if jac_scale:
        scale_inv = torch.linalg.vector_norm(J, dim=0)
        scale_inv = torch.where(scale_inv == 0, 1.0, scale_inv)
    else:
        scale_inv = 1 / x_scale
    scale = 1 / scale_inv
    v, dv = _cl_scaling(x, g, lb, ub)
    v = torch.where(dv != 0, v * scale_inv, v)
    delta = float(torch.linalg.vector_norm(x0 * scale_inv / v.sqrt()))
    if delta == 0:
        delta = 1.0
    max_nfev = x0.numel() * 100 if max_nfev is None else max_nfev
    alpha, status, it = 0.0, None, 0
    while True:
        v, dv = _cl_scaling(x, g, lb, ub)
        g_norm = float((g * v).abs().max())
        if g_norm < gtol:
            status = 1
        if status is not None or nfev == max_nfev:
            break
        v = torch.where(dv != 0, v * scale_inv, v)
        d = v.sqrt() * scale
        diag_h = g * dv * scale
        g_h = d * g
        J_h = J * d
        U, s, Vt = svd_tensor(torch.cat([J_h, torch.diag(diag_h.sqrt())]), full_matrices=False)
        V = Vt.T
        uf = U[:m].T @ f
        theta = max(0.995, 1 - g_norm)
        actual = -1.0
        while actual <= 0 and nfev < max_nfev:
            p_h, alpha = _lsq_trust_region(n, m, uf, s, V, delta, alpha)
            step, step_h, predicted = _select_step(x, J_h, diag_h, g_h, d * p_h, p_h, d, delta, lb, ub, theta)
            x_new = strictly_feasible(x + step, lb, ub, rstep=0)
            f_new = res(x_new)
            nfev += 1
            step_h_norm = float(torch.linalg.vector_norm(step_h))
            if not bool(torch.isfinite(f_new).all()):
                delta = 0.25 * step_h_norm
                continue
            cost_new = float(loss(f_new, cost_only=True)) if loss is not None else 0.5 * float(f_new @ f_new)
            actual = cost - cost_new
            if predicted > 0:
                ratio = actual / predicted
            else:
                ratio = 1 if predicted == actual == 0 else 0
            delta_new = delta
            if ratio < 0.25:
                delta_new = 0.25 * step_h_norm
            elif ratio > 0.75 and step_h_norm > 0.95 * delta:
                delta_new = 2.0 * delta
            step_norm = float(torch.linalg.vector_norm(step))
            f_ok = actual < ftol * cost and ratio > 0.25
            x_ok = step_norm < xtol * (xtol + float(torch.linalg.vector_norm(x)))
            status = 4 if f_ok and x_ok else (2 if f_ok else (3 if x_ok else None))
            if status is not None:
                break
            alpha *= delta / delta_new
            delta = delta_new
        if actual > 0:
            x, f, cost = x_new, f_new, cost_new
            f_true = f
            J = res.jacobian(x, f)
            if loss is not None:
                rho = loss(f)
                J, f = _robust(J, f, rho)
            g = J.T @ f
            if jac_scale:
                scale_inv = torch.maximum(torch.linalg.vector_norm(J, dim=0), scale_inv)
                scale = 1 / scale_inv
        it += 1
        if callback is not None:
            from ._result import OptimizeResult

            stop = callback(OptimizeResult(x=_wrap(x), fun=_wrap(f_true), nit=it, nfev=nfev, cost=cost))
            if stop:
                status = -2
                break
    if status is None:
        status = 0
    return dict(x=x, cost=cost, fun=f_true, jac=J, grad=g, optimality=g_norm,
                active_mask=_active(x, lb, ub, xtol), nfev=nfev, njev=res.njev, status=status)
