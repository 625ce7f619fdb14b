"""k-means clustering, full Lloyd loop with deterministic blobs."""
import numpy as np

centers_true = np.array([[0.0, 0.0], [5.0, 5.0], [0.0, 6.0]])
k = len(centers_true)
m = 30
t = np.arange(m * k)
jitter = np.column_stack([np.sin(t * 1.7), np.cos(t * 2.3)]) * 0.8
X = np.repeat(centers_true, m, axis=0) + jitter
perm = (t * 37) % len(t)
X = X[np.argsort(perm)]
print(X.shape, X.mean(axis=0).round(4))

centroids = X[[0, 1, 2]].copy()
for it in range(20):
    d = np.linalg.norm(X[:, None, :] - centroids[None, :, :], axis=2)
    labels = np.argmin(d, axis=1)
    new = np.array([X[labels == j].mean(axis=0) if np.any(labels == j) else centroids[j]
                    for j in range(k)])
    shift = np.abs(new - centroids).max()
    centroids = new
    inertia = np.sum((X - centroids[labels]) ** 2)
    print(f"iter {it} inertia {inertia:.4f} shift {shift:.6f}")
    if shift < 1e-9:
        break
order = np.lexsort((centroids[:, 1], centroids[:, 0]))
centroids = centroids[order]
remap = np.empty(k, dtype=int)
remap[order] = np.arange(k)
labels = remap[labels]
print("centroids\n", centroids.round(4))
print("sizes", np.bincount(labels, minlength=k))
sizes = np.unique(labels, return_counts=True)[1]
print(sizes, sizes.sum() == len(X))
err = np.abs(np.sort(centroids, axis=0) - np.sort(centers_true, axis=0)).max()
print(f"max centroid error {err:.3f}")
within = np.array([np.sqrt(((X[labels == j] - centroids[j]) ** 2).sum(1)).mean() for j in range(k)])
print("mean dist", within.round(4))
cdist = np.sqrt(((centroids[:, None] - centroids[None]) ** 2).sum(-1))
print(cdist.round(3))
print("silhouette-ish", (np.sort(cdist, axis=1)[:, 1] / within).round(3))

RESULTS = {"centroids": centroids, "labels": labels, "inertia": inertia, "within": within}
