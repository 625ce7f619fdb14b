"""Shared helpers of ``torchnp.linalg``: operands, NumPy's linalg dtype rules, shape checks."""

import torch
from numpy.linalg import LinAlgError

from .. import _cpu_kernels, _dtypes
from .._array import _wrap
from .._convert import checks_data
from .._boundary import tensor, tensors  # noqa: F401 - the operand rules of every linalg function
from .._tensors import svd_tensor

try:  # NumPy's own result classes (plain NamedTuples), so isinstance checks keep working
    from numpy.linalg._linalg import EigResult, EighResult, QRResult, SlogdetResult, SVDResult
except ImportError:  # pragma: no cover - older layouts
    from collections import namedtuple

    EigResult = namedtuple("EigResult", "eigenvalues eigenvectors")
    EighResult = namedtuple("EighResult", "eigenvalues eigenvectors")
    QRResult = namedtuple("QRResult", "Q R")
    SlogdetResult = namedtuple("SlogdetResult", "sign logabsdet")
    SVDResult = namedtuple("SVDResult", "U S Vh")

__all__ = []

_REAL = {torch.float32: torch.float32, torch.float64: torch.float64,
         torch.complex64: torch.float32, torch.complex128: torch.float64}


def linalg_dtype(*ts):
    """The result dtype of NumPy's ``_commonType``: float32/complex64 only if every input is single.

    Integers and bools compute in float64; float16 raises TypeError as in NumPy. Unlike NumPy
    (which always computes in double), single-precision inputs are computed in single precision.
    """
    single, cplx = True, False
    for t in ts:
        dt = t.dtype
        if dt.is_complex:
            cplx = True
            single &= dt is torch.complex64
        elif dt.is_floating_point:
            if dt not in _REAL:
                raise TypeError(f"array type {_dtypes.TO_NUMPY[dt].name} is unsupported in linalg")
            single &= dt is torch.float32
        else:
            single = False
    if cplx:
        return torch.complex64 if single else torch.complex128
    return torch.float32 if single else torch.float64


def real_of(dt):
    return _REAL[dt]


def stacked_2d(*ts):
    for t in ts:
        if t.dim() < 2:
            raise LinAlgError(f"{t.dim()}-dimensional array given. Array must be at least two-dimensional")


def two_d(*ts):
    for t in ts:
        if t.dim() != 2:
            raise LinAlgError(f"{t.dim()}-dimensional array given. Array must be two-dimensional")


def stacked_square(*ts):
    stacked_2d(*ts)
    for t in ts:
        if t.shape[-1] != t.shape[-2]:
            raise LinAlgError("Last 2 dimensions of the array must be square")


def svd_input(a, hermitian=False):
    """The operand of an SVD: a stack of matrices (square with ``hermitian``) in its linalg dtype."""
    t = a if isinstance(a, torch.Tensor) else tensor(a)
    (stacked_square if hermitian else stacked_2d)(t)
    return t.to(linalg_dtype(t))


def singular_values(t):
    """The singular values of the stack of matrices ``t``: NumPy's own (LAPACK's bits) on host
    data through the CPU kernel table, torch's elsewhere."""
    k = _cpu_kernels.numpy_kernel("svd", t)
    return svd_tensor(t, compute_uv=False) if k is None else _cpu_kernels.run(k, t, False, False)


def check_info(info, message):
    """Raise LinAlgError(message) if any LAPACK ``info`` is non-zero.

    A host read of ``info``: NumPy raises on singular / non-positive-definite input, which
    depends on the data. On the CPU only, or under ``np.errstate(invalid="raise")`` (§3.5).
    """
    if not checks_data(info):
        return  # accelerators and compiled graphs: NaN/inf results instead (docs/devices.md)
    if info.numel() and bool((info != 0).any()):
        raise LinAlgError(message)


def assert_finite(t):
    # host sync: NumPy raises for non-finite input here (data-dependent exception); not in a
    # compiled graph, which cannot raise on data
    if t.numel() and checks_data(t) and not bool(torch.isfinite(t).all()):
        raise LinAlgError("Array must not contain infs or NaNs")


def mT(t):
    return t.transpose(-2, -1)


def mH(t):
    return t.transpose(-2, -1).conj() if t.is_complex() else t.transpose(-2, -1)


def wrap(t):
    """Result wrapper; resolves lazy conjugation so results print and convert like NumPy's."""
    return _wrap(t.resolve_conj() if t.is_complex() else t)

