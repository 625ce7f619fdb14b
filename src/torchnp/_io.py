"""File input and output (np.save, np.load, ...)."""

__all__ = []
