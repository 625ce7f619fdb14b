"""torchnp.testing."""

__all__ = []
