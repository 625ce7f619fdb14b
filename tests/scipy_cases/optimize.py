"""Fake-CUDA cases of torchnp.scipy.optimize (tests/scipy_cases/__init__.py): the optimizers
read their decisions on the host (documented in docs/devices.md); the objectives are torchnp code."""

from fake_cuda import Arr, c


def _rosen(x):
    return (100.0 * (x[1:] - x[:-1] ** 2) ** 2 + (1 - x[:-1]) ** 2).sum()


def _model(x, a, b):
    return a * x + b


CASES = {
    "scipy.optimize.minimize": c(_rosen, Arr((4,))),
    "scipy.optimize.least_squares": c(lambda x: x * x - 0.25, Arr((3,))),
    "scipy.optimize.curve_fit": c(_model, Arr((8,)), Arr((8,)), p0=[1.0, 0.0]),
    "scipy.optimize.root": c(lambda x: x * x - 0.25, Arr((3,))),
    "scipy.optimize.fsolve": c(lambda x: x * x - 0.25, Arr((3,))),
}
