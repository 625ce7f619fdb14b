"""SciPy's special ufuncs on the device: ``torch.special`` or a short composition of torch ops.

Each takes SciPy's loop (``_dispatch.inexact_tensors(loops=...)``: the loops of
``scipy.special.<name>.types`` in SciPy's order, real ones only: complex operands are host
only, docs/scipy.md), so integers, bool and float16 give float64 where SciPy lists the float64
loop first and float32 where it lists float32 first.
"""

import math

import torch

from .._dispatch import inexact_tensors, mirror

S = torch.special

__all__ = []  # filled by _declare: each ufunc is named once, in its row

_SQRT1_2 = math.sqrt(0.5)


def _ufunc(name, loops, op, nin=1):
    """The mirror of SciPy's ufunc ``name`` computing ``op(*tensors)`` on its loop's dtype."""
    if nin == 1:
        def impl(x):
            return op(*inexact_tensors(x, loops=loops))
    elif nin == 2:
        def impl(x1, x2):
            return op(*inexact_tensors(x1, x2, loops=loops))
    else:
        def impl(x1, x2, x3):
            return op(*inexact_tensors(x1, x2, x3, loops=loops))
    impl.__name__ = impl.__qualname__ = name
    impl.__doc__ = f"``scipy.special.{name}`` (loops {loops!r})."
    return mirror("special", name)(impl)


def _declare(rows):
    """The public mirrors of SciPy's ufuncs, one row each: name -> (SciPy's real loops in its
    order, the torch op on tensors of the loop's dtype[, the operand count where not 1])."""
    for name, row in rows.items():
        globals()[name] = _ufunc(name, *row)
        __all__.append(name)


# -- error function and normal distribution ----------------------------------------------------
def _erfcinv(y):
    # -ndtri(y/2)/sqrt(2) keeps the precision near 0; 1 - y is exact for y >= 0.5 (Sterbenz)
    return torch.where(y < 0.5, -S.ndtri(0.5 * y) * _SQRT1_2, S.erfinv(1 - y))


def _ndtr(x):
    # cephes: 0.5 + 0.5 erf near 0, erfc in the tails (torch's ndtr underflows below -8)
    z = x.abs() * _SQRT1_2
    tail = 0.5 * S.erfc(z)
    return torch.where(z < _SQRT1_2, 0.5 + 0.5 * S.erf(x * _SQRT1_2), torch.where(x > 0, 1 - tail, tail))


_declare({
    "erf": ("df", S.erf),
    "erfc": ("df", S.erfc),
    "erfinv": ("fd", S.erfinv),
    "erfcinv": ("fd", _erfcinv),
    "erfcx": ("df", S.erfcx),
    "ndtr": ("df", _ndtr),
    "ndtri": ("fd", S.ndtri),
    "log_ndtr": ("df", S.log_ndtr),
})


# -- gamma and beta functions ------------------------------------------------------------------
def _pole(x):
    return (x <= 0) & (x == torch.floor(x))


def _gammasgn(x):
    """Sign of Gamma(x): -1 on (-2k-1, -2k), the sign of zero at +-0, nan at the other poles and nan."""
    neg = (x < 0) & (torch.remainder(torch.floor(x), 2) == 1)
    s = torch.where(neg, -1.0, 1.0).to(x.dtype)
    s = torch.where(x == 0, torch.copysign(torch.ones_like(x), x), s)
    return torch.where((_pole(x) & (x != 0)) | x.isnan(), torch.nan, s)


def _gamma(x):
    g = _gammasgn(x) * torch.exp(torch.lgamma(x))
    return torch.where(x == -math.inf, torch.nan, g)


def _rgamma(x):
    r = _gammasgn(x) * torch.exp(-torch.lgamma(x))
    return torch.where(_pole(x), 0.0, r).to(x.dtype)


def _stirling_corr(x):
    """lgamma(x) - ((x - 1/2) log x - x + log(2 pi)/2), x >= 20: the Stirling series to x**-9."""
    r = 1 / (x * x)
    return (1 / 12 + r * (-1 / 360 + r * (1 / 1260 + r * (-1 / 1680 + r / 1188)))) / x


def _lbeta_general(a, b):
    """log|B(a, b)| away from the poles. For max(a, b) >= 20 the difference lgamma(big + small)
    - lgamma(big) is taken from Stirling's series ((big - 1/2) log1p(small/big) + ...), where the
    difference of two lgamma's would cancel (cephes takes an asymptotic form above 1e6)."""
    big, small = torch.maximum(a, b), torch.minimum(a, b)
    direct = torch.lgamma(a) + torch.lgamma(b) - torch.lgamma(a + b)
    use = (big >= 20) & (small > 0) & torch.isfinite(big)
    bg, sm = torch.where(use, big, 30.0).to(a.dtype), torch.where(use, small, 1.0).to(a.dtype)
    diff = (bg - 0.5) * torch.log1p(sm / bg) + sm * torch.log(bg + sm) - sm \
        + _stirling_corr(bg + sm) - _stirling_corr(bg)
    return torch.where(use, torch.lgamma(sm) - diff, direct)


def _negint(a, b):
    """Where cephes' beta/lbeta take the reflection at a pole a (a finite nonpositive integer, b an
    integer, 1 - a - b > 0): B(a, b) = (-1)**b B(1 - a - b, b)."""
    return _pole(a) & torch.isfinite(a) & torch.isfinite(b) & (b == torch.floor(b)) & (1 - a - b > 0)


def _betaln(a, b):
    """cephes lbeta: infinite at the poles of Gamma(a), Gamma(b), but for the reflection (_negint)."""
    ra, rb = _negint(a, b), _negint(b, a) & ~_pole(a)
    r = torch.where(_pole(a) | _pole(b), math.inf, _lbeta_general(a, b)).to(a.dtype)
    r = torch.where(_infinite_arg(a, b), torch.where(torch.minimum(a, b) > 0, -math.inf, math.inf), r).to(a.dtype)
    c = torch.where(ra, b, a)  # the other argument of the reflection
    refl = torch.where(_pole(c), math.inf, _lbeta_general(1 - a - b, c)).to(a.dtype)
    return torch.where(ra | rb, refl, r)


def _infinite_arg(a, b):
    """One argument +inf, the other finite and no pole: B -> 0 (other > 0), -inf (other < 0)."""
    return ((a == math.inf) & torch.isfinite(b) & ~_pole(b)) | ((b == math.inf) & torch.isfinite(a) & ~_pole(a))


def _beta(a, b):
    sign = _gammasgn(a) * _gammasgn(b) * torch.where(_pole(a + b), 1.0, _gammasgn(a + b))
    r = sign * torch.exp(_lbeta_general(a, b))
    r = torch.where(_pole(a) | _pole(b), math.inf, r).to(a.dtype)
    r = torch.where(_infinite_arg(a, b), torch.where(torch.minimum(a, b) > 0, 0.0, -math.inf), r).to(a.dtype)
    ra, rb = _negint(a, b), _negint(b, a) & ~_pole(a)
    c = torch.where(ra, b, a)
    sc = _gammasgn(1 - a - b) * _gammasgn(c) * _gammasgn(1 - a)  # Gamma(1 - a - b + c) = Gamma(1 - a) or (1 - b)
    sc = torch.where(ra, sc, _gammasgn(1 - a - b) * _gammasgn(c) * _gammasgn(1 - b))
    refl = sc * torch.exp(_lbeta_general(1 - a - b, c))
    refl = torch.where(_pole(c), math.inf, refl).to(a.dtype)
    parity = torch.where(torch.remainder(c, 2) == 0, 1.0, -1.0).to(a.dtype)
    return torch.where(ra | rb, parity * refl, r)


def _binom(n, k):
    """cephes binom: an exact product for integer k < 20, else 1 / ((n + 1) B(n - k + 1, k + 1))."""
    kx = torch.floor(k)
    nx = torch.floor(n)
    kx = torch.where((nx == n) & (kx > nx / 2) & (nx > 0), nx - kx, kx)
    exact = (k == torch.floor(k)) & ((n.abs() > 1e-8) | (n == 0)) & (kx >= 0) & (kx < 20)
    num, den = torch.ones_like(n), torch.ones_like(n)
    for i in range(1, 20):
        use = exact & (i <= kx)
        num = torch.where(use, num * (i + n - kx), num)
        den = torch.where(use, den * i, den)
    prod = num / den
    general = 1 / (n + 1) / _beta(1 + n - k, 1 + k)
    big = (n >= 1e10 * k) & (k > 0)
    general = torch.where(big, torch.exp(-_betaln(1 + n - k, 1 + k) - torch.log(n + 1)), general)
    r = torch.where(exact, prod, general)
    return torch.where(((n < 0) & (n == nx)) | (k == math.inf), torch.nan, r)


def _nan_args(op):
    """``op`` with NaN wherever an argument is NaN (SciPy's gammainc and gammaincc)."""
    return lambda a, x: torch.where(a.isnan() | x.isnan(), torch.nan, op(a, x))


_declare({
    "gamma": ("df", _gamma),
    "gammaln": ("df", lambda x: torch.where(x == -math.inf, -math.inf, S.gammaln(x)).to(x.dtype)),
    "gammasgn": ("df", _gammasgn),
    "rgamma": ("df", _rgamma),
    "digamma": ("df", S.digamma),
    "psi": ("df", S.digamma),
    "beta": ("df", _beta, 2),
    "betaln": ("df", _betaln, 2),
    "binom": ("fd", _binom, 2),
    "gammainc": ("df", _nan_args(S.gammainc), 2),
    "gammaincc": ("df", _nan_args(S.gammaincc), 2),
})


# -- the regularized incomplete beta function --------------------------------------------------
def _betacf(a, b, x, steps):
    """The continued fraction of I_x(a, b) (modified Lentz, ``steps`` terms: no data-dependent stop)."""
    tiny = torch.finfo(x.dtype).tiny * 1e10

    def nonzero(v):  # Lentz's guard: |v| at least tiny
        return torch.where(v.abs() < tiny, tiny, v)

    qab, qap, qam = a + b, a + 1, a - 1
    c = torch.ones_like(x)
    d = 1 / nonzero(1 - qab * x / qap)
    h = d
    for m in range(1, steps + 1):
        m2 = 2 * m
        # the even and the odd term of step m
        for aa in (m * (b - m) * x / ((qam + m2) * (a + m2)), -(a + m) * (qab + m) * x / ((a + m2) * (qap + m2))):
            d = 1 / nonzero(1 + aa * d)
            c = nonzero(1 + aa / c)
            h = h * d * c
    return h


def _betainc(a, b, x, steps=None, xc=None):
    """I_x(a, b), regularized: the continued fraction on the side of (a + 1)/(a + b + 2) where it
    converges fast, the symmetry I_x(a, b) = 1 - I_{1-x}(b, a) on the other (``xc``: 1 - x where
    the caller has it exactly)."""
    steps = steps or (100 if x.dtype == torch.float64 else 50)  # a, b up to ~1e4 (docs/scipy.md)
    swap = x > (a + 1) / (a + b + 2)
    aa, bb = torch.where(swap, b, a), torch.where(swap, a, b)
    xx = torch.where(swap, 1 - x if xc is None else xc, x)
    inner = (xx > 0) & (xx < 1)
    xs = torch.where(inner, xx, 0.5)
    lfront = aa * torch.log(xs) + bb * torch.log1p(-xs) - _betaln(aa, bb) - torch.log(aa)
    cf = torch.exp(lfront) * _betacf(aa, bb, xs, steps)
    cf = torch.where(inner, cf, torch.where(xx <= 0, 0.0, 1.0).to(x.dtype))
    r = torch.where(swap, 1 - cf, cf)
    bad = (a < 0) | (b < 0) | ((a == 0) & (b == 0)) | (x < 0) | (x > 1)
    r = torch.where(a == 0, 1.0, torch.where(b == 0, 0.0, r)).to(x.dtype)  # the limits SciPy (Boost) takes
    r = torch.where((a == math.inf) & torch.isfinite(b), torch.where(x < 1, 0.0, 1.0).to(x.dtype), r)
    r = torch.where((b == math.inf) & torch.isfinite(a), torch.where(x > 0, 1.0, 0.0).to(x.dtype), r)
    return torch.where(bad | ((a == math.inf) & (b == math.inf)) | x.isnan(), torch.nan, r)


_declare({
    "betainc": ("fd", _betainc, 3),
})


# -- logistic, logs and exponentials -----------------------------------------------------------
def _xlogy(x, y):
    return S.xlogy(x, y)


def _log_expit(x):
    return torch.nn.functional.logsigmoid(x)


def _entr(x):
    return S.entr(x)


def _xlogxy(x, y):
    """x log(x/y), by log1p where x/y is near 1 (SciPy's form)."""
    q = x / y
    far = torch.where((q > 0) & torch.isfinite(q), torch.log(q), torch.log(x) - torch.log(y))
    return x * torch.where((q > 0.5) & (q < 2), torch.log1p((x - y) / y), far)


def _rel_entr(x, y):
    r = torch.where((x > 0) & (y > 0), _xlogxy(x, y), torch.where((x == 0) & (y >= 0), 0.0, math.inf))
    return torch.where(x.isnan() | y.isnan(), torch.nan, r.to(x.dtype))


def _kl_div(x, y):
    r = torch.where((x > 0) & (y > 0), x * torch.log(x / y) - x + y, torch.where((x == 0) & (y >= 0), y, math.inf))
    return torch.where(x.isnan() | y.isnan(), torch.nan, r.to(x.dtype))


def _cbrt(x):
    return torch.sign(x) * x.abs().pow(1 / 3)


def _boxcox(x, lmbda):
    lx = torch.log(x)
    return torch.where(lmbda.abs() < 1e-19, lx, torch.expm1(lmbda * lx) / lmbda)


def _boxcox1p(x, lmbda):
    lx = torch.log1p(x)
    keep = (lmbda.abs() < 1e-19) | ((lx.abs() < 1e-289) & (lmbda.abs() < 1e273))
    return torch.where(keep, lx, torch.expm1(lmbda * lx) / lmbda)


def _inv_boxcox(y, lmbda):
    return torch.where(lmbda == 0, torch.exp(y), torch.exp(torch.log1p(lmbda * y) / lmbda))


def _inv_boxcox1p(y, lmbda):
    r = torch.where((lmbda * y).abs() < 1e-154, y, torch.expm1(torch.log1p(lmbda * y) / lmbda))
    return torch.where(lmbda == 0, torch.expm1(y), r)


_declare({
    "xlogy": ("df", _xlogy, 2),
    "xlog1py": ("df", S.xlog1py, 2),
    "expit": ("df", S.expit),
    "logit": ("df", S.logit),
    "log_expit": ("df", _log_expit),
    "entr": ("fd", _entr),
    "rel_entr": ("fd", _rel_entr, 2),
    "kl_div": ("fd", _kl_div, 2),
    "expm1": ("df", torch.expm1),
    "log1p": ("df", torch.log1p),
    "cbrt": ("df", _cbrt),
    "exp2": ("df", torch.exp2),
    "exp10": ("df", lambda x: torch.pow(10.0, x).to(x.dtype)),
    "round": ("fd", torch.round),  # half to even, as torch
    "boxcox": ("fd", _boxcox, 2),
    "boxcox1p": ("fd", _boxcox1p, 2),
    "inv_boxcox": ("fd", _inv_boxcox, 2),
    "inv_boxcox1p": ("fd", _inv_boxcox1p, 2),
})


# -- Bessel functions --------------------------------------------------------------------------
_declare({
    "i0": ("df", S.i0),
    "i0e": ("df", S.i0e),
    "i1": ("df", S.i1),
    "i1e": ("df", S.i1e),
    "j0": ("df", S.bessel_j0),
    "j1": ("df", S.bessel_j1),
    "y0": ("df", S.bessel_y0),
    "y1": ("df", S.bessel_y1),
    "k0": ("df", S.modified_bessel_k0),
    "k0e": ("df", S.scaled_modified_bessel_k0),
    "k1": ("df", S.modified_bessel_k1),
    "k1e": ("df", S.scaled_modified_bessel_k1),
})
