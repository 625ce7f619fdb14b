"""2-D heat equation, explicit finite differences with slicing updates."""
import numpy as np

nx, ny = 41, 31
Lx, Ly = 2.0, 1.5
dx, dy = Lx / (nx - 1), Ly / (ny - 1)
alpha = 0.5
dt = 0.2 * min(dx, dy) ** 2 / alpha

x = np.linspace(0, Lx, nx)
y = np.linspace(0, Ly, ny)
X, Y = np.meshgrid(x, y, indexing="ij")

# Initial condition: hot square in the middle, zero Dirichlet boundaries
u = np.zeros((nx, ny))
hot = (X > 0.75) & (X < 1.25) & (Y > 0.5) & (Y < 1.0)
u[hot] = 100.0
print("hot cells:", hot.sum(), "initial heat:", u.sum() * dx * dy)

u0 = u.copy()
heat_history = []
for step in range(300):
    un = u.copy()
    u[1:-1, 1:-1] = (un[1:-1, 1:-1]
                     + alpha * dt / dx**2 * (un[2:, 1:-1] - 2 * un[1:-1, 1:-1] + un[:-2, 1:-1])
                     + alpha * dt / dy**2 * (un[1:-1, 2:] - 2 * un[1:-1, 1:-1] + un[1:-1, :-2]))
    u[0, :] = u[-1, :] = 0
    u[:, 0] = 0
    u[:, -1] = 0
    if step % 50 == 0:
        heat_history.append(np.trapezoid(np.trapezoid(u, y, axis=1), x))

heat_history = np.array(heat_history)
print("total heat every 50 steps:", np.round(heat_history, 4))
print("max temperature: %.4f" % u.max())
i, j = np.unravel_index(np.argmax(u), u.shape)
print(f"hottest point at x={x[i]:.3f}, y={y[j]:.3f}")
print("centre row (every 8th):", u[::8, ny // 2].round(3))

# Same step written with np.roll on a periodic domain conserves the total exactly
v = u0.copy()
for _ in range(100):
    lap = (np.roll(v, 1, 0) + np.roll(v, -1, 0) - 2 * v) / dx**2 \
        + (np.roll(v, 1, 1) + np.roll(v, -1, 1) - 2 * v) / dy**2
    v += alpha * dt * lap
print("periodic total conserved:", np.isclose(v.sum(), u0.sum()))
print("symmetric about centre:", np.allclose(v, v[::-1, :], atol=1e-8) or "no")
profile = v.mean(axis=1)
print("profile std: {:.5f}".format(profile.std()))
assert np.all(np.diff(heat_history) < 0)
