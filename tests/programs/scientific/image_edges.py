"""Image processing on a synthetic picture: Sobel edges, thresholds, uint8 conversion."""
import numpy as np

h, w = 48, 64
yy, xx = np.mgrid[0:h, 0:w]
img = np.zeros((h, w))
img[(xx - 20) ** 2 + (yy - 24) ** 2 < 12**2] = 1.0          # disc
img[10:38, 40:58] = 0.6                                        # rectangle
img += 0.1 * np.sin(xx / 3.0) * np.cos(yy / 5.0)                # texture
img = (img - img.min()) / np.ptp(img)
img8 = np.round(img * 255).astype(np.uint8)
print("uint8 image:", img8.dtype, img8.shape, img8.min(), img8.max())
hist = np.bincount(img8.ravel(), minlength=256)
print("histogram peaks:", np.argsort(hist)[-3:][::-1])

# Otsu threshold
p = hist / hist.sum()
omega = np.cumsum(p)
mu = np.cumsum(p * np.arange(256))
mu_t = mu[-1]
with np.errstate(divide="ignore", invalid="ignore"):
    sigma_b = (mu_t * omega - mu) ** 2 / (omega * (1 - omega))
sigma_b = np.nan_to_num(sigma_b)
otsu = np.argmax(sigma_b)
print("Otsu threshold:", otsu)
mask = img8 > otsu
print("foreground fraction: %.4f" % mask.mean())

# Sobel filter written with slices
p = np.pad(img, 1, mode="edge")
gx = (p[:-2, 2:] + 2 * p[1:-1, 2:] + p[2:, 2:]) - (p[:-2, :-2] + 2 * p[1:-1, :-2] + p[2:, :-2])
gy = (p[2:, :-2] + 2 * p[2:, 1:-1] + p[2:, 2:]) - (p[:-2, :-2] + 2 * p[:-2, 1:-1] + p[:-2, 2:])
mag = np.hypot(gx, gy)
angle = np.degrees(np.arctan2(gy, gx))
edges = mag > 0.5 * mag.max()
print("edge pixels:", np.count_nonzero(edges))
print("edge directions histogram:", np.histogram(angle[edges], bins=4, range=(-180, 180))[0])
rows, cols = np.nonzero(edges)
print("edge bounding box:", rows.min(), rows.max(), cols.min(), cols.max())

# Downsample by block averaging and upsample by repetition
small = img.reshape(h // 4, 4, w // 4, 4).mean(axis=(1, 3))
big = np.repeat(np.repeat(small, 4, axis=0), 4, axis=1)
print("block mean preserved:", np.isclose(small.mean(), img.mean()), "upsampled:", big.shape)
print("reconstruction error: %.4f" % np.abs(big - img).mean())
print(np.round(small[::3, ::4], 2))

# Gamma correction, clipping, and channels
rgb = np.stack([img, img**2, np.sqrt(img)], axis=-1)
gray = rgb @ np.array([0.299, 0.587, 0.114])
print("rgb -> gray:", gray.shape, "max %.4f" % gray.max())
bright = np.clip(rgb * 1.5, 0, 1)
print("saturated pixels per channel:", (bright == 1).sum(axis=(0, 1)))
flipped = img[:, ::-1]
print("mirror symmetry of disc column sum:", np.allclose(img[:, 8:33].sum(0), img[:, 8:33].sum(0)[::-1], atol=0.6))
print("rot90 shapes:", np.rot90(img).shape, np.array_equal(np.rot90(img, 2), img[::-1, ::-1]), np.fliplr(img).sum() == flipped.sum())
