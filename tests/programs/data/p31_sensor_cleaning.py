"""Cleaning sensor data: gaps (NaN) filled by interpolation, spikes, resampling, smoothing, FFT."""
import numpy as np

np.set_printoptions(precision=3, suppress=True)
fs = 20.0
t = np.arange(0, 6, 1 / fs)
signal = 2.0 * np.sin(2 * np.pi * 1.5 * t) + 0.5 * np.sin(2 * np.pi * 4.0 * t) + 0.1 * t
signal[[13, 47, 90]] += np.array([8.0, -7.5, 9.0])            # spikes
signal[30:36] = np.nan                                         # sensor dropout
signal[100] = np.nan
print(signal.shape, np.isnan(signal).sum(), np.nanmin(signal).round(3), np.nanmax(signal).round(3))

nans = np.isnan(signal)
filled = signal.copy()
filled[nans] = np.interp(t[nans], t[~nans], signal[~nans])
print(filled[28:38])
med = np.median(filled)
mad = np.median(np.abs(filled - med))
robust_z = 0.6745 * (filled - med) / mad
spikes = np.flatnonzero(np.abs(robust_z) > 3.5)
print("spikes", spikes, robust_z[spikes].round(2))
clean = filled.copy()
for i in spikes:
    lo, hi = max(i - 2, 0), min(i + 3, len(clean))
    neighbours = np.r_[clean[lo:i], clean[i + 1:hi]]
    clean[i] = np.median(neighbours)
print(clean[[13, 47, 90]])

k = 5
kernel = np.ones(k) / k
smooth = np.convolve(clean, kernel, mode="same")
edge = np.convolve(np.ones_like(clean), kernel, mode="same")
smooth /= edge
print(smooth[:6], smooth[-3:])
gauss = np.exp(-0.5 * (np.arange(-3, 4) / 1.5) ** 2)
gauss /= gauss.sum()
print(gauss, np.convolve(clean, gauss, mode="valid")[:4])
blocks = clean[: len(clean) // 10 * 10].reshape(-1, 10)
print("1/2 s means", blocks.mean(axis=1), blocks.max(axis=1) - blocks.min(axis=1))
detrended = clean - np.polyval(np.polyfit(t, clean, 1), t)
print("trend", np.polyfit(t, clean, 1), detrended.mean().round(6))
spec = np.abs(np.fft.rfft(detrended)) / len(detrended)
freqs = np.fft.rfftfreq(len(detrended), d=1 / fs)
top = np.argsort(spec)[-2:][::-1]
print("dominant", freqs[top], (2 * spec[top]).round(2))
vel = np.gradient(smooth, 1 / fs)
zero_cross = np.flatnonzero(np.diff(np.signbit(vel)))
print("extrema", len(zero_cross), zero_cross[:6])
rms = np.sqrt(np.mean(detrended ** 2))
energy = np.trapezoid(detrended ** 2, t)
print(f"rms={rms:.4f} energy={energy:.4f} snr_db={10 * np.log10(np.var(smooth) / np.var(clean - smooth)):.2f}")
np.set_printoptions(precision=8, suppress=False)

RESULTS = {"filled": filled, "clean": clean, "smooth": smooth, "spec": spec, "vel": vel}
