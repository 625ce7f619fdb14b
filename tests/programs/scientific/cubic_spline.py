"""Natural cubic spline by the Thomas algorithm, Crank-Nicolson diffusion, Richardson extrapolation."""
import numpy as np


def thomas(a, b, c, d):
    """Solve a tridiagonal system: sub-diagonal a, diagonal b, super-diagonal c."""
    n = len(d)
    cp = np.zeros(n)
    dp = np.zeros(n)
    cp[0] = c[0] / b[0]
    dp[0] = d[0] / b[0]
    for i in range(1, n):
        denom = b[i] - a[i] * cp[i - 1]
        cp[i] = c[i] / denom if i < n - 1 else 0.0
        dp[i] = (d[i] - a[i] * dp[i - 1]) / denom
    x = np.zeros(n)
    x[-1] = dp[-1]
    for i in range(n - 2, -1, -1):
        x[i] = dp[i] - cp[i] * x[i + 1]
    return x


def natural_spline(xk, yk):
    h = np.diff(xk)
    n = len(xk)
    a = np.zeros(n); b = np.ones(n); c = np.zeros(n); d = np.zeros(n)
    a[1:-1] = h[:-1]
    b[1:-1] = 2 * (h[:-1] + h[1:])
    c[1:-1] = h[1:]
    d[1:-1] = 6 * ((yk[2:] - yk[1:-1]) / h[1:] - (yk[1:-1] - yk[:-2]) / h[:-1])
    M = thomas(a, b, c, d)

    def evaluate(xq):
        i = np.clip(np.searchsorted(xk, xq) - 1, 0, n - 2)
        t0, t1 = xk[i], xk[i + 1]
        hi = t1 - t0
        return (M[i] * (t1 - xq) ** 3 / (6 * hi) + M[i + 1] * (xq - t0) ** 3 / (6 * hi)
                + (yk[i] / hi - M[i] * hi / 6) * (t1 - xq) + (yk[i + 1] / hi - M[i + 1] * hi / 6) * (xq - t0))
    return evaluate, M


xk = np.linspace(0, 2 * np.pi, 9)
yk = np.sin(xk)
spline, M = natural_spline(xk, yk)
xq = np.linspace(0, 2 * np.pi, 200)
err = np.abs(spline(xq) - np.sin(xq))
print("second derivatives at knots:", np.round(M, 5))
print("spline max error: %.3e, linear interp max error: %.3e" % (err.max(), np.abs(np.interp(xq, xk, yk) - np.sin(xq)).max()))
print("interpolates knots:", np.allclose(spline(xk), yk))
test = np.linspace(-1, 1, 30)
mat = np.diag(4 + test) + np.diag(np.ones(29), 1) + np.diag(np.ones(29), -1)
rhs = np.cos(np.arange(30.0))
sol = thomas(np.r_[0, np.ones(29)], 4 + test, np.r_[np.ones(29), 0], rhs)
print("Thomas == solve:", np.allclose(sol, np.linalg.solve(mat, rhs)))

# 1-D diffusion with Crank-Nicolson
nx, nt = 51, 100
L, D = 1.0, 0.1
xg = np.linspace(0, L, nx)
dx = xg[1] - xg[0]
dt = 0.002
r = D * dt / dx**2
u = np.exp(-100 * (xg - 0.5) ** 2)
total0 = np.trapezoid(u, xg)
ai = np.full(nx - 2, -r / 2); bi = np.full(nx - 2, 1 + r); ci = np.full(nx - 2, -r / 2)
ai[0] = ci[-1] = 0.0
for _ in range(nt):
    rhs = r / 2 * u[:-2] + (1 - r) * u[1:-1] + r / 2 * u[2:]
    u[1:-1] = thomas(ai, bi, ci, rhs)
    u[0] = u[-1] = 0.0
print("CN peak after %d steps: %.6f" % (nt, u.max()))
exact_peak = 1 / np.sqrt(1 + 400 * D * nt * dt)
print("infinite-domain peak: %.6f" % exact_peak)
print("mass lost to boundaries: %.3e" % (total0 - np.trapezoid(u, xg)))

# Richardson extrapolation of a central difference derivative
f = np.exp
hs = 0.1 / 2.0 ** np.arange(5)
D1 = (f(1 + hs) - f(1 - hs)) / (2 * hs)
R = (4 * D1[1:] - D1[:-1]) / 3
print("central diff errors:", np.array2string(np.abs(D1 - np.e), formatter={"float_kind": lambda v: f"{v:.2e}"}))
print("Richardson errors:  ", np.array2string(np.abs(R - np.e), formatter={"float_kind": lambda v: f"{v:.2e}"}))
print("observed order: %.3f" % np.mean(np.log2(np.abs(D1[:-1] - np.e) / np.abs(D1[1:] - np.e))))
