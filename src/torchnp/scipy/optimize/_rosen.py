"""SciPy's Rosenbrock test functions on the device (docs/scipy.md): SciPy 1.17's array-API formulas on
tensors, so ``minimize(rosen, x0, jac=rosen_der)``, SciPy's own examples, runs where ``x0`` lives (on host
data each is SciPy's own), and autograd differentiates them."""

import torch

from ..._boundary import tensor
from .._dispatch import mirror


def _floating(x):
    """SciPy's ``xp_promote(x, force_floating=True)``: integers and bool give float64."""
    t = tensor(x)
    return t if t.is_floating_point() or t.is_complex() else t.to(torch.float64)


@mirror("optimize")
def rosen(x):
    t = _floating(x)
    return (100.0 * (t[1:] - t[:-1] ** 2.0) ** 2.0 + (1 - t[:-1]) ** 2.0).sum(0, dtype=t.dtype)


@mirror("optimize")
def rosen_der(x):
    t = _floating(x)
    xm, xm_m1, xm_p1 = t[1:-1], t[:-2], t[2:]
    inner = 200 * (xm - xm_m1 ** 2) - 400 * (xm_p1 - xm ** 2) * xm - 2 * (1 - xm)
    first = -400 * t[0] * (t[1] - t[0] ** 2) - 2 * (1 - t[0])
    last = 200 * (t[-1] - t[-2] ** 2)
    return torch.cat([first.unsqueeze(0), inner, last.unsqueeze(0)])


@mirror("optimize")
def rosen_hess(x):
    t = _floating(x)
    first = (1200 * t[0] ** 2 - 400 * t[1] + 2).unsqueeze(0)
    diagonal = torch.cat([first, 202 + 1200 * t[1:-1] ** 2 - 400 * t[2:], torch.full((1,), 200, dtype=t.dtype,
                                                                                       device=t.device)])
    return torch.diag(-400 * t[:-1], 1) - torch.diag(400 * t[:-1], -1) + torch.diag(diagonal)


@mirror("optimize")
def rosen_hess_prod(x, p):
    t = _floating(x)
    t = t.reshape(1) if t.dim() == 0 else t
    p = tensor(p, t.device).to(t.dtype)
    first = (1200 * t[0] ** 2 - 400 * t[1] + 2) * p[0] - 400 * t[0] * p[1]
    inner = -400 * t[:-2] * p[:-2] + (202 + 1200 * t[1:-1] ** 2 - 400 * t[2:]) * p[1:-1] - 400 * t[1:-1] * p[2:]
    last = -400 * t[-2] * p[-2] + 200 * p[-1]
    return torch.cat([first.unsqueeze(0), inner, last.unsqueeze(0)])
