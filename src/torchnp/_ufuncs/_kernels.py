"""Hand-written elementwise kernels: only where no torch op has NumPy's semantics.

Each takes and returns tensors already cast to the loop dtypes by the ufunc
machinery (``_ufunc.build_kernel``).
"""

import math
import struct

import torch

from .._convert import checks_data


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
    """C modf: the fractional part carries the sign of x (-0.0 for negative integers, +-0 for +-inf)."""
    whole = torch.trunc(x)
    frac = torch.where(torch.isinf(x), torch.zeros_like(x), x - whole)
    return torch.copysign(frac, x), whole


#: cbrt of subnormals: x * 2**(3k) is normal, its root times 2**-k exact (float16 has no room)
_CBRT_SCALE = {torch.float64: 54, torch.float32: 16}


def cbrt(x):
    k = _CBRT_SCALE.get(x.dtype)
    small = None
    if k is not None:  # the Newton step's r**3 of a subnormal x would be subnormal too (62 ulps off)
        small = torch.abs(x) < torch.finfo(x.dtype).tiny
        x = torch.where(small, x * 2.0 ** (3 * k), x)
    r = torch.sign(x) * torch.abs(x).pow(1.0 / 3.0)
    # one Newton step brings the pow() result to correct rounding in practice
    safe = torch.isfinite(r) & (r != 0)
    r2 = r * r
    refined = r - (r2 * r - x) / (3 * r2)
    r = torch.where(safe, refined, torch.where(x == 0, x, r))  # cbrt(-0.0) is -0.0
    return r if small is None else torch.where(small, r * 2.0 ** -k, r)


def spacing(x):
    """NumPy's spacing: the step to the next float away from zero (``x >= 0``: up, so -0.0 too);
    NumPy's float16 loop always steps towards +inf; +-inf give nan."""
    inf = torch.full_like(x, float("inf"))
    toward = inf if x.dtype is torch.float16 else torch.where(x >= 0, inf, -inf)
    r = torch.nextafter(x, toward) - x
    return torch.where(torch.isinf(x), torch.full_like(x, float("nan")), r)


def ldexp(x, n):
    """x * 2**n exactly (one rounding, no overflow of 2**n itself): split into mantissa and exponents."""
    m, e = torch.frexp(x.to(torch.float64))
    # clamp n first: e + n must not wrap around int64 (ldexp(1.0, 2**63-1) is inf, not 0.0)
    n = n.clamp(-2200, 2200) if isinstance(n, torch.Tensor) else max(-2200, min(2200, n))
    total = (e.to(torch.int64) + n).clamp(-2200, 2200)
    half = torch.div(total, 2, rounding_mode="floor")
    r = (m * torch.pow(2.0, half.to(torch.float64)) * torch.pow(2.0, (total - half).to(torch.float64))).to(x.dtype)
    return torch.where((x == 0) | ~torch.isfinite(x), x, r)


def bitwise_count(x):
    """Number of 1 bits in |x| (NumPy's bitwise_count): SWAR popcount on the int64 bit pattern."""
    v = x.abs().to(torch.int64) if x.dtype is not torch.uint64 else x.view(torch.int64)
    if x.element_size() < 8:
        v = v & ((1 << (8 * x.element_size())) - 1)  # abs(INT_MIN) wraps to INT_MIN: keep its own width
    v = v - ((v >> 1) & 0x5555555555555555)  # the masks drop the sign bits an arithmetic shift brings in
    v = (v & 0x3333333333333333) + ((v >> 2) & 0x3333333333333333)
    v = (v + (v >> 4)) & 0x0F0F0F0F0F0F0F0F
    return ((v * 0x0101010101010101) >> 56).to(torch.uint8)


def _shift(op, left):
    """NumPy's npy_lshift/npy_rshift: a shift by a negative amount or by >= the bit width gives 0
    (-1 for a right shift of a negative value). No host sync: a mask, not a branch on data."""
    def kernel(a, b):
        bits = (a if isinstance(a, torch.Tensor) else b).element_size() * 8
        r = op(a, b)
        if isinstance(b, torch.Tensor):
            big = (b < 0) | (b >= bits)
        elif 0 <= b < bits:
            return r
        else:
            big = True
        if left:
            fill = torch.zeros_like(r)
        else:
            neg = a < 0
            fill = torch.where(neg, -torch.ones_like(r), torch.zeros_like(r)) if isinstance(neg, torch.Tensor) else \
                torch.full_like(r, -1 if neg else 0)
        return torch.where(torch.as_tensor(big, device=r.device), fill, r)
    return kernel


left_shift = _shift(torch.bitwise_left_shift, True)
right_shift = _shift(torch.bitwise_right_shift, False)


def sign(x):
    """NumPy's sign: z/|z| for complex (NumPy's special values), nan for nan (torch.sign gives 0 there)."""
    if x.is_complex():
        return _complex_sign(x)
    r = torch.sign(x)
    return torch.where(torch.isnan(x), x, r) if x.is_floating_point() else r


def _complex_sign(x):
    """NumPy's nc_sign: (re/|z|, im/|z|) with |z| = hypot; 0 for 0, nan for nan; when |z| is inf,
    +-1 on the infinite real part, else +-1j (nan when both parts are infinite). torch.sgn gives nan there."""
    re, im = x.real, x.imag
    mag = torch.hypot(re, im)
    finite = torch.complex(torch.where(mag == 0, 0.0, re / mag), torch.where(mag == 0, 0.0, im / mag))
    inf_re = torch.isinf(re)
    huge = torch.complex(torch.where(inf_re, torch.where(re > 0, 1.0, -1.0), 0.0),
                         torch.where(inf_re, 0.0, torch.where(im > 0, 1.0, -1.0)))
    huge = torch.where(inf_re & torch.isinf(im), complex(torch.nan, torch.nan), huge)
    return torch.where(torch.isinf(mag), huge, torch.where(torch.isnan(mag), torch.complex(mag, mag), finite))


def _componentwise(op):
    """Complex add/subtract part by part, as NumPy: torch computes a + 1*b as a complex product,
    which puts nan in the other part when b has an infinite one and loses signs of zero."""
    def kernel(a, b):
        a, b = _pair(a, b)
        return torch.view_as_complex(op(torch.view_as_real(a), torch.view_as_real(b)))
    return kernel


def _second_on_ties(op, second=True):
    """float32/float64 maximum/minimum: NumPy keeps the second operand when they compare equal
    (maximum(0.0, -0.0) is -0.0); its float16 loop keeps the first (``second=False``). torch's CPU
    kernel keeps the first, CUDA's (``fmax``) a zero of its own choosing (the GPU runs, float16
    too), so equal operands take NumPy's explicitly on every device (NaNs compare unequal and
    propagate)."""
    def kernel(a, b):
        a, b = _pair(a, b)
        return torch.where(a == b, b, op(b, a)) if second else torch.where(a == b, a, op(a, b))
    return kernel


float_maximum = _second_on_ties(torch.maximum)
float_minimum = _second_on_ties(torch.minimum)
half_maximum = _second_on_ties(torch.maximum, second=False)
half_minimum = _second_on_ties(torch.minimum, second=False)
complex_add = _componentwise(torch.add)
complex_subtract = _componentwise(torch.sub)


def complex_negative(a):
    """Complex negative part by part, as NumPy: -(x+0j) is -x-0j. torch's vectorised complex
    neg (arrays of 8 or more complex64, 4 or more complex128) computes 0 - z, which gives +0.0
    for a zero part."""
    return torch.view_as_complex(torch.view_as_real(a.resolve_conj()).neg())


# ---------------------------------------------------------------- per-loop-kind kernels
def identity(x):
    """floor/ceil/trunc/absolute of bool, positive, conj of real data: NumPy returns a copy of the input."""
    return x.clone()


def all_false(x):
    """isnan/isinf of integers: False everywhere (torch's isnan/isinf of uint16/32/64 have no CUDA kernel)."""
    return torch.zeros(x.shape, dtype=torch.bool, device=x.device)


def unsigned_reciprocal(x):
    """numpy.reciprocal on an unsigned loop: C's ``1 / x`` is 1 at 1 and 0 elsewhere (0 at 0, as NumPy's);
    an equality and a cast, the kernels CUDA has for uint64 (_dtypes.PARTIAL_KERNELS)."""
    return (x == 1).to(x.dtype)


def int_reciprocal(x):
    """numpy.reciprocal on a signed integer loop: C's ``1.0 / x`` cast back, as NumPy's: x at 1
    and -1, 0 elsewhere; at 0 the cast of inf (x86's, int8/int16 through int32: 0; int32/int64
    the type's minimum). torch's float reciprocal cast back gives CUDA's clamped inf there (-1 for
    int8, the GPU run of 2026-11-28): comparisons and a where give NumPy's on every device."""
    at_zero = torch.iinfo(x.dtype).min if x.dtype in (torch.int32, torch.int64) else 0
    return torch.where(x == 0, at_zero, torch.where((x == 1) | (x == -1), x, 0)).to(x.dtype)


def int_power(a, b):
    """numpy.power on integer loops: negative integer exponents raise ValueError as NumPy."""
    if isinstance(b, torch.Tensor):
        # the error depends on data: one host sync, paid only by integer power with an array
        # exponent; a compiled graph cannot raise on data, so torchnp.jit skips the check
        if checks_data(b) and bool((b < 0).any()):
            raise ValueError("Integers to negative integer powers are not allowed.")
    elif b < 0:
        raise ValueError("Integers to negative integer powers are not allowed.")
    return torch.pow(a, b)


def _pair(a, b):
    """Both operands as tensors (a Python scalar joins the other operand's dtype and device)."""
    if not isinstance(a, torch.Tensor):
        a = torch.full((), a, dtype=b.dtype, device=b.device)
    elif not isinstance(b, torch.Tensor):
        b = torch.full((), b, dtype=a.dtype, device=a.device)
    return a, b


def _small_int_power(a, b):
    """npy_cpow's integer exponents -99..99: a itself for 1, a*a for 2, (a*a)*a for 3, else binary
    powering from 1 (its product order, which sets the NaN parts of non-finite bases), then 1/r for
    negative exponents. The exponent's bits are data: every element runs the 7 rounds."""
    n = torch.where(b.real.abs() < 100, b.real.abs(), 0).to(torch.int64)
    sq = a * a
    aa, p = torch.ones_like(a), a
    for bit in (1, 2, 4, 8, 16, 32, 64):
        aa = torch.where((n & bit) != 0, aa * p, aa)
        p = p * p
    pos = b.real > 0
    r = torch.where(pos & (n == 1), a, torch.where(pos & (n == 2), sq, torch.where(pos & (n == 3), sq * a, aa)))
    return torch.where(pos, r, _smith_reciprocal(r))


def _smith_reciprocal(z):
    """1/z as npy_math's cdiv(1, z) (Smith's algorithm, its NaN/inf propagation included)."""
    zr, zi = z.real, z.imag
    ar, ai = zr.abs(), zi.abs()
    one, zero = torch.ones_like(zr), torch.zeros_like(zr)
    first = ar >= ai
    rat = torch.where(first, zi / zr, zr / zi)
    scl = one / torch.where(first, zr + zi * rat, zi + zr * rat)
    re = torch.where(first, (one + zero * rat) * scl, (one * rat + zero) * scl)
    im = torch.where(first, (zero - one * rat) * scl, (zero * rat - one) * scl)
    both_zero = first & (ar == 0) & (ai == 0)  # a complex infinity or NaN, as 1/0 and 0/0
    return torch.complex(torch.where(both_zero, one / ar, re), torch.where(both_zero, zero / ar, im))


def complex_power(a, b):
    """numpy.power on complex loops, NumPy's npy_cpow: z**0 == 1; 0**b == 0 where b.real > 0 and
    nan+nanj for every other b (torch gives inf+nanj for 0**-1, 0-0j after a second power); integer
    exponents below 100 in magnitude by repeated products (``_small_int_power``), others torch.pow."""
    a, b = _pair(a, b)
    r = torch.pow(a, b)
    small = (b.imag == 0) & (b.real == torch.round(b.real)) & (b.real.abs() < 100)
    r = torch.where(small, _small_int_power(a, b).to(r.dtype), r)
    zero_or_nan = torch.where(b.real > 0, 0.0, complex(math.nan, math.nan)).to(r.dtype)
    r = torch.where(a == 0, zero_or_nan, r)
    return torch.where(b == 0, torch.ones_like(r), r)


def complex_reciprocal(x):
    """1/z as NumPy's reciprocal loop (Smith's division of 1, its last steps divisions): nan+nanj for
    a complex zero (torch gives inf+nanj), inf-0j for 8.55e-43+0j in complex64 (torch's conj(z)/|z|^2
    underflows to nan)."""
    xr, xi = x.real, x.imag
    first = xi.abs() <= xr.abs()
    r = torch.where(first, xi / xr, xr / xi)
    d = torch.where(first, xr + xi * r, xr * r + xi)
    return torch.complex(torch.where(first, 1 / d, r / d), torch.where(first, -r / d, -1 / d))


def complex_rint(x):
    return torch.complex(torch.round(x.real), torch.round(x.imag))


def _clt(a, b, or_equal):
    """NumPy's lexicographic complex ordering (CLT / CLE of npy_math, NaN-aware)."""
    first = (a.real < b.real) & (a.imag == a.imag) & (b.imag == b.imag)
    second = (a.real == b.real) & ((a.imag <= b.imag) if or_equal else (a.imag < b.imag))
    return first | second


def complex_compare(swap, or_equal):
    """less/less_equal (swap=False) and greater/greater_equal (swap=True) on complex loops."""
    def kernel(a, b):
        a, b = _pair(a, b)
        return _clt(b, a, or_equal) if swap else _clt(a, b, or_equal)
    return kernel


def complex_clip(x, lo, hi):
    """NumPy's clip loop on complex: ``_NPY_MIN(_NPY_MAX(x, lo), hi)``, which compare with the
    PyArray_CGT/CLT macros (no NaN test: 2 > nanj) and keep a NaN value; ties give the bound."""
    def step(a, b, greater):
        a, b = _pair(a, b)
        beyond = torch.where(a.real == b.real, a.imag > b.imag if greater else a.imag < b.imag,
                             a.real > b.real if greater else a.real < b.real)
        return torch.where(torch.isnan(a) | beyond, a, b)
    return step(step(x, lo, True), hi, False)


def complex_extremum(keep_a_if_greater, nan_from_a):
    """maximum/minimum (NaN propagates) and fmax/fmin (NaN ignored) on complex loops."""
    def kernel(a, b):
        a, b = _pair(a, b)
        keep = _clt(b, a, True) if keep_a_if_greater else _clt(a, b, True)
        keep = keep | torch.isnan(a if nan_from_a else b)
        return torch.where(keep, a, b)
    return kernel


def gcd(a, b):
    """NumPy's gcd: torch gives -1 for gcd(INT_MIN, odd) where NumPy gives 1 (INT_MIN stays)."""
    a, b = _pair(a, b)
    r = torch.gcd(a, b)
    return torch.where((r < 0) & (r != torch.iinfo(r.dtype).min), -r, r) if r.dtype.is_signed else r


def lcm(a, b):
    """NumPy's npy_lcm: |a| // gcd * |b|, wrapping on overflow (torch saturates the sign differently)."""
    a, b = _pair(a, b)
    g = gcd(a, b)
    r = torch.div(a.abs(), torch.where(g == 0, torch.ones_like(g), g), rounding_mode="trunc") * b.abs()
    return torch.where(g == 0, torch.zeros_like(r), r)


def heaviside(x, h0):
    """NumPy's heaviside: nan where x is nan (torch gives 0 there)."""
    x, h0 = _pair(x, h0)
    r = torch.heaviside(x, h0)
    return torch.where(torch.isnan(x), x.to(r.dtype), r)


def float_fmod(a, b):
    """C fmod. torch's vectorized kernel gives nan where ``a / b`` overflows (huge a, tiny or
    subnormal b); there ``a`` is first reduced modulo ``b * 2**k``, an exact multiple of ``b``."""
    a, b = _pair(a, b)
    r = torch.fmod(a, b)
    bad = torch.isnan(r) & torch.isfinite(a) & torch.isfinite(b) & (b != 0)
    step = int(math.log2(torch.finfo(r.dtype).max)) - 5
    x = torch.where(bad, a, torch.zeros_like(r))
    eb = torch.frexp(b)[1].to(torch.int64)
    for _ in range(3):  # each pass shrinks the exponent gap by ``step``: 3 cover every float range
        k = (torch.frexp(x)[1].to(torch.int64) - eb - step).clamp(min=0)
        x = torch.where(k > 0, torch.fmod(x, ldexp(b, k)), x)
    return torch.where(bad, torch.fmod(x, b), r)


def float_remainder(a, b):
    """NumPy's npy_divmod remainder: fmod, moved into the sign of b; zero takes b's sign."""
    a, b = _pair(a, b)
    mod = float_fmod(a, b)
    mod = torch.where((mod != 0) & ((b < 0) != (mod < 0)), mod + b, mod)
    return torch.where(mod == 0, torch.copysign(torch.zeros_like(mod), b), mod)


def float_divmod(a, b):
    return floor_divide(a, b), float_remainder(a, b)


def _log_add(op, same):
    """NumPy's npy_logaddexp(2): exactly ``x + log(2)`` (``x + 1``) when both arguments are equal."""
    def kernel(a, b):
        a, b = _pair(a, b)
        return torch.where(a == b, a + same, op(a, b))
    return kernel


logaddexp = _log_add(torch.logaddexp, math.log(2.0))
logaddexp2 = _log_add(torch.logaddexp2, 1.0)


def nextafter(x, y):
    """C nextafter (y when x == y); NumPy's float16 loop returns x there (only the zero sign differs)."""
    r = torch.nextafter(x, y)
    return torch.where(x == y, x, r) if r.dtype is torch.float16 else r


_PACK = {torch.float16: struct.Struct("e"), torch.float32: struct.Struct("f")}


def _weak(v, dt):
    """A Python int or float scalar rounded to the loop's float dtype, as NumPy casts weak scalars
    (NEP 50): 16777217 is 2**24 in float32, an int beyond float16's range inf (torch would take the
    int as it is, or raise beyond int64)."""
    p = _PACK.get(dt)
    if p is None or type(v) not in (int, float):
        return v
    f = float(v)  # an int beyond float64: NumPy's OverflowError, its message
    try:
        return p.unpack(p.pack(f))[0]  # a host scalar, no device data
    except OverflowError:
        return math.copysign(math.inf, f)


def float_power_(a, b):
    """numpy.power on float loops: torch keeps a Python exponent/base in double precision."""
    if not isinstance(b, torch.Tensor):
        b = _weak(b, a.dtype)
    elif not isinstance(a, torch.Tensor):
        a = _weak(a, b.dtype)
    return torch.pow(a, b)


# ---------------------------------------------------------------- complex special values
def complex_acos(z):
    """acos with C99's sign for a zero imaginary part (always opposite to imag(z), as NumPy):
    torch's scalar and vectorized complex acos kernels disagree on it. The real part is Kahan's
    ``2 atan2(re sqrt(1 - z), re sqrt(1 + z))`` where that is finite: torch's drops a tiny real part
    (acos(4.37+2e-31j) has 4.9e-32, torch 0; issue 23's fuzz against mpmath), as NumPy does not."""
    r = torch.acos(z)
    im = torch.where(r.imag == 0, torch.copysign(torch.zeros_like(r.imag), -z.imag), r.imag)
    re = 2 * torch.atan2(torch.sqrt(1 - z).real, torch.sqrt(1 + z).real)
    return torch.complex(torch.where(torch.isfinite(re) & torch.isfinite(z), re, r.real), im)


def complex_expm1(z):
    """expm1 with C99's special values (``cexp(z) - 1`` at infinities and NaNs; ``0 + 0j`` at
    ``±0 + 0j``), as the array API standard specifies; torch (and NumPy, numpy/numpy#21746)
    give NaN there."""
    r = torch.where(torch.isfinite(z), torch.expm1(z), torch.exp(z) - 1)
    return torch.where(z == 0, torch.complex(torch.zeros_like(z.real), z.imag), r)


def float_log1p(x):
    """log1p(x) = x for subnormal x (rounded: the next term, -x**2/2, is far below half an ulp), as
    NumPy; torch's CPU kernel loses them (log1p(-5e-324) = 0, log1p(-1e-310) = -1.00000000000005e-310)."""
    return torch.where(x.abs() < torch.finfo(x.dtype).tiny, x, torch.log1p(x))


def log1p(x):
    """The real loops' log1p (float_log1p; the CPU's large calls run NumPy's loop, _cpu_kernels)."""
    return float_log1p(x) if x.is_floating_point() else torch.log1p(x)


def _half_exp(x):
    """``e**|x| / 2`` as ``(h / 2) * h`` with ``h = e**(|x|/2)``: finite wherever it is (a few ulps:
    ``h``'s rounding doubled by the square), where ``exp(|x|)`` overflows first."""
    h = torch.exp(x.abs() * 0.5)
    return h * 0.5 * h


def sinh(x):
    """sinh; where torch's gives inf, ``±e**|x| / 2`` (sinh there, to rounding): torch's vectorised
    CPU loop overflows in ``exp`` for ``|x|`` within log 2 above ``log(max)`` (float64 ``sinh(710)``:
    inf, NumPy 1.117e308; float32 from 88.73), where the result is finite (issue 24's fresh draws)."""
    r = torch.sinh(x)
    return torch.where(torch.isinf(r), _half_exp(x).copysign(x), r) if x.is_floating_point() else r


def cosh(x):
    """cosh; where torch's gives inf, ``e**|x| / 2`` (``sinh``'s overflow before the result's)."""
    r = torch.cosh(x)
    return torch.where(torch.isinf(r), _half_exp(x), r) if x.is_floating_point() else r


def complex_log1p(z):
    """log1p with C99's special values at infinities and NaNs (``log(1 + z)`` there), as NumPy;
    torch's complex log1p gives NaN + NaN j there, and for subnormal parts (``log1p(1e-310+1e-310j)``),
    where the series' first terms are exact to rounding: ``x + (y*y - x*x)/2 + i y(1 - x)``."""
    x, y = z.real, z.imag
    tiny = torch.finfo(x.dtype).tiny
    big = torch.maximum(x.abs(), y.abs())
    small = big < tiny ** 0.5
    series = torch.complex(x + (y * y - x * x) / 2, y * (1 - x))
    # a subnormal part beside a larger one: torch's log1p gives nan (log1p(8.55e-43+1e-310j)); the
    # modulus from log1p(x (2 + x) + y^2) / 2, from hypot(1 + x, y) away from 0, as NumPy's loop
    subnormal = ((x != 0) & (x.abs() < tiny)) | ((y != 0) & (y.abs() < tiny))
    modulus = torch.where(big < 0.5, float_log1p(x * (2 + x) + y * y) / 2, torch.log(torch.hypot(1 + x, y)))
    parts = torch.complex(modulus, torch.atan2(y, 1 + x))
    return torch.where(small, series, torch.where(subnormal & torch.isfinite(z), parts,
                                                  torch.where(torch.isfinite(z), torch.log1p(z), torch.log(1 + z))))


# ---------------------------------------------------------------- uint64 loops
# torch holds uint64 but has no kernel for these operations: they run on the int64 view of the
# same bits and give NumPy's results exactly (no host sync). Python-int operands may exceed 2**63.
_SIGN_BIT = -(1 << 63)


def _u64_bits(v, like):
    if isinstance(v, torch.Tensor):
        return v.view(torch.int64) if v.dtype is torch.uint64 else v.to(torch.int64)
    v = int(v)
    return torch.tensor(v - (1 << 64) if v >= 1 << 63 else v, dtype=torch.int64, device=like.device)


def _u64_pair(a, b):
    like = a if isinstance(a, torch.Tensor) else b
    return _u64_bits(a, like), _u64_bits(b, like)


def _u64_ordered(v):
    """int64 ordered as the uint64 whose bits ``v`` holds (the sign bit flipped)."""
    return v ^ _SIGN_BIT


def _negative(v):
    """Where a signed operand of a mixed uint64/int64 comparison loop is negative (else None)."""
    if isinstance(v, torch.Tensor) and v.dtype is not torch.uint64 and v.dtype is not torch.bool:
        return v < 0
    return None


def u64_compare(op):
    """Comparison loops with a uint64 operand, also NumPy's exact mixed uint64/int64 loops."""
    below = bool(op(torch.tensor(0), torch.tensor(1)))  # the answer when the left operand is smaller
    above = bool(op(torch.tensor(1), torch.tensor(0)))

    def kernel(a, b):
        if isinstance(a, float) or isinstance(b, float):  # ±inf: a Python int beyond uint64 (NEP 50)
            dev = (a if isinstance(a, torch.Tensor) else b).device  # either side: torch.lt(float, t) raises
            return op(*(v.to(torch.float64) if isinstance(v, torch.Tensor) else
                        torch.tensor(v, dtype=torch.float64, device=dev) for v in (a, b)))
        neg_a, neg_b = _negative(a), _negative(b)
        x, y = _u64_pair(a, b)
        r = op(_u64_ordered(x), _u64_ordered(y))
        if neg_a is not None:  # a negative int64 is below every uint64
            r = torch.where(neg_a, below, r)
        if neg_b is not None:
            r = torch.where(neg_b, above, r)
        return r
    return kernel


def u64_extremum(op):
    def kernel(a, b):
        a, b = _u64_pair(a, b)
        return torch.where(op(_u64_ordered(a), _u64_ordered(b)), a, b).view(torch.uint64)
    return kernel


def u64_sign(x):
    return (x.view(torch.int64) != 0).to(torch.uint64)


def u64_logical(op):
    """Logical loops NumPy runs on uint64 itself (``QQ->?``): nonzero is true."""
    def kernel(*args):
        like = next(a for a in args if isinstance(a, torch.Tensor))
        return op(*(_u64_bits(a, like) != 0 for a in args))
    return kernel


def u64_divmod(a, b):
    """Unsigned 64-bit long division on int64 bits; a zero divisor gives 0 and 0 (as NumPy)."""
    n, d = _u64_pair(a, b)
    n, d = torch.broadcast_tensors(n, d)
    zero = d == 0
    d = torch.where(zero, 1, d)
    big = d < 0  # divisor >= 2**63: the quotient is 0 or 1
    half = (n >> 1) & 0x7FFFFFFFFFFFFFFF  # a logical shift: below 2**63, so signed division is exact
    q = torch.div(half, torch.where(big, 1, d), rounding_mode="trunc") << 1
    r = n - q * d
    up = _u64_ordered(r) >= _u64_ordered(d)
    q = torch.where(up, q + 1, q)
    r = torch.where(up, r - d, r)
    qb = (_u64_ordered(n) >= _u64_ordered(d)).to(torch.int64)
    q = torch.where(big, qb, q)
    r = torch.where(big, n - qb * d, r)
    return torch.where(zero, 0, q).view(torch.uint64), torch.where(zero, 0, r).view(torch.uint64)


def u64_floor_divide(a, b):
    return u64_divmod(a, b)[0]


def u64_remainder(a, b):
    return u64_divmod(a, b)[1]


def u64_right_shift(a, b):
    """Logical right shift; a shift by 64 or more gives 0 (NumPy's npy_rshift)."""
    x, s = _u64_pair(a, b)
    big = (s < 0) | (s >= 64)
    s = torch.where(big, 0, s)
    r = torch.where(s == 0, x, (x >> s) & ((1 << (64 - s)) - 1))
    return torch.where(big, 0, r).view(torch.uint64)


def u64_power(a, b):
    """Square-and-multiply over the 64 exponent bits; products wrap as NumPy's uint64 loop."""
    base, e = _u64_pair(a, b)
    base, e = torch.broadcast_tensors(base, e)
    r = torch.ones_like(base)
    for _ in range(64):
        r = torch.where((e & 1) != 0, r * base, r)
        base = base * base
        e = (e >> 1) & 0x7FFFFFFFFFFFFFFF
    return r.view(torch.uint64)
