"""torchnp.random (docs/design.md §5.4): NumPy's stream on the host, torch's generator on devices.

The first part tests the host stream: every method NumPy has (discovered from NumPy itself)
gives NumPy's numbers, dtypes and scalar types bit for bit under the same seed; the device
stream (``stream="numpy"`` on a device, forced on the CPU through the ``_stream.HOST`` seam so
that its values can be read; shapes on ``meta``); the issue-16 errors.

The second part tests torch's generator, the implementation used on accelerators
(``stream="torch"`` makes it draw on the CPU too). Statistical tests draw N samples at a fixed seed and compare them with the
theoretical distribution (scipy.stats): a Kolmogorov-Smirnov test for
continuous distributions, a chi-square test for discrete ones, and the sample
mean/variance against the theoretical moments (within 6 standard errors).
Thresholds (p > 1e-4) make the tests deterministic under the fixed seed and
still fail for any wrong distribution at this sample size.
"""

import math
import re

import numpy
import pytest
import torch
from scipy import stats

import torchnp as tnp
from hypothesis import given
from hypothesis import strategies as st
from support import DEVICE, arrays, host, raises_like

N = 20000
P_MIN = 1e-4


def rng(seed=12345):
    """torch's generator on DEVICE (on the CPU too): the accelerator implementation."""
    return tnp.random.default_rng(seed, device=DEVICE, stream="torch")


@pytest.fixture
def torch_stream():
    """The global stream set to torch's generator for the test (the legacy functions' device path)."""
    tnp.random.set_stream("torch")
    yield
    tnp.random.set_stream("auto")


# ---------------------------------------------------------------- NumPy's stream on the host, bit for bit
#: positional parameters of every drawing method (NumPy arrays become CPU torchnp arrays on our side);
#: a method NumPy has and this table lacks fails test_every_numpy_method_matches_numpy
DRAWS = {
    "beta": (0.5, numpy.array([0.7, 2.0])), "binomial": (20, 0.3), "chisquare": (3.0,), "dirichlet": ([0.5, 2.0, 3.0],),
    "exponential": (numpy.array([2.0, 0.5]),), "f": (5.0, 12.0), "gamma": (3.0, 2.0), "geometric": (0.3,),
    "gumbel": (1.0, 2.0), "hypergeometric": (15, 10, numpy.array([8, 3])), "integers": (-3, 7),
    "laplace": (1.0, 2.0), "logistic": (1.0, 2.0), "lognormal": (0.5, 0.8), "logseries": (0.6,),
    "multinomial": (10, numpy.array([0.2, 0.3, 0.5])), "multivariate_hypergeometric": ([6, 3, 9, 2], 7),
    "multivariate_normal": (numpy.array([1.0, -2.0]), numpy.array([[2.0, 0.3], [0.3, 1.0]])),
    "negative_binomial": (3, 0.4), "noncentral_chisquare": (3.0, 2.0), "noncentral_f": (5.0, 12.0, 2.0),
    "normal": (numpy.array([[0.0], [10.0]]), numpy.array([1.0, 2.0, 3.0])), "pareto": (5.0,), "poisson": (3.5,),
    "power": (2.5,), "random": (), "rayleigh": (2.0,), "standard_cauchy": (), "standard_exponential": (),
    "standard_gamma": (2.5,), "standard_normal": (), "standard_t": (5.0,), "triangular": (0.0, 1.0, 3.0),
    "uniform": (-1.0, 3.0), "vonmises": (0.0, 2.0), "wald": (1.5, 2.0), "weibull": (1.5,), "zipf": (2.5,),
    "randint": (-3, numpy.array([7, 9])), "random_integers": (5,), "random_sample": (), "tomaxint": (),
}
SIZES = {"normal": (4, 2, 3), "beta": (3, 2), "exponential": (3, 2), "hypergeometric": (3, 2), "randint": (3, 2)}
#: the methods that take no ``size`` or something else: name -> call(generator, to_array)
CALLS = {
    "bytes": lambda g, a: g.bytes(13),
    "choice": lambda g, a: g.choice(a(numpy.arange(10.0) * 1.5), 5, p=a(numpy.full(10, 0.1))),
    "permutation": lambda g, a: g.permutation(a(numpy.arange(12).reshape(4, 3))),
    "permuted": lambda g, a: g.permuted(a(numpy.arange(12).reshape(4, 3)), axis=1),
    "shuffle": lambda g, a: _shuffled(g, a(numpy.arange(12.0).reshape(6, 2))),
    "rand": lambda g, a: g.rand(3, 2),
    "randn": lambda g, a: g.randn(3, 2),
}
GENERATOR_METHODS = sorted(tnp.random._generator._METHODS[tnp.random.Generator])
LEGACY_METHODS = sorted(tnp.random._generator._METHODS[tnp.random.RandomState])


@pytest.fixture
def default_cpu():
    """The CPU as the default device: these tests are about the host stream, whatever TORCHNP_DEVICE says."""
    with tnp.device("cpu"):
        yield


def _shuffled(g, x):
    assert g.shuffle(x) is None
    return x


def _to_tnp(x):
    return tnp.asarray(x, device="cpu") if isinstance(x, numpy.ndarray) else x


def _call(g, name, to_array, size=True):
    if name in CALLS:
        return CALLS[name](g, to_array)
    args = [to_array(a) for a in DRAWS[name]]
    return getattr(g, name)(*args, size=SIZES.get(name, (3, 2))) if size else getattr(g, name)(*args)


def assert_same_draw(got, want):
    """``got`` is what NumPy returned, as torchnp returns it on the CPU: arrays as CPU torchnp
    arrays of NumPy's dtype and values; scalars as NumPy's own scalar objects (§1.3)."""
    if isinstance(want, numpy.ndarray):
        assert isinstance(got, tnp.ndarray) and got.device == torch.device("cpu"), type(got)
        assert got.dtype == want.dtype and got.shape == want.shape
        numpy.testing.assert_array_equal(got.to_numpy(), want, strict=True)
    else:
        assert type(got) is type(want), (type(got), type(want))
        assert got == want or (got != got and want != want)


@pytest.mark.host_rules  # NumPy's stream on host data, bit for bit (§5.4)
@pytest.mark.filterwarnings("ignore:This function is deprecated:DeprecationWarning")
@pytest.mark.parametrize("size", [True, False], ids=["size", "scalar"])
@pytest.mark.parametrize("name", GENERATOR_METHODS)
def test_every_generator_method_matches_numpy(name, size, default_cpu):  # §5.4, §1.3, issue 15 item 4
    g, ref = tnp.random.default_rng(20261123), numpy.random.default_rng(20261123)
    for _ in range(2):  # the second draw checks that both states advanced alike
        assert_same_draw(_call(g, name, _to_tnp, size), _call(ref, name, lambda x: x, size))


@pytest.mark.host_rules  # NumPy's stream on host data, bit for bit (§5.4)
@pytest.mark.filterwarnings("ignore:This function is deprecated:DeprecationWarning")
@pytest.mark.parametrize("size", [True, False], ids=["size", "scalar"])
@pytest.mark.parametrize("name", LEGACY_METHODS)
def test_every_legacy_method_matches_numpy(name, size, default_cpu):  # §5.4: RandomState and the module functions
    rs, ref = tnp.random.RandomState(77), numpy.random.RandomState(77)
    assert_same_draw(_call(rs, name, _to_tnp, size), _call(ref, name, lambda x: x, size))
    if not hasattr(numpy.random, name):  # tomaxint is a method only
        return
    tnp.random.seed(5)
    got = [_call(tnp.random, name, _to_tnp, size) for _ in range(2)]
    numpy.random.seed(5)
    for g in got:
        assert_same_draw(g, _call(numpy.random, name, lambda x: x, size))


@pytest.mark.host_rules  # NumPy's stream on host data, bit for bit (§5.4)
def test_float32_opt_in_rounds_numpys_draws():  # §2.2: creation without dtype= follows the default float
    with tnp.default_float_dtype(numpy.float32), tnp.device("cpu"):
        tnp.random.seed(1)
        a = tnp.random.rand(3)
        b = tnp.random.default_rng(2).normal(size=2)
        c = tnp.random.default_rng(2).random(2, dtype=numpy.float64)
    assert a.dtype == b.dtype == numpy.float32 and c.dtype == numpy.float64
    numpy.testing.assert_array_equal(a.to_numpy(), numpy.random.RandomState(1).rand(3).astype(numpy.float32))
    numpy.testing.assert_array_equal(b.to_numpy(), numpy.random.default_rng(2).normal(size=2).astype(numpy.float32))


def test_every_numpy_name_is_offered():  # §5.1, §5.4: discovered from NumPy, so a new one fails here
    for name in [*numpy.random.__all__, "get_bit_generator", "set_bit_generator"]:
        assert hasattr(tnp.random, name), name
    for cls, npcls in ((tnp.random.Generator, numpy.random.Generator), (tnp.random.RandomState, numpy.random.RandomState)):
        missing = [n for n in dir(npcls) if not n.startswith("_") and not hasattr(cls, n)]
        assert not missing, (cls, missing)
    assert set(DRAWS) | set(CALLS) >= set(GENERATOR_METHODS) | set(LEGACY_METHODS)
    for cls in ("MT19937", "PCG64", "PCG64DXSM", "Philox", "SFC64", "SeedSequence", "BitGenerator"):
        assert getattr(tnp.random, cls) is getattr(numpy.random, cls)


@pytest.mark.host_rules  # NumPy's stream on host data, bit for bit (§5.4)
def test_array_arguments_are_handed_to_numpy_zero_copy(default_cpu):  # §3.3, §5.4
    x = tnp.arange(12.0).reshape(6, 2)
    view = x[:, 0]
    want = numpy.arange(12.0).reshape(6, 2)
    tnp.random.default_rng(3).shuffle(x)  # in place, in x's own memory, as NumPy's shuffle
    numpy.random.default_rng(3).shuffle(want)
    numpy.testing.assert_array_equal(x.to_numpy(), want)
    numpy.testing.assert_array_equal(view.to_numpy(), want[:, 0])
    out = tnp.empty((2, 3))
    assert tnp.random.default_rng(3).standard_normal(out=out) is out
    numpy.testing.assert_array_equal(out.to_numpy(), numpy.random.default_rng(3).standard_normal((2, 3)))
    perm_out = tnp.empty((6, 2))
    assert tnp.random.default_rng(4).permuted(x, axis=0, out=perm_out) is perm_out
    numpy.testing.assert_array_equal(perm_out.to_numpy(), numpy.random.default_rng(4).permuted(want, axis=0))
    lst = list(range(10))
    ref = list(range(10))
    tnp.random.seed(9)
    tnp.random.shuffle(lst)
    numpy.random.seed(9)
    numpy.random.shuffle(ref)
    assert lst == ref
    # NumPy arrays are host data: the draw is on the CPU whatever the default device (§3.3)
    with tnp.device("meta"):
        got = tnp.random.default_rng(1).normal(numpy.zeros(3))
    assert_same_draw(got, numpy.random.default_rng(1).normal(numpy.zeros(3)))
    # host-only dtypes stay NumPy's arrays (§2.5)
    strs = tnp.random.default_rng(2).choice(["a", "b", "c"], 4)
    assert type(strs) is numpy.ndarray
    numpy.testing.assert_array_equal(strs, numpy.random.default_rng(2).choice(["a", "b", "c"], 4))


@pytest.mark.host_rules  # NumPy's stream on host data, bit for bit (§5.4)
@pytest.mark.parametrize("cls", ["MT19937", "PCG64", "PCG64DXSM", "Philox", "SFC64"])
def test_bit_generators_and_seed_forms_match_numpy(cls, default_cpu):  # §5.4
    bg = getattr(numpy.random, cls)
    for make in (tnp.random.Generator, tnp.random.default_rng):
        assert_same_draw(make(bg(7)).random(5), numpy.random.Generator(bg(7)).random(5))
    assert_same_draw(tnp.random.RandomState(bg(7)).random_sample(5), numpy.random.RandomState(bg(7)).random_sample(5))
    shared = bg(8)
    g = tnp.random.Generator(shared)
    assert g.bit_generator is shared
    for seed in ([1, 2, 3], numpy.random.SeedSequence(9), numpy.array([4, 5]), tnp.asarray([4, 5], device="cpu")):
        ref = seed.to_numpy() if isinstance(seed, tnp.ndarray) else seed
        assert_same_draw(tnp.random.default_rng(seed).random(3), numpy.random.default_rng(ref).random(3))
    npg = numpy.random.default_rng(5)
    assert tnp.random.default_rng(npg).bit_generator is npg.bit_generator
    mine = tnp.random.default_rng(5)
    assert tnp.random.default_rng(mine, device="meta").bit_generator is mine.bit_generator  # one stream, as NumPy's
    legacy = numpy.random.RandomState(5)._bit_generator  # seeded the legacy way: wrapping it draws nothing from it
    before = legacy.state["state"]["pos"]
    tnp.random.Generator(legacy)
    assert legacy.state["state"]["pos"] == before
    a = [c.random(3) for c in tnp.random.default_rng(11).spawn(3)]
    b = [c.random(3) for c in numpy.random.default_rng(11).spawn(3)]
    for x, y in zip(a, b):
        assert_same_draw(x, y)


@pytest.mark.host_rules  # NumPy's stream on host data, bit for bit (§5.4)
def test_state_round_trips_in_numpys_formats(default_cpu):  # §5.4
    tnp.random.seed(123)
    state = tnp.random.get_state()
    numpy.random.seed(123)
    ref = numpy.random.get_state()
    assert state[0] == "MT19937" and numpy.array_equal(state[1], ref[1]) and state[2:] == ref[2:]
    a = tnp.random.normal(size=5)
    tnp.random.set_state(state)
    assert_same_draw(tnp.random.normal(size=5), a.to_numpy())
    rs = tnp.random.RandomState(4)
    d = rs.get_state(legacy=False)
    ref = numpy.random.RandomState(4).get_state(legacy=False)
    assert d["bit_generator"] == ref["bit_generator"] == "MT19937" and d["state"]["pos"] == ref["state"]["pos"]
    numpy.testing.assert_array_equal(d["state"]["key"], ref["state"]["key"])
    x = rs.randn(3)
    rs.set_state(d)
    assert_same_draw(rs.randn(3), x.to_numpy())
    # the global functions are NumPy's global RandomState: seeding either seeds both
    numpy.random.seed(42)
    assert_same_draw(tnp.random.rand(2), numpy.random.RandomState(42).rand(2))
    assert tnp.random.get_bit_generator() is numpy.random.get_bit_generator()


@pytest.mark.parametrize("make, exc", [
    (lambda: tnp.random.seed("a"), TypeError),                               # issue 16: NumPy's exception type
    (lambda: tnp.random.default_rng("a"), TypeError),                        # raises at construction
    (lambda: tnp.random.RandomState(-1), ValueError), (lambda: tnp.random.RandomState(1.5), TypeError),
    (lambda: tnp.random.choice(tnp.ones((2, 2))), ValueError),                # legacy choice needs 1-D
    (lambda: tnp.random.default_rng(0).random(10**13), MemoryError),
    (lambda: tnp.random.default_rng(0, stream="torch").random(10**13), MemoryError),
    (lambda: tnp.random.RandomState(0, stream="torch").choice(tnp.ones((2, 2))), ValueError),
    (lambda: tnp.random.default_rng(0, stream="bits"), ValueError), (lambda: tnp.random.set_stream("bits"), ValueError),
])
def test_issue16_errors_are_numpys(make, exc):  # §5.1, issue 16
    with pytest.raises(exc):
        make()


@pytest.mark.parametrize("stream", ["auto", "torch"])
def test_permutation_of_a_negative_int_is_empty_as_numpy(stream):  # issue 16
    want = numpy.random.permutation(-1)
    for got in (tnp.random.RandomState(0, stream=stream).permutation(-1),
                tnp.random.default_rng(0, stream=stream).permutation(-1)):
        assert got.shape == want.shape == (0,) and got.dtype == want.dtype


# no empty parameter arrays: NumPy's integers(0, empty, size=1) returns uninitialised memory
_PARAM = st.one_of(st.floats(-3, 8, allow_nan=False), arrays(dtypes=[numpy.float64], max_dims=2, min_side=1, max_side=3,
                                                            elements=st.floats(-3, 8, allow_nan=False)))
_PROPERTY = {"normal": 2, "uniform": 2, "exponential": 1, "gamma": 2, "poisson": 1, "binomial": 2, "beta": 2,
             "standard_t": 1, "integers": 2, "geometric": 1, "vonmises": 2}


@pytest.mark.host_rules  # NumPy's stream on host data, bit for bit (§5.4)
@given(seed=st.integers(0, 2**64 - 1), name=st.sampled_from(sorted(_PROPERTY)), data=st.data(),
       size=st.one_of(st.none(), st.integers(0, 4), st.tuples(st.integers(0, 3), st.integers(1, 3))),
       device_path=st.booleans())
def test_seeded_draws_equal_numpys_property(seed, name, data, size, device_path):  # §5.4, §1.3
    """Any seed, parameters (valid or not, scalars or arrays that broadcast or not) and size: the
    same numbers, dtypes, scalar types and exception types as NumPy's generator; also through
    the device path (stream="numpy", the CPU taken for a device)."""
    from torchnp.random import _stream

    params = [data.draw(_PARAM) for _ in range(_PROPERTY[name])]
    if name in ("integers", "binomial"):
        params = [numpy.floor(p).astype(numpy.int64) if isinstance(p, numpy.ndarray) else int(p) for p in params]
    try:
        want = getattr(numpy.random.default_rng(seed), name)(*params, size=size)
    except Exception as exc:  # noqa: BLE001 - we compare exception types
        with pytest.raises(type(exc)):
            getattr(tnp.random.default_rng(seed, device="cpu"), name)(*map(_to_tnp, params), size=size)
        return
    if not device_path:
        assert_same_draw(getattr(tnp.random.default_rng(seed, device="cpu"), name)(*map(_to_tnp, params), size=size), want)
        return
    saved, _stream.HOST = _stream.HOST, ()
    try:
        got = getattr(tnp.random.default_rng(seed, device="cpu", stream="numpy"), name)(*map(_to_tnp, params), size=size)
    finally:
        _stream.HOST = saved
    assert isinstance(got, tnp.ndarray)  # scalar draws are 0-d arrays on a device (§1.3)
    numpy.testing.assert_array_equal(got.to_numpy(), numpy.asarray(want), strict=True)


# ---------------------------------------------------------------- the device path
@pytest.fixture
def cpu_as_device(monkeypatch):
    """The CPU taken for an accelerator: ``stream="auto"`` draws with torch there, ``"numpy"``
    draws on the host and copies, and values can be read (meta holds none)."""
    from torchnp.random import _stream

    monkeypatch.setattr(_stream, "HOST", ())


@pytest.mark.filterwarnings("ignore:This function is deprecated:DeprecationWarning")
@pytest.mark.parametrize("name", GENERATOR_METHODS)
def test_numpy_stream_on_a_device_gives_numpys_numbers(name, cpu_as_device):  # §5.4, §1.3
    g, ref = tnp.random.default_rng(8, stream="numpy"), numpy.random.default_rng(8)
    got, want = _call(g, name, _to_tnp), _call(ref, name, lambda x: x)
    if isinstance(want, bytes):
        assert got == want
        return
    assert isinstance(got, tnp.ndarray)
    numpy.testing.assert_array_equal(got.to_numpy(), want, strict=True)
    scalar = getattr(g, name)(*DRAWS[name]) if name in DRAWS else None
    if scalar is not None and not isinstance(want_s := getattr(ref, name)(*DRAWS[name]), numpy.ndarray):
        assert isinstance(scalar, tnp.ndarray) and scalar.shape == ()  # a 0-d device array, no host scalar (§1.3)
        assert scalar.to_numpy()[()] == want_s


def test_stream_setting_and_the_device_generator(cpu_as_device):  # §5.4
    a = tnp.random.default_rng(1).random(5)  # auto on a device: torch's generator
    assert not numpy.array_equal(a.to_numpy(), numpy.random.default_rng(1).random(5))
    tnp.random.set_stream("numpy")
    try:
        assert tnp.random.get_stream() == "numpy"
        numpy.testing.assert_array_equal(tnp.random.default_rng(1).random(5).to_numpy(), numpy.random.default_rng(1).random(5))
        tnp.random.seed(3)
        numpy.testing.assert_array_equal(tnp.random.randn(4).to_numpy(), numpy.random.RandomState(3).randn(4))
        x = tnp.arange(8)  # shuffle on the device: drawn on the host, written back into x
        tnp.random.default_rng(2).shuffle(x)
        want = numpy.arange(8)
        numpy.random.default_rng(2).shuffle(want)
        numpy.testing.assert_array_equal(x.to_numpy(), want)
        out = tnp.empty(3)
        assert tnp.random.default_rng(2).random(out=out) is out
        numpy.testing.assert_array_equal(out.to_numpy(), numpy.random.default_rng(2).random(3))
        # a generator's own stream wins over the global setting
        assert not numpy.array_equal(tnp.random.default_rng(1, stream="torch").random(5).to_numpy(),
                                     numpy.random.default_rng(1).random(5))
    finally:
        tnp.random.set_stream("auto")


def test_device_parameter_checks_cost_no_sync(cpu_as_device, monkeypatch):  # §3.5, issue 14
    from torchnp.random import _stream

    monkeypatch.setattr(_stream, "SYNC_FREE", ())  # reading CPU data now counts as a device sync
    bad = tnp.asarray([1.0, -1.0])  # a device array: its check would read it back
    for g in (tnp.random.default_rng(0), tnp.random.RandomState(0)):
        g.normal(0.0, bad)  # skipped on a device...
        g.multivariate_normal(tnp.zeros(2), tnp.asarray([[1.0, 2.0], [2.0, 1.0]]))  # (NumPy warns: not PSD)
        with numpy.errstate(invalid="raise"):  # ...unless asked for
            with pytest.raises(ValueError, match="scale < 0"):
                g.normal(0.0, bad)


@pytest.mark.host_rules  # Python-data parameters: checked on the host before upload; the CPU stand-in checks no CPU tensor
def test_host_parameters_are_checked_before_upload():  # §3.5, issue 14: meta cannot be read, so these ran on the host
    g = tnp.random.default_rng(0)
    for call in (lambda: g.normal(0.0, [1.0, -1.0], device="meta"), lambda: g.integers([3, 1], 2, device="meta"),
                 lambda: g.multinomial(3, [0.7, 0.5, 0.1], device="meta"), lambda: g.dirichlet([1.0, -1.0], device="meta"),
                 lambda: g.choice(3, p=[0.5, 0.6, 0.1])):
        with tnp.device("meta"), pytest.raises(ValueError):
            call()
    with tnp.device("meta"), pytest.raises(ValueError, match="positive-semidefinite"):
        g.multivariate_normal([0.0, 0.0], [[1.0, 2.0], [2.0, 1.0]], check_valid="raise", device="meta")


@pytest.mark.parametrize("stream", ["numpy", "auto", "torch"])
@pytest.mark.parametrize("name", [n for n in GENERATOR_METHODS if n in DRAWS])
def test_draws_on_meta_have_numpys_shape_and_dtype(name, stream):  # §3.1, §5.4: no data, no host read
    args = [a.tolist() if isinstance(a, numpy.ndarray) else a for a in DRAWS[name]]  # Python data: the default device
    want = getattr(numpy.random.default_rng(0), name)(*args, size=SIZES.get(name, (3, 2)))
    with tnp.device("meta"):
        got = getattr(tnp.random.default_rng(0, stream=stream), name)(*args, size=SIZES.get(name, (3, 2)))
    assert got.device.type == "meta" and got.shape == want.shape and got.dtype == want.dtype


def test_meta_draws_consume_no_stream():  # §5.4: meta is for shapes (jit's dtype pass runs there)
    g = tnp.random.default_rng(0, stream="numpy")
    g.random(3, device="meta")
    g.normal(tnp.zeros(2, device="meta"))
    assert_same_draw(g.random(3, device="cpu"), numpy.random.default_rng(0).random(3))


@pytest.mark.host_rules  # NumPy's stream on host data, bit for bit (§5.4)
def test_jit_draws_with_torchs_generator_and_leaves_numpys_stream():  # §5.4, §6
    @tnp.jit
    def noisy(x):
        return x + tnp.random.random(4)

    tnp.random.seed(0)
    y = noisy(tnp.zeros(4, device=DEVICE))
    assert y.shape == (4,) and y.device == tnp.asarray(0, device=DEVICE).device
    assert ((y.to_numpy() >= 0) & (y.to_numpy() < 1)).all()
    with tnp.device("cpu"):
        assert_same_draw(tnp.random.rand(3), numpy.random.RandomState(0).rand(3))  # NumPy's global stream untouched


def test_fake_cuda_draws_stay_on_the_device():  # §3.5, issue 14: torch's fake CUDA tensors, on any build
    from torch._subclasses.fake_tensor import FakeTensorMode

    with FakeTensorMode(allow_non_fake_inputs=True):
        g = tnp.random.default_rng(0)
        scale = tnp.from_torch(torch.ones(3, device="cuda"))  # reading it would raise in fake mode
        for out in (g.standard_normal(3, device="cuda"), g.gamma(2.0, size=3, device="cuda"),
                    g.integers(5, size=(3,), device="cuda"), g.normal(0.0, scale), g.exponential(scale)):
            assert out.device.type == "cuda" and out.shape == (3,)


def test_meta_parameters_and_numpy_stream():  # §3.1, §3.5: meta arrays hold no values: shapes only
    g = tnp.random.default_rng(0, stream="numpy")
    loc = tnp.zeros((2, 3), device="meta")
    for out in (g.normal(loc), g.random(3, device="meta"), g.random(device="meta"),
                g.multivariate_normal(tnp.zeros(2, device="meta"), tnp.eye(2, device="meta"), size=4)):
        assert out.device.type == "meta"
    with pytest.raises(tnp.DeviceMismatchError):
        tnp.random.default_rng(0).normal(loc, numpy.ones(3))  # host data meets device data (§3.3)
    with pytest.raises(tnp.DeviceMismatchError):
        tnp.random.default_rng(0).normal(loc, size=(2, 3), device="cpu")


# name, args, kwargs, scipy distribution
CONTINUOUS = [
    ("random", (), {}, stats.uniform()),
    ("random", (), {"dtype": numpy.float32}, stats.uniform()),
    ("standard_normal", (), {}, stats.norm()),
    ("standard_normal", (), {"dtype": numpy.float32}, stats.norm()),
    ("standard_exponential", (), {}, stats.expon()),
    ("standard_gamma", (2.5,), {}, stats.gamma(2.5)),
    ("standard_gamma", (0.3,), {}, stats.gamma(0.3)),
    ("normal", (1.5, 2.0), {}, stats.norm(1.5, 2.0)),
    ("uniform", (-1.0, 3.0), {}, stats.uniform(-1.0, 4.0)),
    ("exponential", (2.0,), {}, stats.expon(scale=2.0)),
    ("gamma", (3.0, 2.0), {}, stats.gamma(3.0, scale=2.0)),
    ("beta", (0.5, 0.7), {}, stats.beta(0.5, 0.7)),
    ("beta", (2.0, 5.0), {}, stats.beta(2.0, 5.0)),
    ("chisquare", (3.0,), {}, stats.chi2(3.0)),
    ("f", (5.0, 12.0), {}, stats.f(5.0, 12.0)),
    ("standard_t", (5.0,), {}, stats.t(5.0)),
    ("standard_cauchy", (), {}, stats.cauchy()),
    ("lognormal", (0.5, 0.8), {}, stats.lognorm(0.8, scale=math.exp(0.5))),
    ("laplace", (1.0, 2.0), {}, stats.laplace(1.0, 2.0)),
    ("logistic", (1.0, 2.0), {}, stats.logistic(1.0, 2.0)),
    ("gumbel", (1.0, 2.0), {}, stats.gumbel_r(1.0, 2.0)),
    ("weibull", (1.5,), {}, stats.weibull_min(1.5)),
    ("pareto", (5.0,), {}, stats.lomax(5.0)),
    ("power", (2.5,), {}, stats.powerlaw(2.5)),
    ("rayleigh", (2.0,), {}, stats.rayleigh(scale=2.0)),
    ("vonmises", (0.0, 2.0), {}, stats.vonmises(2.0)),
    ("vonmises", (0.0, 0.3), {}, stats.vonmises(0.3)),
    ("vonmises", (0.0, 1e7), {}, stats.norm(0.0, 1 / math.sqrt(1e7))),
    ("wald", (1.5, 2.0), {}, stats.invgauss(1.5 / 2.0, scale=2.0)),
    ("triangular", (0.0, 1.0, 3.0), {}, stats.triang(1.0 / 3.0, loc=0.0, scale=3.0)),
    ("noncentral_chisquare", (3.0, 2.0), {}, stats.ncx2(3.0, 2.0)),
    ("noncentral_chisquare", (0.5, 1.0), {}, stats.ncx2(0.5, 1.0)),
    ("noncentral_f", (5.0, 12.0, 2.0), {}, stats.ncf(5.0, 12.0, 2.0)),
]

DISCRETE = [
    ("poisson", (3.5,), {}, stats.poisson(3.5)),
    ("poisson", (60.0,), {}, stats.poisson(60.0)),
    ("binomial", (20, 0.3), {}, stats.binom(20, 0.3)),
    ("negative_binomial", (3, 0.4), {}, stats.nbinom(3, 0.4)),
    ("geometric", (0.3,), {}, stats.geom(0.3)),
    ("hypergeometric", (15, 10, 8), {}, stats.hypergeom(25, 15, 8)),
    ("hypergeometric", (5, 20, 20), {}, stats.hypergeom(25, 5, 20)),
    ("logseries", (0.6,), {}, stats.logser(0.6)),
    ("zipf", (2.5,), {}, stats.zipf(2.5)),
    ("integers", (-3, 7), {}, stats.randint(-3, 7)),
    ("integers", (0, 5), {"endpoint": True}, stats.randint(0, 6)),
]


def _ids(rows):
    return [f"{r[0]}{r[1]}{'-' + str(r[2]) if r[2] else ''}" for r in rows]


def _check_moments(x, dist):
    mean, var, kurt = (float(v) for v in dist.stats(moments="mvk"))
    n = x.size
    if math.isfinite(mean) and math.isfinite(var):
        assert abs(x.mean() - mean) <= 6 * math.sqrt(var / n), (x.mean(), mean)
    if math.isfinite(var) and math.isfinite(kurt):
        m4 = (kurt + 3) * var * var
        assert abs(x.var() - var) <= 6 * math.sqrt((m4 - var * var) / n), (x.var(), var)


def _chi2_discrete(x, dist):
    ks = numpy.arange(int(dist.ppf(1e-7)), int(dist.ppf(1 - 1e-7)) + 1)
    expected = x.size * dist.pmf(ks)
    keep = expected >= 5
    observed = numpy.array([(x == k).sum() for k in ks[keep]])
    obs = numpy.append(observed, x.size - observed.sum())
    exp = numpy.append(expected[keep], x.size - expected[keep].sum())
    if exp[-1] < 1e-9:
        assert obs[-1] == 0
        obs, exp = obs[:-1], exp[:-1]
    return stats.chisquare(obs, exp).pvalue


@pytest.mark.parametrize("name,args,kw,dist", CONTINUOUS, ids=_ids(CONTINUOUS))
def test_continuous_distribution(name, args, kw, dist):  # §5.4
    out = getattr(rng(), name)(*args, size=N, **kw)
    assert str(out.device) == str(tnp.asarray(0, device=DEVICE).device)
    x = host(out).astype(numpy.float64)
    assert x.shape == (N,)
    assert numpy.isfinite(x).all()
    assert stats.kstest(x, dist.cdf).pvalue > P_MIN
    _check_moments(x, dist)


@pytest.mark.parametrize("name,args,kw,dist", DISCRETE, ids=_ids(DISCRETE))
def test_discrete_distribution(name, args, kw, dist):  # §5.4
    out = getattr(rng(), name)(*args, size=N, **kw)
    assert out.dtype == numpy.int64
    x = host(out)
    assert _chi2_discrete(x, dist) > P_MIN
    _check_moments(x.astype(numpy.float64), dist)


@pytest.mark.parametrize("mu", [2.5, -3.0])
def test_vonmises_location_wraps_to_pi(mu):  # §5.4: results in [-pi, pi], centred at mu
    x = host(rng().vonmises(mu, 2.0, size=N))
    assert (numpy.abs(x) <= math.pi).all()
    shifted = numpy.angle(numpy.exp(1j * (x - mu)))
    assert stats.kstest(shifted, stats.vonmises(2.0).cdf).pvalue > P_MIN


def test_legacy_rand_randn_randint_statistics(torch_stream):  # §2.2, §5.4
    tnp.random.seed(7)
    with tnp.device(DEVICE):
        u, z, k = tnp.random.rand(N), tnp.random.randn(N), tnp.random.randint(2, 9, size=N)
    assert u.dtype == numpy.float64 and z.dtype == numpy.float64 and k.dtype == numpy.int64
    assert stats.kstest(host(u), "uniform").pvalue > P_MIN
    assert stats.kstest(host(z), "norm").pvalue > P_MIN
    assert _chi2_discrete(host(k), stats.randint(2, 9)) > P_MIN


def test_choice_with_p_statistics():  # §5.4
    p = numpy.array([0.1, 0.0, 0.2, 0.3, 0.4])
    x = host(rng().choice(5, N, p=p))
    counts = numpy.bincount(x, minlength=5)
    assert counts[1] == 0
    assert stats.chisquare(counts[[0, 2, 3, 4]], N * p[[0, 2, 3, 4]]).pvalue > P_MIN


def test_choice_without_replacement_weighted():  # §5.4
    # first pick of a weighted sample without replacement follows p; all picks are distinct
    p = [0.5, 0.25, 0.125, 0.125]
    g = rng()
    firsts = numpy.array([int(g.choice(4, 3, replace=False, p=p)[0]) for _ in range(400)])
    assert stats.chisquare(numpy.bincount(firsts, minlength=4), 400 * numpy.array(p)).pvalue > P_MIN
    s = host(g.choice(50, 50, replace=False))
    assert sorted(s) == list(range(50))


def test_permutation_uniform():  # §5.4: every permutation of 3 items equally likely
    g = rng()
    perms = host(g.permuted(tnp.asarray(numpy.tile(numpy.arange(3), (6000, 1)), device=DEVICE), axis=1))
    codes = perms[:, 0] * 3 + perms[:, 1]
    counts = numpy.unique(codes, return_counts=True)[1]
    assert len(counts) == 6 and stats.chisquare(counts).pvalue > P_MIN


def test_multinomial_statistics():  # §5.4
    p = numpy.array([0.2, 0.3, 0.5])
    x = host(rng().multinomial(10, p, size=N))
    assert x.shape == (N, 3) and x.dtype == numpy.int64
    assert (x.sum(1) == 10).all()
    for j in range(3):
        assert _chi2_discrete(x[:, j], stats.binom(10, p[j])) > P_MIN


def test_dirichlet_statistics():  # §5.4: marginals are Beta(a_i, a0 - a_i)
    alpha = numpy.array([0.5, 2.0, 3.0])
    x = host(rng().dirichlet(alpha, size=N))
    assert x.shape == (N, 3)
    numpy.testing.assert_allclose(x.sum(1), 1.0, rtol=1e-12)
    for j in range(3):
        dist = stats.beta(alpha[j], alpha.sum() - alpha[j])
        assert stats.kstest(x[:, j], dist.cdf).pvalue > P_MIN
        _check_moments(x[:, j], dist)


@pytest.mark.parametrize("method", ["svd", "eigh", "cholesky"])
def test_multivariate_normal_statistics(method):  # §5.4
    mean = numpy.array([1.0, -2.0, 0.5])
    a = numpy.array([[2.0, 0.3, 0.1], [0.0, 1.0, 0.4], [0.0, 0.0, 0.5]])
    cov = a @ a.T
    x = host(rng().multivariate_normal(mean, cov, size=N, method=method))
    assert x.shape == (N, 3)
    sd = numpy.sqrt(numpy.diag(cov))
    assert (numpy.abs(x.mean(0) - mean) <= 6 * sd / math.sqrt(N)).all()
    se = numpy.sqrt((numpy.outer(numpy.diag(cov), numpy.diag(cov)) + cov * cov) / N)
    assert (numpy.abs(numpy.cov(x.T) - cov) <= 6 * se).all()
    w = numpy.array([0.3, -1.0, 2.0])  # any projection is normal
    proj = stats.norm(w @ mean, math.sqrt(w @ cov @ w))
    assert stats.kstest(x @ w, proj.cdf).pvalue > P_MIN


# ---------------------------------------------------------------- reproducibility
ALL = [(r[0], r[1], r[2]) for r in CONTINUOUS + DISCRETE] + [
    ("choice", (10,), {}), ("permutation", (10,), {}), ("multinomial", (5, [0.5, 0.5]), {}),
    ("dirichlet", ([1.0, 2.0],), {}), ("multivariate_normal", ([0.0, 0.0], [[1.0, 0.0], [0.0, 1.0]]), {}),
]


@pytest.mark.parametrize("name,args,kw", ALL, ids=_ids(ALL))
def test_reproducible_under_seed(name, args, kw):  # §5.4
    size = None if name == "permutation" else 50
    kws = dict(kw) if size is None else dict(kw, size=size)
    a = host(getattr(rng(3), name)(*args, **kws))
    b = host(getattr(rng(3), name)(*args, **kws))
    c = host(getattr(rng(4), name)(*args, **kws))
    numpy.testing.assert_array_equal(a, b)
    assert not numpy.array_equal(a, c)


def test_legacy_seed_and_state(torch_stream):  # §5.4
    with tnp.device(DEVICE):
        tnp.random.seed(11)
        a = host(tnp.random.random_sample(20))
        tnp.random.seed(11)
        numpy.testing.assert_array_equal(host(tnp.random.random(20)), a)
        state = tnp.random.get_state()
        b = host(tnp.random.normal(size=20))
        tnp.random.set_state(state)
        numpy.testing.assert_array_equal(host(tnp.random.normal(size=20)), b)
        tnp.random.seed(12)
        assert not numpy.array_equal(host(tnp.random.rand(20)), a)
    rs1, rs2 = tnp.random.RandomState(5, device=DEVICE), tnp.random.RandomState(5, device=DEVICE)
    numpy.testing.assert_array_equal(host(rs1.randn(3, 4)), host(rs2.randn(3, 4)))


def test_spawn_and_seed_forms():  # §5.4
    children = rng(1).spawn(2)
    a, b = (host(c.random(10)) for c in children)
    assert not numpy.array_equal(a, b)
    numpy.testing.assert_array_equal(a, host(rng(1).spawn(2)[0].random(10)))
    for seed in ([1, 2, 3], numpy.random.SeedSequence(9), tnp.random.SeedSequence(9)):
        g1 = tnp.random.default_rng(seed, device=DEVICE)
        g2 = tnp.random.default_rng(seed, device=DEVICE)
        numpy.testing.assert_array_equal(host(g1.random(5)), host(g2.random(5)))
    g = rng()
    assert tnp.random.default_rng(g) is g
    assert not numpy.array_equal(host(tnp.random.default_rng(device=DEVICE).random(5)),
                                 host(tnp.random.default_rng(device=DEVICE).random(5)))


def test_shuffle_in_place_and_bytes():  # §5.4
    x = tnp.asarray(numpy.arange(20).reshape(10, 2), device=DEVICE)
    view = x[:, 0]
    out = rng().shuffle(x)
    assert out is None
    h = host(x)
    assert sorted(h[:, 0]) == list(range(0, 20, 2)) and (h[:, 1] == h[:, 0] + 1).all()
    numpy.testing.assert_array_equal(host(view), h[:, 0])
    lst = list(range(10))
    rng().shuffle(lst)
    assert sorted(lst) == list(range(10))
    b = rng().bytes(16)
    assert isinstance(b, bytes) and len(b) == 16 and b == rng().bytes(16)


# ---------------------------------------------------------------- shapes, dtypes, broadcasting vs NumPy
SHAPE_CASES = [
    ("normal", (0.0, 1.0), {}), ("normal", (numpy.zeros(3), 1.0), {}),
    ("normal", (numpy.zeros((2, 1)), numpy.ones(3)), {}), ("normal", (numpy.zeros(3), 1.0), {"size": (4, 3)}),
    ("uniform", (), {"size": 5}), ("uniform", (numpy.zeros(2), [[1.0], [2.0]]), {}),
    ("exponential", (), {}), ("exponential", ([1.0, 2.0],), {"size": (3, 2)}),
    ("gamma", (2.0,), {"size": (2, 3)}), ("beta", ([1.0, 2.0], 3.0), {}),
    ("poisson", (), {}), ("poisson", ([1.0, 2.0],), {}), ("binomial", (10, [0.1, 0.5]), {"size": (4, 2)}),
    ("negative_binomial", (2, 0.5), {}), ("geometric", (0.5,), {"size": 0}),
    ("hypergeometric", (5, 5, [1, 2, 3]), {}), ("logseries", (0.5,), {"size": (2,)}), ("zipf", (2.0,), {}),
    ("standard_cauchy", (), {"size": (2, 2)}), ("standard_t", ([3.0, 4.0],), {}),
    ("triangular", (0.0, [0.5, 1.0], 2.0), {}), ("vonmises", (0.0, [1.0, 2.0]), {"size": (3, 2)}),
    ("wald", (1.0, 1.0), {}), ("noncentral_f", (2.0, 3.0, [1.0, 2.0]), {}),
    ("random", (), {}), ("random", (3,), {"dtype": numpy.float32}), ("standard_normal", ((2, 2),), {}),
    ("standard_exponential", (), {"size": 3, "dtype": numpy.float32}), ("standard_gamma", ([1.0, 2.0],), {}),
    ("integers", (5,), {}), ("integers", (5,), {"size": 3, "dtype": numpy.int8}),
    ("integers", ([1, 2], 10), {}), ("integers", (0, [[3], [4]]), {"size": (2, 2)}),
    ("integers", (0, 2), {"size": 4, "dtype": numpy.bool_}), ("integers", (0, 255), {"dtype": numpy.uint8, "endpoint": True}),
    ("integers", (0, 2 ** 64), {"dtype": numpy.uint64, "size": 2}), ("integers", (-2 ** 63, 2 ** 63), {"size": 2}),
    ("choice", (5,), {}), ("choice", (5, (2, 3)), {}), ("choice", (numpy.arange(12.0).reshape(3, 4), 2), {"axis": 1}),
    ("choice", ([1.5, 2.5, 3.5], 2), {"replace": False}), ("choice", (0, 0), {}),
    ("permutation", (numpy.arange(6).reshape(3, 2),), {"axis": 1}), ("permutation", (4,), {}),
    ("multinomial", (10, [0.2, 0.8]), {}), ("multinomial", ([5, 10], [[0.5, 0.5], [0.2, 0.8]]), {"size": (3, 2)}),
    ("dirichlet", ([1.0, 2.0, 3.0],), {"size": (2,)}),
    ("multivariate_normal", ([0.0, 1.0], numpy.eye(2)), {"size": (4, 3)}),
    ("permuted", (numpy.arange(6).reshape(2, 3),), {"axis": 0}),
]


def _convert(args):
    return [tnp.asarray(a, device=DEVICE) if isinstance(a, numpy.ndarray) else a for a in args]


@pytest.mark.parametrize("name,args,kw", SHAPE_CASES, ids=_ids(SHAPE_CASES))
def test_shape_and_dtype_like_numpy(name, args, kw):  # §2.2, §5.4
    expected = numpy.asarray(getattr(numpy.random.default_rng(0), name)(*args, **kw))
    got = getattr(rng(), name)(*_convert(args), **kw)
    assert isinstance(got, tnp.ndarray)
    assert got.shape == expected.shape and got.dtype == expected.dtype, (got.shape, got.dtype, expected.shape, expected.dtype)
    assert got.device == tnp.asarray(0, device=DEVICE).device


LEGACY_CASES = [
    ("rand", (2, 3), {}), ("rand", (), {}), ("randn", (4,), {}), ("randint", (5,), {"size": 3}),
    ("randint", (-3, 5, (2, 2)), {}), ("randint", (0, 3), {"dtype": numpy.int16}), ("random_sample", ((2,),), {}),
    ("random", (), {}), ("ranf", (3,), {}), ("sample", (3,), {}), ("choice", ([1, 2, 3], 5), {}),
    ("permutation", (5,), {}), ("standard_normal", (3,), {}), ("normal", (0, 1, (2, 2)), {}),
    ("uniform", (1.0, 2.0, 3), {}), ("binomial", (5, 0.5, 4), {}), ("poisson", (3.0, (2, 2)), {}),
    ("standard_gamma", (2.0,), {"size": 3}), ("beta", (1.0, 2.0), {}), ("chisquare", (2.0, 3), {}),
    ("exponential", (), {}), ("laplace", (0, 1, 2), {}), ("gumbel", (), {"size": 2}),
]


@pytest.mark.parametrize("name,args,kw", LEGACY_CASES, ids=_ids(LEGACY_CASES))
def test_legacy_functions_like_numpy(name, args, kw, torch_stream):  # §2.2: rand gives float64; §5.4
    numpy.random.seed(0)
    expected = numpy.asarray(getattr(numpy.random, name)(*args, **kw))
    with tnp.device(DEVICE):
        got = getattr(tnp.random, name)(*args, **kw)
        rs = getattr(tnp.random.RandomState(0), name)(*args, **kw)
    for g in (got, rs):
        assert isinstance(g, tnp.ndarray)
        assert g.shape == expected.shape and g.dtype == expected.dtype
        assert g.device == tnp.asarray(0, device=DEVICE).device


# ---------------------------------------------------------------- errors, same types as NumPy
ERROR_CASES = [
    ("normal", (0, -1.0), {}), ("normal", (0, numpy.array([1.0, -1.0])), {}), ("normal", ([0.0, 1.0], 1), {"size": 3}),
    ("normal", ([0.0, 1.0], 1), {"size": (3, 1)}), ("normal", (), {"size": -1}), ("uniform", (2.0, 1.0), {}),
    ("uniform", (0.0, numpy.inf), {}), ("exponential", (-1,), {}), ("gamma", (-1.0,), {}), ("beta", (0.0, 1.0), {}),
    ("chisquare", (0,), {}), ("f", (0, 1), {}), ("standard_t", (0,), {}), ("pareto", (0,), {}), ("power", (0,), {}),
    ("weibull", (-1,), {}), ("rayleigh", (-1,), {}), ("vonmises", (0, -1), {}), ("wald", (0, 1), {}),
    ("triangular", (1, 0, 2), {}), ("triangular", (0, 3, 2), {}), ("triangular", (1, 1, 1), {}),
    ("noncentral_chisquare", (0, 1), {}), ("noncentral_f", (1, 1, -1), {}),
    ("poisson", (-1,), {}), ("poisson", (1e20,), {}), ("poisson", (numpy.array([1.0, numpy.nan]),), {}),
    ("binomial", (-1, 0.5), {}), ("binomial", (5, 1.5), {}), ("negative_binomial", (0, 0.5), {}),
    ("geometric", (0,), {}), ("geometric", (numpy.array([0.5, 1.5]),), {}), ("hypergeometric", (5, 5, 11), {}),
    ("hypergeometric", (-1, 5, 1), {}), ("logseries", (1.0,), {}), ("zipf", (1.0,), {}),
    ("integers", (5, 5), {}), ("integers", (5, 4), {"endpoint": True}), ("integers", (0, 300), {"dtype": numpy.uint8}),
    ("integers", (-1, 3), {"dtype": numpy.uint8}), ("integers", (0, 3), {"dtype": numpy.float64}),
    ("integers", (numpy.array([0, 5]), numpy.array([3, 4])), {}), ("random", (), {"dtype": numpy.int32}),
    ("standard_normal", (), {"dtype": numpy.float16}), ("choice", (0,), {}), ("choice", ([],), {}),
    ("choice", (5, 6), {"replace": False}), ("choice", (5,), {"p": [0.5, 0.5]}), ("choice", (2,), {"p": [0.6, 0.5]}),
    ("choice", (2,), {"p": [-0.5, 1.5]}), ("choice", (3, 3), {"replace": False, "p": [0.5, 0.5, 0.0]}),
    ("choice", (numpy.arange(3), 2), {"axis": 1}), ("permutation", (numpy.array(5),), {}),
    ("permuted", (numpy.arange(6).reshape(2, 3),), {"axis": 2}),
    ("multinomial", (-1, [0.5, 0.5]), {}), ("multinomial", (10, [0.5, 0.5, -0.1]), {}),
    ("dirichlet", ([-1.0, 1.0],), {}), ("multivariate_normal", ([[0.0, 0.0]], numpy.eye(2)), {}),
    ("multivariate_normal", ([0.0, 0.0], numpy.eye(3)), {}), ("multivariate_normal", ([0.0], numpy.ones(2)), {}),
    ("multivariate_normal", ([0.0, 0.0], [[1.0, 2.0], [2.0, 1.0]]), {"check_valid": "raise"}),
    ("multivariate_normal", ([0.0, 0.0], numpy.eye(2)), {"check_valid": "maybe"}),
    ("normal", (0, 1), {"bad_keyword": 1}),
]


@pytest.mark.parametrize("name,args,kw", ERROR_CASES, ids=_ids(ERROR_CASES))
def test_errors_like_numpy(name, args, kw):  # §5.1, §5.4
    with pytest.raises(Exception) as np_exc:
        getattr(numpy.random.default_rng(0), name)(*args, **kw)
    raises_like(np_exc.type, getattr(rng(), name), *_convert(args), **kw)  # (device parameters: value checks)


@pytest.mark.host_rules  # Python-data parameters: checked on the host before upload; the CPU stand-in checks no CPU tensor
def test_multivariate_normal_warns_like_numpy():  # §5.4
    cov = [[1.0, 2.0], [2.0, 1.0]]
    with pytest.warns(RuntimeWarning, match="positive-semidefinite"):
        numpy.random.default_rng(0).multivariate_normal([0.0, 0.0], cov)
    with pytest.warns(RuntimeWarning, match="positive-semidefinite"):
        rng().multivariate_normal([0.0, 0.0], cov)


def test_legacy_errors_like_numpy():  # §5.1
    for seed in (-1, 2 ** 32, 1.5):
        with pytest.raises(Exception) as exc:
            numpy.random.RandomState(seed)
        with pytest.raises(exc.type):
            tnp.random.RandomState(seed)
    with pytest.raises(ValueError):
        tnp.random.randint(3, 3)
    with pytest.raises(ValueError):
        tnp.random.normal(0, -1)


# ---------------------------------------------------------------- devices
def test_results_live_on_the_requested_device():  # §3.1, §5.4
    dev = tnp.asarray(0, device=DEVICE).device
    g = tnp.random.default_rng(0, device=DEVICE)
    assert g.random(3).device == dev and g.integers(5, size=2).device == dev
    # array parameters decide the device; device= per call overrides the generator's
    loc = tnp.asarray([0.0, 1.0], device=DEVICE)
    assert tnp.random.default_rng(0, device="cpu").normal(loc).device == dev
    assert tnp.random.default_rng(0, device=DEVICE).normal(size=2, device="cpu").device == torch.device("cpu")
    assert tnp.random.default_rng(0, device="cpu").choice(loc, 3).device == dev
    # same seed on the same device: same numbers, whether the device is set on the generator or per call
    a = host(tnp.random.default_rng(5).normal(size=4, device=DEVICE))
    numpy.testing.assert_array_equal(a, host(tnp.random.default_rng(5, device=DEVICE).normal(size=4)))


def test_meta_device_gives_shapes_only():  # §3.1: data-free arrays for shape inference (used by jit)
    g = tnp.random.default_rng(0)
    loc = tnp.zeros((2, 3), device="meta")
    for out in (g.normal(loc, 1.0), g.gamma(loc + 1, size=(4, 2, 3)), g.integers(0, 5, size=(2, 3), device="meta"),
                g.poisson(loc), g.random((2, 3), device="meta")):
        assert out.device.type == "meta" and out.shape[-2:] == (2, 3)


def test_out_and_float32():  # §5.4
    out = tnp.empty(5, dtype=numpy.float32, device=DEVICE)
    res = rng().standard_normal(out=out, dtype=numpy.float32)
    assert res is out
    numpy.testing.assert_array_equal(host(out), host(rng().standard_normal(5, dtype=numpy.float32)))
    with pytest.raises(TypeError):
        rng().random(out=tnp.empty(5, device=DEVICE), dtype=numpy.float32)


def test_sampling_compiles_without_graph_breaks():  # §5.4, §6: issue 3's Monte Carlo pi
    def draws(n):
        return (tnp.random.random(n)._t + tnp.random.normal(0, 2.0, size=n)._t
                + tnp.random.default_rng(0).integers(3, size=n)._t + tnp.random.uniform(size=n)._t)

    compiled = torch.compile(draws, fullgraph=True, backend="eager")
    with tnp.device(DEVICE):
        tnp.random.seed(3)
        a = compiled(1000)
        tnp.random.seed(3)
        b = compiled(1000)
    assert a.shape == (1000,) and torch.equal(a, b)


def test_numpy_bit_generators_seed_torchnp_generators():  # §5.4: NumPy's bit generators as seed sources
    import torchnp

    for cls in ("MT19937", "PCG64", "PCG64DXSM", "Philox", "SFC64"):
        assert getattr(torchnp.random, cls) is getattr(numpy.random, cls)
        a = torchnp.random.default_rng(getattr(torchnp.random, cls)(7)).random(4)
        b = torchnp.random.Generator(getattr(numpy.random, cls)(7)).random(4)
        assert a.device == b.device
        numpy.testing.assert_array_equal(a.to_numpy(), b.to_numpy())


@pytest.mark.parametrize("method, dist", [("random", stats.uniform()), ("standard_normal", stats.norm()),
                                          ("standard_exponential", stats.expon())])
def test_large_draws_in_blocks_are_reproducible_and_thread_independent(method, dist):  # §5.4
    """CPU draws above one block are drawn block by block in parallel; the values depend only
    on the seed and the size (not on torch's thread count), and follow the distribution."""
    from torchnp.random import _generator

    n = 3 * _generator._CHUNK + 17
    a = host(getattr(rng(7), method)(n))
    assert numpy.array_equal(a, host(getattr(rng(7), method)(n)))
    threads = torch.get_num_threads()
    torch.set_num_threads(1 if threads > 1 else 2)
    try:
        assert numpy.array_equal(a, host(getattr(rng(7), method)(n)))
    finally:
        torch.set_num_threads(threads)
    blocks = a[: 3 * _generator._CHUNK].reshape(3, -1)
    assert not numpy.array_equal(blocks[0], blocks[1])  # each block has its own seed
    assert stats.kstest(a, dist.cdf).pvalue > 1e-4
    g = rng(7)
    g.random(n)
    assert not numpy.array_equal(host(g.random(10)), host(rng(7).random(10)))  # the state advanced


@pytest.mark.parametrize("method", ["marginals", "count"])
def test_multivariate_hypergeometric_matches_numpy(method):  # §5.4
    colors, nsample, n = [6, 3, 9, 2], 7, 4000
    got = host(rng(3).multivariate_hypergeometric(colors, nsample, size=n, method=method))
    want = numpy.random.default_rng(3).multivariate_hypergeometric(colors, nsample, size=n, method=method)
    assert got.shape == want.shape == (n, 4) and got.dtype == want.dtype
    assert (got.sum(-1) == nsample).all() and (got >= 0).all() and (got <= numpy.array(colors)).all()
    for i, c in enumerate(colors):  # each color's marginal is hypergeometric(c, total - c, nsample)
        ref = stats.hypergeom(sum(colors), c, nsample)
        observed = numpy.bincount(got[:, i], minlength=c + 1)[: c + 1]
        expected = ref.pmf(numpy.arange(c + 1)) * n
        keep = expected > 5
        assert stats.chisquare(observed[keep], expected[keep] * observed[keep].sum() / expected[keep].sum()).pvalue > 1e-4
    for args in [([3, 2], 6), ([3, -2], 1), ([3, 2], -1), ([[3, 2]], 1), ([3.5, 2], 1)]:
        with pytest.raises(ValueError) as np_exc:
            numpy.random.default_rng().multivariate_hypergeometric(*args)
        with pytest.raises(ValueError, match=re.escape(str(np_exc.value)[:20])):
            rng().multivariate_hypergeometric(*args)
    with pytest.raises(ValueError, match="method"):
        rng().multivariate_hypergeometric([1, 2], 1, method="bad")
    assert host(rng().multivariate_hypergeometric([], 0)).shape == (0,)


def test_large_draws_work_in_a_forked_child():  # §5.4: no hang on the parent's (absent) threads
    import multiprocessing

    from torchnp.random import _generator

    if "fork" not in multiprocessing.get_all_start_methods() or DEVICE != "cpu":
        pytest.skip("needs fork start method and the CPU")  # the draw runs in a subprocess
    n = 3 * _generator._CHUNK
    rng(1).random(n)  # the parent makes its pool
    ctx = multiprocessing.get_context("fork")
    with ctx.Pool(1) as pool:
        result = pool.apply_async(_child_draw, (n,))
        assert result.get(timeout=60) == n


def _child_draw(n):
    return int(rng(2).random(n).size)
