"""1-D wave equation (string fixed at both ends), leapfrog scheme, energy and modes."""
import numpy as np

L, c = 1.0, 1.0
n = 101
x = np.linspace(0.0, L, n)
dx = x[1] - x[0]
courant = 0.9
dt = courant * dx / c
r2 = (c * dt / dx) ** 2

# Plucked string: triangular initial displacement, zero velocity
u_prev = np.where(x < 0.3, x / 0.3, (1 - x) / 0.7) * 0.01
u = u_prev.copy()
u[1:-1] = u_prev[1:-1] + 0.5 * r2 * (u_prev[2:] - 2 * u_prev[1:-1] + u_prev[:-2])


def energy(u_new, u_old):
    vel = (u_new - u_old) / dt
    strain = np.diff(0.5 * (u_new + u_old)) / dx
    return 0.5 * np.sum(vel**2) * dx + 0.5 * c**2 * np.sum(strain**2) * dx


energies = []
snapshots = {}
n_steps = int(round(2 * L / c / dt))
for k in range(1, n_steps + 1):
    u_next = np.zeros_like(u)
    u_next[1:-1] = 2 * u[1:-1] - u_prev[1:-1] + r2 * (u[2:] - 2 * u[1:-1] + u[:-2])
    energies.append(energy(u_next, u))
    u_prev, u = u, u_next
    if k in (n_steps // 4, n_steps // 2):
        snapshots[k] = u.copy()

energies = np.asarray(energies)
print("steps:", n_steps, "dt = %.5f" % dt)
print("energy drift: %.3e" % ((energies.max() - energies.min()) / energies.mean()))
print("after one period, max |u - u0| = %.2e" % np.max(np.abs(u - u_prev)))
for k, snap in sorted(snapshots.items()):
    print(f"step {k}: min {snap.min():+.5f} max {snap.max():+.5f} zero crossings "
          f"{np.count_nonzero(np.diff(np.sign(snap[1:-1])))}")

# Modal decomposition with a sine transform done by a matrix product
modes = np.arange(1, 11)
basis = np.sin(np.pi * np.outer(modes, x) / L)
coeffs = 2 * dx * basis @ u
print("mode amplitudes:", np.array2string(coeffs, precision=5, suppress_small=True))
dominant = modes[np.argsort(np.abs(coeffs))[::-1][:3]]
print("dominant modes:", dominant)
recon = coeffs @ basis
print("reconstruction rms: %.2e" % np.sqrt(np.mean((recon - u) ** 2)))
