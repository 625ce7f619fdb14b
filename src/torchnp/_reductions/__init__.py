"""Reductions and statistics: sums/products/differences, extrema, logic reductions,
statistics (averages, variances, order statistics, correlation) and histograms. One
module per NumPy documentation section."""

from ._sums import *  # noqa: F401,F403
from ._extrema import *  # noqa: F401,F403
from ._logic import *  # noqa: F401,F403
from ._statistics import *  # noqa: F401,F403
from ._histograms import *  # noqa: F401,F403
from . import _extrema, _histograms, _logic, _statistics, _sums

__all__ = (_sums.__all__ + _extrema.__all__ + _logic.__all__ + _statistics.__all__ + _histograms.__all__)
