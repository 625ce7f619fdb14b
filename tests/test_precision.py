"""Values against high-precision references (mpmath, which torch's sympy dependency installs), where
NumPy itself is not the oracle: both of torchnp's paths — the host's (NumPy's kernels and loops
on host data, §7 "best kernel") and an accelerator's (torch's kernels; run here on the CPU by
turning ``_device.CPU_VALUE_CHECKS`` off, as ``pytest --accelerator-rules`` does) — against the
exact value (issue 23; docs/differences.md, "Accuracy of elementary functions")."""

import math

import mpmath
import numpy
import pytest

import torchnp
from support import DEVICE, tnp
from torchnp import _device

#: tiny complex arguments of log1p: NumPy's loop loses the real part (it computes log|1 + z| from
#: 1 + z, where x and y*y/2 vanish beside 1); the real part is about x + y*y/2
TINY = [complex(-8.4e-300, -1.5e-295), complex(-1.8e-12, 1e-5), complex(1e-10, 1e-10), complex(-1e-5, 1e-3),
        complex(3e-200, -2e-100), complex(-5.65e-128, -1.56e-64), complex(1.25e-8, 4.2e-168), complex(0.0, 1e-170),
        complex(-1e-300, 0.0)]
#: subnormal parts, where torch's complex log1p gives nan+nanj (a fresh draw's 5e-324j, seed 3980469628)
SUBNORMAL = [complex(1e-310, 1e-310), complex(0.0, 5e-324), complex(5e-324, 5e-324), complex(-1e-310, 3e-160),
             complex(2e-308, -1e-320)]


def _exact_log1p(z):
    """log1p(z) to 2600 bits: enough for the parts of any double argument (y*y can be 1e-640)."""
    with mpmath.workprec(2600):
        x, y = mpmath.mpf(z.real), mpmath.mpf(z.imag)
        return complex(mpmath.log(1 + 2 * x + x * x + y * y) / 2), complex(mpmath.atan2(y, 1 + x))


def _ulps(got, exact):
    """Error of each part in units in the last place of the exact part (the largest of the two)."""
    return max(abs(g - e) / math.ulp(max(abs(e), numpy.finfo(numpy.float64).tiny))
               for g, e in ((got.real, exact[0].real), (got.imag, exact[1].real)))


def test_complex_log1p_accelerator_path_is_exact(monkeypatch):
    """§7 accelerator rules: torch's complex log1p, within 3 ulps of each exact part for tiny arguments."""
    monkeypatch.setattr(_device, "CPU_VALUE_CHECKS", False)  # the CPU takes an accelerator's path
    got = torchnp.log1p(tnp(numpy.array(TINY + SUBNORMAL))).to_numpy()
    for z, g in zip(TINY + SUBNORMAL, got):
        assert _ulps(complex(g), _exact_log1p(z)) <= 3, (z, g, _exact_log1p(z))


@pytest.mark.host_rules  # NumPy's loop on tiny host arrays: what a host array gives, by design (§7)
def test_complex_log1p_host_path_is_numpys_documented_error():
    """Host data of up to _array.TINY_HOST elements runs NumPy's loop: NumPy's values, whose error
    docs/differences.md states (the real part of log1p(-8.4e-300-1.5e-295j) is 0, six digits lost at
    -1.8e-12+1e-5j); larger host arrays run torch's kernel, as an accelerator does."""
    z = numpy.array(TINY)
    got = torchnp.log1p(torchnp.asarray(z, device="cpu")).to_numpy()
    numpy.testing.assert_array_equal(got, numpy.log1p(z))  # NumPy's bits
    assert got[0].real == 0.0 and _exact_log1p(TINY[0])[0].real == -8.4e-300
    exact = _exact_log1p(TINY[1])[0].real
    assert 1e-7 < abs(got[1].real - exact) / abs(exact) < 1e-5  # six digits right, not more
    large = torchnp.log1p(torchnp.asarray(numpy.resize(z, 1000), device="cpu")).to_numpy()
    for k, zk in enumerate(TINY):
        assert _ulps(complex(large[k]), _exact_log1p(zk)) <= 3, (zk, large[k])


#: complex arccos beside the real axis beyond ±1: the real part is tiny (about |y| / sqrt(x*x - 1))
ACOS = [complex(4.370146294885948, 2.0728078123178344e-31), complex(15083.92202526523, -1.6202034782034396e-301),
        complex(2.8414939304537306e30, -8.916878221220216), complex(-3.5, 1e-200), complex(1.5, -1e-20),
        complex(0.5, 1e-320), complex(0.3, -0.7), complex(-1e10, 1e10)]


def _exact_acos(z):
    with mpmath.workprec(2600):
        e = mpmath.acos(mpmath.mpc(z.real, z.imag))
        return complex(e.real), complex(e.imag)


@pytest.mark.parametrize("host_rules", [False, True])
def test_complex_arccos_keeps_tiny_real_parts(monkeypatch, host_rules):
    """Issue 23's fuzz: torch's complex acos gives 0 for a tiny real part (acos(4.37+2e-31j) is
    4.9e-32 - 2.15j); torchnp's kernel takes Kahan's real part, within 4 ulps of each exact part on
    both paths (100 elements: torch's kernel on host data too), as NumPy's is."""
    if not host_rules:
        monkeypatch.setattr(_device, "CPU_VALUE_CHECKS", False)
    elif torchnp.asarray(0.0, device=DEVICE).device.type != "cpu":
        pytest.skip("host rules: host data")  # (the other case runs on DEVICE)
    z = numpy.resize(numpy.array(ACOS), 100)
    got = torchnp.arccos(tnp(z)).to_numpy()
    for zk, g, n in zip(ACOS, got, numpy.arccos(z)):
        assert _ulps(complex(g), _exact_acos(zk)) <= 4, (zk, g, _exact_acos(zk))
        assert _ulps(complex(n), _exact_acos(zk)) <= 4  # NumPy is right too: the oracle agrees


#: sinh and cosh near overflow: within log 2 above log(max) the result is finite, e**|x| / 2, while
#: exp(|x|) is not (issue 24's fresh seed 3516567738: test_cpu_kernels' sinh of int64 710, 800 elements)
NEAR_OVERFLOW = {"float64": [709.79, 710.0, 710.47, -710.2, 709.0, 711.0, -712.0],
                 "float32": [88.73, 89.0, 89.41, -89.2, 88.0, 90.0, -91.0]}


@pytest.mark.parametrize("host_rules", [False, True])
@pytest.mark.parametrize("dtype", ["float64", "float32"])
@pytest.mark.parametrize("name", ["sinh", "cosh"])
def test_sinh_cosh_finite_up_to_overflow(monkeypatch, host_rules, dtype, name):
    """torch's vectorised CPU sinh and cosh overflow in exp first (float64 sinh(710): inf, exactly
    1.117e308): torchnp's kernel is finite up to the overflow of the result, within 4 ulps of the
    exact value on both paths (100 elements: torch's kernel on host data too), as NumPy is."""
    if not host_rules:
        monkeypatch.setattr(_device, "CPU_VALUE_CHECKS", False)
    elif torchnp.asarray(0.0, device=DEVICE).device.type != "cpu":
        pytest.skip("host rules: host data")  # (the other case runs on DEVICE)
    x = numpy.resize(numpy.array(NEAR_OVERFLOW[dtype], dtype), 100)
    got = getattr(torchnp, name)(tnp(x)).to_numpy()
    with numpy.errstate(over="ignore"):
        expected = getattr(numpy, name)(x)
    assert got.dtype == expected.dtype
    for xk, g, n in zip(x, got, expected):
        exact = float(getattr(mpmath, name)(mpmath.mpf(float(xk))))
        if abs(exact) > float(numpy.finfo(dtype).max):
            assert g == n and numpy.isinf(g), (xk, g, n)  # overflows, as NumPy
            continue
        ulp = float(numpy.spacing(numpy.array(abs(exact), dtype)))
        assert abs(float(g) - exact) <= 4 * ulp, (xk, g, exact)
        assert abs(float(n) - exact) <= 4 * ulp  # NumPy is right too: the oracle agrees
