"""Hand-written elementwise kernels: only where no torch op has NumPy's semantics.

Each takes and returns tensors already cast to the loop dtypes by the ufunc
machinery (``_ufunc.build_kernel``).
"""

import torch


def _is_int(t):
    return not (t.is_floating_point() or t.is_complex())


def _int_zero_safe(op):
    """NumPy gives 0 for integer division by zero (torch raises or is undefined)."""
    def kernel(a, b):
        if isinstance(a, torch.Tensor) and _is_int(a) or isinstance(b, torch.Tensor) and _is_int(b):
            if not isinstance(b, torch.Tensor):
                if b == 0:
                    return torch.zeros_like(a)
                return op(a, b)
            zero = b == 0
            r = op(a, torch.where(zero, torch.ones_like(b), b))
            return r.masked_fill_(zero, 0) if r.shape == zero.shape else torch.where(zero, torch.zeros_like(r), r)
        return op(a, b)
    return kernel


floor_divide = _int_zero_safe(torch.floor_divide)
remainder = _int_zero_safe(torch.remainder)
fmod = _int_zero_safe(torch.fmod)


def divmod_(a, b):
    return floor_divide(a, b), remainder(a, b)


def modf(x):
    whole = torch.trunc(x)
    frac = torch.where(torch.isinf(x), torch.copysign(torch.zeros_like(x), x), x - whole)
    return frac, whole


def cbrt(x):
    r = torch.sign(x) * torch.abs(x).pow(1.0 / 3.0)
    # one Newton step brings the pow() result to correct rounding in practice
    safe = torch.isfinite(r) & (r != 0)
    r2 = r * r
    refined = r - (r2 * r - x) / (3 * r2)
    return torch.where(safe, refined, r)


def spacing(x):
    inf = torch.full_like(x, float("inf"))
    return torch.nextafter(x, torch.copysign(inf, x)) - x


def bitwise_count(x):
    v = x.abs().to(torch.int64) if x.dtype is not torch.uint64 else x.view(torch.int64)
    count = torch.zeros_like(v)
    for _ in range(x.element_size() * 8):
        count += v & 1
        v = torch.bitwise_right_shift(v, 1) & 0x7FFFFFFFFFFFFFFF
    return count.to(torch.uint8)


def _shift(op, left):
    def kernel(a, b):
        bits = a.element_size() * 8 if isinstance(a, torch.Tensor) else 64
        r = op(a, b)
        big = (b >= bits) if isinstance(b, torch.Tensor) else torch.tensor(b >= bits)
        if not big.any():
            return r
        if left:
            fill = torch.zeros_like(r)
        else:
            fill = torch.where(a < 0, -torch.ones_like(r), torch.zeros_like(r)) if isinstance(a, torch.Tensor) else torch.zeros_like(r)
        return torch.where(big, fill, r)
    return kernel


left_shift = _shift(torch.bitwise_left_shift, True)
right_shift = _shift(torch.bitwise_right_shift, False)


def logical_binary(op):
    return lambda a, b: op(a, b)


def sign(x):
    return torch.sgn(x) if x.is_complex() else torch.sign(x)
