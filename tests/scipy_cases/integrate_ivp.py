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

# per-component tolerances, odeint's options (sparse jac: torch's fake tensors have no sparse
# kernels, tested under the accelerator rules in tests/test_scipy_integrate_options.py)
CASES.update({
    "scipy.integrate.solve_ivp[tolerances]": c(_decay, (0.0, 1.0), Arr((3,)), rtol=[1e-3, 1e-4, 1e-5], atol=Arr((3,))),
    "scipy.integrate.solve_ivp[BDF atol]": c(_decay, (0.0, 1.0), Arr((3,)), method="BDF", atol=Arr((3,))),
    "scipy.integrate.odeint[options]": c(lambda y, t: -0.5 * y, Arr((3,)), [0.0, 0.5, 1.0], rtol=Arr((3,)),
                                         atol=[1e-8, 1e-8, 1e-8], tcrit=[0.25], hmin=1e-4, h0=0.01),
    "scipy.integrate.odeint[banded]": c(lambda y, t: -0.5 * y, Arr((3,)), [0.0, 1.0], ml=1, mu=0,
                                        Dfun=lambda y, t: -0.5 * (y[None, :] * 0 + 1) * (y[:2, None] * 0 + 1)),
})

# full_output's infodict (SciPy's keys, one row per output time after the first), after a success,
# too much work (mxstep) and an illegal input
CASES.update({
    "scipy.integrate.odeint[full_output]": c(lambda y, t: -0.5 * y, Arr((3,)), [0.0, 0.0, 0.5, 1.0],
                                            full_output=True),
    "scipy.integrate.odeint[mxstep]": c(lambda y, t: -0.5 * y, Arr((3,)), [0.0, 0.5, 30.0, 40.0], mxstep=3,
                                        full_output=True),
    "scipy.integrate.odeint[illegal]": c(lambda y, t: -0.5 * y, Arr((3,)), [0.0, 0.5, 1.0], rtol=-1.0,
                                         full_output=True),
})
