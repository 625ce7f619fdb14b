"""Date-free time series: cumsum, diff, running max, rolling windows."""
import numpy as np
from numpy.lib.stride_tricks import sliding_window_view

n = 40
t = np.arange(n)
price = 100 + np.cumsum(np.sin(t * 0.9) + 0.1 * np.cos(t * 3.1))
print(price[:5].round(4))
ret = np.diff(price) / price[:-1]
print("returns", ret[:4].round(5), len(ret))
logret = np.diff(np.log(price))
print(np.allclose(np.exp(np.cumsum(logret)) * price[0], price[1:]))
print(np.diff(price, n=2)[:3].round(4), np.ediff1d(price[:4]).round(4), np.gradient(price[:5]).round(4))

running_max = np.maximum.accumulate(price)
drawdown = price / running_max - 1
print("max drawdown", drawdown.min().round(5), "at", drawdown.argmin())
print(np.minimum.accumulate(price)[-3:].round(3), np.cumprod(1 + ret)[-1].round(6))

w = 5
cs = np.cumsum(np.insert(price, 0, 0))
ma_cumsum = (cs[w:] - cs[:-w]) / w
ma_conv = np.convolve(price, np.ones(w) / w, mode="valid")
win = sliding_window_view(price, w)
print(win.shape, win[0].round(3))
ma_view = win.mean(axis=1)
print(np.allclose(ma_cumsum, ma_conv), np.allclose(ma_view, ma_conv))
roll_std = win.std(axis=1)
roll_max = win.max(axis=-1)
print(ma_view[:3].round(4), roll_std[:3].round(4), roll_max[:3].round(4))
print(np.lib.stride_tricks.sliding_window_view(np.arange(6), 3))
print(sliding_window_view(np.arange(12).reshape(3, 4), (2, 2)).shape)

ema = np.empty_like(price)
alpha = 0.3
ema[0] = price[0]
for i in range(1, n):
    ema[i] = alpha * price[i] + (1 - alpha) * ema[i - 1]
print("ema", ema[-3:].round(4))
signal = np.where(price > ma_conv.mean(), 1, -1)
crossings = np.flatnonzero(np.diff(np.sign(price[w - 1:] - ma_conv)))
print("crossings", crossings)
lag = np.roll(price, 1)
lag[0] = np.nan
print(lag[:3].round(3), np.corrcoef(price[1:], price[:-1])[0, 1].round(4))
ac = np.correlate(price - price.mean(), price - price.mean(), mode="full")[n - 1:]
print("autocorr", (ac[:4] / ac[0]).round(4))
peaks = np.flatnonzero((price[1:-1] > price[:-2]) & (price[1:-1] > price[2:])) + 1
print("peaks", peaks, signal.sum())
print(np.trapezoid(price, dx=0.5).round(3) if hasattr(np, "trapezoid") else None)

RESULTS = {"ma": ma_view, "roll_std": roll_std, "drawdown": drawdown, "ema": ema, "ac": ac}
