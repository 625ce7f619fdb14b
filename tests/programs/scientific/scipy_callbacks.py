"""NumPy with SciPy callbacks: predator-prey ODEs (solve_ivp, odeint), a decay fit
(curve_fit), a Rosenbrock minimisation with an analytic gradient, and a nonlinear root."""
import numpy as np
from scipy import integrate, optimize

alpha, beta, delta, gamma = 1.1, 0.4, 0.1, 0.4


def lotka_volterra(t, z):
    prey, pred = z
    return np.array([alpha * prey - beta * prey * pred, delta * prey * pred - gamma * pred])


t_eval = np.linspace(0, 15, 31)
z0 = np.array([10.0, 5.0])
sol = integrate.solve_ivp(lotka_volterra, (0, 15), z0, t_eval=t_eval, rtol=1e-10, atol=1e-10)
prey, pred = sol.y
print("solve_ivp status", sol.status, "points", sol.y.shape)
print("prey max %.4f at t=%.1f" % (prey.max(), t_eval[np.argmax(prey)]))
print("predator min %.4f" % np.min(pred))
# the conserved quantity of the Lotka-Volterra system
V = delta * prey - gamma * np.log(prey) + beta * pred - alpha * np.log(pred)
print("invariant conserved:", np.ptp(V) < 1e-6)


def damped(y, t, k, c):
    x, v = y
    return [v, -k * x - c * v]


ts = np.linspace(0, 10, 201)
traj = integrate.odeint(damped, [1.0, 0.0], ts, args=(4.0, 0.5), rtol=1e-10, atol=1e-12)
energy = 0.5 * traj[:, 1] ** 2 + 0.5 * 4.0 * traj[:, 0] ** 2
print("odeint final x %.6f v %.6f" % tuple(traj[-1]))
print("energy decays:", bool(np.all(np.diff(energy) <= 1e-12)))

# noise-free synthetic decay curve: the fit recovers the parameters
xdata = np.linspace(0, 4, 50)
ydata = 2.5 * np.exp(-1.3 * xdata) + 0.5


def decay(x, a, b, c):
    return a * np.exp(-b * x) + c


popt, pcov = optimize.curve_fit(decay, xdata, ydata, p0=[1.0, 1.0, 0.0])
print("curve_fit:", np.round(popt, 6))
residual = ydata - decay(xdata, *popt)
print("fit rms below 1e-8:", np.sqrt(np.mean(residual**2)) < 1e-8)


def rosen(x):
    return np.sum(100.0 * (x[1:] - x[:-1] ** 2) ** 2 + (1 - x[:-1]) ** 2)


def rosen_grad(x):
    xm, xm_m1, xm_p1 = x[1:-1], x[:-2], x[2:]
    der = np.zeros_like(x)
    der[1:-1] = 200 * (xm - xm_m1**2) - 400 * (xm_p1 - xm**2) * xm - 2 * (1 - xm)
    der[0] = -400 * x[0] * (x[1] - x[0] ** 2) - 2 * (1 - x[0])
    der[-1] = 200 * (x[-1] - x[-2] ** 2)
    return der


x0 = np.array([1.3, 0.7, 0.8, 1.9, 1.2])
res = optimize.minimize(rosen, x0, method="BFGS", jac=rosen_grad, options={"gtol": 1e-8})
print("minimize success", res.success, "x =", np.round(res.x, 5))
print("gradient check below 1e-3:", optimize.check_grad(rosen, rosen_grad, x0) < 1e-3)


def equations(p):
    x, y = p
    return np.array([x**2 + y**2 - 4.0, np.exp(x) + y - 1.0])


def jacobian(p):
    x, y = p
    return np.array([[2 * x, 2 * y], [np.exp(x), 1.0]])


root = optimize.root(equations, np.array([1.0, -1.0]), jac=jacobian, method="hybr")
print("root:", root.success, np.round(root.x, 8), "residual", np.abs(equations(root.x)).max() < 1e-10)
brent = optimize.brentq(lambda x: np.cos(x) - x, 0.0, 1.0)
print("cos(x) = x at %.10f" % brent)
