"""Saving and loading results, text I/O, and formatted printing of arrays."""
import io
import os
import tempfile

import numpy as np

table = np.column_stack([np.arange(1, 6), np.linspace(0.1, 0.5, 5) ** 2, np.exp(-np.arange(5.0))])
print(table)
with np.printoptions(precision=3, suppress=True):
    print(table)
np.set_printoptions(formatter={"float": lambda v: f"{v:8.4f}"})
print(table[:2])
np.set_printoptions()   # reset to defaults
np.set_printoptions(precision=4, threshold=20, edgeitems=2)
big = np.arange(100).reshape(10, 10) / 7
print(big)
print(repr(np.array([1e-10, 1.0, 1e10])))
print(np.array2string(np.array([[1.5, -2.25], [3.0, 4.125]]), separator=", "))
print(np.array([True, False]), np.array([1 + 2j, -0.5j]), np.array([], dtype=float))
print(np.eye(2, dtype=np.int16), np.full((2, 2), np.nan), np.array([np.inf, -np.inf]))
np.set_printoptions(precision=8, threshold=1000, edgeitems=3)

stats = {"mean": table[:, 2].mean(), "max": table[:, 1].max(), "n": table.shape[0]}
for name, value in stats.items():
    print(f"{name:>5s}: {value:10.6f}")
print("rows with col2 > 0.1:", np.flatnonzero(table[:, 2] > 0.1))
print("%.3e %d %s" % (table[1, 2], table[2, 0], table[0, 1]))

with tempfile.TemporaryDirectory() as tmp:
    f_npy = os.path.join(tmp, "table.npy")
    np.save(f_npy, table)
    back = np.load(f_npy)
    print("npy round trip:", back.dtype, back.shape, np.array_equal(back, table))

    f_npz = os.path.join(tmp, "results.npz")
    np.savez(f_npz, table=table, ints=np.arange(5, dtype=np.int32), flag=np.array(True))
    with np.load(f_npz) as z:
        print("npz:", sorted(z.files), z["ints"].dtype, bool(z["flag"]))
        same = np.array_equal(z["table"], table)
    print("npz table equal:", same)

    f_txt = os.path.join(tmp, "table.csv")
    np.savetxt(f_txt, table, delimiter=",", fmt="%.6f", header="k,x2,decay")
    with open(f_txt) as fh:
        print(fh.read().strip())
    txt = np.loadtxt(f_txt, delimiter=",")
    print("loadtxt max abs diff < 1e-6:", np.abs(txt - table).max() < 1e-6)
    cols = np.loadtxt(f_txt, delimiter=",", usecols=(0, 2), unpack=True)
    print("unpacked:", len(cols), cols[0].astype(int))

buf = io.StringIO("1 2 3\n4 5 6\n# comment\n7 8 9\n")
m = np.loadtxt(buf, dtype=int)
print(m, m.dtype)
out = io.BytesIO()
np.save(out, m)
out.seek(0)
print("in-memory round trip:", np.load(out).sum())
print(np.genfromtxt(io.StringIO("1,2,nan\n4,,6"), delimiter=","))
