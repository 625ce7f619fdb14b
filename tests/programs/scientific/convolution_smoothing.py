"""Convolution, moving averages (cumsum trick), correlation and exponential smoothing."""
import numpy as np

np.set_printoptions(precision=4, suppress=True)

days = np.arange(60)
temps = 15 + 8 * np.sin(2 * np.pi * days / 30) + 2.0 * np.sin(days * 1.7) * np.cos(days * 0.31)
window = 7

kernel = np.ones(window) / window
ma_conv = np.convolve(temps, kernel, mode="valid")
csum = np.cumsum(np.insert(temps, 0, 0.0))
ma_cumsum = (csum[window:] - csum[:-window]) / window
print("moving average length:", ma_conv.shape[0], "first values:", ma_conv[:5])
print("conv == cumsum method:", np.allclose(ma_conv, ma_cumsum))
print("modes full/same/valid:", [np.convolve(temps, kernel, mode=m).size for m in ("full", "same", "valid")])

# Gaussian kernel and edge handling with padding
gx = np.arange(-3, 4)
g = np.exp(-gx**2 / 2.0)
g /= g.sum()
padded = np.pad(temps, 3, mode="reflect")
smooth = np.convolve(padded, g, mode="valid")
print("gaussian smoothing keeps length:", smooth.shape == temps.shape)
print("roughness before/after: %.4f / %.4f" % (np.abs(np.diff(temps, 2)).mean(), np.abs(np.diff(smooth, 2)).mean()))

# Exponential moving average written as a loop
alpha = 0.3
ema = np.empty_like(temps)
ema[0] = temps[0]
for k in range(1, temps.size):
    ema[k] = alpha * temps[k] + (1 - alpha) * ema[k - 1]
print("EMA last 5:", ema[-5:])

# Autocorrelation to find the period
centered = temps - temps.mean()
acf = np.correlate(centered, centered, mode="full")[temps.size - 1:]
acf /= acf[0]
lag = np.argmax(acf[10:]) + 10
print("estimated period:", lag, "days, acf = %.3f" % acf[lag])

# Polynomial multiplication is convolution
p1, p2 = np.array([1, 2, 3]), np.array([0, 1, 0.5])
print("product coefficients:", np.convolve(p1, p2), np.polymul(p1, p2))

# 2-D box blur with sliding windows
img = np.add.outer(np.arange(8.0), np.arange(8.0)) % 5
win = np.lib.stride_tricks.sliding_window_view(img, (3, 3))
blur = win.mean(axis=(-2, -1))
print("blurred image:")
print(blur)
print("local maxima count:", np.sum(win.max(axis=(-2, -1)) == img[1:-1, 1:-1]))
rolled = sum(np.roll(np.roll(img, di, 0), dj, 1) for di in (-1, 0, 1) for dj in (-1, 0, 1)) / 9
print("roll-based blur agrees in interior:", np.allclose(rolled[1:-1, 1:-1], blur))
