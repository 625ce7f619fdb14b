"""Low-rank approximation of an RGB image with the SVD (after the NumPy tutorial)."""
import numpy as np

h, w = 40, 56
yy, xx = np.mgrid[0:h, 0:w] / np.array([h, w]).reshape(2, 1, 1)
img = np.stack([0.5 + 0.5 * np.sin(6 * xx) * np.cos(4 * yy),
                np.exp(-((xx - 0.5) ** 2 + (yy - 0.4) ** 2) * 8),
                (xx + yy) / 2], axis=-1)
img[10:20, 30:45] = [1.0, 0.2, 0.1]
print("image shape:", img.shape, "dtype:", img.dtype, "range: %.3f..%.3f" % (img.min(), img.max()))

gray = img @ [0.2126, 0.7152, 0.0722]
U, s, Vt = np.linalg.svd(gray)
print("U, s, Vt shapes:", U.shape, s.shape, Vt.shape)
Sigma = np.zeros((U.shape[1], Vt.shape[0]))
np.fill_diagonal(Sigma, s)
print("exact reconstruction:", np.allclose(gray, U @ Sigma @ Vt))
print("norm check:", np.isclose(np.linalg.norm(gray), np.sqrt(np.sum(s**2))))
energy = np.cumsum(s**2) / np.sum(s**2)
k99 = np.searchsorted(energy, 0.99) + 1
print("rank for 99% energy:", k99, "of", s.size)
for k in (1, 5, 10, 20):
    approx = U[:, :k] @ np.diag(s[:k]) @ Vt[:k, :]
    err = np.linalg.norm(gray - approx) / np.linalg.norm(gray)
    print(f"k={k:2d}: relative error {err:.4f}, Eckart-Young: {np.isclose(np.linalg.norm(gray - approx), np.sqrt(np.sum(s[k:] ** 2)))}")

# All three channels at once with a batched SVD on the transposed stack
img_t = np.transpose(img, (2, 0, 1))
U3, s3, Vt3 = np.linalg.svd(img_t)
print("batched shapes:", U3.shape, s3.shape, Vt3.shape)
k = 10
approx3 = U3[..., :k] @ (s3[..., :k, None] * Vt3[..., :k, :])
recon = np.clip(np.transpose(approx3, (1, 2, 0)), 0, 1)
print("rank-10 colour error: %.5f" % (np.linalg.norm(recon - img) / np.linalg.norm(img)))
storage = k * (h + w + 1) * 3 / img.size
print(f"storage ratio {storage:.3f}")
print("top singular values per channel:")
print(np.round(s3[:, :4], 4))
u8 = (recon * 255).round().astype(np.uint8)
print("uint8 image: min %d, max %d, mean %.1f" % (u8.min(), u8.max(), u8.mean()))
