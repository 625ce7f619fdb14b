"""Solvers, inverses, determinants and decompositions (mirrors ``numpy.linalg``).

All functions batch over leading axes as NumPy's gufuncs do and compute with
``torch.linalg`` on the operands' device. Singular / non-positive-definite
input raises ``numpy.linalg.LinAlgError`` itself (one host sync on LAPACK's
``info``, which NumPy's semantics need).
"""

import functools
import operator
import warnings

import numpy as _np
import torch
from numpy.linalg import LinAlgError

from .. import _cpu_kernels, _dtypes
from .._array import _wrap, host_result
from .._boundary import store
from .._convert import NOVALUE as _NoValue
from ._common import (EigResult, EighResult, QRResult, SlogdetResult, SVDResult, assert_finite,
                      check_info, linalg_dtype, mH, mT, real_of, stacked_2d,
                      stacked_square, singular_values, svd_input, tensor, tensors, two_d, wrap)
from ._norms import norm
from .._tensors import broadcast_shapes, svd_tensor

__all__ = ["solve", "inv", "pinv", "det", "slogdet", "eig", "eigh", "eigvals", "eigvalsh", "svd",
           "svdvals", "qr", "cholesky", "lstsq", "matrix_rank", "matrix_power", "cond", "multi_dot",
           "tensorsolve", "tensorinv"]



def _square_input(a):
    t = tensor(a)
    stacked_square(t)
    dt = linalg_dtype(t)
    return t.to(dt), dt


def solve(a, b):
    """Solve ``a @ x = b`` (mirrors ``numpy.linalg.solve``; ``b`` is a vector only when 1-D)."""
    hk = _cpu_kernels.host_kernel("solve", (a, b))
    if hk is not None:  # host data: NumPy's gesv and its errors, no torch call
        return host_result(hk[0](*hk[1]))
    ta, tb = tensors((a, b))
    stacked_square(ta)
    dt = linalg_dtype(ta, tb)
    n = ta.shape[-1]
    vec = tb.dim() == 1
    if vec:
        if tb.shape[0] != n:
            raise ValueError(f"solve1: Input operand 1 has a mismatch in its core dimension 0, with gufunc "
                             f"signature (m,m),(m)->(m) (size {tb.shape[0]} is different from {n})")
        tb = tb.unsqueeze(-1)
    elif tb.shape[-2] != n:
        raise ValueError(f"solve: Input operand 1 has a mismatch in its core dimension 0, with gufunc "
                         f"signature (m,m),(m,n)->(m,n) (size {tb.shape[-2]} is different from {n})")
    try:
        batch = broadcast_shapes(ta.shape[:-2], tb.shape[:-2])
    except RuntimeError:
        raise ValueError("operands could not be broadcast together") from None
    ta, tb = ta.to(dt), tb.to(dt)
    k = _cpu_kernels.numpy_kernel("solve", ta, tb)
    if k is not None:  # NumPy's gesv, its LinAlgError for a singular matrix
        x = _cpu_kernels.run(k, ta, tb)
        return wrap(x.squeeze(-1) if vec else x)
    # equal ndims so torch never reads b as a batch of vectors (NumPy 2 semantics)
    ta = ta.expand(batch + ta.shape[-2:])
    tb = tb.expand(batch + tb.shape[-2:])
    x, info = torch.linalg.solve_ex(ta, tb)
    check_info(info, "Singular matrix")
    return wrap(x.squeeze(-1) if vec else x)


def inv(a):
    """Inverse of a (stack of) square matrices (mirrors ``numpy.linalg.inv``)."""
    hk = _cpu_kernels.host_kernel("inv", (a,))
    if hk is not None:  # host data below the row's max_size: NumPy's gesv and its errors, no torch call
        return host_result(hk[0](*hk[1]))
    t, _ = _square_input(a)
    r, info = torch.linalg.inv_ex(t)
    check_info(info, "Singular matrix")
    return wrap(r)


def det(a):
    """Determinant (mirrors ``numpy.linalg.det``)."""
    hk = _cpu_kernels.host_kernel("det", (a,))
    if hk is not None:  # host data: NumPy's getrf and its errors, no torch call
        return host_result(hk[0](*hk[1]))
    t, _ = _square_input(a)
    k = _cpu_kernels.numpy_kernel("det", t)
    return wrap(torch.linalg.det(t) if k is None else _cpu_kernels.run(k, t))


def slogdet(a):
    """Sign and log of the absolute determinant (mirrors ``numpy.linalg.slogdet``)."""
    t, _ = _square_input(a)
    sign, logabs = torch.linalg.slogdet(t)
    return SlogdetResult(wrap(sign), wrap(logabs))


def cholesky(a, /, *, upper=False):
    """Cholesky factor (mirrors ``numpy.linalg.cholesky``; reads the lower, or with
    ``upper=True`` the upper, triangle as NumPy does)."""
    hk = _cpu_kernels.host_kernel("cholesky", (a,))
    if hk is not None:  # host data: NumPy's potrf and its LinAlgError, no torch call
        return host_result(hk[0](*hk[1], upper))
    t, _ = _square_input(a)
    k = _cpu_kernels.numpy_kernel("cholesky", t)
    if k is not None:  # NumPy's potrf, its LinAlgError
        return wrap(_cpu_kernels.run(k, t, upper))
    if upper:
        L, info = torch.linalg.cholesky_ex(mH(t))
        r = mH(L)
    else:
        r, info = torch.linalg.cholesky_ex(t)
    check_info(info, "Matrix is not positive definite")
    return wrap(r)


# ---------------------------------------------------------------- eigen
def _real_if_possible(t, w, *more):
    """NumPy returns real eigen-results for real input whose eigenvalues are all real.

    Host sync: the output *dtype* depends on the data (NumPy checks ``all(w.imag == 0)``).
    """
    if t.is_complex() or bool((w.imag != 0).any()):
        return (w,) + more
    return (w.real,) + tuple(m.real for m in more)


def eig(a):
    """Eigenvalues and right eigenvectors (mirrors ``numpy.linalg.eig``)."""
    t, _ = _square_input(a)
    assert_finite(t)
    w, v = torch.linalg.eig(t)
    w, v = _real_if_possible(t, w, v)
    return EigResult(wrap(w), wrap(v))


def eigvals(a):
    """Eigenvalues of a general matrix (mirrors ``numpy.linalg.eigvals``)."""
    t, _ = _square_input(a)
    assert_finite(t)
    w = torch.linalg.eigvals(t)
    return wrap(_real_if_possible(t, w)[0])


def _uplo(UPLO):
    UPLO = UPLO.upper()
    if UPLO not in ("L", "U"):
        raise ValueError("UPLO argument must be 'L' or 'U'")
    return UPLO


def eigh(a, UPLO="L"):
    """Eigen-decomposition of a Hermitian matrix (mirrors ``numpy.linalg.eigh``)."""
    UPLO = _uplo(UPLO)
    t, _ = _square_input(a)
    k = _cpu_kernels.numpy_kernel("eigh", t)
    w, v = torch.linalg.eigh(t, UPLO=UPLO) if k is None else _cpu_kernels.run(k, t, UPLO)
    return EighResult(wrap(w), wrap(v))


def eigvalsh(a, UPLO="L"):
    """Eigenvalues of a Hermitian matrix (mirrors ``numpy.linalg.eigvalsh``)."""
    UPLO = _uplo(UPLO)
    t, _ = _square_input(a)
    return wrap(torch.linalg.eigvalsh(t, UPLO=UPLO))


# ---------------------------------------------------------------- SVD family
def _svd_t(t, full_matrices=True, compute_uv=True, hermitian=False):
    if hermitian:
        if compute_uv:
            s, u = torch.linalg.eigh(t)
            sgn = torch.where(torch.signbit(s), -1.0, 1.0).to(s.dtype)
            s = s.abs()
            sidx = torch.argsort(s, dim=-1, descending=True, stable=True)
            sgn = torch.take_along_dim(sgn, sidx, dim=-1)
            s = torch.take_along_dim(s, sidx, dim=-1)
            u = torch.take_along_dim(u, sidx.unsqueeze(-2), dim=-1)
            vt = mH(u * sgn.unsqueeze(-2))
            return u, s, vt
        return torch.linalg.eigvalsh(t).abs().sort(dim=-1, descending=True).values
    if compute_uv:
        return svd_tensor(t, full_matrices=full_matrices)
    return singular_values(t)


def svd(a, full_matrices=True, compute_uv=True, hermitian=False):
    """Singular value decomposition (mirrors ``numpy.linalg.svd``; ``SVDResult(U, S, Vh)``)."""
    t = svd_input(a, hermitian)
    k = None if hermitian else _cpu_kernels.numpy_kernel("svd", t)
    r = _svd_t(t, full_matrices, compute_uv, hermitian) if k is None else \
        _cpu_kernels.run(k, t, full_matrices, compute_uv)
    if compute_uv:
        return SVDResult(*(wrap(x) for x in r))
    return wrap(r)


def svdvals(x, /):
    """Singular values (mirrors ``numpy.linalg.svdvals``)."""
    return wrap(singular_values(svd_input(x)))


def _max_or_zero(s):
    """``s.max(axis=-1, keepdims=True, initial=0)``."""
    if s.shape[-1] == 0:
        return s.new_zeros(s.shape[:-1] + (1,))
    return s.amax(-1, keepdim=True).clamp_min(0)


def matrix_rank(A, tol=None, hermitian=False, *, rtol=None):
    """Rank by SVD (mirrors ``numpy.linalg.matrix_rank``)."""
    if rtol is not None and tol is not None:
        raise ValueError("`tol` and `rtol` can't be both set.")
    t = tensor(A)
    if t.dim() < 2:
        # NumPy returns a Python int here: int(not all(A == 0)); a host sync by contract
        return int(bool((t != 0).any()))
    s = _svd_t(svd_input(t, hermitian), compute_uv=False, hermitian=hermitian)
    if tol is None:
        if rtol is None:
            rtol = max(t.shape[-2:]) * torch.finfo(s.dtype).eps
        else:
            rtol = tensor(rtol, s.device).unsqueeze(-1)
        tol = _max_or_zero(s) * rtol
    else:
        tol = tensor(tol, s.device).unsqueeze(-1)
    return _wrap(torch.count_nonzero(s > tol, dim=-1))


def pinv(a, rcond=None, hermitian=False, *, rtol=_NoValue):
    """Moore-Penrose pseudo-inverse (mirrors ``numpy.linalg.pinv``)."""
    t = tensor(a)
    if rcond is None:
        if rtol is _NoValue:
            rcond = 1e-15
        elif rtol is None:
            rcond = max(t.shape[-2:]) * _np.finfo(_dtypes.TO_NUMPY[t.dtype]).eps
        else:
            rcond = rtol
    elif rtol is not _NoValue:
        raise ValueError("`rtol` and `rcond` can't be both set.")
    stacked_2d(t)
    dt = linalg_dtype(t)
    m, n = t.shape[-2:]
    if t.numel() == 0:
        return _wrap(t.new_empty(t.shape[:-2] + (n, m)))
    u, s, vt = _svd_t(t.to(dt).conj(), full_matrices=False, hermitian=hermitian)
    rc = tensor(rcond, t.device).to(s.dtype)
    cutoff = rc.unsqueeze(-1) * _max_or_zero(s)
    large = s > cutoff
    sinv = torch.where(large, 1 / torch.where(large, s, 1), 0)
    return wrap(mT(vt) @ (sinv.unsqueeze(-1) * mT(u)).to(dt))


def cond(x, p=None):
    """Condition number (mirrors ``numpy.linalg.cond``; every ``p`` of ``norm``)."""
    t = tensor(x)
    if t.numel() == 0 and t.dim() >= 2 and t.shape[-1] * t.shape[-2] == 0:
        raise LinAlgError("cond is not defined on empty arrays")
    k = _cpu_kernels.numpy_kernel("cond", t)
    if k is not None:  # host data: NumPy's bits (its SVD, or inverse and norms)
        return wrap(_cpu_kernels.run(k, t, p))
    if p is None or p == 2 or p == -2:
        s = singular_values(svd_input(t))
        r = s[..., -1] / s[..., 0] if p == -2 else s[..., 0] / s[..., -1]
    else:
        stacked_square(t)
        dt = linalg_dtype(t)
        tt = t.to(dt)
        invx, info = torch.linalg.inv_ex(tt)
        r = (norm(_wrap(tt), p, axis=(-2, -1))._t * norm(_wrap(invx), p, axis=(-2, -1))._t).to(real_of(dt))
        r = torch.where(info != 0, torch.nan, r)  # NumPy: failed inversion gives nan (-> inf below)
    # NaN -> inf unless the input itself had NaNs (no host sync)
    if t.dtype.is_floating_point or t.is_complex():
        had_nan = torch.isnan(t).any(-1).any(-1)
    else:
        had_nan = torch.zeros((), dtype=torch.bool, device=t.device)
    r = torch.where(torch.isnan(r) & ~had_nan, torch.inf, r)
    return wrap(r)


# ---------------------------------------------------------------- QR
def qr(a, mode="reduced"):
    """QR decomposition (mirrors ``numpy.linalg.qr``; modes reduced, complete, r, raw)."""
    if mode not in ("reduced", "complete", "r", "raw"):
        # stacklevel 4: past _numpy_errors and the boundary wrapper, the caller's line as NumPy's
        if mode in ("f", "full"):
            warnings.warn("The 'full' option is deprecated in favor of 'reduced'.\n"
                          "For backward compatibility let mode default.", DeprecationWarning, stacklevel=4)
            mode = "reduced"
        elif mode in ("e", "economic"):
            warnings.warn("The 'economic' option is deprecated.", DeprecationWarning, stacklevel=4)
            mode = "economic"
        else:
            raise ValueError(f"Unrecognized mode '{mode}'")
    t = tensor(a)
    stacked_2d(t)
    t = t.to(linalg_dtype(t))
    if mode in ("raw", "economic"):
        h, tau = torch.geqrf(t)
        return wrap(h) if mode == "economic" else (wrap(mT(h)), wrap(tau))
    if mode == "r":
        m, n = t.shape[-2:]
        r = torch.linalg.qr(t, mode="r").R
        return wrap(r[..., :min(m, n), :])
    q, r = torch.linalg.qr(t, mode=mode)
    return QRResult(wrap(q), wrap(r))


# ---------------------------------------------------------------- least squares
def lstsq(a, b, rcond=None):
    """Least-squares solution (mirrors ``numpy.linalg.lstsq``: ``(x, residuals, rank, s)``).

    Computed through the SVD (LAPACK gelsd's method) on every device. ``rank`` is a host
    sync: the *shape* of ``residuals`` depends on it.
    """
    hk = _cpu_kernels.host_kernel("lstsq", (a, b))
    if hk is not None:  # host data: NumPy's gelsd, its errors, no torch call
        x, resid, rank, s = hk[0](*hk[1], rcond)
        return host_result(x), host_result(resid), rank, host_result(s)
    ta, tb = tensors((a, b))
    vec = tb.dim() == 1
    if vec:
        tb = tb.unsqueeze(-1)
    two_d(ta, tb)
    m, n = ta.shape
    if tb.shape[0] != m:
        raise LinAlgError("Incompatible dimensions")
    dt = linalg_dtype(ta, tb)
    rdt = real_of(dt)
    ta, tb = ta.to(dt), tb.to(dt)
    k = _cpu_kernels.numpy_kernel("lstsq", ta, tb)
    if k is not None:  # NumPy's gelsd
        x, resid, rank, s = _cpu_kernels.run(k, ta, tb, rcond)
        return wrap(x.squeeze(-1) if vec else x), wrap(resid), _wrap(rank), wrap(s)
    eps = torch.finfo(rdt).eps
    if rcond is None or rcond < 0:
        rcond = eps * max(n, m) if rcond is None else eps
    u, s, vh = svd_tensor(ta, full_matrices=False)
    cutoff = rcond * _max_or_zero(s)
    large = s > cutoff
    sinv = torch.where(large, 1 / torch.where(large, s, 1), 0).to(dt)
    x = mH(vh) @ (sinv.unsqueeze(-1) * (mH(u) @ tb))
    # one host sync: residuals' shape depends on the rank; non-finite data is NumPy's gelsd error
    # (CUDA's SVD returns NaNs where the CPU's raises)
    rank, bad = torch.stack([large.sum(), (~torch.isfinite(s)).sum()]).tolist()
    if bad:
        raise LinAlgError("SVD did not converge in Linear Least Squares")
    if rank == n and m > n:
        d = ta @ x - tb
        resid = (d.real * d.real + d.imag * d.imag if d.is_complex() else d * d).sum(0)
    else:
        resid = torch.empty(0, dtype=rdt, device=ta.device)
    if vec:
        x = x.squeeze(-1)
    return wrap(x), wrap(resid), _wrap(torch.tensor(rank, dtype=torch.int32, device=ta.device)), wrap(s)


# ---------------------------------------------------------------- powers and chains
def _mm(x, y):
    from .._products._matmul import matmul

    return matmul(_wrap(x), _wrap(y))._t


def matrix_power(a, n):
    """Raise a square matrix to the integer power ``n`` (mirrors ``numpy.linalg.matrix_power``)."""
    t = tensor(a)
    stacked_square(t)
    try:
        n = operator.index(n)
    except TypeError as e:
        raise TypeError("exponent must be an integer") from e
    if n == 0:
        eye = torch.eye(t.shape[-1], dtype=t.dtype, device=t.device)
        return _wrap(eye.expand(t.shape).clone())
    if n < 0:
        t = inv(_wrap(t))._t
        n = -n
    z = result = None
    while n > 0:  # binary decomposition of n, as NumPy
        z = t if z is None else _mm(z, z)
        n, bit = divmod(n, 2)
        if bit:
            result = z if result is None else _mm(result, z)
    return _wrap(result)


def multi_dot(arrays, *, out=None):
    """Chained matrix product in the cheapest order (mirrors ``numpy.linalg.multi_dot``)."""
    n = len(arrays)
    if n < 2:
        raise ValueError("Expecting at least two arrays.")
    ts = tensors(arrays)
    first, last = ts[0].dim(), ts[-1].dim()
    if first == 1:
        ts[0] = ts[0].unsqueeze(0)
    if last == 1:
        ts[-1] = ts[-1].unsqueeze(-1)
    two_d(*ts)
    dt = _dtypes.to_torch(_dtypes.np_result_type(*[_dtypes.TO_NUMPY[x.dtype] for x in ts]))
    ts = [x.to(dt) for x in ts]
    if dt.is_floating_point or dt.is_complex:
        r = torch.linalg.multi_dot(ts)
    else:  # integer chains: pairwise through matmul's integer path
        r = ts[0]
        for x in ts[1:]:
            r = _mm(r, x)
    if first == 1 and last == 1:
        r = r[0, 0]
    elif first == 1 or last == 1:
        r = r.reshape(-1)
    return store(r, out, "exact", shape_error="output array has wrong dimensions")


def tensorsolve(a, b, axes=None):
    """Solve the tensor equation ``tensordot(a, x, x.ndim) = b`` (mirrors ``numpy.linalg.tensorsolve``)."""
    ta, tb = tensors((a, b))
    an = ta.dim()
    if axes is not None:
        allaxes = list(range(an))
        for k in axes:
            allaxes.remove(k)
            allaxes.insert(an, k)
        ta = ta.permute(allaxes)
    oldshape = tuple(ta.shape[-(an - tb.dim()):])
    prod = 1
    for k in oldshape:
        prod *= k
    if ta.numel() != prod ** 2:
        raise LinAlgError("Input arrays must satisfy the requirement "
                          "prod(a.shape[b.ndim:]) == prod(a.shape[:b.ndim])")
    res = solve(_wrap(ta.reshape(prod, prod)), _wrap(tb.reshape(-1)))
    return _wrap(res._t.reshape(oldshape))


def tensorinv(a, ind=2):
    """Inverse of an N-d array with respect to ``tensordot`` (mirrors ``numpy.linalg.tensorinv``)."""
    t = tensor(a)
    oldshape = tuple(t.shape)
    if ind <= 0:
        raise ValueError("Invalid ind argument.")
    invshape = oldshape[ind:] + oldshape[:ind]
    prod = 1
    for k in oldshape[ind:]:
        prod *= k
    ia = inv(_wrap(t.reshape(prod, -1)))
    return _wrap(ia._t.reshape(invshape))



def _numpy_errors(fn):
    """Re-raise torch's LinAlgError (a RuntimeError) as NumPy's LinAlgError with NumPy's wording."""
    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        try:
            return fn(*args, **kwargs)
        except torch.linalg.LinAlgError as exc:
            msg = str(exc)
            if "svd" in msg:  # lstsq: NumPy's gelsd message
                msg = "SVD did not converge" + (" in Linear Least Squares" if fn.__name__ == "lstsq" else "")
            elif "eig" in msg:
                msg = "Eigenvalues did not converge"
            raise LinAlgError(msg) from None
    return wrapper


for _name in __all__:
    globals()[_name] = _numpy_errors(globals()[_name])
