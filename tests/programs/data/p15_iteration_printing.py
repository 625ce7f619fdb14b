"""Iteration, Python conversion, formatting and print options."""
import numpy as np

m = np.arange(1, 7).reshape(2, 3) * 1.25
for row in m:
    print("row:", row, row.sum())
for idx, val in np.ndenumerate(m):
    print(idx, val)
for ij in np.ndindex(2, 2):
    print(ij, end=" ")
print()
for v in m.flat:
    print(v, end=",")
print()
for x in np.nditer(m[:, :2]):
    print(float(x), end=" ")
print()
print(m.tolist(), type(m.tolist()[0][0]).__name__)
print(m[0, 1].item(), type(m[0, 1].item()).__name__, m.sum().tolist())
total = float(m.sum())
count = int(m.size)
print(total, count, type(total).__name__, type(count).__name__)
print(f"mean={m.mean():.3f} max={m.max():8.2f} min={m.min():<6.1f}| {m.argmax():d}")
print("%.2f %d %s" % (m.std(), m.argmin(), m.shape))
print("{:.4e}".format(m.var()), "{:>10}".format(str(m[1, 2])))
print(str(m.sum()), m.mean() > 3, round(float(m.mean()), 2), abs(-m[0, 0]))
print(int(np.int64(3)) + 1, bool(np.array([1])), bool(m.any()), len(m), list(m[0]))
print(sum(m[0]), max(m[1]), sorted(m[1], reverse=True))
print(np.array([1.123456789, 1e-8, 1234.5]))
np.set_printoptions(precision=3, suppress=True)
print(np.array([1.123456789, 1e-8, 1234.5]))
print(np.linspace(0, 1, 7))
with np.printoptions(precision=2, floatmode="fixed"):
    print(np.array([1.0, 2.5]))
np.set_printoptions(threshold=5, edgeitems=2)
print(np.arange(100))
print(np.arange(30).reshape(6, 5))
np.set_printoptions(precision=8, suppress=False, threshold=1000, edgeitems=3)
print(np.array2string(np.array([1.5, 2.25]), separator="; "))
print(np.array_repr(np.array([1, 2])), np.array_str(np.eye(2)))
print(repr(np.array([[1.5, 2], [3, 4]])))
print(repr(np.array([], dtype=np.int32)), repr(np.array([1, 2], dtype=np.uint8)))
print(repr(np.array(3.0)), np.array([True, False]), np.array([1 + 2j, 3]))
print(np.format_float_positional(np.float64(0.1) * 3), np.format_float_scientific(12345.678, precision=3))
print(np.allclose([1, 2], [1, 2 + 1e-9]), np.array_equal([1, 2], [1, 2]), np.array_equal(m, m.copy()))
print(np.array_equiv([1, 2], [[1, 2], [1, 2]]), np.isclose([1e-10, 1.0], [0, 1.0 + 1e-6]))
np.testing.assert_allclose(m / 1.25, np.arange(1, 7).reshape(2, 3))
np.testing.assert_array_equal(m.T.T, m)
print("assertions passed")
d = dict(zip(["a", "b", "c"], m[0]))
print({k: float(v) for k, v in d.items()})
lst = [np.float64(1.5), np.float64(2.5)]
print(np.array(lst) * 2, np.asarray(lst).dtype)
print(np.array([m[0, 0], m[1, 1]]), np.stack(list(m)), np.hstack([m[0, 0], 5.0]))

RESULTS = {"m": m, "total": total}
