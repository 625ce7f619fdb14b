"""Fake-CUDA cases of torchnp.scipy.integrate (tests/scipy_cases/__init__.py)."""

from fake_cuda import A, Arr, V, c  # noqa: F401

CASES = {
    "scipy.integrate.trapezoid": c(A, Arr((4,), kind="inc")),
    "scipy.integrate.simpson": c(A, x=Arr((4,), kind="inc")),
    "scipy.integrate.simpson[odd]": c(Arr((3, 5))),
    "scipy.integrate.cumulative_trapezoid": c(A, Arr((4,), kind="inc"), initial=0),
    "scipy.integrate.romb": c(Arr((3, 5)), 0.5),
}
