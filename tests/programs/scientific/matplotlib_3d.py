"""NumPy with matplotlib 3-D: a wireframe surface, a 3-D quiver field, saved to memory."""
import io

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt
import numpy as np

x = np.linspace(-2, 2, 25)
y = np.linspace(-2, 2, 25)
X, Y = np.meshgrid(x, y)
R = np.sqrt(X**2 + Y**2)
Z = np.sin(3 * R) / (1 + R)
print("surface range %.4f %.4f" % (Z.min(), Z.max()))

fig = plt.figure(figsize=(8, 4))
ax = fig.add_subplot(1, 2, 1, projection="3d")
ax.plot_wireframe(X, Y, Z, rstride=2, cstride=2, color="k", linewidth=0.5)
ax.set_title("wireframe")

gx, gy, gz = np.meshgrid(np.arange(-1, 1.01, 0.5), np.arange(-1, 1.01, 0.5), np.arange(-1, 1.01, 0.5))
u = -gy
v = gx
w = 0.2 * np.ones_like(gz)
speed = np.sqrt(u**2 + v**2 + w**2)
ax2 = fig.add_subplot(1, 2, 2, projection="3d")
ax2.quiver(gx, gy, gz, u, v, w, length=0.2, normalize=True)
ax2.plot(np.cos(np.linspace(0, 4 * np.pi, 100)), np.sin(np.linspace(0, 4 * np.pi, 100)),
         np.linspace(-1, 1, 100), color="r", alpha=np.random.uniform(0.5, 1.0))
ax2.scatter(gx.ravel(), gy.ravel(), gz.ravel(), c=speed.ravel(), s=4)
print("arrows", u.size, "mean speed %.4f" % speed.mean())

buf = io.BytesIO()
fig.savefig(buf, format="png", dpi=50)
print("png written:", buf.getvalue()[:4] == b"\x89PNG", buf.tell() > 1000)
plt.close(fig)

fig2, axes = plt.subplots(1, 2)
counts, edges, _ = axes[0].hist(Z.ravel(), bins=np.linspace(-1, 1, 11))
print("histogram counts", counts.astype(int))
cs = axes[1].contourf(X, Y, Z, levels=np.linspace(-1, 1, 9))
print("contour levels", len(cs.levels))
buf2 = io.BytesIO()
fig2.savefig(buf2, format="svg")
print("svg written:", b"<svg" in buf2.getvalue())
plt.close(fig2)
