"""A trimmed stand-in of the scipy-lectures gradient-descent example (issue 23): cost functions
written as the lecture writes them (an ill-conditioned quadratic, a Gaussian, Rosenbrock with
in-place element and slice updates), SciPy's optimizers and line searches calling them with
torchnp arrays, and ``apply_along_axis`` over a grid as the lecture draws its contours. NumPy is
the oracle: the optimizer paths, the function values and the grid must be NumPy's, bit for bit
(they decide the figure's pixels: a last-place difference of one 2-element ``dot`` once moved a
line search and redrew 6.5% of a figure)."""

import warnings

import numpy
import pytest

import torchnp

scipy_optimize = pytest.importorskip("scipy.optimize")


def cost_functions(m):
    def mk_quad(epsilon, ndim=2):
        def f(x):
            x = m.asarray(x)
            y = x.copy()
            y *= m.power(epsilon, m.arange(ndim))
            return .33 * m.sum(y ** 2)

        def f_prime(x):
            x = m.asarray(x)
            y = x.copy()
            scaling = m.power(epsilon, m.arange(ndim))
            y *= scaling
            return .33 * 2 * scaling * y

        def hessian(x):
            return .33 * 2 * m.diag(m.power(epsilon, m.arange(ndim)))
        return f, f_prime, hessian

    def mk_gauss(epsilon, ndim=2):
        def gaussian(x):
            return m.exp(-m.sum(x ** 2))

        def f(x):
            x = m.asarray(x)
            y = x.copy()
            y *= m.power(epsilon, m.arange(ndim))
            return -gaussian(.5 * y) + 1

        def f_prime(x):
            x = m.asarray(x)
            y = x.copy()
            scaling = m.power(epsilon, m.arange(ndim))
            y *= scaling
            return -.5 * scaling * (-2 * (.5 * y) * gaussian(.5 * y))
        return f, f_prime, None

    def rosenbrock(x):
        y = 4 * x
        y[0] += 1
        y[1:] += 3
        return m.sum(.5 * (1 - y[:-1]) ** 2 + (y[1:] - y[:-1] ** 2) ** 2)

    def rosenbrock_prime(x):
        y = 4 * x
        y[0] += 1
        y[1:] += 3
        xm, xm_m1, xm_p1 = y[1:-1], y[:-2], y[2:]
        der = m.zeros_like(y)
        der[1:-1] = 2 * (xm - xm_m1 ** 2) - 4 * (xm_p1 - xm ** 2) * xm - .5 * 2 * (1 - xm)
        der[0] = -4 * y[0] * (y[1] - y[0] ** 2) - .5 * 2 * (1 - y[0])
        der[-1] = 2 * (y[-1] - y[-2] ** 2)
        return 4 * der

    def rosenbrock_hessian(x):
        y = 4 * x
        y[0] += 1
        y[1:] += 3
        H = m.diag(-4 * y[:-1], 1) - m.diag(4 * y[:-1], -1)
        diagonal = m.zeros_like(y)
        diagonal[0] = 12 * y[0] ** 2 - 4 * y[1] + 2 * .5
        diagonal[-1] = 2
        diagonal[1:-1] = 3 + 12 * y[1:-1] ** 2 - 4 * y[2:] * .5
        return 4 * 4 * (H + m.diag(diagonal))

    return {"quad": mk_quad(.02), "quad7": mk_quad(.7), "gauss": mk_gauss(.02),
            "rosen": (rosenbrock, rosenbrock_prime, rosenbrock_hessian)}


def adaptive_descent(m, f, f_prime, steps=25):
    x_i, y_i = 1.6, 1.1
    path = []
    for _ in range(steps):
        dx_i, dy_i = f_prime(m.asarray([x_i, y_i]))
        step = scipy_optimize.line_search(f, f_prime, m.r_[x_i, y_i], -m.r_[dx_i, dy_i], m.r_[dx_i, dy_i],
                                          c2=.05)[0]
        step = 0 if step is None else step
        x_i += -step * dx_i
        y_i += -step * dy_i
        path.append((x_i, y_i, f(m.asarray([x_i, y_i]))))  # (the lecture's LoggingFunction: asarray)
    return path


def minimize_path(m, f, f_prime, hessian, method, options):
    x0 = m.array([1.6, 1.1])
    path = [f(x0)]
    calls = []

    def logging_f(x):
        calls.append((x[0], x[1]))
        return f(m.asarray(x))

    def store(X):
        x, y = X
        path.append((x, y, f(X)))
    scipy_optimize.minimize(logging_f, x0, method=method, jac=f_prime if method != "Nelder-Mead" else None,
                            hess=hessian if method == "Newton-CG" else None, callback=store, options=options)
    return path, calls


def grid(m, f, n=8):
    # n*n <= 64 values: NumPy's own log on tiny host data; the lecture's 100x100 grid (10^4 values)
    # takes NumPy's log kernel (_cpu_kernels.KERNELS); between the two torch's log may differ in the last place
    x, y = numpy.mgrid[-1:2:n * 1j, -.95:1.3:n * 1j]
    X = m.concatenate((m.asarray(x.T)[m.newaxis, ...], m.asarray(y.T)[m.newaxis, ...]), axis=0)
    z = m.apply_along_axis(f, 0, X)
    log_z = m.log(z + .01)
    return log_z, log_z.min() + 1.5 * m.ptp(log_z)


def bits(value):
    """The exact value of a result (a NumPy or torchnp array or scalar, or nested tuples/lists)."""
    if isinstance(value, (list, tuple)):
        return [bits(v) for v in value]
    a = numpy.asarray(value.to_numpy() if isinstance(value, torchnp.ndarray) else value)
    return (a.dtype.str, a.shape, a.tobytes())


def run(m, case, what):
    f, f_prime, hessian = cost_functions(m)[case]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        if what == "descent":
            return adaptive_descent(m, f, f_prime)
        if what == "grid":
            return grid(m, f)
        method, options = what
        return minimize_path(m, f, f_prime, hessian, method, options)


WHAT = {"descent": "descent", "grid": "grid", "CG": ("CG", {"gtol": 1e-12}), "BFGS": ("BFGS", {"gtol": 1e-12}),
        "Newton-CG": ("Newton-CG", {"xtol": 1e-12}), "Nelder-Mead": ("Nelder-Mead", {"fatol": 1e-12})}
# every pair of the lecture's but Newton-CG on the Gaussian (no Hessian of f here)
CASES = [(case, what) for case in ("quad", "quad7", "gauss", "rosen") for what in WHAT
         if not (case == "gauss" and what == "Newton-CG")]


@pytest.mark.host_rules  # NumPy's own loops and bits on tiny host data (§7 tiny host path)
@pytest.mark.parametrize("case,what", CASES)
def test_lecture_paths_and_contours_are_numpys(case, what):
    expected = run(numpy, case, WHAT[what])
    actual = run(torchnp, case, WHAT[what])
    assert bits(actual) == bits(expected)
