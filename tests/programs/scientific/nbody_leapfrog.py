"""N-body gravity with a kick-drift-kick leapfrog integrator and an energy check."""
import numpy as np

G = 1.0
softening = 0.05
N = 12

# Deterministic initial conditions: particles on two rings with circular-ish velocities
angles = np.linspace(0, 2 * np.pi, N, endpoint=False)
radii = np.where(np.arange(N) % 2 == 0, 1.0, 1.6)
pos = np.column_stack([radii * np.cos(angles), radii * np.sin(angles), 0.05 * np.sin(3 * angles)])
mass = np.full(N, 1.0 / N)
speed = np.sqrt(G * mass.sum() / radii) * 0.8
vel = np.column_stack([-speed * np.sin(angles), speed * np.cos(angles), np.zeros(N)])
vel -= np.average(vel, axis=0, weights=mass)  # zero total momentum


def accelerations(pos, mass):
    dr = pos[np.newaxis, :, :] - pos[:, np.newaxis, :]        # (N, N, 3): r_j - r_i
    inv_r3 = (np.sum(dr**2, axis=-1) + softening**2) ** -1.5
    np.fill_diagonal(inv_r3, 0.0)
    return G * np.einsum("ij,ijk,j->ik", inv_r3, dr, mass)


def total_energy(pos, vel, mass):
    kinetic = 0.5 * np.sum(mass[:, None] * vel**2)
    dx = pos[:, None, :] - pos[None, :, :]
    r = np.sqrt((dx**2).sum(-1) + softening**2)
    iu = np.triu_indices(len(mass), k=1)
    potential = -G * np.sum((mass[:, None] * mass[None, :] / r)[iu])
    return kinetic, potential


dt = 0.01
steps = 300
K0, U0 = total_energy(pos, vel, mass)
E0 = K0 + U0
print(f"initial: K={K0:.6f} U={U0:.6f} E={E0:.6f}")
acc = accelerations(pos, mass)
rel_err = np.empty(steps)
for s in range(steps):
    vel += 0.5 * dt * acc
    pos += dt * vel
    acc = accelerations(pos, mass)
    vel += 0.5 * dt * acc
    K, U = total_energy(pos, vel, mass)
    rel_err[s] = abs((K + U - E0) / E0)

com = (mass[:, None] * pos).sum(axis=0) / mass.sum()
momentum = (mass[:, None] * vel).sum(axis=0)
print(f"max relative energy error: {rel_err.max():.2e}")
print("centre of mass:", np.round(com, 8) + 0.0)
print("total momentum norm < 1e-12:", np.linalg.norm(momentum) < 1e-12)
r_final = np.linalg.norm(pos, axis=1)
print("final radii:", np.array2string(r_final, precision=4, separator=", "))
print("virial ratio 2K/|U|: {:.4f}".format(2 * K / abs(U)))
assert rel_err.max() < 1e-2
