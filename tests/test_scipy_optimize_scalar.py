"""torchnp.scipy.optimize's scalar module functions against SciPy (DESIGN §8.4; issue 26):
``newton`` (scalar and array ``x0``), ``brent``, ``golden`` and ``fminbound``. Under the host rules
SciPy's own (its results bit for bit); under the accelerator rules (the code a GPU runs) SciPy's
iterations, whose results equal SciPy's where the function values do: the functions here are
polynomials by Horner's scheme, rounded alike by NumPy and torch."""

import contextlib
import warnings

import numpy
import pytest
import scipy.optimize
from hypothesis import given, settings, strategies as st

import torchnp as np
from torchnp.scipy import optimize
from scipy_support import accelerator_rules
from support import examples

RULES = ["host", "accelerator"]


def _rules(rules):
    return accelerator_rules() if rules == "accelerator" else contextlib.nullcontext()


def _poly(coef):
    """Horner's scheme (products and sums only), for NumPy's and torchnp's arrays and numbers alike;
    extra arguments (``args``) are added to the value."""
    def p(x, *shift):
        v = coef[-1] + 0 * x
        for c in coef[-2::-1]:
            v = v * x + c
        for s in shift:
            v = v + s
        return v
    return p


def _outcome(fn, *args, **kwargs):
    """fn's result, or its exception type and message; warnings recorded (category, message)."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            out = fn(*args, **kwargs)
        except (RuntimeError, ValueError) as e:
            out = (type(e), str(e))
    return out, [(w.category, str(w.message)) for w in caught]


def _as_numpy(v):
    return v.to_numpy() if isinstance(v, np.ndarray) else v


def _same_root_results(got, ref):
    assert (got.converged, got.flag, got.method, got.iterations, got.function_calls) == \
        (ref.converged, ref.flag, ref.method, ref.iterations, ref.function_calls)
    assert float(got.root) == ref.root


@settings(max_examples=examples(60), deadline=None)
@given(r=st.floats(-5, 5), s=st.floats(0.05, 3), start=st.floats(-4, 4), method=st.sampled_from(
    ["secant", "secant x1", "newton", "halley"]), tol=st.sampled_from([1.48e-8, 1e-3, 1e-14]),
    rtol=st.sampled_from([0.0, 1e-6]), maxiter=st.sampled_from([50, 3]), disp=st.booleans(),
    rules=st.sampled_from(RULES), dtype=st.sampled_from(["float64", "float32"]), x1_array=st.booleans())
def test_newton_scalar_is_scipys_iteration(r, s, start, method, tol, rtol, maxiter, disp, rules, dtype, x1_array):
    # (x - r)(x^2 + s): one real root; SciPy's root, iterations, calls and flag, its RuntimeError with
    # disp (same message) and its RuntimeWarnings without; a float32 x0 (a 0-d array here, SciPy's
    # NumPy scalar): SciPy's iteration in float32 (its convergence test too), a float32 root; x1 a 0-d
    # float64 array (``x1_array``): NumPy's promotion to float64 on its first value
    coef = [-r * s, s, -r, 1.0]
    d1, d2 = [s, -2 * r, 3.0], [-2 * r, 6.0]
    kwargs = dict(tol=tol, rtol=rtol, maxiter=maxiter, disp=disp, full_output=True)
    x1_array = x1_array and method == "secant x1"
    if method == "secant x1":
        kwargs["x1"] = start + 0.5
    if method in ("newton", "halley"):
        kwargs["fprime"] = _poly(d1)
    if method == "halley":
        kwargs["fprime2"] = _poly(d2)
    x0 = r + start if dtype == "float64" else numpy.float32(r + start)
    ref_kw, got_kw = dict(kwargs), dict(kwargs)
    if x1_array:
        ref_kw["x1"], got_kw["x1"] = numpy.asarray(kwargs["x1"]), np.asarray(kwargs["x1"])
    ref, ref_warned = _outcome(scipy.optimize.newton, _poly(coef), x0, **ref_kw)
    with _rules(rules):
        got, got_warned = _outcome(optimize.newton, _poly(coef), x0 if dtype == "float64" else np.asarray(x0),
                                   **got_kw)
    assert got_warned == ref_warned
    if isinstance(ref, tuple) and isinstance(ref[0], type):  # SciPy raised
        assert got == ref
        return
    assert numpy.asarray(ref[0]).dtype == ("float64" if x1_array else dtype)
    if rules == "accelerator":  # (host rules: SciPy's own result, its NumPy scalars)
        assert isinstance(got[0], np.ndarray) and got[0].ndim == 0 and got[0].dtype == numpy.asarray(ref[0]).dtype
    assert float(got[0]) == ref[0]
    _same_root_results(got[1], ref[1])


@pytest.mark.parametrize("rules", RULES)
@pytest.mark.parametrize("disp", [True, False])
@pytest.mark.parametrize("x1", [None, 2.0])
def test_newton_secant_on_equal_values_is_scipys(x1, disp, rules):
    # secant steps where f(p1) == f(p0): SciPy's midpoint, its "Tolerance of ... reached" error with
    # disp (a RuntimeWarning without), its iteration count and flag
    def f(x):
        return 0 * x + 3.0

    ref, ref_warned = _outcome(scipy.optimize.newton, f, 1.0, x1=x1, disp=disp, full_output=True)
    with _rules(rules):
        got, got_warned = _outcome(optimize.newton, f, 1.0, x1=x1, disp=disp, full_output=True)
    assert got_warned == ref_warned
    if disp:
        assert got == ref and ref[0] is RuntimeError
        return
    assert float(got[0]) == ref[0]
    _same_root_results(got[1], ref[1])


@settings(max_examples=examples(60), deadline=None)
@given(n=st.integers(2, 6), seed=st.integers(0, 2 ** 16), method=st.sampled_from(["secant", "newton", "halley"]),
       tol=st.sampled_from([1.48e-8, 1e-3]), maxiter=st.sampled_from([50, 4, 1]), full_output=st.booleans(),
       zero=st.booleans(), rules=st.sampled_from(RULES), dtype=st.sampled_from(["float64", "float32"]))
def test_newton_array_is_scipys_vectorized_iteration(n, seed, method, tol, maxiter, full_output, zero, rules, dtype):
    # x^3 - 2x - a for n values a: SciPy's _array_newton (every element's steps, its masked updates, its
    # converged/zero_der flags, warnings and 'all failed' RuntimeError); ``zero``: a start where the
    # derivative vanishes (x^2 - c from 0); a float32 x0: SciPy's first values and step in float32, then
    # float64 (its result_type(p, dp, float64))
    rng = numpy.random.default_rng(seed)
    a = rng.uniform(-5, 5, n)
    x0 = rng.uniform(-3, 3, n).astype(dtype)
    coef, d1, d2 = [0.0, -2.0, 0.0, 1.0], [-2.0, 0.0, 3.0], [0.0, 6.0]
    if zero:
        x0[0], coef, d1, d2 = 0.0, [0.0, 0.0, 1.0], [0.0, 2.0], [2.0]
        a = -numpy.abs(a)
    kwargs = dict(tol=tol, maxiter=maxiter, full_output=full_output)
    if method != "secant":
        kwargs["fprime"] = _poly(d1)
    if method == "halley":
        kwargs["fprime2"] = _poly(d2)
    ref, ref_warned = _outcome(scipy.optimize.newton, _poly(coef), x0, args=(-a,), **kwargs)
    with _rules(rules):
        got, got_warned = _outcome(optimize.newton, _poly(coef), np.asarray(x0), args=(np.asarray(-a),), **kwargs)
    assert got_warned == ref_warned
    if isinstance(ref, tuple) and isinstance(ref[0], type):
        assert got == ref
        return
    if full_output:
        assert type(got).__name__ == "result" and got._fields == ref._fields
        for g, e in zip(got, ref):
            assert isinstance(g, np.ndarray) and g.dtype == e.dtype
            numpy.testing.assert_array_equal(g.to_numpy(), e)
    else:
        assert isinstance(got, np.ndarray) and got.dtype == ref.dtype
        numpy.testing.assert_array_equal(got.to_numpy(), ref)


@settings(max_examples=examples(60), deadline=None)
@given(a=st.floats(-3, 3), b=st.floats(0.1, 5), name=st.sampled_from(["brent", "golden", "fminbound"]),
       bracket=st.sampled_from([None, (0.0, 1.0), "triple"]), tol=st.sampled_from([None, 1e-4, 1e-12]),
       maxiter=st.sampled_from([None, 4]), full_output=st.booleans(), shift=st.sampled_from([(), (0.25,)]),
       rules=st.sampled_from(RULES))
def test_scalar_minimizers_are_scipys_iteration(a, b, name, bracket, tol, maxiter, full_output, shift, rules):
    # (x - a)^2 (x^2 + b) + x: one minimum near a; x, fval, iterations, calls and flags as SciPy's
    coef = [a * a * b, -2 * a * b + 1, b + a * a, -2 * a, 1.0]
    kwargs = {"full_output": full_output, "args": shift}
    if name == "fminbound":
        pos = (a - 2.5, a + 1.5)
        kwargs.update({k: v for k, v in (("xtol", tol), ("maxfun", maxiter)) if v is not None})
    else:
        pos = ()
        kwargs["brack"] = (a - 3, a, a + 3) if bracket == "triple" else bracket
        kwargs.update({k: v for k, v in (("tol", tol), ("maxiter", maxiter)) if v is not None})
    ref, ref_warned = _outcome(getattr(scipy.optimize, name), _poly(coef), *pos, **kwargs)
    with _rules(rules):
        got, got_warned = _outcome(getattr(optimize, name), _poly(coef), *pos, **kwargs)
    assert [c.__name__ for c, _ in got_warned] == [c.__name__ for c, _ in ref_warned]
    if isinstance(ref, tuple) and isinstance(ref[0], type):  # a triple that is no bracket: SciPy's ValueError
        assert got == ref
        return
    got, ref = (got, ref) if full_output else ((got,), (ref,))
    if rules == "accelerator":  # (host rules: SciPy's own result, its NumPy scalars)
        assert isinstance(got[0], np.ndarray) and got[0].ndim == 0 and got[0].dtype == np.float64
    assert [_as_numpy(v) for v in got] == list(ref)


@pytest.mark.parametrize("rules", RULES)
def test_scalar_module_functions_bad_input_raise_scipys_errors(rules):
    f = _poly([-1.0, 0.0, 1.0])
    bad = [("newton", (f, 1.0), dict(tol=0)), ("newton", (f, 1.0), dict(maxiter=0)),
           ("newton", (f, 1.0), dict(x1=1.0)), ("newton", (f, [1.0, 2.0]), dict(tol=-1.0)),
           ("brent", (f,), dict(brack=(0, 1, 2, 3))), ("brent", (f,), dict(brack=(0, 5, 1))),
           ("brent", (f,), dict(tol=-1.0)), ("golden", (f,), dict(brack=(-1, 3, 1))),
           ("fminbound", (f, 1.0, 0.0), {}), ("fminbound", (f, 0.0, numpy.inf), {})]
    for name, args, kwargs in bad:
        with pytest.raises(ValueError) as ref:
            getattr(scipy.optimize, name)(*args, **kwargs)
        with _rules(rules), pytest.raises(ValueError) as got:
            getattr(optimize, name)(*args, **kwargs)
        assert str(got.value) == str(ref.value), name


@pytest.mark.parametrize("name", ["brent", "golden"])
@pytest.mark.parametrize("rules", RULES)
def test_integer_bracket_point_that_is_the_minimum(name, rules):  # docs/scipy.md's brent row
    f = _poly([1.0, -2.0, 1.0])  # (x - 1)^2: SciPy hands back the bracket's middle point as given
    ref = getattr(scipy.optimize, name)(f, brack=(0, 1, 2), full_output=True)
    with _rules(rules):
        got = getattr(optimize, name)(f, brack=(0, 1, 2), full_output=True)
    assert type(ref[0]) is int and ref[0] == 1
    if rules == "host":
        assert got == ref and type(got[0]) is int
    else:  # the device iteration's numbers are float64 0-d arrays
        assert got[0].dtype == np.float64 and got[0].ndim == 0 and [_as_numpy(v) for v in got] == list(ref)


def test_scalar_module_functions_follow_device_arrays_and_args():
    # §3.2: device arrays as x0 / brackets / bounds / args put the iteration where they live
    f = _poly([-2.0, 0.0, 1.0])
    x = np.asarray(1.0, device="cpu")
    with accelerator_rules():
        root = optimize.newton(f, x, fprime=_poly([0.0, 2.0]))
        roots = optimize.newton(lambda v, c: v * v - c, np.asarray([1.0, 2.0]), args=(np.asarray([2.0, 3.0]),))
        xmin = optimize.brent(lambda v, c: (v - c) * (v - c), brack=(np.asarray(0.0), np.asarray(1.0)),
                              args=(np.asarray(2.0),))
        xb = optimize.fminbound(lambda v: (v - 1) * (v - 1), np.asarray(0.0), np.asarray(3.0))
    assert abs(float(root) - 2 ** 0.5) < 1e-15 and abs(float(xmin) - 2.0) < 1e-7 and abs(float(xb) - 1) < 1e-5
    numpy.testing.assert_allclose(roots.to_numpy(), numpy.sqrt([2.0, 3.0]), rtol=1e-12)
    assert isinstance(roots, np.ndarray) and roots.dtype == np.float64


def test_fminbound_disp_warns_scipys_optimize_warning():
    f = _poly([0.3, -3.0, 1.0])
    with pytest.warns(scipy.optimize.OptimizeWarning, match="Maximum number of function evaluations"):
        ref = scipy.optimize.fminbound(f, 0.0, 4.0, maxfun=3, full_output=True)
    with accelerator_rules(), pytest.warns(scipy.optimize.OptimizeWarning,
                                           match="Maximum number of function evaluations"):
        got = optimize.fminbound(f, 0.0, 4.0, maxfun=3, full_output=True)
    assert [_as_numpy(v) for v in got] == list(ref)


@pytest.mark.parametrize("rules", RULES)
@pytest.mark.parametrize("name", ["brent", "golden"])
def test_failed_bracket_raises_scipys_bracket_error(rules, name):
    # a flat function: the bracket search ends without a valid triple -> SciPy's own BracketError class
    # (scipy.optimize._optimize.BracketError, SciPy imported on the failure only), its message and data
    f = _poly([1.0])
    with pytest.raises(RuntimeError) as ref:
        getattr(scipy.optimize, name)(f)
    with _rules(rules), pytest.raises(RuntimeError) as got:
        getattr(optimize, name)(f)
    assert type(got.value) is type(ref.value) and type(ref.value).__name__ == "BracketError"
    assert str(got.value) == str(ref.value) and got.value.data == ref.value.data
    # minimize_scalar recovers from it as SciPy's does: an unsuccessful result, not an exception
    ref_res = scipy.optimize.minimize_scalar(f, method=name)
    with _rules(rules):
        res = optimize.minimize_scalar(f, method=name)
    assert not res.success and not ref_res.success and res.nfev == ref_res.nfev and res.message == ref_res.message


@pytest.mark.parametrize("rules", RULES)
@pytest.mark.parametrize("disp", [0, 1, 2, 3])
@pytest.mark.parametrize("maxfun", [500, 4])
def test_fminbound_disp_prints_scipys_iteration_table(rules, disp, maxfun, capsys):
    # disp=3: SciPy's table (count, x, f(x), golden/parabolic step) - the text SciPy prints, character
    # for character; disp=2: its message on convergence; 1: its OptimizeWarning only where it fails
    f = _poly([0.3, -3.0, 1.0, 0.25])
    ref, ref_warned = _outcome(scipy.optimize.fminbound, f, -1.0, 4.0, maxfun=maxfun, full_output=True, disp=disp)
    ref_out = capsys.readouterr().out
    with _rules(rules):
        got, got_warned = _outcome(optimize.fminbound, f, -1.0, 4.0, maxfun=maxfun, full_output=True, disp=disp)
    assert capsys.readouterr().out == ref_out
    assert got_warned == ref_warned and [_as_numpy(v) for v in got] == list(ref)
    if disp == 3:
        assert ref_out.splitlines()[1] == " Func-count     x          f(x)          Procedure"
    # minimize_scalar's 'bounded' method prints the same (its options' disp)
    opts = {"disp": disp, "maxiter": maxfun}
    ref, ref_warned = _outcome(scipy.optimize.minimize_scalar, f, bounds=(-1.0, 4.0), method="bounded", options=opts)
    ref_out = capsys.readouterr().out
    with _rules(rules):
        got, got_warned = _outcome(optimize.minimize_scalar, f, bounds=(-1.0, 4.0), method="bounded", options=opts)
    assert capsys.readouterr().out == ref_out and got_warned == ref_warned
    assert (float(got.x), float(got.fun), got.nfev, got.status) == (ref.x, ref.fun, ref.nfev, ref.status)


def _cpoly(coef, xp):
    """Horner's scheme by ``xp.multiply``/``xp.add``: NumPy's ufunc loops round complex products as torch
    does (NumPy's scalar operators round them otherwise: the two would differ in the last bit)."""
    def p(x):
        x = xp.asarray(x)
        v = xp.add(xp.multiply(0.0, x), coef[-1])
        for c in coef[-2::-1]:
            v = xp.add(xp.multiply(v, x), c)
        return v
    return p


def _cpoly_parts(coef, xp):
    """Horner's scheme on the real and imaginary parts (real products and sums only): NumPy and torch round
    these alike in float32, where their complex64 products differ in the last bit."""
    def p(x):
        x = xp.asarray(x)
        xr, xi = xp.real(x), xp.imag(x)
        c = complex(coef[-1])
        vr, vi = c.real + 0 * xr, c.imag + 0 * xr
        for c in map(complex, coef[-2::-1]):
            vr, vi = vr * xr - vi * xi + c.real, vr * xi + vi * xr + c.imag
        return vr + vi * 1j
    return p


#: a complex start's type: "complex128" a Python complex, "complex64" SciPy's NumPy scalar (a 0-d device
#: array for torchnp), its polynomials rounded alike by NumPy and torch
_COMPLEX_STARTS = {"complex128": (complex, _cpoly), "complex64": (numpy.complex64, _cpoly_parts)}


def _complex_start(x0, dtype):
    """(SciPy's start, torchnp's) of ``dtype``: a complex64 one a 0-d array on the test device for torchnp."""
    x0 = _COMPLEX_STARTS[dtype][0](x0) if isinstance(x0, complex) else \
        (numpy.float32(x0) if dtype == "complex64" else x0)
    return x0, (x0 if dtype == "complex128" else np.asarray(x0))


@settings(max_examples=examples(60), deadline=None)
@given(roots=st.lists(st.complex_numbers(max_magnitude=3, allow_nan=False, allow_infinity=False), min_size=2,
                      max_size=2),
       start=st.complex_numbers(max_magnitude=3, allow_nan=False, allow_infinity=False), real_start=st.booleans(),
       method=st.sampled_from(["secant", "secant x1", "newton", "halley", "flat"]),
       tol=st.sampled_from([1.48e-8, 1e-3, 1e-14]), rtol=st.sampled_from([0.0, 1e-6]),
       maxiter=st.sampled_from([50, 3]), disp=st.booleans(), rules=st.sampled_from(RULES),
       dtype=st.sampled_from(sorted(_COMPLEX_STARTS)))
def test_newton_complex_scalar_is_scipys_iteration(roots, start, real_start, method, tol, rtol, maxiter, disp, rules,
                                                   dtype):
    # (x - r0)(x - r1) from a complex (or real: the iterates turn complex) start: SciPy's Newton, Halley and
    # secant steps on complex numbers (its complex division), root bit for bit, iterations, calls, flag,
    # its RuntimeError with disp and RuntimeWarnings without; "flat": a zero derivative at the start; a
    # complex64 (float32) start: SciPy's iteration in complex64, its convergence test in float32 (issue 26)
    r0, r1 = roots
    coef = [r0 * r1, -(r0 + r1), 1.0]
    x0 = start.real if real_start else start
    if method == "flat":
        x0, method = (r0 + r1) / 2, "newton"
    x0, start0 = _complex_start(x0, dtype)
    poly = _COMPLEX_STARTS[dtype][1]
    kwargs = dict(tol=tol, rtol=rtol, maxiter=maxiter, disp=disp, full_output=True)
    if method == "secant x1":
        kwargs["x1"] = x0 + 0.5j
    ref_kw, got_kw = dict(kwargs), dict(kwargs)
    if method in ("newton", "halley"):
        ref_kw["fprime"], got_kw["fprime"] = poly([coef[1], 2.0], numpy), poly([coef[1], 2.0], np)
    if method == "halley":
        ref_kw["fprime2"], got_kw["fprime2"] = poly([2.0], numpy), poly([2.0], np)
    ref, ref_warned = _outcome(scipy.optimize.newton, poly(coef, numpy), x0, **ref_kw)
    with _rules(rules):
        got, got_warned = _outcome(optimize.newton, poly(coef, np), start0, **got_kw)
    assert got_warned == ref_warned
    if isinstance(ref, tuple) and isinstance(ref[0], type):  # SciPy raised
        assert got == ref
        return
    if rules == "accelerator":
        assert isinstance(got[0], np.ndarray) and got[0].ndim == 0 and got[0].dtype == numpy.asarray(ref[0]).dtype
    assert complex(got[0]) == ref[0] or (numpy.isnan(ref[0]) and numpy.isnan(complex(got[0])))
    assert (got[1].converged, got[1].flag, got[1].method, got[1].iterations, got[1].function_calls) == \
        (ref[1].converged, ref[1].flag, ref[1].method, ref[1].iterations, ref[1].function_calls)


def test_newton_complex_device_array_x0():
    # a 0-d complex device array (the accelerator rules): a 0-d complex128 root on its device, SciPy's
    f = _cpoly([1.0, 0.0, 1.0], numpy)
    ref = scipy.optimize.newton(f, 0.5 + 0.5j)
    with accelerator_rules():
        got = optimize.newton(_cpoly([1.0, 0.0, 1.0], np), np.asarray(0.5 + 0.5j))
    assert got.dtype == np.complex128 and got.shape == () and complex(got) == ref


@settings(max_examples=examples(60), deadline=None)
@given(roots=st.lists(st.complex_numbers(max_magnitude=3, allow_nan=False, allow_infinity=False), min_size=2,
                      max_size=2),
       start=st.complex_numbers(max_magnitude=3, allow_nan=False, allow_infinity=False),
       method=st.sampled_from(["newton", "newton memo", "secant", "secant x1", "halley", "halley memo"]),
       xtol=st.sampled_from([None, 1e-3, 1e-14]), rtol=st.sampled_from([None, 1e-6]),
       maxiter=st.sampled_from([None, 3]), rules=st.sampled_from(RULES), dtype=st.sampled_from(sorted(_COMPLEX_STARTS)))
def test_root_scalar_complex_x0_is_scipys_iteration(roots, start, method, xtol, rtol, maxiter, rules, dtype):
    # issue 26: root_scalar from a complex x0 (a Python complex, or a complex64 0-d device array) on the
    # device: SciPy's Newton (fprime given, or fprime=True: f returns (f, f'[, f''])), secant and Halley
    # iterations on complex numbers: its RootResults fields, root bit for bit in SciPy's type
    r0, r1 = roots
    coef = [r0 * r1, -(r0 + r1), 1.0]
    x0, start0 = _complex_start(start, dtype)
    poly = _COMPLEX_STARTS[dtype][1]
    meth, _, how = method.partition(" ")
    kwargs = {k: v for k, v in (("xtol", xtol), ("rtol", rtol), ("maxiter", maxiter)) if v is not None}
    if how == "x1":
        kwargs["x1"] = x0 + 0.5j

    def problem(xp):
        parts = [poly(coef, xp), poly([coef[1], 2.0], xp), poly([2.0], xp)][:1 if meth == "secant" else
                                                                            2 if meth == "newton" else 3]
        if how == "memo":
            return (lambda x: tuple(p(x) for p in parts)), dict(fprime=True, fprime2=meth == "halley" or None)
        return parts[0], dict(zip(("fprime", "fprime2"), parts[1:]))

    f_np, extra_np = problem(numpy)
    f_tn, extra_tn = problem(np)
    ref, ref_warned = _outcome(scipy.optimize.root_scalar, f_np, x0=x0, method=meth, **kwargs, **extra_np)
    with _rules(rules):
        got, got_warned = _outcome(optimize.root_scalar, f_tn, x0=start0, method=meth, **kwargs, **extra_tn)
    assert got_warned == ref_warned
    if rules == "accelerator":
        assert isinstance(got.root, np.ndarray) and got.root.ndim == 0
        assert got.root.dtype == numpy.asarray(ref.root).dtype
    assert complex(got.root) == ref.root or (numpy.isnan(ref.root) and numpy.isnan(complex(got.root)))
    assert (got.converged, got.flag, got.method, got.iterations, got.function_calls) == \
        (ref.converged, ref.flag, ref.method, ref.iterations, ref.function_calls)


@pytest.mark.parametrize("dtype", sorted(_COMPLEX_STARTS))
def test_root_scalar_complex_newton_differentiates_on_the_device(dtype):
    # no fprime: SciPy's 2-point difference discards the imaginary part (a ComplexWarning) and does not
    # reach the complex root; the device differentiates f by autograd (f'(z), docs/scipy.md) and finds the
    # root SciPy finds given f'; SciPy's difference is float64: SciPy's complex128 root from a complex64 x0
    x0, start0 = _complex_start(0.5 + 0.5j, dtype)
    poly = _COMPLEX_STARTS[dtype][1]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", numpy.exceptions.ComplexWarning)
        blind = scipy.optimize.root_scalar(poly([1.0, 0.0, 1.0], numpy), x0=x0, method="newton")
    ref = scipy.optimize.root_scalar(poly([1.0, 0.0, 1.0], numpy), x0=x0, fprime=poly([0.0, 2.0], numpy),
                                     method="newton")
    with accelerator_rules():
        got = optimize.root_scalar(poly([1.0, 0.0, 1.0], np), x0=start0, method="newton")
    assert not blind.converged and ref.converged and got.converged and got.method == "newton"
    assert got.root.dtype == numpy.asarray(blind.root).dtype == np.complex128
    assert abs(complex(got.root) - 1j) <= 1e-12 and abs(ref.root - 1j) <= 1e-6


@pytest.mark.parametrize("dtype", sorted(_COMPLEX_STARTS))
@pytest.mark.parametrize("method", ["secant", "newton", "halley"])
def test_newton_complex_array_is_scipys_vectorized_iteration(method, dtype):
    # a complex x0 array, a start on the negative imaginary axis (SciPy's secant steps away from it by
    # NumPy's lexicographic p >= 0: -dx) and one at 0; complex64: SciPy's first values and step in
    # complex64, its secant's second start scaled in float64 (its dx a NumPy float64), then complex128
    # (result_type(p, dp, float64)); torch's complex products and quotients round otherwise than NumPy's in
    # the last bit: the roots agree to float64 rounding, with SciPy's flags and warnings (12 iterations:
    # one still unconverged)
    rng = numpy.random.default_rng(5)
    a = rng.uniform(-5, 5, 6)
    x0 = (rng.uniform(-3, 3, 6) + 0.5j).astype(dtype)
    x0[:2] = -0.5j, 0.0
    coef, d1, d2 = [0.0, -2.0, 0.0, 1.0], [-2.0, 0.0, 3.0], [0.0, 6.0]
    kwargs = dict(maxiter=12, full_output=True)
    ref_kw, got_kw = dict(kwargs), dict(kwargs)
    if method != "secant":
        ref_kw["fprime"], got_kw["fprime"] = (lambda x, c: _cpoly(d1, numpy)(x)), (lambda x, c: _cpoly(d1, np)(x))
    if method == "halley":
        ref_kw["fprime2"], got_kw["fprime2"] = (lambda x, c: _cpoly(d2, numpy)(x)), (lambda x, c: _cpoly(d2, np)(x))
    ref, ref_warned = _outcome(scipy.optimize.newton, lambda x, c: _cpoly(coef, numpy)(x) + c, x0, args=(-a,),
                               **ref_kw)
    with accelerator_rules():
        got, got_warned = _outcome(optimize.newton, lambda x, c: _cpoly(coef, np)(x) + c, np.asarray(x0),
                                   args=(np.asarray(-a),), **got_kw)
    assert got_warned == ref_warned and ref.root.dtype == numpy.complex128
    for g, e in zip(got, ref):
        assert isinstance(g, np.ndarray) and g.dtype == e.dtype
    numpy.testing.assert_array_equal(got.converged.to_numpy(), ref.converged)
    numpy.testing.assert_allclose(got.root.to_numpy(), ref.root, rtol=1e-14, atol=1e-14)


@pytest.mark.parametrize("rules", RULES)
@pytest.mark.parametrize("method", ["brent", "golden"])
@pytest.mark.parametrize("disp", [0, 1, 2, 3])
@pytest.mark.parametrize("maxiter", [500, 3])
def test_minimize_scalar_brent_golden_disp_is_scipys(rules, method, disp, maxiter, capsys):
    # disp=3: SciPy's table (count, best x, f(x)) character for character; any disp: its message on
    # success, its OptimizeWarning where maxiter runs out (§8.4, issue 26)
    f = _poly([0.3, -3.0, 1.0, 0.25])
    opts = {"disp": disp, "maxiter": maxiter}
    ref, ref_warned = _outcome(scipy.optimize.minimize_scalar, f, bracket=(0.0, 1.0), method=method, options=opts)
    ref_out = capsys.readouterr().out
    with _rules(rules):
        got, got_warned = _outcome(optimize.minimize_scalar, f, bracket=(0.0, 1.0), method=method, options=opts)
    assert capsys.readouterr().out == ref_out and got_warned == ref_warned
    assert (float(got.x), float(got.fun), got.nfev, got.nit, got.success) == \
        (ref.x, ref.fun, ref.nfev, ref.nit, ref.success)
    if disp == 3:
        assert ref_out.splitlines()[1].split() == ["Func-count", "x", "f(x)"]
