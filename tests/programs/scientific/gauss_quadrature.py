"""Gaussian quadrature and orthogonal-polynomial fits with numpy.polynomial."""
import numpy as np

Polynomial = np.polynomial.Polynomial
chebyshev = np.polynomial.chebyshev
legendre = np.polynomial.legendre

f = lambda x: np.exp(x) * np.cos(3 * x)
exact = (np.exp(1) * (np.cos(3) + 3 * np.sin(3)) - np.exp(-1) * (np.cos(3) - 3 * np.sin(3))) / 10
for n in (2, 4, 8, 16):
    nodes, weights = legendre.leggauss(n)
    approx = np.sum(weights * f(nodes))
    print(f"Gauss-Legendre n={n:2d}: {approx:.14f}, error {abs(approx - exact):.1e}")

x = np.linspace(-1, 1, 50)
y = np.abs(x) + 0.1 * x**3
for deg in (4, 8):
    cheb = chebyshev.Chebyshev.fit(x, y, deg)
    poly = Polynomial.fit(x, y, deg)
    print(f"deg {deg}: Chebyshev max error {np.abs(cheb(x) - y).max():.5f}, power-basis {np.abs(poly(x) - y).max():.5f}")
p = Polynomial([1, -3, 2])
print("roots of 1 - 3x + 2x^2:", p.roots(), "derivative:", p.deriv().coef, "integral at 1:", p.integ()(1.0))
c = chebyshev.chebinterpolate(np.sin, 10)
print("Chebyshev interpolant of sin, max error: %.2e" % np.abs(chebyshev.chebval(x, c) - np.sin(x)).max())
