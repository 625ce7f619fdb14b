"""Fake-CUDA cases of torchnp.scipy.sparse (tests/scipy_cases/__init__.py). torch's fake and meta
tensors have no sparse kernels (``aten::_coalesce`` and the CSR kernels are missing for those
backends), so no sparse function runs on the fake accelerator: their device code is tested under
the accelerator rules on the CPU (tests/test_scipy_sparse.py), where it is the code a GPU runs."""

from fake_cuda import NA, Arr, M, c

B3 = Arr((3,))

_WHY = "torch's fake/meta tensors have no sparse kernels: tested under the accelerator rules (test_scipy_sparse.py)"

CASES = {f"scipy.sparse.{n}": NA(_WHY) for n in (
    "csr_array", "csc_array", "coo_array", "dia_array", "csr_matrix", "csc_matrix", "coo_matrix", "dia_matrix",
    "diags_array", "diags", "eye_array", "eye", "identity", "spdiags", "kron", "hstack", "vstack", "block_array",
    "random_array", "linalg.LinearOperator", "linalg.aslinearoperator", "linalg.cg", "linalg.bicgstab",
    "linalg.spsolve", "linalg.lobpcg", "linalg.expm_multiply", "linalg.norm")}
CASES.update({  # the solvers on dense operands: until the first documented read of the convergence flag
    "scipy.sparse.linalg.gmres": c(M, B3, rtol=1e-10),
    "scipy.sparse.linalg.minres": c(M, B3, rtol=1e-10),
    "scipy.sparse.linalg.lsqr": c(Arr((4, 3)), Arr((4,))),
    "scipy.sparse.linalg.eigsh": c(Arr((40, 40)), k=1, ncv=20),  # (ncv < n: a restart reads its convergence flag)
})
