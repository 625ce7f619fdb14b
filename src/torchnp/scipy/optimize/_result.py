"""SciPy's ``OptimizeResult`` and the objective of a device optimizer (DESIGN §8.4)."""

import math

import torch

from ..._array import _wrap, ndarray
from ..._boundary import tensor


class OptimizeResult(dict):
    """SciPy's ``scipy.optimize.OptimizeResult``: a dict whose keys are also attributes (``x``,
    ``fun``, ``jac``, ``nit``, ``nfev``, ``status``, ``success``, ``message``, ...)."""

    def __getattr__(self, name):
        try:
            return self[name]
        except KeyError as e:
            raise AttributeError(name) from e

    __setattr__ = dict.__setitem__
    __delattr__ = dict.__delitem__

    def __repr__(self):
        if not self:
            return self.__class__.__name__ + "()"
        width = max(map(len, self)) + 1
        return "\n".join(f"{k.rjust(width)}: {v!r}" for k, v in sorted(self.items()))

    def __dir__(self):
        return list(self.keys())


class RootResults(OptimizeResult):
    """SciPy's ``scipy.optimize.RootResults``: ``root``, ``iterations``, ``function_calls``,
    ``converged``, ``flag``, ``method``."""

    def __init__(self, root, iterations, function_calls, flag, method):
        super().__init__()
        self.root, self.iterations, self.function_calls = root, iterations, function_calls
        self.converged = flag == 0
        self.flag = {0: "converged", -1: "sign error", -2: "convergence error", -3: "value error",
                     1: "No error"}.get(flag, flag)
        self.method = method


def result(**fields):
    """An OptimizeResult whose tensors are torchnp arrays on their device (0-d for scalars)."""
    return OptimizeResult({k: _wrap(v) if isinstance(v, torch.Tensor) else v for k, v in fields.items()})


def scalar(out, like, what="objective function"):
    """The 0-d tensor of a user function's scalar result (SciPy's ValueError otherwise)."""
    if isinstance(out, ndarray):
        t = out._t
    elif isinstance(out, torch.Tensor):
        t = out
    else:
        t = tensor(out, like.device)
        if t.dtype != like.dtype and not t.is_complex():
            t = t.to(like.dtype)
    if t.numel() != 1:
        raise ValueError(f"The user-provided {what} must return a scalar value.")
    return t.reshape(())


class Objective:
    """``fun`` (and its gradient) of a device optimizer on tensors: ``jac`` as SciPy takes it
    (``True``: ``fun`` returns ``(f, g)``; a callable; None or a finite-difference scheme: torch's
    autograd where ``fun`` is written with torchnp, else SciPy's 2-point differences), counted
    in ``nfev``/``njev``."""

    def __init__(self, fun, jac, args, abs_step=None):
        self.fun, self.jac, self.args = fun, jac, tuple(args)
        self.nfev = self.njev = 0
        self.autograd = jac is None or isinstance(jac, str)
        # SciPy's minimizers difference ``jac=None`` with their absolute ``eps`` (a scheme name: the relative step)
        self.abs_step = abs_step if jac is None else None
        self.bounds = None  # (lower, upper) tensors: L-BFGS-B's differences turn back at them, as SciPy's

    def __call__(self, x):
        self.nfev += 1
        with torch.no_grad():
            out = self.fun(_wrap(x), *self.args)
        if self.jac is True:
            out = out[0]
        return scalar(out, x)

    def value_and_grad(self, x):
        if self.jac is True:
            self.nfev += 1
            self.njev += 1
            f, g = self.fun(_wrap(x), *self.args)
            return scalar(f, x), tensor(g, x.device).to(x.dtype).reshape(x.shape)
        if callable(self.jac):
            f = self(x)
            self.njev += 1
            return f, tensor(self.jac(_wrap(x), *self.args), x.device).to(x.dtype).reshape(x.shape)
        if self.autograd:
            xr = x.detach().requires_grad_(True)
            with torch.enable_grad():
                out = self.fun(_wrap(xr), *self.args)
                f = scalar(out, x)
            if f.requires_grad:
                self.nfev += 1
                self.njev += 1
                (g,) = torch.autograd.grad(f, xr, allow_unused=True)
                return f.detach(), torch.zeros_like(x) if g is None else g
            self.autograd = False  # not differentiable by torch (a host computation): differences
            self.nfev += 1
            return self._differences(x, f.detach())
        return self._differences(x, self(x))

    def matrix(self, hess, x):
        """``hess(x, *args)`` as a square tensor on ``x``'s device (Newton-CG's ``hess``)."""
        return tensor(hess(_wrap(x), *self.args), x.device).to(x.dtype).reshape(x.numel(), x.numel())

    def vector(self, hessp, x, p):
        """``hessp(x, p, *args)`` as a tensor like ``x`` (Newton-CG's ``hessp``)."""
        return tensor(hessp(_wrap(x), _wrap(p), *self.args), x.device).to(x.dtype).reshape(x.shape)

    def _gradient_graph(self, xr):
        """The gradient at ``xr`` (which requires grad), differentiable again where torch can."""
        if self.jac is True:
            return tensor(self.fun(_wrap(xr), *self.args)[1], xr.device).to(xr.dtype).reshape(xr.shape)
        if callable(self.jac):
            return tensor(self.jac(_wrap(xr), *self.args), xr.device).to(xr.dtype).reshape(xr.shape)
        f = scalar(self.fun(_wrap(xr), *self.args), xr)
        if not f.requires_grad:
            return f.new_zeros(())  # not differentiable by torch: no graph
        (g,) = torch.autograd.grad(f, xr, create_graph=True, allow_unused=True)
        return torch.zeros_like(xr) if g is None else g

    def hessp(self, x, p, eps):
        """The Hessian of ``fun`` times ``p``: a double backward pass of torch's autograd, or
        SciPy's ``approx_fhess_p`` (differences of the gradient, step ``eps``) where the
        gradient is not differentiable by torch. Counted as a gradient evaluation."""
        if self.autograd or self.jac is True or callable(self.jac):
            xr = x.detach().requires_grad_(True)
            with torch.enable_grad():
                g = self._gradient_graph(xr)
                if g.requires_grad:
                    self.nfev += self.autograd
                    self.njev += 1
                    (hv,) = torch.autograd.grad(g, xr, grad_outputs=p, allow_unused=True)
                    return torch.zeros_like(x) if hv is None else hv
                if self.autograd and g.dim() == x.dim() and g.shape == x.shape:
                    self.njev += 1
                    return torch.zeros_like(x)  # a gradient torch computed without a graph: constant
        g2 = self.value_and_grad(x + eps * p)[1]
        g1 = self.value_and_grad(x)[1]
        return (g2 - g1) / eps

    def _differences(self, x, f):
        """SciPy's '2-point' forward differences (``approx_derivative``): the relative step
        h = sqrt(eps) * sign(x) * max(1, |x|), or SciPy's absolute step where the minimizer gives one
        (``jac=None``: h = (x + eps) - x, the relative step where that is 0)."""
        eps = math.sqrt(torch.finfo(x.dtype).eps)
        h = eps * torch.where(x >= 0, 1.0, -1.0).to(x.dtype) * torch.clamp(x.abs(), min=1.0)
        if self.abs_step is not None:
            dx = (x + self.abs_step) - x
            h = torch.where(dx == 0, h, dx)
        if self.bounds is not None:  # SciPy's _adjust_scheme_to_bounds, '1-sided'
            lower_dist, upper_dist = x - self.bounds[0], self.bounds[1] - x
            violated = (x + h < self.bounds[0]) | (x + h > self.bounds[1])
            fitting = h.abs() <= torch.maximum(lower_dist, upper_dist)
            h = torch.where(violated & fitting, -h, h)
            h = torch.where(~fitting, torch.where(upper_dist >= lower_dist, upper_dist, -lower_dist), h)
        h = (x + h) - x
        g = torch.empty_like(x)
        for i in range(x.numel()):
            xi = x.clone()
            xi.view(-1)[i] += h.view(-1)[i]
            g.view(-1)[i] = (self(xi) - f) / h.view(-1)[i]
        return f, g


def as_float_vector(x0, dev=None):
    """``x0`` as SciPy's minimizers take it: 1-d (a 0-d ``x0`` becomes one element), integers
    as float64. More dimensions: SciPy's ValueError."""
    t = tensor(x0, dev)
    if t.dim() > 1:
        raise ValueError("'x0' must only have one dimension.")
    t = t.reshape(-1)
    if not (t.is_floating_point() or t.is_complex()):
        t = t.to(torch.float64)
    return t.clone()


def finite(t):
    """Whether the 0-d tensor ``t`` is finite (a host read: the optimizer's decision, docs/devices.md)."""
    return math.isfinite(float(t))

