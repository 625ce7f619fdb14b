"""A small ML workflow: split, standardise, k-NN, k-fold cross-validation, decision grid."""
import numpy as np

n = 90
t = np.arange(n)
y = t % 3
X = np.column_stack([np.cos(y * 2.1) * 3 + np.sin(t * 1.37), np.sin(y * 2.1) * 3 + np.cos(t * 0.77)])
X = X.astype(np.float32)
print(X.dtype, X.shape, np.bincount(y))
perm = np.argsort((t * 7919) % 97)
train, test = perm[:60], perm[60:]
Xtr, Xte, ytr, yte = X[train], X[test], y[train], y[test]
mu, sigma = Xtr.mean(axis=0), Xtr.std(axis=0)
Xtr_s, Xte_s = (Xtr - mu) / sigma, (Xte - mu) / sigma
print(Xtr_s.dtype, np.abs(Xtr_s.mean(0)).max() < 1e-5, np.round(Xte_s.std(0), 2))


def knn_predict(Xa, ya, Xb, k=5):
    d2 = ((Xb[:, None, :] - Xa[None, :, :]) ** 2).sum(-1)
    nn = np.argsort(d2, axis=1, kind="stable")[:, :k]
    votes = ya[nn]
    counts = np.apply_along_axis(np.bincount, 1, votes, minlength=3)
    return counts.argmax(axis=1), np.sqrt(np.take_along_axis(d2, nn, axis=1))


pred, dist = knn_predict(Xtr_s, ytr, Xte_s)
acc = (pred == yte).mean()
print(f"test accuracy {acc:.3f}", dist.shape, dist.dtype)
cm = np.zeros((3, 3), dtype=np.int64)
np.add.at(cm, (yte, pred), 1)
print(cm, cm.trace() / cm.sum())
cm2, _, _ = np.histogram2d(yte, pred, bins=[np.arange(4) - 0.5] * 2)
print(np.array_equal(cm, cm2.astype(int)))
recall = np.diag(cm) / cm.sum(axis=1)
precision = np.diag(cm) / np.maximum(cm.sum(axis=0), 1)
print(recall.round(3), precision.round(3))

folds = np.array_split(perm, 5)
scores = []
for i, fold in enumerate(folds):
    tr = np.concatenate([f for j, f in enumerate(folds) if j != i])
    m, s = X[tr].mean(0), X[tr].std(0)
    p, _ = knn_predict((X[tr] - m) / s, y[tr], (X[fold] - m) / s, k=3)
    scores.append(np.mean(p == y[fold]))
scores = np.array(scores)
print("cv", scores.round(3), f"{scores.mean():.3f} +/- {scores.std():.3f}")
xx, yy = np.meshgrid(np.linspace(-2, 2, 6), np.linspace(-2, 2, 5), indexing="xy")
grid = np.c_[xx.ravel(), yy.ravel()].astype(np.float32)
gp, _ = knn_predict(Xtr_s, ytr, grid, k=1)
print(gp.reshape(xx.shape))
ii, jj = np.meshgrid(np.arange(2), np.arange(3), indexing="ij")
print(ii.shape, jj.shape, ii.ravel(), jj.ravel())
scaled = np.clip(Xte_s, a_min=None, a_max=1.0)
print(scaled.max(), np.linalg.norm(Xte_s, axis=1, ord=1)[:3].round(3), (Xte * 255).astype(np.uint8)[:2])

RESULTS = {"pred": pred, "cm": cm, "scores": scores, "dist": dist, "gp": gp}
