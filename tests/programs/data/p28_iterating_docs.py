"""NumPy "Iterating over arrays" guide idioms: nditer orders, readwrite, external_loop, multi_index."""
import numpy as np

a = np.arange(6).reshape(2, 3)
for x in np.nditer(a):
    print(x, end=" ")
print()
for x in np.nditer(a.T):
    print(x, end=" ")
print()
for x in np.nditer(a.T.copy(order="C")):
    print(x, end=" ")
print()
for x in np.nditer(a, order="F"):
    print(x, end=" ")
print()
for x in np.nditer(a.T, order="C"):
    print(x, end=" ")
print()
b = np.arange(6).reshape(2, 3)
with np.nditer(b, op_flags=["readwrite"]) as it:
    for x in it:
        x[...] = 2 * x
print(b)
for x in np.nditer(a, flags=["external_loop"]):
    print(x, end=" ")
print()
for x in np.nditer(a, flags=["external_loop"], order="F"):
    print(x, end=" ")
print()
it = np.nditer(a, flags=["multi_index"])
for x in it:
    print("%d <%s>" % (x, it.multi_index), end=" ")
print()
it = np.nditer(a, flags=["multi_index"], op_flags=["writeonly"])
with it:
    while not it.finished:
        it[0] = it.multi_index[1] - it.multi_index[0]
        it.iternext()
print(a)
x = np.arange(3)
y = np.arange(6).reshape(2, 3)
for p, q in np.nditer([x, y]):
    print("%d:%d" % (p, q), end=" ")
print()
out = np.zeros((2, 3))
for p, q, r in np.nditer([x, y, out], op_flags=[["readonly"], ["readonly"], ["writeonly"]]):
    r[...] = p * q + 0.5
print(out)
grid = np.zeros((3, 3))
for idx, _ in np.ndenumerate(grid):
    grid[idx] = idx[0] * 3 + idx[1]
print(grid)
for i in np.ndindex(grid.shape[:1]):
    print(i, grid[i].sum())
rows = [r.sum() for r in grid]
cols = [c.max() for c in grid.T]
print(rows, cols)
for i, row in enumerate(grid):
    row[row > 4] = -row[row > 4]
print(grid)

RESULTS = {"a": a, "b": b, "out": out, "grid": grid}
