"""scipy.ndimage's morphology as torch ops (SciPy's ``_morphology.py``; DESIGN §8.2).

Binary erosion is SciPy's NI_BinaryErosion: an element is true where the input is true at
every true position of the structure (outside the array: ``border_value``); dilation is the
inverted erosion with the reflected structure, as SciPy composes it. ``iterations < 1``
repeats until nothing changes: the device is asked whether anything changed once every
``_ROUNDS`` rounds (a host read, docs/devices.md); extra rounds change nothing. Where the
rounds cycle instead (a structure whose centre is false), SciPy loops forever: on the device
Brent's cycle finding over those reads ends it with a ``RuntimeError``.
"""

import operator

import numpy as _np
import torch

from ..._array import _wrap, ndarray
from .._dispatch import mirror
from . import _filters
from ._support import Output, Param, check_axes, normalize_sequence, pparam, tensor

__all__ = ["binary_erosion", "binary_dilation", "binary_opening", "binary_closing", "binary_fill_holes",
           "grey_erosion", "grey_dilation", "grey_opening", "grey_closing", "morphological_gradient",
           "morphological_laplace", "white_tophat", "black_tophat"]

_ROUNDS = 8  # rounds between two reads of "changed" when iterating until stable


def generate_binary_structure(rank, connectivity):
    """SciPy's ``generate_binary_structure`` (host data: a parameter)."""
    if connectivity < 1:
        connectivity = 1
    if rank < 1:
        return _np.array(True, dtype=bool)
    output = _np.fabs(_np.indices([3] * rank) - 1)
    output = _np.add.reduce(output, 0)
    return output <= connectivity


def _reflect(s, origin):
    """SciPy's reflected structure and origins (dilation from erosion)."""
    s = s.flip()
    origin = list(origin)
    for ii in range(len(origin)):
        origin[ii] = -origin[ii]
        if not s.shape[ii] & 1:
            origin[ii] -= 1
    return s, origin


def _erode_once(b, s, origins, border, invert, mask):
    """One pass of NI_BinaryErosion on bool tensor ``b`` (``s`` a bool :class:`Param`)."""
    if b.numel() == 0:
        return b.clone()
    bv = bool(border) != bool(invert)  # SciPy inverts the border value for dilation
    work = b if not invert else ~b
    ext = _filters.nd_extend(work, s.shape, origins, "constant", torch.tensor(bv, device=b.device))
    acc = torch.ones_like(b)
    for pos, sl in _filters.taps(s.shape, b.shape):
        if s.h is not None:
            if s.h[pos]:
                acc = acc & ext[sl]
        else:
            acc = acc & (ext[sl] | ~s.t[pos])
    if invert:
        acc = ~acc
    return acc if mask is None else torch.where(mask, acc, b)


def _binary_erosion(input, structure, iterations, mask, output, border_value, origin, invert, brute_force, axes,
                    reflected=False):
    try:
        iterations = operator.index(iterations)
    except TypeError as e:
        raise TypeError("iterations parameter should be an integer") from e
    t = tensor(input)
    if t.is_complex():
        raise TypeError("Complex type not supported")
    dev = t.device
    axes = check_axes(axes, t.ndim)
    n = len(axes)
    s = Param(torch.as_tensor(generate_binary_structure(n, 1), device=dev), generate_binary_structure(n, 1)) \
        if structure is None else pparam(structure, dev, torch.bool)
    if t.ndim > n:
        s = _filters.expand_footprint(t.ndim, axes, s, "structure")
    if s.ndim != t.ndim:
        raise RuntimeError("structure and input must have same dimensionality")
    if s.t.numel() < 1:
        raise RuntimeError("structure must not be empty")
    m = None
    if mask is not None:
        m = tensor(mask, dev)
        if tuple(m.shape) != tuple(t.shape):
            raise RuntimeError("mask and input must have equal sizes")
        m = m != 0
    origins = _filters.expand_origin(t.ndim, axes, normalize_sequence(origin, n))
    out_arr = None
    if isinstance(output, (ndarray, _np.ndarray)):
        if output.dtype.kind == "c":
            raise TypeError("Complex output type not supported")
        out_arr = output
    out = Output(out_arr if out_arr is not None else bool, t)
    cur = _erode_once(t != 0, s, origins, border_value, invert, m)
    if iterations == 1:
        return out.finish(cur)
    if iterations > 1:
        for _ in range(iterations - 1):
            cur = _erode_once(cur, s, origins, border_value, invert, m)
        return out.finish(cur)
    saved, blocks, span = cur, 0, 1  # Brent's cycle finding over the blocks' last rounds
    while True:  # until stable: one host read per _ROUNDS rounds (docs/devices.md)
        for _ in range(_ROUNDS):
            prev, cur = cur, _erode_once(cur, s, origins, border_value, invert, m)
        settled, repeated = torch.stack([(prev == cur).all(), (saved == cur).all()]).tolist()
        if settled:
            return out.finish(cur)
        if repeated:  # a structure whose centre is false can flip elements back and forth
            raise RuntimeError("iterations < 1: the rounds cycle and never settle (the structure's centre is "
                               "false); SciPy's loop would not end")
        blocks += 1
        if blocks == span:
            saved, blocks, span = cur, 0, 2 * span


@mirror("ndimage")
def binary_erosion(input, structure=None, iterations=1, mask=None, output=None, border_value=0, origin=0,
                   brute_force=False, *, axes=None):
    return _binary_erosion(input, structure, iterations, mask, output, border_value, origin, False, brute_force, axes)


@mirror("ndimage")
def binary_dilation(input, structure=None, iterations=1, mask=None, output=None, border_value=0, origin=0,
                    brute_force=False, *, axes=None):
    t = tensor(input)
    axes_ = check_axes(axes, t.ndim)
    n = len(axes_)
    if structure is None:
        g = generate_binary_structure(n, 1)
        structure = Param(torch.as_tensor(g, device=t.device), g)
    origin = normalize_sequence(origin, n)
    s = pparam(structure, t.device)
    s, origin = _reflect(s, origin)
    return _binary_erosion(t, s.to(torch.bool), iterations, mask, output, border_value, origin, True, brute_force,
                           axes)


def _default_structure(t, structure, axes):
    if structure is None:
        g = generate_binary_structure(len(check_axes(axes, t.ndim)), 1)
        return Param(torch.as_tensor(g, device=t.device), g)
    return structure


def _binary_composed(first, second, input, structure, iterations, output, origin, mask, border_value, brute_force,
                     axes):
    """``second`` applied to ``first``'s result with the same structure: SciPy's binary opening
    (erosion, then dilation) and closing (dilation, then erosion)."""
    t = tensor(input)
    structure = _default_structure(t, structure, axes)
    tmp = first.__wrapped__(t, structure, iterations, mask, None, border_value, origin, brute_force, axes=axes)
    return second.__wrapped__(tmp, structure, iterations, mask, output, border_value, origin, brute_force, axes=axes)


@mirror("ndimage")
def binary_opening(input, structure=None, iterations=1, output=None, origin=0, mask=None, border_value=0,
                   brute_force=False, *, axes=None):
    return _binary_composed(binary_erosion, binary_dilation, input, structure, iterations, output, origin, mask,
                            border_value, brute_force, axes)


@mirror("ndimage")
def binary_closing(input, structure=None, iterations=1, output=None, origin=0, mask=None, border_value=0,
                   brute_force=False, *, axes=None):
    return _binary_composed(binary_dilation, binary_erosion, input, structure, iterations, output, origin, mask,
                            border_value, brute_force, axes)


@mirror("ndimage")
def binary_fill_holes(input, structure=None, output=None, origin=0, *, axes=None):
    t = tensor(input)
    mask = t == 0
    tmp = torch.zeros(mask.shape, dtype=torch.bool, device=t.device)
    r = ~binary_dilation.__wrapped__(tmp, structure, -1, mask, None, 1, origin, axes=axes)
    if isinstance(output, (ndarray, _np.ndarray)):  # SciPy fills the array and returns None
        Output(output, t).finish(r)
        return None
    return r


# ---------------------------------------------------------------------- grey morphology
@mirror("ndimage")
def grey_erosion(input, size=None, footprint=None, structure=None, output=None, mode="reflect", cval=0.0, origin=0,
                 *, axes=None):
    if size is None and footprint is None and structure is None:
        raise ValueError("size, footprint, or structure must be specified")
    return _filters._min_or_max_filter(input, size, footprint, structure, output, mode, cval, origin, True, axes)


@mirror("ndimage")
def grey_dilation(input, size=None, footprint=None, structure=None, output=None, mode="reflect", cval=0.0, origin=0,
                  *, axes=None):
    if size is None and footprint is None and structure is None:
        raise ValueError("size, footprint, or structure must be specified")
    t = tensor(input)
    if structure is not None:
        structure = pparam(structure, t.device).flip()
    if footprint is not None:
        footprint = pparam(footprint, t.device).flip()
    axes_ = check_axes(axes, t.ndim)
    origin = normalize_sequence(origin, len(axes_))
    for ii in range(len(origin)):
        origin[ii] = -origin[ii]
        if footprint is not None:
            sz = footprint.shape[ii]
        elif structure is not None:
            sz = structure.shape[ii]
        elif _np.isscalar(size):
            sz = size
        else:
            sz = size[ii]
        if not sz & 1:
            origin[ii] -= 1
    return _filters._min_or_max_filter(t, size, footprint, structure, output, mode, cval, origin, False, axes)


def _grey_composed(first, second, input, size, footprint, structure, output, mode, cval, origin, axes, stacklevel):
    """``second`` applied to ``first``'s result with the same footprint: SciPy's grey opening
    (erosion, then dilation) and closing (dilation, then erosion); ``stacklevel``: the user's frame
    for SciPy's warning."""
    if size is not None and footprint is not None:
        import warnings

        warnings.warn("ignoring size because footprint is set", UserWarning, stacklevel=stacklevel)
    tmp = first.__wrapped__(input, size, footprint, structure, None, mode, cval, origin, axes=axes)
    return second.__wrapped__(tmp, size, footprint, structure, output, mode, cval, origin, axes=axes)


@mirror("ndimage")
def grey_opening(input, size=None, footprint=None, structure=None, output=None, mode="reflect", cval=0.0, origin=0,
                 *, axes=None):
    return _grey_composed(grey_erosion, grey_dilation, input, size, footprint, structure, output, mode, cval, origin,
                          axes, 4)


@mirror("ndimage")
def grey_closing(input, size=None, footprint=None, structure=None, output=None, mode="reflect", cval=0.0, origin=0,
                 *, axes=None):
    return _grey_composed(grey_dilation, grey_erosion, input, size, footprint, structure, output, mode, cval, origin,
                          axes, 4)


# ---------------------------------------------------------------------- compositions (NumPy's arithmetic)
def _arr(x):
    """A result of the implementations above as a torchnp array (NumPy's ufunc rules apply to it)."""
    return _wrap(x) if isinstance(x, torch.Tensor) else x


def _tnp():
    import torchnp

    return torchnp


def _is_array(output):
    return isinstance(output, (ndarray, _np.ndarray))


@mirror("ndimage")
def morphological_gradient(input, size=None, footprint=None, structure=None, output=None, mode="reflect",
                           cval=0.0, origin=0, *, axes=None):
    tmp = _arr(grey_dilation.__wrapped__(input, size, footprint, structure, None, mode, cval, origin, axes=axes))
    if _is_array(output):
        grey_erosion.__wrapped__(input, size, footprint, structure, output, mode, cval, origin, axes=axes)
        return _tnp().subtract(tmp, output, out=output)
    return _tnp().subtract(tmp, _arr(grey_erosion.__wrapped__(input, size, footprint, structure, None, mode, cval,
                                                             origin, axes=axes)))


@mirror("ndimage")
def morphological_laplace(input, size=None, footprint=None, structure=None, output=None, mode="reflect",
                          cval=0.0, origin=0, *, axes=None):
    np_ = _tnp()
    x = _arr(tensor(input))
    tmp1 = _arr(grey_dilation.__wrapped__(x, size, footprint, structure, None, mode, cval, origin, axes=axes))
    if _is_array(output):
        grey_erosion.__wrapped__(x, size, footprint, structure, output, mode, cval, origin, axes=axes)
        np_.add(tmp1, output, out=output)
        np_.subtract(output, x, out=output)
        return np_.subtract(output, x, out=output)
    tmp2 = _arr(grey_erosion.__wrapped__(x, size, footprint, structure, None, mode, cval, origin, axes=axes))
    np_.add(tmp1, tmp2, out=tmp2)
    np_.subtract(tmp2, x, out=tmp2)
    np_.subtract(tmp2, x, out=tmp2)
    return tmp2


def _tophat(input, size, footprint, structure, output, mode, cval, origin, axes, white):
    np_ = _tnp()
    x = _arr(tensor(input))
    first, second = (grey_erosion, grey_dilation) if white else (grey_dilation, grey_erosion)
    tmp = _arr(_grey_composed(first, second, x, size, footprint, structure, output, mode, cval, origin, axes, 5))
    a, b = (x, tmp) if white else (tmp, x)
    if x.dtype == _np.bool_ and tmp.dtype == _np.bool_:
        np_.bitwise_xor(a, b, out=tmp)
    else:
        np_.subtract(a, b, out=tmp)
    return tmp


@mirror("ndimage")
def white_tophat(input, size=None, footprint=None, structure=None, output=None, mode="reflect", cval=0.0,
                 origin=0, *, axes=None):
    return _tophat(input, size, footprint, structure, output, mode, cval, origin, axes, True)


@mirror("ndimage")
def black_tophat(input, size=None, footprint=None, structure=None, output=None, mode="reflect", cval=0.0,
                 origin=0, *, axes=None):
    return _tophat(input, size, footprint, structure, output, mode, cval, origin, axes, False)
