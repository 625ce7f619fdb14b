"""torchnp.jit (DESIGN §6, issue 3): compiled functions match eager ones, errors explain.

Sizes stay small: all jit tests together compile a handful of graphs.
"""

import functools
import pathlib
import sys

import numpy
import pytest
from hypothesis import given, strategies as st

import torchnp as np
from support import DEVICE, assert_like_numpy

EXAMPLES = pathlib.Path(__file__).resolve().parent.parent / "examples"
sys.path.insert(0, str(EXAMPLES))


def _arange(n, dtype=float):
    return np.arange(n, dtype=dtype, device=DEVICE)


def test_decorator_forms_and_same_results_as_eager():  # §6.1, §6.2
    def compute(a, b):
        return (a + b) + np.sin(a) * np.cos(b)

    a, b = _arange(50) / 7, _arange(50) / 3
    expected = compute(a, b)
    for wrapped in (np.jit(compute), np.jit()(compute), np.jit(fullgraph=True, dynamic=False)(compute)):
        got = wrapped(a, b)
        assert isinstance(got, np.ndarray) and got.device == a.device
        np.testing.assert_allclose(got, expected, rtol=1e-12)
    # and against NumPy itself
    an, bn = a.to_numpy(), b.to_numpy()
    assert_like_numpy(np.jit(compute)(a, b), (an + bn) + numpy.sin(an) * numpy.cos(bn))


def test_dtype_is_kept_for_float32_and_int_inputs():  # §6.2, §2.3
    f = np.jit(lambda x: x * 2 + 1)
    for dt in (np.float32, np.int64):
        x = _arange(6, dt)
        r = f(x)
        assert r.dtype == numpy.dtype(dt)
        np.testing.assert_array_equal(r, x * 2 + 1)


def test_containers_scalars_and_static_flags():  # §6.1
    @np.jit
    def step(state, scale, mode):
        x, y = state["x"], state["y"]
        out = x * scale + y if mode == "axpy" else x - y
        return {"out": out, "pair": (out, 2 * scale)}, [mode]

    x, y = _arange(4), _arange(4) + 1
    res, tag = step({"x": x, "y": y}, 3.0, "axpy")
    np.testing.assert_array_equal(res["out"], x * 3.0 + y)
    assert res["pair"][1] == 6.0 and tag == ["axpy"]
    res2, _ = step({"x": x, "y": y}, 3.0, "diff")
    np.testing.assert_array_equal(res2["out"], x - y)


def _branchy(x):
    if np.sum(x) > 0:            # data-dependent Python control flow
        return x * 2
    return x - 1


def test_data_dependent_if_explains_and_suggests_where():  # §6.3
    x = _arange(5)
    with pytest.raises(np.jit.JitError) as info:
        np.jit(_branchy)(x)
    message = str(info.value)
    assert "torchnp.where" in message and "fullgraph=False" in message and "_branchy" in message
    assert "test_jit.py" in message  # points at the user's line


def test_fullgraph_false_falls_back_with_graph_breaks():  # §6.3
    x = _arange(5)
    np.testing.assert_array_equal(np.jit(_branchy, fullgraph=False)(x), x * 2)
    np.testing.assert_array_equal(np.jit(_branchy, fullgraph=False)(-x - 1), -x - 2)
    report = np.jit.explain(_branchy)(x)
    assert report.graph_break_count >= 1 and report.break_reasons


def test_explain_counts_one_graph_for_fusable_code():
    report = np.jit.explain(lambda a, b: np.exp(a) * b + 1)(_arange(8), _arange(8))
    assert (report.graph_count, report.graph_break_count) == (1, 0)
    assert report.op_count >= 3
    assert "graphs: 1" in str(report)


def test_numpy_argument_raises_typeerror_like_operations():  # §3.3 via §6
    f = np.jit(lambda a: a + 1)
    with pytest.raises(TypeError, match="torchnp.asarray"):
        f(numpy.ones(3))


def test_two_devices_raise_device_mismatch():  # §3.2 via §6
    f = np.jit(lambda a, b: a + b)
    with pytest.raises(np.DeviceMismatchError, match="meta"):
        f(np.ones(3, device="cpu"), np.ones(3, device="meta"))


def test_not_callable_is_a_typeerror():
    with pytest.raises(TypeError):
        np.jit(3)


@pytest.mark.parametrize("module, kwargs", [
    ("compute", {"n": 1000, "repeats": 1}),
    ("nbody", {"n": 48, "repeats": 1}),
    ("monte_carlo_pi", {"n": 200_000, "repeats": 1}),
    ("kmeans", {"n": 2000, "k": 4, "repeats": 1}),
])
def test_lesson_examples_compile_fullgraph_and_match_eager(module, kwargs, capsys):  # issue 3 (a)-(d)
    mod = __import__(module)
    eager, jitted = mod.main(**kwargs)       # each main() asserts jit == eager itself
    report = np.jit.explain(getattr(mod, {"compute": "compute", "nbody": "calculate_forces",
                                           "monte_carlo_pi": "estimate_pi", "kmeans": "assign"}[module]))
    args = {"compute": (_arange(16), _arange(16)),
            "nbody": (np.random.default_rng(0).random((2, 16)), np.random.default_rng(1).random(16) + 1),
            "monte_carlo_pi": (1000,),
            "kmeans": (np.random.default_rng(0).random((32, 2)), np.random.default_rng(1).random((3, 2)))}[module]
    assert report(*args).graph_break_count == 0


def test_many_jitted_functions_do_not_hit_the_recompile_limit():  # §6.1
    # each jitted function gets its own compiled code: more than dynamo's recompile_limit (8)
    # distinct functions used to fail with FailOnRecompileLimitHit under fullgraph=True
    x = _arange(4)
    fns = [eval(f"lambda a: a * {i} + 1") for i in range(10)]  # noqa: S307 - distinct code objects
    for i, f in enumerate(fns):
        assert_like_numpy(np.jit(f)(x), numpy.arange(4.0) * i + 1)
    g = fns[3]
    for _ in range(3):  # re-wrapping the same function reuses its code object's cache
        np.jit(g)(x)


def test_inplace_updates_integer_power_and_assignment_compile():  # §6.1, §6.2
    @np.jit
    def step(x, v, k):
        y = x.copy()
        y += v * 0.5            # in-place ufunc with out= inside the graph
        y -= 1
        y[1:3] = v[:2]          # assignment through a slice
        return y, k ** 2, 2 ** k

    x, v, k = _arange(4), _arange(4) + 1, np.arange(1, 4, device=DEVICE)
    y, sq, pw = step(x, v, k)
    expected = x.to_numpy() + v.to_numpy() * 0.5 - 1
    expected[1:3] = v.to_numpy()[:2]
    assert_like_numpy(y, expected)
    assert_like_numpy(sq, k.to_numpy() ** 2)
    assert_like_numpy(pw, 2 ** k.to_numpy())


def _matmul_invert(A, x, m):
    y = A @ x                # __matmul__
    z = [[1.0, 2.0, 3.0]] @ A  # __rmatmul__ with a list
    B = A.copy()
    B @= A                   # __imatmul__
    return y, z, B, ~m, ~(x > 1), (A @ A) @ x


def test_matmul_and_invert_operators_compile_into_one_graph():  # §6.1, §6.2: `@`, `@=`, `~` trace
    A, x = _arange(9).reshape(3, 3), _arange(3)
    m = np.asarray([1, -2, 3], dtype=numpy.int16, device=DEVICE)
    jitted = np.jit(_matmul_invert)
    got = jitted(A, x, m)
    eager = _matmul_invert(A, x, m)
    An, xn, mn = A.to_numpy(), x.to_numpy(), m.to_numpy()
    want = (An @ xn, [[1.0, 2.0, 3.0]] @ An, An @ An, ~mn, ~(xn > 1), (An @ An) @ xn)
    for g, e, w in zip(got, eager, want):
        assert_like_numpy(g, w)
        assert_like_numpy(e, w)
    report = jitted.explain(A, x, m)
    assert (report.graph_count, report.graph_break_count) == (1, 0), str(report)
    # foreign operands keep Python's semantics: an object without __rmatmul__ raises TypeError
    with pytest.raises(TypeError):
        A @ object()




_scalars = st.one_of(st.booleans(), st.integers(-2**40, 2**40), st.floats(allow_nan=False, width=64),
                     st.complex_numbers(allow_nan=False, max_magnitude=1e10))


@given(st.one_of(st.lists(_scalars, max_size=5),
                 st.integers(0, 3).flatmap(lambda n: st.lists(st.lists(_scalars, min_size=n, max_size=n), max_size=4))))
def test_lists_become_arrays_as_numpy_infers_while_tracing(obj):  # §6.1: list constants in jitted code
    from torchnp._convert import _traced_list

    want = numpy.asarray(obj)
    got = _traced_list(obj, None, DEVICE)
    assert_like_numpy(np.from_torch(got), want)


def test_list_of_non_numbers_while_tracing_raises_typeerror():  # §2.5: as eagerly, no str/object arrays
    from torchnp._convert import _traced_list

    for obj in (["a", "b"], [1.0, None]):
        got = np.asarray(obj)  # eagerly host-only data: NumPy's own array (§2.5)
        assert type(got) is numpy.ndarray and got.dtype == numpy.asarray(obj).dtype
        with pytest.raises(TypeError, match="cannot convert"):
            _traced_list(obj, None, DEVICE)


@pytest.mark.parametrize("make", [
    lambda xp, A: A + [1, 2, 3], lambda xp, A: A * xp.array([True, False, True]),
    lambda xp, A: xp.asarray([[1.0, 2.0, 3.0]]) @ A, lambda xp, A: xp.matmul([[1, 0, 0]], A),
    lambda xp, A: A - xp.array([[0.5], [1.5], [2.5]]), lambda xp, A: A + xp.array([]).sum(),
    lambda xp, A: A * xp.asarray([[1j, 0, 1]]),
])
def test_list_constants_compile(make):  # §6.1, §6.2: same values and dtypes as NumPy, eagerly and jitted
    A = _arange(9).reshape(3, 3)
    want = make(numpy, numpy.arange(9.0).reshape(3, 3))
    assert_like_numpy(make(np, A), want)
    assert_like_numpy(np.jit(functools.partial(make, np), backend="eager")(A), want)


def _set_and_update(xp, A):
    B = A.copy()
    B[0] = 1.0
    B[:, 1] = B[:, 2]
    B += 1
    B *= 2
    B[1:] -= 0.5
    return B


_S = lambda A: A[:, :3]  # noqa: E731 - a square block of the 3x4 test matrix

#: everyday NumPy idioms a jitted function holds; each compiles into one graph (§6.1) and
#: matches NumPy (§6.2). Written against a module ``xp``: numpy for the reference.
IDIOMS = {
    "T": lambda xp, A, v: A.T, "mT": lambda xp, A, v: A.mT, "reshape": lambda xp, A, v: A.reshape(4, 3),
    "newaxis": lambda xp, A, v: A[..., None] * v, "column": lambda xp, A, v: A[:, 0],
    "norm_axis": lambda xp, A, v: xp.linalg.norm(A, axis=1), "norm": lambda xp, A, v: xp.linalg.norm(A),
    "sum_method": lambda xp, A, v: A.sum(axis=1), "mean_method": lambda xp, A, v: A.mean(0),
    "max_method": lambda xp, A, v: (A + 1).max(axis=0), "std_method": lambda xp, A, v: A.std(),
    "var_ddof": lambda xp, A, v: A.var(ddof=1), "prod_method": lambda xp, A, v: A.prod(axis=0),
    "clip_method": lambda xp, A, v: A.clip(0.6, 1.2), "round_method": lambda xp, A, v: A.round(1),
    "cumsum_method": lambda xp, A, v: A.cumsum(0), "argmax_method": lambda xp, A, v: A.argmax(),
    "dot_method": lambda xp, A, v: A.T.dot(A), "all_method": lambda xp, A, v: (A > 0).all(axis=0),
    "stack": lambda xp, A, v: xp.stack([v, v]), "concatenate": lambda xp, A, v: xp.concatenate([A, A], axis=0),
    "vstack": lambda xp, A, v: xp.vstack([v, v]), "hstack": lambda xp, A, v: xp.hstack([v, v]),
    "column_stack": lambda xp, A, v: xp.column_stack([v, v]), "zeros_like": lambda xp, A, v: xp.zeros_like(A) + 1,
    "ones": lambda xp, A, v: xp.ones(3) + v[:3], "zeros_shape": lambda xp, A, v: xp.zeros(A.shape) + A,
    "arange": lambda xp, A, v: xp.arange(4) * v, "linspace": lambda xp, A, v: xp.linspace(0, 1, 4) + v,
    "eye": lambda xp, A, v: xp.eye(3) * 2, "full": lambda xp, A, v: xp.full((2, 2), 3.0),
    "astype": lambda xp, A, v: A.astype(xp.float32), "where": lambda xp, A, v: xp.where(A > 1, A, 0.0),
    "maximum": lambda xp, A, v: xp.maximum(A, 1.0), "abs": lambda xp, A, v: xp.abs(A - 1),
    "power": lambda xp, A, v: A ** 2, "gaussian": lambda xp, A, v: xp.exp(-A ** 2 / 2),
    "einsum": lambda xp, A, v: xp.einsum("ij,j->i", A, v), "outer": lambda xp, A, v: xp.outer(v, v),
    "tensordot": lambda xp, A, v: xp.tensordot(A, v, axes=1), "dot": lambda xp, A, v: xp.dot(A, v),
    "matmul_op": lambda xp, A, v: A @ v, "rmatmul_op": lambda xp, A, v: v @ A.T,
    "cumsum": lambda xp, A, v: xp.cumsum(A, axis=0), "diff": lambda xp, A, v: xp.diff(v),
    "sort": lambda xp, A, v: xp.sort(A, axis=0), "argmax": lambda xp, A, v: xp.argmax(A, axis=1),
    "solve": lambda xp, A, v: xp.linalg.solve(_S(A) @ _S(A).T + xp.eye(3), A[:, 0]),
    "inv": lambda xp, A, v: xp.linalg.inv(_S(A) + xp.eye(3)), "det": lambda xp, A, v: xp.linalg.det(_S(A) + xp.eye(3)),
    "eigh": lambda xp, A, v: xp.linalg.eigh(_S(A) @ _S(A).T)[0], "pinv": lambda xp, A, v: xp.linalg.pinv(A),
    "svdvals": lambda xp, A, v: xp.linalg.svd(A, full_matrices=False)[1], "trace": lambda xp, A, v: xp.trace(_S(A)),
    "tril": lambda xp, A, v: xp.tril(A), "meshgrid": lambda xp, A, v: xp.meshgrid(v, v)[0],
    "log1p": lambda xp, A, v: xp.log1p(A), "nan_to_num": lambda xp, A, v: xp.nan_to_num(A / 0.0),
    "sum_axes": lambda xp, A, v: xp.sum(A, axis=(0, 1)), "flatten": lambda xp, A, v: A.flatten(),
    "ravel": lambda xp, A, v: A.ravel(), "expand_dims": lambda xp, A, v: xp.expand_dims(v, 0),
    "squeeze": lambda xp, A, v: xp.squeeze(A[None]), "broadcast_to": lambda xp, A, v: xp.broadcast_to(v, (3, 4)),
    "tile": lambda xp, A, v: xp.tile(v, 2), "repeat": lambda xp, A, v: xp.repeat(v, 2),
    "roll": lambda xp, A, v: xp.roll(v, 1), "flip": lambda xp, A, v: xp.flip(A, 0), "reversed": lambda xp, A, v: v[::-1],
    "pad": lambda xp, A, v: xp.pad(v, 1), "median": lambda xp, A, v: xp.median(A, axis=0),
    "percentile": lambda xp, A, v: xp.percentile(A, 50, axis=0), "cov": lambda xp, A, v: xp.cov(A),
    "constants": lambda xp, A, v: xp.minimum(v * xp.pi, xp.inf), "shape": lambda xp, A, v: A * A.shape[0] / A.size,
    "len": lambda xp, A, v: v / len(v) * A.ndim, "set_and_update": lambda xp, A, v: _set_and_update(xp, A),
    "keepdims": lambda xp, A, v: A - A.mean(axis=1, keepdims=True), "sign": lambda xp, A, v: xp.sign(A - 1),
    "floor_divide": lambda xp, A, v: A // 0.3, "mod": lambda xp, A, v: A % 0.3, "fft": lambda xp, A, v: xp.abs(xp.fft.fft(v)),
    "rfft": lambda xp, A, v: xp.abs(xp.fft.rfft(v)), "cross": lambda xp, A, v: xp.cross(v[:3], v[1:]),
    "interp": lambda xp, A, v: xp.interp(v / 2, v, v * 2), "nanmean": lambda xp, A, v: xp.nanmean(A, axis=0),
    "average": lambda xp, A, v: xp.average(A, axis=0, weights=xp.arange(1.0, 4.0)), "ptp": lambda xp, A, v: xp.ptp(A, axis=0),
    "moveaxis": lambda xp, A, v: xp.moveaxis(A[None], 0, -1), "diag": lambda xp, A, v: xp.diag(v),
    "kron": lambda xp, A, v: xp.kron(v[:2], v[:2]), "convolve": lambda xp, A, v: xp.convolve(v, v),
    "ix_": lambda xp, A, v: A[xp.ix_([0, 1], [1, 2])], "split": lambda xp, A, v: xp.split(v, 2)[1],
    "fancy": lambda xp, A, v: A[[0, 2]], "triu_indices": lambda xp, A, v: A[xp.triu_indices(3, 1, 4)],
    "take": lambda xp, A, v: xp.take(v, [0, 2]), "index_array": lambda xp, A, v: v[[0, 3]] + v[xp.array([1, 1])],
    "count_nonzero": lambda xp, A, v: xp.count_nonzero(A > 1, axis=0), "isfinite": lambda xp, A, v: xp.isfinite(A / (A - A)),
}


@pytest.mark.parametrize("name", sorted(IDIOMS))
def test_numpy_idioms_compile_into_one_graph(name):  # §6.1, §6.2
    f = IDIOMS[name]
    with numpy.errstate(all="ignore"):
        want = f(numpy, numpy.arange(12.0).reshape(3, 4) / 7 + 0.5, numpy.arange(4.0) + 1)
    A, v = _arange(12).reshape(3, 4) / 7 + 0.5, _arange(4) + 1
    got = np.jit(functools.partial(f, np), backend="eager")(A, v)  # fullgraph=True: one graph or JitError
    if isinstance(want, numpy.generic):  # §1.3: scalar results of a compiled function are 0-d arrays
        want = numpy.asarray(want)
    assert_like_numpy(got, want, rtol=1e-12, atol=1e-12)



def _ufunc_at(xp, name, x, i, *v):
    y = x.copy()
    getattr(xp, name).at(y, i, *v)
    return y * 1  # a result computed from the updated array: the scatter is part of the graph


_I = numpy.array([0, 1, 1, -1, 4, 1])  # repeated and negative indices
#: ufunc.at forms that are one scatter (docs/jit.md): (name, target, values)
UFUNC_AT = {
    "add": ("add", numpy.arange(5.0), numpy.arange(6.0) + 0.5),
    "add_scalar": ("add", numpy.arange(5.0), 2.5),
    "add_int": ("add", numpy.arange(5), 1),  # the bincount idiom
    "add_rows": ("add", numpy.zeros((5, 3)), numpy.arange(3.0)),
    "add_complex": ("add", numpy.arange(5.0) + 1j, numpy.arange(6.0) * 1j),
    "subtract": ("subtract", numpy.arange(5.0), numpy.arange(6.0)),
    "multiply": ("multiply", numpy.arange(5.0) + 1, numpy.arange(6.0) - 2),
    "maximum": ("maximum", numpy.arange(5.0), numpy.array([3.0, -1, 7, 2, 0, 9])),
    "minimum": ("minimum", numpy.arange(5), numpy.array([3, -1, 7, 2, 0, 9])),
    "logical_or": ("logical_or", numpy.zeros(5, bool), numpy.array([0, 1, 0, 1, 1, 0], bool)),
}


@pytest.mark.parametrize("case", sorted(UFUNC_AT))
def test_ufunc_at_compiles_into_one_graph(case):  # §6.1, §6.2, issue 23: "torch.* op returned non-Tensor" before
    name, x, v = UFUNC_AT[case]
    want = _ufunc_at(numpy, name, x, _I, v)
    args = [np.asarray(a, device=DEVICE) if isinstance(a, numpy.ndarray) else a for a in (x, _I, v)]
    got = np.jit(functools.partial(_ufunc_at, np, name), backend="aot_eager")(*args)  # fullgraph=True
    assert_like_numpy(got, want, rtol=0, atol=0)
    assert numpy.array_equal(args[0].to_numpy(), x)  # the copy was updated, not the argument


@pytest.mark.parametrize("name, x, v", [("power", numpy.arange(5.0), numpy.arange(6.0)),
                                        ("negative", numpy.arange(5.0), None),
                                        ("add", numpy.arange(5), numpy.arange(6.0) + 0.5)])
def test_ufunc_at_in_rounds_explains_and_breaks(name, x, v):  # §6.3: rounds read a count on the host
    v = () if v is None else (v,)
    want = _ufunc_at(numpy, name, x, _I, *v)
    args = [np.asarray(a, device=DEVICE) for a in (x, _I, *v)]
    fn = functools.partial(_ufunc_at, np, name)
    with pytest.raises(np.jit.JitError, match="control flow depends on array values"):
        np.jit(fn, backend="eager")(*args)
    assert_like_numpy(np.jit(fn, fullgraph=False, backend="eager")(*args), want)


def _step(x, t):
    return x * np.cos(t) + t


def test_changing_python_number_explains_recompiles():  # §6.3: a clear error, not torch's
    x = _arange(4)
    jitted = np.jit(_step, backend="aot_eager")  # inductor specialises numbers the same way, slower
    with pytest.raises(np.jit.JitError, match=r"argument 2 changes between calls.*np\.asarray"):
        for i in range(20):
            jitted(x, 0.1 * i)
    as_input = np.jit(lambda x, t: _step(x, t), backend="eager")  # a 0-d array: one graph for all values
    for i in range(20):
        t = 0.1 * i
        assert_like_numpy(as_input(x, np.asarray(t, device=DEVICE)), numpy.arange(4.0) * numpy.cos(t) + t)
