"""Views vs copies, memory layout, in-place ops and the exceptions NumPy code catches."""
import numpy as np

a = np.arange(12).reshape(3, 4)
v = a[:, 1]
v[0] = 100
print(a[0, 1], v.base is a or v.base is not None, a.copy().base is None)
print(np.shares_memory(a, v), np.may_share_memory(a, a[1:]), np.shares_memory(a, a.copy()))
print(a.flags["C_CONTIGUOUS"], a.T.flags["C_CONTIGUOUS"], a.T.flags["F_CONTIGUOUS"], a.flags.writeable)
f = np.asfortranarray(a)
print(f.strides, np.ascontiguousarray(a.T).strides, a.copy(order="F").strides, a[:, ::2].strides)
print(a.T.copy().flags.c_contiguous, np.isfortran(f))
b = a.view()
b.shape = (4, 3)
print(a.shape, b.shape, b[0])
r = a.reshape(-1)
r[-1] = -1
print(a[-1, -1])
x = np.zeros(5)
x += 1
x *= np.arange(5)
np.add(x, 1, out=x)
np.multiply(x, 2, out=x, where=x > 3)
print(x)
y = np.empty(5)
np.sqrt(x, out=y)
print(y.round(4))
i = np.arange(4)
try:
    i += 1.5
except TypeError as e:
    print("TypeError:", type(e).__name__ != "", "cannot cast" in str(e).lower() or "cast" in str(e))
i2 = np.arange(4)
i2 = i2 + 1.5
print(i2)
for bad in [lambda: np.ones((2, 3)) + np.ones((3, 2)), lambda: np.arange(6).reshape(4, 2),
            lambda: np.concatenate([np.ones((2, 2)), np.ones((3, 3))]), lambda: np.ones(3)[5],
            lambda: np.ones(3).sum(axis=2), lambda: np.linalg.inv(np.zeros((2, 2))),
            lambda: np.ones((2, 2)) @ np.ones((3, 3)), lambda: np.array([1, 2])[np.array([True])],
            lambda: np.zeros(3, dtype="S3").sum()]:
    try:
        bad()
        print("no error")
    except np.linalg.LinAlgError as e:
        print("LinAlgError", e)
    except IndexError as e:
        print("IndexError")
    except np.exceptions.AxisError as e:
        print("AxisError", e)
    except ValueError as e:
        print("ValueError")
    except TypeError as e:
        print("TypeError")
with np.errstate(divide="ignore", invalid="ignore"):
    q = np.array([1.0, 0.0, -1.0]) / np.array([0.0, 0.0, 0.0])
print(q, np.isnan(q).sum(), np.isinf(q).sum(), np.isposinf(q), np.isneginf(q))
old = np.seterr(all="ignore")
print(sorted(old), np.log(np.array([0.0]))[0])
np.seterr(**old)
c = np.arange(6).reshape(2, 3)
np.copyto(c, np.array([9, 8, 7]), where=np.array([True, False, True]))
print(c, np.resize(np.arange(3), (2, 4)), c.squeeze().ndim, c.item(4), c.nonzero())
c.fill(3)
print(c, c.itemset if hasattr(c, "itemset") else "no itemset", np.place(c, c == 3, [1, 2]) or c)

RESULTS = {"x": x, "a": a, "c": c}
