"""Broadcasting tricks: outer products, normalisation, pairwise distances."""
import numpy as np

np.set_printoptions(precision=3, suppress=True)
x = np.arange(1, 6)
print(x[:, None] * x[None, :])
print(np.outer(x, x) - x[:, np.newaxis] * x)
print(np.add.outer(np.arange(3), np.arange(4)))
print(np.multiply.outer([1, 2], [3, 4, 5]))

data = np.array([[1.0, 200.0, 0.1], [2.0, 220.0, 0.3], [3.0, 180.0, 0.2], [4.0, 260.0, 0.5],
                 [5.0, 240.0, 0.4]])
mean = data.mean(axis=0)
std = data.std(axis=0)
print("mean", mean, "std", std)
norm = (data - mean) / std
print(norm)
print(np.allclose(norm.mean(axis=0), 0), np.allclose(norm.std(axis=0), 1))
minmax = (data - data.min(axis=0)) / (data.max(axis=0) - data.min(axis=0))
print(minmax)
row_norm = data / np.linalg.norm(data, axis=1, keepdims=True)
print(row_norm)
rows_sum_one = data / data.sum(axis=1)[:, np.newaxis]
print(rows_sum_one.sum(axis=1))

pts = np.array([[0.0, 0.0], [3.0, 4.0], [1.0, 1.0], [-2.0, 5.0]])
diff = pts[:, np.newaxis, :] - pts[np.newaxis, :, :]
D = np.sqrt((diff ** 2).sum(axis=-1))
print(D)
sq = (pts ** 2).sum(1)
D2 = np.sqrt(np.maximum(sq[:, None] + sq[None, :] - 2 * pts @ pts.T, 0))
print(np.allclose(D, D2))
np.fill_diagonal(D, np.inf)
print("nearest", D.argmin(axis=1), D.min(axis=1))
gx, gy = np.meshgrid(np.linspace(-1, 1, 3), np.linspace(0, 1, 2))
print(gx, gy, sep="\n")
print(np.hypot(gx, gy))
yy, xx = np.mgrid[0:3, 0:4]
print(yy + 10 * xx)
print(np.broadcast_to(np.arange(3), (2, 3)))
print(np.broadcast_shapes((3, 1), (1, 4)), np.broadcast(np.ones((2, 1)), np.ones(3)).shape)
print(np.tile([1, 2], (2, 3)), np.repeat([[1, 2]], 2, axis=0), np.repeat([1, 2, 3], [1, 0, 2]))
np.set_printoptions(precision=8, suppress=False)

RESULTS = {"norm": norm, "D2": D2, "minmax": minmax}
