"""Kuramoto oscillators (order parameter with complex exponentials) and a spectral Poisson solver."""
import numpy as np

n = 64
omega = np.tan(np.pi * (np.arange(n) + 0.5) / n - np.pi / 2) * 0.1   # Lorentzian frequencies, width 0.1
theta0 = 2 * np.pi * np.arange(n) / n * 0.9


def order_parameter(theta):
    z = np.mean(np.exp(1j * theta))
    return np.abs(z), np.angle(z)


for K in (0.05, 0.5):
    theta = theta0.copy()
    dt = 0.05
    R_hist = []
    for step in range(600):
        r, psi = order_parameter(theta)
        theta = theta + dt * (omega + K * r * np.sin(psi - theta))
        R_hist.append(r)
    R_hist = np.array(R_hist)
    print(f"K={K}: final R={R_hist[-1]:.4f}, mean over last 100 steps {R_hist[-100:].mean():.4f}")
locked = np.abs(omega) < 0.5 * R_hist[-1]
print("locked oscillators:", np.count_nonzero(locked), "of", n)
pairwise = np.sin(theta[None, :] - theta[:, None]).mean(axis=1)
print("mean-field equals pairwise coupling:", np.allclose(pairwise, r * np.sin(psi - theta), atol=1e-2))
print("phase spread of locked: %.4f" % np.std(np.mod(theta[locked] - psi + np.pi, 2 * np.pi) - np.pi))

# Spectral Poisson solver on a periodic square: lap(phi) = rho
m = 32
L = 2 * np.pi
x = np.arange(m) * L / m
X, Y = np.meshgrid(x, x, indexing="ij")
phi_exact = np.sin(2 * X) * np.cos(3 * Y) + 0.5 * np.cos(X + Y)
rho = -13 * np.sin(2 * X) * np.cos(3 * Y) - 0.5 * 2 * np.cos(X + Y)
k = np.fft.fftfreq(m, d=L / m) * 2 * np.pi
KX, KY = np.meshgrid(k, k, indexing="ij")
k2 = KX**2 + KY**2
k2[0, 0] = 1.0
phi_hat = -np.fft.fft2(rho) / k2
phi_hat[0, 0] = 0.0
phi = np.real(np.fft.ifft2(phi_hat))
print("spectral Poisson max error: %.2e" % np.abs(phi - phi_exact).max())
ex = -np.real(np.fft.ifft2(1j * KX * phi_hat))
print("field energy: %.6f" % (0.5 * np.sum(ex**2) * (L / m) ** 2))
# 2/3 dealiasing mask and spectrum by shells
kmax = np.abs(k).max()
mask = (np.abs(KX) < 2 / 3 * kmax) & (np.abs(KY) < 2 / 3 * kmax)
print("modes kept by dealiasing:", mask.sum(), "of", mask.size)
shell = np.rint(np.sqrt(KX**2 + KY**2)).astype(int)
spectrum = np.bincount(shell.ravel(), weights=(np.abs(np.fft.fft2(phi_exact)) ** 2).ravel())
print("energy shells with content:", np.flatnonzero(spectrum > 1e-6 * spectrum.max()))
