"""torchnp.scipy.ndimage against SciPy (DESIGN §8.2): SciPy's bits on host data, the torch
implementation under the accelerator rules (tests/scipy_support.py). The torch filters follow
SciPy's C code's order of operations, so integer outputs (truncated as C casts) match exactly."""

import contextlib
import warnings

import numpy
import pytest
import scipy.ndimage
from hypothesis import assume, given, settings, strategies as st
from hypothesis.extra import numpy as hnp

import torchnp
from scipy_support import accelerator_rules, call, check_scipy, ours, scipy_result
from support import DEVICE, examples

MODES = ["reflect", "constant", "nearest", "mirror", "wrap", "grid-mirror", "grid-constant", "grid-wrap"]
DTYPES = ["float64", "float32", "int16", "uint8", "int64", "int32"]
_SETTINGS = settings(max_examples=examples(40), deadline=None)


@st.composite
def images(draw, max_dims=3, min_dims=1, dtypes=DTYPES, max_side=7):
    """An image (NumPy array) of a drawn dtype: floats in [-50, 50], integers in their range's small part."""
    dtype = numpy.dtype(draw(st.sampled_from(dtypes)))
    shape = draw(hnp.array_shapes(min_dims=min_dims, max_dims=max_dims, min_side=1, max_side=max_side))
    if dtype.kind == "f":
        elements = st.floats(-50, 50, allow_nan=False, width=32)
    elif dtype.kind == "b":
        elements = st.booleans()
    else:
        elements = st.integers(0 if dtype.kind == "u" else -40, 60)
    return draw(hnp.arrays(dtype, shape, elements=elements))


def check_error(c):
    """SciPy's exception type (check_scipy) and its message, on host data and on the torch path."""
    check_scipy(c)
    _, exc = scipy_result(c)
    for rules in (contextlib.nullcontext, accelerator_rules):
        with rules(), pytest.raises(type(exc)) as info:
            ours(c)
        assert str(info.value) == str(exc)


def origins_for(draw, size):
    return draw(st.integers(-(size // 2), (size - 1) // 2))


# ---------------------------------------------------------------------- 1-D filters
@_SETTINGS
@given(x=images(), data=st.data())
def test_correlate1d_convolve1d(x, data):  # §8.2: every mode, origin, axis, dtype
    k = data.draw(st.integers(1, 6))
    w = data.draw(hnp.arrays(numpy.float64, k, elements=st.floats(-3, 3, width=16)))
    kind = data.draw(st.sampled_from(["any", "symmetric", "antisymmetric"]))
    if kind != "any" and k % 2:
        w = (w + w[::-1]) / 2 if kind == "symmetric" else (w - w[::-1]) / 2
    name = data.draw(st.sampled_from(["correlate1d", "convolve1d"]))
    kw = dict(axis=data.draw(st.integers(-x.ndim, x.ndim - 1)), mode=data.draw(st.sampled_from(MODES)),
              cval=data.draw(st.sampled_from([0.0, 1.5, -2.25])), origin=origins_for(data.draw, k))
    if name == "convolve1d" and k % 2 == 0:
        kw["origin"] = data.draw(st.integers(-(k // 2) + 1, k // 2))
    check_scipy(call(f"ndimage.{name}", x, w, **kw))


@_SETTINGS
@given(x=images(), data=st.data())
def test_uniform_minimum_maximum_1d(x, data):
    size = data.draw(st.integers(1, 6))
    name = data.draw(st.sampled_from(["uniform_filter1d", "minimum_filter1d", "maximum_filter1d"]))
    kw = dict(axis=data.draw(st.integers(-x.ndim, x.ndim - 1)), mode=data.draw(st.sampled_from(MODES)),
              cval=data.draw(st.sampled_from([0.0, 2.5, -1.75])), origin=origins_for(data.draw, size))
    check_scipy(call(f"ndimage.{name}", x, size, **kw))


@pytest.mark.parametrize("order", [0, 1, 2])
def test_gaussian_filter_skips_sigmas_up_to_1e_15(order):  # SciPy filters the axes with sigma > 1e-15 only
    x = numpy.arange(20.0).reshape(4, 5) ** 1.5
    check_scipy(call("ndimage.gaussian_filter", x, [1e-15, 1.0], order=order))
    check_scipy(call("ndimage.gaussian_filter", x, [2e-15, 1.0], order=order))


@pytest.mark.parametrize("dtype", ["uint8", "int16", "float32"])
def test_rank_filters_of_short_1d_inputs(dtype):  # SciPy's 1-D rank filter (cval in int64 or the float type)
    for n in (1, 2, 3):  # or its n-D one, by the window's reach past the end
        for size in (2, 3, 4, 6):
            for origin in range(-(size // 2), (size - 1) // 2 + 1):
                x = numpy.array([3, 7, 1][:n], dtype)
                check_scipy(call("ndimage.median_filter", x, size=size, origin=origin, mode="constant", cval=-1.5))


@_SETTINGS
@given(x=images(dtypes=["float64", "float32", "int16", "uint8"]), data=st.data())
def test_gaussian_filter1d(x, data):
    kw = dict(axis=data.draw(st.integers(-x.ndim, x.ndim - 1)), order=data.draw(st.integers(0, 3)),
              mode=data.draw(st.sampled_from(MODES)), cval=data.draw(st.sampled_from([0.0, 3.5])))
    sigma = data.draw(st.floats(0.3, 4))
    if data.draw(st.booleans()):
        kw["truncate"] = data.draw(st.floats(0.5, 5))
    else:
        kw["radius"] = data.draw(st.integers(0, 6))
    check_scipy(call("ndimage.gaussian_filter1d", x, sigma, **kw))


# ---------------------------------------------------------------------- n-D filters
@_SETTINGS
@given(x=images(), data=st.data())
def test_correlate_convolve(x, data):
    axes = data.draw(st.none() | st.lists(st.integers(0, x.ndim - 1), min_size=1, max_size=x.ndim, unique=True))
    n = x.ndim if axes is None else len(axes)
    wshape = tuple(data.draw(st.integers(1, 4)) for _ in range(n))
    w = data.draw(hnp.arrays(numpy.float64, wshape, elements=st.sampled_from([0.0, 1.0, -1.0, 0.5, 2.0, 1e-17])))
    name = data.draw(st.sampled_from(["correlate", "convolve"]))
    if name == "correlate":
        origin = [origins_for(data.draw, k) for k in wshape]
    else:
        origin = [data.draw(st.integers(-(k // 2) + (0 if k % 2 else 1), (k - 1) // 2 + (0 if k % 2 else 1)))
                  for k in wshape]
    kw = dict(mode=data.draw(st.sampled_from(MODES)), cval=data.draw(st.sampled_from([0.0, 1.5])), origin=origin,
              axes=axes)
    check_scipy(call(f"ndimage.{name}", x, w, **kw))


@_SETTINGS
@given(x=images(), data=st.data())
def test_gaussian_filter(x, data):
    kw = dict(mode=data.draw(st.sampled_from(MODES)), cval=data.draw(st.sampled_from([0.0, 2.0])))
    sigma = data.draw(st.floats(0.0, 3) | st.lists(st.floats(0.0, 3), min_size=x.ndim, max_size=x.ndim))
    if data.draw(st.booleans()):
        kw["order"] = data.draw(st.lists(st.integers(0, 2), min_size=x.ndim, max_size=x.ndim))
    if data.draw(st.booleans()):
        kw["truncate"] = data.draw(st.floats(1, 4))
    check_scipy(call("ndimage.gaussian_filter", x, sigma, **kw))


@_SETTINGS
@given(x=images(), data=st.data())
def test_uniform_filter(x, data):
    size = data.draw(st.integers(1, 4))
    kw = dict(mode=data.draw(st.sampled_from(MODES)), cval=data.draw(st.sampled_from([0.0, 2.5])),
              origin=origins_for(data.draw, size))
    check_scipy(call("ndimage.uniform_filter", x, size, **kw))


@_SETTINGS
@given(x=images(), data=st.data())
def test_minimum_maximum_filter(x, data):
    name = data.draw(st.sampled_from(["minimum_filter", "maximum_filter"]))
    kw = dict(mode=data.draw(st.sampled_from(MODES)), cval=data.draw(st.sampled_from([0.0, 2.5, -3.5])))
    if data.draw(st.booleans()):
        size = data.draw(st.integers(1, 4))
        kw.update(size=size, origin=origins_for(data.draw, size))
    else:
        fshape = tuple(data.draw(st.integers(1, 3)) for _ in range(x.ndim))
        fp = data.draw(hnp.arrays(bool, fshape)).astype(int)
        fp.flat[0] = 1
        kw.update(footprint=fp.tolist(), origin=[origins_for(data.draw, k) for k in fshape])
    check_scipy(call(f"ndimage.{name}", x, **kw))


@_SETTINGS
@given(x=images(dtypes=["float64", "float32", "int16", "uint8", "int64"]), data=st.data())
def test_rank_filters(x, data):
    kw = dict(mode=data.draw(st.sampled_from(MODES)), cval=data.draw(st.sampled_from([0.0, 2.5, -3.5])))
    if data.draw(st.booleans()):
        size = data.draw(st.integers(1, 4))
        kw.update(size=size, origin=origins_for(data.draw, size))
        fsize = size ** x.ndim
    else:
        fshape = tuple(data.draw(st.integers(1, 3)) for _ in range(x.ndim))
        fp = data.draw(hnp.arrays(bool, fshape)).astype(int)
        fp.flat[0] = 1
        kw.update(footprint=fp.tolist(), origin=[origins_for(data.draw, k) for k in fshape])
        fsize = int(fp.sum())
    name = data.draw(st.sampled_from(["median_filter", "rank_filter", "percentile_filter"]))
    args = {"median_filter": (), "rank_filter": (data.draw(st.integers(-fsize, fsize - 1)),),
            "percentile_filter": (data.draw(st.floats(-100, 100)),)}[name]
    c = call(f"ndimage.{name}", x, *args, **kw)
    check_scipy(c, answer=_rank_answer_in_2d(c))


def _rank_answer_in_2d(c):
    """SciPy's 1-D rank filter (its path for 1-D input) reads past the input where the window reaches past
    it by more than its length in modes reflect, mirror and wrap (values such as 4.6e-41 from memory it does
    not own: CI seed 727695187), and ignores a footprint's zeros (docs/scipy.md): SciPy's n-D filter on the
    1 x n view is the answer for 1-D input, but in the constant modes with no zero in the footprint (where
    the 1-D filter reads nothing past the input, and takes cval in the data's type, as torchnp does)."""
    x, *rest = c.args
    kw = dict(c.kwargs)
    footprint = kw.pop("footprint", None)
    constant = kw.get("mode", "reflect") in ("constant", "grid-constant")
    output = numpy.dtype(kw.get("output", x.dtype))  # a dtype, a type or a name
    own_output = output == x.dtype or x.dtype not in (numpy.float32, numpy.float64, numpy.int64)
    if x.ndim != 1 or (constant and own_output and (footprint is None or numpy.all(footprint))):
        return None
    if footprint is None:
        kw["size"] = (1, kw["size"])
    else:
        kw["footprint"] = [footprint]
    kw["origin"] = (0, numpy.ravel(kw.get("origin", 0))[0])
    return getattr(scipy.ndimage, c.name.partition(".")[2])(x[None], *rest, **kw)[0]


@pytest.mark.parametrize("mode", ["reflect", "mirror", "wrap", "grid-mirror", "grid-wrap"])
def test_rank_filters_where_scipys_1d_filter_reads_past_the_input(mode):
    for n in (1, 2, 3, 5):
        x = numpy.array([4.0, -1.5, 9.0, 2.0, 7.5][:n])
        for size in range(2, 2 * n + 4):
            for origin in range(-(size // 2), (size - 1) // 2 + 1):
                for c in (call("ndimage.median_filter", x, size=size, origin=origin, mode=mode),
                          call("ndimage.rank_filter", x.astype("int16"), 1, size=size, origin=origin, mode=mode)):
                    check_scipy(c, answer=_rank_answer_in_2d(c))


@pytest.mark.parametrize("dtype", ["float32", "float64", "int64"])
def test_rank_filters_of_1d_input_to_another_output_dtype(dtype):  # SciPy's 1-D filter writes its input's
    x = (numpy.array([4.5, -1.5, 9.25, 2.0, -7.5, 3.0]) * 3).astype(dtype)  # type into any output dtype
    for output in ("float64", numpy.float32, numpy.dtype("int64"), "int32", "int16", numpy.uint8):
        for mode in ("constant", "reflect"):
            c = call("ndimage.median_filter", x, size=3, output=output, mode=mode, cval=1.5)
            check_scipy(c, answer=_rank_answer_in_2d(c))


def test_rank_filter_on_host_keeps_scipys_arguments():  # output=, axes=, sequences, for the 1 x n view
    x = numpy.array([4.0, -1.5, 9.0])
    answer = scipy.ndimage.median_filter(x[None], size=(1, 7), origin=(0, 2), mode="mirror")[0]
    for kw in (dict(axes=-1), dict(axes=[0]), dict(output=numpy.zeros(3)), dict(output="float32"),
               dict(size=[7], origin=[2])):
        c = call("ndimage.median_filter", x, **{"size": 7, "origin": 2, "mode": "mirror", **kw})
        check_scipy(c, answer=answer.astype(kw["output"]) if isinstance(kw.get("output"), str) else answer)
    out = torchnp.zeros(3)  # a torchnp output array on the host: written in place
    ours(call("ndimage.median_filter", None), (torchnp.asarray(x), 7), dict(output=out, origin=2, mode="mirror"))
    numpy.testing.assert_array_equal(out.to_numpy(), answer)


@pytest.mark.parametrize("mode", ["reflect", "constant", "nearest", "mirror", "wrap"])
def test_rank_filters_of_1d_footprints_with_zeros(mode):  # SciPy's 1-D filter takes the window for the footprint
    x = numpy.array([5.0, 1, 7, 3, 9, 2, 8, 4])
    for fp in ([1, 0, 1, 1], [1, 1, 0, 1, 1], [0, 1, 1, 1, 0, 1], [1, 0, 0, 1, 1]):
        for c in (call("ndimage.median_filter", x, footprint=fp, mode=mode, cval=6.5),
                  call("ndimage.percentile_filter", x.astype("uint8"), 40, footprint=fp, mode=mode, cval=-2.5)):
            check_scipy(c, answer=_rank_answer_in_2d(c))


@pytest.mark.parametrize("name", ["minimum_filter", "maximum_filter", "median_filter", "uniform_filter",
                                  "gaussian_filter", "rank_filter", "percentile_filter"])
def test_axes(name):  # axes=: only those axes are filtered
    x = numpy.random.default_rng(1).normal(size=(4, 5, 6)) * 10
    extra = {"gaussian_filter": (1.2,), "rank_filter": (-2,), "percentile_filter": (60,)}.get(name, ())
    kw = {} if name == "gaussian_filter" else {"size": (3, 2)}
    check_scipy(call(f"ndimage.{name}", x, *extra, axes=(0, 2), **kw))
    check_scipy(call(f"ndimage.{name}", x.astype("int32"), *extra, axes=[-1, 1], mode="nearest", **kw))


# ---------------------------------------------------------------------- derivatives
@_SETTINGS
@given(x=images(dtypes=["float64", "float32", "int16", "int32", "uint8"]), data=st.data())
def test_derivatives(x, data):
    name = data.draw(st.sampled_from(["sobel", "prewitt", "laplace", "gaussian_laplace",
                                      "gaussian_gradient_magnitude"]))
    mode = data.draw(st.sampled_from(MODES) | st.lists(st.sampled_from(MODES), min_size=x.ndim, max_size=x.ndim))
    kw = dict(mode=mode, cval=data.draw(st.sampled_from([0.0, 1.5])))
    args = ()
    if name in ("sobel", "prewitt"):
        args = (data.draw(st.integers(-x.ndim, x.ndim - 1)),)
    if name.startswith("gaussian"):
        args = (data.draw(st.floats(0.5, 2.5)),)
        if data.draw(st.booleans()):
            kw["truncate"] = 3.0
    check_scipy(call(f"ndimage.{name}", x, *args, **kw))


@pytest.mark.parametrize("name", ["laplace", "gaussian_laplace", "gaussian_gradient_magnitude"])
def test_derivative_axes(name):
    x = numpy.random.default_rng(2).normal(size=(5, 6, 4)) * 10
    args = () if name == "laplace" else (1.1,)
    check_scipy(call(f"ndimage.{name}", x, *args, axes=(0, 2)))
    check_scipy(call(f"ndimage.{name}", x, *args, axes=()))


# ---------------------------------------------------------------------- output=, dtypes, complex
@pytest.mark.parametrize("output", [numpy.float32, "int16", numpy.dtype("uint8"), "float64", "complex128"])
@pytest.mark.parametrize("name", ["gaussian_filter", "uniform_filter", "sobel", "correlate1d", "median_filter",
                                  "maximum_filter"])
def test_output_dtype(name, output):
    x = numpy.random.default_rng(3).uniform(-20, 60, (5, 6))
    args = {"gaussian_filter": (1.3,), "correlate1d": ([1.0, -2.0, 0.5],)}.get(name, ())
    kw = {"size": 3} if name in ("median_filter", "maximum_filter", "uniform_filter") else {}
    check_scipy(call(f"ndimage.{name}", x, *args, output=output, **kw))


@pytest.mark.parametrize("output", ["int8", "uint8", "int16", "uint16", "int32", "uint32", "int64", "uint64"])
def test_integer_output_of_values_out_of_range(output):  # C's conversion as SciPy's x86-64 build does it
    # (cvttsd2si to 32 bits for the outputs up to 32 bits, 64 for uint32 and int64, uint64 in two halves):
    # gaussian_filter(int16 [[[1]]], [1e-5, 0, 0], order=[2, 0, 0]) is -1e10, SciPy's int16 0 (CI seed 727695187)
    x = numpy.array([1e10, -1e10, 3e9, -3e9, 7e4, -7e4, numpy.nan, numpy.inf, -numpy.inf, 1e20, -1e20, 2.5e9,
                     -2.5e9, 1.9e19, 9.3e18, -5.5, 2.0 ** 31, -(2.0 ** 31), 2.0 ** 63, -(2.0 ** 63), 1e10 + 123,
                     -3e9 - 45, 2.0 ** 40 + 5, -(2.0 ** 33) - 300])
    image = x.reshape(4, 6)
    calls = [call("ndimage.correlate1d", x, [1.0], output=output, mode="constant"),
             call("ndimage.laplace", image, output=output), call("ndimage.gaussian_laplace", image, 0.7, output=output),
             call("ndimage.gaussian_gradient_magnitude", image, 0.8, output=output),
             # SciPy's interpolation: rounded, clipped to the type (int64: 2**63 up is 2**63 - 1)
             *[call("ndimage.shift", x, 0.0, output=output, order=order) for order in (0, 1, 3)],
             # SciPy's early exits, nothing to filter (output[...] = input): NumPy's cast
             call("ndimage.zoom", x, 1.0, output=output), call("ndimage.uniform_filter", x, 1, output=output),
             call("ndimage.spline_filter1d", x, 1, output=output), call("ndimage.gaussian_filter", x, 0, output=output),
             call("ndimage.laplace", x, output=output, axes=())]
    for c in calls:
        with numpy.errstate(invalid="ignore"), warnings.catch_warnings():
            warnings.simplefilter("ignore", RuntimeWarning)
            check_scipy(c)
    check_scipy(call("ndimage.gaussian_filter", numpy.ones((1, 1, 1), "int16"), [1e-5, 0, 0], order=[2, 0, 0]))


@pytest.mark.parametrize("name", ["gaussian_filter", "correlate", "uniform_filter", "minimum_filter", "sobel"])
def test_output_array(name):  # output= an array: written in place and returned
    x = numpy.random.default_rng(4).uniform(0, 50, (5, 6))
    args = {"gaussian_filter": (1.0,), "correlate": ([[1.0, 2.0], [3.0, -1.0]],)}.get(name, ())
    kw = {"size": 2} if name in ("minimum_filter", "uniform_filter") else {}
    for dtype in ("float64", "int32"):
        check_scipy(call(f"ndimage.{name}", x, *args, output=numpy.zeros(x.shape, dtype), **kw))
    # both on the test device: NumPy's x would stay host data beside the default device's out (§3.3; the
    # first GPU run's failures of this test)
    out = torchnp.zeros(x.shape, dtype="float32", device=DEVICE)
    with accelerator_rules():
        got = getattr(torchnp.scipy.ndimage, name)(torchnp.asarray(x, device=DEVICE), *args, output=out, **kw)
    assert got is out
    import scipy.ndimage

    numpy.testing.assert_allclose(out.to_numpy(), getattr(scipy.ndimage, name)(x, *args, output=numpy.float32, **kw),
                                  rtol=1e-6)


@pytest.mark.parametrize("name", ["correlate1d", "convolve1d", "correlate", "convolve", "gaussian_filter",
                                  "uniform_filter", "uniform_filter1d", "gaussian_filter1d"])
def test_complex(name):
    rng = numpy.random.default_rng(5)
    x = rng.normal(size=(5, 6)) + 1j * rng.normal(size=(5, 6))
    w1, w2 = [1.0, 2.0 - 1j, 0.5j], [[1.0, 2.0j], [0.5, -1.0]]
    args = {"correlate1d": (w1,), "convolve1d": (w1,), "correlate": (w2,), "convolve": (w2,),
            "gaussian_filter": (1.0,), "uniform_filter": (3,), "uniform_filter1d": (3,),
            "gaussian_filter1d": (1.5,)}[name]
    check_scipy(call(f"ndimage.{name}", x, *args))
    check_scipy(call(f"ndimage.{name}", x.astype(numpy.complex64), *args, cval=1 + 2j))
    if name in ("correlate1d", "convolve1d", "correlate", "convolve"):
        check_scipy(call(f"ndimage.{name}", x.real, *args))  # real input, complex weights
        check_scipy(call(f"ndimage.{name}", x.real, *args, cval=1j))  # ValueError


def test_bool_input():
    x = numpy.random.default_rng(6).random((6, 7)) < 0.4
    for name, args in [("gaussian_filter", (0.8,)), ("uniform_filter", (2,)), ("maximum_filter", (3,)),
                       ("median_filter", (3,)), ("minimum_filter1d", (2,)), ("correlate1d", ([1.0, 1.0],))]:
        check_scipy(call(f"ndimage.{name}", x, *args))


def test_python_data_and_large_radius():
    check_scipy(call("ndimage.gaussian_filter", [[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]], 5.0))  # extension > length
    check_scipy(call("ndimage.uniform_filter1d", [1, 2, 3], 9, mode="mirror"))
    check_scipy(call("ndimage.correlate1d", [[3.0]], [1.0, 2.0, 3.0, 4.0, 5.0], mode="mirror"))


# ---------------------------------------------------------------------- SciPy's exceptions
@pytest.mark.parametrize("c", [
    call("ndimage.gaussian_filter", numpy.ones((3, 3)), 1.0, mode="bogus"),  # RuntimeError
    call("ndimage.correlate1d", numpy.ones(5), [1.0, 2.0, 3.0], origin=2),  # ValueError
    call("ndimage.correlate1d", numpy.ones(5), [], ),  # RuntimeError
    call("ndimage.correlate1d", numpy.ones(5), [1.0], axis=1),  # AxisError
    call("ndimage.correlate", numpy.ones((3, 3)), [1.0, 2.0]),  # RuntimeError (weights.ndim)
    call("ndimage.correlate", numpy.ones((3, 3)), [[1.0, 2.0]], origin=(0, 1)),  # ValueError
    call("ndimage.correlate", numpy.ones((3, 3)), [[1.0]], mode=["reflect", "wrap"]),  # RuntimeError
    call("ndimage.uniform_filter1d", numpy.ones(5), 0),  # RuntimeError
    call("ndimage.uniform_filter1d", numpy.ones(5), 3, origin=2),  # ValueError
    call("ndimage.minimum_filter", numpy.ones(5)),  # RuntimeError: no footprint
    call("ndimage.minimum_filter", numpy.ones((3, 3)), footprint=[[0, 0]]),  # ValueError: all-zero
    call("ndimage.maximum_filter1d", numpy.ones(3) * 1j, 2),  # TypeError: complex
    call("ndimage.median_filter", numpy.ones(3) * 1j, 2),  # TypeError: complex
    call("ndimage.rank_filter", numpy.ones((4, 4)), 9, size=3),  # RuntimeError: rank
    call("ndimage.percentile_filter", numpy.ones((4, 4)), 120, size=3),  # RuntimeError: percentile
    call("ndimage.median_filter", numpy.ones((4, 4)), size=3, origin=2),  # ValueError
    call("ndimage.gaussian_filter", numpy.ones((3, 3)), [1.0, 2.0, 3.0]),  # RuntimeError: sequence length
    call("ndimage.gaussian_filter1d", numpy.ones(5), 1.0, radius=-1),  # ValueError
    call("ndimage.gaussian_filter1d", numpy.ones(5), 1.0, order=-1),  # ValueError
    call("ndimage.gaussian_filter", numpy.ones((3, 3)), 1.0, axes=(0, 0)),  # ValueError
    call("ndimage.gaussian_filter", numpy.ones((3, 3)), 1.0, axes=(3,)),  # ValueError
    call("ndimage.gaussian_filter", numpy.ones((3, 3), numpy.float16), 1.0),  # RuntimeError: float16
    call("ndimage.gaussian_filter", numpy.ones((3, 3)), 1.0, output=numpy.zeros((2, 2))),  # RuntimeError
    call("ndimage.gaussian_filter", numpy.ones((3, 3)), 1.0, output="bool"),  # RuntimeError: numeric
    call("ndimage.sobel", numpy.ones((3, 3)), 2),  # AxisError
])
def test_errors(c):  # SciPy's type and message
    check_error(c)


def test_device_footprint_and_weights_need_no_host_values():
    """Footprints and weights held on the device (values unknown on the host, §3.5): the same results
    through the paths that never read them (here on the CPU, as tensors without host values)."""
    import scipy.ndimage
    import torch
    from torchnp.scipy.ndimage import _filters, _support

    rng = numpy.random.default_rng(7)
    x = rng.integers(0, 30, (6, 7)).astype(numpy.int32)
    fp = numpy.array([[1, 0, 1], [1, 1, 0]], bool)
    t = torch.as_tensor(x)
    dev = _support.Param(torch.as_tensor(fp), None)
    for rank in (0, 2, -1):
        exp = scipy.ndimage.rank_filter(x, rank, footprint=fp, mode="mirror")
        got = _filters._rank_nd(t, dev.t, None, torch.tensor(rank % 4), "mirror", torch.tensor(0, dtype=torch.int32),
                                [0, 0])
        numpy.testing.assert_array_equal(got.numpy(), exp)
    exp = scipy.ndimage.minimum_filter(x, footprint=fp, mode="constant", cval=-2.5)
    got = _filters.minmax_nd(t, dev.t, None, "constant", -2.5, [0, 0], True)
    numpy.testing.assert_array_equal(got.numpy(), exp)
    # with a structure: SciPy adds the first tap of the footprint in double, the others in the input's
    # type (uint8 here, wrapping below 0): the first tap is found on the device (not the window's first)
    u = rng.integers(0, 30, (6, 7)).astype(numpy.uint8)
    fp2 = numpy.array([[0, 1, 1], [1, 0, 1]], bool)
    s = numpy.array([[5.0, 20.0, 3.0], [12.0, 40.0, 25.0]])
    exp = scipy.ndimage.grey_erosion(u, footprint=fp2, structure=s, mode="mirror")
    got = _filters.minmax_nd(torch.as_tensor(u), torch.as_tensor(fp2), torch.as_tensor(s), "mirror", 0.0, [0, 0], True)
    numpy.testing.assert_array_equal(_support.cast(got, torch.uint8).numpy(), exp)
    # a percentile filter over a footprint on the device: its rank from the footprint's size there
    for percentile in (30, 75, -20):
        exp = scipy.ndimage.percentile_filter(x, percentile, footprint=fp, mode="mirror")
        with accelerator_rules():
            got = torchnp.scipy.ndimage.percentile_filter(torchnp.asarray(x), percentile, footprint=dev, mode="mirror")
        numpy.testing.assert_array_equal(got.to_numpy(), exp, strict=True)
    # label with a structure on the device
    b = rng.random((9, 11)) < 0.5
    st8 = scipy.ndimage.generate_binary_structure(2, 2)
    exp = scipy.ndimage.label(b, st8)
    with accelerator_rules():
        got = torchnp.scipy.ndimage.label(torchnp.asarray(b), _support.Param(torch.as_tensor(st8), None))
    assert got[1] == exp[1]
    numpy.testing.assert_array_equal(got[0].to_numpy(), exp[0], strict=True)
    w = rng.normal(size=(2, 3))
    exp = scipy.ndimage.correlate(x.astype(float), w, mode="wrap")
    got = _filters._corr_nd(t.double(), _support.Param(torch.as_tensor(w), None), "wrap", 0.0, [0, 0])
    numpy.testing.assert_allclose(got.numpy(), exp, rtol=1e-13, atol=1e-13 * numpy.abs(exp).max())


# ---------------------------------------------------------------------- morphology
@st.composite
def masks(draw, max_dims=3):
    shape = draw(hnp.array_shapes(min_dims=1, max_dims=max_dims, min_side=1, max_side=8))
    return draw(hnp.arrays(bool, shape))


@_SETTINGS
@given(b=masks(), data=st.data())
def test_binary_morphology(b, data):  # §8.2: structures, origins, iterations, masks, border values
    name = data.draw(st.sampled_from(["binary_erosion", "binary_dilation", "binary_opening", "binary_closing"]))
    kw = dict(iterations=data.draw(st.sampled_from([1, 1, 2, 3, 0, -1])), border_value=data.draw(st.integers(0, 1)))
    if data.draw(st.booleans()):
        sshape = tuple(data.draw(st.integers(1, 3)) for _ in range(b.ndim))
        s = data.draw(hnp.arrays(bool, sshape))
        s.flat[data.draw(st.integers(0, s.size - 1))] = True
        kw["structure"] = s.astype(int).tolist()
        if name in ("binary_erosion", "binary_dilation"):
            kw["origin"] = [origins_for(data.draw, k) for k in sshape]
    if data.draw(st.booleans()):
        kw["mask"] = data.draw(hnp.arrays(bool, b.shape))
    x = b.astype(data.draw(st.sampled_from(["bool", "uint8", "float64", "int32"])))
    check_until_settled(call(f"ndimage.{name}", x, **kw))


#: the operations whose rounds ``iterations < 1`` repeats, in order, for each morphology function
_HALVES = {"binary_erosion": ("binary_erosion",), "binary_dilation": ("binary_dilation",),
           "binary_opening": ("binary_erosion", "binary_dilation"),
           "binary_closing": ("binary_dilation", "binary_erosion")}


def scipy_rounds_cycle(c):
    """Whether SciPy's ``iterations < 1`` loop for call ``c`` never ends: a half's rounds, each SciPy's
    own one-round call, come back to an earlier state that is not a fixed point (None: undecided in
    10^4 rounds)."""
    import scipy.ndimage

    name = c.name.removeprefix("ndimage.")
    state = numpy.asarray(c.args[0]) != 0
    one = dict(c.kwargs, iterations=1)
    for half in _HALVES[name]:
        seen = set()
        for _ in range(10_000):
            following = getattr(scipy.ndimage, half)(state, **one)
            if numpy.array_equal(following, state):
                break
            if following.tobytes() in seen:
                return True
            seen.add(following.tobytes())
            state = following
        else:
            return None
    return False


def check_until_settled(c):
    """check_scipy for morphology call ``c``; where its ``iterations < 1`` rounds cycle, SciPy's loop (and
    host data's call, SciPy's own) would never end: the device path raises RuntimeError instead."""
    cycles = c.kwargs.get("iterations", 1) < 1 and scipy_rounds_cycle(c)
    assume(cycles is not None)
    if not cycles:
        return check_scipy(c)
    with accelerator_rules(), pytest.raises(RuntimeError, match="cycle and never settle"):
        ours(c)


@pytest.mark.parametrize("name, x, kw", [
    ("binary_dilation", [0, 1, 0, 0, 0], dict(structure=[1, 0, 1])),  # cycles: [1 0 1 0 1], [0 1 0 1 0], ...
    ("binary_dilation", [0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], dict(structure=[1, 0, 0], origin=-1)),  # a shift
    ("binary_closing", [1, 0, 0, 1, 0, 1], dict(structure=[1, 0, 1])),
    ("binary_erosion", [0, 1, 0, 1, 0], dict(structure=[1, 0, 1], border_value=1)),  # cycles
    ("binary_opening", [0, 1, 0, 1, 0], dict(structure=[1, 0, 1], border_value=1)),  # the erosion cycles
    ("binary_closing", [0, 0, 0, 0, 1], dict(structure=[1, 0, 1])),  # the dilation cycles
    ("binary_dilation", numpy.eye(4, k=1), dict(structure=[[0, 1, 0], [1, 0, 1], [0, 1, 0]])),  # 2-d
    ("binary_erosion", [1, 1, 1, 1], dict(structure=[1, 0, 1], border_value=1)),  # settles at once
    ("binary_erosion", [1, 0, 1, 1, 1, 1, 0, 1], dict(structure=[1, 0, 1])),  # settles after rounds
])
def test_binary_iterations_until_settled(name, x, kw):  # §8.2: a centre that is false (SciPy's brute force)
    check_until_settled(call(f"ndimage.{name}", numpy.array(x, dtype=bool), iterations=0, **kw))


@_SETTINGS
@given(b=masks(), data=st.data())
def test_binary_fill_holes(b, data):
    kw = {}
    if data.draw(st.booleans()):
        from scipy.ndimage import generate_binary_structure

        kw["structure"] = generate_binary_structure(b.ndim, data.draw(st.integers(1, b.ndim)))
    check_scipy(call("ndimage.binary_fill_holes", b, **kw))


@st.composite
def grey_footprints(draw, ndim):
    """A grey operation's footprint shape and how it is given: ``size``, ``footprint`` (0/1, not all
    zero) or ``structure`` (0, 1 and 2 as heights)."""
    fshape = tuple(draw(st.integers(1, 3)) for _ in range(ndim))
    how = draw(st.sampled_from(["size", "footprint", "structure"]))
    if how == "size":
        return fshape, {"size": list(fshape)}
    if how == "footprint":
        fp = draw(hnp.arrays(bool, fshape))
        fp.flat[0] = True
        return fshape, {"footprint": fp.astype(int).tolist()}
    return fshape, {"structure": draw(hnp.arrays(numpy.float64, fshape, elements=st.sampled_from([0.0, 1.0, 2.0])))
                    .tolist()}


@pytest.mark.parametrize("name", ["grey_erosion", "grey_dilation"])
@pytest.mark.parametrize("mode", ["reflect", "constant"])
def test_grey_structure_first_tap_in_double(name, mode):  # SciPy's first tap in double, the others wrap
    x = numpy.array([[0, 50, 3, 9], [20, 1, 0, 7], [4, 60, 2, 30]], numpy.uint8)
    s = numpy.array([[5.0, 2.0], [1.0, 3.0]]) * (1 if name == "grey_erosion" else 60)
    check_scipy(call(f"ndimage.{name}", x, structure=s, mode=mode))


@_SETTINGS
@given(x=images(dtypes=["float64", "float32", "int16", "uint8", "int64"]), data=st.data())
def test_grey_morphology(x, data):
    name = data.draw(st.sampled_from(["grey_erosion", "grey_dilation", "grey_opening", "grey_closing"]))
    kw = dict(mode=data.draw(st.sampled_from(MODES)), cval=data.draw(st.sampled_from([0.0, 2.5])))
    fshape, grey_kw = data.draw(grey_footprints(x.ndim))
    kw.update(grey_kw)
    if name in ("grey_erosion", "grey_dilation"):
        kw["origin"] = [origins_for(data.draw, k) for k in fshape]
    check_scipy(call(f"ndimage.{name}", x, **kw))


@_SETTINGS
@given(x=images(dtypes=["float64", "float32", "int16", "uint8", "int32"]), data=st.data())
def test_morphological_compositions(x, data):  # NumPy's arithmetic between the grey operations
    name = data.draw(st.sampled_from(["morphological_gradient", "morphological_laplace", "white_tophat",
                                      "black_tophat"]))
    kw = dict(mode=data.draw(st.sampled_from(MODES)), **data.draw(grey_footprints(x.ndim))[1])
    if data.draw(st.booleans()):
        kw["output"] = numpy.zeros(x.shape, data.draw(st.sampled_from(["float64", "int32"])))
    check_scipy(call(f"ndimage.{name}", x, **kw))


def test_morphological_compositions_bool():  # bool: xor for the top-hats, NumPy's TypeError for the gradient
    b = numpy.random.default_rng(14).random((6, 7)) < 0.5
    for name in ("white_tophat", "black_tophat", "morphological_gradient", "morphological_laplace"):
        check_scipy(call(f"ndimage.{name}", b, size=(2, 3)))


def test_morphology_outputs_and_axes():
    rng = numpy.random.default_rng(8)
    b = rng.random((5, 6, 4)) < 0.6
    check_scipy(call("ndimage.binary_erosion", b, output=numpy.zeros(b.shape, numpy.int16)))
    check_scipy(call("ndimage.binary_dilation", b, axes=(0, 2)))
    check_scipy(call("ndimage.binary_opening", b, axes=[1]))
    check_scipy(call("ndimage.binary_fill_holes", b, axes=(1, 2)))
    check_scipy(call("ndimage.binary_fill_holes", b, output=numpy.zeros(b.shape, numpy.int32)))  # returns None
    check_scipy(call("ndimage.grey_dilation", b.astype(int), size=(3, 2), axes=(0, 2)))
    for name in ("grey_dilation", "grey_erosion", "grey_opening", "grey_closing", "white_tophat",
                 "black_tophat"):  # the default cval, 0
        check_scipy(call(f"ndimage.{name}", b.astype(int) * 3 - 2, size=(2, 3, 2), mode="constant"))


@pytest.mark.parametrize("c", [
    call("ndimage.binary_erosion", numpy.ones((3, 3)), iterations=1.5),  # TypeError
    call("ndimage.binary_erosion", numpy.ones((3, 3)), [1, 1, 1]),  # RuntimeError: dimensionality
    call("ndimage.binary_erosion", numpy.ones((3, 3)) * 1j),  # TypeError
    call("ndimage.binary_dilation", numpy.ones((3, 3)), mask=numpy.ones((2, 3))),  # RuntimeError
    call("ndimage.grey_erosion", numpy.ones((3, 3))),  # ValueError
    call("ndimage.grey_dilation", numpy.ones((3, 3))),  # ValueError
])
def test_morphology_errors(c):  # SciPy's type and message
    check_error(c)


# ---------------------------------------------------------------------- interpolation
# SciPy 1.17's reflect-type prefilter (modes reflect, grid-mirror, nearest) reads a value it has
# just overwritten (scipy/scipy#24615, fixed after 1.17.1): off by ~|z|**(2n-1) on lines of n values.
# The torch path computes the fixed algorithm; against SciPy 1.17 those modes use lines of 20+
# values (error < 1e-14), and test_spline_prefilter_short_lines checks short lines against the
# filter's closed form. Integer outputs round the interpolated value (half away from zero) and
# the prefilter's sums are not SciPy's order: border values of exactly .5 (a cval of 2.5) are
# avoided, where an ulp decides the rounding.
_REFLECT_INIT = ("reflect", "grid-mirror", "nearest")


@st.composite
def interp_images(draw, mode, max_dims=3):
    lo = 20 if mode in _REFLECT_INIT else 1
    ndim = draw(st.integers(1, 2 if lo > 1 else max_dims))
    shape = tuple(draw(st.integers(lo, lo + 6)) for _ in range(ndim))
    dtype = numpy.dtype(draw(st.sampled_from(["float64", "float32", "int16", "uint8", "int32"])))
    elements = st.floats(-50, 50, width=32) if dtype.kind == "f" else st.integers(0 if dtype.kind == "u" else -40, 60)
    return draw(hnp.arrays(dtype, shape, elements=elements))


@_SETTINGS
@given(data=st.data())
def test_map_coordinates(data):  # §8.2: orders 0-5, every mode, prefilter on and off
    mode = data.draw(st.sampled_from(MODES))
    x = data.draw(interp_images(mode))
    npts = data.draw(st.integers(1, 6))
    coords = data.draw(hnp.arrays(numpy.float64, (x.ndim, npts, 2), elements=st.floats(-5, max(x.shape) + 5)))
    kw = dict(order=data.draw(st.integers(0, 5)), mode=mode, cval=data.draw(st.sampled_from([0.0, -1.5])),
              prefilter=data.draw(st.booleans()))
    check_scipy(call("ndimage.map_coordinates", x, coords, **kw), atol=_weighted_sum_atol(x, kw["cval"]))


def _weighted_sum_atol(x, cval):
    """An interpolated output is a weighted sum of the inputs (and cval): its rounding scales with them,
    not with itself (a 0/1 signal interpolated to 1e-15: the device 5.5e-16, SciPy -1.3e-15; seeds
    2202547902, 1743831999). The output dtype's tolerance times the inputs' magnitude."""
    out = x.dtype if x.dtype.kind == "f" else numpy.dtype(numpy.float64)
    return {4: 1e-5, 8: 1e-12}[out.itemsize] * max(float(numpy.abs(x).max(initial=0)), abs(cval), 1.0)


@_SETTINGS
@given(data=st.data())
def test_zoom_shift(data):
    mode = data.draw(st.sampled_from(MODES))
    x = data.draw(interp_images(mode))
    kw = dict(order=data.draw(st.integers(0, 5)), mode=mode, cval=data.draw(st.sampled_from([0.0, 2.25])))
    if data.draw(st.booleans()):
        z = data.draw(st.floats(0.3, 2.5) | st.lists(st.floats(0.3, 2.5), min_size=x.ndim, max_size=x.ndim))
        check_scipy(call("ndimage.zoom", x, z, grid_mode=data.draw(st.booleans()), **kw),
                    atol=_weighted_sum_atol(x, kw["cval"]))
    else:
        sh = data.draw(st.floats(-4, 4) | st.lists(st.floats(-4, 4), min_size=x.ndim, max_size=x.ndim))
        check_scipy(call("ndimage.shift", x, sh, **kw), atol=_weighted_sum_atol(x, kw["cval"]))


def test_rotate_takes_scipys_cos_and_sin():  # §8.2: an output point on an order-0 tie (seed 613685567)
    x = numpy.array([[0.0, 1.0, 1.0], [1.0, 1.0, 1.0]])
    for angle in (45, 30.5, -120, 400):
        check_scipy(call("ndimage.rotate", x, angle, order=0, mode="constant"))


@_SETTINGS
@given(data=st.data())
def test_affine_transform_and_rotate(data):
    mode = data.draw(st.sampled_from(MODES))
    x = data.draw(interp_images(mode, max_dims=2))
    kw = dict(order=data.draw(st.integers(0, 5)), mode=mode, cval=data.draw(st.sampled_from([0.0, 2.25])))
    if data.draw(st.booleans()) and x.ndim == 2:
        angle = data.draw(st.sampled_from([0, 90, -90, 180, 30.5, 45, -120, 400]))
        # a single row or column turned by an angle off the axes puts output points on the input's
        # edge in exact arithmetic, where the last bit of cos/sin decides inside (the data) or
        # outside (cval) in SciPy as in torch: no value to compare there
        assume(not (mode in ("constant", "grid-constant") and min(x.shape) == 1 and angle % 90))
        check_scipy(call("ndimage.rotate", x, angle, reshape=data.draw(st.booleans()), **kw),
                    atol=_weighted_sum_atol(x, kw["cval"]))
        return
    kind = data.draw(st.sampled_from(["full", "diagonal", "homogeneous"]))
    m = data.draw(hnp.arrays(numpy.float64, (x.ndim, x.ndim), elements=st.floats(-1.5, 1.5)))
    off = data.draw(st.lists(st.floats(-3, 3), min_size=x.ndim, max_size=x.ndim))
    if kind == "diagonal":
        m = numpy.diag(m) + numpy.sign(numpy.diag(m)) * 0.1 + 0.05
    elif kind == "homogeneous":
        m = numpy.vstack([numpy.hstack([m, numpy.array(off)[:, None]]), [0] * x.ndim + [1]])
        off = 0.0
    out_shape = data.draw(st.none() | st.just(tuple(s + 2 for s in x.shape)))
    check_scipy(call("ndimage.affine_transform", x, m, offset=off, output_shape=out_shape, **kw),
                atol=_weighted_sum_atol(x, kw["cval"]))


@_SETTINGS
@given(data=st.data())
def test_spline_filters(data):
    mode = data.draw(st.sampled_from(MODES))
    x = data.draw(interp_images(mode))
    order = data.draw(st.integers(2, 5))
    out = data.draw(st.sampled_from([numpy.float64, numpy.float32, "int32"]))
    whole = data.draw(st.booleans())
    c = call("ndimage.spline_filter", x, order, mode=mode) if whole else \
        call("ndimage.spline_filter1d", x, data.draw(st.integers(0, 5)), axis=-1, mode=mode)
    # (spline_filter writes each axis's pass into the output: an int32 output truncates between passes too)
    passes = [scipy_result(c)[0]] + ([scipy_result(call("ndimage.spline_filter1d", x, order, axis=k, mode=mode))[0]
                                      for k in range(x.ndim)] if whole else [])
    if out == "int32" and any(p is not None and numpy.any(numpy.abs(p - numpy.round(p)) < 1e-6) for p in passes):
        out = numpy.float64  # an int32 output truncates values a rounding from a whole number: 1 or 0 for ones
        # filtered to 0.99999999 (seed 2278543755); the float64 values are the comparison there
    check_scipy(c._replace(kwargs={**c.kwargs, "output": out}))


def test_spline_prefilter_short_lines():
    """Short lines under the reflect-type modes: the closed form of SciPy's recursive filter (per
    pole z, (1 - z) / (1 + z) * sum_k z**|k| x[i + k] over the symmetric extension), where SciPy
    1.17 is off (scipy/scipy#24615)."""
    import scipy.ndimage

    def closed_form(x, order):
        poles = {2: [-0.171572875253809902396622551580603843], 3: [-0.267949192431122706472553658494127633],
                 5: [-0.430575347099973791851434783493520110, -0.043096288203264653822712376822550182]}[order]
        for z in poles:
            n, k = len(x), 400
            idx = numpy.arange(-k, n + k) % (2 * n)
            ext = x[numpy.where(idx >= n, 2 * n - 1 - idx, idx)]
            h = (1 - z) / (1 + z) * z ** numpy.abs(numpy.arange(-k, k + 1))
            x = numpy.array([h @ ext[i:i + 2 * k + 1] for i in range(n)])
        return x

    x = numpy.random.default_rng(9).normal(size=(5, 3))
    for order in (2, 3, 5):
        exp = numpy.stack([closed_form(x[:, j], order) for j in range(3)], 1)
        with accelerator_rules():
            got = torchnp.scipy.ndimage.spline_filter1d(torchnp.asarray(x), order, axis=0, mode="reflect").to_numpy()
        numpy.testing.assert_allclose(got, exp, rtol=1e-13, atol=1e-13)
    assert numpy.abs(scipy.ndimage.spline_filter1d(x, 5, axis=0, mode="reflect") - exp).max() > 1e-6  # SciPy 1.17


def test_interpolation_details():
    rng = numpy.random.default_rng(10)
    x = rng.normal(size=(6, 7)) * 10
    check_scipy(call("ndimage.rotate", rng.normal(size=(4, 6, 5)), 27.0, axes=(2, 0)))  # plane by plane
    check_scipy(call("ndimage.rotate", x + 1j * x, 15.0))
    check_scipy(call("ndimage.zoom", x, 1.0))  # SciPy's early exit
    check_scipy(call("ndimage.zoom", x.astype("int16"), (1, 1), output="float32"))
    check_scipy(call("ndimage.zoom", x, 2.0, grid_mode=True, mode="constant"))  # warns
    check_scipy(call("ndimage.map_coordinates", x, [[0.5, 2, 7.2], [1, -0.2, 3]], order=1))
    check_scipy(call("ndimage.map_coordinates", x, numpy.array([[1, 2], [3, 4]], numpy.int32)))
    check_scipy(call("ndimage.shift", x + 2j, 1.5, mode="wrap", cval=1 + 1j))
    check_scipy(call("ndimage.shift", x, 1.5, output=numpy.zeros((6, 7), numpy.float32)))
    check_scipy(call("ndimage.affine_transform", x, [[1, 0.2], [0, 1]], output=numpy.zeros((4, 9))))
    check_scipy(call("ndimage.spline_filter1d", x, 1))  # orders 0, 1: a copy
    check_scipy(call("ndimage.spline_filter", x + 1j * x, 3, output=numpy.complex64))


@pytest.mark.parametrize("c", [
    call("ndimage.map_coordinates", numpy.ones((3, 3)), [[1.0], [1.0]], order=6),  # RuntimeError
    call("ndimage.map_coordinates", numpy.ones((3, 3)), [[1.0]]),  # RuntimeError: coordinates shape
    call("ndimage.map_coordinates", numpy.ones((3, 3)), [1.0, 1.0]),  # RuntimeError: output rank 0
    call("ndimage.map_coordinates", numpy.ones((3, 3)), [[1j], [1.0]]),  # TypeError
    call("ndimage.map_coordinates", numpy.ones((3, 3)), [[1.0], [1.0]], mode="bogus"),  # RuntimeError
    call("ndimage.spline_filter", numpy.ones((3, 3)), 1),  # RuntimeError
    call("ndimage.spline_filter1d", numpy.ones((3, 3)), 7),  # RuntimeError
    call("ndimage.affine_transform", numpy.ones((3, 3)), [[1, 0, 0], [0, 1, 0], [1, 0, 1]]),  # ValueError
    call("ndimage.affine_transform", numpy.ones((3, 3)), [[1, 0, 0]]),  # RuntimeError
    call("ndimage.affine_transform", numpy.ones((3, 3)), numpy.ones((2, 2, 2))),  # RuntimeError
    call("ndimage.rotate", numpy.ones(3), 10),  # ValueError
    call("ndimage.rotate", numpy.ones((3, 3)), 10, axes=(0, 1, 2)),  # ValueError
    call("ndimage.rotate", numpy.ones((3, 3)), 10, axes=(0, 5)),  # ValueError
    call("ndimage.shift", numpy.ones((3, 3)), [1, 2, 3]),  # RuntimeError
    call("ndimage.zoom", numpy.ones((3, 3)), 2, order=-1),  # RuntimeError
])
def test_interpolation_errors(c):  # SciPy's type and message
    check_error(c)


@pytest.mark.parametrize("mode", MODES)
def test_spline_prefilter_long_lines(mode, monkeypatch):
    """Lines longer than EXACT_LENGTH: SciPy's recursion as one-sided filters (float64 within 1e-12
    of the largest value); here every line takes that path."""
    from torchnp.scipy.ndimage import _interpolation

    monkeypatch.setattr(_interpolation, "EXACT_LENGTH", 3)
    rng = numpy.random.default_rng(11)
    x = rng.normal(size=(24, 31)) * 10
    for order in (2, 3, 4, 5):
        check_scipy(call("ndimage.spline_filter", x, order, mode=mode))
        check_scipy(call("ndimage.map_coordinates", x, rng.uniform(-4, 34, (2, 5, 3)), order=order, mode=mode))
    check_scipy(call("ndimage.zoom", x.astype(numpy.float32), 1.7, mode=mode))
    if mode not in _REFLECT_INIT:  # short lines: SciPy 1.17 is off there (above)
        check_scipy(call("ndimage.spline_filter1d", x[:4, :2], 3, axis=0, mode=mode))  # shorter than the filter


# ---------------------------------------------------------------------- label and measurements
@_SETTINGS
@given(b=masks(max_dims=3), data=st.data())
def test_label(b, data):  # SciPy's numbering: components in the C order of their first element
    kw = {}
    if data.draw(st.booleans()):
        from scipy.ndimage import generate_binary_structure

        kw["structure"] = generate_binary_structure(b.ndim, data.draw(st.integers(1, b.ndim)))
    x = b.astype(data.draw(st.sampled_from(["bool", "uint8", "float64", "int32"])))
    check_scipy(call("ndimage.label", x, **kw))


def test_label_details():
    rng = numpy.random.default_rng(12)
    b = rng.random((40, 50)) < 0.6  # large components: many propagation rounds
    check_scipy(call("ndimage.label", b))
    spiral = numpy.zeros((15, 15), bool)  # one long winding component
    spiral[1::4, 1:-1] = True
    spiral[1:-1, -2] = True
    spiral[3::4, 1] = True
    check_scipy(call("ndimage.label", spiral))
    check_scipy(call("ndimage.label", b, output=numpy.int64))
    check_scipy(call("ndimage.label", b, output=numpy.zeros(b.shape, numpy.int32)))  # returns the count only
    check_scipy(call("ndimage.label", numpy.array(3.0)))
    check_scipy(call("ndimage.label", numpy.zeros((0, 3))))
    check_scipy(call("ndimage.label", b, numpy.ones((3, 3, 3))))  # RuntimeError: rank
    check_scipy(call("ndimage.label", b, numpy.ones((3, 2))))  # ValueError: not 3
    check_scipy(call("ndimage.label", b * 1j))  # TypeError


@_SETTINGS
@given(x=images(max_dims=3, dtypes=["float64", "float32", "int16", "uint8", "int64"]), data=st.data())
def test_measurements(x, data):  # §8.2: labels=None, index=None, a scalar index, an array of indices
    name = data.draw(st.sampled_from(["sum_labels", "sum", "mean", "center_of_mass", "minimum", "maximum",
                                      "variance", "standard_deviation"]))
    labels = data.draw(hnp.arrays(numpy.int32, x.shape, elements=st.integers(0, 4)))
    how = data.draw(st.sampled_from(["none", "all", "scalar", "array"]))
    if how == "none":
        args = ()
    elif how == "all":
        assume(name not in ("minimum", "maximum") or (labels > 0).any())  # SciPy: ValueError (empty)
        args = (labels,)
    elif how == "scalar":
        args = (labels, data.draw(st.integers(0, 5)))
        assume(name not in ("minimum", "maximum") or (labels == args[1]).any())  # SciPy: ValueError (empty)
    else:
        args = (labels, data.draw(st.lists(st.integers(-1, 6), min_size=1, max_size=5)))
    # float32 sums (SciPy's float32 totals, then float64 means): NumPy's pairwise order against
    # torch's, float32 rounding (1e-6 relative) even where the result is float64
    rtol = 1e-6 if x.dtype == numpy.float32 else None
    with numpy.errstate(invalid="ignore", divide="ignore"):
        check_scipy(call(f"ndimage.{name}", x, *args), rtol=rtol)


def test_measurements_details():
    rng = numpy.random.default_rng(13)
    x = rng.normal(size=(5, 6))
    lab = rng.integers(0, 4, (5, 6)).astype(numpy.float64)
    check_scipy(call("ndimage.mean", x, lab, numpy.array([1.0, 3.0, 2.5])))  # float labels
    check_scipy(call("ndimage.sum_labels", x, lab[0], [1, 2]))  # labels broadcast against input
    check_scipy(call("ndimage.center_of_mass", rng.random((4, 5, 3)), rng.integers(0, 3, (4, 5, 3)), [2, 1]))
    check_scipy(call("ndimage.center_of_mass", x > 0))


@pytest.mark.parametrize("name,args", [("gaussian_filter", (1.5,)), ("zoom", (1.5,)), ("rotate", (30.0,)),
                                       ("map_coordinates", ([[1.5, 2.2], [3.1, 0.4]],)), ("uniform_filter", (3,)),
                                       ("sobel", ())])
def test_gradients_flow_through_the_device_path(name, args):  # autograd runs the torch implementation
    import scipy.ndimage

    a = numpy.random.default_rng(15).normal(size=(8, 9))
    fn = getattr(scipy.ndimage, name)
    got = torchnp.grad(lambda v: (getattr(torchnp.scipy.ndimage, name)(v, *args) ** 2).sum())(torchnp.asarray(a))
    e = numpy.zeros_like(a)
    e[3, 4] = 1e-6
    fd = ((fn(a + e, *args) ** 2).sum() - (fn(a - e, *args) ** 2).sum()) / 2e-6  # SciPy's central difference
    numpy.testing.assert_allclose(got.to_numpy()[3, 4], fd, rtol=1e-6, atol=1e-8)


# ---------------------------------------------------------------------- Fourier-domain filters
@_SETTINGS
@given(data=st.data())
def test_fourier_filters(data):  # SciPy's tables, n= for a real transform's axis, output dtypes
    shape = data.draw(hnp.array_shapes(min_dims=1, max_dims=3, min_side=1, max_side=7))
    x = data.draw(hnp.arrays(numpy.float64, shape, elements=st.floats(-10, 10)))
    kind = data.draw(st.sampled_from(["real", "complex", "complex64", "float32", "int16"]))
    if kind.startswith("complex"):
        x = numpy.fft.fftn(x).astype(kind if kind == "complex64" else "complex128")
    elif kind != "real":
        x = x.astype(kind)
    name = data.draw(st.sampled_from(["fourier_gaussian", "fourier_uniform", "fourier_shift"]))
    p = data.draw(st.floats(0, 5) | st.lists(st.floats(-3, 5), min_size=x.ndim, max_size=x.ndim))
    if name != "fourier_shift":
        p = numpy.abs(p).tolist() if isinstance(p, list) else p
    kw = {}
    if data.draw(st.booleans()):
        kw = dict(n=data.draw(st.integers(1, 12)), axis=data.draw(st.integers(-x.ndim, x.ndim - 1)))
    if data.draw(st.booleans()):
        kw["output"] = data.draw(st.sampled_from([numpy.complex64, numpy.complex128, numpy.float32, numpy.float64]))
    rtol = 1e-5 if x.dtype in (numpy.float32, numpy.complex64) or kw.get("output") in (numpy.float32,
                                                                                        numpy.complex64) else None
    check_scipy(call(f"ndimage.{name}", x, p, **kw), rtol=rtol)


def test_bit_for_bit():  # docs/scipy.md: SciPy's order of operations gives SciPy's bits in float64
    import scipy.ndimage

    rng = numpy.random.default_rng(16)
    x = rng.normal(size=(40, 50)) * 10
    cases = [("gaussian_filter", (x, 2.0)), ("gaussian_filter1d", (x, 1.5, 0, 2)), ("correlate1d", (x, [1.0, 2.0, -0.5])),
             ("correlate1d", (x, [0.25, 0.5, 0.25])), ("correlate", (x, rng.normal(size=(3, 4)))),
             ("convolve", (x, rng.normal(size=(2, 3)))), ("sobel", (x,)), ("prewitt", (x, 0)), ("laplace", (x,)),
             ("gaussian_laplace", (x, 1.3)),  # gaussian_gradient_magnitude: torch's CPU sqrt is within an ulp
             ("map_coordinates", (x, rng.uniform(-2, 41, (2, 30)))), ("zoom", (x, 1.3)), ("rotate", (x, 20.0)),
             ("shift", (x, (1.5, -2.25))), ("median_filter", (x, 3)), ("maximum_filter", (x, 4)),
             ("spline_filter", (x, 5))]
    for name, args in cases:
        exp = getattr(scipy.ndimage, name)(*args)
        with accelerator_rules():
            got = getattr(torchnp.scipy.ndimage, name)(
                *[torchnp.asarray(a) if isinstance(a, numpy.ndarray) else a for a in args])
        numpy.testing.assert_array_equal(got.to_numpy(), exp, err_msg=name, strict=True)


def _d2(inp, axis, output, mode, cval, w=(1.0, -2.0, 1.0)):  # a user's derivative, through torchnp.scipy
    return torchnp.scipy.ndimage.correlate1d(inp, list(w), axis, output, mode, cval)


def _d1(inp, axis, output, mode, cval):
    return torchnp.scipy.ndimage.sobel(inp, axis, output, mode, cval)


@pytest.mark.parametrize("dtype", ["float64", "float32", "int16"])
def test_generic_derivatives(dtype):  # user callables get torchnp arrays on the input's device
    x = (numpy.random.default_rng(17).normal(size=(5, 6, 4)) * 10).astype(dtype)
    check_scipy(call("ndimage.generic_laplace", x, _d2))
    check_scipy(call("ndimage.generic_laplace", x, _d2, mode=["wrap", "nearest"], axes=(0, 2),
                     extra_keywords={"w": (0.5, -1.0, 0.5)}))
    check_scipy(call("ndimage.generic_laplace", x, _d2, output=numpy.zeros(x.shape, numpy.float32)))
    check_scipy(call("ndimage.generic_gradient_magnitude", x, _d1))
    check_scipy(call("ndimage.generic_gradient_magnitude", x, _d1, output="float64", mode="constant", cval=1.5))
    check_scipy(call("ndimage.generic_gradient_magnitude", x, _d1, axes=()))


@pytest.mark.parametrize("rank_filter", [
    lambda nd, x: nd.median_filter(x, size=1),             # rank 0: SciPy's minimum filter
    lambda nd, x: nd.rank_filter(x, -1, size=3),            # the last rank: the maximum filter
    lambda nd, x: nd.rank_filter(x, 0, footprint=[1, 0, 1]),
    lambda nd, x: nd.percentile_filter(x, 100, size=3),
])
def test_rank_filters_that_become_min_or_max_stay_on_the_device(rank_filter):
    """A rank filter whose rank is the footprint's first or last hands the footprint to the min/max
    filter as device data with its host values, not as a NumPy array beside device data (the H200
    run's DeviceMismatchError); on ``meta`` (no data) the result keeps SciPy's shape (§8)."""
    import torchnp.scipy.ndimage as tnd

    r = rank_filter(tnd, torchnp.ones(6, device="meta"))
    assert r.device.type == "meta" and r.shape == (6,)
