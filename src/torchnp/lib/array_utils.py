"""Array utilities (mirrors ``numpy.lib.array_utils``)."""

from numpy.lib.array_utils import normalize_axis_index, normalize_axis_tuple  # noqa: F401  (pure int logic)

from .._array import ndarray
from .._convert import asarray as _asarray

__all__ = ["byte_bounds", "normalize_axis_tuple", "normalize_axis_index"]


def byte_bounds(a):
    """Addresses of the first byte and one past the last byte of ``a``'s memory (mirrors
    ``numpy.lib.array_utils.byte_bounds``); device addresses for arrays off the CPU."""
    t = (a if isinstance(a, ndarray) else _asarray(a))._t
    low = high = t.data_ptr()
    item = t.element_size()
    if t.numel() == 0:
        return low, low
    for n, stride in zip(t.shape, t.stride()):
        if stride < 0:
            low += (n - 1) * stride * item
        else:
            high += (n - 1) * stride * item
    return low, high + item


import numpy.lib.array_utils as _numpy_mirror  # noqa: E402
from .._host_only import mirror_getattr as _mirror_getattr  # noqa: E402

__getattr__ = _mirror_getattr(__name__, _numpy_mirror)  # NumPy's private names; a clear AttributeError otherwise
del _mirror_getattr
