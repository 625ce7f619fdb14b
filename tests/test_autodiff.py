"""torchnp.grad / value_and_grad / jacobian / hessian (issue 9), checked against NumPy: finite
differences computed by NumPy alone in float64, and derivative formulas evaluated by NumPy."""

import pathlib
import sys

import numpy
import pytest

import torchnp as np
from support import DEVICE

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent / "examples"))

RNG = numpy.random.default_rng(0)


def finite_difference(f, x, h=1e-6):
    """Central differences of scalar ``f(numpy, x)`` at NumPy point x, computed by NumPy alone (the
    oracle): truncation ~h**2 and rounding ~eps/h (2e-10) relative to |f|."""
    g = numpy.zeros_like(x)
    for i in numpy.ndindex(x.shape):
        e = numpy.zeros_like(x)
        e[i] = h
        g[i] = (float(f(numpy, x + e)) - float(f(numpy, x - e))) / (2 * h)
    return g


def _spd(n):
    a = RNG.random((n, n))
    return a @ a.T + n * numpy.eye(n)


SPD3 = _spd(3)


def _on(xp, v):
    """``v`` as an array of namespace ``xp`` (torchnp: on DEVICE)."""
    return xp.asarray(v, device=DEVICE) if xp is np else numpy.asarray(v)


#: name -> (f(xp, x) written once for NumPy and torchnp, shape of x)
FUNCTIONS = {
    "elementwise": (lambda xp, x: xp.sum(xp.sin(x) * xp.exp(x / 3) + xp.tanh(x) ** 2), (5,)),
    "power_sqrt": (lambda xp, x: xp.sum(xp.sqrt(x * x + 1) ** 1.5 / (1 + x * x)), (4,)),
    "reductions": (lambda xp, x: xp.mean(x) * xp.prod(x + 2) + xp.max(x) + xp.std(x), (6,)),
    "axis_reduction": (lambda xp, x: xp.sum(xp.sum(x, axis=0) ** 2) + xp.sum(xp.mean(x, axis=1)), (3, 4)),
    "indexing": (lambda xp, x: xp.sum(x[1:4] ** 2) + x[0] * x[-1] + xp.sum(x[_on(xp, [0, 2, 2])]), (5,)),
    "mask": (lambda xp, x: xp.sum(xp.where(x > 0.5, x**2, -x)), (6,)),
    "broadcasting": (lambda xp, x: xp.sum((x[:, None] - x[None, :]) ** 2 * _on(xp, numpy.arange(1.0, 5.0))), (4,)),
    "solve": (lambda xp, x: xp.sum(xp.linalg.solve(_on(xp, SPD3) + xp.diag(x), _on(xp, numpy.ones(3)))), (3,)),
    "det": (lambda xp, x: xp.linalg.det(x.reshape(3, 3) + 3 * _on(xp, numpy.eye(3))), (9,)),
    "inv": (lambda xp, x: xp.sum(xp.linalg.inv(x.reshape(2, 2) + 2 * _on(xp, numpy.eye(2))) ** 2), (4,)),
    "norm": (lambda xp, x: xp.linalg.norm(x) + xp.linalg.norm(x.reshape(2, 3), axis=0)[1], (6,)),
}


@pytest.mark.parametrize("name", sorted(FUNCTIONS))
def test_grad_matches_finite_differences(name):
    f, shape = FUNCTIONS[name]
    x = RNG.random(shape) + 0.1
    g = np.grad(lambda v: f(np, v))(np.asarray(x, device=DEVICE))
    assert g.dtype == numpy.float64 and g.shape == x.shape and g.device == np.asarray(x, device=DEVICE).device
    # NumPy's central differences: ~1e-10 relative (see finite_difference); 1e-5 leaves room for the
    # third-derivative truncation term
    numpy.testing.assert_allclose(g.to_numpy(), finite_difference(f, x), rtol=1e-5, atol=1e-7)


def test_analytic_gradients_and_value_and_grad():
    """Derivatives by their formulas, evaluated by NumPy (few ulps: rtol 1e-12 on values ~1)."""
    xn = RNG.random(5)
    x = np.asarray(xn, device=DEVICE)
    numpy.testing.assert_allclose(np.grad(lambda v: np.sum(v**3))(x).to_numpy(), 3 * xn**2, rtol=1e-12)
    value, g = np.value_and_grad(lambda v: np.sum(np.log(v)))(x)
    numpy.testing.assert_allclose(float(value), numpy.sum(numpy.log(xn)), rtol=1e-12)
    numpy.testing.assert_allclose(g.to_numpy(), 1 / xn, rtol=1e-12)
    (g0, g1) = np.grad(lambda a, b: np.sum(a * b), argnums=(0, 1))(x, 2 * x)
    numpy.testing.assert_array_equal(g0.to_numpy(), 2 * xn)
    numpy.testing.assert_array_equal(g1.to_numpy(), xn)
    (g, aux) = np.grad(lambda v: (np.sum(v * v), v.shape), has_aux=True)(x)
    numpy.testing.assert_array_equal(g.to_numpy(), 2 * xn)
    assert aux == (5,)


def test_float32_gradient_keeps_dtype():
    x = np.asarray(RNG.random(4), dtype=np.float32, device=DEVICE)
    g = np.grad(lambda v: np.sum(v * v))(x)
    assert g.dtype == numpy.float32


def test_jacobian_and_hessian_against_analytic():
    xn = RNG.random(4)
    x = np.asarray(xn, device=DEVICE)
    J = np.jacobian(lambda v: np.sin(v) * 2)(x)
    numpy.testing.assert_allclose(J.to_numpy(), numpy.diag(2 * numpy.cos(xn)), rtol=1e-12)  # NumPy's formula
    An = _spd(4)
    A = np.asarray(An, device=DEVICE)
    H = np.hessian(lambda v: 0.5 * v @ A @ v)(x)
    numpy.testing.assert_allclose(H.to_numpy(), (An + An.T) / 2, rtol=1e-12)  # d2/dv2 of v A v / 2
    assert J.shape == (4, 4) and H.shape == (4, 4)


def test_gradient_works_with_jit_both_ways():
    f = lambda v: np.sum(np.sin(v) * v)  # noqa: E731
    xn = RNG.random(6)
    x = np.asarray(xn, device=DEVICE)
    expected = numpy.cos(xn) * xn + numpy.sin(xn)  # NumPy's formula for the derivative
    numpy.testing.assert_allclose(np.grad(f)(x).to_numpy(), expected, rtol=1e-12)
    numpy.testing.assert_allclose(np.jit(np.grad(f))(x).to_numpy(), expected, rtol=1e-12)
    numpy.testing.assert_allclose(np.grad(np.jit(f))(x).to_numpy(), expected, rtol=1e-12)


def test_errors():
    x = np.asarray(RNG.random(3), device=DEVICE)
    with pytest.raises(TypeError, match="scalar"):
        np.grad(lambda v: v * 2)(x)
    with pytest.raises(TypeError, match="floating-point"):
        np.grad(lambda v: np.sum(v))(np.arange(3, device=DEVICE))
    with pytest.raises(TypeError, match="torchnp.asarray"):
        np.grad(lambda v: np.sum(v))(numpy.ones(3))

    def overwrites_saved_value(v):
        y = np.exp(v)
        y[0] = 0.0
        return np.sum(y)
    with pytest.raises(RuntimeError, match="in-place.*exp"):
        np.grad(overwrites_saved_value)(x)

    def overwrites_input(v):
        v[0] = 1.0
        return np.sum(v)
    with pytest.raises(RuntimeError, match="in-place"):
        np.grad(overwrites_input)(x)


def test_examples_nbody_identity_least_squares_and_hessian():
    import autodiff_hessian
    import autodiff_least_squares
    import autodiff_nbody

    autodiff_nbody.main(n=24)          # -grad(U) == forces, asserted inside
    autodiff_least_squares.main(n=200, steps=300)
    autodiff_hessian.main(n=2000)
