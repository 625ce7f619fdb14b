"""(g) An ODE fit on the device: only the imports change (DESIGN §8; issue 26; docs/scipy.md).

A damped oscillator x'' + c x' + k x = 0, observed with noise, as a SciPy user fits it: the
model integrates the ODE with ``integrate.solve_ivp`` (DOP853) at the observation times,
``optimize.curve_fit`` fits the stiffness ``k`` and the damping ``c`` (with their standard
errors from ``pcov``), ``optimize.minimize`` (Nelder-Mead) refines them under a robust loss
(the sum of absolute residuals), and the fitted model's dense output gives the trajectory and
its first zero crossing (an event). ``analyse`` is written once; the port is the imports:

    import numpy as np                      import torchnp as np
    from scipy import integrate, optimize   from torchnp.scipy import integrate, optimize

On host data torchnp.scipy runs SciPy's own functions (SciPy's results, bit for bit); on a GPU
its torch implementations: the integrator takes SciPy's steps and ``curve_fit`` differentiates
the ODE solution by autograd instead of finite differences, so the fitted parameters agree with
SciPy's within the fit's tolerances.

Run: python examples/ode_fit_pipeline.py [--device cuda] [--n 200]  (a timing and the differences)
"""

import argparse


def analyse(np, integrate, optimize, t, y0, observed, p0):
    """The pipeline, written against NumPy's and SciPy's modules (passed in only so that this
    file can run both side by side; in a real program they are the module-level imports)."""

    def oscillator(s, y, k, c):
        return np.stack([y[1], -k * y[0] - c * y[1]])

    def model(times, k, c):
        sol = integrate.solve_ivp(oscillator, (times[0], times[-1]), y0, method="DOP853", t_eval=times,
                                  args=(k, c), rtol=1e-7, atol=1e-9)
        return sol.y[0]

    popt, pcov = optimize.curve_fit(model, t, observed, p0=p0)

    def robust_loss(p):
        return np.sum(np.abs(model(t, p[0], p[1]) - observed))

    robust = optimize.minimize(robust_loss, popt, method="Nelder-Mead", options={"xatol": 1e-3, "fatol": 1e-5})

    def crossing(s, y, k, c):
        return y[0]

    fit = integrate.solve_ivp(oscillator, (t[0], t[-1]), y0, method="DOP853", dense_output=True, events=crossing,
                              args=(popt[0], popt[1]), rtol=1e-7, atol=1e-9)
    fine = np.linspace(t[0], t[-1], 4 * len(t))
    return {
        "popt": popt,
        "perr": np.sqrt(np.diag(pcov)),
        "robust x": robust.x,
        "residual rms": np.sqrt(np.mean((model(t, popt[0], popt[1]) - observed) ** 2)),
        "trajectory": fit.sol(fine),
        "first crossing": fit.t_events[0][:1],
    }


def inputs(n=100, k=4.0, c=0.3, noise=0.02, seed=0):
    """NumPy data: the oscillator's exact displacement from x(0) = 1, x'(0) = 0, with noise."""
    import numpy

    rng = numpy.random.default_rng(seed)
    t = numpy.linspace(0.0, 10.0, n)
    w = numpy.sqrt(k - c * c / 4)
    x = numpy.exp(-c * t / 2) * (numpy.cos(w * t) + c / (2 * w) * numpy.sin(w * t))
    return t, numpy.array([1.0, 0.0]), x + noise * rng.standard_normal(n), numpy.array([3.5, 0.5])


def with_scipy(data):
    import numpy
    import scipy.integrate
    import scipy.optimize

    return analyse(numpy, scipy.integrate, scipy.optimize, *data)


def with_torchnp(data, device="cpu"):
    import torchnp
    from torchnp.scipy import integrate, optimize

    arrays = [torchnp.asarray(a, device=device) for a in data]
    return analyse(torchnp, integrate, optimize, *arrays)


def main(n=100, device="cpu"):
    import numpy
    import torchnp

    from _timing import median_time

    data = inputs(n)
    runs = {"SciPy (NumPy arrays)": lambda: with_scipy(data),
            f"torchnp.scipy on {device}": lambda: with_torchnp(data, device)}
    results = {}
    for label, run in runs.items():
        seconds, results[label] = median_time(run, repeats=1)
        print(f"{label:<28}{seconds * 1e3:9.1f} ms")
    expected, got = results.values()
    for key, value in expected.items():
        diff = numpy.abs(torchnp.to_numpy(torchnp.asarray(got[key])) - value).max()
        print(f"  {key:<16} {numpy.ravel(value)[:2]}   max abs diff {diff:.1e}")


if __name__ == "__main__":
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--n", type=int, default=100)
    p.add_argument("--device", default="cpu")
    args = p.parse_args()
    main(args.n, args.device)
