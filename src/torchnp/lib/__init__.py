"""``torchnp.lib``: the public pieces of ``numpy.lib`` that user code reaches for.

- ``stride_tricks``: ``sliding_window_view``, ``as_strided``, ``broadcast_to``,
  ``broadcast_arrays``, ``broadcast_shapes`` (views of the array's tensor)
- ``scimath``: the same module as ``torchnp.emath``
- ``NumpyVersion``: NumPy's version-string comparer (pure Python)
- ``array_utils``: ``normalize_axis_index``, ``normalize_axis_tuple``, ``byte_bounds``
"""

from numpy.lib import NumpyVersion  # noqa: F401  (compares version strings, holds no array data)

from .. import emath as scimath  # noqa: F401
from . import array_utils, stride_tricks  # noqa: F401

__all__ = ["NumpyVersion", "array_utils", "scimath", "stride_tricks"]


import numpy.lib as _numpy_mirror  # noqa: E402
from .._host_only import mirror_getattr as _mirror_getattr  # noqa: E402

__getattr__ = _mirror_getattr(__name__, _numpy_mirror)  # NumPy's private names; a clear AttributeError otherwise
del _mirror_getattr
