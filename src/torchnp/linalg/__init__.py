"""torchnp.linalg."""

__all__ = []
