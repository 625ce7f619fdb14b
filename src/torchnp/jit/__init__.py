"""torchnp.jit: torch.compile for NumPy-style code (DESIGN.md §6)."""

__all__ = ["jit"]


def jit(fn=None, **options):
    raise NotImplementedError("torchnp.jit is being built (issue 3)")
