"""_manipulation family (see package docstring in __init__)."""

__all__ = []
