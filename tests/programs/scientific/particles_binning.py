"""Particle deposition on a grid (np.add.at, histogram2d), sorting by cell, neighbour counts."""
import numpy as np

n = 400
k = np.arange(n)
# quasi-random (golden ratio) positions in the unit square, deterministic
pos = np.column_stack([np.modf(k * 0.6180339887498949)[0], np.modf(k * 0.7548776662466927 + 0.1)[0]])
charge = np.where(k % 3 == 0, -1.0, 1.0) * (1 + 0.1 * np.cos(k))

ng = 8
cell = np.floor(pos * ng).astype(np.int64)
cell_id = cell[:, 0] * ng + cell[:, 1]
rho = np.zeros((ng, ng))
np.add.at(rho, (cell[:, 0], cell[:, 1]), charge)
H, xe, ye = np.histogram2d(pos[:, 0], pos[:, 1], bins=ng, range=[[0, 1], [0, 1]], weights=charge)
print("add.at == histogram2d:", np.allclose(rho, H))
counts = np.bincount(cell_id, minlength=ng * ng).reshape(ng, ng)
print("particles per cell: min %d max %d" % (counts.min(), counts.max()))
print("total charge %.6f == %.6f" % (rho.sum(), charge.sum()))

# Cloud-in-cell deposition with fractional weights
g = pos * ng - 0.5
i0 = np.floor(g).astype(int)
f = g - i0
rho_cic = np.zeros((ng, ng))
for dx in (0, 1):
    for dy in (0, 1):
        wgt = (f[:, 0] if dx else 1 - f[:, 0]) * (f[:, 1] if dy else 1 - f[:, 1])
        np.add.at(rho_cic, ((i0[:, 0] + dx) % ng, (i0[:, 1] + dy) % ng), charge * wgt)
print("CIC conserves charge:", np.isclose(rho_cic.sum(), charge.sum()))
print("CIC density row 0:", np.round(rho_cic[0], 4))

# Sort particles by cell (counting sort layout used in PIC codes)
order = np.argsort(cell_id, kind="stable")
sorted_ids = cell_id[order]
starts = np.searchsorted(sorted_ids, np.arange(ng * ng))
ends = np.searchsorted(sorted_ids, np.arange(ng * ng), side="right")
print("cell ranges consistent:", np.array_equal(ends - starts, counts.ravel()))
first_cell = order[starts[0]:ends[0]]
print("particles in cell 0:", np.sort(first_cell))

# Lexicographic sort by (cell x, cell y, charge)
lex = np.lexsort((charge, cell[:, 1], cell[:, 0]))
print("lexsort first 8:", lex[:8])

# Pair counts within a radius (brute force with broadcasting and periodic images)
d = pos[:, None, :] - pos[None, :, :]
d -= np.round(d)
r = np.sqrt((d**2).sum(-1))
within = (r < 0.05) & ~np.eye(n, dtype=bool)
neigh = within.sum(axis=1)
print("mean neighbours: %.4f, max %d" % (neigh.mean(), neigh.max()))
pairs = np.argwhere(np.triu(within))
print("pairs:", len(pairs), "first:", pairs[:3].tolist())
hist_r, edges = np.histogram(r[np.triu_indices(n, 1)], bins=10, range=(0, 0.5))
shell = np.pi * (edges[1:] ** 2 - edges[:-1] ** 2)
g_r = hist_r / shell / (n * (n - 1) / 2)
print("radial distribution g(r):", np.round(g_r, 3))
print("unique cells occupied:", np.unique(cell_id).size, "of", ng * ng)
