"""torchnp.scipy.optimize: ``scipy.optimize`` on torchnp arrays (DESIGN §8.4; docs/scipy.md).

On host data SciPy's own optimizers run, with callables written with torchnp (their arrays
handed to SciPy as NumPy views). On an accelerator the optimizers here run where ``x0`` lives:
the objective is called on device arrays and differentiated by torch's autograd when ``jac`` is
not given (no finite differences), the iterates stay on the device. SciPy's other names run on
host data only.
"""

import functools
import inspect
import math

import torch

from ..._array import _wrap, ndarray
from ..._boundary import tensor
from .._dispatch import DEVICE, _from_scipy, _host_views, module_getattr, placement, scipy_function
from . import _least_squares, _minimize
from ._result import Objective, OptimizeResult, as_float_vector, result

__all__ = ["OptimizeResult", "minimize", "least_squares", "curve_fit", "root", "fsolve"]

#: SciPy's methods of ``minimize`` that run on a device here (the others: host data only)
DEVICE_METHODS = {"bfgs": _minimize.bfgs, "l-bfgs-b": None, "cg": _minimize.cg, "nelder-mead": _minimize.nelder_mead}
_SCIPY_METHODS = ("nelder-mead", "powell", "cg", "bfgs", "newton-cg", "l-bfgs-b", "tnc", "cobyla", "cobyqa", "slsqp",
                  "trust-constr", "dogleg", "trust-ncg", "trust-exact", "trust-krylov")


def _host_value(r):
    """A torchnp callable's result for SciPy's compiled code: NumPy arrays and scalars (§5.3)."""
    if isinstance(r, ndarray):
        return r.to_numpy()
    if type(r) is tuple:
        return tuple(_host_value(v) for v in r)
    return r


def host_callable(f):
    """``f`` as SciPy calls it on host data: its torchnp results become NumPy's."""
    if not callable(f):
        return f

    @functools.wraps(f)  # SciPy reads its signature (curve_fit counts the parameters)
    def call(*args, **kwargs):
        return _host_value(f(*args, **kwargs))
    return call


def _host_result(r):
    if isinstance(r, dict):
        for k, v in r.items():
            r[k] = _from_scipy(v)
        return r
    return _from_scipy(r)


def _bounds(bounds, x):
    """``bounds`` (a sequence of (min, max) or a ``Bounds``) as lower and upper tensors, or Nones."""
    if bounds is None:
        return None, None
    if hasattr(bounds, "lb"):
        lb, ub = bounds.lb, bounds.ub
    else:
        pairs = list(bounds)
        if len(pairs) != x.numel():
            raise ValueError("length of x0 != length of bounds")
        lb = [-torch.inf if p[0] is None else float(p[0]) for p in pairs]
        ub = [torch.inf if p[1] is None else float(p[1]) for p in pairs]
    lb = torch.broadcast_to(tensor(lb, x.device).to(x.dtype), x.shape)
    ub = torch.broadcast_to(tensor(ub, x.device).to(x.dtype), x.shape)
    return lb, ub


def minimize(fun, x0, args=(), method=None, jac=None, hess=None, hessp=None, bounds=None, constraints=(), tol=None,
             callback=None, options=None):
    """SciPy's ``scipy.optimize.minimize``; on a device: BFGS, L-BFGS-B, CG and Nelder-Mead."""
    if not isinstance(args, tuple):
        args = (args,)
    if placement((x0,), {}) is None:
        return _host_result(scipy_function("optimize.minimize")(
            host_callable(fun), _host_views(x0), args=args, method=method,
            jac=host_callable(jac), hess=host_callable(hess), hessp=host_callable(hessp), bounds=bounds,
            constraints=constraints, tol=tol, callback=callback, options=options))
    x = as_float_vector(x0)
    if method is None:
        method = "BFGS" if bounds is None and not constraints else ("L-BFGS-B" if not constraints else "SLSQP")
    meth = method.lower() if isinstance(method, str) else method
    if meth not in _SCIPY_METHODS:
        raise ValueError(f"Unknown solver {method}")
    if meth not in DEVICE_METHODS or constraints:
        raise TypeError(f"torchnp.scipy.optimize.minimize runs method {method!r}"
                        f"{' with constraints' if constraints else ''} on host data only (SciPy's own), and x0 "
                        f"lives on {x.device}; torchnp never copies data implicitly: pass x0.to_numpy() to use "
                        f"SciPy's, or a method of {sorted(DEVICE_METHODS)} (docs/scipy.md).")
    options = dict(options or {})
    if tol is not None:
        key = {"bfgs": "gtol", "cg": "gtol", "l-bfgs-b": "ftol"}.get(meth)
        if key:
            options.setdefault(key, tol)
            if meth == "l-bfgs-b":
                options.setdefault("gtol", tol)
        else:
            options.setdefault("xatol", tol)
            options.setdefault("fatol", tol)
    options.pop("disp", None)
    options.pop("return_all", None)
    obj = Objective(fun, jac, args)
    if meth == "l-bfgs-b":
        lower, upper = _bounds(bounds, x)
        return _minimize.lbfgsb(obj, x, lower, upper, callback=callback, **options)
    return DEVICE_METHODS[meth](obj, x, callback=callback, **options)


DEVICE["optimize.minimize"] = minimize


def _refuse(name, what, dev):
    return TypeError(f"torchnp.scipy.optimize.{name} runs {what} on host data only (SciPy's own), and the data "
                     f"live on {dev}; torchnp never copies data implicitly: pass x.to_numpy() to use SciPy's "
                     f"(docs/scipy.md).")


def _unbounded(bounds):
    try:
        lb, ub = bounds
        return all(v == -math.inf for v in torch.as_tensor(lb).reshape(-1).tolist()) and \
            all(v == math.inf for v in torch.as_tensor(ub).reshape(-1).tolist())
    except (TypeError, ValueError):
        return False


def least_squares(fun, x0, jac="2-point", bounds=(-math.inf, math.inf), method="trf", ftol=1e-08, xtol=1e-08,
                  gtol=1e-08, x_scale=None, loss="linear", f_scale=1.0, diff_step=None, tr_solver=None,
                  tr_options=None, jac_sparsity=None, max_nfev=None, verbose=0, args=(), kwargs=None, callback=None,
                  workers=None):
    """SciPy's ``scipy.optimize.least_squares``; on a device: unbounded problems with the linear
    loss by Levenberg-Marquardt, the Jacobian by autograd unless ``jac`` is a callable."""
    if placement((x0,), {}) is None:
        return _host_result(scipy_function("optimize.least_squares")(
            host_callable(fun), _host_views(x0), jac=host_callable(jac), bounds=bounds, method=method, ftol=ftol,
            xtol=xtol, gtol=gtol, x_scale=x_scale, loss=loss, f_scale=f_scale, diff_step=diff_step,
            tr_solver=tr_solver, tr_options=tr_options, jac_sparsity=jac_sparsity, max_nfev=max_nfev,
            verbose=verbose, args=args, kwargs=kwargs if kwargs is not None else {}, callback=callback,
            workers=workers))
    if method not in ("trf", "dogbox", "lm"):
        raise ValueError("`method` must be 'trf', 'dogbox' or 'lm'.")
    x = as_float_vector(x0)
    if not _unbounded(bounds) or loss != "linear":
        raise _refuse("least_squares", "bounds and robust losses", x.device)
    res = _least_squares.Residuals(fun, jac, args, kwargs)
    x, r, J, status, message = _least_squares.levenberg_marquardt(res, x, ftol, xtol, gtol, max_nfev)
    g = J.T @ r
    return result(x=x, cost=0.5 * torch.dot(r, r), fun=r, jac=J, grad=g, optimality=g.abs().max(),
                  active_mask=torch.zeros(x.shape, dtype=torch.int64, device=x.device), nfev=res.nfev,
                  njev=res.njev, status=status, message=message, success=status > 0)


def _parameter_count(f):
    params = [p for p in inspect.signature(f).parameters.values()
              if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
    if len(params) < 2:
        raise ValueError("Unable to determine number of fit parameters.")
    return len(params) - 1


def curve_fit(f, xdata, ydata, p0=None, sigma=None, absolute_sigma=False, check_finite=None,
              bounds=(-math.inf, math.inf), method=None, jac=None, *, full_output=False, nan_policy=None, **kwargs):
    """SciPy's ``scipy.optimize.curve_fit``; on a device: unbounded fits by Levenberg-Marquardt
    with the Jacobian from autograd, ``pcov`` as SciPy computes it."""
    dev = placement((xdata, ydata, p0, sigma), {})
    if dev is None:
        return _from_scipy(scipy_function("optimize.curve_fit")(
            host_callable(f), _host_views(xdata), _host_views(ydata), p0=_host_views(p0), sigma=_host_views(sigma),
            absolute_sigma=absolute_sigma, check_finite=check_finite, bounds=bounds, method=method,
            jac=host_callable(jac), full_output=full_output, nan_policy=nan_policy, **kwargs))
    if not _unbounded(bounds) or method not in (None, "lm", "trf") or full_output or nan_policy not in (None, "raise"):
        raise _refuse("curve_fit", "bounds, full_output and nan_policy", dev)
    p = as_float_vector(p0, dev) if p0 is not None else torch.ones(_parameter_count(f), dtype=torch.float64,
                                                                     device=dev)
    y = tensor(ydata, dev)
    if not y.is_floating_point():
        y = y.to(torch.float64)
    y = y.reshape(-1)
    x_arg = xdata if isinstance(xdata, (list, tuple)) else _wrap(tensor(xdata, dev))
    weight = None
    if sigma is not None:
        s = tensor(sigma, dev).to(y.dtype)
        if s.dim() == 1 and s.shape == y.shape:
            weight = ("diagonal", 1.0 / s)
        elif s.dim() == 2 and s.shape == (y.numel(), y.numel()):
            weight = ("cholesky", torch.linalg.cholesky(s))
        else:
            raise ValueError("`sigma` has incorrect shape.")

    def residual(params):  # f(xdata, *params) - ydata, weighted as SciPy weighs it
        model = f(x_arg, *[_wrap(v) for v in params._t.unbind(0)])
        r = (model._t if isinstance(model, ndarray) else tensor(model, dev)).reshape(-1) - y
        if weight is None:
            return _wrap(r)
        if weight[0] == "diagonal":
            return _wrap(r * weight[1])
        return _wrap(torch.linalg.solve_triangular(weight[1], r[:, None], upper=False)[:, 0])

    res = _least_squares.Residuals(residual, jac=None)
    tols = {k: kwargs[k] for k in ("ftol", "xtol", "gtol") if k in kwargs}  # leastsq's, as SciPy passes them
    x, r, J, status, message = _least_squares.levenberg_marquardt(res, p, max_nfev=kwargs.get("maxfev"), **tols)
    if status == 0:
        raise RuntimeError("Optimal parameters not found: " + message)
    pcov = _least_squares.covariance(J, torch.dot(r, r), y.numel(), x.numel(), absolute_sigma)
    return _wrap(x), _wrap(pcov)


def _solve_system(fun, x, jac, args, xtol, maxfev):
    """A root of the square system ``fun(x) = 0`` on the device: Levenberg-Marquardt on the
    residuals (the Jacobian by forward-mode autograd unless ``jac`` is a callable), stopping at
    SciPy's relative ``xtol`` on x."""
    res = _least_squares.Residuals(fun, jac if callable(jac) else None, args)
    r0 = res(x)
    if r0.numel() != x.numel():
        raise TypeError(f"fsolve: there is a mismatch between the input and output shape of the 'func' argument "
                        f"'{getattr(fun, '__name__', 'fun')}'.Shape should be {tuple(x.shape)} but it is "
                        f"{tuple(r0.shape)}.")
    res.nfev = 0
    x, r, J, status, message = _least_squares.levenberg_marquardt(res, x, ftol=0.0, xtol=xtol, gtol=0.0,
                                                                 max_nfev=maxfev or 200 * (x.numel() + 1))
    converged = status in (1, 3, 4) or bool(float(torch.linalg.vector_norm(r)) == 0.0)
    return x, r, J, res.nfev, converged


def root(fun, x0, args=(), method="hybr", jac=None, tol=None, callback=None, options=None):
    """SciPy's ``scipy.optimize.root``; on a device: methods 'hybr' and 'lm' by Levenberg-Marquardt on the
    residuals (Powell's hybrid method is MINPACK's: the roots agree, the iterates do not)."""
    if not isinstance(args, tuple):
        args = (args,)
    if placement((x0,), {}) is None:
        return _host_result(scipy_function("optimize.root")(
            host_callable(fun), _host_views(x0), args=args, method=method, jac=host_callable(jac), tol=tol,
            callback=callback, options=options))
    x = tensor(x0, None)
    shape = tuple(x.shape)
    x = as_float_vector(x.reshape(-1))
    if method not in ("hybr", "lm"):
        if not isinstance(method, str) or method.lower() not in ("broyden1", "broyden2", "anderson", "linearmixing",
                                                                  "diagbroyden", "excitingmixing", "krylov",
                                                                  "df-sane"):
            raise ValueError(f"Unknown solver {method}")
        raise _refuse("root", f"method {method!r}", x.device)
    opts = dict(options or {})
    xtol = opts.get("xtol", tol if tol is not None else 1.49012e-08)
    flat = (lambda v, *a: fun(_wrap(v._t.reshape(shape)), *a)) if len(shape) != 1 else fun
    x, r, J, nfev, ok = _solve_system(flat, x, jac, args, xtol, opts.get("maxfev") or opts.get("maxiter"))
    message = "The solution converged." if ok else "The iteration is not making good progress, as measured by the " \
        "improvement from the last ten iterations."
    return result(x=x.reshape(shape), fun=r, fjac=J, nfev=nfev, status=1 if ok else 5, success=ok,
                  message=message, method=method)


def fsolve(func, x0, args=(), fprime=None, full_output=0, col_deriv=0, xtol=1.49012e-08, maxfev=0, band=None,
           epsfcn=None, factor=100, diag=None):
    """SciPy's ``scipy.optimize.fsolve``; on a device: the root of ``root(..., method='hybr')`` here."""
    if placement((x0,), {}) is None:
        return _from_scipy(scipy_function("optimize.fsolve")(
            host_callable(func), _host_views(x0), args=args, fprime=host_callable(fprime), full_output=full_output,
            col_deriv=col_deriv, xtol=xtol, maxfev=maxfev, band=band, epsfcn=epsfcn, factor=factor, diag=diag))
    if full_output:
        raise _refuse("fsolve", "full_output (MINPACK's diagnostics)", tensor(x0, None).device)
    if not isinstance(args, tuple):
        args = (args,)
    return root(func, x0, args=args, method="hybr", jac=fprime, options={"xtol": xtol, "maxfev": maxfev}).x


DEVICE["optimize.least_squares"] = least_squares
DEVICE["optimize.root"] = root
DEVICE["optimize.fsolve"] = fsolve
DEVICE["optimize.curve_fit"] = curve_fit

__getattr__ = module_getattr("optimize")
