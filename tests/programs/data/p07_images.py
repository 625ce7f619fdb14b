"""Image-like arrays: flip, rot90, channels, crop, pad, downsample, grayscale, save PNG."""
import os
import tempfile

import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt
import numpy as np

h, w = 8, 12
yy, xx = np.indices((h, w))
img = np.zeros((h, w, 3), dtype=np.uint8)
img[..., 0] = (xx * 255 // (w - 1)).astype(np.uint8)
img[..., 1] = (yy * 255 // (h - 1)).astype(np.uint8)
img[2:6, 3:9, 2] = 200
print(img.shape, img.dtype, img.strides, img.nbytes)
print(img[0, :4])

gray = img @ np.array([0.299, 0.587, 0.114])
print(gray.dtype, gray.shape)
print(gray.round(1))
gray_u8 = np.round(gray).astype(np.uint8)
print(np.dot(img[..., :3], [0.2989, 0.5870, 0.1140]).max())

print(np.flipud(gray_u8)[0], np.fliplr(gray_u8)[0], np.flip(img, axis=(0, 1))[0, 0])
print(np.rot90(gray_u8).shape, np.rot90(gray_u8, k=2)[0, :3], np.rot90(gray_u8, -1)[0, :3])
chw = img.transpose(2, 0, 1)
print(chw.shape, np.moveaxis(img, -1, 0).shape, np.array_equal(chw, np.moveaxis(img, -1, 0)))
crop = img[2:6, 3:9]
print(crop.shape, crop[..., 2].mean())
padded = np.pad(gray_u8, ((1, 1), (2, 2)), mode="constant", constant_values=0)
print(padded.shape, padded[0].sum(), padded[1, :4])
print(np.pad(np.arange(4), 2, mode="edge"), np.pad(np.arange(4), 2, mode="reflect"))
print(np.pad(np.arange(4), (1, 3), mode="wrap"))

small = gray.reshape(h // 2, 2, w // 2, 2).mean(axis=(1, 3))
print(small.round(2))
up = np.kron(small, np.ones((2, 2)))
print(up.shape, np.abs(up - gray).max().round(3))
up2 = small.repeat(2, axis=0).repeat(2, axis=1)
print(np.allclose(up, up2))
norm = (gray - gray.min()) / (gray.max() - gray.min())
print(norm.min(), norm.max())
inv = 255 - img
print(inv[0, 0], (img.astype(np.int16) - 128).clip(-100, 100)[0, :2])
bright = np.clip(img.astype(np.float32) * 1.5, 0, 255).astype(np.uint8)
print(bright[7, 11], bright.dtype)
mask = gray > gray.mean()
print(mask.sum(), np.argwhere(mask)[:3])
stack = np.stack([gray, gray.T[:h, :h].repeat(2, axis=1)[:, :w]], axis=0)
print(stack.shape)
lum_hist = np.bincount(gray_u8.ravel() // 32, minlength=8)
print(lum_hist)

fig, axes = plt.subplots(1, 2, figsize=(4, 2))
axes[0].imshow(img)
axes[1].imshow(gray, cmap="gray")
path = os.path.join(tempfile.mkdtemp(), "img.png")
fig.savefig(path)
plt.close(fig)
plt.imsave(path, gray_u8, cmap="gray")
back = plt.imread(path)
print(back.shape, os.path.getsize(path) > 0)

RESULTS = {"gray": gray, "small": small, "padded": padded, "bright": bright}
