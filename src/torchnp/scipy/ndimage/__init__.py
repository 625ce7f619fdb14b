"""torchnp.scipy.ndimage: ``scipy.ndimage`` on torchnp arrays (DESIGN §8; docs/scipy.md).

SciPy's own functions on host data; the functions in ``__all__`` also run on accelerators
(a torch implementation); SciPy's other names run on host data only.
"""

from .._dispatch import module_getattr

__all__ = []

__getattr__ = module_getattr("ndimage")
