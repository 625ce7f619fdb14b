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
import operator
import warnings

import numpy
import torch

from ..._array import _wrap, ndarray
from ..._boundary import tensor
from ..._dtypes import TO_NUMPY, TO_TORCH
from .._dispatch import DEVICE, _array_operands, _from_scipy, _host_views, module_getattr, placement, scipy_function
from . import _least_squares, _minimize, _newton, _scalar
from ._batch import minimize_batch
from ._rosen import rosen, rosen_der, rosen_hess, rosen_hess_prod
from ._result import Objective, OptimizeResult, RootResults, as_float_vector, result, scalar

__all__ = ["OptimizeResult", "RootResults", "minimize", "minimize_batch", "minimize_scalar", "root_scalar", "least_squares", "curve_fit",
           "root", "fsolve", "bisect", "ridder", "brentq", "brenth", "toms748", "newton", "brent", "golden", "fminbound",
           "rosen", "rosen_der", "rosen_hess", "rosen_hess_prod"]

#: SciPy's methods of ``minimize`` that run on a device here (the others: host data only)
DEVICE_METHODS = {"bfgs": _minimize.bfgs, "l-bfgs-b": _minimize.lbfgsb, "cg": _minimize.cg,
                  "nelder-mead": _minimize.nelder_mead, "newton-cg": _minimize.newton_cg, "powell": _minimize.powell}
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
        if any(u < low for low, u in zip(lb, ub)):  # Python numbers: no host read
            raise ValueError("An upper bound is less than the corresponding lower bound.")
    lb = torch.broadcast_to(tensor(lb, x.device).to(x.dtype), x.shape)
    ub = torch.broadcast_to(tensor(ub, x.device).to(x.dtype), x.shape)
    return lb, ub


def minimize(fun, x0, args=(), method=None, jac=None, hess=None, hessp=None, bounds=None, constraints=(), tol=None,
             callback=None, options=None):
    """SciPy's ``scipy.optimize.minimize``; on a device: BFGS, L-BFGS-B, CG, Newton-CG, Nelder-Mead
    and Powell."""
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
    if tol is not None:  # SciPy's mapping of ``tol`` to each method's options
        for key, methods in (("xatol", ("nelder-mead",)), ("fatol", ("nelder-mead",)),
                             ("xtol", ("newton-cg", "powell")), ("ftol", ("powell", "l-bfgs-b")),
                             ("gtol", ("bfgs", "cg", "l-bfgs-b"))):
            if meth in methods:
                options.setdefault(key, tol)
    options.pop("disp", None)
    options.pop("return_all", None)
    if meth == "newton-cg" and isinstance(jac, str):
        raise ValueError("Jacobian is required for Newton-CG method")
    # SciPy's absolute finite-difference step of jac=None (options' eps: BFGS's and CG's sqrt(eps), L-BFGS-B's 1e-8)
    abs_step = options.get("eps", 1e-8 if meth == "l-bfgs-b" else _minimize._EPSILON) \
        if meth in ("bfgs", "cg", "l-bfgs-b") else None
    obj = Objective(fun, None if meth == "powell" else jac, args, abs_step)
    if meth in ("l-bfgs-b", "powell"):
        lower, upper = _bounds(bounds, x)
        if lower is not None:
            obj.bounds = (lower, upper)
        return DEVICE_METHODS[meth](obj, x, lower, upper, callback=callback, **options)
    if meth == "newton-cg":
        if isinstance(hess, str) or hasattr(hess, "update"):  # a difference scheme or an update strategy:
            hess = None  # the device's products are autograd's (docs/scipy.md)
        return _minimize.newton_cg(obj, x, hess=hess, hessp=hessp, callback=callback, **options)
    return DEVICE_METHODS[meth](obj, x, callback=callback, **options)


DEVICE["optimize.minimize"] = minimize


def _refuse(name, what, dev):
    return TypeError(f"torchnp.scipy.optimize.{name} runs {what} on host data only (SciPy's own), and the data "
                     f"live on {dev}; torchnp never copies data implicitly: pass x.to_numpy() to use SciPy's "
                     f"(docs/scipy.md).")


def _unbounded(bounds):
    """Whether (lb, ub) are all -inf and +inf (read on the host where they are device arrays)."""
    lb, ub = bounds
    if isinstance(lb, (int, float)) and isinstance(ub, (int, float)):  # SciPy's default: no tensor, no read
        return lb == -math.inf and ub == math.inf
    return bool((tensor(lb, None) == -math.inf).all()) and bool((tensor(ub, None) == math.inf).all())


def least_squares(fun, x0, jac="2-point", bounds=(-math.inf, math.inf), method="trf", ftol=1e-08, xtol=1e-08,
                  gtol=1e-08, x_scale=None, loss="linear", f_scale=1.0, diff_step=None, tr_solver=None,
                  tr_options=None, jac_sparsity=None, max_nfev=None, verbose=0, args=(), kwargs=None, callback=None,
                  workers=None):
    """SciPy's ``scipy.optimize.least_squares``; on a device: 'trf' (and 'dogbox') by SciPy's
    trust-region reflective algorithm (bounds, robust losses, ``x_scale``), 'lm' by
    Levenberg-Marquardt; the Jacobian by autograd unless ``jac`` is a callable."""
    if placement((x0,), {}) is None:
        return _host_result(scipy_function("optimize.least_squares")(
            host_callable(fun), _host_views(x0), jac=host_callable(jac), bounds=bounds, method=method, ftol=ftol,
            xtol=xtol, gtol=gtol, x_scale=x_scale, loss=loss, f_scale=f_scale, diff_step=diff_step,
            tr_solver=tr_solver, tr_options=tr_options, jac_sparsity=jac_sparsity, max_nfev=max_nfev,
            verbose=verbose, args=args, kwargs=kwargs if kwargs is not None else {}, callback=callback,
            workers=workers))
    x = tensor(x0, None)
    x, lb, ub, loss_fn = _check_least_squares(x, jac, bounds, method, tr_solver, loss, f_scale, max_nfev)
    res = _least_squares.Residuals(fun, jac, args, kwargs)
    _TERMINATION = {-2: "Stopped because `callback` function raised `StopIteration` or returned `True`",
                    0: "The maximum number of function evaluations is exceeded.",
                    1: "`gtol` termination condition is satisfied.",
                    2: "`ftol` termination condition is satisfied.",
                    3: "`xtol` termination condition is satisfied.",
                    4: "Both `ftol` and `xtol` termination conditions are satisfied."}
    if method == "lm":
        _initial_residuals(res, x, method)
        res.nfev = 0
        x, r, J, status, message = _least_squares.levenberg_marquardt(res, x, ftol, xtol, gtol, max_nfev)
        g = J.T @ r
        return result(x=x, cost=0.5 * torch.dot(r, r), fun=r, jac=J, grad=g, optimality=g.abs().max(),
                      active_mask=torch.zeros(x.shape, dtype=torch.int64, device=x.device), nfev=res.nfev,
                      njev=res.njev, status=status, message=message, success=status > 0)
    scale = _x_scale(x_scale, x)
    x = _least_squares.strictly_feasible(x, lb, ub)
    _initial_residuals(res, x, method)
    res.nfev = res.njev = 0
    res.lb, res.ub = lb, ub
    out = _least_squares.trf(res, x, lb, ub, ftol, xtol, gtol, max_nfev, scale, loss_fn, callback)
    out["cost"] = torch.tensor(out["cost"], dtype=x.dtype, device=x.device)
    out["optimality"] = torch.tensor(out["optimality"], dtype=x.dtype, device=x.device)
    if _unbounded((lb, ub)):  # SciPy's trf_no_bounds: a float mask of zeros
        out["active_mask"] = torch.zeros_like(x)
    return result(**out, message=_TERMINATION[out["status"]], success=out["status"] > 0)


def _initial_residuals(res, x, method):
    """SciPy's checks of ``fun(x0)``: 1-d, finite, and for 'lm' at least as many residuals as variables."""
    f0 = res(x)
    if not bool(torch.isfinite(f0).all()):
        raise ValueError("Residuals are not finite in the initial point.")
    if method == "lm" and f0.numel() < x.numel():
        raise ValueError("Method 'lm' doesn't work when the number of residuals is less than the number of "
                         "variables.")


def _check_least_squares(x, jac, bounds, method, tr_solver, loss, f_scale, max_nfev):
    """SciPy's argument checks of ``least_squares``: (x0 as float, lb, ub, the loss function)."""
    if method not in ("trf", "dogbox", "lm"):
        raise ValueError("`method` must be 'trf', 'dogbox' or 'lm'.")
    if jac not in ("2-point", "3-point", "cs") and not callable(jac):
        raise ValueError("`jac` must be '2-point', '3-point', 'cs' or callable.")
    if tr_solver not in (None, "exact", "lsmr"):
        raise ValueError("`tr_solver` must be None, 'exact' or 'lsmr'.")
    if loss not in _LOSSES and not callable(loss):
        raise ValueError(f"`loss` must be one of {dict.fromkeys(_LOSSES).keys()} or a callable.")
    if method == "lm" and loss != "linear":
        raise ValueError("method='lm' supports only 'linear' loss function.")
    if max_nfev is not None and max_nfev <= 0:
        raise ValueError("`max_nfev` must be None or positive integer.")
    if x.is_complex():
        raise ValueError("`x0` must be real.")
    if x.dim() > 1:
        raise ValueError("`x0` must have at most 1 dimension.")
    x = x.reshape(-1).to(torch.float64).clone() if not x.is_floating_point() else x.reshape(-1).clone()
    if hasattr(bounds, "lb"):
        lb, ub = bounds.lb, bounds.ub
    elif len(bounds) == 2:
        lb, ub = bounds
    else:
        raise ValueError("`bounds` must contain 2 elements.")
    lb, ub = (tensor(b, x.device).to(x.dtype) for b in (lb, ub))
    lb = lb.expand(x.shape) if lb.dim() == 0 else lb
    ub = ub.expand(x.shape) if ub.dim() == 0 else ub
    if method == "lm" and not bool(((lb == -math.inf) & (ub == math.inf)).all()):
        raise ValueError("Method 'lm' doesn't support bounds.")
    if lb.shape != x.shape or ub.shape != x.shape:
        raise ValueError("Inconsistent shapes between bounds and `x0`.")
    if bool((lb >= ub).any()):
        raise ValueError("Each lower bound must be strictly less than each upper bound.")
    if not bool(((x >= lb) & (x <= ub)).all()):
        raise ValueError("Initial guess is outside of provided bounds")
    return x, lb, ub, _least_squares.loss_function(loss, f_scale)


_LOSSES = ("linear", "huber", "soft_l1", "cauchy", "arctan")


def _x_scale(x_scale, x):
    """SciPy's ``check_x_scale`` for 'trf': 'jac', or positive finite numbers broadcast to x0's shape."""
    if x_scale is None:
        x_scale = 1.0
    if isinstance(x_scale, str) and x_scale == "jac":
        return x_scale
    try:
        s = tensor(x_scale, x.device).to(x.dtype)
        valid = bool((torch.isfinite(s) & (s > 0)).all())
    except (ValueError, TypeError):
        valid = False
    if not valid:
        raise ValueError("`x_scale` must be 'jac' or array_like with positive numbers.")
    if s.dim() == 0:
        s = s.expand(x.shape)
    if s.shape != x.shape:
        raise ValueError("Inconsistent shapes between `x_scale` and `x0`.")
    return s


def _parameter_count(f):
    params = [p for p in inspect.signature(f).parameters.values()
              if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
    if len(params) < 2:
        raise ValueError("Unable to determine number of fit parameters.")
    return len(params) - 1


def curve_fit(f, xdata, ydata, p0=None, sigma=None, absolute_sigma=False, check_finite=None,
              bounds=(-math.inf, math.inf), method=None, jac=None, *, full_output=False, nan_policy=None, **kwargs):
    """SciPy's ``scipy.optimize.curve_fit``; on a device: unbounded fits by Levenberg-Marquardt,
    bounded ones (and ``method='trf'``) by ``least_squares``' trust-region reflective algorithm, the
    Jacobian ``jac(xdata, *params)`` where ``jac`` is a callable (weighted by ``sigma`` as SciPy's),
    else from autograd, ``pcov`` as SciPy computes it."""
    dev = placement((xdata, ydata, p0, sigma), {})
    if dev is None:
        return _from_scipy(scipy_function("optimize.curve_fit")(
            host_callable(f), _host_views(xdata), _host_views(ydata), p0=_host_views(p0), sigma=_host_views(sigma),
            absolute_sigma=absolute_sigma, check_finite=check_finite, bounds=bounds, method=method,
            jac=host_callable(jac), full_output=full_output, nan_policy=nan_policy, **kwargs))
    if full_output or nan_policy not in (None, "raise"):
        raise _refuse("curve_fit", "full_output and nan_policy", dev)
    y = tensor(ydata, dev)  # the operands' devices are checked before anything is read
    x_arg = xdata if isinstance(xdata, (list, tuple)) else _wrap(tensor(xdata, dev))
    n = as_float_vector(p0, dev).numel() if p0 is not None else _parameter_count(f)
    if hasattr(bounds, "lb"):
        lb, ub = bounds.lb, bounds.ub
    else:
        lb, ub = bounds
    bounded = not _unbounded((lb, ub))  # Python numbers: no host read
    lb, ub = (torch.broadcast_to(tensor(b, dev).to(torch.float64), (n,)) for b in (lb, ub))
    if p0 is not None:
        p = as_float_vector(p0, dev)
    else:  # SciPy's _initialize_feasible: midpoints, a unit inside a one-sided bound, else ones
        lf, uf = torch.isfinite(lb), torch.isfinite(ub)
        p = torch.where(lf & uf, 0.5 * (lb + ub), torch.where(lf, lb + 1, torch.where(uf, ub - 1, 1.0)))
    if method is None:
        method = "trf" if bounded else "lm"
    if method == "lm" and bounded:
        raise ValueError("Method 'lm' only works for unconstrained problems. Use 'trf' or 'dogbox' instead.")
    if not y.is_floating_point():
        y = y.to(torch.float64)
    y = y.reshape(-1)
    weight = None
    if sigma is not None:
        s = tensor(sigma, dev).to(y.dtype)
        if s.numel() == 1 or (s.dim() == 1 and s.shape == y.shape):  # SciPy's transform 1 / sigma
            weight = ("diagonal", 1.0 / s.reshape(-1))
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

    def jacobian(params):  # SciPy's _wrap_jac: jac(xdata, *params), an (m, n) array, weighted as the residuals
        J = jac(x_arg, *[_wrap(v) for v in params._t.unbind(0)])
        J = (J._t if isinstance(J, ndarray) else tensor(J, dev)).to(y.dtype)
        if weight is None:
            return _wrap(J)
        if weight[0] == "diagonal":
            return _wrap(weight[1][:, None] * J)
        return _wrap(torch.linalg.solve_triangular(weight[1], J, upper=False))

    if "args" in kwargs:
        raise ValueError("'args' is not a supported keyword argument.")
    if method != "lm":  # SciPy's least_squares (trf; dogbox runs trf here), maxfev as its max_nfev
        if "max_nfev" not in kwargs:
            kwargs["max_nfev"] = kwargs.pop("maxfev", None)
        out = least_squares(residual, _wrap(p), jac=jacobian if callable(jac) else "2-point",
                            bounds=(_wrap(lb), _wrap(ub)), method=method, **kwargs)
        if not out.success:
            raise RuntimeError("Optimal parameters not found: " + out.message)
        x, J, cost = out.x._t, out.jac._t, 2 * out.cost._t
    else:
        res = _least_squares.Residuals(residual, jac=jacobian if callable(jac) else None)
        tols = {k: kwargs[k] for k in ("ftol", "xtol", "gtol") if k in kwargs}  # leastsq's, as SciPy passes them
        x, r, J, status, message = _least_squares.levenberg_marquardt(res, p, max_nfev=kwargs.get("maxfev"), **tols)
        if status == 0:
            raise RuntimeError("Optimal parameters not found: " + message)
        cost = torch.dot(r, r)
    pcov = _least_squares.covariance(J, cost, y.numel(), x.numel(), absolute_sigma)
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


class _ScalarFunction:
    """A scalar function of SciPy's scalar solvers on the device: called with a 0-d array on
    ``dev`` made from the solver's Python number, its value read on the host (one read per
    evaluation, docs/devices.md); ``derivative`` by torch's autograd."""

    def __init__(self, fun, args, dev, nan_raise=False, complex_values=False):
        self.fun, self.args, self.dev, self.nan_raise, self.calls = fun, args, dev, nan_raise, 0
        self.complex_values = complex_values  # newton's: complex points and values (Python complex numbers)

    def _point(self, x, grad=False):
        if _scalar.numpy_number(x):  # newton's iterate from a float32/complex64 start: a 0-d array of its type
            return torch.tensor(x.item(), dtype=TO_TORCH[x.dtype], device=self.dev, requires_grad=grad)
        if self.complex_values and isinstance(x, complex):
            return torch.tensor(x, dtype=torch.complex128, device=self.dev, requires_grad=grad)
        return torch.tensor(float(x), dtype=torch.float64, device=self.dev, requires_grad=grad)

    def _read(self, v, x=0.0):
        """The one host read of a value: a Python complex where complex values are allowed and it is one;
        at a NumPy scalar point ``x`` a NumPy scalar of the value's type (SciPy's at its NumPy scalar point)."""
        if _scalar.numpy_number(x) and v.dtype in TO_NUMPY:
            return TO_NUMPY[v.dtype].type(v.item())
        return complex(v) if self.complex_values and v.is_complex() else float(v)

    def value(self, out, t, what="objective function"):
        return scalar(out, t, what)

    def __call__(self, x):
        t = self._point(x)
        with torch.no_grad():
            fx = self._read(self.value(self.fun(_wrap(t), *self.args), t), x)
        self.calls += 1
        if self.nan_raise and math.isnan(fx):
            err = ValueError(f"The function value at x={x} is NaN; solver cannot continue.")
            err._x, err._function_calls = x, self.calls
            raise err
        return fx

    def derivative(self, x):
        """f'(x) by autograd (at a complex point f'(z) of a holomorphic f: the conjugate of torch's
        gradient), or SciPy's 2-point difference (along the real axis) where torch cannot differentiate.
        At a NumPy scalar point a float64 (complex128) NumPy scalar, as SciPy's difference quotient is."""
        t = self._point(x, grad=True)
        with torch.enable_grad():
            f = self.value(self.fun(_wrap(t), *self.args), t)
        if f.requires_grad:
            (d,) = torch.autograd.grad(f, t, grad_outputs=torch.ones_like(f), allow_unused=True)
            d = 0.0 if d is None else complex(d.conj()) if d.is_complex() else float(d)
        else:
            xr = x.real
            h = math.sqrt(2.220446049250313e-16) * (1.0 if xr >= 0 else -1.0) * max(1.0, abs(x))
            h = (xr + h) - xr
            d = (self(x + h) - self._read(f, x)) / h
        if _scalar.numpy_number(x):
            return numpy.complex128(d) if numpy.iscomplexobj(d) else numpy.float64(d)
        return d


def _scalar_operands(values, dev):
    """Bracket/bounds/x0 entries as Python numbers (a device 0-d array is read on the host),
    devices checked first."""
    from ..._device import DeviceMismatchError

    for v in _array_operands(values):
        d = v._t.device if isinstance(v, ndarray) else torch.device("cpu")
        if d != dev:
            raise DeviceMismatchError(f"an operand on {d} with the optimizer on {dev}; torchnp never copies "
                                      f"data implicitly")


def _scalar_x(v):
    """A bracket/bounds/x0 entry as a Python number (a 0-d device array: read on the host)."""
    if isinstance(v, ndarray):
        return v._t.item()
    return v.item() if hasattr(v, "item") else v


_NARROW = (torch.float32, torch.float16, torch.complex64)


def _numpy_start(v):
    """``v`` as SciPy holds it: a device array (or NumPy scalar) a NumPy scalar of its type, a Python
    number as it is."""
    if isinstance(v, ndarray) and v._t.dtype in TO_NUMPY:
        return TO_NUMPY[v._t.dtype].type(v._t.reshape(()).item())
    return v if isinstance(v, numpy.generic) and v.dtype in TO_TORCH else _scalar_x(v)


def _starts(x0, x1):
    """newton's ``x0`` and ``x1`` as SciPy iterates from them: where either is float32, float16 or complex64,
    NumPy scalars (``x0`` SciPy's ``np.asarray(x0)[()]``, ``x1`` as given: NumPy's promotion between
    them, SciPy's iteration in the narrow type); else Python numbers (float64/complex128 throughout)."""
    a, b = _numpy_start(x0), None if x1 is None else _numpy_start(x1)
    if any(isinstance(v, numpy.generic) and TO_TORCH[v.dtype] in _NARROW for v in (a, b)):
        return numpy.asarray(a)[()], b
    return _scalar_x(a), None if x1 is None else _scalar_x(b)


def _newton_function(f, args, dev):
    """A function of SciPy's Newton family on the device: complex points and values as SciPy's iteration on
    NumPy's complex numbers."""
    return _ScalarFunction(f, args, dev, complex_values=True)


def _solver_root(r, shape, dev):
    """newton's root on the device: a NumPy scalar's type kept (float32, complex64), a Python complex
    complex128, else float64."""
    if isinstance(r, numpy.generic):
        r, dtype = r.item(), TO_TORCH[r.dtype]
    else:
        dtype = torch.complex128 if isinstance(r, complex) else torch.float64
    return _wrap(torch.tensor(r, dtype=dtype, device=dev).reshape(shape))


def minimize_scalar(fun, bracket=None, bounds=None, args=(), method=None, tol=None, options=None):
    """SciPy's ``scipy.optimize.minimize_scalar``; on a device: methods 'brent', 'golden' and
    'bounded' (SciPy's iterations on Python numbers, the objective on 0-d device arrays)."""
    if not isinstance(args, tuple):
        args = (args,)
    dev = placement((bracket, bounds, args), {})
    if dev is None:
        return _host_result(scipy_function("optimize.minimize_scalar")(
            host_callable(fun), bracket=_host_views(bracket), bounds=_host_views(bounds), args=_host_views(args),
            method=method, tol=tol, options=options))
    _scalar_operands((bracket, bounds, args), dev)
    if callable(method):
        raise _refuse("minimize_scalar", "a custom method", dev)
    meth = ("brent" if bounds is None else "bounded") if method is None else method.lower()
    options = dict(options or {})
    if bounds is not None and meth in {"brent", "golden"}:
        raise ValueError(f"Use of `bounds` is incompatible with 'method={method}'.")
    if tol is not None:
        options.setdefault("xatol" if meth == "bounded" else "xtol", tol)
    disp = options.pop("disp", 0)
    f = _ScalarFunction(fun, args, dev)
    brack = None if bracket is None else [_scalar_x(v) for v in bracket]
    if meth == "brent":
        res = _scalar.recover_from_bracket_error(_scalar.brent, f, brack, disp=disp, **options)
    elif meth == "golden":
        res = _scalar.recover_from_bracket_error(_scalar.golden, f, brack, disp=disp, **options)
    elif meth == "bounded":
        if bounds is None:
            raise ValueError("The `bounds` parameter is mandatory for method `bounded`.")
        res = _scalar.bounded(f, [_scalar_x(v) for v in bounds], disp=disp, **options)
        _bounded_endprint(res, options.get("xatol", 1e-5), disp)
    else:
        raise ValueError(f"Unknown solver {method}")
    res.fun = _wrap(torch.tensor(res.fun, dtype=torch.float64, device=dev))
    res.x = _wrap(torch.tensor(res.x, dtype=torch.float64, device=dev))
    return res


_BRACKETING = ("bisect", "ridder", "brentq", "brenth", "toms748")


def root_scalar(f, args=(), method=None, bracket=None, fprime=None, fprime2=None, x0=None, x1=None, xtol=None,
                rtol=None, maxiter=None, options=None):
    """SciPy's ``scipy.optimize.root_scalar``; on a device: every method, 'brentq', 'brenth',
    'bisect', 'ridder', 'toms748', 'newton' (``fprime`` by autograd where not given), 'secant' and
    'halley' (SciPy's iterations on Python numbers, the function on 0-d device arrays; from a real or
    complex ``x0``, a float32/complex64 one in its type as ``newton``)."""
    if not isinstance(args, tuple):
        args = (args,)
    dev = placement((bracket, x0, x1, args), {})
    if dev is None:
        return _host_result(scipy_function("optimize.root_scalar")(
            host_callable(f), args=_host_views(args), method=method, bracket=_host_views(bracket),
            fprime=host_callable(fprime), fprime2=host_callable(fprime2), x0=_host_views(x0), x1=_host_views(x1),
            xtol=xtol, rtol=rtol, maxiter=maxiter, options=options))
    _scalar_operands((bracket, x0, x1, args), dev)
    kwargs = {k: v for k, v in (("xtol", xtol), ("rtol", rtol), ("maxiter", maxiter)) if v is not None}
    kwargs.update(options or {})
    func = _ScalarFunction(f, args, dev)
    memo = None
    if fprime2 is not None and not callable(fprime2):
        fprime2 = bool(fprime2)
        if fprime2:  # f returns (f, f', f''): SciPy's MemoizeDer
            memo = _Memoized(f, args, dev)
            fprime, fprime2 = memo.fprime, memo.fprime2
        else:
            fprime2 = None
    if fprime is not None and not callable(fprime):
        if bool(fprime):
            memo = memo or _Memoized(f, args, dev)
            fprime = memo.fprime
        else:
            fprime = None
    if memo is not None:
        func = memo
    if not method:
        if bracket is not None:
            method = "brentq"
        elif x0 is not None:
            method = ("halley" if fprime2 else "newton") if fprime else ("secant" if x1 is not None else "newton")
    if not method:
        raise ValueError("Unable to select a solver as neither bracket nor starting point provided.")
    meth = method.lower()
    if meth not in _BRACKETING + ("newton", "secant", "halley"):
        raise ValueError(f"Unknown solver {meth}")
    func.complex_values = meth not in _BRACKETING  # newton's: complex points and values, as SciPy's
    if meth in _BRACKETING:
        if not isinstance(bracket, (list, tuple, ndarray)):
            raise ValueError(f"Bracket needed for {method}")
        func.nan_raise = True
        a, b = (_scalar_x(v) for v in list(bracket)[:2])
        try:
            opts = {k: v for k, v in kwargs.items() if k not in ("disp", "full_output")}  # SciPy sets both
            r, calls, iters, flag = _scalar.solve_bracket(meth, func, a, b, **opts, disp=False)
            m = meth
        except ValueError as e:
            if not hasattr(e, "_x"):
                raise
            r, calls, iters, flag, m = e._x, e._function_calls, math.nan, str(e), method  # SciPy's, as it names it
    else:
        if x0 is None:
            raise ValueError(f"x0 must not be None for {method}")
        if meth == "halley" and not fprime:
            raise ValueError(f"fprime must be specified for {method}")
        if meth == "halley" and not fprime2:
            raise ValueError(f"fprime2 must be specified for {method}")
        if meth == "newton" and not fprime:
            fprime = func.derivative
        elif meth == "newton" or meth == "halley":
            if memo is None:
                fprime = _newton_function(fprime, args, dev)
                fprime2 = _newton_function(fprime2, args, dev) if meth == "halley" else None
        if "xtol" in kwargs:
            kwargs["tol"] = kwargs.pop("xtol")
        kwargs.pop("disp", None)
        kwargs.pop("full_output", None)
        x, x1 = _starts(x0, x1 if meth == "secant" else None)
        r, calls, iters, flag, m = _scalar.newton(
            func, x, fprime=None if meth == "secant" else fprime,
            fprime2=fprime2 if meth == "halley" else None, x1=x1, **kwargs)
        if memo is not None:
            calls = memo.calls
        return RootResults(root=_solver_root(r, (), dev), iterations=iters, function_calls=calls, flag=flag,
                           method=m if meth != "secant" else "secant")
    return RootResults(root=_wrap(torch.tensor(r, dtype=torch.float64, device=dev)), iterations=iters,
                       function_calls=calls, flag=flag, method=m)


def _root_in_bracket(method, f, a, b, args, xtol, rtol, maxiter, full_output, disp, **options):
    """SciPy's module function ``method`` (``brentq``, ...): SciPy's own on host data; on a device
    SciPy's iteration on Python numbers, the function called on 0-d device arrays (one host read
    per evaluation, as ``root_scalar``), the root a 0-d float64 array on the device."""
    dev = placement((a, b, args), {})
    if dev is None:
        return _from_scipy(scipy_function("optimize." + method)(
            host_callable(f), _host_views(a), _host_views(b), args=_host_views(args), xtol=xtol, rtol=rtol,
            maxiter=maxiter, full_output=full_output, disp=disp, **options))
    _scalar_operands((a, b, args), dev)
    if not isinstance(args, tuple):
        args = (args,)
    func = _ScalarFunction(f, args, dev, nan_raise=True)
    r, calls, iters, flag = _scalar.solve_bracket(method, func, _scalar_x(a), _scalar_x(b), xtol, rtol, maxiter,
                                                  disp, **options)
    root = _wrap(torch.tensor(r, dtype=torch.float64, device=dev))
    if full_output:
        return root, RootResults(root=root, iterations=iters, function_calls=calls, flag=flag, method=method)
    return root


_XTOL, _RTOL, _ITER = 2e-12, _scalar.RTOL, 100


def bisect(f, a, b, args=(), xtol=_XTOL, rtol=_RTOL, maxiter=_ITER, full_output=False, disp=True):
    """SciPy's ``scipy.optimize.bisect`` (``bisect.c``); on a device SciPy's iteration
    on Python numbers, ``f`` called on 0-d device arrays (docs/scipy.md)."""
    return _root_in_bracket("bisect", f, a, b, args, xtol, rtol, maxiter, full_output, disp)


def ridder(f, a, b, args=(), xtol=_XTOL, rtol=_RTOL, maxiter=_ITER, full_output=False, disp=True):
    """SciPy's ``scipy.optimize.ridder`` (``ridder.c``); on a device SciPy's iteration
    on Python numbers, ``f`` called on 0-d device arrays (docs/scipy.md)."""
    return _root_in_bracket("ridder", f, a, b, args, xtol, rtol, maxiter, full_output, disp)


def brentq(f, a, b, args=(), xtol=_XTOL, rtol=_RTOL, maxiter=_ITER, full_output=False, disp=True):
    """SciPy's ``scipy.optimize.brentq`` (``brentq.c``); on a device SciPy's iteration
    on Python numbers, ``f`` called on 0-d device arrays (docs/scipy.md)."""
    return _root_in_bracket("brentq", f, a, b, args, xtol, rtol, maxiter, full_output, disp)


def brenth(f, a, b, args=(), xtol=_XTOL, rtol=_RTOL, maxiter=_ITER, full_output=False, disp=True):
    """SciPy's ``scipy.optimize.brenth`` (``brenth.c``); on a device SciPy's iteration
    on Python numbers, ``f`` called on 0-d device arrays (docs/scipy.md)."""
    return _root_in_bracket("brenth", f, a, b, args, xtol, rtol, maxiter, full_output, disp)


def toms748(f, a, b, args=(), k=1, xtol=_XTOL, rtol=_RTOL, maxiter=_ITER, full_output=False, disp=True):
    """SciPy's ``scipy.optimize.toms748`` (its ``TOMS748Solver``); on a device SciPy's iteration
    on Python numbers, ``f`` called on 0-d device arrays (docs/scipy.md)."""
    return _root_in_bracket("toms748", f, a, b, args, xtol, rtol, maxiter, full_output, disp, k=k)


for _f in (bisect, ridder, brentq, brenth, toms748):
    DEVICE["optimize." + _f.__name__] = _f
del _f


def newton(func, x0, fprime=None, args=(), tol=1.48e-8, maxiter=50, fprime2=None, x1=None, rtol=0.0,
           full_output=False, disp=True):
    """SciPy's ``scipy.optimize.newton``; on a device (``x0``, ``x1`` or ``args`` device arrays, or the
    default device one): a scalar ``x0`` by SciPy's Newton, Halley or secant iteration on Python numbers
    (on NumPy scalars of its type for a float32/complex64 ``x0``, as SciPy's; one host read per
    evaluation), an array ``x0`` by SciPy's vectorized iteration in torch on the
    device (``_newton``: one read per evaluation of ``func`` or ``fprime``)."""
    dev = placement((x0, x1, args), {})
    if dev is None:
        return _from_scipy(scipy_function("optimize.newton")(
            host_callable(func), _host_views(x0), fprime=host_callable(fprime), args=_host_views(args), tol=tol,
            maxiter=maxiter, fprime2=host_callable(fprime2), x1=_host_views(x1), rtol=rtol,
            full_output=full_output, disp=disp))
    _scalar_operands((x0, x1, args), dev)
    if tol <= 0:
        raise ValueError(f"tol too small ({tol:g} <= 0)")
    maxiter = operator.index(maxiter)
    if maxiter < 1:
        raise ValueError("maxiter must be greater than 0")
    if not isinstance(args, tuple):
        args = (args,)
    t = tensor(x0, dev)
    if t.numel() > 1:
        return _newton.array_newton(func, t, fprime, args, tol, maxiter, fprime2, full_output)
    x, x1 = _starts(_wrap(t), x1)  # (a 1-element array x0: read on the host)
    if not _scalar.numpy_number(x):
        x = complex(x) if t.is_complex() else float(x)

    def fn(f):
        return _newton_function(f, args, dev)

    r, calls, iters, flag, method = _scalar.newton(
        fn(func), x, fprime=None if fprime is None else fn(fprime), tol=tol, maxiter=maxiter,
        fprime2=fn(fprime2) if fprime is not None and fprime2 else None,
        x1=x1, rtol=rtol, disp=disp)
    root = _solver_root(r, t.shape, dev)
    if full_output:
        return root, RootResults(root=root, iterations=iters, function_calls=calls, flag=flag, method=method)
    return root


def _scalar_minimizer(bracketing, func, args, dev):
    """The device's objective and a bracket/bounds entry list as Python numbers."""
    _scalar_operands((bracketing, args), dev)
    if not isinstance(args, tuple):
        args = (args,)
    return _ScalarFunction(func, args, dev), None if bracketing is None else [_scalar_x(v) for v in bracketing]


def _device_scalar(v, dev):
    return _wrap(torch.tensor(v, dtype=torch.float64, device=dev))


def brent(func, args=(), brack=None, tol=1.48e-8, full_output=0, maxiter=500):
    """SciPy's ``scipy.optimize.brent``; on a device (``brack`` or ``args`` device arrays, or the default
    device one) SciPy's Brent iteration on Python numbers, ``func`` on 0-d device arrays (one host read
    per evaluation); ``x`` and ``fval`` 0-d float64 device arrays."""
    dev = placement((brack, args), {})
    if dev is None:
        return _from_scipy(scipy_function("optimize.brent")(
            host_callable(func), args=_host_views(args), brack=_host_views(brack), tol=tol, full_output=full_output,
            maxiter=maxiter))
    f, brack = _scalar_minimizer(brack, func, args, dev)
    res = _scalar.brent(f, brack, xtol=tol, maxiter=maxiter)
    x = _device_scalar(res.x, dev)
    return (x, _device_scalar(res.fun, dev), res.nit, res.nfev) if full_output else x


def golden(func, args=(), brack=None, tol=_scalar.SQRT_EPS, full_output=0, maxiter=5000):
    """SciPy's ``scipy.optimize.golden``; on a device as ``brent``: SciPy's golden-section search on Python
    numbers, one host read per evaluation."""
    dev = placement((brack, args), {})
    if dev is None:
        return _from_scipy(scipy_function("optimize.golden")(
            host_callable(func), args=_host_views(args), brack=_host_views(brack), tol=tol, full_output=full_output,
            maxiter=maxiter))
    f, brack = _scalar_minimizer(brack, func, args, dev)
    res = _scalar.golden(f, brack, xtol=tol, maxiter=maxiter)
    x = _device_scalar(res.x, dev)
    return (x, _device_scalar(res.fun, dev), res.nfev) if full_output else x


def fminbound(func, x1, x2, args=(), xtol=1e-5, maxfun=500, full_output=0, disp=1):
    """SciPy's ``scipy.optimize.fminbound``; on a device (``x1``, ``x2`` or ``args`` device arrays, or the
    default device one) SciPy's bounded Brent iteration on Python numbers, one host read per evaluation;
    ``disp`` as SciPy's: >= 1 its OptimizeWarning where it fails, >= 2 its message on convergence, >= 3 its
    iteration table (each iterate and value read on the host to print it)."""
    dev = placement((x1, x2, args), {})
    if dev is None:
        return _from_scipy(scipy_function("optimize.fminbound")(
            host_callable(func), _host_views(x1), _host_views(x2), args=_host_views(args), xtol=xtol,
            maxfun=maxfun, full_output=full_output, disp=disp))
    f, bounds = _scalar_minimizer((x1, x2), func, args, dev)
    res = _scalar.bounded(f, bounds, xatol=xtol, maxiter=maxfun, disp=disp)
    _bounded_endprint(res, xtol, disp)
    x = _device_scalar(res.x, dev)
    return (x, _device_scalar(res.fun, dev), res.status, res.nfev) if full_output else x


def _bounded_endprint(res, xtol, disp):
    """SciPy's ``_endprint`` of the bounded minimizer: with ``disp`` >= 1 its ``OptimizeWarning`` where it
    stops unconverged, with ``disp`` >= 2 its message on convergence."""
    if disp > 0 and res.status:
        msg = ("\nMaximum number of function evaluations exceeded --- increase maxfun argument.\n"
               if res.status == 1 else "\nNaN result encountered.")
        warnings.warn(msg, _optimize_warning(), stacklevel=3)
    elif disp > 1 and not res.status:
        print("\nOptimization terminated successfully;\nThe returned value satisfies the termination criteria\n"
              "(using xtol = ", xtol, ")")


def _optimize_warning():
    """SciPy's ``OptimizeWarning`` (a UserWarning where SciPy is not installed)."""
    try:
        return scipy_function("optimize.OptimizeWarning")
    except ImportError:
        return UserWarning


for _f in (newton, brent, golden, fminbound):
    DEVICE["optimize." + _f.__name__] = _f
del _f


class _Memoized(_ScalarFunction):
    """SciPy's ``MemoizeDer``: ``f`` returns (f, f'[, f'']), evaluated once per point."""

    def __init__(self, fun, args, dev):
        super().__init__(fun, args, dev)
        self.x = self.vals = None

    def _values(self, x):
        if self.vals is None or x != self.x:
            t = self._point(x)
            with torch.no_grad():
                out = self.fun(_wrap(t), *self.args)
            self.vals = [self._read(self.value(v, t), x) for v in out]
            self.x = x
            self.calls += 1
        return self.vals

    def __call__(self, x):
        return self._values(x)[0]

    def fprime(self, x):
        return self._values(x)[1]

    def fprime2(self, x):
        return self._values(x)[2]


DEVICE["optimize.minimize_scalar"] = minimize_scalar
DEVICE["optimize.root_scalar"] = root_scalar
DEVICE["optimize.least_squares"] = least_squares
DEVICE["optimize.root"] = root
DEVICE["optimize.fsolve"] = fsolve
DEVICE["optimize.curve_fit"] = curve_fit

__getattr__ = module_getattr("optimize")
