"""Splitting arrays (NumPy docs: "Splitting arrays"); the pieces are views."""

import operator

from .._array import _wrap, ndarray
from ._common import normalize_axis, tensor

__all__ = ["split", "array_split", "hsplit", "vsplit", "dsplit"]


def _points(indices_or_sections, n, exact):
    if isinstance(indices_or_sections, ndarray):
        # the split points shape the output: read them on the host
        indices_or_sections = indices_or_sections.tolist()
    try:
        sections = operator.index(indices_or_sections)
    except TypeError:
        idx = [operator.index(i) for i in indices_or_sections]
        return [0] + idx + [n]
    if exact and sections == 0:
        raise ZeroDivisionError("integer modulo by zero")  # as numpy.split
    if sections <= 0:
        raise ValueError("number sections must be larger than 0.")
    each, extras = divmod(n, sections)
    if exact and extras:
        raise ValueError("array split does not result in an equal division")
    pts = [0]
    for i in range(sections):
        pts.append(pts[-1] + each + (1 if i < extras else 0))
    return pts


def _split(ary, indices_or_sections, axis, exact):
    t = tensor(ary)
    if t.dim() == 0:
        raise IndexError("tuple index out of range")  # NumPy's error for 0-d input
    axis = normalize_axis(axis, t.dim())
    pts = _points(indices_or_sections, t.shape[axis], exact)
    pre = (slice(None),) * axis
    return [_wrap(t[pre + (slice(a, b),)]) for a, b in zip(pts[:-1], pts[1:])]


def array_split(ary, indices_or_sections, axis=0):
    """Split into sub-arrays, allowing unequal division (``numpy.array_split``)."""
    return _split(ary, indices_or_sections, axis, False)


def split(ary, indices_or_sections, axis=0):
    """Split into equal sub-arrays or at indices (``numpy.split``)."""
    return _split(ary, indices_or_sections, axis, True)


def hsplit(ary, indices_or_sections):
    """Split horizontally, column-wise (``numpy.hsplit``)."""
    nd = tensor(ary).dim()
    if nd == 0:
        raise ValueError("hsplit only works on arrays of 1 or more dimensions")
    return _split(ary, indices_or_sections, 1 if nd > 1 else 0, True)


def vsplit(ary, indices_or_sections):
    """Split vertically, row-wise (``numpy.vsplit``)."""
    if tensor(ary).dim() < 2:
        raise ValueError("vsplit only works on arrays of 2 or more dimensions")
    return _split(ary, indices_or_sections, 0, True)


def dsplit(ary, indices_or_sections):
    """Split along the third axis (``numpy.dsplit``)."""
    if tensor(ary).dim() < 3:
        raise ValueError("dsplit only works on arrays of 3 or more dimensions")
    return _split(ary, indices_or_sections, 2, True)
