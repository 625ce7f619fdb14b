"""torchnp.scipy.stats: ``scipy.stats`` on torchnp arrays (DESIGN §8; docs/scipy.md).

SciPy's own functions on host data; the functions and distributions in ``__all__`` also run on
accelerators (a torch implementation); SciPy's other names run on host data only.
"""

from .._dispatch import module_getattr
from ._distributions import *  # noqa: F403
from ._distributions import __all__ as _dist_all
from ._summaries import *  # noqa: F403
from ._summaries import __all__ as _summaries_all

__all__ = [*_dist_all, *_summaries_all]

__getattr__ = module_getattr("stats")
