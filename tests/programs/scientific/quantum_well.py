"""1-D Schroedinger equation: bound states by eigh, Crank-Nicolson time evolution of a wave packet."""
import numpy as np

hbar = m = 1.0
n = 300
x = np.linspace(-10, 10, n)
dx = x[1] - x[0]
V = 0.5 * x**2                                   # harmonic oscillator, omega = 1

# Kinetic energy by a 3-point Laplacian; Hamiltonian is a real symmetric tridiagonal matrix
main = hbar**2 / (m * dx**2) + V
off = -hbar**2 / (2 * m * dx**2) * np.ones(n - 1)
H = np.diag(main) + np.diag(off, 1) + np.diag(off, -1)
E, psi = np.linalg.eigh(H)
print("lowest energies:", np.round(E[:5], 4))
print("expected (n + 1/2):", np.arange(5) + 0.5)
psi = psi[:, :6] / np.sqrt(dx)                    # keep the bound states of interest
norms = np.sum(np.abs(psi[:, :4]) ** 2, axis=0) * dx
print("normalised:", np.allclose(norms, 1))
nodes = [int(np.count_nonzero(np.diff(np.sign(psi[np.abs(psi[:, k]) > 1e-6, k])))) for k in range(5)]
print("nodes per state:", nodes)
x_expect = np.sum(x * psi[:, 1] ** 2) * dx
x2_expect = np.sum(x**2 * psi[:, 1] ** 2) * dx
print(f"<x> = {x_expect:.2e} -> 0, <x^2> = {x2_expect:.4f} -> 1.5")

# Gaussian wave packet with momentum k0 in a double well, Crank-Nicolson propagation
V2 = 0.05 * (x**2 - 16) ** 2 / 16
H2 = np.diag(hbar**2 / (m * dx**2) + V2) + np.diag(off, 1) + np.diag(off, -1)
k0, sigma, x0 = 1.0, 1.0, -4.0
wave = np.exp(-((x - x0) ** 2) / (4 * sigma**2) + 1j * k0 * x)
wave /= np.sqrt(np.sum(np.abs(wave) ** 2) * dx)
dt = 0.05
I = np.eye(n)
A = I + 0.5j * dt / hbar * H2
B = I - 0.5j * dt / hbar * H2
U = np.linalg.solve(A, B)                        # one CN step as a matrix
print("propagator dtype:", U.dtype, "unitary:", np.allclose(U.conj().T @ U, I, atol=1e-10))
energy0 = np.real(np.vdot(wave, H2 @ wave)) * dx
right_prob = []
for step in range(200):
    wave = U @ wave
    right_prob.append(np.sum(np.abs(wave[x > 0]) ** 2) * dx)
right_prob = np.array(right_prob)
norm = np.sum(np.abs(wave) ** 2) * dx
energy = np.real(np.vdot(wave, H2 @ wave)) * dx
print(f"norm after 200 steps: {norm:.12f}")
print(f"energy drift: {abs(energy - energy0):.2e}")
print("probability in right well (every 40 steps):", np.round(right_prob[::40], 4))
print("max tunnelled probability: %.4f at step %d" % (right_prob.max(), right_prob.argmax()))
current = np.imag(np.conj(wave[1:-1]) * (wave[2:] - wave[:-2]) / (2 * dx)) * hbar / m
print("probability current at x=0: %.5f" % np.interp(0.0, x[1:-1], current))
mom = np.fft.fftshift(np.fft.fft(wave))
k = np.fft.fftshift(np.fft.fftfreq(n, dx)) * 2 * np.pi
pk = np.abs(mom) ** 2
print("<k> = %.4f" % (np.sum(k * pk) / np.sum(pk)))
