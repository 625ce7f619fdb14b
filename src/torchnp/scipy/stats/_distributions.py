"""SciPy's distributions on the device: ``stats.norm.pdf(x, loc, scale)`` and frozen
``stats.norm(loc, scale).pdf(x)``.

Each distribution is its standard form (``_Standard``: log-density, cdf, sf, ppf of
``z = (x - loc) / scale``, torch ops in float64 as SciPy's results are) plus SciPy's generic
rules (``rv_continuous`` / ``rv_discrete``): nan for invalid parameters or nan input, 0/1
outside the support, ``ppf(0)``/``ppf(1)`` the support's ends. Each method is declared with
``_dispatch.mirror`` (SciPy's own on host data). Quantiles without a closed form: bisection
over the ordered bit patterns of float64 into a binade, then Newton's method inside the bracket
(continuous; the upper half through the sf), integer bisection (discrete); a fixed number of
steps, no data-dependent loop. ``rvs`` draws from torchnp's generators (SciPy's ``random_state`` rules:
None the global one, an int a new ``RandomState``) on the device.
"""

import math

import numpy as _np
import torch

from ... import _device
from ..._array import _wrap, ndarray
from ..._boundary import device_of, from_host, tensors, to_host
from ..._ufuncs._kernels import float_log1p as _log1p  # exact at subnormals, as SciPy's (torch's CPU log1p is not)
from .._dispatch import _device_argument, mirror, scipy_function
from ..special._ufuncs import _betainc, _betaln, _ndtr

__all__ = ["norm", "t", "chi2", "expon", "uniform", "gamma", "beta", "lognorm", "poisson", "binom"]

_F64 = torch.float64
_LN_SQRT_2PI = 0.5 * math.log(2 * math.pi)
_INF = math.inf
_LN2 = math.log(2.0)
_MAX = float(torch.finfo(torch.float64).max)


# -- quantiles by bisection --------------------------------------------------------------------
def _key(x):
    """float64 -> int64 in the same order (-0 and 0 the same key)."""
    b = x.view(torch.int64)
    return torch.where(b < 0, -(b & 0x7FFFFFFFFFFFFFFF), b)


def _unkey(k):
    return torch.where(k < 0, (-k) | (-0x8000000000000000), k).view(_F64)


def _bisect(f, target, lo, hi, steps=64):
    """The bracket [lo, hi] of the smallest float64 x with f(x) >= target (f increasing, f(hi) >=
    target) after ``steps`` halvings of the ordered bit patterns between them: 64 steps pin it
    exactly; 16 leave it inside a binade and four bits (a start for Newton's method)."""
    lo, hi = _key(lo), _key(hi)
    for _ in range(steps):
        mid = (lo >> 1) + (hi >> 1) + (lo & hi & 1)
        below = f(_unkey(mid)) < target
        lo = torch.where(below, mid + 1, lo)
        hi = torch.where(below, hi, mid)
    return _unkey(lo), _unkey(hi)


def _solve(f, log_density, target, lo, hi):
    """f(x) = target (f increasing: the cdf, or -sf; log_density: the logpdf): 16 bisection steps of
    the bit patterns, then eight Newton steps on log|f| (fast near the support's ends too, where f
    behaves as a power), kept inside the bracket (a bisection step where Newton's leaves it). The
    step's |f|/pdf as exp(log|f| - logpdf): the pdf underflows in far tails (t's at 5e233, 1e-468)."""
    lo, hi = _bisect(f, target, lo, hi, 16)
    x = torch.where(torch.isfinite(lo) & torch.isfinite(hi), lo / 2 + hi / 2, torch.where(torch.isfinite(lo), lo, hi))
    sign = torch.where(target < 0, -1.0, 1.0).to(_F64)
    log_t = torch.log(target.abs())
    for _ in range(8):
        fx = f(x)
        below = fx < target
        lo = torch.where(below, x, lo)
        hi = torch.where(below, hi, x)
        log_f = torch.log(fx.abs())
        xn = x - sign * (log_f - log_t) * torch.exp(log_f - log_density(x))
        mid = torch.where(torch.isfinite(lo) & torch.isfinite(hi), lo / 2 + hi / 2, x)
        x = torch.where(torch.isfinite(xn) & (xn >= lo) & (xn <= hi), xn, mid)
    return torch.where(x.abs() < torch.finfo(_F64).tiny, 0.0, x).to(_F64)  # below the normal range: 0, as SciPy


_ROUND_TRIP = 1e-8  # the discrete quantiles' tolerance of q against cdf(k) (relative; docs/scipy.md)


def _integer_bisect(f, target, lo, hi, steps=32):
    """The smallest integer k in [lo, hi] with f(k) >= target (f increasing, f(hi) >= target)."""
    for _ in range(steps):
        mid = torch.floor((lo + hi) / 2)
        below = f(mid) < target
        lo = torch.where(below, mid + 1, lo)
        hi = torch.where(below, hi, mid)
    return hi


# -- standard forms ----------------------------------------------------------------------------
class _Standard:
    """One distribution: SciPy's name, shape parameters, support [a, b] and its standard form."""
    discrete = False
    a, b = -_INF, _INF

    def argcheck(self, *s):
        return None

    def support(self, *s):
        return self.a, self.b

    def tail(self, z, up, *s):
        """cdf(z) where not ``up``, -sf(z) where ``up`` (both increasing in z)."""
        return torch.where(up, -self.sf(z, *s), self.cdf(z, *s))

    def bracket(self, *s):
        """Finite or infinite ends of the quantile search (the support by default)."""
        return self.support(*s)

    def logpdf(self, z, *s):
        return torch.log(self.pdf(z, *s))

    def pdf(self, z, *s):
        return torch.exp(self.logpdf(z, *s))

    def sf(self, z, *s):
        return 1 - self.cdf(z, *s)

    def logcdf(self, z, *s):
        # near 1 by the sf (also discrete: SciPy's rv_discrete takes log(cdf) as it is, whose rounding near
        # 1 is its error: binom.logcdf(0, 119, 1e-14) is SciPy's -1.19005e-12 for -1.19000e-12, docs/scipy.md)
        c = self.cdf(z, *s)
        return torch.where(c > 0.5, _log1p(-self.sf(z, *s)), torch.log(c))

    def logsf(self, z, *s):
        c = self.sf(z, *s)
        return torch.where(c > 0.5, _log1p(-self.cdf(z, *s)), torch.log(c))

    def ppf(self, q, *s):  # q in (0, 1): _ppf answers the others (SciPy's generic rules)
        a, b = self.bracket(*s)
        shape = torch.broadcast_shapes(q.shape, *(v.shape for v in s))
        lo = a.expand(shape) if torch.is_tensor(a) else torch.full(shape, a, dtype=_F64, device=q.device)
        hi = b.expand(shape) if torch.is_tensor(b) else torch.full(shape, b, dtype=_F64, device=q.device)
        up = q > 0.5  # the upper half by the sf: 1 - q is exact there, and the sf keeps its digits
        target = torch.where(up, q - 1, q)
        f = lambda z: self.tail(z, up, *s)  # noqa: E731
        if self.discrete:
            # SciPy's quantile is the smallest k with SciPy's cdf(k) >= q, so ppf(cdf(k)) is k there; the
            # device's cdf/sf are within _ROUND_TRIP of SciPy's (torch's igamma, the continued fraction):
            # q that close above cdf(k) counts as cdf(k). In the upper half cdf(k) is 1 - sf(k) rounded to
            # float64, as SciPy's is ((1 - sf) - 1 is exact): ppf(1 - 2**-53, 7) is 38, cdf(37) 1 - 2**-52
            g = lambda z: torch.where(up, (1 + f(z)) - 1, f(z))  # noqa: E731
            return _integer_bisect(g, target - _ROUND_TRIP * target.abs(), lo, hi)
        return _solve(f, lambda z: self.logpdf(z, *s), target, lo.contiguous(), hi.contiguous())


class _Norm(_Standard):
    name, shapes = "norm", ()

    def logpdf(self, z):
        return -z * z / 2 - _LN_SQRT_2PI

    def cdf(self, z):
        return _ndtr(z)

    def sf(self, z):
        return _ndtr(-z)

    def logcdf(self, z):
        return torch.special.log_ndtr(z)

    def logsf(self, z):
        return torch.special.log_ndtr(-z)

    def ppf(self, q):
        return torch.special.ndtri(q)


class _T(_Standard):
    name, shapes = "t", ("df",)

    def argcheck(self, df):
        return df > 0

    _FAR = 1e17  # z^2/df beyond it: x = df/(df+z^2) below 1e-17, I_x(a, b)'s leading term exact to ~x

    @staticmethod
    def _log1p_z2(z, df):
        """log(1 + z^2/df) without squaring z where z^2 overflows (|z| beyond 1.34e154)."""
        big = z.abs() > df.sqrt() * 1e8
        far = 2 * torch.log(z.abs()) - torch.log(df) + torch.log1p(df / (z * z))
        return torch.where(big, far, torch.log1p(z * z / df))

    def logpdf(self, z, df):
        return torch.lgamma((df + 1) / 2) - torch.lgamma(df / 2) - 0.5 * torch.log(df * math.pi) \
            - (df + 1) / 2 * self._log1p_z2(z, df)

    def cdf(self, z, df):
        # the tail I_{df/(df+z^2)}(df/2, 1/2)/2, with 1 - df/(df+z^2) = z^2/(df+z^2) passed exactly;
        # in the far tail x^a/(a B(a, 1/2))/2 from log x = -log(1 + z^2/df): x there underflows for
        # quantiles SciPy's float range holds (t.ppf(1e-94, 0.5) is -8.6e186, x = 7e-375)
        z2, a = z * z, df / 2
        tail = 0.5 * _betainc(a, torch.full_like(z, 0.5), df / (df + z2), xc=z2 / (df + z2))
        far = 0.5 * torch.exp(-a * self._log1p_z2(z, df) - torch.log(a) - _betaln(a, torch.full_like(z, 0.5)))
        tail = torch.where(z2 > df * self._FAR, far, tail)
        r = torch.where(z < 0, tail, 1 - tail)
        return torch.where(df == _INF, _ndtr(z), r)

    def sf(self, z, df):
        return self.cdf(-z, df)

    def ppf(self, q, df):
        # the lower half by symmetry (1 - q exact above the median), the median exactly 0
        p = torch.where(q > 0.5, 1 - q, q)
        lo, hi = torch.full_like(p, -_INF), torch.zeros_like(p)
        x = _solve(lambda z: self.cdf(z, df), lambda z: self.logpdf(z, df), p, lo, hi)
        x = torch.where(self.cdf(torch.full_like(x, -_MAX), df) > p, -_INF, x)  # beyond the float range
        return torch.where(q == 0.5, 0.0, torch.where(q > 0.5, -x, x)).to(_F64)


class _Chi2(_Standard):
    name, shapes, a = "chi2", ("df",), 0.0

    def argcheck(self, df):
        return df > 0

    def logpdf(self, z, df):
        h = df / 2
        return torch.special.xlogy(h - 1, z) - z / 2 - torch.lgamma(h) - h * math.log(2)

    def cdf(self, z, df):
        return torch.special.gammainc(df / 2, z / 2)

    def sf(self, z, df):
        return torch.special.gammaincc(df / 2, z / 2)


class _Expon(_Standard):
    name, shapes, a = "expon", (), 0.0

    def logpdf(self, z):
        return -z

    def cdf(self, z):
        return -torch.expm1(-z)

    def sf(self, z):
        return torch.exp(-z)

    def logsf(self, z):
        return -z

    def ppf(self, q):
        return -_log1p(-q)


class _Uniform(_Standard):
    name, shapes, a, b = "uniform", (), 0.0, 1.0

    def pdf(self, z):
        return torch.ones_like(z)

    def cdf(self, z):
        return z

    def ppf(self, q):
        return q


class _Gamma(_Standard):
    name, shapes, a = "gamma", ("a",), 0.0

    def argcheck(self, a):
        return a > 0

    def logpdf(self, z, a):
        return torch.special.xlogy(a - 1, z) - z - torch.lgamma(a)

    def cdf(self, z, a):
        return torch.special.gammainc(a, z)

    def sf(self, z, a):
        return torch.special.gammaincc(a, z)


class _Beta(_Standard):
    name, shapes, a, b = "beta", ("a", "b"), 0.0, 1.0

    def argcheck(self, a, b):
        return (a > 0) & (b > 0)

    def logpdf(self, z, a, b):
        return torch.special.xlog1py(b - 1, -z) + torch.special.xlogy(a - 1, z) - _betaln(a, b)

    def cdf(self, z, a, b):
        return _betainc(a, b, z)

    def sf(self, z, a, b):
        return _betainc(b, a, 1 - z, xc=z)  # (z itself as 1 - (1 - z): 1 - 1e-300 rounds to 1)

    def ppf(self, q, a, b):
        # a quantile above 1/2 (q above cdf(1/2)) as 1 - y, y the quantile of beta(b, a) at 1 - q: y keeps
        # its relative digits; one below 1/2 directly (beta(0.001, 5).ppf(0.9) is 2.2e-47: 1 - y could not
        # hold it; beta(100, 0.1).ppf(0.5) is 1 - 6e-6, found 1.5e-5 off on the direct side)
        up = q > _betainc(a, b, torch.full_like(q, 0.5))
        aa, bb = torch.where(up, b, a), torch.where(up, a, b)
        # that quantile by its cdf where the target (q, or 1 - q) is below 1/2, else by its sf, whose
        # target (-q or q - 1) is exact: a cdf near 1 has no digits left (beta(0.25, 35).ppf(1 - 1e-12)
        # was 1.5e-6 off, through beta(35, 0.25)'s cdf at 1 - 1e-12)
        cdf_target = torch.where(up, 1 - q, q)
        high = cdf_target > 0.5
        target = torch.where(high, torch.where(up, -q, q - 1), cdf_target)
        lo, hi = torch.zeros_like(target), torch.ones_like(target)
        y = _solve(lambda z: self.tail(z, high, aa, bb), lambda z: self.logpdf(z, aa, bb), target, lo, hi)
        return torch.where(up, 1 - y, y)


class _Lognorm(_Standard):
    name, shapes, a = "lognorm", ("s",), 0.0

    def argcheck(self, s):
        return s > 0

    def logpdf(self, z, s):
        zz = torch.where(z > 0, z, 1.0)
        lz = torch.log(zz)
        return torch.where(z > 0, -lz * lz / (2 * s * s) - torch.log(s * zz) - _LN_SQRT_2PI, -_INF)

    def cdf(self, z, s):
        return _ndtr(torch.log(z) / s)

    def sf(self, z, s):
        return _ndtr(-torch.log(z) / s)

    def logcdf(self, z, s):
        return torch.special.log_ndtr(torch.log(z) / s)

    def logsf(self, z, s):
        return torch.special.log_ndtr(-torch.log(z) / s)

    def ppf(self, q, s):
        return torch.exp(s * torch.special.ndtri(q))


class _Poisson(_Standard):
    name, shapes, discrete, a = "poisson", ("mu",), True, 0.0

    def argcheck(self, mu):
        return mu >= 0

    def logpdf(self, k, mu):
        r = torch.special.xlogy(k, mu) - torch.lgamma(k + 1) - mu
        return torch.where((mu == 0) & (k == 0), 0.0, r).to(_F64)

    def cdf(self, k, mu):
        return torch.special.gammaincc(torch.floor(k) + 1, mu)

    def sf(self, k, mu):
        return torch.special.gammainc(torch.floor(k) + 1, mu)

    def bracket(self, mu):
        # the quantile of any q < 1 in float64 lies under mu + 40 sqrt(mu) + 60
        return self.a, torch.ceil(mu + 40 * torch.sqrt(mu) + 60)


class _Binom(_Standard):
    name, shapes, discrete, a = "binom", ("n", "p"), True, 0.0

    def argcheck(self, n, p):
        return (n >= 0) & (n == torch.floor(n)) & (p >= 0) & (p <= 1)

    def support(self, n, p):
        return self.a, n

    def logpdf(self, k, n, p):
        comb = torch.lgamma(n + 1) - (torch.lgamma(k + 1) + torch.lgamma(n - k + 1))
        return comb + torch.special.xlogy(k, p) + torch.special.xlog1py(n - k, -p)

    def _side(self, k, up, n, p, log=False):
        """The sf (where ``up``, a bool or a tensor) or the cdf at k as the incomplete beta,
        I_p(k + 1, n - k) or I_{1-p}(n - k, k + 1); ``log``: its log, in log space below the normal
        range (exp(-743) is 4 subnormal steps)."""
        k = torch.floor(k)
        m = torch.clamp(n - k, min=1e-300)
        pick = (lambda a, b: torch.where(up, a, b)) if torch.is_tensor(up) else (lambda a, b: a if up else b)
        r = _betainc(pick(k + 1, m), pick(m, k + 1), pick(p, 1 - p), log=log)
        at_n = pick(-_INF, 0.0) if log else pick(0.0, 1.0)  # k >= n: the sf 0, the cdf 1
        return torch.where(k >= n, at_n, r).to(_F64)

    def cdf(self, k, n, p):
        return self._side(k, False, n, p)

    def sf(self, k, n, p):
        return self._side(k, True, n, p)

    def logcdf(self, k, n, p):
        low = self._side(k, False, n, p, log=True)
        return torch.where(low > -_LN2, _log1p(-self.sf(k, n, p)), low)

    def logsf(self, k, n, p):
        low = self._side(k, True, n, p, log=True)
        return torch.where(low > -_LN2, _log1p(-self.cdf(k, n, p)), low)

    def tail(self, k, up, n, p):
        r = self._side(k, up, n, p)
        return torch.where(up, -r, r)


# -- SciPy's generic rules ---------------------------------------------------------------------
def _bind(dist, args, kwds, extra=()):
    """SciPy's parameters: the shapes, then loc (and scale) positionally or by name."""
    names = list(dist.shapes) + (["loc"] if dist.discrete else ["loc", "scale"]) + list(extra)
    if len(args) > len(names):
        raise TypeError(f"{dist.name} takes at most {len(names)} positional arguments")
    vals = dict(zip(names, args))
    for k, v in kwds.items():
        if k not in names:
            raise TypeError(f"{dist.name}.method() got an unexpected keyword argument '{k}'")
        if k in vals:
            raise TypeError(f"{dist.name}.method() got multiple values for argument '{k}'")
        vals[k] = v
    missing = [n for n in dist.shapes if n not in vals]
    if missing:
        raise TypeError(f"_parse_args() missing {len(missing)} required positional argument"
                        f"{'s' if len(missing) > 1 else ''}: {', '.join(repr(m) for m in missing)}")
    vals.setdefault("loc", 0)
    if not dist.discrete:
        vals.setdefault("scale", 1)
    return vals


def _params(dist, x, args, kwds):
    """(x, shapes, loc, scale, valid) as float64 tensors on the operands' device."""
    vals = _bind(dist, args, kwds)
    ops = [x, *(vals[n] for n in dist.shapes), vals["loc"], vals.get("scale", 1)]
    ts = [t.to(_F64) for t in tensors(ops)]
    xt, *shape, loc, scale = ts
    if any(t.is_complex() for t in tensors(ops)):
        raise TypeError(f"torchnp.scipy.stats.{dist.name}: complex input runs on host data only")
    valid = scale > 0
    check = dist.argcheck(*shape)
    if check is not None:
        valid = valid & check
    return xt, shape, loc, scale, valid


def _in_support(dist, z, shape, closed=True):
    a, b = dist.support(*shape)
    if dist.discrete:
        inside = (z >= a) & (z <= b) & (z == torch.floor(z))
    else:
        inside = (z >= a) & (z <= b) if closed else (z > a) & (z < b)
    return inside


def _finish(r, valid, xt, shape_args):
    r = torch.where(valid & ~xt.isnan(), r, torch.nan)
    for s in shape_args:
        r = torch.where(s.isnan(), torch.nan, r)
    return r


def _density(dist, log):
    def method(x, *args, **kwds):
        xt, shape, loc, scale, valid = _params(dist, x, args, kwds)
        z = (xt - loc) / scale
        inside = _in_support(dist, z, shape)
        zs = torch.where(inside, z, _safe_point(dist, shape, z))
        if log:
            r = dist.logpdf(zs, *shape) - (0 if dist.discrete else torch.log(scale))
            r = torch.where(inside, r, -_INF)
        else:
            r = dist.pdf(zs, *shape) / (1 if dist.discrete else scale)
            r = torch.where(inside, r, 0.0)
        return _finish(r.to(_F64), valid, xt, shape)
    return method


def _safe_point(dist, shape, like):
    """A point inside the support, for the masked-out lanes (their values are never used)."""
    a, b = dist.support(*shape)
    if dist.a == -_INF:
        return torch.zeros_like(like)
    p = torch.full_like(like, 0.5 if dist.b == 1.0 else 1.0)
    return torch.floor(p) if dist.discrete else p


def _cumulative(dist, which):
    def method(x, *args, **kwds):
        xt, shape, loc, scale, valid = _params(dist, x, args, kwds)
        z = (xt - loc) / scale
        a, b = dist.support(*shape)
        if dist.discrete:
            z = torch.floor(z)
            inner = (z >= a) & (z < b)
        else:
            inner = (z > a) & (z < b)
        zs = torch.where(inner, z, _safe_point(dist, shape, z))
        r = getattr(dist, which)(zs, *shape)
        above = z >= b
        lower = {"cdf": 0.0, "sf": 1.0, "logcdf": -_INF, "logsf": 0.0}[which]
        upper = {"cdf": 1.0, "sf": 0.0, "logcdf": 0.0, "logsf": -_INF}[which]
        r = torch.where(inner, r, torch.where(above, upper, lower))
        return _finish(r.to(_F64), valid, xt, shape)
    return method


def _ppf(dist):
    def method(q, *args, **kwds):
        qt, shape, loc, scale, valid = _params(dist, q, args, kwds)
        a, b = dist.support(*shape)
        inner = (qt > 0) & (qt < 1)
        r = dist.ppf(torch.where(inner, qt, 0.5), *shape)
        lo = (a - 1) if dist.discrete else a
        r = torch.where(inner, r, torch.where(qt == 0, lo, torch.where(qt == 1, b, torch.nan)))
        r = r if dist.discrete else r * scale
        r = r + loc
        return _finish(r.to(_F64), valid & (qt >= 0) & (qt <= 1), qt, shape)
    return method


# -- rvs ---------------------------------------------------------------------------------------
def _generator(random_state):
    from ... import random as _random

    if random_state is None:
        return _random._global
    if isinstance(random_state, (int, _np.integer)):
        return _random.RandomState(int(random_state))
    if isinstance(random_state, (_random.Generator, _random.RandomState)):
        return random_state
    raise TypeError("torchnp.scipy.stats: on a device, random_state is None, an int or a torchnp.random "
                    "Generator/RandomState (NumPy's generators draw on the host)")


def _rvs(dist):
    def method(*args, **kwds):
        size = kwds.pop("size", None)
        random_state = kwds.pop("random_state", None)
        vals = _bind(dist, args, kwds)
        ops = [vals[n] for n in dist.shapes] + [vals["loc"]] + ([] if dist.discrete else [vals["scale"]])
        dev = device_of(ops) or _device.get_default_device()
        ts = tensors(ops, dev)
        shape = torch.broadcast_shapes(*(t.shape for t in ts)) if size is None else \
            ((size,) if isinstance(size, int) else tuple(size))
        g = _generator(random_state)
        *s, loc = ts[:len(dist.shapes) + 1]
        s = [_wrap(v) for v in s]
        n = dist.name
        if n == "norm":
            draw = g.standard_normal(shape, device=dev)
        elif n == "t":
            draw = g.standard_t(s[0], size=shape, device=dev)
        elif n == "chi2":
            draw = g.chisquare(s[0], size=shape, device=dev)
        elif n == "expon":
            draw = g.standard_exponential(shape, device=dev)
        elif n == "uniform":
            draw = g.uniform(0.0, 1.0, size=shape, device=dev)
        elif n == "gamma":
            draw = g.standard_gamma(s[0], size=shape, device=dev)
        elif n == "beta":
            draw = g.beta(s[0], s[1], size=shape, device=dev)
        elif n == "lognorm":
            draw = _wrap(torch.exp(s[0]._t * g.standard_normal(shape, device=dev)._t))
        elif n == "poisson":
            draw = g.poisson(s[0], size=shape, device=dev)
        else:
            draw = g.binomial(_wrap(s[0]._t.to(torch.int64)), s[1], size=shape, device=dev)
        d = draw._t if isinstance(draw, ndarray) else torch.as_tensor(draw, device=dev)
        if dist.discrete:
            r = d.to(torch.int64) + loc.to(torch.int64) if not loc.is_floating_point() else d.to(_F64) + loc
            return r.to(torch.int64)
        return (d.to(_F64) * ts[-1].to(_F64) + loc.to(_F64)).expand(shape).clone()
    return method


# -- the public objects ------------------------------------------------------------------------
_METHODS_CONT = ("pdf", "logpdf", "cdf", "logcdf", "sf", "logsf", "ppf", "rvs")
_METHODS_DISC = ("pmf", "logpmf", "cdf", "logcdf", "sf", "logsf", "ppf", "rvs")


def _make(dist, method):
    if method in ("pdf", "pmf"):
        impl = _density(dist, False)
    elif method in ("logpdf", "logpmf"):
        impl = _density(dist, True)
    elif method == "ppf":
        impl = _ppf(dist)
    elif method == "rvs":
        impl = _rvs(dist)
    else:
        impl = _cumulative(dist, method)
    if dist.discrete and method != "ppf":
        impl = _scipy_names(impl, "kwargs" if method == "rvs" else "k")
    impl.__name__ = method
    impl.__doc__ = f"``scipy.stats.{dist.name}.{method}``."
    return mirror("stats", f"{dist.name}.{method}")(impl)


def _scipy_names(impl, name):
    """``impl`` with SciPy's parameter names for a discrete distribution: ``k`` first (``pmf(k=...)``),
    or ``rvs(*args, **kwargs)``."""
    if name == "k":
        return lambda k, *args, **kwds: impl(k, *args, **kwds)
    return lambda *args, **kwargs: impl(*args, **kwargs)


def _frozen_method(m, name, args, kwds):
    """The frozen distribution's method: SciPy's one parameter, ``x``, ``k`` (pmf) or ``q`` (ppf)."""
    if name == "q":
        return lambda q: m(q, *args, **kwds)
    if name == "k":
        return lambda k: m(k, *args, **kwds)
    return lambda x: m(x, *args, **kwds)


class rv_frozen:
    """SciPy's frozen distribution ``dist(*args, **kwds)``: its methods call the distribution's with
    the parameters (so they follow the data); SciPy's other methods (mean, var, interval, ...)
    run SciPy's frozen object on host data only."""

    def __init__(self, dist, args, kwds):
        self.dist, self.args, self.kwds = dist, args, kwds

    def __getattr__(self, attr):
        if attr.startswith("_"):
            raise AttributeError(attr)
        if attr in self.dist._methods:
            m = getattr(self.dist, attr)
            if attr == "rvs":
                return lambda size=None, random_state=None: m(*self.args, size=size, random_state=random_state,
                                                              **self.kwds)
            return _frozen_method(m, "q" if attr == "ppf" else "k" if attr in ("pmf", "logpmf") else "x", self.args,
                                  self.kwds)
        dev = _device_argument(self.args, self.kwds)
        if dev is not None:
            raise TypeError(f"torchnp.scipy.stats.{self.dist.name}(...).{attr} has no device implementation; "
                            f"the parameters live on {dev}: pass x.to_numpy() (an explicit copy) to use SciPy's")
        frozen = scipy_function(f"stats.{self.dist.name}")(*to_host(self.args), **to_host(self.kwds))
        value = getattr(frozen, attr)
        if callable(value):
            return lambda *a, **k: from_host(value(*to_host(a), **to_host(k)))
        return value


class rv_generic:
    """One of SciPy's distribution objects (``stats.norm``): the methods in ``_methods`` follow the
    data; calling it freezes it; SciPy's other methods run on host data only."""

    def __init__(self, std):
        self._std, self.name = std, std.name
        self._methods = _METHODS_DISC if std.discrete else _METHODS_CONT
        for m in self._methods:
            setattr(self, m, _make(std, m))

    def __call__(self, *args, **kwds):
        return rv_frozen(self, args, kwds)

    def __getattr__(self, attr):
        if attr.startswith("_"):
            raise AttributeError(attr)
        from .._dispatch import host_only

        return host_only("stats", f"{self.name}.{attr}")

    def __repr__(self):
        return f"<torchnp.scipy.stats.{self.name}: SciPy's scipy.stats.{self.name} following the data>"


norm = rv_generic(_Norm())
t = rv_generic(_T())
chi2 = rv_generic(_Chi2())
expon = rv_generic(_Expon())
uniform = rv_generic(_Uniform())
gamma = rv_generic(_Gamma())
beta = rv_generic(_Beta())
lognorm = rv_generic(_Lognorm())
poisson = rv_generic(_Poisson())
binom = rv_generic(_Binom())
