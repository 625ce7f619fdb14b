"""Logistic regression from scratch: gradient descent and Newton's method (IRLS) on a deterministic data set."""
import numpy as np

n = 200
t = np.arange(n)
X_raw = np.column_stack([np.sin(t * 0.37) * 2 + 0.5 * np.cos(t * 1.3), np.cos(t * 0.21) * 1.5 + 0.3 * np.sin(t * 2.9)])
score = 1.2 * X_raw[:, 0] - 0.8 * X_raw[:, 1] + 0.3
y = (score + 0.6 * np.sin(t * 7.7) > 0).astype(float)
print("class balance:", np.bincount(y.astype(int)))
mu, sd = X_raw.mean(axis=0), X_raw.std(axis=0)
X = np.hstack([np.ones((n, 1)), (X_raw - mu) / sd])


def sigmoid(z):
    return 1 / (1 + np.exp(-z))


def loss(w):
    p = np.clip(sigmoid(X @ w), 1e-12, 1 - 1e-12)
    return -np.mean(y * np.log(p) + (1 - y) * np.log1p(-p))


w = np.zeros(3)
lr = 0.5
losses = []
for epoch in range(500):
    grad = X.T @ (sigmoid(X @ w) - y) / n
    w -= lr * grad
    losses.append(loss(w))
print("gradient descent weights:", np.round(w, 5), "loss %.6f" % losses[-1])
print("loss decreasing:", bool(np.all(np.diff(losses) <= 1e-12)))

w_newton = np.zeros(3)
for it in range(25):
    p = sigmoid(X @ w_newton)
    H = X.T @ (X * (p * (1 - p))[:, None]) / n + 1e-8 * np.eye(3)
    g = X.T @ (p - y) / n
    step = np.linalg.solve(H, g)
    w_newton -= step
    if np.linalg.norm(step) < 1e-10:
        break
print(f"Newton converged in {it + 1} iterations:", np.round(w_newton, 5), "loss %.6f" % loss(w_newton))
pred = sigmoid(X @ w_newton) > 0.5
acc = np.mean(pred == y.astype(bool))
tp = np.sum(pred & (y == 1)); fp = np.sum(pred & (y == 0)); fn = np.sum(~pred & (y == 1))
print(f"accuracy {acc:.3f}, precision {tp / (tp + fp):.3f}, recall {tp / (tp + fn):.3f}")
cm = np.zeros((2, 2), dtype=int)
np.add.at(cm, (y.astype(int), pred.astype(int)), 1)
print("confusion matrix:")
print(cm)
# ROC AUC by ranking
s = X @ w_newton
order = np.argsort(s)
ranks = np.empty(n); ranks[order] = np.arange(1, n + 1)
n_pos = y.sum(); n_neg = n - n_pos
auc = (ranks[y == 1].sum() - n_pos * (n_pos + 1) / 2) / (n_pos * n_neg)
print("AUC: %.4f" % auc)
cov = np.linalg.inv(H * n)
print("standard errors:", np.round(np.sqrt(np.diag(cov)), 5))
print("original-scale coefficients:", np.round(w_newton[1:] / sd, 5), "intercept %.5f" % (w_newton[0] - np.sum(w_newton[1:] * mu / sd)))
