"""CSV round trip with savetxt/loadtxt (and npy/npz) in a temporary directory."""
import os
import tempfile

import numpy as np

tmp = tempfile.mkdtemp()
ids = np.arange(1, 9)
vals = np.column_stack([ids, ids * 1.5, np.sqrt(ids), (ids % 3 == 0).astype(int)])
path = os.path.join(tmp, "data.csv")
np.savetxt(path, vals, delimiter=",", header="id,half,root,flag", fmt="%.6f", comments="")
with open(path) as f:
    lines = f.read().splitlines()
print(lines[0])
print(lines[1])
print(len(lines))
back = np.loadtxt(path, delimiter=",", skiprows=1)
print(back.shape, back.dtype, np.allclose(back, vals, atol=1e-6))
cols = np.loadtxt(path, delimiter=",", skiprows=1, usecols=(0, 2))
print(cols[:2])
i, r = np.loadtxt(path, delimiter=",", skiprows=1, usecols=(0, 2), unpack=True)
print(i.astype(int), r.round(3))
ints = np.loadtxt(path, delimiter=",", skiprows=1, usecols=[0, 3]).astype(int)
print(ints.T)

p2 = os.path.join(tmp, "ints.txt")
np.savetxt(p2, np.arange(12).reshape(3, 4), fmt="%d")
print(open(p2).read().strip())
print(np.loadtxt(p2, dtype=np.int64).sum(axis=0))
p3 = os.path.join(tmp, "sci.txt")
np.savetxt(p3, np.array([1e-5, 123.456, -7.0]))
print(open(p3).read().split())
print(np.loadtxt(p3))
g = np.genfromtxt(path, delimiter=",", skip_header=1)
print(g.shape, np.array_equal(g, back))
csv_text = "a,b\n1,2\n3,\n5,6\n"
p4 = os.path.join(tmp, "missing.csv")
with open(p4, "w") as f:
    f.write(csv_text)
gm = np.genfromtxt(p4, delimiter=",", skip_header=1)
print(gm, np.isnan(gm).sum())
print(np.genfromtxt(p4, delimiter=",", skip_header=1, filling_values=-1))

np.save(os.path.join(tmp, "arr.npy"), vals)
loaded = np.load(os.path.join(tmp, "arr.npy"))
print(np.array_equal(loaded, vals), loaded.dtype)
np.savez(os.path.join(tmp, "bundle.npz"), x=ids, y=vals)
with np.load(os.path.join(tmp, "bundle.npz")) as z:
    print(sorted(z.files), z["x"].sum(), z["y"].shape)
np.savez_compressed(os.path.join(tmp, "c.npz"), ids)
print(np.load(os.path.join(tmp, "c.npz"))["arr_0"])
raw = vals.astype(np.float32).tobytes()
print(len(raw), np.frombuffer(raw, dtype=np.float32).reshape(-1, 4)[1])
vals.tofile(os.path.join(tmp, "raw.bin"))
print(np.fromfile(os.path.join(tmp, "raw.bin")).reshape(vals.shape)[-1])
print(np.fromstring("1 2 3", dtype=int, sep=" "), np.array2string(vals[:2], precision=2, separator=", "))

RESULTS = {"back": back, "gm": gm, "loaded": loaded}
