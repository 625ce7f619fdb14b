"""Logistic regression trained with batch gradient descent."""
import numpy as np

np.set_printoptions(precision=4, suppress=True)
n = 80
t = np.arange(n)
x1 = np.cos(t * 0.37) * 2 + (t % 2) * 1.5
x2 = np.sin(t * 0.91) * 2 + (t % 2) * 1.5
y = (t % 2).astype(float)
X = np.column_stack([x1, x2])
X = (X - X.mean(axis=0)) / X.std(axis=0)
Xb = np.hstack([np.ones((n, 1)), X])


def sigmoid(z):
    return 1.0 / (1.0 + np.exp(-z))


def loss_fn(w):
    p = sigmoid(Xb @ w)
    eps = 1e-12
    return -np.mean(y * np.log(p + eps) + (1 - y) * np.log(1 - p + eps))


w = np.zeros(3)
lr = 0.5
losses = []
for it in range(500):
    p = sigmoid(Xb @ w)
    grad = Xb.T @ (p - y) / n
    w = w - lr * grad
    losses.append(loss_fn(w))
    if it % 100 == 0:
        print(f"iter {it:3d}  loss {losses[-1]:.5f}")
losses = np.array(losses)
print("weights", w)
print("monotone", np.all(np.diff(losses) <= 1e-12))
prob = sigmoid(Xb @ w)
pred = (prob >= 0.5).astype(int)
acc = (pred == y).mean()
print(f"accuracy {acc:.3f}")
tp = np.sum((pred == 1) & (y == 1))
fp = np.sum((pred == 1) & (y == 0))
fn = np.sum((pred == 0) & (y == 1))
precision, recall = tp / (tp + fp), tp / (tp + fn)
print(f"precision {precision:.3f} recall {recall:.3f} f1 {2 * precision * recall / (precision + recall):.3f}")
thresholds = np.linspace(0, 1, 11)
tpr = np.array([np.mean(prob[y == 1] >= th) for th in thresholds])
fpr = np.array([np.mean(prob[y == 0] >= th) for th in thresholds])
print(tpr, fpr)
auc = -np.trapezoid(tpr, fpr) if hasattr(np, "trapezoid") else -np.trapz(tpr, fpr)
print(f"auc ~ {auc:.4f}")
order = np.argsort(-prob)
print("most confident", order[:5], prob[order[:5]])
np.set_printoptions(precision=8, suppress=False)

RESULTS = {"w": w, "losses": losses, "prob": prob, "auc": auc}
