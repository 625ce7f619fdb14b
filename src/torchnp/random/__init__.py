"""torchnp.random."""

__all__ = []
