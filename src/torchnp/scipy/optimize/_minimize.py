"""Device minimizers of ``scipy.optimize.minimize`` (DESIGN §8.4): BFGS, L-BFGS-B, CG, Newton-CG,
Nelder-Mead and Powell on tensors, the gradient (and Newton-CG's Hessian-vector products) from
torch's autograd where ``jac`` is not given.

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
    except (RuntimeError, ZeroDivisionError, IndexError):
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


def _start(obj, x, maxiter, norm):
    """The prologue SciPy's BFGS and CG share: (maxiter, f, g, the previous f's stand-in, |g|)."""
    f, g = obj.value_and_grad(x)
    return (200 * x.numel() if maxiter is None else maxiter), f, g, f + torch.linalg.vector_norm(g) / 2, \
        _vecnorm(g, norm)


def bfgs(obj, x, callback=None, gtol=1e-5, norm=math.inf, maxiter=None, c1=1e-4, c2=0.9, xrtol=0, **_):
    """SciPy's ``_minimize_bfgs`` on tensors."""
    maxiter, f, g, old_old_f, gnorm = _start(obj, x, maxiter, norm)
    eye = torch.eye(x.numel(), dtype=x.dtype, device=x.device)
    H = eye.clone()
    k, status = 0, 0
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
    maxiter, f, g, old_old_f, gnorm = _start(obj, x, maxiter, norm)
    d = -g
    k, status = 0, 0
    while gnorm > gtol and k < maxiter:
        step = _line_search(obj, x, d, f, g, f, old_old_f, c2)
        if step is None:
            status = 2
            break
        t, f_new, g_new = step
        old_old_f, f = f, f_new
        x = x + t * d
        beta = torch.clamp(torch.dot(g_new - g, g_new) / torch.dot(g, g), min=0)
        d_new = -g_new + beta * d
        # SciPy's descent condition (sigma_3 = 0.01), which its line search enforces: where the
        # Polak-Ribiere direction fails it, restart along the steepest descent (no host read)
        descent = torch.dot(d_new, g_new) <= -0.01 * torch.dot(g_new, g_new)
        d = torch.where(descent, d_new, -g_new)
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
        if k >= max(maxiter, 1):  # SciPy's L-BFGS-B tests the limit after an iteration: maxiter=0 runs one
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


_EPSILON = math.sqrt(2.220446049250313e-16)  # SciPy's _epsilon: the finite-difference step


def newton_cg(obj, x, hess=None, hessp=None, callback=None, xtol=1e-5, eps=_EPSILON, maxiter=None, c1=1e-4, c2=0.9,
              **_):
    """SciPy's ``_minimize_newtoncg`` on tensors: the Hessian-vector products of the inner CG from
    ``hess`` (a matrix, once per iteration), ``hessp``, or torch's autograd (a double backward pass;
    SciPy's differences of the gradient where the objective is not differentiable by torch)."""
    n = x.numel()
    maxiter = 200 * n if maxiter is None else maxiter
    cg_maxiter, xtol = 20 * n, n * xtol
    autograd = obj.autograd
    f, g = obj.value_and_grad(x)
    if autograd and not obj.autograd:  # jac=None and no torch gradient: SciPy's error
        raise ValueError("Jacobian is required for Newton-CG method")
    old_old_f, k, nhev, update_l1 = None, 0, 0, math.inf

    def terminate(status, message):
        return result(fun=f, jac=g, nfev=obj.nfev, njev=obj.njev, nhev=nhev, status=status, success=status == 0,
                      message=message, x=x, nit=k)

    while update_l1 > xtol:
        if k >= maxiter:
            return terminate(1, "Warning: " + _MAXITER)
        maggrad = float(g.abs().sum())
        termcond = min(0.5, math.sqrt(maggrad)) * maggrad
        z, r = torch.zeros_like(x), g.clone()
        p, i, dri0 = -r, 0, torch.dot(r, r)
        if hess is not None:
            A = obj.matrix(hess, x)
            nhev += 1
        for _k2 in range(cg_maxiter):
            if float(r.abs().sum()) <= termcond:
                break
            if hess is not None:
                Ap = A @ p
            elif hessp is not None:
                Ap = obj.vector(hessp, x, p)
                nhev += 1
            else:
                Ap = obj.hessp(x, p, eps)
            curv = float(torch.dot(p, Ap))
            if 0 <= curv <= 3 * 2.220446049250313e-16:
                break
            if curv < 0:
                if i == 0:  # steepest descent
                    z = dri0 / (-curv) * -g
                break
            alpha = dri0 / curv
            z, r = z + alpha * p, r + alpha * Ap
            dri1 = torch.dot(r, r)
            p, i, dri0 = -r + dri1 / dri0 * p, i + 1, dri1
        else:
            return terminate(3, "Warning: CG iterations didn't converge. The Hessian is not positive definite.")
        if not bool(z.any()):  # a zero gradient: SciPy's line search returns a zero update
            step = (0.0, f, g)
        else:
            step = _line_search(obj, x, z, f, g, f, old_old_f, c2)
        if step is None:
            return terminate(2, "Warning: " + _PRECISION)
        t, f_new, g = step
        old_old_f, f = f, f_new
        update = t * z
        x = x + update
        k += 1
        _callback(callback, x, f)
        update_l1 = float(update.abs().sum())
    if math.isnan(float(f)) or math.isnan(update_l1):
        return terminate(3, _NAN)
    return terminate(0, _SUCCESS)


class _TooManyCalls(Exception):
    pass


def _line_for_search(x, d, lower, upper):
    """SciPy's ``_line_for_search``: the interval of ``l`` keeping ``x + l d`` within the bounds."""
    nz = d != 0
    safe = torch.where(nz, d, 1)
    low, high = (lower - x) / safe, (upper - x) / safe
    pos = d > 0
    lmin = torch.where(nz, torch.where(pos, low, high), -torch.inf).max()
    lmax = torch.where(nz, torch.where(pos, high, low), torch.inf).min()
    lmin, lmax = float(lmin), float(lmax)
    return (lmin, lmax) if lmax >= lmin else (0, 0)


def _linesearch_powell(func, p, xi, tol, lower, upper, fval):
    """SciPy's ``_linesearch_powell``: Brent's minimum along ``xi`` (bounded where bounds are)."""
    from . import _scalar

    def along(alpha):
        return func(p + alpha * xi)

    if not bool(xi.any()):
        return fval, p, xi
    if lower is not None:
        lo, hi = _line_for_search(p, xi, lower, upper)
        if not (math.isinf(lo) and lo < 0 and math.isinf(hi) and hi > 0):
            if math.isfinite(lo) and math.isfinite(hi):
                res = _scalar.bounded(along, (lo, hi), xatol=tol / 100)
                return res.fun, p + res.x * xi, res.x * xi
            res = _scalar.bounded(lambda a: along(math.tan(a)), (math.atan(lo), math.atan(hi)), xatol=tol / 100)
            return res.fun, p + math.tan(res.x) * xi, math.tan(res.x) * xi
    res = _scalar.recover_from_bracket_error(_scalar.brent, along, None, xtol=tol)
    return res.fun, p + res.x * xi, res.x * xi


def powell(obj, x, lower=None, upper=None, callback=None, xtol=1e-4, ftol=1e-4, maxiter=None, maxfev=None,
           direc=None, **_):
    """SciPy's ``_minimize_powell`` on tensors: the direction set on the device, each line
    search Brent's (bounded: ``fminbound``'s) on Python numbers, one host read per evaluation."""
    n = x.numel()
    maxfun = maxfev
    if maxiter is None and maxfun is None:
        maxiter = maxfun = n * 1000
    elif maxiter is None:
        maxiter = n * 1000 if maxfun == math.inf else math.inf
    elif maxfun is None:
        maxfun = n * 1000 if maxiter == math.inf else math.inf
    calls = [0]

    def func(v):
        if calls[0] >= maxfun:
            raise _TooManyCalls
        calls[0] += 1
        return float(obj(v))

    if direc is None:
        direc = torch.eye(n, dtype=x.dtype, device=x.device)
    else:
        from ..._boundary import tensor

        direc = tensor(direc, x.device).to(x.dtype).clone()
    fval = func(x)
    x1, it = x.clone(), 0
    while True:
        try:
            fx, bigind, delta = fval, 0, 0.0
            for i in range(n):
                fx2 = fval
                fval, x, _ = _linesearch_powell(func, x, direc[i], xtol * 100, lower, upper, fval)
                if (fx2 - fval) > delta:
                    delta, bigind = fx2 - fval, i
            it += 1
            _callback(callback, x, torch.tensor(fval, dtype=x.dtype, device=x.device))
            if 2.0 * (fx - fval) <= ftol * (abs(fx) + abs(fval)) + 1e-20 or calls[0] >= maxfun or it >= maxiter \
                    or (math.isnan(fx) and math.isnan(fval)):
                break
            direc1 = x - x1
            x1 = x.clone()
            lmax = 1 if lower is None else _line_for_search(x, direc1, lower, upper)[1]
            x2 = x + min(lmax, 1) * direc1
            fx2 = func(x2)
            if fx > fx2:
                t = 2.0 * (fx + fx2 - 2.0 * fval)
                temp = fx - fval - delta
                t *= temp * temp
                temp = fx - fx2
                t -= delta * temp * temp
                if t < 0.0:
                    fval, x, direc1 = _linesearch_powell(func, x, direc1, xtol * 100, lower, upper, fval)
                    if bool(direc1.any()):
                        direc[bigind] = direc[-1].clone()
                        direc[-1] = direc1
        except _TooManyCalls:
            break
    status, msg = 0, _SUCCESS
    if lower is not None and bool(((lower > x) | (x > upper)).any()):
        status, msg = 4, "The result is outside of the provided bounds."
    elif calls[0] >= maxfun:
        status, msg = 1, "Maximum number of function evaluations has been exceeded."
    elif it >= maxiter:
        status, msg = 2, _MAXITER
    elif math.isnan(fval) or bool(torch.isnan(x).any()):
        status, msg = 3, _NAN
    return result(fun=torch.tensor(fval, dtype=x.dtype, device=x.device), direc=direc, nit=it, nfev=calls[0],
                  status=status, success=status == 0, message=msg, x=x)
