"""Site percolation: cluster labelling by flood fill and by vectorised label propagation."""
from collections import deque

import numpy as np

L = 24
p = 0.58
# deterministic pseudo-random lattice from a hash of the coordinates
ii, jj = np.indices((L, L))
u = np.modf(np.sin(ii * 12.9898 + jj * 78.233) * 43758.5453)[0]
u = np.abs(u)
occupied = u < p
print("occupied fraction: %.4f" % occupied.mean())


def flood_fill_labels(grid):
    labels = np.zeros(grid.shape, dtype=np.int32)
    current = 0
    for (r, c) in zip(*np.nonzero(grid)):
        if labels[r, c]:
            continue
        current += 1
        labels[r, c] = current
        queue = deque([(int(r), int(c))])
        while queue:
            y, x = queue.popleft()
            for dy, dx in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                ny, nx = y + dy, x + dx
                if 0 <= ny < grid.shape[0] and 0 <= nx < grid.shape[1] and grid[ny, nx] and not labels[ny, nx]:
                    labels[ny, nx] = current
                    queue.append((ny, nx))
    return labels, current


def propagate_labels(grid):
    lab = np.where(grid, np.arange(1, grid.size + 1).reshape(grid.shape), 0)
    while True:
        padded = np.pad(lab, 1)
        neigh = np.stack([padded[:-2, 1:-1], padded[2:, 1:-1], padded[1:-1, :-2], padded[1:-1, 2:], lab])
        new = np.where(grid, neigh.max(axis=0), 0)
        if np.array_equal(new, lab):
            return lab
        lab = new


labels, n_clusters = flood_fill_labels(occupied)
print("clusters (flood fill):", n_clusters)
sizes = np.bincount(labels.ravel())[1:]
print("largest clusters:", np.sort(sizes)[::-1][:5])
print("mean cluster size: %.3f" % sizes.mean())
size_list = [0] * (labels.max() + 1)
for lab in labels[labels > 0]:
    size_list[lab] += 1
print("sizes tallied in a Python list:", sorted(size_list[1:], reverse=True)[:5])

lab2 = propagate_labels(occupied)
uniq, inverse, cnt = np.unique(lab2[occupied], return_inverse=True, return_counts=True)
print("clusters (propagation):", uniq.size)
print("same size distribution:", np.array_equal(np.sort(cnt), np.sort(sizes)))

top = set(np.unique(labels[0][labels[0] > 0]).tolist())
bottom = set(np.unique(labels[-1][labels[-1] > 0]).tolist())
spanning = sorted(top & bottom)
print("spanning clusters:", spanning)
if spanning:
    span_mask = np.isin(labels, spanning)
    print("spanning cluster mass fraction: %.4f" % (span_mask.sum() / occupied.sum()))

# Size distribution n_s and the radius of gyration of the largest cluster
s_values, n_s = np.unique(sizes, return_counts=True)
print("sizes:", s_values[:8], "counts:", n_s[:8])
big = np.argmax(sizes) + 1
coords = np.argwhere(labels == big).astype(float)
rg = np.sqrt(np.mean(np.sum((coords - coords.mean(axis=0)) ** 2, axis=1)))
print(f"largest cluster: label {big}, size {sizes[big - 1]}, Rg = {rg:.4f}")
print(labels[:6, :12])
