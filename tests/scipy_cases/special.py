"""Fake-CUDA cases of torchnp.scipy.special (tests/scipy_cases/__init__.py)."""

from fake_cuda import A, V, c  # noqa: F401

CASES = {
    "scipy.special.erf": c(A),
    "scipy.special.gammaln": c(A),
}
