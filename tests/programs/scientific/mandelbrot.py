"""Mandelbrot and Julia sets with complex arrays and boolean masks."""
import numpy as np


def mandelbrot(width, height, max_iter=60, xlim=(-2.2, 0.8), ylim=(-1.2, 1.2)):
    re = np.linspace(*xlim, width)
    im = np.linspace(*ylim, height)
    c = re[np.newaxis, :] + 1j * im[:, np.newaxis]
    z = np.zeros_like(c)
    counts = np.zeros(c.shape, dtype=int)
    alive = np.ones(c.shape, dtype=bool)
    for k in range(max_iter):
        z[alive] = z[alive] ** 2 + c[alive]
        escaped = np.abs(z) > 2.0
        newly = escaped & alive
        counts[newly] = k
        alive &= ~escaped
    counts[alive] = max_iter
    return counts, c


counts, c = mandelbrot(72, 28)
print("grid:", counts.shape, counts.dtype, c.dtype)
inside = counts == 60
print("points inside:", np.count_nonzero(inside))
area = inside.mean() * 3.0 * 2.4
print(f"area estimate: {area:.4f}")
chars = " .:-=+*#%@"   # a str array (np.array(list(chars))) is a documented difference
levels = np.minimum(counts * len(chars) // 61, len(chars) - 1)
for row in levels[::3]:
    print("".join(chars[k] for k in row))

# Escape-time histogram
hist = np.bincount(counts.ravel(), minlength=61)
print("escape after 0..4 iterations:", hist[:5])
print("most common escape count:", np.argmax(hist[:-1]))

# Julia set with a smooth iteration count
def julia(cst, n=40, max_iter=50):
    xs = np.linspace(-1.5, 1.5, n)
    Z = xs[None, :] + 1j * xs[:, None]
    smooth = np.full(Z.shape, float(max_iter))
    for k in range(max_iter):
        mask = np.isnan(smooth) | (smooth == max_iter)
        Z = np.where(mask, Z * Z + cst, Z)
        esc = (np.abs(Z) > 4) & (smooth == max_iter)
        smooth[esc] = k + 1 - np.log2(np.log(np.abs(Z[esc])))
    return smooth


J = julia(-0.8 + 0.156j)
print("Julia smooth counts: min %.4f, mean %.4f" % (J.min(), J.mean()))
print("Julia symmetric under z -> -z:", np.allclose(J, J[::-1, ::-1]))
print("bounded fraction: %.3f" % np.mean(J == 50))
z = np.exp(2j * np.pi * np.arange(8) / 8)
print("roots of unity:", np.round(z, 3))
print("angles (deg):", np.degrees(np.angle(z)).round(1))
