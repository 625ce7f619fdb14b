"""torchnp.scipy.sparse.linalg: ``scipy.sparse.linalg`` on torchnp arrays (DESIGN §8.4; docs/scipy.md).

The iterative solvers run on the device with SciPy's recurrences: the convergence test of each
iteration is computed on the device and, once met, freezes the iterate (so the answer is the
iterate SciPy stops at), and the host reads the flag only every ``CHECK_EVERY`` iterations to
leave the loop (every iteration when a ``callback`` is given), plus once at the end for ``info``.
On host data every name is SciPy's own.
"""

import math

import numpy as _np
import torch

from ... import _device, _dtypes
from ..._array import _wrap, ndarray
from ..._boundary import tensor
from .._dispatch import DEVICE, SIGNATURE_DIFFERS, _from_scipy, _host_views, module_getattr, scipy_function
from ._base import _SparseArray

__all__ = ["LinearOperator", "aslinearoperator", "cg", "bicgstab", "spsolve", "eigsh", "lobpcg", "expm_multiply",
           "norm", "CHECK_EVERY"]

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
    """SciPy's ``scipy.sparse.linalg.eigsh``; on a device ``which`` 'LM', 'LA', 'SA' of a symmetric
    ``A`` (no ``sigma``, ``M``) by thick-restart Lanczos, eigenvalues ascending as SciPy's."""
    dev = _device_of(A, M, v0)
    if dev is None:
        return _from_scipy(scipy_function("sparse.linalg.eigsh")(
            _host_views(A), k=k, M=_host_views(M), sigma=sigma, which=which, v0=_host_views(v0), ncv=ncv,
            maxiter=maxiter, tol=tol, return_eigenvectors=return_eigenvectors, Minv=Minv, OPinv=OPinv, mode=mode,
            rng=rng))
    n = A.shape[0]
    if which not in ("LM", "SM", "LA", "SA", "BE"):
        raise ValueError("which must be one of LM, SM, LA, SA, BE")
    if k <= 0 or k >= n:
        raise ValueError(f"k must be greater than 0 and smaller than n={n}")
    if sigma is not None or M is not None or which in ("SM", "BE"):
        raise TypeError(f"torchnp.scipy.sparse.linalg.eigsh runs sigma=, M= and which={which!r} on host data only "
                        "(SciPy's ARPACK): pass A.get() to use SciPy's (docs/scipy.md).")
    matvec = _operator(A, dev)
    dt = _dtypes.to_torch(_np.dtype(A.dtype))
    dt = dt if dt in (torch.float32, torch.float64) else torch.float64
    if v0 is None:
        start = torch.randn(n, generator=torch.Generator(device=dev).manual_seed(0), dtype=dt, device=dev)
    else:
        start = tensor(v0, dev).to(dt).reshape(-1)
    w, v = _thick_restart_lanczos(matvec, start, k, which, ncv or min(n, max(4 * k + 1, 48)),
                                  tol or torch.finfo(dt).eps, maxiter or n * 10)
    if return_eigenvectors:
        return _wrap(w), _wrap(v)
    return _wrap(w.flip(0) if which == "SA" else w)  # ARPACK's order without vectors, as SciPy gives it


def _select(theta, k, which):
    """Indices of the k wanted Ritz values, best first."""
    key = theta if which == "LA" else (-theta if which == "SA" else theta.abs())
    return torch.argsort(key, descending=True, stable=True)[:k]


def _thick_restart_lanczos(matvec, start, k, which, m, tol, maxiter):
    """The k wanted eigenpairs of a symmetric operator: Lanczos with full reorthogonalisation and
    thick restarts (Wu & Simon), the ARPACK problem of ``eigsh`` without its implicit QR. The basis
    and the projected matrix stay on the device; each restart reads its largest residual."""
    n = start.numel()
    m = min(m, n)
    V = torch.zeros((n, m + 1), dtype=start.dtype, device=start.device)
    H = torch.zeros((m + 1, m), dtype=start.dtype, device=start.device)
    V[:, 0] = start / torch.linalg.vector_norm(start)
    j0 = 0
    for _ in range(maxiter):
        for j in range(j0, m):
            w = matvec(V[:, j])
            h = V[:, :j + 1].T @ w
            w = w - V[:, :j + 1] @ h
            h2 = V[:, :j + 1].T @ w  # the second Gram-Schmidt pass (full reorthogonalisation)
            w = w - V[:, :j + 1] @ h2
            H[:j + 1, j] = h + h2
            beta = torch.linalg.vector_norm(w)
            H[j + 1, j] = beta
            V[:, j + 1] = w / torch.where(beta == 0, 1, beta)
        T = H[:m, :m]
        theta, S = torch.linalg.eigh((T + T.T) / 2)
        wanted = _select(theta, k, which)
        beta = H[m, m - 1].clone()  # (a copy: H is cleared for the restart below)
        resid = (beta * S[m - 1, wanted]).abs()
        scale = torch.clamp(theta[wanted].abs(), min=torch.finfo(theta.dtype).eps)
        if m == n or float((resid / scale).max()) <= tol ** 0.5 * 1e-3 + tol:  # one read per restart
            break
        keep = _select(theta, min(m - 1, k + (m - k) // 2), which)
        V[:, :keep.numel()] = V[:, :m] @ S[:, keep]
        V[:, keep.numel()] = V[:, m]
        H.zero_()
        H[:keep.numel(), :keep.numel()] = torch.diag(theta[keep])
        H[keep.numel(), :keep.numel()] = beta * S[m - 1, keep]
        H[:keep.numel(), keep.numel()] = 0
        j0 = keep.numel()
        # the column of the first new vector couples to the kept Ritz vectors through beta * s
        w = matvec(V[:, j0])
        h = V[:, :j0 + 1].T @ w
        w = w - V[:, :j0 + 1] @ h
        h2 = V[:, :j0 + 1].T @ w
        w = w - V[:, :j0 + 1] @ h2
        H[:j0 + 1, j0] = h + h2
        b = torch.linalg.vector_norm(w)
        H[j0 + 1, j0] = b
        V[:, j0 + 1] = w / torch.where(b == 0, 1, b)
        j0 += 1
    order = torch.argsort(theta[wanted])
    idx = wanted[order]
    return theta[idx], V[:, :m] @ S[:, idx]


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


for _f in (aslinearoperator, cg, bicgstab, spsolve, eigsh, lobpcg, expm_multiply, norm):
    DEVICE[f"sparse.linalg.{_f.__name__}"] = _f
DEVICE["sparse.linalg.LinearOperator"] = LinearOperator
SIGNATURE_DIFFERS["sparse.linalg.LinearOperator"] = ("SciPy's LinearOperator takes (*args, **kwargs); ours names "
                                                     "shape, matvec, rmatvec, matmat, dtype, rmatmat and device=")

__getattr__ = module_getattr("sparse.linalg")
