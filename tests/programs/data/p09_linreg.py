"""Tiny linear regression: gradient descent vs normal equations vs lstsq vs polyfit."""
import numpy as np

x = np.linspace(0, 10, 50)
noise = 0.5 * np.sin(7.3 * x)                   # deterministic "noise"
y = 3.0 * x + 2.0 + noise
X = np.c_[np.ones_like(x), x]
print(X.shape, X[:3])

theta = np.zeros(2)
lr = 0.01
history = []
for epoch in range(2000):
    pred = X @ theta
    err = pred - y
    grad = 2 / len(y) * X.T @ err
    theta -= lr * grad
    if epoch % 400 == 0:
        mse = np.mean(err ** 2)
        history.append(mse)
        print(f"epoch {epoch:4d} mse {mse:10.4f} theta {theta[0]:.4f} {theta[1]:.4f}")
print("gd", theta.round(4))

theta_ne = np.linalg.inv(X.T @ X) @ X.T @ y
theta_solve = np.linalg.solve(X.T @ X, X.T @ y)
theta_ls, res, rank, sv = np.linalg.lstsq(X, y, rcond=None)
print("normal eq", theta_ne.round(6), np.allclose(theta_ne, theta_solve))
print("lstsq", theta_ls.round(6), res.round(6), rank, sv.round(4))
coef = np.polyfit(x, y, 1)
print("polyfit", coef.round(6))
print("polyval", np.polyval(coef, [0, 5, 10]).round(4))
p = np.poly1d(coef)
print(p(2.5).round(4))
yhat = X @ theta_ls
ss_res = np.sum((y - yhat) ** 2)
ss_tot = np.sum((y - y.mean()) ** 2)
r2 = 1 - ss_res / ss_tot
print(f"R^2 = {r2:.6f}")
print("residual std", np.std(y - yhat, ddof=2).round(6))
print(np.allclose(theta, theta_ls, atol=0.05), np.isclose(r2, 1, atol=0.01))

# multivariate with feature scaling
F = np.column_stack([x, x ** 2, np.sqrt(x)])
mu, sd = F.mean(0), F.std(0)
Fs = (F - mu) / sd
A = np.hstack([np.ones((len(x), 1)), Fs])
target = 1 + 2 * x - 0.1 * x ** 2 + 0.5 * np.sqrt(x)
w = np.zeros(A.shape[1])
for _ in range(3000):
    w -= 0.1 * A.T @ (A @ w - target) / len(x)
w_exact = np.linalg.pinv(A) @ target
print("multi", w.round(3), w_exact.round(3))
print("max abs err", np.max(np.abs(A @ w - target)).round(4))
print("cond", np.linalg.cond(A).round(4), "det", np.linalg.det(A.T @ A).round(2))

RESULTS = {"theta": theta, "theta_ls": theta_ls, "history": np.array(history), "w": w,
           "w_exact": w_exact, "r2": r2}
