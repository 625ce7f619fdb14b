"""Linear least squares: normal equations, lstsq, pinv, QR; polyfit/polyval."""
import numpy as np

np.set_printoptions(precision=6, suppress=True)

# Deterministic "measurements": a quadratic plus a structured perturbation
x = np.linspace(-2, 3, 40)
y_true = 1.5 - 0.7 * x + 0.35 * x**2
noise = 0.05 * np.sin(7.3 * x) * np.cos(2.1 * x**2)
y = y_true + noise

A = np.vander(x, 3, increasing=True)
print("design matrix shape:", A.shape, "rank:", np.linalg.matrix_rank(A))

coef_normal = np.linalg.solve(A.T @ A, A.T @ y)
coef_lstsq, res, rank, sv = np.linalg.lstsq(A, y, rcond=None)
coef_pinv = np.linalg.pinv(A) @ y
Q, R = np.linalg.qr(A)
coef_qr = np.linalg.solve(R, Q.T @ y)
print("normal eqs:", coef_normal)
print("lstsq:     ", coef_lstsq, "residual:", np.round(res, 8), "rank", int(rank))
print("pinv:      ", coef_pinv)
print("QR:        ", coef_qr)
print("Q orthonormal:", np.allclose(Q.T @ Q, np.eye(3)), "R upper:", np.allclose(R, np.triu(R)))
print("singular values:", sv)

p = np.polyfit(x, y, 2)
print("polyfit (high->low):", p)
print("matches lstsq reversed:", np.allclose(p[::-1], coef_lstsq))
y_fit = np.polyval(p, x)
rms = np.sqrt(np.mean((y - y_fit) ** 2))
r2 = 1 - np.sum((y - y_fit) ** 2) / np.sum((y - y.mean()) ** 2)
print(f"rms residual {rms:.6f}, R^2 = {r2:.6f}")

# Model selection by degree
for deg in range(1, 6):
    c, resid, *_ = np.polyfit(x, y, deg, full=True)
    print(f"degree {deg}: SSE = {resid[0]:.6e}")

# Weighted fit and covariance
w = 1.0 / (1.0 + x**2)
pw, cov = np.polyfit(x, y, 2, w=w, cov=True)
print("weighted fit:", pw, "std errors:", np.sqrt(np.diag(cov)))

# Fitting an exponential decay by linearising
t = np.arange(10, dtype=float)
counts = 200.0 * np.exp(-0.3 * t) * (1 + 0.01 * np.cos(t))
slope, intercept = np.polyfit(t, np.log(counts), 1)
print(f"decay rate {-slope:.5f}, amplitude {np.exp(intercept):.3f}")
roots = np.roots(p)
print("roots of fitted quadratic:", np.sort_complex(roots))
deriv = np.polyder(p)
print("vertex at x = %.6f" % np.roots(deriv)[0])
print("integral on [0,1]: %.6f" % np.diff(np.polyval(np.polyint(p), [0, 1]))[0])
