"""torchnp.scipy.integrate: ``scipy.integrate`` on torchnp arrays (DESIGN §8; docs/scipy.md).

SciPy's own functions on host data; the functions in ``__all__`` also run on accelerators
(a torch implementation); SciPy's other names run on host data only.
"""

from .._dispatch import module_getattr
from ._ivp_api import odeint, solve_ivp

__all__ = ["odeint", "solve_ivp"]

__getattr__ = module_getattr("integrate")
