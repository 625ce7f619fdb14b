"""torchnp.fft."""

__all__ = []
