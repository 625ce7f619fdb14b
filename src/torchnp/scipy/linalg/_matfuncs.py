"""Matrix functions of ``scipy.linalg`` (DESIGN §8): ``expm`` through ``torch.linalg.matrix_exp``
(a Padé/Taylor scaling-and-squaring method, as SciPy's); ``logm`` and ``sqrtm`` through the
eigendecomposition (diagonalizable matrices; SciPy uses the Schur form)."""

import torch
from numpy.linalg import LinAlgError

from ..._convert import NOVALUE as _NoValue
from .._dispatch import mirror
from ._basic import tensors_of

__all__ = ["expm", "logm", "sqrtm"]


def _matrix_input(A, name):
    (t,) = tensors_of(A)
    if t.dim() < 2:
        raise LinAlgError("The input array must be at least two-dimensional")
    if t.shape[-1] != t.shape[-2]:
        raise LinAlgError("Last 2 dimensions of the array must be square")
    if not (t.is_floating_point() or t.is_complex()):
        t = t.to(torch.float64)
    elif t.dtype in (torch.float16, torch.bfloat16):
        t = t.to(torch.float32)
    return t


@mirror("linalg")
def expm(A):
    (t,) = tensors_of(A)
    if t.numel() == 1 and t.dim() < 2:
        t = t.reshape(1, 1)
        return torch.exp(t.to(torch.float64) if not (t.is_floating_point() or t.is_complex()) else t)
    if t.dim() >= 2 and t.shape[-2:] == (1, 1):  # SciPy's scalar case: exp of the entries, its dtype
        return torch.exp(t.to(torch.float64) if not (t.is_floating_point() or t.is_complex()) else t)
    t = _matrix_input(t, "expm")
    if t.numel() == 0:
        return torch.empty_like(t)
    return torch.linalg.matrix_exp(t)


def _eig_function(t, f):
    """``V f(diag(w)) V^-1`` from the eigendecomposition of ``t``."""
    w, v = torch.linalg.eig(t)
    return v @ (f(w).unsqueeze(-1) * torch.linalg.inv(v))


def _keep_real(t, r, tol):
    """SciPy's ``_maybe_real``: the real part where the input is real and the imaginary part is
    negligible — the result's dtype depends on the values (a host read, docs/devices.md)."""
    if not t.is_complex() and bool((r.imag.abs() <= tol).all()):
        return r.real
    return r


_SENTINEL = ("SciPy's default of the deprecated disp/blocksize is its private sentinel "
             "(scipy._lib.deprecation._NoValue, unreachable without importing SciPy): ours is torchnp's")


@mirror("linalg", signature_differs=_SENTINEL)
def logm(A, disp=_NoValue):
    t = _matrix_input(A, "logm")
    r = _eig_function(t.to(torch.complex128), torch.log)
    r = _keep_real(t, r, torch.finfo(torch.float64).eps * 1e6)
    return r if disp is _NoValue or disp else (r, torch.zeros((), dtype=torch.float64, device=t.device))


@mirror("linalg", signature_differs=_SENTINEL)
def sqrtm(A, disp=_NoValue, blocksize=_NoValue):
    (t,) = tensors_of(A)
    if t.numel() == 1 and t.dim() < 2:
        t = t.reshape(1, 1)
    t = _matrix_input(t, "sqrtm")
    cdt = torch.complex64 if t.dtype in (torch.float32, torch.complex64) else torch.complex128
    r = _eig_function(t.to(cdt), torch.sqrt)
    if not t.is_complex():
        w = torch.linalg.eigvals(t)
        if not bool(((w.imag == 0) & (w.real < 0)).any()):  # host read: SciPy's real result rule
            r = r.real
    if disp is False:
        return r, torch.linalg.matrix_norm(r @ r - t) ** 2 / torch.linalg.matrix_norm(t)
    return r
