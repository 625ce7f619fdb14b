"""Products (NumPy docs: "Linear algebra" -> matrix and vector products)."""

from ._matmul import *  # noqa: F401,F403
from ._matmul import __all__ as _matmul_all
from ._products import *  # noqa: F401,F403
from ._products import __all__ as _products_all

__all__ = list(_matmul_all) + list(_products_all)
