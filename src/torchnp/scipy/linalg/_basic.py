"""Solvers, inverses, determinants, least squares and norms of ``scipy.linalg`` (DESIGN §8):
SciPy's own on host data, ``torch.linalg`` where the data lives otherwise."""

import torch

from ... import linalg as _nplinalg
from ..._array import _wrap
from ..._convert import checks_data
from .._dispatch import mirror
from ..._tensors import svd_tensor
from ._common import (broadcast_batch, check_finite_values, hermitian_from, lapack_dtype, mH, mT, operands,
                      rhs, singular, square)

__all__ = ["solve", "solve_triangular", "solve_banded", "inv", "det", "lstsq", "pinv", "norm"]

_STRUCTURES = {None: "gen", "general": "gen", "gen": "gen", "banded": "gen", "diagonal": "diagonal",
               "tridiagonal": "tridiagonal", "upper triangular": "upper", "lower triangular": "lower",
               "pos": "pos", "positive definite": "pos", "sym": "sym", "symmetric": "sym",
               "her": "her", "hermitian": "her"}


def _structured(ta, structure, lower):
    """The matrix LAPACK's solver for ``structure`` reads (only the entries it uses)."""
    if structure == "diagonal":
        return torch.diag_embed(torch.diagonal(ta, dim1=-2, dim2=-1))
    if structure == "tridiagonal":
        return torch.triu(torch.tril(ta, 1), -1)
    if structure == "upper":
        return torch.triu(ta)
    if structure == "lower":
        return torch.tril(ta)
    if structure in ("sym", "her", "pos"):
        return hermitian_from(ta, lower, conj=structure != "sym")
    return ta


def _solve_square(ta, tb, structure="gen"):
    """``ta @ x = tb`` for stacks of matrices, with the solver of ``structure``."""
    if structure in ("upper", "lower"):
        x = torch.linalg.solve_triangular(ta, tb, upper=structure == "upper")
        d = torch.diagonal(ta, dim1=-2, dim2=-1)
        singular((d == 0).any(-1).to(torch.int32))
        return x
    if structure == "pos":
        L, info = torch.linalg.cholesky_ex(ta)
        singular(info, "A matrix is not positive definite.")
        return torch.cholesky_solve(tb, L)
    x, info = torch.linalg.solve_ex(ta, tb)
    singular(info)
    return x


@mirror("linalg")
def solve(a, b, lower=False, overwrite_a=False, overwrite_b=False, check_finite=True, assume_a=None,
          transposed=False):
    if assume_a not in _STRUCTURES:
        raise ValueError(f"{assume_a} is not a recognized matrix structure")
    structure = _STRUCTURES[assume_a]
    ta, tb = operands(a, b)
    check_finite_values(check_finite, ta, tb)
    if ta.dim() < 2:
        ta = ta.reshape((1,) * (2 - ta.dim()) + ta.shape)
    if tb.dim() == 0:
        tb = tb.reshape(1)
    square(ta)
    if ta.is_complex() and transposed:
        raise NotImplementedError("scipy.linalg.solve can currently not solve a^T x = b or a^H x = b "
                                  "for complex matrices.")
    vec = tb.dim() == 1
    if vec:
        tb = tb.unsqueeze(-1)
    scalar = ta.shape[-1] == 1 and ta.dim() == 2
    if tb.shape[-2] != ta.shape[-1] and not scalar:
        raise ValueError(f"incompatible shapes: a1.shape={tuple(ta.shape)} and b1.shape={tuple(tb.shape)}")
    ta, tb = broadcast_batch(ta, tb)
    if ta.numel() == 0 or tb.numel() == 0:
        x = torch.empty_like(tb)
    elif scalar:
        singular((ta == 0).reshape(-1).to(torch.int32))
        x = tb / ta
    else:
        ta = _structured(ta, structure, lower)
        if transposed:
            ta = mT(ta)
            structure = {"upper": "lower", "lower": "upper"}.get(structure, structure)
        x = _solve_square(ta, tb, structure)
    return x[..., 0] if vec else x


_TRANS = {0: 0, 1: 1, 2: 2, "N": 0, "T": 1, "C": 2}


def _triangular(ta, tb, trans, lower, unit_diagonal):
    if trans not in _TRANS:
        raise ValueError(f"incorrect value for trans: {trans!r}")
    trans = _TRANS[trans]
    if trans:
        ta = mH(ta) if trans == 2 else mT(ta)
        lower = not lower
    if not unit_diagonal:
        d = torch.diagonal(ta, dim1=-2, dim2=-1)
        if checks_data(d) and d.numel() and bool((d == 0).any()):
            i = int(torch.nonzero((d == 0).reshape(-1))[0])
            from numpy.linalg import LinAlgError

            raise LinAlgError(f"singular matrix: resolution failed at diagonal {i}")
    return torch.linalg.solve_triangular(ta, tb, upper=not lower, unitriangular=unit_diagonal)


@mirror("linalg")
def solve_triangular(a, b, trans=0, lower=False, unit_diagonal=False, overwrite_b=False, check_finite=True):
    ta, tb = operands(a, b)
    check_finite_values(check_finite, ta, tb)
    if ta.dim() < 2 or ta.shape[-1] != ta.shape[-2]:
        raise ValueError("expected square matrix")
    tb, vec = rhs(tb, ta.shape[-1], ta.shape)
    ta, tb = broadcast_batch(ta, tb)
    x = _triangular(ta, tb, trans, lower, unit_diagonal)
    return x[..., 0] if vec else x


def banded_to_dense(l, u, tab):
    """The (..., n, n) matrix of LAPACK's band storage ``ab[u + i - j, j] = a[i, j]``."""
    n = tab.shape[-1]
    i = torch.arange(n, device=tab.device)
    row = u + i[:, None] - i[None, :]
    inside = (row >= 0) & (row < l + u + 1)
    taken = torch.take_along_dim(tab, row.clamp(0, l + u).expand(tab.shape[:-2] + (n, n)), dim=-2)
    return torch.where(inside, taken, torch.zeros((), dtype=tab.dtype, device=tab.device))


@mirror("linalg")
def solve_banded(l_and_u, ab, b, overwrite_ab=False, overwrite_b=False, check_finite=True):
    tab, tb = operands(ab, b)
    check_finite_values(check_finite, tab, tb)
    nlower, nupper = (int(v) for v in l_and_u)
    if tab.shape[-2] != nlower + nupper + 1:
        raise ValueError(f"invalid values for the number of lower and upper diagonals: l+u+1 "
                         f"({nlower + nupper + 1}) does not equal ab.shape[0] ({tab.shape[-2]})")
    if tb.shape[0 if tb.dim() == 1 else -2] != tab.shape[-1]:
        raise ValueError("shapes of ab and b are not compatible.")
    tb, vec = rhs(tb, tab.shape[-1], tab.shape)
    ta = banded_to_dense(nlower, nupper, tab)
    ta, tb = broadcast_batch(ta, tb)
    x = _solve_square(ta, tb)
    return x[..., 0] if vec else x


_INV_STRUCTURES = {None: "gen", "general": "gen", "gen": "gen", "diagonal": "diagonal",
                   "upper triangular": "upper", "lower triangular": "lower", "pos": "pos", "sym": "sym",
                   "her": "her"}


@mirror("linalg")
def inv(a, overwrite_a=False, check_finite=True, *, assume_a=None, lower=False):
    if assume_a not in _INV_STRUCTURES:
        raise KeyError(assume_a)
    (ta,) = operands(a)
    check_finite_values(check_finite, ta)
    square(ta)
    if ta.numel() == 0:
        return torch.empty_like(ta)
    structure = _INV_STRUCTURES[assume_a]
    ta = _structured(ta, structure, lower)
    eye = torch.eye(ta.shape[-1], dtype=ta.dtype, device=ta.device).expand(ta.shape)
    return _solve_square(ta, eye, structure)


@mirror("linalg")
def det(a, overwrite_a=False, check_finite=True):
    (ta,) = tensors_of(a)
    check_finite_values(check_finite, ta)
    if ta.dim() < 2 or ta.shape[-1] != ta.shape[-2]:
        raise ValueError(f"The input array must be square with at least two dimensions, but got {ta.dim()}")
    dt = torch.complex128 if lapack_dtype(ta).is_complex else torch.float64
    ta = ta.to(dt)
    if ta.shape[-1] == 0:
        return torch.ones(ta.shape[:-2], dtype=dt, device=ta.device)
    return torch.linalg.det(ta)


def tensors_of(*xs):
    from ..._boundary import tensors

    return tensors(xs)


@mirror("linalg")
def lstsq(a, b, cond=None, overwrite_a=False, overwrite_b=False, check_finite=True, lapack_driver=None):
    """The SVD solution (gelsd's); the residues' length depends on the rank (a host read, as
    ``torchnp.linalg.lstsq``: docs/devices.md)."""
    if lapack_driver not in (None, "gelsd", "gelsy", "gelss"):
        raise ValueError(f'LAPACK driver "{lapack_driver}" is not found')
    ta, tb = operands(a, b)
    check_finite_values(check_finite, ta, tb)
    if ta.dim() != 2:
        raise ValueError("Input array a should be 2D")
    m, n = ta.shape
    vec = tb.dim() == 1
    if tb.shape[0] != m:
        raise ValueError(f"Shape mismatch: a and b should have the same number of rows ({m} != {tb.shape[0]}).")
    if m == 0 or n == 0:
        x = torch.zeros((n,) + tuple(tb.shape[1:]), dtype=tb.dtype, device=tb.device)
        s = torch.empty(0, dtype=_nplinalg._common.real_of(ta.dtype), device=ta.device)
        return x, torch.linalg.vector_norm(tb, dim=0) ** 2, 0, s
    tb2 = tb.unsqueeze(-1) if vec else tb
    u, s, vh = svd_tensor(ta, full_matrices=False)
    rc = torch.finfo(s.dtype).eps if cond is None or cond < 0 else cond
    large = s > rc * s[..., :1]
    sinv = torch.where(large, 1 / torch.where(large, s, 1), 0).to(ta.dtype)
    x = mH(vh) @ (sinv.unsqueeze(-1) * (mH(u) @ tb2))
    rank = torch.count_nonzero(large)
    if int(rank) == n and m > n:  # host read: the residues' shape depends on the rank
        d = ta @ x - tb2
        resid = (d.abs() ** 2).sum(0)
        resid = resid[0] if vec else resid
    else:
        resid = torch.empty(0, dtype=x.dtype, device=ta.device)
    if lapack_driver == "gelsy":
        s, resid = None, torch.empty(0, dtype=x.dtype, device=ta.device)
    return (x[:, 0] if vec else x), resid, rank, s


@mirror("linalg")
def pinv(a, *, atol=None, rtol=None, return_rank=False, check_finite=True):
    (ta,) = operands(a)
    check_finite_values(check_finite, ta)
    u, s, vh = svd_tensor(ta, full_matrices=False)
    t = s.new_zeros(s.shape[:-1] + (1,)) if s.shape[-1] == 0 else s[..., :1]
    atol = 0.0 if atol is None else atol
    if rtol is None:
        rtol = max(ta.shape[-2:]) * torch.finfo(s.dtype).eps
    if (atol < 0.0) or (rtol < 0.0):
        raise ValueError("atol and rtol values must be positive.")
    val = atol + t * rtol
    large = s > val
    sinv = torch.where(large, 1 / torch.where(large, s, 1), 0).to(ta.dtype)
    b = mH(vh) @ (sinv.unsqueeze(-1) * mH(u))
    if return_rank:
        return b, torch.count_nonzero(large, dim=-1)
    return b


@mirror("linalg")
def norm(a, ord=None, axis=None, keepdims=False, check_finite=True):
    (ta,) = tensors_of(a)
    check_finite_values(check_finite, ta)
    return _nplinalg.norm(_wrap(ta), ord, axis, keepdims)._t
