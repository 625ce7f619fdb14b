"""``minimize_batch``: torchnp's extension (not SciPy's), many independent minimizations as one
device computation (DESIGN §8.4; docs/scipy.md).

``fun`` maps a (B, n) array to (B,) values, row i depending on row i only, so one backward pass
of torch's autograd gives every row's gradient. Each iteration is the same tensor program for all
rows: a quasi-Newton direction (BFGS's dense inverse Hessian, or L-BFGS's two-loop recursion with
projection onto ``bounds``), then a backtracking line search whose trial steps ``t0 * 2**-k``
(``t0``: SciPy's first trial step) call ``fun`` once on all (B, n) rows, each row keeping its first
step that meets Armijo's condition. Rows that have converged or failed are frozen by masks. The
host reads one flag per trial step (does any row need a shorter step) and one per iteration (does
any row still run), whatever B is (docs/devices.md): no per-row read.
"""

import math

import torch

from ..._array import _wrap, ndarray
from ..._boundary import tensor
from ._result import result

_MESSAGES = {0: "Optimization terminated successfully.", 1: "Maximum number of iterations has been exceeded.",
             2: "Desired error not necessarily achieved due to precision loss.", 3: "NaN result encountered."}


class _Batch:
    """``fun`` on (M, n) rows: values (M,) and, by autograd or ``jac``, gradients (M, n)."""

    def __init__(self, fun, jac, args):
        self.fun, self.jac, self.args = fun, jac, tuple(args)
        self.nfev = self.njev = 0

    def _values(self, out, X):
        t = out._t if isinstance(out, ndarray) else tensor(out, X.device)
        if t.shape != X.shape[:1]:
            raise ValueError(f"`fun` must map the ({X.shape[0]}, n) rows to ({X.shape[0]},) values; it returned "
                             f"shape {tuple(t.shape)}.")
        return t.to(X.dtype)

    def values(self, X):
        self.nfev += 1
        with torch.no_grad():
            return self._values(self.fun(_wrap(X), *self.args), X)

    def values_and_grads(self, X):
        self.nfev += 1
        self.njev += 1
        if callable(self.jac):
            with torch.no_grad():
                f = self._values(self.fun(_wrap(X), *self.args), X)
                out = self.jac(_wrap(X), *self.args)
            return f, (out._t if isinstance(out, ndarray) else tensor(out, X.device)).to(X.dtype).reshape(X.shape)
        Xr = X.detach().requires_grad_(True)
        with torch.enable_grad():
            f = self._values(self.fun(_wrap(Xr), *self.args), X)
            if not f.requires_grad:
                raise TypeError("minimize_batch differentiates `fun` with torch's autograd: write it with torchnp "
                                "(or pass `jac`).")
            (g,) = torch.autograd.grad(f.sum(), Xr, allow_unused=True)
        return f.detach(), torch.zeros_like(X) if g is None else g


def _armijo_search(batch, X, d, f, g, t0, lower, upper, maxls, pending, c1=1e-4):
    """Per row, the first of the steps ``t0 * 2**-k`` (k < maxls) meeting Armijo's condition along
    the (projected) path: (new X, found). One call of ``fun`` on the (B, n) rows per trial; after
    each, whether any ``pending`` row still needs a shorter step is read on the host."""
    t, X_new = t0, X
    found = torch.zeros_like(pending)
    rounding = 4 * torch.finfo(X.dtype).eps
    for _ in range(maxls):
        cand = X + t[:, None] * d
        if lower is not None:
            cand = torch.minimum(torch.maximum(cand, lower), upper)
        fc = batch.values(cand)
        # g.(x_t - x) is t g.d where no bound binds; the values' rounding is allowed for (near a minimum
        # the decrease falls below it, where SciPy's line search decides on the derivative)
        ok = ~found & torch.isfinite(fc) & (fc <= f + c1 * ((cand - X) * g).sum(1) + rounding * f.abs())
        X_new = torch.where(ok[:, None], cand, X_new)
        found = found | ok
        if not bool((pending & ~found).any()):  # host read: one per trial step
            break
        t = t * 0.5
    return X_new, found


def _first_step(f, f_prev, gtd):
    """SciPy's first trial step ``min(1, 1.01 * 2 (f - f_prev) / g.d)`` (1 where that is not positive)."""
    t = torch.clamp(1.01 * 2 * (f - f_prev) / torch.where(gtd == 0, -1.0, gtd), max=1.0)
    return torch.where((t > 0) & torch.isfinite(t), t, 1.0)


def minimize_batch(fun, x0_batch, method="bfgs", jac=None, bounds=None, tol=None, options=None, args=()):
    """Minimize ``fun`` over each row of ``x0_batch`` (B, n) independently, as one device
    computation: ``method`` 'bfgs' or 'l-bfgs-b' (``bounds`` as ``minimize`` takes them, the same
    for every row, or arrays broadcasting to (B, n)). ``fun(X, *args)`` maps (M, n) to (M,), rows
    independent; ``jac`` None (autograd) or a callable (M, n) -> (M, n). ``options``: ``gtol``
    (1e-5), ``maxiter`` (200 n for BFGS, 15000 for L-BFGS-B), ``ftol`` and ``maxcor`` (L-BFGS-B),
    ``maxls`` (trial steps per line search, 20). Returns an OptimizeResult whose ``x`` (B, n), ``fun``
    (B,), ``jac`` (B, n), ``nit``, ``status`` and ``success`` (B,) are per row, ``message`` a list
    of SciPy's messages per row, ``nfev``/``njev`` the number of batched calls."""
    meth = method.lower() if isinstance(method, str) else method
    if meth not in ("bfgs", "l-bfgs-b"):
        raise ValueError(f"Unknown solver {method}")
    if not isinstance(args, tuple):
        args = (args,)
    X = tensor(x0_batch, None)
    if X.dim() != 2:
        raise ValueError(f"'x0_batch' must have two dimensions (B, n), not {X.dim()}.")
    if not X.is_floating_point():
        X = X.to(torch.float64)
    X = X.clone()
    B, n = X.shape
    opts = dict(options or {})
    if tol is not None:
        opts.setdefault("gtol", tol)
        if meth == "l-bfgs-b":
            opts.setdefault("ftol", tol)
    gtol = opts.pop("gtol", 1e-5)
    maxiter = opts.pop("maxiter", None) or (200 * n if meth == "bfgs" else 15000)
    ftol = opts.pop("ftol", 2.2204460492503131e-09)
    maxcor = opts.pop("maxcor", 10)
    maxls = opts.pop("maxls", 20)
    lower = upper = None
    if bounds is not None:
        if meth == "bfgs":
            raise ValueError("Method bfgs cannot handle bounds: use 'l-bfgs-b'.")
        lower, upper = _bounds(bounds, X)
        X = torch.minimum(torch.maximum(X, lower), upper)
    batch = _Batch(fun, jac, args)
    f, g = batch.values_and_grads(X)
    dtype, dev = X.dtype, X.device
    status = torch.zeros(B, dtype=torch.int64, device=dev)
    nit = torch.zeros(B, dtype=torch.int64, device=dev)
    running = torch.ones(B, dtype=torch.bool, device=dev)
    f_prev = f + torch.linalg.vector_norm(g, dim=1) / 2
    if meth == "bfgs":
        H = torch.eye(n, dtype=dtype, device=dev).expand(B, n, n).clone()
    else:
        S = torch.zeros(maxcor, B, n, dtype=dtype, device=dev)
        Y = torch.zeros_like(S)
        rho = torch.zeros(maxcor, B, dtype=dtype, device=dev)
        gamma = torch.ones(B, dtype=dtype, device=dev)

    def projected(X, g):
        return X - torch.minimum(torch.maximum(X - g, lower), upper) if lower is not None else g

    running &= projected(X, g).abs().amax(1) > gtol
    for k in range(maxiter):
        if not bool(running.any()):  # host read: one per iteration
            break
        if lower is not None:
            free = ~(((X <= lower) & (g > 0)) | ((X >= upper) & (g < 0)))
            gf = g * free
        else:
            free, gf = None, g
        if meth == "bfgs":
            d = -(H @ g[:, :, None])[:, :, 0]
        else:
            d = -_two_loop(gf, S, Y, rho, gamma, k, maxcor)
            if free is not None:
                d = d * free
        gtd = (g * d).sum(1)
        d = torch.where((gtd < 0)[:, None], d, -gf)  # not a descent direction: steepest descent
        gtd = (g * d).sum(1)
        if meth == "l-bfgs-b" and k == 0:
            t0 = torch.clamp(1 / torch.linalg.vector_norm(d, dim=1), max=1.0)  # SciPy's first step: unit length
        else:
            t0 = _first_step(f, f_prev, gtd)
        X_new, found = _armijo_search(batch, X, d, f, g, t0, lower, upper, maxls, running)
        f_new, g_new = batch.values_and_grads(X_new)
        step = running & found
        failed = running & ~found
        status = torch.where(failed, 2, status)
        s, y = (X_new - X) * step[:, None], (g_new - g) * step[:, None]
        sy = (s * y).sum(1)
        good = step & (sy > 2.2e-16 * (y * y).sum(1))
        if meth == "bfgs":
            r = torch.where(good, 1.0 / torch.where(good, sy, 1.0), 0.0)[:, None, None]
            eye = torch.eye(n, dtype=dtype, device=dev)
            A1 = eye - r * s[:, :, None] * y[:, None, :]
            A2 = eye - r * y[:, :, None] * s[:, None, :]
            H = torch.where(good[:, None, None], A1 @ H @ A2 + r * s[:, :, None] * s[:, None, :], H)
        else:
            slot = k % maxcor
            S[slot], Y[slot] = s * good[:, None], y * good[:, None]
            rho[slot] = torch.where(good, 1.0 / torch.where(good, sy, 1.0), 0.0)
            gamma = torch.where(good, sy / torch.where(good, (y * y).sum(1), 1.0), gamma)
        f_prev = torch.where(step, f, f_prev)
        X = torch.where(step[:, None], X_new, X)
        fo = f
        f = torch.where(step, f_new, f)
        g = torch.where(step[:, None], g_new, g)
        nit = nit + step
        converged = projected(X, g).abs().amax(1) <= gtol
        if meth == "l-bfgs-b":
            converged |= (fo - f) <= ftol * torch.maximum(torch.maximum(fo.abs(), f.abs()), torch.ones_like(f))
        nan = ~torch.isfinite(f)
        status = torch.where(step & nan, 3, status)
        running = step & ~converged & ~nan
    status = torch.where(running, 1, status)
    codes = status.tolist()  # the messages: one host read at the end
    return result(x=X, fun=f, jac=g, nit=nit, status=status, success=status == 0, nfev=batch.nfev,
                  njev=batch.njev, message=[_MESSAGES[c] for c in codes], **({"hess_inv": H} if meth == "bfgs" else {}))


def _two_loop(g, S, Y, rho, gamma, k, m):
    """L-BFGS's two-loop recursion for every row: the stored pairs from the oldest to the newest
    (slots without a pair, or rows that skipped one, have rho = 0 and contribute nothing)."""
    count = min(k, m)
    order = [(k - 1 - i) % m for i in range(count)]  # newest first
    q = g.clone()
    alphas = []
    for j in order:
        a = rho[j] * (S[j] * q).sum(1)
        q = q - a[:, None] * Y[j]
        alphas.append(a)
    q = q * gamma[:, None]
    for j, a in zip(reversed(order), reversed(alphas)):
        b = rho[j] * (Y[j] * q).sum(1)
        q = q + S[j] * (a - b)[:, None]
    return q


def _bounds(bounds, X):
    """``bounds`` ((min, max) pairs, a ``Bounds``, or (lb, ub) arrays) as (B, n) tensors."""
    B, n = X.shape
    if hasattr(bounds, "lb"):
        lb, ub = bounds.lb, bounds.ub
    else:
        pairs = list(bounds)
        if len(pairs) == n and all(isinstance(p, (tuple, list)) and len(p) == 2 for p in pairs):
            lb = [-math.inf if p[0] is None else float(p[0]) for p in pairs]
            ub = [math.inf if p[1] is None else float(p[1]) for p in pairs]
            if any(u < low for low, u in zip(lb, ub)):
                raise ValueError("An upper bound is less than the corresponding lower bound.")
        elif len(pairs) == 2:
            lb, ub = pairs
        else:
            raise ValueError("length of x0 != length of bounds")

    def full(v):
        t = tensor(v, X.device).to(X.dtype)
        try:
            return torch.broadcast_to(t, (B, n))
        except RuntimeError as e:
            raise ValueError("The number of bounds is not compatible with the length of `x0`.") from e
    return full(lb), full(ub)
