"""Fake-CUDA cases of torchnp.scipy.linalg (tests/scipy_cases/__init__.py)."""

from fake_cuda import A, Arr, M, V, c  # noqa: F401

R = Arr((4, 3))  # a tall matrix
B3 = Arr((3,))

CASES = {
    "scipy.linalg.solve": c(M, B3),
    "scipy.linalg.solve[pos]": c(M, Arr((3, 2)), assume_a="pos"),
    "scipy.linalg.solve[batch]": c(Arr((2, 3, 3), kind="spd"), B3, assume_a="sym"),
    "scipy.linalg.solve_triangular": c(M, B3, lower=True),
    "scipy.linalg.solve_banded": c((1, 1), Arr((3, 4)), Arr((4,))),
    "scipy.linalg.inv": c(M),
    "scipy.linalg.det": c(M),
    "scipy.linalg.lstsq": c(R, Arr((4,))),
    "scipy.linalg.pinv": c(A),
    "scipy.linalg.norm": c(A),
    "scipy.linalg.lu": c(A),
    "scipy.linalg.lu[p_indices]": c(A, p_indices=True),
    "scipy.linalg.lu_factor": c(M),
    "scipy.linalg.lu_solve": c((M, Arr((3,), "int32")), B3).nomix(),
    "scipy.linalg.cholesky": c(M),
    "scipy.linalg.cho_factor": c(M),
    "scipy.linalg.cho_solve": c((M, False), B3),
    "scipy.linalg.qr": c(R),
    "scipy.linalg.qr[pivoting]": c(R, pivoting=True),
    "scipy.linalg.rq": c(A),
    "scipy.linalg.svd": c(A),
    "scipy.linalg.svdvals": c(A),
    "scipy.linalg.eigh": c(M),
    "scipy.linalg.eigh[generalized]": c(M, M, subset_by_index=(0, 1)),
    "scipy.linalg.eigh[subset_by_value]": c(M, subset_by_value=(0.5, 10.0)),
    "scipy.linalg.lu_factor[batch]": c(Arr((2, 3, 3), kind="spd")),
    "scipy.linalg.qr[batch]": c(Arr((2, 3, 3))),
    "scipy.linalg.eig": c(M),
    "scipy.linalg.eigvals": c(M),
    "scipy.linalg.null_space": c(A),
    "scipy.linalg.orth": c(A),
    "scipy.linalg.subspace_angles": c(R, Arr((4, 2))),
    "scipy.linalg.expm": c(M),
    "scipy.linalg.logm": c(M),
    "scipy.linalg.sqrtm": c(M),
    "scipy.linalg.block_diag": c(M, A),
    "scipy.linalg.toeplitz": c(V, Arr((4,))),
    "scipy.linalg.circulant": c(V),
    "scipy.linalg.hankel": c(V, Arr((4,))),
    "scipy.linalg.companion": c(V),
}
