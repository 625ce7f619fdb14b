"""torchnp.grad / value_and_grad / jacobian / hessian (issue 9), checked against finite
differences in float64 and analytic gradients."""

import pathlib
import sys

import numpy
import pytest

import torchnp as np
from support import DEVICE

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent / "examples"))

RNG = numpy.random.default_rng(0)


def finite_difference(f, x, h=1e-6):
    """Central differences of scalar f at NumPy point x (computed with NumPy-side copies)."""
    g = numpy.zeros_like(x)
    for i in numpy.ndindex(x.shape):
        e = numpy.zeros_like(x)
        e[i] = h
        g[i] = (float(f(np.asarray(x + e, device=DEVICE))) - float(f(np.asarray(x - e, device=DEVICE)))) / (2 * h)
    return g


def _spd(n):
    a = RNG.random((n, n))
    return a @ a.T + n * numpy.eye(n)


SPD3 = _spd(3)

FUNCTIONS = {
    "elementwise": (lambda x: np.sum(np.sin(x) * np.exp(x / 3) + np.tanh(x) ** 2), (5,)),
    "power_sqrt": (lambda x: np.sum(np.sqrt(x * x + 1) ** 1.5 / (1 + x * x)), (4,)),
    "reductions": (lambda x: np.mean(x) * np.prod(x + 2) + np.max(x) + np.std(x), (6,)),
    "axis_reduction": (lambda x: np.sum(np.sum(x, axis=0) ** 2) + np.sum(np.mean(x, axis=1)), (3, 4)),
    "indexing": (lambda x: np.sum(x[1:4] ** 2) + x[0] * x[-1] + np.sum(x[np.asarray([0, 2, 2], device=DEVICE)]), (5,)),
    "mask": (lambda x: np.sum(np.where(x > 0.5, x**2, -x)), (6,)),
    "broadcasting": (lambda x: np.sum((x[:, None] - x[None, :]) ** 2 * np.arange(1.0, 5.0, device=DEVICE)), (4,)),
    "solve": (lambda x: np.sum(np.linalg.solve(np.asarray(SPD3, device=DEVICE) + np.diag(x), np.ones(3, device=DEVICE))), (3,)),
    "det": (lambda x: np.linalg.det(x.reshape(3, 3) + 3 * np.eye(3, device=DEVICE)), (9,)),
    "inv": (lambda x: np.sum(np.linalg.inv(x.reshape(2, 2) + 2 * np.eye(2, device=DEVICE)) ** 2), (4,)),
    "norm": (lambda x: np.linalg.norm(x) + np.linalg.norm(x.reshape(2, 3), axis=0)[1], (6,)),
}


@pytest.mark.parametrize("name", sorted(FUNCTIONS))
def test_grad_matches_finite_differences(name):
    f, shape = FUNCTIONS[name]
    x = RNG.random(shape) + 0.1
    g = np.grad(f)(np.asarray(x, device=DEVICE))
    assert g.dtype == numpy.float64 and g.shape == x.shape and g.device == np.asarray(x, device=DEVICE).device
    numpy.testing.assert_allclose(g.to_numpy(), finite_difference(f, x), rtol=1e-5, atol=1e-7)


def test_analytic_gradients_and_value_and_grad():
    x = np.asarray(RNG.random(5), device=DEVICE)
    np.testing.assert_allclose(np.grad(lambda v: np.sum(v**3))(x), 3 * x**2, rtol=1e-12)
    value, g = np.value_and_grad(lambda v: np.sum(np.log(v)))(x)
    np.testing.assert_allclose(value, np.sum(np.log(x)), rtol=1e-12)
    np.testing.assert_allclose(g, 1 / x, rtol=1e-12)
    (g0, g1) = np.grad(lambda a, b: np.sum(a * b), argnums=(0, 1))(x, 2 * x)
    np.testing.assert_allclose(g0, 2 * x)
    np.testing.assert_allclose(g1, x)
    (g, aux) = np.grad(lambda v: (np.sum(v * v), v.shape), has_aux=True)(x)
    np.testing.assert_allclose(g, 2 * x)
    assert aux == (5,)


def test_float32_gradient_keeps_dtype():
    x = np.asarray(RNG.random(4), dtype=np.float32, device=DEVICE)
    g = np.grad(lambda v: np.sum(v * v))(x)
    assert g.dtype == numpy.float32


def test_jacobian_and_hessian_against_analytic():
    x = np.asarray(RNG.random(4), device=DEVICE)
    J = np.jacobian(lambda v: np.sin(v) * 2)(x)
    np.testing.assert_allclose(J, np.diag(2 * np.cos(x)), rtol=1e-12)
    A = np.asarray(_spd(4), device=DEVICE)
    H = np.hessian(lambda v: 0.5 * v @ A @ v)(x)
    np.testing.assert_allclose(H, A, rtol=1e-12)
    assert J.shape == (4, 4) and H.shape == (4, 4)


def test_gradient_works_with_jit_both_ways():
    f = lambda v: np.sum(np.sin(v) * v)  # noqa: E731
    x = np.asarray(RNG.random(6), device=DEVICE)
    expected = np.grad(f)(x)
    np.testing.assert_allclose(np.jit(np.grad(f))(x), expected, rtol=1e-12)
    np.testing.assert_allclose(np.grad(np.jit(f))(x), expected, rtol=1e-12)


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
