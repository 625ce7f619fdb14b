"""NumPy: the absolute basics for beginners -- creation, attributes, reshape, stack, split."""
import numpy as np

a = np.array([1, 2, 3, 4, 5, 6])
print(a)
print("a[0] =", a[0], "a[-1] =", a[-1])
b = np.array([[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12]])
print(b)
print("ndim", b.ndim, "shape", b.shape, "size", b.size, "dtype", b.dtype)
print("itemsize", b.itemsize, "nbytes", b.nbytes, "strides", b.strides)
print(b[1, 3], b[0])

print(np.zeros(2), np.ones(3), np.empty(0).shape)
print(np.arange(4), np.arange(2, 9, 2))
print(np.linspace(0, 10, num=5))
x = np.ones(2, dtype=np.int64)
print(x, x.dtype)

arr = np.array([2, 1, 5, 3, 7, 4, 6, 8])
print(np.sort(arr))
c = np.concatenate((np.array([1, 2, 3, 4]), np.array([5, 6, 7, 8])))
print(c)
x = np.array([[1, 2], [3, 4]])
y = np.array([[5, 6]])
print(np.concatenate((x, y), axis=0))

array_example = np.arange(24).reshape(2, 3, 4)
print(array_example.ndim, array_example.size, array_example.shape)
print(array_example.strides)
r = np.arange(6).reshape(3, 2)
print(r)
print(np.reshape(r, (2, 3), order="F"))
print(r.T, r.T.strides)
a2 = np.arange(6)
print(a2[np.newaxis, :].shape, a2[:, np.newaxis].shape, np.expand_dims(a2, axis=1).shape)

a1 = np.array([[1, 1], [2, 2]])
a2 = np.array([[3, 3], [4, 4]])
print(np.vstack((a1, a2)))
print(np.hstack((a1, a2)))
print(np.column_stack(([1, 2, 3], [4, 5, 6])))
print(np.stack([a1, a2], axis=-1).shape)
xs = np.arange(1, 25).reshape(2, 12)
print(np.hsplit(xs, 3))
print(np.hsplit(xs, (3, 4)))
print(np.array_split(np.arange(10), 3))
f = xs.flatten()
v = xs.ravel()
f[0] = 99
print(xs[0, 0], f[0])
v[0] = 98
print(xs[0, 0])
print(xs.tolist())
print(np.full((2, 2), 7), np.eye(3, dtype=int), np.identity(2))
print(np.zeros_like(b), np.ones_like(b, dtype=float))
print(repr(np.arange(3.0)), repr(b[0, 0]), repr(b.sum()))

RESULTS = {"b": b, "c": c, "xs": xs, "strides": np.array(array_example.strides)}
