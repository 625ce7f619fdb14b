"""Numerical differentiation and integration, interpolation, and Newton's method."""
import numpy as np

np.set_printoptions(precision=6)

x = np.linspace(0, np.pi, 101)
y = np.sin(x)
dy = np.gradient(y, x)
dy2 = np.gradient(y, x, edge_order=2)
print("gradient max error (edge 1/2): %.3e %.3e" % (np.abs(dy - np.cos(x)).max(), np.abs(dy2 - np.cos(x)).max()))
fd = np.diff(y) / np.diff(x)
print("forward difference error: %.3e" % np.abs(fd - np.cos(x[:-1])).max())

area_trap = np.trapezoid(y, x)
h = x[1] - x[0]
area_simpson = h / 3 * (y[0] + y[-1] + 4 * y[1:-1:2].sum() + 2 * y[2:-1:2].sum())
print(f"trapezoid {area_trap:.10f}, Simpson {area_simpson:.10f}, exact 2")
cumulative = np.concatenate(([0.0], np.cumsum((y[1:] + y[:-1]) / 2 * np.diff(x))))
print("cumulative integral error: %.3e" % np.abs(cumulative - (1 - np.cos(x))).max())

# 2-D gradient of a scalar field
xx, yy = np.meshgrid(np.linspace(-1, 1, 21), np.linspace(-1, 1, 21), indexing="ij")
phi = xx**2 + 3 * xx * yy
gx, gy = np.gradient(phi, xx[:, 0], yy[0])
print("grad phi interior exact:", np.allclose(gx[1:-1, 1:-1], (2 * xx + 3 * yy)[1:-1, 1:-1]),
      np.allclose(gy, 3 * xx))

# Interpolation
xp = np.array([0.0, 1.0, 2.5, 4.0, 5.0])
fp = np.array([1.0, 3.0, 2.0, 0.5, 4.0])
xq = np.linspace(-1, 6, 15)
print("interp:", np.interp(xq, xp, fp))
print("interp with left/right:", np.interp([-1, 6], xp, fp, left=np.nan, right=-1.0))
print("periodic interp:", np.interp(np.array([370.0, -10.0]), [0, 90, 180, 270], [0, 1, 0, -1], period=360))
dense = np.linspace(0, np.pi, 1001)
print("linear interp error of sin: %.3e" % np.abs(np.interp(dense, x, y) - np.sin(dense)).max())

# Newton's method, vectorised over many starting points: roots of z^3 - 1
def newton(f, df, z0, tol=1e-12, maxiter=50):
    z = z0.astype(complex)
    for k in range(maxiter):
        step = f(z) / df(z)
        z = z - step
        if np.all(np.abs(step) < tol):
            return z, k + 1
    return z, maxiter


grid = np.linspace(-1.5, 1.5, 9)
Z0 = grid[None, :] + 1j * grid[:, None] + 0.01
roots, its = newton(lambda z: z**3 - 1, lambda z: 3 * z**2, Z0)
targets = np.exp(2j * np.pi * np.arange(3) / 3)
basin = np.argmin(np.abs(roots[..., None] - targets), axis=-1)
print("Newton iterations:", its)
print("basins:")
print(basin)

# Real Newton for sqrt of many numbers at once
a = np.array([2.0, 10.0, 0.5, 1e6])
r = np.ones_like(a)
for _ in range(40):
    r = 0.5 * (r + a / r)
print("sqrt via Newton:", r, "max rel err %.1e" % np.max(np.abs(r / np.sqrt(a) - 1)))

# Bisection for a transcendental equation, many parameters at once
k = np.linspace(0.5, 3.0, 6)
lo, hi = np.zeros_like(k), np.full_like(k, np.pi / 2 - 1e-9)
for _ in range(60):
    mid = (lo + hi) / 2
    f_mid = np.tan(mid) - k * mid
    lo = np.where(f_mid < 0, mid, lo)
    hi = np.where(f_mid < 0, hi, mid)
print("roots of tan(x) = k x:", np.round((lo + hi) / 2, 8))
