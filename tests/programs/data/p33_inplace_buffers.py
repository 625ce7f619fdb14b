"""In-place updates people write: history buffers, stencils, scatter-adds, masked fills."""
import numpy as np

history = np.zeros(5)
for k, reading in enumerate([3.0, 1.0, 4.0, 1.0, 5.0, 9.0, 2.0]):
    np.copyto(history[1:], history[:-1])      # shift the buffer right
    history[0] = reading
    if k >= 4:
        print(k, history, history.mean().round(3))
ring = np.zeros(4)
for k in range(7):
    ring[k % len(ring)] = k * 1.5
print(np.roll(ring, -(7 % len(ring))))

u = np.zeros(11)
u[5] = 1.0
for _ in range(20):
    u[1:-1] += 0.25 * (u[:-2] - 2 * u[1:-1] + u[2:])   # explicit heat equation step
print(u.round(4), u.sum().round(6))
T = np.zeros((6, 6))
T[0, :] = 100.0
for _ in range(50):
    T[1:-1, 1:-1] = 0.25 * (T[:-2, 1:-1] + T[2:, 1:-1] + T[1:-1, :-2] + T[1:-1, 2:])
print(T.round(2))

counts = np.zeros(6, dtype=int)
np.add.at(counts, np.array([0, 2, 2, 5, 2]), 1)
print(counts)
acc = np.arange(1.0, 7.0)
np.add.at(acc, [0, 1, 1], acc[3:])
np.maximum.at(acc, [2, 2], [9.0, 4.0])
print(acc)
vals = np.arange(10.0)
np.place(vals, vals > 6, vals[:2])
print(vals)
np.putmask(vals, vals < 2, vals[::-1])
print(vals)
v = np.arange(10)
v[2:8].sort()
v[::3] = -v[::3]
v[1:] = v[:-1]
print(v)
a = np.arange(12.0).reshape(3, 4)
a[1:] -= a[:-1]
a[:, 1:] += a[:, :1]
a[a < 0] = a[a < 0] ** 2
print(a)
a.T[0] = -1
print(a)
b = a.ravel()
b[::5] = 0
print(a, np.shares_memory(a, b))
c = np.arange(6.0)
c += c[::-1]
c *= c[:1]
print(c)

RESULTS = {"history": history, "u": u, "T": T, "acc": acc, "vals": vals, "a": a}
