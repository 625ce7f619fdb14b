"""FFT low-pass filtering of a noisy signal, spectrum peaks, and a 2-D FFT check."""
import numpy as np

fs = 512.0                      # sampling rate, Hz
n = 1024
t = np.arange(n) / fs
clean = 1.0 * np.sin(2 * np.pi * 12 * t) + 0.5 * np.sin(2 * np.pi * 30 * t + 0.3)
# deterministic broadband "noise" (chirp plus high tones)
noise = 0.4 * np.sin(2 * np.pi * (60 * t + 40 * t**2)) + 0.3 * np.cos(2 * np.pi * 170 * t)
signal = clean + noise

spec = np.fft.rfft(signal)
freqs = np.fft.rfftfreq(n, d=1 / fs)
power = np.abs(spec) ** 2 / n
print("number of frequency bins:", freqs.size, "resolution: %.3f Hz" % (freqs[1] - freqs[0]))
top = np.argsort(power)[-4:][::-1]
print("strongest frequencies:", freqs[top])
print("their amplitudes:", np.round(2 * np.abs(spec[top]) / n, 3))

cutoff = 40.0
filtered_spec = np.where(freqs <= cutoff, spec, 0)
filtered = np.fft.irfft(filtered_spec, n=n)
err_before = np.sqrt(np.mean((signal - clean) ** 2))
err_after = np.sqrt(np.mean((filtered - clean) ** 2))
print(f"rms error before {err_before:.4f}, after {err_after:.4f}")

# Full complex FFT and symmetry properties
F = np.fft.fft(signal)
f_all = np.fft.fftfreq(n, 1 / fs)
print("Hermitian symmetry:", np.allclose(F[1:], np.conj(F[1:][::-1])))
print("Parseval:", np.isclose(np.sum(signal**2), np.sum(np.abs(F) ** 2) / n))
shifted = np.fft.fftshift(f_all)
print("shifted freq range:", shifted[0], shifted[-1])
print("round trip:", np.allclose(np.fft.ifft(F).real, signal))

# Gaussian smoothing by multiplication in the frequency domain
sigma_f = 20.0
gauss = np.exp(-0.5 * (freqs / sigma_f) ** 2)
smooth = np.fft.irfft(spec * gauss, n)
print("smoothed variance ratio: %.4f" % (smooth.var() / signal.var()))

# 2-D: derivative of a periodic field via FFT
m = 32
xg = np.linspace(0, 2 * np.pi, m, endpoint=False)
XX, YY = np.meshgrid(xg, xg, indexing="ij")
field = np.sin(XX) * np.cos(2 * YY)
k = np.fft.fftfreq(m, d=1.0 / m)
KX = k[:, None] * np.ones(m)
dfdx = np.fft.ifft2(1j * KX * np.fft.fft2(field)).real
print("spectral derivative max error: %.2e" % np.abs(dfdx - np.cos(XX) * np.cos(2 * YY)).max())
print("energy in field modes:", np.count_nonzero(np.abs(np.fft.fft2(field)) > 1e-8))
