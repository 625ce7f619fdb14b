"""The harder half of "100 NumPy exercises" (string-, record- and subclass-free ones)."""
import numpy as np
from numpy.lib.stride_tricks import as_strided, sliding_window_view

Z = (np.arange(20).reshape(10, 2) * 0.37) % 1
X, Y = Z[:, 0], Z[:, 1]
R, T = np.sqrt(X ** 2 + Y ** 2), np.arctan2(Y, X)          # 44
print(R.round(3), T.round(3))
np.set_printoptions(threshold=float("inf"))                # 49
print(np.zeros(40))
np.set_printoptions(threshold=1000)
Z = (np.linspace(0, 100, 10)).astype(np.float32)           # 53
Yv = Z.view(np.int32)
Yv[:] = Z
print(Yv)
Xg, Yg = np.meshgrid(np.linspace(-1, 1, 5), np.linspace(-1, 1, 5))   # 56
D = np.sqrt(Xg * Xg + Yg * Yg)
G = np.exp(-((D - 0.0) ** 2 / (2.0 * 1.0 ** 2)))
print(G.round(4))
Zp = np.zeros((4, 4))                                      # 57
np.put(Zp, np.array([1, 6, 11, 14]), 1)
print(Zp)
A = np.arange(3).reshape(3, 1)                             # 62
B = np.arange(3).reshape(1, 3)
it = np.nditer([A, B, None])
for x, y, z in it:
    z[...] = x + y
print(it.operands[2])
img = (np.arange(48).reshape(4, 4, 3) // 7) % 3            # 66
print(len(np.unique(img.reshape(-1, 3), axis=0)))
A4 = np.arange(48).reshape(2, 2, 3, 4)                     # 67
print(A4.sum(axis=(-2, -1)))
Z = np.arange(10, dtype=np.int32)                          # 76 / 81
print(as_strided(Z, shape=(8, 3), strides=(Z.itemsize, Z.itemsize)))
print(as_strided(Z, shape=(7, 4), strides=(4, 4))[-1])
Zb = np.array([True, False, True])                         # 77
np.logical_not(Zb, out=Zb)
Zf = np.linspace(-1, 1, 5)
np.negative(Zf, out=Zf)
print(Zb, Zf)
M = np.outer(np.arange(1, 6), np.arange(1, 6)) + np.eye(5) * 1e-12   # 82
S = np.linalg.svd(M)[1]
print(np.sum(S > 1e-10))
Z = np.arange(36).reshape(6, 6)                            # 84
C = sliding_window_view(Z, window_shape=(3, 3))
print(C.shape, C[1, 2])
p, n = 3, 4                                                # 86
Mt = np.ones((p, n, n))
V = np.ones((p, n, 1))
print(np.tensordot(Mt, V, axes=[[0, 2], [0, 1]]).ravel())
Z = np.arange(64).reshape(8, 8)                            # 87
k = 4
S = np.add.reduceat(np.add.reduceat(Z, np.arange(0, Z.shape[0], k), axis=0), np.arange(0, Z.shape[1], k), axis=1)
print(S, np.array_equal(S, sliding_window_view(Z, (k, k))[::k, ::k].sum(axis=(-2, -1))))
Z = (np.arange(100) * 37) % 101                            # 89
print(np.sort(Z[np.argsort(Z)[-5:]]), np.sort(Z[np.argpartition(-Z, 5)[:5]]))


def cartesian(arrays):                                     # 90
    arrays = [np.asarray(a) for a in arrays]
    shape = (len(x) for x in arrays)
    ix = np.indices(shape, dtype=int)
    ix = ix.reshape(len(arrays), -1).T
    for n, arr in enumerate(arrays):
        ix[:, n] = arrays[n][ix[:, n]]
    return ix


print(cartesian(([1, 2, 3], [4, 5], [6, 7])))
x = np.linspace(0, 1, 7)                                   # 92
print(np.allclose(np.power(x, 3), np.einsum("i,i,i->i", x, x, x)), (x * x * x).round(3))
A = np.array([[0, 4, 1], [3, 2, 2], [4, 0, 1], [1, 1, 0], [2, 2, 2]])   # 93
B = np.array([[2, 2], [0, 1]])
Cm = (A[..., np.newaxis, np.newaxis] == B)
print(np.where(Cm.any((3, 1)).all(1))[0])
Z = np.array([[1, 1, 1], [1, 2, 1], [3, 3, 3]])            # 94
E = np.all(Z[:, 1:] == Z[:, :-1], axis=1)
print(Z[~E], Z[Z.max(axis=1) != Z.min(axis=1)])
I = np.array([0, 1, 2, 3, 15, 16, 32, 64, 128])           # 95
B = ((I.reshape(-1, 1) & (2 ** np.arange(8))) != 0).astype(int)
print(B[:, ::-1])
print(np.unpackbits(I.astype(np.uint8)[:, np.newaxis], axis=1))
print(np.packbits(np.unpackbits(I.astype(np.uint8))))
phi = np.arange(0, 10 * np.pi, 0.5)                        # 98
a = 1
x, y = a * phi * np.cos(phi), a * phi * np.sin(phi)
dr = (np.diff(x) ** 2 + np.diff(y) ** 2) ** .5
r = np.zeros_like(x)
r[1:] = np.cumsum(dr)
r_int = np.linspace(0, r.max(), 12)
x_int, y_int = np.interp(r_int, r, x), np.interp(r_int, r, y)
print(x_int.round(3), y_int.round(3))
X = np.asarray([[1.0, 0.0, 3.0, 8.0], [2.0, 0.0, 1.0, 1.0], [1.5, 2.5, 1.0, 0.0]])  # 99
n = 4
Mk = np.logical_and.reduce(np.mod(X, 1) == 0, axis=-1)
Mk &= (X.sum(axis=-1) == n)
print(X[Mk])
data = np.sin(np.arange(100) * 12.9898) * 43758.5453 % 1   # 100
idx = (np.arange(1000 * 100) * 7919 % 100).reshape(1000, 100)
means = data[idx].mean(axis=1)
print(np.percentile(means, [2.5, 97.5]).round(6))

RESULTS = {"G": G, "S": S, "x_int": x_int, "nd": it.operands[2]}
