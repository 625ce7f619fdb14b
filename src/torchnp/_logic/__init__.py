"""Logic functions (NumPy docs: "Logic functions") beyond the ufuncs and the truth-value reductions."""

from ._logic import *  # noqa: F401,F403
from ._logic import __all__  # noqa: F401
