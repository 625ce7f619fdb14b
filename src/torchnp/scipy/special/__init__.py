"""torchnp.scipy.special: ``scipy.special`` on torchnp arrays (DESIGN §8; docs/scipy.md).

Each function is SciPy's on host data and ``torch.special`` (or a composition of torch ops)
on an accelerator; SciPy's other names run on host data only.
"""

import torch

from .._dispatch import inexact_tensors, mirror, module_getattr

__all__ = ["erf", "gammaln"]


@mirror("special")
def erf(z):
    (t,) = inexact_tensors(z)
    return torch.special.erf(t)


@mirror("special")
def gammaln(x):
    (t,) = inexact_tensors(x)
    return torch.special.gammaln(t)


__getattr__ = module_getattr("special")
