"""Fake-CUDA cases of torchnp.scipy.optimize (tests/scipy_cases/__init__.py): the optimizers
read their decisions on the host (documented in docs/devices.md); the objectives are torchnp code."""

from fake_cuda import Arr, c


def _rosen(x):
    return (100.0 * (x[1:] - x[:-1] ** 2) ** 2 + (1 - x[:-1]) ** 2).sum()


def _model(x, a, b):
    return a * x + b


def _model_jac(x, a, b):  # written for NumPy's arrays and torchnp's alike
    return x[:, None] * [1.0, 0.0] + [0.0, 1.0]


CASES = {
    "scipy.optimize.minimize": c(_rosen, Arr((4,))),
    "scipy.optimize.least_squares": c(lambda x: x * x - 0.25, Arr((3,))),
    "scipy.optimize.curve_fit": c(_model, Arr((8,)), Arr((8,)), p0=[1.0, 0.0]),
    "scipy.optimize.root": c(lambda x: x * x - 0.25, Arr((3,))),
    "scipy.optimize.fsolve": c(lambda x: x * x - 0.25, Arr((3,))),
    "scipy.optimize.rosen": c(Arr((4,))),
    "scipy.optimize.rosen_der": c(Arr((4, 2))),
    "scipy.optimize.rosen_hess": c(Arr((4,))),
    "scipy.optimize.rosen_hess_prod": c(Arr((4,)), Arr((4,))),
}


def _cubic(x):
    return (x - 2) * x * (x + 2) ** 2


CASES.update({
    "scipy.optimize.minimize[Newton-CG]": c(_rosen, Arr((4,)), method="Newton-CG"),
    "scipy.optimize.minimize[Powell]": c(_rosen, Arr((4,)), method="Powell", bounds=[(-1.0, 2.0)] * 4),
    "scipy.optimize.minimize_scalar": c(_cubic, bracket=(0.0, 1.0)),
    "scipy.optimize.minimize_scalar[bounded]": c(_cubic, bounds=(-3.0, -1.0)),
    "scipy.optimize.root_scalar": c(lambda x: x ** 3 - 1, bracket=[Arr(()), Arr(())], method="brentq"),
    "scipy.optimize.root_scalar[newton]": c(lambda x: x ** 3 - 1, x0=Arr(()), method="newton"),
})
CASES.update({
    "scipy.optimize.least_squares[lm]": c(lambda x: x * x - 0.25, Arr((3,)), method="lm"),
    "scipy.optimize.least_squares[bounds, soft_l1]": c(lambda x: x * x - 0.25, Arr((3,)), bounds=(-10.0, 10.0),
                                                      loss="soft_l1"),
    "scipy.optimize.curve_fit[bounds]": c(_model, Arr((8,)), Arr((8,)), p0=[1.0, 0.0], bounds=(-5.0, 5.0)),
})
CASES.update({  # the bracketing root finders: SciPy's iterations, one host read per evaluation (docs/devices.md)
    "scipy.optimize.root_scalar[brenth]": c(lambda x: x ** 3 - 1, bracket=[Arr(()), Arr(())], method="brenth"),
    "scipy.optimize.root_scalar[ridder]": c(lambda x: x ** 3 - 1, bracket=[Arr(()), Arr(())], method="ridder"),
    "scipy.optimize.root_scalar[toms748]": c(lambda x: x ** 3 - 1, bracket=[Arr(()), Arr(())], method="toms748"),
    "scipy.optimize.brentq": c(lambda x: x ** 3 - 1, Arr(()), Arr(())),
    "scipy.optimize.brenth": c(lambda x: x ** 3 - 1, Arr(()), Arr(())),
    "scipy.optimize.ridder": c(lambda x: x ** 3 - 1, Arr(()), Arr(())),
    "scipy.optimize.bisect": c(lambda x: x ** 3 - 1, Arr(()), Arr(())),
    "scipy.optimize.toms748": c(lambda x: x ** 3 - 1, Arr(()), Arr(()), full_output=True),
})
CASES["scipy.optimize.curve_fit[jac]"] = c(_model, Arr((8,)), Arr((8,)), p0=[1.0, 0.0], jac=_model_jac)
CASES.update({  # the scalar module functions: SciPy's iterations, one host read per evaluation (docs/devices.md)
    "scipy.optimize.newton": c(lambda x: x ** 3 - 1, Arr(()), fprime=lambda x: 3 * x ** 2),
    "scipy.optimize.newton[array]": c(lambda x: x ** 3 - 1, Arr((3,)), fprime=lambda x: 3 * x ** 2),
    "scipy.optimize.newton[array, secant]": c(lambda x: x ** 3 - 1, Arr((3,))),
    "scipy.optimize.newton[complex]": c(lambda x: x * x + 1, Arr((), "complex128"), fprime=lambda x: 2 * x),
    "scipy.optimize.newton[complex, secant]": c(lambda x: x * x + 1, Arr((), "complex128")),
    # SciPy keeps a float32 / complex64 x0's type (issue 26); its vectorized iteration: float64
    "scipy.optimize.newton[float32]": c(lambda x: x * x - 2, Arr((), "float32"), fprime=lambda x: 2 * x),
    "scipy.optimize.newton[complex64, secant]": c(lambda x: x * x + 1, Arr((), "complex64")),
    "scipy.optimize.newton[array, float32]": c(lambda x: x * x - 2, Arr((3,), "float32"), fprime=lambda x: 2 * x),
    "scipy.optimize.root_scalar[complex newton]": c(lambda x: x * x + 1, x0=Arr((), "complex128"), method="newton"),
    "scipy.optimize.root_scalar[complex64 secant]": c(lambda x: x * x + 1, x0=Arr((), "complex64"), method="secant"),
    "scipy.optimize.root_scalar[complex halley]": c(lambda x: x * x + 1, x0=Arr((), "complex128"), method="halley",
                                                    fprime=lambda x: 2 * x, fprime2=lambda x: 2 + 0 * x),
    "scipy.optimize.brent": c(_cubic, brack=(Arr(()), Arr(()))),
    "scipy.optimize.golden": c(_cubic, brack=(Arr(()), Arr(()))),
    "scipy.optimize.fminbound": c(_cubic, Arr(()), Arr(())),
})
