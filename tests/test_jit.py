"""torchnp.jit (DESIGN §6, issue 3): compiled functions match eager ones, errors explain.

Sizes stay small: all jit tests together compile a handful of graphs.
"""

import pathlib
import sys

import numpy
import pytest

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


def test_matmul_operator_error_points_to_np_matmul():  # §6.3: a torch.compile limitation, explained
    a = _arange(4).reshape(2, 2)
    with pytest.raises(np.jit.JitError, match="np.matmul"):
        np.jit(lambda x: x @ x)(a)
    np.testing.assert_array_equal(np.jit(lambda x: np.matmul(x, x))(a), a @ a)
    np.testing.assert_array_equal(np.jit(lambda x: x @ x, fullgraph=False)(a), a @ a)
