"""SciPy's special ufuncs on the device: ``torch.special`` or a short composition of torch ops.

Each takes SciPy's loop (``_dispatch.inexact_tensors(loops=...)``: the loops of
``scipy.special.<name>.types`` in SciPy's order, real ones only: complex operands are host
only, docs/scipy.md), so integers, bool and float16 give float64 where SciPy lists the float64
loop first and float32 where it lists float32 first.
"""

import math

import torch

from ..._ufuncs._kernels import float_log1p
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


def _float32_in_float64(op):
    """``op`` whose float32 loop computes in float64 and rounds once, as SciPy's float32 loops of cephes'
    and Boost's functions do: torch's float32 kernels overflow, underflow or lose digits where the float64
    ones do not (float32 i0(88.9): inf for SciPy's 1.70e37; gammainc(3.4e38, 3.4): nan for 0;
    gammaincc(8.9e-39, 1.2): 0 for SciPy's subnormal 1.40e-39; up to 1e-4 relative for a, x ~ 100)."""
    def f(*ts):
        if ts[0].dtype != torch.float32:
            return op(*ts)
        return op(*(t.double() for t in ts)).float()
    return f


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
    "erfcinv": ("fd", _float32_in_float64(_erfcinv)),  # (float32's subnormals / 2 do not underflow)
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
    """log|B(a, b)| away from the poles. For max(a, b) >= 20 (and a + b >= 20) the difference lgamma(big + small)
    - lgamma(big) is taken from Stirling's series ((big - 1/2) log1p(small/big) + ...), where the
    difference of two lgamma's would cancel (cephes takes an asymptotic form above 1e6)."""
    big, small = torch.maximum(a, b), torch.minimum(a, b)
    direct = torch.lgamma(a) + torch.lgamma(b) - torch.lgamma(a + b)
    # (a negative small too: a + b >= 20 keeps the series valid; lgamma(small) is then log|Gamma(small)|)
    use = (big >= 20) & ((small > 0) | (big + small >= 20)) & torch.isfinite(big)
    bg, sm = torch.where(use, big, 30.0).to(a.dtype), torch.where(use, small, 1.0).to(a.dtype)
    diff = (bg - 0.5) * torch.log1p(sm / bg) + sm * torch.log(bg + sm) - sm \
        + _stirling_corr(bg + sm) - _stirling_corr(bg)
    return torch.where(use, torch.lgamma(sm) - diff, direct)


def _negint(a, b):
    """Where cephes' beta/lbeta take the reflection at a pole a (a finite nonpositive integer, b an
    integer, 1 - a - b > 0): B(a, b) = (-1)**b B(1 - a - b, b). Both must fit a C int, as cephes casts
    them (beta(1, -1e300): SciPy's inf, not the reflection's -1e-300)."""
    fits = (a.abs() < 2**31) & (b.abs() < 2**31)
    return _pole(a) & fits & (b == torch.floor(b)) & (1 - a - b > 0)


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
    # 0 < |n| < 1e-8 and k >= 1: 1 + n - k, near a pole of Gamma, loses n (binom(1e-40, 2) was 0 for
    # -5e-41); there the reflection Gamma(1 + n) Gamma(k - n) sin(pi (k - n)) / (pi Gamma(k + 1)), with
    # Gamma(k - n) / Gamma(k) = exp(-n digamma(k)) to n^2 digamma'(k) < 1e-16
    tiny = (n != 0) & (n.abs() < 1e-8) & (k >= 1) & ~exact
    kf = torch.where(tiny, torch.floor(k), 1.0)
    odd = torch.remainder(kf, 2) == 1
    reflected = torch.exp(_lgam1p_small(n) - n * torch.special.digamma(torch.where(tiny, k, 1.0))) / k \
        * torch.sin(math.pi * (k - kf - n)) / math.pi
    r = torch.where(exact, prod, torch.where(tiny, torch.where(odd, -reflected, reflected), general))
    return torch.where(((n < 0) & (n == nx)) | (k == math.inf), torch.nan, r)


_EULER = 0.57721566490153286061
#: zeta(2), ..., zeta(13): log Gamma(1 + a) = -euler_gamma a + sum_k (-1)^k zeta(k) a^k / k (DLMF 5.7.3)
_ZETA = (1.6449340668482264365, 1.2020569031595942854, 1.0823232337111381915, 1.0369277551433699263,
         1.0173430619844491397, 1.0083492773819228268, 1.0040773561979443394, 1.0020083928260822144,
         1.0009945751278180853, 1.0004941886041194646, 1.0002460865533080483, 1.0001227133475784891)
_SMALL_A = 0.05  # the Taylor series' rest: zeta(14) a^14 / 14 below 1e-17 a there


def _lgam1p_small(a):
    """log Gamma(1 + a) for |a| <= 0.05 by its Taylor series, accurate relative to a (lgamma(1 + a) is not:
    1 + a rounds away a's low bits)."""
    r = torch.zeros_like(a)
    for k in range(len(_ZETA) + 1, 1, -1):
        r = (r + (-1) ** k * _ZETA[k - 2] / k) * a
    return (r - _EULER) * a


def _gammaincc(a, x):
    """torch's igammac, with DLMF 8.7.3's series for 0 < a < 0.05, 0 <= x <= 1.1 (the branch torch takes
    there): Q = -expm1(a log x - lgam1p(a)) - a x^a / Gamma(1 + a) sum_n (-x)^n / (n! (a + n)).
    torch's own takes ``lgamma(1 + a)`` for lgam1p(a): for a below ~1e-4 most of Q's digits went
    (gammaincc(8.2e-86, 1.0): 6.5e-86, SciPy's and mpmath's 1.79e-86 = a E1(1); a fresh draw)."""
    small = (a > 0) & (a < _SMALL_A) & (x >= 0) & (x <= 1.1)
    aa = torch.where(small, a, _SMALL_A / 2)
    xx = torch.where(small, x, 1.0)
    total, term = torch.zeros_like(xx), torch.ones_like(xx)
    for n in range(1, 23):  # x^n / (n! n) below 1e-22 at x = 1.1 after 22 terms
        term = term * -xx / n
        total = total + term / (aa + n)
    e = aa * torch.log(xx) - _lgam1p_small(aa)
    series = -torch.expm1(e) - aa * torch.exp(e) * total
    return torch.where(small, series, S.gammaincc(a, x))


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
    "binom": ("fd", _float32_in_float64(_binom), 2),
    "gammainc": ("df", _float32_in_float64(_nan_args(S.gammainc)), 2),
    "gammaincc": ("df", _float32_in_float64(_nan_args(_gammaincc)), 2),
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


def _betainc(a, b, x, steps=None, xc=None, log=False):
    """I_x(a, b), regularized: the continued fraction on the side of (a + 1)/(a + b + 2) where it
    converges fast, the symmetry I_x(a, b) = 1 - I_{1-x}(b, a) on the other (``xc``: 1 - x where
    the caller has it exactly). ``log``: log I, the fraction's side in log space (no underflow)."""
    steps = steps or (100 if x.dtype == torch.float64 else 50)  # a, b up to ~1e4 (docs/scipy.md)
    swap = x > (a + 1) / (a + b + 2)
    aa, bb = torch.where(swap, b, a), torch.where(swap, a, b)
    xx = torch.where(swap, 1 - x if xc is None else xc, x)
    inner = (xx > 0) & (xx < 1)
    xs = torch.where(inner, xx, 0.5)
    lfront = aa * torch.log(xs) + bb * torch.log1p(-xs) - _betaln(aa, bb) - torch.log(aa)
    frac = _betacf(aa, bb, xs, steps)
    cf = torch.exp(lfront) * frac
    cf = torch.where(inner, cf, torch.where(xx <= 0, 0.0, 1.0).to(x.dtype))
    r = torch.where(swap, 1 - cf, cf)
    bad = (a < 0) | (b < 0) | ((a == 0) & (b == 0)) | (x < 0) | (x > 1)
    # the limits SciPy (Boost) takes, x = 0 and x = 1 first: I_0 = 0 and I_1 = 1 also for a = 0 or b = 0
    r = torch.where((a == 0) & (x != 0), 1.0, torch.where((b == 0) & (x != 1), 0.0, r)).to(x.dtype)
    r = torch.where((a == math.inf) & torch.isfinite(b), torch.where(x < 1, 0.0, 1.0).to(x.dtype), r)
    r = torch.where((b == math.inf) & torch.isfinite(a), torch.where(x > 0, 1.0, 0.0).to(x.dtype), r)
    r = torch.where(bad | ((a == math.inf) & (b == math.inf)) | x.isnan() | a.isnan() | b.isnan(), torch.nan, r)
    if not log:
        return r
    plain = inner & ~swap & (a > 0) & (b > 0) & (a < math.inf) & (b < math.inf) & (frac > 0)
    return torch.where(plain, lfront + torch.log(torch.where(plain, frac, 1.0)), torch.log(r)).to(x.dtype)


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


def _past_exp(t, lmbda):
    # SciPy's (xsf's) branch where expm1(t) overflows but the quotient need not: sign(l) exp(t - log|l|) - 1/l
    return torch.copysign(torch.ones_like(lmbda), lmbda) * torch.exp(t - torch.log(lmbda.abs())) - 1 / lmbda


@_float32_in_float64
def _boxcox(x, lmbda):
    lx = torch.log(x)
    t = lmbda * lx
    r = torch.where(t < 709.78, torch.expm1(t) / lmbda, _past_exp(t, lmbda))
    return torch.where(lmbda.abs() < 1e-19, lx, r)


@_float32_in_float64
def _boxcox1p(x, lmbda):
    lx = float_log1p(x)  # (torch's log1p is 0 at a subnormal x)
    t = lmbda * lx
    keep = (lmbda.abs() < 1e-19) | ((lx.abs() < 1e-289) & (lmbda.abs() < 1e273))
    return torch.where(keep, lx, torch.where(t < 709.78, torch.expm1(t) / lmbda, _past_exp(t, lmbda)))


def _inv_exponent(y, lmbda):
    # log1p(l y) / l, and past l y's overflow SciPy's (xsf's) log(sign(l) (y + 1/l)) + log|l|, over l
    ly = lmbda * y
    far = (torch.log(torch.copysign(torch.ones_like(lmbda), lmbda) * (y + 1 / lmbda)) + torch.log(lmbda.abs())) / lmbda
    return torch.where(ly < 1.79e308, float_log1p(ly) / lmbda, far)


@_float32_in_float64
def _inv_boxcox(y, lmbda):
    return torch.where(lmbda == 0, torch.exp(y), torch.exp(_inv_exponent(y, lmbda)))


@_float32_in_float64
def _inv_boxcox1p(y, lmbda):
    r = torch.where((lmbda * y).abs() < 1e-154, y, torch.expm1(_inv_exponent(y, lmbda)))
    return torch.where(lmbda == 0, torch.expm1(y), r)


_declare({
    "xlogy": ("df", _xlogy, 2),
    "xlog1py": ("df", S.xlog1py, 2),
    "expit": ("df", S.expit),
    "logit": ("df", S.logit),
    "log_expit": ("df", _log_expit),
    "entr": ("fd", _entr),
    "rel_entr": ("fd", _rel_entr, 2),
    "kl_div": ("fd", _float32_in_float64(_kl_div), 2),  # (x / y of float32 overflows at y = 1e-40)
    "expm1": ("df", torch.expm1),
    "log1p": ("df", float_log1p),  # torch's CPU log1p loses subnormals (its kernel)
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
# J0, J1, Y0, Y1: cephes' rational approximations (S. Moshier's j0.c/j1.c, SciPy's own kernels; the
# coefficients as torch's ATen/native/Math.h has them). torch.special.bessel_{j,y}{0,1} evaluate the
# denominators cephes takes with p1evl (a leading coefficient 1) without that term, an error up to
# 9e-7 absolute for 4.2 < |x| < 9.1 (y1(6.0): 1.3e-7 from SciPy's and mpmath's -0.17501034430039825);
# with the term, the results are SciPy's within a few ulps (docs/scipy.md).
_J0_PP = (0.0007969367292973471, 0.08283523921074408, 1.239533716464143, 5.447250030587687, 8.74716500199817,
    5.303240382353949, 1.0)
_J0_PQ = (0.0009244088105588637, 0.08562884743544745, 1.2535274390105895, 5.470977403304171,
    8.761908832370695, 5.306052882353947, 1.0)
_J0_QP = (-0.011366383889846916, -1.2825271867050931, -19.553954425773597, -93.20601521237683,
    -177.68116798048806, -147.07750515495118, -51.41053267665993, -6.050143506007285)
_J0_QQ = (64.3178256118178, 856.4300259769806, 3882.4018360540163, 7240.467741956525, 5930.727011873169,
    2062.0933166032783, 242.0057402402914)
_J0_RP = (-4794432209.782018, 1956174919465.5657, -249248344360967.72, 9708622510473064.0)
_J0_RQ = (499.563147152651, 173785.4016763747, 48440965.83399621, 11185553704.535683, 2112775201154.892,
    310518229857422.56, 3.1812195594320496e+16, 1.7108629408104315e+18)
_J1_PP = (0.0007621256162081731, 0.07313970569409176, 1.1271960812968493, 5.112079511468076,
    8.424045901417724, 5.214515986823615, 1.0)
_J1_PQ = (0.0005713231280725487, 0.06884559087544954, 1.105142326340617, 5.073863861286015,
    8.399855543276042, 5.209828486823619, 1.0)
_J1_QP = (0.05108625947501766, 4.982138729512334, 75.82382841325453, 366.7796093601508, 710.8563049989261,
    597.4896124006136, 211.68875710057213, 25.207020585802372)
_J1_QQ = (74.23732770356752, 1056.4488603826283, 4986.410583376536, 9562.318924047562, 7997.041604473507,
    2826.1927851763908, 336.0936078106983)
_J1_RP = (-899971225.7055594, 452228297998.19403, -72749424522181.83, 3682957328638529.0)
_J1_RQ = (620.8364781180543, 256987.25675774884, 83514679.14319493, 22151159547.97925, 4749141220799.914,
    784369607876235.9, 8.952223361846274e+16, 5.322786203326801e+18)
_Y0_YP = (15592.436785523574, -14663929.59039716, 5435264770.518765, -982136065717.9115, 87590639439536.7,
    -3466283033847297.0, 4.4273326857256984e+16, -1.8495080043698668e+16)
_Y0_YQ = (1041.2835366425984, 626107.330137135, 268919633.39381415, 86400248710.3935, 20297961275010.555,
    3171577528429750.5, 2.5059625617265306e+17)
_Y1_YP = (1263204747.9017804, -647355876379.1603, 114509511541823.73, -8127702555013251.0,
    2.024394757135949e+17, -7.788771962659501e+17)
_Y1_YQ = (594.3015923461282, 235564.09294306856, 73481194.44597217, 18760131610.870617, 3882312774962.3857,
    620557727146953.8, 6.871410873553005e+16, 3.9727060811656064e+18)
_TWOOPI = 2 / math.pi
_SQ2OPI = math.sqrt(2 / math.pi)
_J0_DR = (5.78318596294678452118, 30.4712623436620863991)  # the first two zeros of J0, squared
_J1_Z = (14.6819706421238932572, 49.2184563216946036703)  # of J1


def _polevl(z, coefs, leading_one=False):
    """cephes polevl (the coefficients from the highest power) and p1evl (``leading_one``)."""
    r = z + coefs[0] if leading_one else torch.full_like(z, coefs[0])
    for c in coefs[1:]:
        r = r * z + c
    return r


def _bessel_asymptotic(x, order, second_kind):
    """cephes' form for x > 5: sqrt(2/(pi x)) (P cos(x - shift) - (5/x) Q sin(x - shift)) for J,
    (P sin + (5/x) Q cos) for Y, P and Q rational in (5/x)**2 (computed as cephes does: 25/x**2
    for order 0, (5/x)**2 for order 1), shift = pi/4 or 3 pi/4."""
    pp, pq, qp, qq = (_J0_PP, _J0_PQ, _J0_QP, _J0_QQ) if order == 0 else (_J1_PP, _J1_PQ, _J1_QP, _J1_QQ)
    w = 5 / x
    z = 25 / (x * x) if order == 0 else w * w
    p = _polevl(z, pp) / _polevl(z, pq)
    q = _polevl(z, qp) / _polevl(z, qq, leading_one=True)
    xn = x - (0.78539816339744830962 if order == 0 else 2.35619449019234492885)
    r = p * torch.sin(xn) + w * q * torch.cos(xn) if second_kind else p * torch.cos(xn) - w * q * torch.sin(xn)
    return r * _SQ2OPI / torch.sqrt(x)


def _j0(x):
    x = x.abs()
    z = x * x
    small = (z - _J0_DR[0]) * (z - _J0_DR[1]) * _polevl(z, _J0_RP) / _polevl(z, _J0_RQ, leading_one=True)
    small = torch.where(x < 1e-5, 1 - z / 4, small)
    return torch.where(x <= 5, small, _bessel_asymptotic(x, 0, False))


def _j1(x):
    z = x * x  # the series is odd in x: -0.0 keeps its sign, as cephes'
    small = _polevl(z, _J1_RP) / _polevl(z, _J1_RQ, leading_one=True) * x * (z - _J1_Z[0]) * (z - _J1_Z[1])
    big = _bessel_asymptotic(x.abs(), 1, False)
    return torch.where(x.abs() <= 5, small, torch.where(x < 0, -big, big))


def _y0(x):
    z = x * x
    small = _polevl(z, _Y0_YP) / _polevl(z, _Y0_YQ, leading_one=True) + _TWOOPI * torch.log(x) * _j0(x)
    r = torch.where(x <= 5, small, _bessel_asymptotic(x, 0, True))
    return torch.where(x == 0, -math.inf, torch.where(x < 0, math.nan, r)).to(x.dtype)


def _y1(x):
    z = x * x
    small = x * (_polevl(z, _Y1_YP) / _polevl(z, _Y1_YQ, leading_one=True)) \
        + _TWOOPI * (_j1(x) * torch.log(x) - 1 / x)
    r = torch.where(x <= 5, small, _bessel_asymptotic(x, 1, True))
    return torch.where(x == 0, -math.inf, torch.where(x < 0, math.nan, r)).to(x.dtype)


_LN2 = math.log(2.0)


def _k_tiny(kernel, order):
    """torch's K0/K1 kernel (or its scaled twin), with the leading terms of the series for 0 < x < eps / 64.

    torch's kernels (cephes' formulas) take ``log(0.5 * x)``, which is log(0) = -inf at the smallest
    subnormal (0.5 * x rounds to 0): float64 k0(5e-324) is inf and k1 nan, as SciPy's (cephes in float64).
    Below eps / 64 the series' next terms are below half an ulp: K0(x) = -log(x / 2) - euler_gamma (the
    relative rest ~x^2 / 4), K1(x) = 1 / x (the rest ~x^2 log(x) / 2), and the scaled ones' exp(x) is 1
    within x: mpmath's k0(5e-324) = 744.556 and k1(5e-324) = inf (docs/scipy.md). (The float32 loop runs
    in float64, where float32's subnormals are normal: float32 k0e(1.4e-45) was inf in torch's float32
    kernel, SciPy's 103.39.)
    """
    def op(x):
        tiny = (x > 0) & (x < torch.finfo(x.dtype).eps / 64)
        small = -(torch.log(x) - _LN2) - _EULER if order == 0 else 1 / x
        return torch.where(tiny, small, kernel(x))
    return op


def _exp_split(kernel, scaled):
    """I0 or I1 by torch's kernel, or near float64's overflow as the scaled kernel times exp(|x|/2) twice.

    Both kernels (cephes', SciPy's) multiply by exp(|x|), which overflows above log(max) = 709.78 where I0
    and I1 themselves do above 713.98: SciPy's and torch's i0(710.0) are inf, mpmath's 3.35e306 (and
    torch's float32 kernel was inf from 88.7 up where I0 and I1 are finite to 91.9)."""
    def op(x):
        big = (x.abs() > math.log(torch.finfo(x.dtype).max) - 1) & x.isfinite()
        e = torch.exp(torch.where(big, x.abs() / 2, 0.0).to(x.dtype))
        return torch.where(big, scaled(x) * e * e, kernel(x))
    return op


def _half_at_subnormals(kernel, up):
    """I1 (``up``) or I1e: x / 2 rounded by the sign of the series' next term where that is subnormal.

    I1(x) = x/2 (1 + x^2/8 + ...) lies just beyond x/2, I1e(x) = x/2 (1 - |x| + ...) just inside: at an
    odd multiple of the smallest subnormal s, x/2 is a tie, and the exact value rounds away from zero
    for I1, toward zero for I1e (mpmath). torch's float32 kernel rounds the tie to even (i1(1.4e-45): 0,
    SciPy's and mpmath's 1.4e-45); SciPy's loops (cephes' Chebyshev sum, 0.5 rounded up, times x) round
    it away from zero for both, so SciPy's i1e there is s above mpmath's (docs/scipy.md)."""
    def op(x):
        fi = torch.finfo(x.dtype)
        half = x * 0.5  # exact, or the tie rounded to even
        step = torch.copysign(torch.full_like(x, fi.tiny * fi.eps), x)  # the smallest subnormal, x's sign
        if up:
            fixed = torch.where(2 * half.abs() < x.abs(), half + step, half)
        else:
            fixed = torch.where(2 * half.abs() > x.abs(), half - step, half)
        return torch.where(x.abs() < 2 * fi.tiny, fixed, kernel(x))
    return op


_declare({
    # the float32 loops in float64, rounded once, as SciPy's (_float32_in_float64)
    "i0": ("df", _float32_in_float64(_exp_split(S.i0, S.i0e))),
    "i0e": ("df", _float32_in_float64(S.i0e)),
    "i1": ("df", _half_at_subnormals(_float32_in_float64(_exp_split(S.i1, S.i1e)), up=True)),
    "i1e": ("df", _half_at_subnormals(_float32_in_float64(S.i1e), up=False)),
    "j0": ("df", _float32_in_float64(_j0)),
    "j1": ("df", _float32_in_float64(_j1)),
    "y0": ("df", _float32_in_float64(_y0)),
    "y1": ("df", _float32_in_float64(_y1)),
    "k0": ("df", _float32_in_float64(_k_tiny(S.modified_bessel_k0, 0))),
    "k0e": ("df", _float32_in_float64(_k_tiny(S.scaled_modified_bessel_k0, 0))),
    "k1": ("df", _float32_in_float64(_k_tiny(S.modified_bessel_k1, 1))),
    "k1e": ("df", _float32_in_float64(_k_tiny(S.scaled_modified_bessel_k1, 1))),
})
