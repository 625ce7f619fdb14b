"""NumPy protocols: __array_function__ and __array_ufunc__ (DESIGN.md §5.3)."""

__all__ = []
