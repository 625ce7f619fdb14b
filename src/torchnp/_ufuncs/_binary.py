"""Binary operations that are not ufuncs (NumPy docs: "Binary operations"): bit packing
(packbits, unpackbits) and the output formatting of integers (binary_repr, base_repr).
The bitwise ufuncs are in the table of this family."""

import operator

import numpy as _np
import torch

from .._array import _wrap
from .._boundary import tensor as tensor_of
from .._convert import normalize_axis

__all__ = ["packbits", "unpackbits", "binary_repr", "base_repr"]


def _bit_axis(t, axis):
    if axis is None:
        return t.reshape(-1), 0
    return t, normalize_axis(axis, t.dim())


def _bit_weights(bitorder, device):
    if bitorder not in ("big", "little"):
        raise ValueError("'order' must be either 'little' or 'big'")
    w = torch.tensor([128, 64, 32, 16, 8, 4, 2, 1], dtype=torch.uint8, device=device)
    return w if bitorder == "big" else w.flip(0)


def packbits(a, /, axis=None, bitorder="big"):
    """Pack a binary-valued array into uint8 bytes (mirrors ``numpy.packbits``)."""
    t = tensor_of(a)
    if t.is_floating_point() or t.is_complex():
        raise TypeError("Expected an input array of integer or boolean data type")
    w = _bit_weights(bitorder, t.device)
    t, dim = _bit_axis(t, axis)
    t = (t != 0).movedim(dim, -1)
    n = t.shape[-1]
    t = torch.nn.functional.pad(t.to(torch.uint8), (0, -n % 8)).reshape(*t.shape[:-1], (n + 7) // 8, 8)
    return _wrap((t * w).sum(-1, dtype=torch.uint8).movedim(-1, dim))


def unpackbits(a, /, axis=None, count=None, bitorder="big"):
    """Unpack uint8 bytes into bits (mirrors ``numpy.unpackbits``)."""
    t = tensor_of(a)
    if t.dtype is not torch.uint8:
        raise TypeError("Expected an input array of unsigned byte data type")
    w = _bit_weights(bitorder, t.device)
    t, dim = _bit_axis(t, axis)
    bits = ((t.movedim(dim, -1).unsqueeze(-1) & w) != 0).to(torch.uint8)
    bits = bits.reshape(*bits.shape[:-2], bits.shape[-2] * 8)
    if count is not None:
        count = operator.index(count)
        n = bits.shape[-1]
        keep = count if count >= 0 else max(n + count, 0)
        if count < 0 and -count > n:
            raise ValueError("-count larger than number of elements")
        bits = torch.nn.functional.pad(bits, (0, max(keep - n, 0)))[..., :keep]
    return _wrap(bits.movedim(-1, dim))


def binary_repr(num, width=None):
    """Binary string of an integer (mirrors ``numpy.binary_repr``; returns host data)."""
    return _np.binary_repr(operator.index(num), width)


def base_repr(number, base=2, padding=0):
    """String of an integer in the given base (mirrors ``numpy.base_repr``; returns host data)."""
    return _np.base_repr(operator.index(number), base, padding)
