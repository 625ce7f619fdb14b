"""torchnp.scipy.integrate: ``scipy.integrate`` on torchnp arrays (DESIGN §8; docs/scipy.md).

SciPy's own functions on host data; the functions in ``__all__`` also run on accelerators: the
integrals of samples (``trapezoid``, ``simpson``, ``cumulative_trapezoid``, ``romb``) as SciPy's
formulas in torch, ``solve_ivp``/``odeint`` with SciPy's step control. ``quad`` and SciPy's other
names run on host data only. ``solve_ivp_batch`` is torchnp's extension: ``solve_ivp`` over a
batch of initial states as one device computation.
"""

from .._dispatch import module_getattr
from ._ivp_api import odeint, solve_ivp, solve_ivp_batch
from ._quadrature import cumulative_trapezoid, romb, simpson, trapezoid

__all__ = ["odeint", "solve_ivp", "solve_ivp_batch", "trapezoid", "simpson", "cumulative_trapezoid", "romb"]

__getattr__ = module_getattr("integrate")
