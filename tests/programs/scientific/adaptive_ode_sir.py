"""Adaptive Runge-Kutta-Fehlberg (RK45) for Lotka-Volterra, and an SIR epidemic model."""
import numpy as np

# Butcher tableau of the Dormand-Prince 5(4) pair
c = np.array([0, 1 / 5, 3 / 10, 4 / 5, 8 / 9, 1, 1])
A = np.zeros((7, 7))
A[1, :1] = [1 / 5]
A[2, :2] = [3 / 40, 9 / 40]
A[3, :3] = [44 / 45, -56 / 15, 32 / 9]
A[4, :4] = [19372 / 6561, -25360 / 2187, 64448 / 6561, -212 / 729]
A[5, :5] = [9017 / 3168, -355 / 33, 46732 / 5247, 49 / 176, -5103 / 18656]
A[6, :6] = [35 / 384, 0, 500 / 1113, 125 / 192, -2187 / 6784, 11 / 84]
b5 = A[6].copy()
b4 = np.array([5179 / 57600, 0, 7571 / 16695, 393 / 640, -92097 / 339200, 187 / 2100, 1 / 40])


def dopri(f, t0, y0, t_end, rtol=1e-8, atol=1e-10, h=0.01):
    t, y = t0, np.asarray(y0, dtype=float)
    ts, ys, rejected = [t], [y], 0
    K = np.empty((7, y.size))
    while t < t_end:
        h = min(h, t_end - t)
        for i in range(7):
            K[i] = f(t + c[i] * h, y + h * (A[i, :i] @ K[:i]))
        y5 = y + h * (b5 @ K)
        err = h * ((b5 - b4) @ K)
        scale = atol + rtol * np.maximum(np.abs(y), np.abs(y5))
        err_norm = np.sqrt(np.mean((err / scale) ** 2))
        if err_norm <= 1.0:
            t, y = t + h, y5
            ts.append(t)
            ys.append(y)
        else:
            rejected += 1
        h *= min(5.0, max(0.2, 0.9 * err_norm ** -0.2))
    return np.array(ts), np.vstack(ys), rejected


alpha, beta, delta, gamma = 1.1, 0.4, 0.1, 0.4
lotka = lambda t, z: np.array([alpha * z[0] - beta * z[0] * z[1], delta * z[0] * z[1] - gamma * z[1]])
ts, Z, rej = dopri(lotka, 0.0, [10.0, 10.0], 30.0)
print(f"accepted steps: {ts.size - 1}, rejected: {rej}")
print("final populations: prey %.6f, predators %.6f" % tuple(Z[-1]))
V = delta * Z[:, 0] - gamma * np.log(Z[:, 0]) + beta * Z[:, 1] - alpha * np.log(Z[:, 1])
print("invariant drift: %.2e" % (V.max() - V.min()))
peaks = np.flatnonzero((Z[1:-1, 0] > Z[:-2, 0]) & (Z[1:-1, 0] > Z[2:, 0])) + 1
print("prey peaks at t =", np.round(ts[peaks], 2))
print("period estimate: %.3f" % np.mean(np.diff(ts[peaks])))
steps = np.diff(ts)
print("step sizes: min %.4f max %.4f median %.4f" % (steps.min(), steps.max(), np.median(steps)))

# SIR model with fixed-step RK4 on a grid of reproduction numbers
N = 1e6
R0 = np.array([0.8, 1.5, 2.5, 4.0])
gam = 0.1
bet = R0 * gam
state = np.tile(np.array([[N - 10.0], [10.0], [0.0]]), (1, R0.size))


def sir(s):
    S, I, R = s
    new_inf = bet * S * I / N
    return np.array([-new_inf, new_inf - gam * I, gam * I])


dt, days = 0.5, 300
peak_I = np.zeros(R0.size)
peak_day = np.zeros(R0.size)
for k in range(int(days / dt)):
    k1 = sir(state)
    k2 = sir(state + dt / 2 * k1)
    k3 = sir(state + dt / 2 * k2)
    k4 = sir(state + dt * k3)
    state = state + dt / 6 * (k1 + 2 * k2 + 2 * k3 + k4)
    better = state[1] > peak_I
    peak_I = np.where(better, state[1], peak_I)
    peak_day[better] = (k + 1) * dt
print("population conserved:", np.allclose(state.sum(axis=0), N))
print("final size fraction:", np.round(state[2] / N, 4))
print("peak infected:", np.round(peak_I).astype(np.int64))
print("peak day:", peak_day)
herd = 1 - 1 / R0
print("herd immunity threshold:", np.where(R0 > 1, herd, 0).round(3))
