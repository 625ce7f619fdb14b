"""2-D Ising model with checkerboard Metropolis updates: magnetisation vs temperature."""
import numpy as np

rng = np.random.default_rng(7)
L = 16
ii, jj = np.indices((L, L))
black = (ii + jj) % 2 == 0


def energy(s):
    return -np.sum(s * (np.roll(s, 1, 0) + np.roll(s, 1, 1)))


def sweep(s, beta):
    for colour in (black, ~black):
        nb = np.roll(s, 1, 0) + np.roll(s, -1, 0) + np.roll(s, 1, 1) + np.roll(s, -1, 1)
        dE = 2 * s * nb
        accept = (dE <= 0) | (rng.random(s.shape) < np.exp(-beta * dE))
        s[colour & accept] *= -1
    return s


temps = np.array([1.5, 2.0, 2.27, 3.0, 4.0])
mags, energies = [], []
for T in temps:
    spins = np.ones((L, L), dtype=np.int8)
    for _ in range(150):
        sweep(spins, 1.0 / T)
    m_samples, e_samples = [], []
    for _ in range(100):
        sweep(spins, 1.0 / T)
        m_samples.append(abs(spins.mean()))
        e_samples.append(energy(spins) / L**2)
    mags.append(np.mean(m_samples))
    energies.append(np.mean(e_samples))
mags = np.array(mags)
energies = np.array(energies)
print("spins dtype:", spins.dtype, "values:", np.unique(spins))
print("ordered at low T:", mags[0] > 0.9, "disordered at high T:", mags[-1] < 0.3)
print("magnetisation decreases:", bool(np.all(np.diff(mags[[0, 1, 3, 4]]) < 0.05)))
print("energy increases with T:", bool(np.all(np.diff(energies) > -0.05)))
print("ground-state energy per spin is -2:", energy(np.ones((L, L))) / L**2)
onsager = (1 - np.sinh(2 / temps[:2]) ** -4) ** 0.125
print("low-T magnetisation near Onsager:", np.allclose(mags[:2], onsager, atol=0.08))
