"""NumPy with SciPy: integrate a pendulum with solve_ivp, fit its period law, minimise a potential."""
import numpy as np
from scipy import integrate, optimize

g, L = 9.81, 1.0


def pendulum(t, y):
    theta, omega = y
    return np.array([omega, -g / L * np.sin(theta)])


amplitudes = np.radians([5, 15, 25, 35, 45])
periods = []
for a in amplitudes:
    crossing = lambda t, y: y[1]
    crossing.direction = 1
    sol = integrate.solve_ivp(pendulum, (0, 10), np.array([a, 0.0]), events=crossing, rtol=1e-10, atol=1e-12)
    periods.append(2 * sol.t_events[0][0])   # omega returns to 0 from below after half a period
periods = np.array(periods)
T0 = 2 * np.pi * np.sqrt(L / g)
print("periods / T0:", np.round(periods / T0, 5))


def period_law(theta0, c2, c4):
    return T0 * (1 + c2 * theta0**2 + c4 * theta0**4)


popt, pcov = optimize.curve_fit(period_law, amplitudes, periods, p0=[0.1, 0.0])
print("fitted series coefficients: %.4f %.5f (theory 1/16 = 0.0625, 11/3072 = %.5f)" % (popt[0], popt[1], 11 / 3072))

# Equilibrium of a particle in a 2-D potential
def potential(p):
    x, y = p
    return (x**2 - 1) ** 2 + 0.5 * (y - 0.3 * x) ** 2 + 0.1 * x


res = optimize.minimize(potential, np.array([0.8, 0.0]), method="BFGS")
print("minimum at", np.round(res.x, 5), "value %.6f" % res.fun)
quad_val, err = integrate.quad(lambda s: np.exp(-s**2) * np.cos(s), -np.inf, np.inf)
print("Gaussian-cosine integral: %.10f (exact %.10f)" % (quad_val, np.sqrt(np.pi) * np.exp(-0.25)))
