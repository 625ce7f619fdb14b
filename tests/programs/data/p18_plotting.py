"""Plot arrays with matplotlib (Agg) to PNG files."""
import os
import tempfile

import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt
import numpy as np

x = np.linspace(0, 2 * np.pi, 200)
y1, y2 = np.sin(x), np.cos(x)
fig, ax = plt.subplots(2, 2, figsize=(6, 5))
ax[0, 0].plot(x, y1, label="sin")
ax[0, 0].plot(x, y2, "--", label="cos")
ax[0, 0].fill_between(x, y1, y2, where=y1 > y2, alpha=0.3)
ax[0, 0].legend()
data = np.concatenate([np.sin(np.arange(300) * 0.37) * 3, np.cos(np.arange(200) * 1.1) + 5])
counts, edges, _ = ax[0, 1].hist(data, bins=20)
print(counts.sum(), len(edges), np.asarray(counts).dtype)
ax[1, 0].scatter(y1[::10], y2[::10], c=x[::10], s=np.abs(y1[::10]) * 50 + 1)
Zs = np.sin(x[:50, None]) * np.cos(x[None, :50])
im = ax[1, 1].imshow(Zs, extent=[0, 1, 0, 1], origin="lower")
fig.colorbar(im, ax=ax[1, 1])
cs = ax[1, 1].contour(np.linspace(0, 1, 50), np.linspace(0, 1, 50), Zs, levels=5)
ax[1, 0].errorbar(np.arange(5), np.arange(5) ** 2, yerr=np.sqrt(np.arange(5)))
ax[0, 0].axhline(np.mean(y1))
ax[0, 0].set_xlim(x.min(), x.max())
out = os.path.join(tempfile.mkdtemp(), "fig.png")
fig.tight_layout()
fig.savefig(out, dpi=50)
plt.close(fig)
print(os.path.exists(out), os.path.getsize(out) > 1000)
line = plt.plot(x, y1)[0]
xd, yd = line.get_data()
print(len(xd), float(np.max(yd)) <= 1.0)
plt.close("all")
fig = plt.figure()
plt.semilogy(np.arange(1, 10), np.exp(np.arange(1, 10)))
plt.title(f"max = {np.exp(9):.1f}")
plt.savefig(out)
plt.close(fig)
print(os.path.getsize(out) > 0)

RESULTS = {"counts": np.asarray(counts), "edges": np.asarray(edges)}
