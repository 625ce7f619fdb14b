"""Device minimizers of ``scipy.optimize.minimize`` (DESIGN §8.4): BFGS, L-BFGS-B, CG and
Nelder-Mead on tensors, the gradient from torch's autograd where ``jac`` is not given.

The iterates, gradients and the inverse-Hessian approximation stay on the device; the
decisions of each iteration (line-search steps, convergence tests) read a few scalars on the
host, as SciPy's loops do (docs/devices.md). The line search is torch's strong-Wolfe search
(``torch.optim.LBFGS``), started from SciPy's first trial step; iterates therefore differ from
SciPy's in the last digits and iteration counts may differ, while solutions agree within the
method's tolerance (docs/scipy.md).
"""

import math

import torch
from torch.optim.lbfgs import _strong_wolfe

from ..._array import _wrap
from ._result import finite, result

_SUCCESS = "Optimization terminated successfully."
_MAXITER = "Maximum number of iterations has been exceeded."
_PRECISION = "Desired error not necessarily achieved due to precision loss."
_NAN = "NaN result encountered."


def _line_search(obj, x, d, f, g, old_f, old_old_f, c2):
    """Strong-Wolfe step along ``d`` from ``x`` (value ``f``, gradient ``g``), SciPy's first trial
    step ``min(1, 1.01 * 2 (f - f_prev) / g.d)``. Returns (step, f, g) or None where it fails."""
    gtd = torch.dot(g, d)
    gtd_f = float(gtd)
    if gtd_f >= 0:
        return None
    t = 1.0
    if old_old_f is not None:
        t = min(1.0, 1.01 * 2 * (float(old_f) - float(old_old_f)) / gtd_f)
        if t <= 0:
            t = 1.0

    def evaluate(x, t, d):
        f, g = obj.value_and_grad(x + t * d)
        return float(f), g

    try:
        f_new, g_new, t, _ = _strong_wolfe(evaluate, x, t, d, float(f), g, gtd, c2=c2)
        t = float(t)
    except (RuntimeError, ZeroDivisionError):
        f_new = math.nan
    if not math.isfinite(f_new) or t == 0 or f_new > float(f) + 1e-4 * t * gtd_f:
        return _backtrack(obj, x, d, f, gtd_f)  # as SciPy falls back from one line search to another
    return t, torch.tensor(f_new, dtype=x.dtype, device=x.device), g_new


def _backtrack(obj, x, d, f, gtd, c1=1e-4):
    """Armijo backtracking from a unit step: (step, f, g), or None where no step decreases f."""
    t, f0 = 1.0, float(f)
    for _ in range(40):
        f_new, g_new = obj.value_and_grad(x + t * d)
        if math.isfinite(float(f_new)) and float(f_new) <= f0 + c1 * t * gtd:
            return t, f_new, g_new
        t *= 0.5
    return None


def _vecnorm(g, norm):
    return float(g.abs().max()) if norm == math.inf else float(torch.linalg.vector_norm(g, norm))


def _callback(callback, x, f):
    if callback is not None:
        from ._result import OptimizeResult

        callback(OptimizeResult(x=_wrap(x.clone()), fun=_wrap(f)))


def bfgs(obj, x, callback=None, gtol=1e-5, norm=math.inf, maxiter=None, c1=1e-4, c2=0.9, xrtol=0, **_):
    """SciPy's ``_minimize_bfgs`` on tensors."""
    n = x.numel()
    maxiter = 200 * n if maxiter is None else maxiter
    f, g = obj.value_and_grad(x)
    eye = torch.eye(n, dtype=x.dtype, device=x.device)
    H = eye.clone()
    old_f, old_old_f = f, f + torch.linalg.vector_norm(g) / 2
    k, status = 0, 0
    gnorm = _vecnorm(g, norm)
    while gnorm > gtol and k < maxiter:
        d = -(H @ g)
        step = _line_search(obj, x, d, f, g, f, old_old_f, c2)
        if step is None:
            status = 2
            break
        t, f_new, g_new = step
        old_old_f, f = f, f_new
        s = t * d
        x = x + s
        y = g_new - g
        g = g_new
        k += 1
        _callback(callback, x, f)
        gnorm = _vecnorm(g, norm)
        if gnorm <= gtol:
            break
        if xrtol and float(torch.linalg.vector_norm(s)) <= xrtol * float(torch.linalg.vector_norm(x)):
            break
        if not finite(f):
            status = 2
            break
        sy = torch.dot(y, s)
        rho = torch.where(sy == 0, torch.tensor(1000.0, dtype=x.dtype, device=x.device), 1.0 / sy)
        A1 = eye - rho * torch.outer(s, y)
        A2 = eye - rho * torch.outer(y, s)
        H = A1 @ (H @ A2) + rho * torch.outer(s, s)
    if status == 0 and k >= maxiter and gnorm > gtol:
        status = 1
    if status == 0 and not (finite(f) and bool(torch.isfinite(x).all())):
        status = 3
    msg = {0: _SUCCESS, 1: _MAXITER, 2: _PRECISION, 3: _NAN}[status]
    return result(fun=f, jac=g, hess_inv=H, nfev=obj.nfev, njev=obj.njev, status=status, success=status == 0,
                  message=msg, x=x, nit=k)


def cg(obj, x, callback=None, gtol=1e-5, norm=math.inf, maxiter=None, c1=1e-4, c2=0.4, **_):
    """SciPy's ``_minimize_cg`` (Polak-Ribiere+) on tensors."""
    maxiter = 200 * x.numel() if maxiter is None else maxiter
    f, g = obj.value_and_grad(x)
    d = -g
    old_old_f = f + torch.linalg.vector_norm(g) / 2
    k, status = 0, 0
    gnorm = _vecnorm(g, norm)
    while gnorm > gtol and k < maxiter:
        step = _line_search(obj, x, d, f, g, f, old_old_f, c2)
        if step is None:
            status = 2
            break
        t, f_new, g_new = step
        old_old_f, f = f, f_new
        x = x + t * d
        beta = torch.clamp(torch.dot(g_new - g, g_new) / torch.dot(g, g), min=0)
        d = -g_new + beta * d
        g = g_new
        k += 1
        _callback(callback, x, f)
        gnorm = _vecnorm(g, norm)
    if status == 0 and gnorm > gtol:
        status = 1
    msg = {0: _SUCCESS, 1: _MAXITER, 2: _PRECISION}[status]
    return result(fun=f, jac=g, nfev=obj.nfev, njev=obj.njev, status=status, success=status == 0, message=msg,
                  x=x, nit=k)


def _two_loop(g, pairs):
    """L-BFGS's product of the inverse-Hessian approximation and ``g``."""
    q = g.clone()
    alphas = []
    for s, y, rho in reversed(pairs):
        a = rho * torch.dot(s, q)
        q -= a * y
        alphas.append(a)
    if pairs:
        s, y, _ = pairs[-1]
        q *= torch.dot(s, y) / torch.dot(y, y)
    for (s, y, rho), a in zip(pairs, reversed(alphas)):
        q += s * (a - rho * torch.dot(y, q))
    return q


def lbfgsb(obj, x, lower, upper, callback=None, maxcor=10, ftol=2.2204460492503131e-09, gtol=1e-5, maxfun=15000,
           maxiter=15000, maxls=20, **_):
    """``_minimize_lbfgsb``'s problem on tensors: limited-memory BFGS on the free variables, a
    projected (backtracking) search where bounds bind, SciPy's stopping tests and messages."""
    bounded = lower is not None
    if bounded:
        x = torch.clamp(x, lower, upper)
    f, g = obj.value_and_grad(x)
    pairs, k = [], 0

    def projected_gradient(x, g):
        return (x - torch.clamp(x - g, lower, upper)) if bounded else g

    message = None
    while True:
        if float(projected_gradient(x, g).abs().max()) <= gtol:
            message = "CONVERGENCE: NORM OF PROJECTED GRADIENT <= PGTOL"
            break
        if k >= maxiter:
            message = "STOP: TOTAL NO. OF ITERATIONS REACHED LIMIT"
            break
        if obj.nfev >= maxfun:
            message = "STOP: TOTAL NO. OF F,G EVALUATIONS EXCEEDS LIMIT"
            break
        free = ~(((x <= lower) & (g > 0)) | ((x >= upper) & (g < 0))) if bounded else None
        gf = g * free if bounded else g
        d = -_two_loop(gf, pairs)
        if bounded:
            d = d * free
        if float(torch.dot(d, g)) >= 0:
            pairs.clear()
            d = -gf
        if not pairs and k == 0:
            d = d / max(1.0, float(torch.linalg.vector_norm(d)))  # SciPy's first step: unit length
        if bounded and bool(((x + d < lower) | (x + d > upper)).any()):
            step = _projected_search(obj, x, d, f, g, lower, upper, maxls)
        else:
            step = _line_search(obj, x, d, f, g, f, None, 0.9)
            step = None if step is None else (x + step[0] * d, step[1], step[2])
        if step is None:
            message = "ABNORMAL: "
            break
        x_new, f_new, g_new = step
        s, y = x_new - x, g_new - g
        sy = torch.dot(s, y)
        if float(sy) > 2.2e-16 * float(torch.dot(y, y)):
            pairs.append((s, y, 1.0 / sy))
            del pairs[:-maxcor]
        f_old, x, f, g = f, x_new, f_new, g_new
        k += 1
        _callback(callback, x, f)
        fo, fn = float(f_old), float(f)
        if (fo - fn) <= ftol * max(abs(fo), abs(fn), 1.0):
            message = "CONVERGENCE: RELATIVE REDUCTION OF F <= FACTR*EPSMCH"
            break
    warn = 0 if message.startswith("CONVERGENCE") else (2 if message.startswith("ABNORMAL") else 1)
    return result(fun=f, jac=g, nfev=obj.nfev, njev=obj.njev, nit=k, status=warn, message=message, x=x,
                  success=warn == 0)


def _projected_search(obj, x, d, f, g, lower, upper, maxls):
    """Backtracking along the projected path ``clip(x + t d)`` (Armijo's condition)."""
    t = 1.0
    for _ in range(maxls):
        x_new = torch.clamp(x + t * d, lower, upper)
        f_new, g_new = obj.value_and_grad(x_new)
        if float(f_new) <= float(f) + 1e-4 * float(torch.dot(g, x_new - x)):
            return x_new, f_new, g_new
        t *= 0.5
    return None


def nelder_mead(obj, x, callback=None, maxiter=None, maxfev=None, xatol=1e-4, fatol=1e-4, adaptive=False,
                initial_simplex=None, bounds=None, **_):
    """SciPy's ``_minimize_neldermead`` on tensors (the same simplex moves and tests)."""
    n = x.numel()
    if adaptive:
        rho, chi, psi, sigma = 1, 1 + 2 / n, 0.75 - 1 / (2 * n), 1 - 1 / n
    else:
        rho, chi, psi, sigma = 1, 2, 0.5, 0.5
    if initial_simplex is None:
        sim = x.repeat(n + 1, 1)
        for k in range(n):
            y = x.clone()
            y[k] = torch.where(y[k] != 0, 1.05 * y[k], torch.tensor(0.00025, dtype=x.dtype, device=x.device))
            sim[k + 1] = y
    else:
        from ..._boundary import tensor

        sim = tensor(initial_simplex, x.device).to(x.dtype).clone()
    if maxiter is None and maxfev is None:
        maxiter = maxfev = n * 200
    elif maxiter is None:
        maxiter = n * 200 if maxfev == math.inf else maxfev
    elif maxfev is None:
        maxfev = n * 200 if maxiter == math.inf else maxiter
    fsim = torch.stack([obj(v) for v in sim])
    order = torch.argsort(fsim, stable=True)
    fsim, sim = fsim[order], sim[order]
    it = 1
    while obj.nfev < maxfev and it < maxiter:
        if float((sim[1:] - sim[0]).abs().max()) <= xatol and float((fsim[0] - fsim[1:]).abs().max()) <= fatol:
            break
        xbar = sim[:-1].mean(0)
        xr = (1 + rho) * xbar - rho * sim[-1]
        fxr = obj(xr)
        shrink = False
        if float(fxr) < float(fsim[0]):
            xe = (1 + rho * chi) * xbar - rho * chi * sim[-1]
            fxe = obj(xe)
            if float(fxe) < float(fxr):
                sim[-1], fsim[-1] = xe, fxe
            else:
                sim[-1], fsim[-1] = xr, fxr
        elif float(fxr) < float(fsim[-2]):
            sim[-1], fsim[-1] = xr, fxr
        elif float(fxr) < float(fsim[-1]):
            xc = (1 + psi * rho) * xbar - psi * rho * sim[-1]
            fxc = obj(xc)
            if float(fxc) <= float(fxr):
                sim[-1], fsim[-1] = xc, fxc
            else:
                shrink = True
        else:
            xcc = (1 - psi) * xbar + psi * sim[-1]
            fxcc = obj(xcc)
            if float(fxcc) < float(fsim[-1]):
                sim[-1], fsim[-1] = xcc, fxcc
            else:
                shrink = True
        if shrink:
            for j in range(1, n + 1):
                sim[j] = sim[0] + sigma * (sim[j] - sim[0])
                fsim[j] = obj(sim[j])
        order = torch.argsort(fsim, stable=True)
        fsim, sim = fsim[order], sim[order]
        it += 1
        _callback(callback, sim[0], fsim[0])
    status, msg = 0, _SUCCESS
    if obj.nfev >= maxfev:
        status, msg = 1, "Maximum number of function evaluations has been exceeded."
    elif it >= maxiter:
        status, msg = 2, _MAXITER
    return result(fun=fsim[0], nit=it, nfev=obj.nfev, status=status, success=status == 0, message=msg, x=sim[0],
                  final_simplex=(_wrap(sim), _wrap(fsim)))
