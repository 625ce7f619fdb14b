"""Fake-CUDA cases of torchnp.scipy.integrate's ODE integrators (tests/scipy_cases/__init__.py):
the step control reads each step's error norm on the host (documented in docs/devices.md)."""

from fake_cuda import Arr, c


def _decay(t, y):
    return -0.5 * y


CASES = {
    "scipy.integrate.solve_ivp": c(_decay, (0.0, 1.0), Arr((3,))),
    "scipy.integrate.solve_ivp[DOP853]": c(_decay, (0.0, 1.0), Arr((3,)), method="DOP853"),
    "scipy.integrate.solve_ivp[t_eval]": c(_decay, (0.0, 1.0), Arr((3,)), method="RK23", t_eval=[0.5, 1.0]),
    "scipy.integrate.solve_ivp[BDF]": c(_decay, (0.0, 1.0), Arr((3,)), method="BDF"),
    "scipy.integrate.odeint": c(lambda y, t: -0.5 * y, Arr((3,)), [0.0, 0.5, 1.0]),
}
