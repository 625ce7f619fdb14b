"""torchnp.scipy.sparse.linalg: ``scipy.sparse.linalg`` on torchnp arrays (DESIGN §8.4; docs/scipy.md).

The iterative solvers run on the device with SciPy's recurrences: the convergence test of each
iteration is computed on the device and, once met, freezes the iterate (so the answer is the
iterate SciPy stops at), and the host reads the flag only every ``CHECK_EVERY`` iterations to
leave the loop (every iteration when a ``callback`` is given), plus once at the end for ``info``.
On host data every name is SciPy's own.
"""

import math
import warnings

import numpy as _np
import torch

from ... import _device, _dtypes
from ..._array import _wrap, ndarray
from ..._boundary import tensor
from .._dispatch import DEVICE, SIGNATURE_DIFFERS, _from_scipy, _host_views, module_getattr, scipy_function
from ._base import _SparseArray

__all__ = ["LinearOperator", "aslinearoperator", "cg", "bicgstab", "gmres", "minres", "lsqr", "spsolve", "eigsh", "lobpcg", "expm_multiply",
           "norm", "ArpackError", "ArpackNoConvergence", "CHECK_EVERY"]

#: iterations between two host reads of an iterative solver's convergence flag
CHECK_EVERY = 16


class LinearOperator:
    """SciPy's ``scipy.sparse.linalg.LinearOperator`` on a device: ``shape``, ``dtype``, ``matvec``,
    ``rmatvec``, ``matmat``, ``@``. Made on host data (no device operand), SciPy's own."""

    def __new__(cls, shape=None, matvec=None, rmatvec=None, matmat=None, dtype=None, rmatmat=None, *, device=None):
        if device is None and _device.get_default_device().type == "cpu" and _device.CPU_VALUE_CHECKS:
            return scipy_function("sparse.linalg.LinearOperator")(shape, matvec, rmatvec=rmatvec, matmat=matmat,
                                                                  dtype=dtype, rmatmat=rmatmat)
        return object.__new__(cls)

    def __init__(self, shape=None, matvec=None, rmatvec=None, matmat=None, dtype=None, rmatmat=None, *, device=None):
        if shape is None or len(shape) != 2:
            raise ValueError(f"invalid shape {shape!r} (must be 2-d)")
        self.shape, self._matvec, self._rmatvec, self._matmat = tuple(int(s) for s in shape), matvec, rmatvec, matmat
        self.dtype = _np.dtype(dtype) if dtype is not None else _np.dtype("float64")
        self.ndim = 2

    def _mv(self, x):
        out = self._matvec(_wrap(x)) if self._matvec is not None else self._matmat(_wrap(x[:, None]))
        t = out._t if isinstance(out, ndarray) else tensor(out, x.device)
        return t.reshape(-1)

    def matvec(self, x):
        return _wrap(self._mv(tensor(x)))

    def rmatvec(self, x):
        if self._rmatvec is None:
            raise NotImplementedError("rmatvec is not defined")
        return self._rmatvec(x)

    def matmat(self, X):
        Xt = tensor(X)
        if self._matmat is not None:
            return self._matmat(X)
        return _wrap(torch.stack([self._mv(c) for c in Xt.T], dim=1))

    def __matmul__(self, x):
        t = tensor(x)
        return self.matvec(x) if t.dim() == 1 else self.matmat(x)

    dot = __matmul__

    def __repr__(self):
        return f"<{self.shape[0]}x{self.shape[1]} LinearOperator with dtype={self.dtype}>"


def aslinearoperator(A):
    """SciPy's ``scipy.sparse.linalg.aslinearoperator``: device sparse and dense arrays as operators."""
    if isinstance(A, LinearOperator):
        return A
    dev = _device_of(A)
    if dev is None:
        return scipy_function("sparse.linalg.aslinearoperator")(_host_views(A))
    return LinearOperator(A.shape, matvec=lambda x: A @ x, rmatvec=lambda x: A.T.conj() @ x if isinstance(
        A, _SparseArray) else _wrap(A._t.T.conj() @ x._t), dtype=A.dtype, device=dev)


def _device_of(*xs):
    """The device of the solver's operands, or None where SciPy's own solver runs (host data)."""
    devs = []
    for x in xs:
        if isinstance(x, _SparseArray):
            devs.append(x.device)
        elif isinstance(x, ndarray):
            devs.append(x._t.device)
        elif isinstance(x, LinearOperator):
            devs.append(None)
    real = [d for d in devs if d is not None]
    if not real:
        if any(isinstance(x, LinearOperator) for x in xs):
            return _device.get_default_device()
        return None
    if any(d.type != "cpu" for d in real) or not _device.CPU_VALUE_CHECKS:
        return real[0]
    if any(isinstance(x, _SparseArray) or isinstance(x, LinearOperator) for x in xs):
        return real[0]
    return None


def _operator(A, dev):
    """``A`` as a tensor -> tensor function on ``dev`` (a device sparse array, dense array or operator)."""
    if A is None:
        return lambda v: v
    if isinstance(A, LinearOperator):
        return A._mv
    if isinstance(A, _SparseArray):
        if A.device != dev:
            raise _device.mismatch(dev, A.device)
        m = A._matvec_tensor()
        return lambda v: m.to(torch.promote_types(m.dtype, v.dtype)) @ v
    t = tensor(A, dev)
    return lambda v: t @ v


def _host_solver(name, A, b, kwargs):
    return _from_scipy(scipy_function(f"sparse.linalg.{name}")(_host_views(A), _host_views(b),
                                                              **{k: _host_views(v) for k, v in kwargs.items()}))


def _check_square(A, n):
    """SciPy's ``make_system`` errors (shapes only)."""
    if len(A.shape) != 2 or A.shape[0] != A.shape[1]:
        raise ValueError(f"expected square matrix, but got shape={(tuple(A.shape),)}")
    if A.shape[1] != n:
        raise ValueError(f"shapes of A {tuple(A.shape)} and b {(n,)} are incompatible")


def _system_dtype(A, b):
    """SciPy's ``make_system`` dtype: A's and b's promoted to an inexact type."""
    dt = b.dtype
    if getattr(A, "dtype", None) is not None:
        dt = torch.promote_types(dt, _dtypes.to_torch(_np.dtype(A.dtype)))
    return dt if (dt.is_floating_point or dt.is_complex) else torch.float64


def _start(A, b, x0, rtol, atol, dev, name):
    b = tensor(b, dev)
    b = b.reshape(-1).to(_system_dtype(A, b))
    _check_square(A, b.numel())
    x = torch.zeros_like(b) if x0 is None else tensor(x0, dev).to(b.dtype).reshape(-1).clone()
    if float(atol) < 0:
        raise ValueError(f"'{atol}' is an invalid atol value: atol must be a real, non-negative number.")
    bnrm2 = torch.linalg.vector_norm(b)
    tol = torch.clamp(rtol * bnrm2, min=float(atol))
    return b, x, bnrm2, tol


def _dot(u, v):
    return torch.vdot(u, v) if u.is_complex() else torch.dot(u, v)


class _Flag:
    """The convergence flag of an iterative solver, kept on the device (module docstring): ``stop``
    raises it with SciPy's exit code where a test holds, ``keep`` freezes the solver's state once it
    is up (so the answer is the iterate SciPy stops at), and ``exit`` reads it on the host only every
    ``CHECK_EVERY`` iterations (``per_iteration`` of them in one of the solver's iterations, as a
    GMRES cycle), or every iteration where a callback watches."""

    def __init__(self, done, watched=False, per_iteration=1):
        self.done = done
        self.code = torch.zeros((), dtype=torch.int64, device=done.device)
        self.watched = watched
        self.period = max(1, CHECK_EVERY // per_iteration)

    def stop(self, now, code=0):
        self.code = torch.where(now & ~self.done, code, self.code)
        self.done = self.done | now

    def keep(self, old, new):
        return torch.where(self.done, old, new)

    def exit(self, it):
        return (self.watched or it % self.period == 0) and bool(self.done)

    def info(self, maxiter, zero=None):
        """SciPy's ``info``: the exit code, or ``maxiter`` where the flag never rose; one host read."""
        code = torch.where(self.done, self.code, maxiter)
        return int(code if zero is None else torch.where(zero, 0, code))


def _finish(x, b, bnrm2, flag, maxiter):
    """(x, info): SciPy's ``b`` for a zero right-hand side; info read once on the host."""
    return _wrap(torch.where(bnrm2 == 0, b, x)), flag.info(maxiter, bnrm2 == 0)


def cg(A, b, x0=None, *, rtol=1e-05, atol=0.0, maxiter=None, M=None, callback=None):
    """SciPy's ``scipy.sparse.linalg.cg`` (conjugate gradients); on a device its recurrence with the
    convergence flag kept there (module docstring)."""
    dev = _device_of(A, b, x0, M)
    if dev is None:
        return _host_solver("cg", A, b, dict(x0=x0, rtol=rtol, atol=atol, maxiter=maxiter, M=M, callback=callback))
    b, x, bnrm2, tol = _start(A, b, x0, rtol, atol, dev, "cg")
    matvec, psolve = _operator(A, dev), _operator(M, dev)
    maxiter = b.numel() * 10 if maxiter is None else maxiter
    r = b - matvec(x) if x0 is not None else b.clone()
    flag = _Flag(bnrm2 == 0, callback is not None)
    p = rho_prev = None
    for it in range(maxiter):
        flag.stop(torch.linalg.vector_norm(r) < tol)
        if flag.exit(it):
            break
        z = psolve(r)
        rho = _dot(r, z)
        p = z.clone() if it == 0 else z + (rho / rho_prev) * p
        q = matvec(p)
        alpha = rho / _dot(p, q)
        x = flag.keep(x, x + alpha * p)
        r = flag.keep(r, r - alpha * q)
        rho_prev = flag.keep(rho_prev, rho) if it else rho
        if callback is not None:
            callback(_wrap(x))
    return _finish(x, b, bnrm2, flag, maxiter)


def bicgstab(A, b, x0=None, *, rtol=1e-05, atol=0.0, maxiter=None, M=None, callback=None):
    """SciPy's ``scipy.sparse.linalg.bicgstab``; on a device its recurrence with the convergence and
    breakdown flags (SciPy's info -10, -11) kept there."""
    dev = _device_of(A, b, x0, M)
    if dev is None:
        return _host_solver("bicgstab", A, b, dict(x0=x0, rtol=rtol, atol=atol, maxiter=maxiter, M=M,
                                                   callback=callback))
    b, x, bnrm2, tol = _start(A, b, x0, rtol, atol, dev, "bicgstab")
    matvec, psolve = _operator(A, dev), _operator(M, dev)
    maxiter = b.numel() * 10 if maxiter is None else maxiter
    eps2 = torch.finfo(b.real.dtype if b.is_complex() else b.dtype).eps ** 2
    r = b - matvec(x) if x0 is not None else b.clone()
    rtilde = r.clone()
    flag = _Flag(bnrm2 == 0, callback is not None)
    p = v = rho_prev = omega = alpha = None
    for it in range(maxiter):
        flag.stop(torch.linalg.vector_norm(r) < tol)
        if flag.exit(it):
            break
        rho = _dot(rtilde, r)
        flag.stop(rho.abs() < eps2, -10)
        if it > 0:
            flag.stop(omega.abs() < eps2, -11)
            beta = (rho / rho_prev) * (alpha / omega)
            p = (p - omega * v) * beta + r
        else:
            p = r.clone()
        phat = psolve(p)
        v_new = matvec(phat)
        rv = _dot(rtilde, v_new)
        flag.stop(rv == 0, -11)
        alpha_new = rho / rv
        r_half = r - alpha_new * v_new
        half_done = torch.linalg.vector_norm(r_half) < tol
        x_half = x + alpha_new * phat
        shat = psolve(r_half)
        t = matvec(shat)
        omega_new = _dot(t, r_half) / _dot(t, t)
        x_full = x_half + omega_new * shat
        r_full = r_half - omega_new * t
        x = flag.keep(x, torch.where(half_done, x_half, x_full))
        r = flag.keep(r, torch.where(half_done, r_half, r_full))
        flag.stop(half_done)
        v = v_new if v is None else flag.keep(v, v_new)
        alpha = alpha_new if alpha is None else flag.keep(alpha, alpha_new)
        omega = omega_new if omega is None else flag.keep(omega, omega_new)
        rho_prev = rho if rho_prev is None else flag.keep(rho_prev, rho)
        if callback is not None:
            callback(_wrap(x))
    return _finish(x, b, bnrm2, flag, maxiter)


def _rotation(f, g):
    """LAPACK's ``lartg``: (c, s, r) with [[c, s], [-conj(s), c]] @ [f, g] = [r, 0]."""
    d = torch.sqrt(f.abs() ** 2 + g.abs() ** 2)
    sign = torch.where(f == 0, torch.ones_like(f), f / torch.where(f == 0, 1, f.abs()))
    safe = torch.where(d == 0, 1, d)
    c = torch.where(d == 0, 1, f.abs() / safe)
    s = torch.where(d == 0, 0, sign * g.conj() / safe)
    return c.to(f.dtype), s, sign * d


def gmres(A, b, x0=None, *, rtol=1e-05, atol=0.0, restart=None, maxiter=None, M=None, callback=None,
          callback_type=None):
    """SciPy's ``scipy.sparse.linalg.gmres`` (restarted, left-preconditioned, SciPy's inner tolerance
    control); on a device each cycle's Arnoldi basis, Hessenberg matrix and rotations stay there (two
    block Gram-Schmidt passes where SciPy runs modified Gram-Schmidt), the inner stop freezes the
    cycle, and the outer flag is read every ``CHECK_EVERY`` inner iterations (module docstring)."""
    if callback is not None and callback_type is None:
        warnings.warn("scipy.sparse.linalg.gmres called without specifying `callback_type`. The default value will "
                      "be changed in a future release. For compatibility, specify a value for `callback_type` "
                      "explicitly, e.g., ``gmres(..., callback_type='pr_norm')``, or to retain the old behavior "
                      "``gmres(..., callback_type='legacy')``", DeprecationWarning, stacklevel=2)
    dev = _device_of(A, b, x0, M)
    if dev is None:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)  # (said once, above)
            return _host_solver("gmres", A, b, dict(x0=x0, rtol=rtol, atol=atol, restart=restart, maxiter=maxiter,
                                                    M=M, callback=callback, callback_type=callback_type))
    callback_type = "legacy" if callback_type is None else callback_type
    if callback_type not in ("x", "pr_norm", "legacy"):
        raise ValueError(f"Unknown callback_type: {callback_type!r}")
    callback_type = None if callback is None else callback_type
    b, x, bnrm2, tol = _start(A, b, x0, rtol, atol, dev, "gmres")
    matvec, psolve = _operator(A, dev), _operator(M, dev)
    n, dt, real = b.numel(), b.dtype, b.real.dtype if b.is_complex() else b.dtype
    maxiter = n * 10 if maxiter is None else maxiter
    restart = min(20 if restart is None else restart, n)
    eps = torch.finfo(real).eps
    ptol = torch.linalg.vector_norm(psolve(b)) * torch.clamp(tol / bnrm2, max=1.0)
    pfactor = torch.ones((), dtype=real, device=dev)
    r = b - matvec(x) if x0 is not None else b.clone()
    rnorm = torch.linalg.vector_norm(r)
    flag = _Flag((bnrm2 == 0) | (rnorm < tol), callback is not None, restart)
    cols, eye = torch.arange(restart, device=dev), torch.eye(restart + 1, dtype=dt, device=dev)
    inner = 0
    for it in range(maxiter):
        if flag.exit(it):
            break
        z = psolve(r)
        beta0 = torch.linalg.vector_norm(z)
        V = torch.zeros((restart + 1, n), dtype=dt, device=dev)
        V[0] = z / beta0
        R = torch.zeros((restart, restart), dtype=dt, device=dev)  # the rotated Hessenberg matrix, by columns
        Q = eye.clone()  # the product of the Givens rotations so far
        stopped = breakdown = torch.zeros((), dtype=torch.bool, device=dev)
        last = torch.zeros((), dtype=torch.int64, device=dev)  # the column where the cycle stops
        presid = torch.zeros((), dtype=real, device=dev)
        for col in range(restart):
            w = psolve(matvec(V[col]))
            h0 = torch.linalg.vector_norm(w)
            basis = V[:col + 1]
            h = basis.conj() @ w
            w = w - h @ basis
            h2 = basis.conj() @ w  # the second pass
            w = w - h2 @ basis
            h1 = torch.linalg.vector_norm(w)
            broke = h1 <= eps * h0
            column = torch.cat([h + h2, torch.where(broke, 0, h1).to(dt)[None],
                                torch.zeros(restart - col - 1, dtype=dt, device=dev)])
            column = Q @ column
            c, s, mag = _rotation(column[col], column[col + 1])
            column[col], column[col + 1] = mag, 0
            rows = torch.stack([c * Q[col] + s * Q[col + 1], -s.conj() * Q[col] + c * Q[col + 1]])
            active = ~stopped
            V[col + 1] = torch.where(active, torch.where(broke, w, w / torch.where(broke, 1, h1)), V[col + 1])
            R[:, col] = torch.where(active, column[:restart], R[:, col])
            Q[col:col + 2] = torch.where(active, rows, Q[col:col + 2])
            new_presid = (beta0 * Q[col + 1, 0]).abs()
            presid = torch.where(active, new_presid, presid)
            last = torch.where(active, col, last)
            breakdown = torch.where(active, broke, breakdown)
            stopped = stopped | (presid <= ptol) | broke
            inner += 1
            if callback_type in ("legacy", "pr_norm"):
                callback(_wrap(presid / bnrm2))
            if callback_type == "legacy" and inner == maxiter:
                break
            if callback is not None and bool(stopped):
                break
        used = cols <= last
        Rm = torch.where(used[:, None] & used[None, :], R, eye[:restart, :restart])
        S = torch.where(used, beta0 * Q[:restart, 0], 0)
        singular = Rm[last, last] == 0  # SciPy's pseudo-solve of a singular last column
        S = torch.where((cols == last) & singular, 0, S)
        Rm = torch.where((cols == last)[:, None] & (cols == last)[None, :] & singular, 1, Rm)
        y = torch.linalg.solve_triangular(Rm, S[:, None], upper=True)[:, 0]
        x_new = x + y @ V[:restart]
        r_new = b - matvec(x_new)
        rnorm_new = torch.linalg.vector_norm(r_new)
        x, r, rnorm = flag.keep(x, x_new), flag.keep(r, r_new), flag.keep(rnorm, rnorm_new)
        if callback_type == "legacy" and inner == maxiter:
            break
        if callback_type == "x":
            callback(_wrap(x))
        flag.stop(rnorm <= tol)
        flag.stop(breakdown)  # the exact solution of the preconditioned system, yet not b's: info maxiter
        pfactor = flag.keep(pfactor, torch.where(presid <= ptol, torch.clamp(0.25 * pfactor, min=eps),
                                                 torch.clamp(1.5 * pfactor, max=1.0)))
        ptol = flag.keep(ptol, presid * torch.minimum(pfactor, tol / rnorm))
    info = int(torch.where((rnorm <= tol) | (bnrm2 == 0), 0, maxiter))
    return _wrap(torch.where(bnrm2 == 0, b, x)), info


def minres(A, b, x0=None, *, rtol=1e-05, shift=0.0, maxiter=None, M=None, callback=None, show=False, check=False):
    """SciPy's ``scipy.sparse.linalg.minres`` (symmetric, possibly indefinite ``A - shift*I``); on a
    device its recurrence with SciPy's stopping tests (``istop``) as the flag (module docstring).
    ``check`` reads its two symmetry tests on the host; ``show`` prints SciPy's closing lines."""
    dev = _device_of(A, b, x0, M)
    if dev is None:
        return _host_solver("minres", A, b, dict(x0=x0, rtol=rtol, shift=shift, maxiter=maxiter, M=M,
                                                 callback=callback, show=show, check=check))
    b, x, bnorm, _ = _start(A, b, x0, rtol, 0.0, dev, "minres")
    matvec, psolve = _operator(A, dev), _operator(M, dev)
    n, real = b.numel(), b.real.dtype if b.is_complex() else b.dtype
    maxiter = 5 * n if maxiter is None else maxiter
    eps = torch.finfo(real).eps
    r1 = b.clone() if x0 is None else b - matvec(x)
    y = psolve(r1)
    beta1 = _dot(r1, y).real
    if check:  # SciPy's symmetry tests: host reads the caller asks for
        w = matvec(y)
        s, t = _dot(w, w).real, _dot(y, matvec(w)).real
        if float((s - t).abs()) > float((s + eps) * eps ** (1 / 3)):
            raise ValueError("non-symmetric matrix")
        s, t = _dot(y, y).real, _dot(r1, psolve(y)).real
        if float((s - t).abs()) > float((s + eps) * eps ** (1 / 3)):
            raise ValueError("non-symmetric preconditioner")
    zero = (beta1 == 0) | (bnorm == 0)
    flag = _Flag(zero, callback is not None)
    beta1 = torch.sqrt(beta1)
    scalar = lambda v: torch.full((), v, dtype=real, device=dev)  # noqa: E731
    oldb, beta, dbar, epsln, phibar = scalar(0), beta1, scalar(0), scalar(0), beta1
    rhs1, rhs2, tnorm2, gmax, gmin = beta1, scalar(0), scalar(0), scalar(0), scalar(torch.finfo(real).max)
    cs, sn = scalar(-1), scalar(0)
    w = w2 = torch.zeros_like(b)
    r2 = r1
    istop = torch.zeros((), dtype=torch.int64, device=dev)
    Anorm = Acond = rnorm = ynorm = scalar(0)
    for itn in range(1, maxiter + 1):
        if flag.exit(itn - 1):
            break
        v = y / beta
        y_new = matvec(v) - shift * v
        if itn >= 2:
            y_new = y_new - (beta / oldb) * r1
        alfa = _dot(v, y_new).real
        y_new = y_new - (alfa / beta) * r2
        r1_new, r2_new = r2, y_new
        y_new = psolve(r2_new)
        oldb_new, beta_new = beta, torch.sqrt(_dot(r2_new, y_new).real)
        tnorm2_new = tnorm2 + alfa ** 2 + oldb_new ** 2 + beta_new ** 2
        early = (beta_new / beta1 <= 10 * eps) if itn == 1 else torch.zeros((), dtype=torch.bool, device=dev)
        oldeps = epsln
        delta = cs * dbar + sn * alfa
        gbar = sn * dbar - cs * alfa
        epsln_new = sn * beta_new
        dbar_new = -cs * beta_new
        root = torch.hypot(gbar, dbar_new)
        gamma = torch.clamp(torch.hypot(gbar, beta_new), min=eps)
        cs_new, sn_new = gbar / gamma, beta_new / gamma
        phi, phibar_new = cs_new * phibar, sn_new * phibar
        w_new = (v - oldeps * w2 - delta * w) / gamma
        x_new = x + phi * w_new
        gmax_new, gmin_new = torch.maximum(gmax, gamma), torch.minimum(gmin, gamma)
        z = rhs1 / gamma
        rhs1_new, rhs2_new = rhs2 - delta * z, -epsln_new * z
        Anorm_new = torch.sqrt(tnorm2_new)
        ynorm_new = torch.linalg.vector_norm(x_new)
        epsx = Anorm_new * ynorm_new * eps
        rnorm_new = phibar_new
        inf = torch.full((), torch.inf, dtype=real, device=dev)
        test1 = torch.where((ynorm_new == 0) | (Anorm_new == 0), inf, rnorm_new / (Anorm_new * ynorm_new))
        test2 = torch.where(Anorm_new == 0, inf, root / Anorm_new)
        Acond_new = gmax_new / gmin_new
        code = torch.zeros((), dtype=torch.int64, device=dev)  # SciPy's tests, later ones winning
        for cond, value in ((1 + test2 <= 1, 2), (1 + test1 <= 1, 1), (itn >= maxiter, 6),
                            (Acond_new >= 0.1 / eps, 4), (epsx >= beta1, 3), (test2 <= rtol, 2), (test1 <= rtol, 1)):
            code = torch.where(torch.as_tensor(cond, device=dev), value, code)
        code = torch.where(early, -1, code)
        (x, y, r1, r2, oldb, beta, tnorm2, epsln, dbar, cs, sn, phibar, w2, w, gmax, gmin, rhs1, rhs2, Anorm, ynorm,
         rnorm, Acond) = (flag.keep(old, new) for old, new in (
            (x, x_new), (y, y_new), (r1, r1_new), (r2, r2_new), (oldb, oldb_new), (beta, beta_new),
            (tnorm2, tnorm2_new), (epsln, epsln_new), (dbar, dbar_new), (cs, cs_new), (sn, sn_new),
            (phibar, phibar_new), (w2, w), (w, w_new), (gmax, gmax_new), (gmin, gmin_new), (rhs1, rhs1_new),
            (rhs2, rhs2_new), (Anorm, Anorm_new), (ynorm, ynorm_new), (rnorm, rnorm_new), (Acond, Acond_new)))
        istop = flag.keep(istop, code)
        flag.stop(code != 0)
        if callback is not None:
            callback(_wrap(x))
    if show:
        print(f"Exit  minres.    istop   =  {int(istop):3g}               itn   ={itn:5g}")
    x = torch.where(bnorm == 0, b, x)
    return _wrap(x), int(torch.where(~zero & (istop == 6), maxiter, 0))


def _roperator(A, dev):
    """``v -> A^H v`` on ``dev`` (lsqr's ``rmatvec``)."""
    if isinstance(A, LinearOperator):
        return lambda v: tensor(A.rmatvec(_wrap(v)), dev).reshape(-1)
    if isinstance(A, _SparseArray):
        return _operator(A.T.conj(), dev)
    t = tensor(A, dev)
    return lambda v: t.T.conj() @ v


_LsqrResult = ("x", "istop", "itn", "r1norm", "r2norm", "anorm", "acond", "arnorm", "xnorm", "var")


def lsqr(A, b, damp=0.0, atol=1e-06, btol=1e-06, conlim=100000000.0, iter_lim=None, show=False, calc_var=False,
         x0=None):
    """SciPy's ``scipy.sparse.linalg.lsqr`` (Paige & Saunders, SciPy's ten results); on a device its
    recurrence with SciPy's stopping tests (``istop``) as the flag; ``istop`` and ``itn`` read once
    at the end, the norms 0-d arrays. ``show`` prints SciPy's closing line."""
    dev = _device_of(A, b, x0)
    if dev is None:
        return _from_scipy(scipy_function("sparse.linalg.lsqr")(
            _host_views(A), _host_views(b), damp=damp, atol=atol, btol=btol, conlim=conlim, iter_lim=iter_lim,
            show=show, calc_var=calc_var, x0=_host_views(x0)))
    matvec, rmatvec = _operator(A, dev), _roperator(A, dev)
    m, n = A.shape
    b = tensor(b, dev).reshape(-1)
    if b.numel() != m:
        raise ValueError("dimension mismatch")
    dt = torch.promote_types(_system_dtype(A, b), torch.float64)  # SciPy's x starts as float64 zeros
    real = torch.float64
    b = b.to(dt)
    iter_lim = 2 * n if iter_lim is None else iter_lim
    eps = torch.finfo(torch.float64).eps
    scalar = lambda v: torch.full((), v, dtype=real, device=dev)  # noqa: E731
    ctol = 1 / conlim if conlim > 0 else 0
    dampsq = damp ** 2
    bnorm = torch.linalg.vector_norm(b)
    if x0 is None:
        x, u = torch.zeros(n, dtype=dt, device=dev), b
    else:
        x = tensor(x0, dev).reshape(-1).to(dt)
        u = b - matvec(x).to(dt)
    beta = torch.linalg.vector_norm(u)
    u = u / torch.where(beta > 0, beta, 1)
    v = torch.where(beta > 0, rmatvec(u).to(dt), x)
    alfa = torch.where(beta > 0, torch.linalg.vector_norm(v), 0)
    v = v / torch.where(alfa > 0, alfa, 1)
    w = v.clone()
    rhobar, phibar, r1norm, r2norm, arnorm = alfa, beta, beta, beta, alfa * beta
    anorm, acond, ddnorm, res2, xnorm, xxnorm, z = (scalar(0) for _ in range(7))
    cs2, sn2 = scalar(-1), scalar(0)
    var = torch.zeros(n, dtype=real, device=dev)
    flag = _Flag(arnorm == 0)
    istop = torch.zeros((), dtype=torch.int64, device=dev)
    itn = torch.zeros((), dtype=torch.int64, device=dev)
    for it in range(1, iter_lim + 1):
        if flag.exit(it - 1):
            break
        u_new = matvec(v).to(dt) - alfa * u
        beta = torch.linalg.vector_norm(u_new)
        pos = beta > 0
        u_new = u_new / torch.where(pos, beta, 1)
        anorm_new = torch.where(pos, torch.sqrt(anorm ** 2 + alfa ** 2 + beta ** 2 + dampsq), anorm)
        v_new = torch.where(pos, rmatvec(u_new).to(dt) - beta * v, v)
        alfa_new = torch.where(pos, torch.linalg.vector_norm(v_new), alfa)
        v_new = torch.where(pos & (alfa_new > 0), v_new / torch.where(alfa_new > 0, alfa_new, 1), v_new)
        if damp > 0:
            rhobar1 = torch.sqrt(rhobar ** 2 + dampsq)
            psi, phibar1 = damp / rhobar1 * phibar, rhobar / rhobar1 * phibar
        else:
            rhobar1, psi, phibar1 = rhobar, scalar(0), phibar
        rho = torch.hypot(rhobar1, beta)  # SciPy's _sym_ortho
        cs = torch.where(rho == 0, 0, rhobar1 / torch.where(rho == 0, 1, rho))
        sn = torch.where(rho == 0, 0, beta / torch.where(rho == 0, 1, rho))
        theta, rhobar_new = sn * alfa_new, -cs * alfa_new
        phi, phibar_new = cs * phibar1, sn * phibar1
        tau = sn * phi
        dk = w / rho
        x_new = x + (phi / rho) * w
        w_new = v_new - (theta / rho) * w
        dknorm2 = torch.linalg.vector_norm(dk) ** 2
        delta, gambar = sn2 * rho, -cs2 * rho
        rhs = phi - delta * z
        zbar = rhs / gambar
        xnorm_new = torch.sqrt(xxnorm + zbar ** 2)
        gamma = torch.hypot(gambar, theta)
        cs2_new, sn2_new, z_new = gambar / gamma, theta / gamma, rhs / gamma
        xxnorm_new = xxnorm + z_new ** 2
        ddnorm_new = ddnorm + dknorm2
        acond_new = anorm_new * torch.sqrt(ddnorm_new)
        res2_new = res2 + psi ** 2
        rnorm = torch.sqrt(phibar_new ** 2 + res2_new)
        arnorm_new = alfa_new * tau.abs()
        if damp > 0:
            r1sq = rnorm ** 2 - dampsq * xxnorm_new
            r1norm_new = torch.copysign(torch.sqrt(r1sq.abs()), r1sq)
        else:
            r1norm_new = rnorm
        test1 = rnorm / bnorm
        test2 = arnorm_new / (anorm_new * rnorm + eps)
        test3 = 1 / (acond_new + eps)
        t1 = test1 / (1 + anorm_new * xnorm_new / bnorm)
        rtol = btol + atol * anorm_new * xnorm_new / bnorm
        code = torch.zeros((), dtype=torch.int64, device=dev)  # SciPy's tests, later ones winning
        for cond, value in ((it >= iter_lim, 7), (1 + test3 <= 1, 6), (1 + test2 <= 1, 5), (1 + t1 <= 1, 4),
                            (test3 <= ctol, 3), (test2 <= atol, 2), (test1 <= rtol, 1)):
            code = torch.where(torch.as_tensor(cond, device=dev), value, code)
        (x, u, v, w, anorm, alfa, rhobar, phibar, ddnorm, z, cs2, sn2, xxnorm, xnorm, acond, res2, r1norm, r2norm,
         arnorm) = (flag.keep(old, new) for old, new in (
            (x, x_new), (u, u_new), (v, v_new), (w, w_new), (anorm, anorm_new), (alfa, alfa_new),
            (rhobar, rhobar_new), (phibar, phibar_new), (ddnorm, ddnorm_new), (z, z_new), (cs2, cs2_new),
            (sn2, sn2_new), (xxnorm, xxnorm_new), (xnorm, xnorm_new), (acond, acond_new), (res2, res2_new),
            (r1norm, r1norm_new), (r2norm, rnorm), (arnorm, arnorm_new)))
        if calc_var:
            var = flag.keep(var, var + (dk.abs() ** 2 if dk.is_complex() else dk ** 2))
        itn = flag.keep(itn, itn + 1)
        istop = flag.keep(istop, code)
        flag.stop(code != 0)
    istop, itn = int(istop), int(itn)  # the two host reads
    if show:
        print(f"LSQR finished: istop ={istop:8g}   itn   ={itn:8g}")
    return (_wrap(x), istop, itn, *(_wrap(t) for t in (r1norm, r2norm, anorm, acond, arnorm, xnorm, var)))


def spsolve(A, b, permc_spec=None, use_umfpack=True):
    """SciPy's ``scipy.sparse.linalg.spsolve``; on a device torch's sparse direct solver where the
    device has one (CUDA), else a TypeError naming the alternatives."""
    dev = _device_of(A, b)
    if dev is None:
        return _host_solver("spsolve", A, b, dict(permc_spec=permc_spec, use_umfpack=use_umfpack))
    bt = tensor(b, dev)
    csr = A._tensor().to_sparse_csr() if isinstance(A, _SparseArray) else tensor(A, dev).to_sparse_csr()
    try:
        return _wrap(torch.sparse.spsolve(csr, bt.to(csr.dtype)))
    except (RuntimeError, NotImplementedError) as exc:
        raise TypeError(f"torchnp.scipy.sparse.linalg.spsolve: torch has no sparse direct solver on {dev} "
                        f"({str(exc).splitlines()[0][:80]}). Use an iterative solver on the device (cg, bicgstab), "
                        "or copy explicitly to SciPy's: spsolve(A.get(), b.to_numpy()).") from None


def _dense_or_sparse(A, dev):
    if isinstance(A, _SparseArray):
        return A._tensor()
    if isinstance(A, LinearOperator):
        return torch.stack([A._mv(e) for e in torch.eye(A.shape[1], dtype=_dtypes.to_torch(A.dtype), device=dev)],
                           dim=1)
    return tensor(A, dev)


def eigsh(A, k=6, M=None, sigma=None, which="LM", v0=None, ncv=None, maxiter=None, tol=0, return_eigenvectors=True,
          Minv=None, OPinv=None, mode="normal", rng=None):
    """SciPy's ``scipy.sparse.linalg.eigsh``; on a device ``which`` 'LM', 'SM', 'LA', 'SA', 'BE' of a
    symmetric ``A`` (no ``sigma``, ``M``) by thick-restart Lanczos (``_lanczos``), in SciPy's order."""
    dev = _device_of(A, M, v0)
    if dev is None:
        try:
            return _from_scipy(scipy_function("sparse.linalg.eigsh")(
                _host_views(A), k=k, M=_host_views(M), sigma=sigma, which=which, v0=_host_views(v0), ncv=ncv,
                maxiter=maxiter, tol=tol, return_eigenvectors=return_eigenvectors, Minv=Minv, OPinv=OPinv,
                mode=mode, rng=rng))
        except _arpack_classes()[1] as e:  # SciPy's own exception, its partial result as torchnp arrays
            e.eigenvalues, e.eigenvectors = _from_scipy(e.eigenvalues), _from_scipy(e.eigenvectors)
            raise
    n = A.shape[0]
    if which not in ("LM", "SM", "LA", "SA", "BE"):
        raise ValueError("which must be one of LM SM LA SA BE")
    if k <= 0 or k >= n:
        raise ValueError(f"k must be greater than 0 and smaller than n={n}")
    m = min(n, max(2 * k + 1, 20)) if ncv is None else ncv  # (ARPACK's default basis, as SciPy's)
    if not k < m <= n:
        raise ValueError(f"ncv must be k<ncv<=n, ncv={ncv}")
    if sigma is not None or M is not None:
        raise TypeError("torchnp.scipy.sparse.linalg.eigsh runs sigma= and M= on host data only (SciPy's ARPACK): "
                        "pass A.get() to use SciPy's (docs/scipy.md).")
    maxiter = n * 10 if maxiter is None else maxiter
    if maxiter <= 0:
        raise ValueError(f"maxiter must be positive, maxiter={maxiter}")
    if which == "BE" and k == 1:  # ARPACK's dsaupd error -13, as SciPy raises it
        raise _arpack_classes()[0](-13, {-13: "NEV and WHICH = 'BE' are incompatible. "})
    dt = _dtypes.to_torch(_np.dtype(A.dtype))
    dt = dt if dt in (torch.float32, torch.float64) else torch.float64
    gen = None if dev.type == "meta" else torch.Generator(device=dev).manual_seed(0)  # (meta: no values)
    start = (torch.randn(n, generator=gen, dtype=dt, device=dev) if v0 is None
             else tensor(v0, dev).to(dt).reshape(-1))
    f = _operator(A, dev)
    tol = tol if tol > 0 else torch.finfo(dt).eps / 2  # (ARPACK's tol=0: LAPACK's dlamch('E'), half NumPy's eps)
    w, v, converged = _lanczos(lambda x: f(x).to(dt), start, k, which, m, tol, maxiter, gen)
    if converged is not None:  # SciPy's ArpackNoConvergence with the converged pairs (ascending, as ARPACK's)
        raise _arpack_classes()[1](f"No convergence ({maxiter + 1} iterations, {int(converged.sum())}/{k} "
                                   "eigenvectors converged)", _wrap(w[converged]), _wrap(v[:, converged]))
    if return_eigenvectors:
        return _wrap(w), _wrap(v)
    # ARPACK's order without vectors, as SciPy gives it: the least wanted first (by |w| for LM and SM;
    # ascending for BE)
    key = {"LA": w, "SA": -w, "LM": w.abs(), "SM": -w.abs(), "BE": w}[which]
    return _wrap(w[torch.argsort(key, stable=True)])


def _select(theta, k, which):
    """Indices of the k wanted Ritz values (ARPACK's ``which``; 'BE': k // 2 from the low end, the rest
    from the high end)."""
    if which == "BE":
        order = torch.argsort(theta, stable=True)
        return torch.cat([order[theta.shape[0] - (k - k // 2):], order[:k // 2]])
    key = {"LA": theta, "SA": -theta, "LM": theta.abs(), "SM": -theta.abs()}[which]
    return torch.argsort(key, descending=True, stable=True)[:k]


def _lanczos_step(matvec, V, G, P, beta, i):
    """Step i of the Lanczos recurrence: ``A v_i`` orthogonalised against ``v_0 .. v_i`` by two passes of
    classical Gram-Schmidt (each two matrix-vector products with the basis), its coefficients into row i
    of ``G`` (the second pass's also into ``P``: the Kahan-Parlett test of ``_lanczos``), its norm into
    ``beta[i]``, the normalised vector into ``V[i + 1]``."""
    Vi = V[:i + 1]
    w = matvec(V[i])
    h = torch.mv(Vi, w)
    w = torch.addmv(w, Vi.T, h, alpha=-1)
    h2 = torch.mv(Vi, w)
    w = torch.addmv(w, Vi.T, h2, alpha=-1)
    torch.add(h, h2, out=G[i, :i + 1])
    P[i, :i + 1] = h2
    b = torch.linalg.vector_norm(w)
    beta[i] = b
    torch.div(w, b.clamp_min(torch.finfo(b.dtype).tiny), out=V[i + 1])  # (an exact zero stays zero)


def _lanczos(matvec, start, k, which, m, tol, maxiter, gen):
    """The k wanted eigenpairs of a symmetric operator by thick-restart Lanczos (Wu and Simon's; Stewart's
    Krylov-Schur for a symmetric matrix), ARPACK's problem with a restart that keeps Ritz vectors
    instead of ARPACK's implicit QR (both keep the same Krylov space): one product of the operator with
    a vector per step and full reorthogonalisation (``_lanczos_step``) up to ``m`` (``ncv``) vectors,
    then the Rayleigh-Ritz step on the projected matrix (the steps' Gram-Schmidt coefficients, an
    ``m`` x ``m`` ``eigh``) and ARPACK's convergence test on the Ritz estimates ``|beta_m s_mi|`` (``tol``
    times ``max(|theta|, eps^(2/3))``, plus the rounding floor of ``eigh``'s eigenvectors); a restart keeps
    ARPACK's number of wanted Ritz vectors, ``k + min(nconv, (m - k) // 2)``, and the residual's
    direction. Everything stays on the device but one read per restart: the number of converged
    values and the first step whose vector was lost to rounding (an invariant subspace: Kahan and
    Parlett's test, the second pass removing more than 30 % of the first's norm), where the basis
    continues from a random vector orthogonal to it, as ARPACK's ``dgetv0``. Returns (values, vectors,
    None), ascending; after ``maxiter`` restarts without convergence (values, vectors, the mask of the
    converged ones) instead."""
    n, dt, dev = start.shape[0], start.dtype, start.device
    eps = torch.finfo(dt).eps
    V = torch.zeros((m + 1, n), dtype=dt, device=dev)  # rows: the basis, then the residual's direction
    G = torch.zeros((m, m), dtype=dt, device=dev)  # row i: V[:i + 1] @ A v_i, the projected matrix's lower triangle
    P = torch.zeros((m, m), dtype=dt, device=dev)  # row i: the second pass's coefficients
    beta = torch.zeros(m, dtype=dt, device=dev)
    steps = torch.arange(m, device=dev)
    V[0] = start / torch.linalg.vector_norm(start)
    j = restart = 0
    while True:
        for i in range(j, m):  # the Lanczos steps: no host read
            _lanczos_step(matvec, V, G, P, beta, i)
        H = torch.tril(G) + torch.tril(G, -1).T
        # (in float64 where the device has it: float32 eigenvectors orthonormal to a few float32 eps would
        # put as many eps of |A| into the eigenvalues)
        theta, S = (t.to(dt) for t in torch.linalg.eigh(H.to(torch.float32 if dev.type == "mps" else torch.float64)))
        lost = (beta <= 0.717 * torch.sqrt(beta * beta + (P * P).sum(1))) & (steps >= j)
        wanted = _select(theta, k, which)
        est = (torch.where(lost[m - 1], 0, beta[m - 1]) * S[m - 1, wanted]).abs()
        bound = tol * torch.clamp(theta[wanted].abs(), min=eps ** (2 / 3)) + 64 * eps * theta.abs().max()
        conv = est <= bound
        nconv, broke = torch.stack([conv.sum(), torch.where(lost.any(), torch.argmax(lost.int()), -1)]).tolist()
        if 0 <= broke < m - 1:  # (the one host read of a restart, above) an invariant subspace: go on from
            r = torch.randn(n, generator=gen, dtype=dt, device=dev)  # a random vector orthogonal to it
            Vb = V[:broke + 1]
            for _ in range(2):
                r = torch.addmv(r, Vb.T, torch.mv(Vb, r), alpha=-1)
            V[broke + 1] = r / torch.linalg.vector_norm(r)
            j = broke + 1
            continue
        if nconv >= k or m == n:
            break
        if restart == maxiter - 1:  # out of restarts: the converged ones, for SciPy's ArpackNoConvergence
            idx = wanted[torch.argsort(theta[wanted])]
            return theta[idx], (S[:, idx].T @ V[:m]).T.contiguous(), conv[torch.argsort(theta[wanted])]
        restart += 1
        nev = k + min(nconv, (m - k) // 2)  # ARPACK's dsaup2
        if nev == 1:
            nev = m // 2 if m >= 6 else 2 if m > 2 else 1
        keep = _select(theta, nev, which)
        # the kept Ritz vectors, orthonormalised in the small space (eigh's eigenvectors are orthonormal
        # to a few eps only, which restart after restart would add up in the basis)
        V[:nev] = torch.linalg.qr(S[:, keep]).Q.T @ V[:m]
        V[nev] = V[m]
        G.zero_()
        G[steps[:nev], steps[:nev]] = theta[keep]
        j = nev
    idx = wanted[torch.argsort(theta[wanted])]
    return theta[idx], (S[:, idx].T @ V[:m]).T.contiguous(), None


def lobpcg(A, X, B=None, M=None, Y=None, tol=None, maxiter=None, largest=True, verbosityLevel=0,
           retLambdaHistory=False, retResidualNormsHistory=False, restartControl=20):
    """SciPy's ``scipy.sparse.linalg.lobpcg``; on a device torch's ``torch.lobpcg`` (no constraints ``Y``,
    no histories)."""
    dev = _device_of(A, X, B, M)
    if dev is None:
        return _from_scipy(scipy_function("sparse.linalg.lobpcg")(
            _host_views(A), _host_views(X), B=_host_views(B), M=_host_views(M), Y=_host_views(Y), tol=tol,
            maxiter=maxiter, largest=largest, verbosityLevel=verbosityLevel, retLambdaHistory=retLambdaHistory,
            retResidualNormsHistory=retResidualNormsHistory, restartControl=restartControl))
    if Y is not None or retLambdaHistory or retResidualNormsHistory:
        raise TypeError("torchnp.scipy.sparse.linalg.lobpcg runs Y= and the histories on host data only: pass "
                        "A.get() and X.to_numpy() to use SciPy's (docs/scipy.md).")
    x = tensor(X, dev)
    op = _dense_or_sparse(A, dev).to(x.dtype)
    b = None if B is None else _dense_or_sparse(B, dev).to(x.dtype)
    m = None if M is None else _dense_or_sparse(M, dev).to(x.dtype)
    w, v = torch.lobpcg(op, X=x, B=b, iK=m, tol=tol, niter=maxiter or 20, largest=largest)
    return _wrap(w), _wrap(v)


def expm_multiply(A, B, start=None, stop=None, num=None, endpoint=None, traceA=None):
    """SciPy's ``scipy.sparse.linalg.expm_multiply`` (``exp(A) @ B``); on a device a scaled Taylor
    series (s = ceil(|A|_1) steps, terms until they fall below float64's rounding); the time grid
    (``start``/``stop``) is host only."""
    dev = _device_of(A, B)
    if dev is None:
        return _from_scipy(scipy_function("sparse.linalg.expm_multiply")(
            _host_views(A), _host_views(B), start=start, stop=stop, num=num, endpoint=endpoint, traceA=traceA))
    if start is not None or stop is not None or num is not None:
        raise TypeError("torchnp.scipy.sparse.linalg.expm_multiply's time grid (start/stop/num) is host only: "
                        "pass A.get() and B.to_numpy() to use SciPy's (docs/scipy.md).")
    matvec = _operator(A, dev)
    F = tensor(B, dev)
    if not (F.is_floating_point() or F.is_complex()):
        F = F.to(torch.float64)
    op = _dense_or_sparse(A, dev)
    norm1 = float(torch.linalg.matrix_norm(op.to_dense() if op.layout != torch.strided else op, 1))  # one read
    s = max(1, math.ceil(norm1))
    eps = torch.finfo(F.real.dtype if F.is_complex() else F.dtype).eps
    for _ in range(s):
        term, acc = F, F
        for j in range(1, 60):
            term = matvec(term) / (s * j)
            acc = acc + term
            if float(torch.linalg.vector_norm(term)) <= eps * float(torch.linalg.vector_norm(acc)):
                break
        F = acc
    return _wrap(F)


def norm(x, ord=None, axis=None):
    """SciPy's ``scipy.sparse.linalg.norm`` of a device sparse array: Frobenius, 1, -1, inf, -inf
    (matrix), or vector norms along ``axis``."""
    if not isinstance(x, _SparseArray):
        return _from_scipy(scipy_function("sparse.linalg.norm")(_host_views(x), ord=ord, axis=axis))
    t = x._tensor()
    v = t._values()
    if axis is None:
        if ord in (None, "fro", "f"):
            return _wrap(torch.linalg.vector_norm(v))
        if ord in (1, -1, math.inf, -math.inf):
            sums = abs(x).sum(axis=0 if abs(ord) == 1 else 1)._t
            return _wrap(sums.max() if ord > 0 else sums.min())
        raise ValueError("Invalid norm order for matrices.")
    ax = axis if isinstance(axis, int) else axis[0]
    if ord in (None, 2):
        return _wrap(torch.sqrt(abs(x).power(2).sum(axis=ax)._t))
    if ord == 1:
        return abs(x).sum(axis=ax)
    raise ValueError("Invalid norm order for vectors.")


for _f in (aslinearoperator, cg, bicgstab, gmres, minres, lsqr, spsolve, eigsh, lobpcg, expm_multiply, norm):
    DEVICE[f"sparse.linalg.{_f.__name__}"] = _f
DEVICE["sparse.linalg.LinearOperator"] = LinearOperator
SIGNATURE_DIFFERS["sparse.linalg.LinearOperator"] = ("SciPy's LinearOperator takes (*args, **kwargs); ours names "
                                                     "shape, matvec, rmatvec, matmat, dtype, rmatmat and device=")

_ARPACK = []


def _arpack_classes():
    """(ArpackError, ArpackNoConvergence): SciPy's own classes (so ``except
    scipy.sparse.linalg.ArpackNoConvergence`` catches the device's), SciPy imported on first use;
    classes of the same shape where SciPy is not installed."""
    if not _ARPACK:
        try:
            _ARPACK.extend(scipy_function(f"sparse.linalg.{name}") for name in ("ArpackError", "ArpackNoConvergence"))
        except ImportError:
            class ArpackError(RuntimeError):
                """SciPy's ``ArpackError`` (SciPy not installed)."""

                def __init__(self, info, infodict=None):
                    super().__init__(f"ARPACK error {info}: {(infodict or {}).get(info, 'Unknown error')}")

            class ArpackNoConvergence(ArpackError):
                """SciPy's ``ArpackNoConvergence`` (SciPy not installed): the converged ``eigenvalues``
                and ``eigenvectors``."""

                def __init__(self, msg, eigenvalues, eigenvectors):
                    ArpackError.__init__(self, -1, {-1: msg})
                    self.eigenvalues, self.eigenvectors = eigenvalues, eigenvectors

            _ARPACK.extend((ArpackError, ArpackNoConvergence))
    return tuple(_ARPACK)


_module_getattr = module_getattr("sparse.linalg")


def __getattr__(name):
    if name in ("ArpackError", "ArpackNoConvergence"):  # the classes themselves, not host-only wrappers
        return _arpack_classes()[name == "ArpackNoConvergence"]
    return _module_getattr(name)
