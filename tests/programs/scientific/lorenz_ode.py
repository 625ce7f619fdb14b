"""Lorenz system: explicit Euler vs classical RK4, and a damped oscillator check."""
import numpy as np

np.set_printoptions(precision=5, suppress=True)

sigma, rho, beta = 10.0, 28.0, 8.0 / 3.0


def lorenz(state):
    x, y, z = state
    return np.array([sigma * (y - x), x * (rho - z) - y, x * y - beta * z])


def rk4_step(f, y, h):
    k1 = f(y)
    k2 = f(y + 0.5 * h * k1)
    k3 = f(y + 0.5 * h * k2)
    k4 = f(y + h * k3)
    return y + h / 6.0 * (k1 + 2 * k2 + 2 * k3 + k4)


dt = 0.005
n_steps = 400
traj_rk4 = np.empty((n_steps + 1, 3))
traj_euler = np.zeros_like(traj_rk4)
traj_rk4[0] = traj_euler[0] = [1.0, 1.0, 1.0]
for i in range(n_steps):
    traj_rk4[i + 1] = rk4_step(lorenz, traj_rk4[i], dt)
    traj_euler[i + 1] = traj_euler[i] + dt * lorenz(traj_euler[i])

t = np.linspace(0, n_steps * dt, n_steps + 1)
print("t_end =", t[-1])
print("RK4 final state:  ", traj_rk4[-1])
print("Euler final state:", traj_euler[-1])
diff = np.linalg.norm(traj_rk4 - traj_euler, axis=1)
print(f"max divergence {diff.max():.4f} at t={t[np.argmax(diff)]:.3f}")
print("z range:", traj_rk4[:, 2].min().round(3), traj_rk4[:, 2].max().round(3))
print("mean position:", traj_rk4.mean(axis=0))

# Damped harmonic oscillator solved as a vectorised system for several dampings at once
gammas = np.array([0.0, 0.1, 0.5, 1.0])
omega = 2.0
state = np.stack([np.ones_like(gammas), np.zeros_like(gammas)])  # (2, n_gamma)


def oscillator(s):
    pos, vel = s
    return np.vstack([vel, -omega**2 * pos - 2 * gammas * vel])


h = 0.01
for _ in range(500):
    state = rk4_step(oscillator, state, h)
energy = 0.5 * state[1] ** 2 + 0.5 * omega**2 * state[0] ** 2
print("energies at t=5:", energy)
exact_undamped = np.cos(omega * 5.0)
print(f"undamped error: {abs(state[0, 0] - exact_undamped):.2e}")
assert np.all(np.diff(energy) < 0)
assert np.isclose(energy[0], 2.0, rtol=1e-6)
