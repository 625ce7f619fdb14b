"""torchnp.scipy.stats against SciPy (DESIGN §8.2): SciPy's bits on host data, the torch
implementation within tolerance under the accelerator rules (tests/scipy_support.py)."""

import contextlib
import inspect
import re
import warnings

import mpmath
import numpy
import pytest
import scipy.stats
from hypothesis import assume, given, settings, strategies as st
from hypothesis.extra import numpy as hnp

import torchnp
import torchnp.scipy.stats as tstats
from scipy_support import (ON_CPU, accelerator_rules, call, check_scipy, exact_where, same_error, same_shape_warnings,
                           subnormal)
from support import DEVICE, examples

#: name -> strategies of its shape parameters (drawn as arrays of the operand's trailing shape)
SHAPES = {
    "norm": (), "t": (st.floats(0.3, 200),), "chi2": (st.floats(0.3, 200),), "expon": (), "uniform": (),
    "gamma": (st.floats(0.3, 100),), "beta": (st.floats(0.2, 60), st.floats(0.2, 60)),
    "lognorm": (st.floats(0.1, 3),), "poisson": (st.floats(0, 200),),
    "binom": (st.integers(0, 300).map(float), st.floats(0, 1)),
}
DISCRETE = ("poisson", "binom")
#: torch's igamma (gammainc) is ~1e-9 relative from SciPy's; the incomplete beta's continued fraction
#: ~1e-13; quantiles by bisection of those cdfs carry their error divided by the density: docs/scipy.md
RTOL = {"chi2": 1e-8, "gamma": 1e-8, "poisson": 1e-8, "t": 1e-10, "beta": 1e-10, "binom": 1e-10}
SLOW_PPF = ("t", "beta", "binom")  # 64 bisection steps of a 300-term continued fraction


def _methods(name):
    d = ("pmf", "logpmf") if name in DISCRETE else ("pdf", "logpdf")
    return d + ("cdf", "logcdf", "sf", "logsf", "ppf")


CASES = [(n, m) for n in SHAPES for m in _methods(n)]


def _draw(data, name, method):
    shape = data.draw(hnp.array_shapes(max_dims=2, max_side=4))
    if method == "ppf":
        # no subnormal q: SciPy's quantiles there are at the ends of the float range (docs/scipy.md)
        x = data.draw(hnp.arrays(numpy.float64, shape, elements=st.floats(0, 1, allow_subnormal=False) | st.sampled_from(
            [0.0, 1.0, 1e-12, 1 - 1e-12, 0.5, -0.1, 1.1, float("nan")])))
    elif name in DISCRETE:
        x = data.draw(hnp.arrays(numpy.float64, shape, elements=st.integers(-2, 320).map(float) | st.floats(-2, 320)))
    else:
        x = data.draw(hnp.arrays(numpy.float64, shape, elements=st.floats(-5, 60) | st.sampled_from(
            [0.0, 1.0, float("inf"), -float("inf"), float("nan")])))
    shapes = [data.draw(hnp.arrays(numpy.float64, shape[-1:], elements=s)) for s in SHAPES[name]]
    kwargs = {}
    if data.draw(st.booleans()):
        kwargs["loc"] = data.draw(st.floats(-3, 3))
    if name not in DISCRETE and data.draw(st.booleans()):
        kwargs["scale"] = data.draw(st.floats(0.1, 5))
    return x, shapes, kwargs


def _mpmath_where_scipy_is_inexact(name, method, x, kwargs):
    """The device path's oracle (check_scipy's ``reference``): SciPy's expon.cdf is cephes' expm1,
    inexact at subnormal z = (x - loc)/scale (-expm1(-5e-324) is 0, -expm1(-1.5e-323) 2e-323), so
    logcdf there is -inf or 30% off; mpmath's -expm1(-z) (= z) decides at SciPy's float z
    (docs/scipy.md). None where SciPy is the oracle."""
    if name != "expon" or method not in ("cdf", "logcdf"):
        return None
    z = (x - kwargs.get("loc", 0.0)) / kwargs.get("scale", 1.0)  # SciPy's standardization, in float64

    def exact_at(i):
        c = -mpmath.expm1(-mpmath.mpf(float(z[i])))
        return float(mpmath.log(c) if method == "logcdf" else c)

    return exact_where(subnormal(z), exact_at)


@pytest.mark.parametrize("name,method", [c for c in CASES if c[0] not in SLOW_PPF])
@given(data=st.data())
def test_distribution_methods(name, method, data):
    x, shapes, kwargs = _draw(data, name, method)
    with numpy.errstate(all="ignore"):
        check_scipy(call(f"stats.{name}.{method}", x, *shapes, **kwargs), rtol=RTOL.get(name),
                    atol=_log_near_one_atol(name, method, x, shapes, kwargs),
                    reference=_mpmath_where_scipy_is_inexact(name, method, x, kwargs))


def test_subnormal_z():
    # uniform.logsf = log1p(-z): -5e-324 at 5e-324, SciPy's and NumPy's (torch's CPU log1p gives 0)
    x = numpy.array([5e-324, 1e-310, 0.5])
    for method in ("logsf", "logcdf", "sf", "cdf"):
        check_scipy(call(f"stats.uniform.{method}", x))
    # expon where SciPy's expm1 is inexact (above): mpmath's log(z) for z = 5e-324 and fl(5e-324 / 0.375)
    for kw in ({}, {"scale": 0.375}):
        with numpy.errstate(all="ignore"):
            check_scipy(call("stats.expon.logcdf", x, **kw), reference=_mpmath_where_scipy_is_inexact(
                "expon", "logcdf", x, kw))
    with accelerator_rules():
        got = tstats.expon.logcdf(torchnp.asarray(x[:1])).to_numpy()
    numpy.testing.assert_allclose(got[0], float(mpmath.log(mpmath.mpf(5e-324))), rtol=1e-15)  # -744.44007...
    assert scipy.stats.expon.logcdf(x[0]) == -numpy.inf  # SciPy's own value: why mpmath decides here


@pytest.mark.parametrize("name,method", [c for c in CASES if c[0] in SLOW_PPF and c[1] != "ppf"])
@settings(max_examples=examples(12))  # the incomplete beta: 100 steps of a continued fraction per call
@given(data=st.data())
def test_incomplete_beta_distributions(name, method, data):
    x, shapes, kwargs = _draw(data, name, method)
    rtol = RTOL.get(name)
    tail = getattr(scipy.stats.binom, method.replace("log", ""))(x, *shapes, **kwargs) \
        if name == "binom" and method in ("sf", "logsf", "cdf", "logcdf") else numpy.zeros(1)
    if numpy.any((tail > 0) & (tail < 1e-290)):
        # SciPy's (Boost's) binomial tail near the bottom of float64's normal range is ~1e-9 off:
        # binom.sf(207, 215, 0.03125) SciPy 2.5974136087e-301, mpmath and the device 2.5974136116e-301
        rtol = max(rtol or 0.0, 1e-8)  # (seed 847134857)
    with numpy.errstate(all="ignore"):
        check_scipy(call(f"stats.{name}.{method}", x, *shapes, **kwargs), rtol=rtol,
                    atol=_log_near_one_atol(name, method, x, shapes, kwargs),
                    on_error=_mpmath_where_boost_overflows(name, method, x, shapes, kwargs),
                    reference=_mpmath_at_subnormal_arguments(name, method, x, shapes, kwargs)
                    or _mpmath_at_tiny_binomial_tails(name, method, x, shapes, kwargs))


def _mpmath_at_tiny_binomial_tails(name, method, x, shapes, kwargs):
    """The device path's oracle for binom.logsf/logcdf where SciPy's tail (sf, cdf) is below 1e-290:
    SciPy takes the log of Boost's tail, off there or 0 below the subnormal range (binom.logsf(176, 180,
    1/64) SciPy -722.39917, mpmath -722.398917; binom.logsf(179, 181, 1/64) SciPy -inf for -743.416,
    seed 622687594), the device computes the tail's log directly (docs/scipy.md). mpmath's sum of the
    tail's terms there, SciPy's values elsewhere; None where no such tail is drawn."""
    if name != "binom" or method not in ("logsf", "logcdf"):
        return None
    loc = kwargs.get("loc", 0.0)
    with numpy.errstate(all="ignore"):
        tail = getattr(scipy.stats.binom, method[3:])(x, *shapes, loc=loc)
    xs, n, p = numpy.broadcast_arrays(x, *shapes)

    def exact_at(i):
        total = _mpmath_binom_tail(numpy.floor(xs[i] - loc), n[i], p[i], method == "logsf")
        return float(mpmath.log(total)) if total > 0 else -numpy.inf

    return exact_where(tail < 1e-290, exact_at)


def _mpmath_binom_tail(k, n, p, upper):
    """mpmath's sum of binom(n, p)'s terms above whole k (``upper``: the sf) or up to it (the cdf)."""
    m, q = int(n), mpmath.mpf(float(p))
    terms = range(max(int(k) + 1, 0), m + 1) if upper else range(0, min(int(k), m) + 1)
    return mpmath.fsum(mpmath.binomial(m, j) * q ** j * (1 - q) ** (m - j) for j in terms)


@pytest.mark.parametrize("method", ["logsf", "logcdf"])
def test_binomial_log_tails_below_the_normal_range(method):  # seed 622687594: SciPy -inf for -743.416
    x = numpy.array([179.0, 176.0, 170.0, 3.0, 0.0, 160.0, 5.0])
    shapes = [numpy.array([181.0, 180.0, 180.0, 200.0, 180.0, 181.0, 10.0]),
              numpy.array([1 / 64] * 3 + [0.98, 0.99, 1 / 64, 0.3])]
    with numpy.errstate(all="ignore"):
        check_scipy(call(f"stats.binom.{method}", x, *shapes), rtol=1e-10,
                    atol=_log_near_one_atol("binom", method, x, shapes, {}),
                    reference=_mpmath_at_tiny_binomial_tails("binom", method, x, shapes, {}))


def _log_near_one_atol(name, method, x, shapes, kwargs):
    """SciPy's discrete logcdf/logsf is the log of its cdf/sf as it is: near 1 that value carries the
    rounding of a float64 near 1 (1.1e-16), so the log's absolute error is a few eps there, each
    side's cdf a few roundings from the exact one (``binom.logcdf(0, 7, 1e-14)``: SciPy -7.0055e-14,
    the device -6.9944e-14, exact -7.0000e-14, seed 1518584031; ``binom.logcdf(0, 63, 1e-14)``: SciPy
    -6.3005e-13, the device -6.2950e-13, 2.5 eps apart, exact -6.3000e-13). None (the default
    tolerance) elsewhere."""
    if name not in DISCRETE or method not in ("logcdf", "logsf"):
        return None
    with numpy.errstate(all="ignore"):
        expected = getattr(getattr(scipy.stats, name), method)(x, *shapes, **kwargs)
    finite = numpy.abs(expected[numpy.isfinite(expected)])
    return RTOL[name] * float(finite.max(initial=0) or 1.0) + 4 * numpy.finfo(numpy.float64).eps


def _mpmath_at_subnormal_arguments(name, method, x, shapes, kwargs):
    """The device path's oracle where SciPy's (Boost's) incomplete beta is inexact: beta at subnormal
    z = (x - loc)/scale (``beta.cdf(5e-324, 0.3, 50)`` 1.3% off, ``beta.pdf(1e-310, 1.5, 2)`` 0 for
    3.75e-155) and binom.pmf at subnormal p (``binom.pmf(1, 3, 1e-310)`` 0 for 3e-310): mpmath's values
    there, SciPy's elsewhere (docs/scipy.md). None where no such argument is drawn."""
    if (name, method) not in [("beta", m) for m in ("pdf", "cdf", "logcdf", "sf", "logsf")] + [("binom", "pmf")]:
        return None
    loc, scale = kwargs.get("loc", 0.0), kwargs.get("scale", 1.0)
    xs, a, b = numpy.broadcast_arrays(x, *shapes)
    z = (xs - loc) / scale if name == "beta" else xs - loc  # SciPy's standardization, in float64

    def exact_at(i):
        if method in ("pdf", "pmf"):
            return float(_mpmath_density(name, z[i], a[i], b[i]) / scale)
        cdf = mpmath.betainc(float(a[i]), float(b[i]), 0, mpmath.mpf(float(z[i])), regularized=True)
        if method == "logcdf" and float(cdf) == 0:  # the cdf underflows: -inf, as SciPy's (docs/scipy.md)
            return None
        return float({"cdf": cdf, "logcdf": mpmath.log(cdf), "sf": 1 - cdf, "logsf": mpmath.log(1 - cdf)}[method])

    return exact_where(subnormal(z if name == "beta" else b), exact_at)


def _mpmath_density(name, z, a, b):
    """mpmath's beta density x^(a-1) (1-x)^(b-1) / B(a, b) at z, or binom's pmf at k = z, n = a, p = b."""
    m = [mpmath.mpf(float(v)) for v in (z, a, b)]
    if name == "beta":
        return m[0] ** (m[1] - 1) * (1 - m[0]) ** (m[2] - 1) / mpmath.beta(m[1], m[2])
    if m[0] != int(m[0]) or not 0 <= m[0] <= m[1]:
        return mpmath.mpf(0)
    return mpmath.binomial(m[1], m[0]) * m[2] ** m[0] * (1 - m[2]) ** (m[1] - m[0])


def _mpmath_where_boost_overflows(name, method, x, shapes, kwargs):
    """The device path's oracle where SciPy's beta.pdf or binom.pmf raises Boost's OverflowError
    (ibeta_derivative) for a finite value: beta.pdf at x = 2.2e-308 for a = 2, b = 4 (4.45e-307), at
    subnormal x for a < 1 (beta.pdf(1e-310, 0.5, 4) is 1.09e155); binom.pmf for p = 1.1e-308 (k = 0,
    n = 3: 1.0). SciPy's value elementwise, mpmath's where SciPy raises (docs/scipy.md)."""
    if (name, method) not in (("beta", "pdf"), ("binom", "pmf")):
        return None

    def on_error(exc):
        if not (isinstance(exc, OverflowError) and "ibeta_derivative" in str(exc)):
            return None
        loc, scale = kwargs.get("loc", 0.0), kwargs.get("scale", 1.0)
        xs, a, b = numpy.broadcast_arrays(x, *shapes)
        exact = numpy.empty(xs.shape)
        for i in numpy.ndindex(xs.shape):
            try:
                exact[i] = scipy.stats.beta.pdf(xs[i], a[i], b[i], loc=loc, scale=scale) if name == "beta" \
                    else scipy.stats.binom.pmf(xs[i], a[i], b[i], loc=loc)
            except OverflowError:
                z = (xs[i] - loc) / scale  # SciPy's standardization, in float64
                exact[i] = float(_mpmath_density(name, z, a[i], b[i]) / scale)
        return exact

    return on_error


def test_binom_pmf_where_boost_overflows():
    k, n, p = numpy.array([0.0, 1.0, 2.0, 3.0, 1.5]), numpy.array([3.0]), numpy.array([1.11253693e-308])
    with pytest.raises(OverflowError, match="ibeta_derivative"):
        scipy.stats.binom.pmf(k[:1], n, p)  # SciPy's own error: why mpmath decides here
    for i in range(k.size):
        ki = k[i:i + 1]
        check_scipy(call("stats.binom.pmf", ki, n, p), rtol=RTOL["binom"],
                    on_error=_mpmath_where_boost_overflows("binom", "pmf", ki, [n, p], {}))


def test_beta_pdf_where_boost_overflows():
    x, a, b = numpy.array([2.2250738585072014e-308, 1e-310, 5e-324, 0.5]), numpy.array([2.0, 0.5, 0.5, 2.0]), 4.0
    with pytest.raises(OverflowError, match="ibeta_derivative"):
        scipy.stats.beta.pdf(x[:1], a[:1], b)  # SciPy's own error: why mpmath decides here
    for i in range(x.size):  # one at a time: check_scipy's atol scales with the largest value
        xi, ai = x[i:i + 1], a[i:i + 1]
        check_scipy(call("stats.beta.pdf", xi, ai, b), rtol=RTOL["beta"],
                    on_error=_mpmath_where_boost_overflows("beta", "pdf", xi, [ai, numpy.array([b])], {}))


@pytest.mark.parametrize("name", SLOW_PPF)
@settings(max_examples=examples(5))
@given(data=st.data())
def test_slow_quantiles(name, data):
    x, shapes, kwargs = _draw(data, name, "ppf")
    with numpy.errstate(all="ignore"):
        check_scipy(call(f"stats.{name}.ppf", x, *shapes, **kwargs), rtol=1e-9,
                    reference=_mpmath_quantile(name, x, shapes, kwargs) if name in ("t", "beta")
                    else _binom_quantile_by_mpmaths_cdf(x, shapes, kwargs))


def test_binom_quantile_where_the_cdf_is_q():  # cdf(19) of binom(39, 1/2) is 1/2: SciPy 20 (thorough run)
    q, shapes = numpy.array([0.5, 0.5, 0.25, 0.75]), [numpy.array([39.0, 41.0, 2.0, 2.0]), numpy.array([0.5] * 4)]
    check_scipy(call("stats.binom.ppf", q, *shapes), reference=_binom_quantile_by_mpmaths_cdf(q, shapes, {}))


def _binom_quantile_by_mpmaths_cdf(q, shapes, kwargs):
    """binom.ppf's device oracle: the smallest k whose cdf(k) >= q, as SciPy's, q up to 1e-8 above
    cdf(k) counting as cdf(k) (in the upper half: sf(k) <= 1 - q, with 1 - sf rounded to float64, as
    SciPy's cdf; docs/scipy.md), by mpmath's cdf beside SciPy's k: SciPy's cdf rounds, so at a tie its
    k can be one off (binom.ppf(0.5, 39, 0.5): cdf(19) is 1/2 exactly, SciPy's bdtr a rounding below,
    SciPy 20 for 19)."""
    loc = kwargs.get("loc", 0.0)
    qs, n, p = numpy.broadcast_arrays(q, *shapes)

    def counts(i, k):  # whether k is at or above q's quantile by the device's rule, mpmath's tail
        upper = qs[i] > 0.5
        tail = float(_mpmath_binom_tail(k, n[i], p[i], upper))
        if upper:
            return (1.0 - tail) - 1.0 >= (qs[i] - 1.0) * (1 + 1e-8)
        return tail >= qs[i] * (1 - 1e-8)

    def reference(expected):
        exact = numpy.array(expected, dtype=numpy.float64, copy=True)
        for i in numpy.ndindex(exact.shape):
            k = exact[i] - loc
            if numpy.isfinite(k) and 0 < qs[i] < 1 and 0 <= k <= n[i]:
                exact[i] += -1 if k >= 1 and counts(i, k - 1) else 0 if counts(i, k) else 1
        return exact

    return reference


def _mpmath_t_cdf(z, df):
    z, df = mpmath.mpf(z), mpmath.mpf(df)
    tail = mpmath.betainc(df / 2, mpmath.mpf(0.5), 0, df / (df + z * z), regularized=True) / 2
    return tail if z < 0 else 1 - tail


def _mpmath_beta_lower_quantile(p, a, b):
    """x with beta(a, b).cdf(x) = p <= 1/2, from the tail's x^a / (a B(a, b)) on."""
    start = (mpmath.log(p) + mpmath.log(a) + mpmath.log(mpmath.beta(a, b))) / a
    cdf = lambda lx: mpmath.betainc(a, b, 0, min(mpmath.exp(lx), 1), regularized=True)  # noqa: E731
    return mpmath.exp(mpmath.findroot(lambda lx: mpmath.log(cdf(lx) / p), start))


def _mpmath_tail_quantile(name, p, args):
    """The quantile of ``p`` (an mpf) by mpmath, the upper half by symmetry."""
    lower = min(p, 1 - p)
    if name == "t":
        g = lambda lz: mpmath.log(_mpmath_t_cdf(-mpmath.exp(lz), args[0]) / lower)  # noqa: E731
        z = -mpmath.exp(mpmath.findroot(g, mpmath.mpf(50)))
        return -z if p > 0.5 else z
    a, b = (mpmath.mpf(v) for v in args)
    return _mpmath_beta_lower_quantile(p, a, b) if p <= 0.5 else 1 - _mpmath_beta_lower_quantile(lower, b, a)


def _mpmath_cdf(name, z, args):
    if name == "t":
        return _mpmath_t_cdf(z, args[0])
    return mpmath.betainc(args[0], args[1], 0, z, regularized=True) if 0 <= z <= 1 else mpmath.mpf(1 if z > 1 else 0)


def _mpmath_quantile(name, q, shapes, kwargs):
    """The device path's oracle for t.ppf and beta.ppf: SciPy's quantile where mpmath's cdf takes it
    back to q (1e-8 relative), mpmath's own where it does not. SciPy's far tails are inexact:
    t.ppf(1e-94, 0.5) is -4.7e153, the quantile -8.6e186; t.ppf(1e-200, 3) half of it; t.ppf(2.2e-308, 3)
    +inf, the quantile -3.67e102; beyond the float range -inf (SciPy: -6.4e153 for t.ppf(1e-280, 0.9));
    beta(3, 3).ppf(2.2e-308) nan for 1.3e-103, beta(0.3, 0.3).ppf(1e-300) the smallest normal number
    for 0 (1e-1000) (docs/scipy.md)."""
    def reference(expected):
        exact = numpy.array(expected, dtype=numpy.float64, copy=True)
        args = [numpy.broadcast_to(v, exact.shape) for v in shapes]
        loc, scale = kwargs.get("loc", 0.0), kwargs.get("scale", 1.0)
        with mpmath.workdps(40):
            for i in zip(*numpy.nonzero((q > 0) & (q < 1))):
                p, at = mpmath.mpf(float(q[i])), [mpmath.mpf(float(v[i])) for v in args]
                if numpy.isfinite(exact[i]) and abs(_mpmath_cdf(name, (exact[i] - loc) / scale, at) / p - 1) < 1e-8:
                    continue
                z = _mpmath_tail_quantile(name, p, at)
                exact[i] = loc + scale * float(z) if abs(z) < numpy.finfo(numpy.float64).max else float(z) * numpy.inf
        return exact

    return reference


def test_beta_far_tail_quantiles():  # SciPy: nan, or the smallest normal number for a quantile below it
    q = numpy.array([2.2250738585072014e-308, 1e-300, 1e-200, 1e-200, 1e-300, 0.3])
    a, b = numpy.array([3.0, 0.3, 3.0, 50.0, 0.2, 0.3]), numpy.array([3.0, 0.3, 3.0, 0.5, 40.0, 0.3])
    with numpy.errstate(all="ignore"):
        check_scipy(call("stats.beta.ppf", q, a, b), rtol=1e-9, reference=_mpmath_quantile("beta", q, [a, b], {}))


def test_beta_quantiles_where_the_solved_cdf_is_near_1():
    # q = 1 - 1e-12 whose quantile is below 1/2 (or 1e-12 above it) was solved on a cdf near 1, which has
    # no digits left there: 1.5e-6 off (a fresh thorough run); now on the sf, whose target is exact
    q = numpy.array([1 - 1e-12, 1 - 1e-12, 1e-12, 1e-12, 1 - 1e-12])
    a, b = numpy.array([0.25, 1.46, 38.55, 53.49, 0.56]), numpy.array([35.0, 57.83, 0.45, 3.02, 45.12])
    check_scipy(call("stats.beta.ppf", q, a, b), rtol=1e-9)


def test_discrete_log_tails_near_zero():  # log1p(-sf): SciPy's log(cdf) keeps cdf's rounding near 1
    n = numpy.array([7.0, 63.0, 119.0])
    exact = n * numpy.log1p(-1e-14)  # log((1 - p)^n), to an ulp
    check_scipy(call("stats.binom.logcdf", numpy.zeros(3), n, 1e-14), rtol=1e-13, reference=lambda e: exact)
    p = 1 - 1e-14  # (its float: p - 1 is -9.992e-15 exactly)
    check_scipy(call("stats.binom.logsf", n - 1, n, p), rtol=1e-13, reference=lambda e: n * numpy.log1p(p - 1))
    mu = numpy.array([1e-3, 1e-4])
    tail = [float(mpmath.log1p(-mpmath.gammainc(6, 0, m, regularized=True))) for m in mu]  # log P(X <= 5)
    check_scipy(call("stats.poisson.logcdf", 5.0, mu), rtol=1e-12, reference=lambda e: numpy.array(tail))


def test_t_far_tail_quantiles():  # beyond 1.34e154 t.cdf's z * z overflows; the pdf underflows from ~1e154
    q = numpy.array([1.09516919e-94, 6e-235, 1e-200, 1e-300, 1e-280, 2.2250738585072014e-308])
    df = numpy.array([0.5, 1.0, 3.0, 1.5, 0.9, 3.0])
    check_scipy(call("stats.t.ppf", q, df), rtol=1e-9, reference=_mpmath_quantile("t", q, [df], {}))
    # the cdf and logpdf there: SciPy's are 0 and -inf (z * z overflows); mpmath's on the device path
    z, df = numpy.array([-1e160, -1e300, -1e200]), numpy.array([0.5, 0.3, 1.0])
    cdf = [_mpmath_t_cdf(v, d) for v, d in zip(z, df)]
    with numpy.errstate(all="ignore"):
        for i in range(z.size):  # one at a time: check_scipy's atol scales with the largest value
            check_scipy(call("stats.t.cdf", z[i:i + 1], df[i:i + 1]), rtol=1e-12,
                        reference=lambda e, i=i: numpy.array([float(cdf[i])]))
        m = [(mpmath.mpf(v), mpmath.mpf(d)) for v, d in zip(z, df)]
        logpdf = [mpmath.loggamma((d + 1) / 2) - mpmath.loggamma(d / 2) - mpmath.log(d * mpmath.pi) / 2
                  - (d + 1) / 2 * mpmath.log1p(v * v / d) for v, d in m]
        check_scipy(call("stats.t.logpdf", z, df), rtol=1e-13, reference=lambda e: numpy.array(logpdf, dtype=float))


def test_quantile_tails():  # the upper half through the sf: 1 - q exact, no digits lost
    q = numpy.array([1e-15, 0.25, 0.5, 0.75, 1 - 1e-15])
    for name, args in [("norm", ()), ("t", (2.5,)), ("chi2", (4.0,)), ("gamma", (0.5,)), ("beta", (2.0, 3.0)),
                       ("lognorm", (0.5,)), ("expon", ()), ("poisson", (4.0,)), ("binom", (30, 0.4))]:
        check_scipy(call(f"stats.{name}.ppf", q, *args), rtol=1e-9)


@pytest.mark.parametrize("name,args", [("poisson", (0.6,)), ("poisson", (20.0,)), ("poisson", (150.0,)),
                                       ("binom", (5, 0.4)), ("binom", (20, 0.3)), ("binom", (1000, 0.5))])
def test_discrete_quantiles_of_their_cdf(name, args):
    # SciPy's docstring example np.allclose(x, poisson.ppf(poisson.cdf(x, mu), mu)): SciPy's quantile is the
    # smallest k with its cdf(k) >= q, so q = SciPy's cdf(k) gives k; the device's cdf differs from SciPy's in
    # the last digits (torch's igammac up to 1.4e-9 relative at mu = 150), and its upper half compares the sf
    # with 1 - q, which gave k + 1 for most k (5 of 7 at mu = 0.6)
    dist = getattr(scipy.stats, name)
    k = numpy.arange(0.0, dist.ppf(1 - 1e-6, *args) + 1)
    check_scipy(call(f"stats.{name}.ppf", dist.cdf(k, *args), *args))


def test_invalid_parameters_give_nan():
    x = numpy.array([0.5, 1.0])
    for name, args, kw in [("norm", (), {"scale": -1.0}), ("t", (-1.0,), {}), ("gamma", (0.0,), {}),
                           ("beta", (1.0, -2.0), {}), ("binom", (2.5, 0.5), {}), ("binom", (3, 1.5), {}),
                           ("poisson", (-1.0,), {})]:
        for m in _methods(name):
            check_scipy(call(f"stats.{name}.{m}", x, *args, **kw))


def test_missing_shape_is_a_type_error():
    check_scipy(call("stats.t.pdf", numpy.array([0.5])))
    check_scipy(call("stats.beta.cdf", numpy.array([0.5]), 2.0))


def test_python_data_and_keywords():
    check_scipy(call("stats.norm.pdf", 0.5))
    check_scipy(call("stats.norm.cdf", [0.5, 1.0], loc=1.0, scale=2.0))
    check_scipy(call("stats.gamma.logpdf", 2.0, a=3.0, scale=0.5), rtol=1e-12)
    check_scipy(call("stats.binom.pmf", [0, 1, 2], n=2, p=0.5))
    # the first argument by SciPy's name (the signature: tests/test_scipy_dispatch.py)
    check_scipy(call("stats.binom.pmf", k=numpy.array([0.0, 1.0, 2.0]), n=2, p=0.5))
    check_scipy(call("stats.poisson.logcdf", k=numpy.array([0.0, 3.0]), mu=1.5), rtol=1e-12)
    check_scipy(call("stats.norm.sf", x=numpy.array([0.5, 2.0]), loc=1.0))
    check_scipy(call("stats.binom.ppf", q=numpy.array([0.1, 0.7]), n=5, p=0.3))


@pytest.mark.parametrize("name,args", [("norm", (1.0, 2.0)), ("gamma", (2.0,)), ("poisson", (3.0,)),
                                       ("beta", (2.0, 5.0))])
def test_frozen(name, args):
    x = numpy.linspace(0.05, 0.95, 7)
    frozen, theirs = getattr(tstats, name)(*args), getattr(scipy.stats, name)(*args)
    for m in _methods(name):
        arg = next(iter(inspect.signature(getattr(theirs, m)).parameters))  # by SciPy's name: x, k (pmf), q
        exp = getattr(theirs, m)(**{arg: x})
        got = getattr(frozen, m)(**{arg: torchnp.asarray(x)})
        numpy.testing.assert_array_equal(got.to_numpy(), exp, strict=True)  # host rules: SciPy's own
        with accelerator_rules():
            got = getattr(frozen, m)(**{arg: torchnp.asarray(x, device=DEVICE)})
        assert isinstance(got, torchnp.ndarray)
        numpy.testing.assert_allclose(got.to_numpy(), exp, rtol=1e-9, atol=1e-300)
    assert frozen.mean() == theirs.mean()  # SciPy's other methods, on host parameters
    if ON_CPU:  # (draws with no array argument land on the default device: on a GPU, torch's stream)
        numpy.testing.assert_array_equal(frozen.rvs(size=5, random_state=3), theirs.rvs(size=5, random_state=3))


@pytest.mark.parametrize("name", sorted(SHAPES))
def test_rvs(name):
    args = {"norm": (), "t": (4.0,), "chi2": (3.0,), "expon": (), "uniform": (), "gamma": (2.0,),
            "beta": (2.0, 3.0), "lognorm": (0.5,), "poisson": (4.0,), "binom": (20, 0.3)}[name]
    kw = {"loc": 1} if name in DISCRETE else {"loc": 1.0, "scale": 2.0}
    # host rules: SciPy's own draws from the same random_state
    exp = getattr(scipy.stats, name).rvs(*args, size=(3, 4), random_state=7, **kw)
    if ON_CPU:  # (on a GPU the default device's draws are torch's: the accelerator half below)
        got = getattr(tstats, name).rvs(*args, size=(3, 4), random_state=7, **kw)
        numpy.testing.assert_array_equal(got.to_numpy(), exp, strict=True)
    # accelerator rules: torch's draws on the device: SciPy's dtype and shape, SciPy's distribution
    with accelerator_rules():
        got = getattr(tstats, name).rvs(*args, size=4000, random_state=7, **kw)
        scalar = getattr(tstats, name).rvs(*args, random_state=1, **kw)
    assert isinstance(got, torchnp.ndarray) and got.shape == (4000,) and got.dtype == exp.dtype
    assert isinstance(scalar, torchnp.ndarray) and scalar.ndim == 0
    sample = got.to_numpy()
    dist = getattr(scipy.stats, name)(*args, **kw)
    if name in DISCRETE:  # observed frequencies against SciPy's pmf
        ks = numpy.arange(sample.min(), sample.max() + 1)
        expected = dist.pmf(ks) * sample.size
        observed = numpy.array([(sample == k).sum() for k in ks])
        keep = expected > 20
        chi = ((observed[keep] - expected[keep]) ** 2 / expected[keep]).sum()
        assert scipy.stats.chi2.sf(chi, keep.sum() - 1) > 1e-4
    else:
        assert scipy.stats.kstest(sample, dist.cdf).pvalue > 1e-4


# -- summaries and correlations ------------------------------------------------------------------
_DATA = hnp.arrays(numpy.float64, hnp.array_shapes(min_dims=1, max_dims=3, min_side=1, max_side=6),
                   elements=st.floats(-1e3, 1e3))
_POSITIVE = hnp.arrays(numpy.float64, hnp.array_shapes(min_dims=1, max_dims=3, min_side=1, max_side=6),
                       elements=st.floats(1e-3, 1e3))


def _axis(data, a):
    return data.draw(st.sampled_from([None, 0, -1] + list(range(a.ndim))))


@given(a=_DATA, data=st.data())
@pytest.mark.parametrize("name", ["zscore", "skew", "kurtosis", "moment", "sem", "describe"])
def test_summaries(name, a, data):
    axis = _axis(data, a)
    kw = {"axis": axis}
    if name in ("skew", "kurtosis", "describe"):
        kw["bias"] = data.draw(st.booleans())
    if name == "kurtosis":
        kw["fisher"] = data.draw(st.booleans())
    if name == "moment":
        kw["order"] = data.draw(st.sampled_from([0, 1, 2, 3, 4, [1, 2]]))
        if data.draw(st.booleans()):
            kw["center"] = data.draw(st.floats(-5, 5))
    if name in ("zscore", "sem", "describe"):
        kw["ddof"] = data.draw(st.sampled_from([0, 1]))
    if name in ("skew", "kurtosis", "moment", "sem"):
        kw["keepdims"] = data.draw(st.booleans())
    if name == "describe" and (a.size == 0 or (axis is not None and a.shape[axis] == 0)):
        return
    # SciPy's own answer on (nearly) identical data is rounding noise, and SciPy says so: no value
    # to compare where it warns of catastrophic cancellation (skew of 27 equal values: 1.0598)
    with warnings.catch_warnings(record=True) as caught, numpy.errstate(all="ignore"):
        warnings.simplefilter("always")
        try:
            getattr(scipy.stats, name)(a, **kw)
        except Exception:  # SciPy's exception: check_scipy checks torchnp raises the same
            pass
    assume(not any("catastrophic cancellation" in str(w.message) for w in caught))
    # higher moments of data spread over 1e3: sums of cubes and fourth powers, ~1e-11 relative
    atol = 1e-9
    if name == "zscore":
        # (a - mean) / std: the mean's rounding, an ulp or two of max|a|, divided by the std. On nearly
        # equal data (std a few ulps of the mean) SciPy's and ours are each up to 1.2 eps max|a| / std from
        # the exact z-scores (fractions, 200-bit sqrt), so the two may differ by twice that (a fresh draw)
        with numpy.errstate(all="ignore"):
            sd = numpy.asarray(numpy.std(a, axis=axis, ddof=kw["ddof"]))
        spread = sd[sd > 0]
        if spread.size:
            atol = max(atol, 8 * numpy.finfo(numpy.float64).eps * numpy.abs(a).max() / spread.min())
    with numpy.errstate(all="ignore"):
        check_scipy(call(f"stats.{name}", a, **kw), rtol=1e-9, atol=atol)


@pytest.mark.parametrize("dtype", ["int64", "int8", "uint16", "float32"])
def test_describe_minmax_keeps_the_dtype(dtype):
    # SciPy's describe docstring, describe(np.arange(10)): minmax holds NumPy's min and max, in the input's
    # dtype (int64 there); the device path gave float64
    a = (numpy.arange(12) % 5).reshape(3, 4).astype(dtype)
    check_scipy(call("stats.describe", a))
    check_scipy(call("stats.describe", a, axis=None))


def test_zscore_of_nearly_equal_data():
    """Nearly equal data: the exact z-scores (fractions, a 200-bit sqrt) are the oracle; ours (the device
    path) and SciPy's are within 2 eps max|a| / std of them, the conditioning bound test_summaries
    takes, while SciPy's and ours differ by far more than 1e-9 there."""
    from fractions import Fraction

    base = float.fromhex("0x1.bafa07b9d5ce8p+8")  # 442.977, six values 1458 ulps apart (a fresh draw's kind)
    a = base + numpy.array([-3, 2, 0, -1, -1, -1]) * numpy.spacing(base) * 1458
    f = [Fraction(float(v)) for v in a]
    mean = sum(f) / len(f)
    var = sum((v - mean) ** 2 for v in f) / (len(f) - 1)
    with mpmath.workprec(200):
        sd = mpmath.sqrt(mpmath.mpf(var.numerator) / var.denominator)
        exact = numpy.array([float(mpmath.mpf((v - mean).numerator) / (v - mean).denominator / sd) for v in f])
    bound = 2 * numpy.finfo(numpy.float64).eps * numpy.abs(a).max() / numpy.std(a, ddof=1)
    with accelerator_rules():
        ours = tstats.zscore(torchnp.asarray(a), ddof=1).to_numpy()
    theirs = scipy.stats.zscore(a, ddof=1)
    numpy.testing.assert_allclose(ours, exact, rtol=0, atol=bound)
    numpy.testing.assert_allclose(theirs, exact, rtol=0, atol=bound)
    assert numpy.abs(ours - theirs).max() > 1e-9


@pytest.mark.parametrize("dtype", ["float32", "int64"])
@pytest.mark.parametrize("name", ["zscore", "skew", "kurtosis", "sem", "gmean", "hmean", "entropy"])
def test_summary_dtypes(name, dtype):
    a = (numpy.arange(1, 13).reshape(3, 4) ** 1.5).astype(dtype)
    check_scipy(call(f"stats.{name}", a), rtol=1e-4 if dtype == "float32" else 1e-12)


@given(a=_POSITIVE, data=st.data())
@pytest.mark.parametrize("name", ["gmean", "hmean", "entropy"])
def test_means_and_entropy(name, a, data):
    axis = _axis(data, a)
    kw = {"axis": axis}
    if data.draw(st.booleans()) and name != "entropy":
        kw["weights"] = data.draw(hnp.arrays(numpy.float64, a.shape, elements=st.floats(0.1, 5)))
    if name == "entropy":
        if data.draw(st.booleans()):
            kw["qk"] = data.draw(hnp.arrays(numpy.float64, a.shape, elements=st.floats(1e-3, 10)))
        kw["base"] = data.draw(st.sampled_from([None, 2.0, 10.0]))
    else:
        kw["keepdims"] = data.draw(st.booleans())
    # entropy sums p log(p / q) of normalised p, q <= 1: each term's rounding is a few eps absolute, so
    # equal distributions give 0 up to that (SciPy's 1.4e-16 for a constant p and q, torch's exact 0)
    atol = 8 * numpy.finfo(numpy.float64).eps if name == "entropy" else None
    check_scipy(call(f"stats.{name}", a, **kw), rtol=1e-11, atol=atol)


def test_bad_arguments():
    a = numpy.arange(6.0)
    check_scipy(call("stats.skew", a, nan_policy="bogus"))
    check_scipy(call("stats.entropy", a, base=-1.0))
    check_scipy(call("stats.pearsonr", a, a[:3]))
    check_scipy(call("stats.pearsonr", a[:1], a[:1]))
    check_scipy(call("stats.pearsonr", a, a[::-1], alternative="bogus"))
    check_scipy(call("stats.spearmanr", a, a ** 2, alternative="bogus"))
    check_scipy(call("stats.linregress", a, a ** 2, alternative="bogus"))


@given(n=st.integers(3, 40), data=st.data())
@pytest.mark.parametrize("name", ["pearsonr", "spearmanr", "linregress"])
def test_correlations(name, n, data):
    x = data.draw(hnp.arrays(numpy.float64, n, elements=st.floats(-100, 100)))
    noise = data.draw(hnp.arrays(numpy.float64, n, elements=st.floats(-100, 100)))
    if name == "spearmanr" and data.draw(st.booleans()):
        x = numpy.round(x / 30)  # ties: average ranks
    y = data.draw(st.floats(-2, 2)) * x + noise
    alternative = data.draw(st.sampled_from(["two-sided", "less", "greater"]))
    if numpy.ptp(x) < 1e-6 or numpy.ptp(y) < 1e-6 or abs(numpy.corrcoef(x, y)[0, 1]) > 1 - 1e-9:
        # constant or exactly collinear input: SciPy's nan or its p-value of r = 1 (1e-20 apart), a
        # rounding of r away from ours
        return
    check_scipy(call(f"stats.{name}", x, y, alternative=alternative), **_correlation_tolerance(name, x, y))


def test_linregress_intercept_of_cancelling_terms():  # exact 0: SciPy -1.8e-14, the device -3.6e-15
    x = numpy.array([5.0, 0.0] + [5.0] * 15)
    y = 2 * x + numpy.array([1.0] + [0.0] * 16)
    check_scipy(call("stats.linregress", x, y), **_correlation_tolerance("linregress", x, y))


def _correlation_tolerance(name, x, y):
    """check_scipy's rtol and atol: p-values by the incomplete beta's continued fraction, 1e-10 relative
    (plus 1e-14 absolute); near |r| = 1 the p-value's condition is ~1/(1 - r^2) (t = r sqrt(df / (1 - r^2))):
    r's few roundings, a few eps of it (x = [25, 0, 1], y = x + [1, 0, 0]: 1 - r^2 = 1.9e-6, SciPy and ours
    6e-11 and 5e-11 from mpmath). linregress's intercept, mean(y) - slope * mean(x), carries the ulps of its
    two terms (an exact 0 was SciPy's -1.8e-14 and the device's -3.6e-15: thorough seed 1990274055)."""
    r = numpy.corrcoef(x, y)[0, 1]
    eps = numpy.finfo(numpy.float64).eps
    atol = 1e-14
    if name == "linregress":
        slope = numpy.cov(x, y, bias=True)[0, 1] / numpy.var(x)
        atol = (atol, atol + 8 * eps * (abs(numpy.mean(y)) + abs(slope * numpy.mean(x))), atol, atol, atol)
    return dict(rtol=1e-10 + 4 * eps / (1 - r * r), atol=atol)


def test_pearsonr_of_two_points_is_scipys():  # r = +-1, p = 1 (n = 2 is SciPy's smallest)
    a = numpy.array([1.0, 3.0])
    check_scipy(call("stats.pearsonr", a, a ** 2))
    check_scipy(call("stats.pearsonr", a, -a))


@pytest.mark.parametrize("x,y", [
    ([1.0, 3.0], [2.0, 4.0]), ([1.0, 3.0], [2.0, 2.0]),  # two points: SciPy's p 0 or 1, no standard errors
    ([1.0, 2.0, 4.0], [3.0, 3.0, 3.0]),  # flat y: r nan (0 / 0), p nan
    ([0.0, 1e-170, 2e-170], [0.0, 1e150, 2e150]),  # x's squares underflow, its products with y do not: r 0
    ([1.0, 2.0, 3.0], [2.0]),  # SciPy's axis decorator pairs them: y broadcasts
    ([], [1.5]), ([1.5], [1.5]),  # too small: nan and SciPy's SmallSampleWarning
], ids=["two", "two-flat", "flat-y", "underflow", "broadcast", "empty", "one"])
def test_linregress_small_and_flat_data_is_scipys(x, y):  # SciPy 1.17's branches
    from scipy.stats._axis_nan_policy import SmallSampleWarning

    x, y = numpy.asarray(x), numpy.asarray(y)
    with warnings.catch_warnings(), numpy.errstate(divide="ignore", invalid="ignore"):  # SciPy's own 1 / 0
        warnings.simplefilter("ignore", SmallSampleWarning)
        check_scipy(call("stats.linregress", x, y, alternative="less"))
    if x.size <= 1:  # SciPy's warning on the device path too
        with accelerator_rules() if ON_CPU else contextlib.nullcontext(), \
                pytest.warns(SmallSampleWarning, match="too small; all returned values will be NaN"):
            tstats.linregress(torchnp.asarray(x, device=DEVICE), torchnp.asarray(y, device=DEVICE))


@pytest.mark.parametrize("c", [
    call("stats.linregress", numpy.array([2.0, 2.0, 2.0]), numpy.array([1.0, 2.0, 3.0])),  # all x identical
    call("stats.linregress", numpy.array([1.0]), numpy.array([1.0, 2.0, 3.0])),  # x broadcasts: identical
    call("stats.linregress", numpy.array([1.0, 2.0, 3.0]), numpy.array([1.0, 2.0])),  # lengths
], ids=["identical", "broadcast-identical", "lengths"])
def test_linregress_messages_are_scipys(c):  # on the device under errstate(invalid="raise") (§3.5)
    same_error(c)


def test_linregress_reads_identical_x_only_under_errstate():  # §3.5: the device skips the value check
    x, y = (torchnp.asarray(v, device=DEVICE) for v in ([2.0, 2.0, 2.0], [1.0, 2.0, 3.0]))
    with accelerator_rules() if ON_CPU else contextlib.nullcontext():
        assert numpy.isnan(tstats.linregress(x, y).slope.item())  # 0 / 0, no host read


def _spearman_data():
    rng = numpy.random.default_rng(7)
    x2n, y2n = rng.standard_normal((30, 2)), rng.standard_normal((30, 2))
    x3 = rng.standard_normal((3, 20))
    x3[1, 4] = numpy.nan
    ties = numpy.round(rng.standard_normal((25, 3)) * 2)
    return [((x2n,), {}), ((x2n, y2n), {}), ((x2n.T, y2n.T), {"axis": 1}), ((x2n, y2n), {"axis": None}),
            ((rng.integers(10, size=(30, 2)),), {}), ((ties,), {"alternative": "greater"}), ((x3,), {"axis": 1}),
            ((x2n[:, 0], y2n), {}), ((numpy.array([1.0, 2, numpy.nan, 4]), numpy.array([1.0, 2, 3, 5])), {}),
            ((x2n[:1],), {}), ((x2n, y2n), {"axis": 2}), ((x2n[:, 0],), {}),
            ((numpy.array([-1.0, 0, 1]), numpy.array([-2.0, 0, 1])), {})]


@pytest.mark.parametrize("case", range(len(_spearman_data())))
def test_spearmanr_2d_and_nan(case):
    # SciPy's spearmanr docstring: spearmanr(x2n) of a (100, 2) sample, spearmanr(x2n, y2n), axis=1 and None,
    # integers: the variables are columns (rows for axis=1), a and b stacked, a scalar for two variables and
    # the matrix for more (NotImplementedError on the device before); NaN propagates as SciPy's rankdata
    # (the 1-D device path ranked around it: 0.83 for SciPy's nan); one observation: nan; bad axis, one
    # variable: SciPy's ValueError; equal ranks of unequal data: r exactly 1 and p 0 as NumPy's corrcoef
    # (sum / (n - 1) before the square roots; 2 / sqrt(2) / sqrt(2) was 1 - eps, p 9.5e-9; seed 3535223881)
    args, kw = _spearman_data()[case]
    check_scipy(call("stats.spearmanr", *args, **kw), rtol=1e-10, atol=1e-14)


@pytest.mark.parametrize("method, x", [("sf", [1e-300, 1e-200, 1e-20, 0.5]), ("logcdf", [1e-300, 1e-200, 0.5]),
                                       ("ppf", [0.1, 0.5, 0.9, 0.999]), ("isf", [0.1, 0.5, 0.9])])
@pytest.mark.parametrize("a, b", [(0.001, 5.0), (100.0, 0.1), (0.5, 0.5)])
def test_beta_at_its_extreme_shapes(method, x, a, b):
    # sf took 1 - x, which is 1 at x = 1e-300 (sf 1.0 for SciPy's 0.498, logcdf -inf); ppf picked its side by
    # q > 1/2, so beta(0.001, 5).ppf(0.9) (2.2e-47) came back as 1 - (1 - 2.2e-47) = 1.5e-5 (SciPy and
    # the device now pick the side by cdf(1/2)); beta(100, 0.1).ppf(0.5) was 1.5e-5 off
    check_scipy(call(f"stats.beta.{method}", numpy.array(x), a, b), rtol=1e-10)


def test_zscore_axis_error_is_scipys():  # NumPy's AxisError (torch's IndexError on the device before)
    check_scipy(call("stats.zscore", numpy.ones((2, 2)), axis=3))
    check_scipy(call("stats.zscore", numpy.ones((2, 2)), axis=-3))


@pytest.mark.parametrize("c", [
    call("stats.sem", numpy.ones(1)), call("stats.sem", numpy.ones((1, 3))),
    call("stats.sem", numpy.arange(4.0).reshape(2, 2), ddof=2), call("stats.sem", numpy.ones(3), ddof=5),
    call("stats.zscore", numpy.ones(1)), call("stats.zscore", numpy.array([1.0, 2.0]), ddof=2),
    call("stats.describe", numpy.ones(1)), call("stats.describe", numpy.ones((1, 2)), ddof=3),
    call("spatial.distance.pdist", numpy.ones((1, 2)), "seuclidean"),
    call("spatial.distance.cdist", numpy.ones((1, 2)), numpy.zeros((0, 2)), "seuclidean"),
], ids=lambda c: c.name)
def test_degrees_of_freedom_past_the_count_warn_as_scipy(c):
    # ddof at or past the sample size: SciPy's NaN or inf and its warnings from the shapes (NumPy's
    # "Degrees of freedom <= 0", the axis decorator's SmallSampleWarning), never torch's UserWarning
    # ("std(): degrees of freedom is <= 0", which the device path gave)
    same_shape_warnings(c)


def test_linregress_intercept_stderr():
    x, y = numpy.arange(10.0), numpy.arange(10.0) ** 1.3
    exp = scipy.stats.linregress(x, y)
    got = tstats.linregress(torchnp.asarray(x), torchnp.asarray(y))
    assert got.intercept_stderr == exp.intercept_stderr
    with accelerator_rules():
        got = tstats.linregress(torchnp.asarray(x), torchnp.asarray(y))
    assert isinstance(got.intercept_stderr, torchnp.ndarray)
    numpy.testing.assert_allclose(got.intercept_stderr.to_numpy(), exp.intercept_stderr, rtol=1e-12)


def test_omit_is_host_only_on_the_device():
    a = numpy.array([1.0, numpy.nan, 3.0, 4.0])
    check_scipy(call("stats.skew", a))  # propagate: nan on both paths
    got = tstats.skew(torchnp.asarray(a), nan_policy="omit")  # host rules: SciPy's
    assert got == scipy.stats.skew(a, nan_policy="omit")
    with accelerator_rules(), pytest.raises(NotImplementedError):
        tstats.skew(torchnp.asarray(a), nan_policy="omit")


def test_t_ppf_median_is_exactly_zero():  # SciPy's t.ppf(0.5, df) is 0.0 exactly, not a root found near it
    q = numpy.array([0.5, 0.25, 0.75])
    ref = scipy.stats.t.ppf(q, 3.0)
    with accelerator_rules() if ON_CPU else contextlib.nullcontext():
        got = tstats.t.ppf(torchnp.asarray(q), 3.0).to_numpy()
    assert got[0] == ref[0] == 0.0 and not numpy.signbit(got[0])
    numpy.testing.assert_allclose(got, ref, rtol=1e-12)


def test_linregress_repr_names_scipys_fields():
    x, y = numpy.arange(6.0), numpy.array([1.0, 2.5, 2.9, 4.2, 5.1, 5.8])
    ref = scipy.stats.linregress(x, y)
    with accelerator_rules() if ON_CPU else contextlib.nullcontext():
        got = tstats.linregress(torchnp.asarray(x), torchnp.asarray(y))
    names = lambda r: re.findall(r"(\w+)=", repr(r))  # noqa: E731
    assert repr(got).startswith("LinregressResult(") and repr(got).endswith(")")
    assert names(got) == names(ref)


@pytest.mark.parametrize("method", ["pdf", "cdf", "logcdf", "sf", "logsf"])
def test_beta_at_subnormal_x(method):  # §8.2: where SciPy's (Boost's) value is inexact, mpmath decides
    for x, a, b in [(5e-324, 0.3, 50.0), (2e-320, 0.5, 0.25), (1e-310, 1.5, 2.0), (1.5e-315, 0.2, 3.0)]:
        xs, shapes = numpy.array([x]), [numpy.array([a]), numpy.array([b])]
        with numpy.errstate(all="ignore"):
            check_scipy(call(f"stats.beta.{method}", xs, *shapes), rtol=RTOL["beta"],
                        on_error=_mpmath_where_boost_overflows("beta", method, xs, shapes, {}),
                        reference=_mpmath_at_subnormal_arguments("beta", method, xs, shapes, {}))
    assert abs(scipy.stats.beta.cdf(5e-324, 0.3, 50.0) / 3.6634721945276324e-97 - 1) > 0.01  # SciPy's error


def test_binom_pmf_at_subnormal_p():
    k, n, p = numpy.array([0.0, 1.0, 2.0]), numpy.array([3.0]), numpy.array([1e-310])
    for i in range(k.size):
        ki = k[i:i + 1]
        check_scipy(call("stats.binom.pmf", ki, n, p), rtol=RTOL["binom"],
                    reference=_mpmath_at_subnormal_arguments("binom", "pmf", ki, [n, p], {}))
    assert scipy.stats.binom.pmf(1.0, 3.0, 1e-310) == 0.0  # SciPy's value; the true one is 3e-310


@pytest.mark.parametrize("name,shapes", [("poisson", [numpy.array([7.0, 0.3, 150.0])]),
                                         ("binom", [numpy.array([60.0, 300.0, 5.0]), numpy.array([0.5, 0.1, 0.9])])])
def test_discrete_ppf_within_an_ulp_of_one(name, shapes):  # §8.2: SciPy's cdf(k) near 1 rounds to float64
    q = numpy.array([1 - 2.0 ** -53, 1 - 2.0 ** -52, 1 - 3 * 2.0 ** -53])[:, None]  # poisson(7): 38, 37, 37
    check_scipy(call(f"stats.{name}.ppf", q, *shapes))
