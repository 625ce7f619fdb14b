"""Poisson equation on a square: Jacobi, Gauss-Seidel (red-black) and a direct solve."""
import numpy as np

n = 20                       # interior points per side
h = 1.0 / (n + 1)
xs = np.linspace(h, 1 - h, n)
X, Y = np.meshgrid(xs, xs)
f = 2 * np.pi**2 * np.sin(np.pi * X) * np.sin(np.pi * Y)
exact = np.sin(np.pi * X) * np.sin(np.pi * Y)


def residual(u):
    up = np.pad(u, 1)
    lap = (up[:-2, 1:-1] + up[2:, 1:-1] + up[1:-1, :-2] + up[1:-1, 2:] - 4 * u) / h**2
    return np.linalg.norm(-lap - f) * h


def jacobi(tol=1e-6, maxiter=5000):
    u = np.zeros_like(f)
    for it in range(maxiter):
        up = np.pad(u, ((1, 1), (1, 1)), mode="constant")
        u_new = 0.25 * (up[:-2, 1:-1] + up[2:, 1:-1] + up[1:-1, :-2] + up[1:-1, 2:] + h**2 * f)
        if np.max(np.abs(u_new - u)) < tol:
            return u_new, it + 1
        u = u_new
    return u, maxiter


def red_black_gs(tol=1e-6, maxiter=5000, omega=1.0):
    u = np.zeros((n + 2, n + 2))
    ii, jj = np.indices((n, n))
    masks = [(ii + jj) % 2 == 0, (ii + jj) % 2 == 1]
    for it in range(maxiter):
        old = u.copy()
        for m in masks:
            gs = 0.25 * (u[:-2, 1:-1] + u[2:, 1:-1] + u[1:-1, :-2] + u[1:-1, 2:] + h**2 * f)
            inner = u[1:-1, 1:-1]
            inner[m] = (1 - omega) * inner[m] + omega * gs[m]
        if np.abs(u - old).max() < tol:
            return u[1:-1, 1:-1], it + 1
    return u[1:-1, 1:-1], maxiter


u_j, it_j = jacobi()
u_gs, it_gs = red_black_gs()
omega_opt = 2 / (1 + np.sin(np.pi * h))
u_sor, it_sor = red_black_gs(omega=omega_opt)
print(f"Jacobi:       {it_j:5d} iterations, error {np.abs(u_j - exact).max():.3e}")
print(f"Gauss-Seidel: {it_gs:5d} iterations, error {np.abs(u_gs - exact).max():.3e}")
print(f"SOR w={omega_opt:.4f}: {it_sor:4d} iterations, error {np.abs(u_sor - exact).max():.3e}")

# Direct solve with the 5-point Laplacian built from Kronecker products
T = np.diag(-2 * np.ones(n)) + np.diag(np.ones(n - 1), 1) + np.diag(np.ones(n - 1), -1)
I = np.eye(n)
A = -(np.kron(I, T) + np.kron(T, I)) / h**2
u_direct = np.linalg.solve(A, f.ravel()).reshape(n, n)
print("direct error: %.3e" % np.abs(u_direct - exact).max())
print("residuals:", [f"{residual(u):.1e}" for u in (u_j, u_gs, u_sor, u_direct)])
print("cond(A) ~ %.1f" % np.linalg.cond(A))
print("all close to direct:", all(np.allclose(u, u_direct, atol=1e-4) for u in (u_j, u_gs, u_sor)))
