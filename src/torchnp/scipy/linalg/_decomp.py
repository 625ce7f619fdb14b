"""Decompositions of ``scipy.linalg`` (DESIGN §8): LU, Cholesky, QR, RQ, SVD, eigen, and the
subspaces built on the SVD. SciPy's own on host data, ``torch.linalg`` elsewhere. Signs and
phases of the factors follow torch's drivers (LAPACK's own on the CPU): products and
invariants agree with SciPy's, individual columns may differ by a sign or phase (docs/scipy.md)."""

import torch

from ..._convert import checks_data
from .._dispatch import mirror
from ._basic import tensors_of
from ..._tensors import svd_tensor
from ._common import (at_least_2d, broadcast_batch, check_finite_values, hermitian_from, lapack_dtype, mH, mT,
                      operands, rhs, singular, square)

__all__ = ["lu", "lu_factor", "lu_solve", "cho_factor", "cho_solve", "cholesky", "qr", "rq", "svd", "svdvals",
           "eigh", "eig", "eigvals", "null_space", "orth", "subspace_angles"]


def _batched(result, t):
    """SciPy 1.17 applies these functions over batches with ``_apply_over_batch``, which returns a
    list where the 2-D call returns a tuple."""
    return list(result) if t.dim() > 2 and isinstance(result, tuple) else result


def _real(dt):
    return {torch.complex64: torch.float32, torch.complex128: torch.float64}.get(dt, dt)


# ---------------------------------------------------------------- LU
@mirror("linalg")
def lu(a, permute_l=False, overwrite_a=False, check_finite=True, p_indices=False):
    (ta,) = operands(a)
    check_finite_values(check_finite, ta)
    at_least_2d(ta)
    P, L, U = torch.linalg.lu(ta)
    if permute_l:
        return P @ L, U
    P = P.real if P.is_complex() else P  # (a permutation: torch's complex-to-real cast would warn)
    if p_indices:
        p = torch.argmax(P, dim=-1)
        return p.to(torch.int64 if ta.shape[-2:] == (1, 1) else torch.int32), L, U
    return P.to(ta.dtype if ta.shape[-2:] == (1, 1) else _real(ta.dtype)), L, U  # (SciPy's 1x1: the input's dtype)


@mirror("linalg")
def lu_factor(a, overwrite_a=False, check_finite=True):
    (ta,) = operands(a)
    check_finite_values(check_finite, ta)
    at_least_2d(ta)
    LU, piv, _ = torch.linalg.lu_factor_ex(ta)
    return _batched((LU, piv - 1), ta)  # LAPACK's 1-based pivots as SciPy's 0-based int32


def _lu_solve_t(LU, piv, tb, trans):
    if trans not in (0, 1, 2):
        raise ValueError(f"illegal value in 3-th argument of internal getrs: trans={trans!r}")
    pivots = (piv + 1).to(torch.int32)
    if trans == 1 and LU.is_complex():  # a.T x = b  <=>  a^H conj(x) = conj(b)
        return torch.linalg.lu_solve(LU, pivots, tb.conj(), adjoint=True).conj()
    return torch.linalg.lu_solve(LU, pivots, tb, adjoint=trans != 0)


@mirror("linalg")
def lu_solve(lu_and_piv, b, trans=0, overwrite_b=False, check_finite=True):
    lu_, piv = lu_and_piv
    tlu, tpiv, tb = tensors_of(lu_, piv, b)
    dt = lapack_dtype(tlu, tb)
    tlu, tb = tlu.to(dt), tb.to(dt)
    check_finite_values(check_finite, tb)
    if tlu.shape[0] != tb.shape[0]:
        raise ValueError(f"Shapes of lu {tuple(tlu.shape)} and b {tuple(tb.shape)} are incompatible")
    vec = tb.dim() == 1
    x = _lu_solve_t(tlu, tpiv, tb.unsqueeze(-1) if vec else tb, trans)
    return x[..., 0] if vec else x


# ---------------------------------------------------------------- Cholesky
def _cholesky_operand(a, check_finite):
    """cholesky's and cho_factor's operand, with SciPy's checks: finite (§3.5), square (or a stack of)."""
    (ta,) = operands(a)
    check_finite_values(check_finite, ta)
    if ta.dim() < 2 or ta.shape[-1] != ta.shape[-2]:
        raise ValueError(f"Input array is expected to be square but has the shape: {tuple(ta.shape[-2:])}.")
    return ta


def _cholesky(ta, lower):
    L, info = torch.linalg.cholesky_ex(hermitian_from(ta, lower))
    if checks_data(info) and bool((info != 0).any()):
        from numpy.linalg import LinAlgError

        raise LinAlgError(f"{int(info.reshape(-1).max())}-th leading minor of the array is not positive definite")
    return L if lower else mH(L)


@mirror("linalg")
def cholesky(a, lower=False, overwrite_a=False, check_finite=True):
    return _cholesky(_cholesky_operand(a, check_finite), lower)


@mirror("linalg")
def cho_factor(a, lower=False, overwrite_a=False, check_finite=True):
    """The factor in one triangle; the other keeps ``a``'s entries, as LAPACK's potrf leaves them."""
    ta = _cholesky_operand(a, check_finite)
    c = _cholesky(ta, lower) + (torch.triu(ta, 1) if lower else torch.tril(ta, -1))
    if ta.dim() > 2:  # SciPy's batch wrapper stacks the flags too
        return [c, torch.full(ta.shape[:-2], bool(lower), device=ta.device)]
    return c, lower


@mirror("linalg")
def cho_solve(c_and_lower, b, overwrite_b=False, check_finite=True):
    c, lower = c_and_lower
    tc, tb = operands(c, b)
    check_finite_values(check_finite, tc, tb)
    if tc.dim() != 2 or tc.shape[0] != tc.shape[1]:
        raise ValueError("The factored matrix c is not square.")
    if tc.shape[1] != tb.shape[0]:
        raise ValueError(f"incompatible dimensions ({tuple(tc.shape)} and {tuple(tb.shape)})")
    vec = tb.dim() == 1
    tb = tb.unsqueeze(-1) if vec else tb
    f = torch.tril(tc) if lower else torch.triu(tc)
    x = torch.cholesky_solve(tb, f, upper=not lower)
    return x[..., 0] if vec else x


# ---------------------------------------------------------------- QR and RQ
def _pivot_order(t):
    """LAPACK geqp3's column order: at each step the remaining column of largest norm after
    projecting out the chosen ones, swapped into place (no host read)."""
    m, n = t.shape[-2:]
    res = t.clone()
    perm = torch.arange(n, device=t.device).expand(t.shape[:-2] + (n,)).clone()
    idx = torch.arange(n, device=t.device)
    for j in range(min(m, n)):
        nrm = torch.linalg.vector_norm(res[..., j:], dim=-2)
        p = torch.argmax(nrm, dim=-1, keepdim=True) + j
        swap = torch.where(idx == j, p, torch.where(idx == p, j, idx))
        res = torch.take_along_dim(res, swap.unsqueeze(-2), dim=-1)
        perm = torch.take_along_dim(perm, swap, dim=-1)
        top = torch.take_along_dim(nrm, p - j, dim=-1).unsqueeze(-1)
        q = torch.where(top > 0, res[..., :, j:j + 1] / torch.where(top > 0, top, 1), 0)
        res = res - q @ (mH(q) @ res)
    return perm


@mirror("linalg")
def qr(a, overwrite_a=False, lwork=None, mode="full", pivoting=False, check_finite=True):
    if mode not in ("full", "qr", "r", "economic", "raw"):
        raise ValueError("Mode argument should be one of ['full', 'r', 'economic', 'raw']")
    (ta,) = operands(a)
    check_finite_values(check_finite, ta)
    if ta.dim() < 2:
        raise ValueError(f"expected at least a 2D array, got {ta.dim()}D")
    m, n = ta.shape[-2:]
    extra = ()
    if pivoting:
        perm = _pivot_order(ta)
        ta = torch.take_along_dim(ta, perm.unsqueeze(-2), dim=-1)
        extra = (perm.to(torch.int32),)
    if mode == "raw":
        h, tau = torch.geqrf(ta)
        return _batched(((h, tau), torch.triu(h[..., :min(m, n), :])) + extra, ta)
    if mode == "r":
        return _batched((torch.triu(torch.geqrf(ta)[0]),) + extra, ta)
    q, r = torch.linalg.qr(ta, mode="reduced" if mode == "economic" else "complete")
    return _batched((q, r) + extra, ta)


@mirror("linalg")
def rq(a, overwrite_a=False, lwork=None, mode="full", check_finite=True):
    """From the QR of ``a`` flipped and transposed: ``a = R Q`` with ``R`` upper triangular."""
    if mode not in ("full", "r", "economic"):
        raise ValueError("Mode argument should be one of ['full', 'r', 'economic']")
    (ta,) = operands(a)
    check_finite_values(check_finite, ta)
    if ta.dim() < 2:
        raise ValueError("expected matrix")
    m, n = ta.shape[-2:]
    flipped = mT(ta.flip(-2))  # (n, m)
    q2, r2 = torch.linalg.qr(flipped, mode="reduced" if mode == "economic" else "complete")
    r = mT(r2).flip(-2).flip(-1)
    q = mT(q2).flip(-2)
    if mode == "r":
        return r
    return _batched((r, q), ta)


# ---------------------------------------------------------------- SVD and subspaces
@mirror("linalg")
def svd(a, full_matrices=True, compute_uv=True, overwrite_a=False, check_finite=True, lapack_driver="gesdd"):
    (ta,) = operands(a)
    check_finite_values(check_finite, ta)
    if ta.dim() < 2:
        raise ValueError("expected matrix")
    if lapack_driver not in ("gesdd", "gesvd"):
        raise ValueError(f'lapack_driver must be "gesdd" or "gesvd", not "{lapack_driver}"')
    if not compute_uv:
        return svd_tensor(ta, compute_uv=False)
    return _batched(tuple(svd_tensor(ta, full_matrices=full_matrices)), ta)


@mirror("linalg")
def svdvals(a, overwrite_a=False, check_finite=True):
    (ta,) = operands(a)
    check_finite_values(check_finite, ta)
    if ta.dim() < 2:
        raise ValueError("expected matrix")
    return svd_tensor(ta, compute_uv=False)


def _rank_split(s, shape, rcond):
    """The numerical rank of each slice's SVD: a host read, the subspaces' width depends on it
    (SciPy stacks the slices' subspaces: unequal ranks raise its ValueError)."""
    if rcond is None:
        rcond = torch.finfo(s.dtype).eps * max(shape[-2:])
    top = s.amax(-1, keepdim=True) if s.shape[-1] else s.new_zeros(s.shape[:-1] + (1,))
    counts = torch.count_nonzero(s > top.clamp_min(0) * rcond, dim=-1).reshape(-1).tolist()
    if len(set(counts)) > 1:
        raise ValueError("all input arrays must have the same shape")
    return counts[0] if counts else 0


@mirror("linalg")
def null_space(A, rcond=None, *, overwrite_a=False, check_finite=True, lapack_driver="gesdd"):
    (ta,) = operands(A)
    check_finite_values(check_finite, ta)
    if lapack_driver not in ("gesdd", "gesvd"):
        raise ValueError(f'lapack_driver must be "gesdd" or "gesvd", not "{lapack_driver}"')
    u, s, vh = svd_tensor(ta)
    num = _rank_split(s, ta.shape, rcond)
    return mH(vh[..., num:, :])


@mirror("linalg")
def orth(A, rcond=None):
    (ta,) = operands(A)
    check_finite_values(True, ta)
    u, s, _ = svd_tensor(ta, full_matrices=False)
    return u[..., :_rank_split(s, ta.shape, rcond)]


@mirror("linalg")
def subspace_angles(A, B):
    ta, tb = operands(A, B)
    check_finite_values(True, ta, tb)
    for t in (ta, tb):
        if t.dim() != 2:
            raise ValueError(f"expected 2D array, got shape {tuple(t.shape)}")
    if tb.shape[0] != ta.shape[0]:
        raise ValueError(f"A and B must have the same number of rows, got {ta.shape[0]} and {tb.shape[0]}")
    qa, qb = orth(ta)._t, orth(tb)._t
    qaqb = mH(qa) @ qb
    sigma = svd_tensor(qaqb, compute_uv=False)
    rest = qb - qa @ qaqb if qa.shape[1] >= qb.shape[1] else qa - qb @ mH(qaqb)
    mask = sigma ** 2 >= 0.5
    sines = svd_tensor(rest, compute_uv=False)
    k = sigma.shape[0]
    sines = torch.cat([sines, sines.new_zeros(max(0, k - sines.shape[0]))])[:k]
    mu = torch.arcsin(sines.clamp(-1.0, 1.0))
    mu = torch.where(mask.any(), mu, torch.zeros_like(mu))
    return torch.where(mask, mu, torch.arccos(sigma.flip(0).clamp(-1.0, 1.0)))


# ---------------------------------------------------------------- eigenproblems
_DRIVERS = ("ev", "evd", "evr", "evx", "gv", "gvd", "gvx")


@mirror("linalg")
def eigh(a, b=None, *, lower=True, eigvals_only=False, overwrite_a=False, overwrite_b=False, type=1,
         check_finite=True, subset_by_index=None, subset_by_value=None, driver=None):
    """Standard problems through ``torch.linalg.eigh``; generalized ones (``b``) reduced to it with
    the Cholesky factor of ``b``, as LAPACK's sygv does. ``subset_by_value`` selects a
    data-dependent number of eigenvalues: a host read (docs/devices.md)."""
    ts = operands(a) if b is None else operands(a, b)
    check_finite_values(check_finite, *ts)
    ta = ts[0]
    square(ta)
    if driver is not None and driver not in _DRIVERS:
        raise ValueError(f'"{driver}" is unknown. Possible values are "None", "{chr(34) + ", ".join(_DRIVERS)}".')
    n = ta.shape[-1]
    if subset_by_index is not None and subset_by_value is not None:
        raise ValueError("Either index or value subset can be requested.")
    ta = hermitian_from(ta, lower)
    if b is None:
        w, v = torch.linalg.eigh(ta)
    else:
        tb = ts[1]
        if type not in (1, 2, 3):
            raise ValueError("'type' keyword only accepts 1, 2, and 3.")
        if tb.shape[-2:] != ta.shape[-2:]:
            raise ValueError(f"wrong b dimensions {tuple(tb.shape)}, should be {tuple(ta.shape)}")
        L, info = torch.linalg.cholesky_ex(hermitian_from(tb, lower))
        if checks_data(info) and bool((info != 0).any()):
            from numpy.linalg import LinAlgError

            raise LinAlgError(f"The leading minor of order {int(info.max())} of B is not positive definite. "
                              "The factorization of B could not be completed and no eigenvalues or "
                              "eigenvectors were computed.")
        if type == 1:
            c = torch.linalg.solve_triangular(L, mH(torch.linalg.solve_triangular(L, ta, upper=False)), upper=False)
        else:
            c = mH(L) @ ta @ L
        w, y = torch.linalg.eigh(hermitian_from(c, True))
        v = L @ y if type == 3 else torch.linalg.solve_triangular(mH(L), y, upper=True)
    if subset_by_index is not None:
        lo, hi = (int(i) for i in subset_by_index)
        if not (0 <= lo <= hi < n):
            raise ValueError(f"Requested eigenvalue indices are not valid. Valid range is [0, {n - 1}] and "
                             f"start <= end, but start={lo}, end={hi} is given")
        w, v = w[..., lo:hi + 1], v[..., lo:hi + 1]
    elif subset_by_value is not None:
        lo, hi = subset_by_value
        keep = torch.nonzero((w > lo) & (w <= hi)).reshape(-1)  # host read: the count sizes the result
        w, v = w[keep], v[:, keep]
    return w if eigvals_only else _batched((w, v), ta)


def _eig_t(ta, tb):
    if tb is None:
        return torch.linalg.eig(ta)
    w, v = torch.linalg.eig(torch.linalg.solve(tb, ta))
    return w, v / torch.linalg.vector_norm(v, dim=-2, keepdim=True)


def _eig_operands(a, b, check_finite):
    """eig's and eigvals's ``a`` and ``b`` (None: the standard problem) with SciPy's checks: finite
    (§3.5), square, ``b`` of ``a``'s matrix shape; their batches broadcast."""
    ts = operands(a) if b is None else operands(a, b)
    check_finite_values(check_finite, *ts)
    ta, tb = ts[0], (ts[1] if b is not None else None)
    for t in ts:
        if t.dim() < 2 or t.shape[-1] != t.shape[-2]:
            raise ValueError("expected square matrix")
    if tb is None:
        return ta, tb
    if tb.shape[-2:] != ta.shape[-2:]:
        raise ValueError("a and b must have the same shape")
    return broadcast_batch(ta, tb)


def _homogeneous(w):
    return torch.stack([w, torch.ones_like(w)])


@mirror("linalg")
def eig(a, b=None, left=False, right=True, overwrite_a=False, overwrite_b=False, check_finite=True,
        homogeneous_eigvals=False):
    """Eigenvalues always complex (SciPy's rule); eigenvectors real when every eigenvalue is real:
    that dtype depends on the values (a host read, docs/devices.md). A generalized problem is
    solved as ``eig(solve(b, a))`` (``b`` invertible; SciPy's ggev also handles a singular ``b``)."""
    ta, tb = _eig_operands(a, b, check_finite)
    w, vr = _eig_t(ta, tb)
    out_w = _homogeneous(w) if homogeneous_eigvals else w
    if not (left or right):
        return out_w
    if not ta.is_complex() and not bool((w.imag != 0).any()):  # host read: SciPy's dtype rule
        vr = vr.real
    res = (out_w,)
    if left:
        vl = mH(torch.linalg.inv(vr.to(w.dtype) if vr.is_complex() else vr))
        if tb is not None:
            vl = mH(torch.linalg.inv(tb)).to(vl.dtype) @ vl
        vl = vl / torch.linalg.vector_norm(vl, dim=-2, keepdim=True)
        res += (vl,)
    if right:
        res += (vr,)
    return _batched(res, ta)


@mirror("linalg")
def eigvals(a, b=None, overwrite_a=False, check_finite=True, homogeneous_eigvals=False):
    ta, tb = _eig_operands(a, b, check_finite)
    w = torch.linalg.eigvals(ta) if tb is None else _eig_t(ta, tb)[0]
    return _homogeneous(w) if homogeneous_eigvals else w
