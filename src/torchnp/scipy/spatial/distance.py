"""torchnp.scipy.spatial.distance: ``scipy.spatial.distance`` on torchnp arrays (DESIGN §8;
docs/scipy.md)."""

from .._dispatch import module_getattr

__all__ = []

__getattr__ = module_getattr("spatial.distance")
