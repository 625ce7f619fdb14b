"""torchnp.polynomial: NumPy's series modules and classes on torchnp arrays, compared with
numpy.polynomial itself (values, dtypes, shapes, exception types)."""

import numpy
import numpy.polynomial as NP
import pytest
from hypothesis import given, settings, strategies as st

import torchnp
import torchnp.polynomial as TP
from support import examples, DEVICE, assert_like_numpy

KINDS = {"polynomial": "poly", "chebyshev": "cheb", "legendre": "leg", "laguerre": "lag",
         "hermite": "herm", "hermite_e": "herme"}
CLASSES = ["Polynomial", "Chebyshev", "Legendre", "Laguerre", "Hermite", "HermiteE"]


def _tn(x):
    if isinstance(x, numpy.ndarray):
        return torchnp.asarray(x, device=DEVICE)
    if isinstance(x, tuple):
        return tuple(_tn(v) for v in x)
    return x


#: float64 tolerances (on the CPU every case agrees to 1e-14: one LAPACK). Series arithmetic and
#: evaluation: a few hundred ulps of coefficients below 10 (1e-12); least-squares fits (another
#: device's lstsq driver, torch's gelsd against NumPy's on the CPU): cond(V) ulps, with cond(V) up to
#: ~1e6 for Laguerre's basis at these degrees and points (measured: 7.7e-10 on a coefficient of 52) (1e-9);
#: division by a leading coefficient > 0.1: growth up to 10 per step (1e-10); roots of random
#: coefficients: a near-double root moves by sqrt(eps) (1e-6). Derivatives and conversions of a
#: degree-6 fit multiply its error by the basis change (up to ~2**6 * 6**2): DERIVED = 1e-8.
SERIES, FIT, DIV, ROOTS, DERIVED = 1e-12, 1e-9, 1e-10, 1e-6, 1e-8


def _same(name, np_fn, tn_fn, args, kwargs=None, rtol=SERIES, atol=SERIES):
    kwargs = kwargs or {}
    try:
        want = np_fn(*args, **kwargs)
    except Exception as exc:  # noqa: BLE001 - the same exception type is the expectation
        with pytest.raises(type(exc)):
            tn_fn(*_tn(tuple(args)), **dict(zip(kwargs, _tn(tuple(kwargs.values())))))
        return
    got = tn_fn(*_tn(tuple(args)), **dict(zip(kwargs, _tn(tuple(kwargs.values())))))  # (weights on DEVICE too)
    assert_like_numpy(got, want, rtol=rtol, atol=atol, err_msg=name)


_coef = st.lists(st.floats(-4, 4, allow_nan=False).map(lambda v: round(v, 3)), min_size=1, max_size=5)


@settings(max_examples=examples(15), deadline=None)
@given(c1=_coef, c2=_coef, kind=st.sampled_from(sorted(KINDS)))
def test_series_functions_match_numpy(c1, c2, kind):
    np_mod, tn_mod, p = getattr(NP, kind), getattr(TP, kind), KINDS[kind]
    c1, c2 = numpy.array(c1), numpy.array(c2)
    x = numpy.linspace(-0.9, 0.9, 7)
    for fname, args, kwargs in [
        ("val", (x, c1), {}), ("add", (c1, c2), {}), ("sub", (c1, c2), {}), ("mul", (c1, c2), {}),
        ("der", (c1,), {"m": 2}), ("int", (c1,), {"m": 1, "k": [0.5], "lbnd": 0.2}), ("pow", (c1, 3), {}),
        ("vander", (x, 3), {}), ("val2d", (x, x[::-1], numpy.outer(c1, c2)), {}), ("grid2d", (x, x, numpy.outer(c1, c2)), {}),
        ("line", (0.5, -2.0), {}), ("fromroots", (c1,), {}), ("mulx", (c1,), {}), ("trim", (numpy.append(c1, 0.0),), {}),
    ]:
        name = f"{p}{fname}" if fname != "trim" else f"{p}trim"
        _same(name, getattr(np_mod, name), getattr(tn_mod, name), args, kwargs)
    if len(c2) > 1 and abs(c2[-1]) > 0.1:
        _same(f"{p}div", getattr(np_mod, f"{p}div"), getattr(tn_mod, f"{p}div"), (c1, c2), rtol=DIV, atol=DIV)
    if len(c1) > 1 and abs(c1[-1]) > 0.1:
        _same(f"{p}roots", getattr(np_mod, f"{p}roots"), getattr(tn_mod, f"{p}roots"), (c1,), rtol=ROOTS, atol=ROOTS)


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_fits_quadrature_and_conversions(kind):
    np_mod, tn_mod, p = getattr(NP, kind), getattr(TP, kind), KINDS[kind]
    x = numpy.linspace(-1, 1, 40)
    y = numpy.cos(3 * x) + 0.1 * x
    _same(f"{p}fit", getattr(np_mod, f"{p}fit"), getattr(tn_mod, f"{p}fit"), (x, y, 5), rtol=FIT, atol=FIT)
    _same(f"{p}fit full", getattr(np_mod, f"{p}fit"), getattr(tn_mod, f"{p}fit"), (x, y, [0, 2, 4]), rtol=FIT, atol=FIT)
    _same(f"{p}fit w", getattr(np_mod, f"{p}fit"), getattr(tn_mod, f"{p}fit"), (x, numpy.stack([y, y * 2], 1), 3),
          {"w": numpy.linspace(1, 2, 40)}, rtol=FIT, atol=FIT)
    if kind != "polynomial":
        _same(f"{p}gauss", getattr(np_mod, f"{p}gauss"), getattr(tn_mod, f"{p}gauss"), (6,))
        _same(f"{p}2poly", getattr(np_mod, f"{p}2poly"), getattr(tn_mod, f"{p}2poly"), (numpy.array([1.0, 2, 3]),))
        _same(f"poly2{p}", getattr(np_mod, f"poly2{p}"), getattr(tn_mod, f"poly2{p}"), (numpy.array([1.0, 2, 3]),))
        _same(f"{p}weight", getattr(np_mod, f"{p}weight"), getattr(tn_mod, f"{p}weight"), (numpy.linspace(0.1, 0.9, 5),))
    _same(f"{p}companion", getattr(np_mod, f"{p}companion"), getattr(tn_mod, f"{p}companion"), (numpy.array([1.0, 2, 3, 4]),))
    _same(f"{p}fit bad deg", getattr(np_mod, f"{p}fit"), getattr(tn_mod, f"{p}fit"), (x, y, -1))  # ValueError
    _same(f"{p}val bad", getattr(np_mod, f"{p}der"), getattr(tn_mod, f"{p}der"), (numpy.array([1.0, 2]), -1))


@pytest.mark.parametrize("cls", CLASSES)
def test_series_classes_match_numpy(cls):
    N, T = getattr(NP, cls), getattr(TP, cls)
    x = numpy.linspace(0, 2, 30)
    y = numpy.exp(-x) * numpy.sin(4 * x)
    pn, pt = N.fit(x, y, 6), T.fit(_tn(x), _tn(y), 6)
    assert_like_numpy(pt(_tn(x)), pn(x), rtol=FIT, atol=FIT)
    assert_like_numpy(pt.coef, pn.coef, rtol=FIT, atol=FIT)
    assert_like_numpy(pt.domain, pn.domain)
    assert_like_numpy(pt.deriv(2)(_tn(x)), pn.deriv(2)(x), rtol=DERIVED, atol=DERIVED)
    assert_like_numpy(pt.integ(lbnd=0.5)(_tn(x)), pn.integ(lbnd=0.5)(x), rtol=FIT, atol=FIT)
    assert_like_numpy(pt.convert().coef, pn.convert().coef, rtol=DERIVED, atol=DERIVED)
    assert_like_numpy(pt.convert(kind=TP.Polynomial).coef, pn.convert(kind=NP.Polynomial).coef, rtol=DERIVED,
                      atol=DERIVED)
    assert_like_numpy(pt.linspace(5)[1], pn.linspace(5)[1], rtol=FIT, atol=FIT)  # the fit, evaluated
    a, b = T([1.0, 2.0, 3.0]), T([0.5, -1.0])
    na, nb = N([1.0, 2.0, 3.0]), N([0.5, -1.0])
    for op in (lambda u, v: u + v, lambda u, v: u - v, lambda u, v: u * v, lambda u, v: u // v, lambda u, v: u % v,
               lambda u, v: u ** 2, lambda u, v: 2.0 * u, lambda u, v: -u):
        assert_like_numpy(op(a, b).coef, op(na, nb).coef, rtol=1e-12, atol=1e-12)
    assert_like_numpy(torchnp.sort_complex(a.roots()), numpy.sort_complex(na.roots()), rtol=SERIES, atol=SERIES)
    # NumPy's repr; off the CPU the device once, at the end (as an array's repr says it, §1.4)
    where = f", device='{DEVICE}')" if DEVICE != "cpu" else ")"
    assert (a.degree(), str(a), repr(a)) == (na.degree(), str(na), repr(na)[:-1] + where)
    assert a == T([1.0, 2.0, 3.0]) and a != b
    assert_like_numpy(T.fromroots([1.0, 2.0]).coef, N.fromroots([1.0, 2.0]).coef)
    assert_like_numpy(T.basis(3).coef, N.basis(3).coef)
    assert_like_numpy(a.cutdeg(1).coef, na.cutdeg(1).coef)
    other_kind = TP.Chebyshev if cls != "Chebyshev" else TP.Legendre
    with pytest.raises(TypeError):
        a + other_kind([1.0])  # NumPy: mixing series kinds is a TypeError
    with pytest.raises(TypeError):
        na + getattr(NP, other_kind.__name__)([1.0])
    assert isinstance(pt(_tn(x)), torchnp.ndarray) and pt(_tn(x)).device == torchnp.asarray(x, device=DEVICE).device


def test_namespace_and_printstyle():
    assert torchnp.polynomial is TP
    for name in NP.__all__:
        assert hasattr(TP, name), name
    TP.set_default_printstyle("ascii")
    try:
        assert str(TP.Polynomial([1.0, 2.0])) == "1.0 + 2.0 x"
    finally:
        TP.set_default_printstyle("unicode")
    with pytest.raises(ValueError):
        TP.set_default_printstyle("latex")
    assert_like_numpy(TP.polynomial.polyval(torchnp.asarray(2.0, device=DEVICE), [1.0, 1.0]),
                      NP.polynomial.polyval(numpy.float64(2.0), [1.0, 1.0]))


@pytest.mark.parametrize("cls", CLASSES)
def test_series_repr_names_the_device_once(cls):
    """A series off the CPU: NumPy's repr with the device said once, at the end, not after each of
    coef, domain and window (the GPU run of 2026-11-28 printed it three times)."""
    N, T = getattr(NP, cls), getattr(TP, cls)
    text = repr(T(torchnp.asarray([1.0, 2.0, 3.0], device="meta")))
    want = repr(N([1.0, 2.0, 3.0]))
    assert text.count("device=") == 1 and text.endswith(", symbol='x', device='meta')")
    assert text.startswith(f"{cls}(<no data>, shape=(3,), dtype=float64, domain=")
    assert text[text.index("domain="):-len(", device='meta')")] == want[want.index("domain="):-1]
