"""torchnp.scipy.spatial: ``scipy.spatial`` on torchnp arrays (DESIGN §8; docs/scipy.md).

``distance`` runs on accelerators (torchnp.scipy.spatial.distance); SciPy's other names
(KDTree, ConvexHull, ...) run on host data only.
"""

from .._dispatch import module_getattr
from . import distance  # noqa: F401

__all__ = ["distance"]

__getattr__ = module_getattr("spatial")
