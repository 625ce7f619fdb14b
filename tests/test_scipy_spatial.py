"""torchnp.scipy.spatial.distance against SciPy (DESIGN §8.2): SciPy's bits on host data, the
torch implementation within tolerance under the accelerator rules (tests/scipy_support.py)."""

import contextlib

import numpy
import pytest
from hypothesis import given, settings, strategies as st

import torchnp
from scipy_support import accelerator_rules, call, check_scipy, ours, scipy_result
from support import DEVICE, examples

_METRICS = ["euclidean", "sqeuclidean", "cityblock", "chebyshev", "minkowski", "cosine", "correlation",
            "hamming", "jaccard", "seuclidean", "braycurtis", "canberra"]
_WEIGHTED = {"euclidean", "sqeuclidean", "cityblock", "chebyshev", "minkowski", "cosine", "correlation",
             "hamming", "jaccard", "braycurtis", "canberra"}


def _points(m, n, kind, seed):
    rng = numpy.random.default_rng(seed)
    if kind == "bool":
        return rng.random((m, n)) < 0.5
    if kind == "int":
        return rng.integers(-2, 3, (m, n))
    x = rng.uniform(-3, 3, (m, n))
    if kind == "ties":  # repeated rows and zero coordinates: exact zero distances, 0/0 terms
        x = numpy.round(x)
        x[-1] = x[0]
    return x.astype("float32" if kind == "float32" else "float64")


@settings(max_examples=examples(40), deadline=None)
@given(metric=st.sampled_from(_METRICS), ma=st.integers(1, 6), mb=st.integers(1, 6), n=st.integers(1, 5),
       kind=st.sampled_from(["float64", "float32", "int", "bool", "ties"]), weighted=st.booleans(),
       p=st.sampled_from([1.0, 1.5, 3.0, numpy.inf]), seed=st.integers(0, 99))
def test_cdist_pdist(metric, ma, mb, n, kind, weighted, p, seed):
    xa, xb = _points(ma, n, kind, seed), _points(mb, n, kind, seed + 1)
    kw = {}
    if metric == "minkowski":
        kw["p"] = p
    if weighted and metric in _WEIGHTED:
        kw["w"] = numpy.random.default_rng(seed).uniform(0.1, 2.0, n)
    if metric == "seuclidean" and weighted:
        kw["V"] = numpy.random.default_rng(seed).uniform(0.5, 2.0, n)
    # matrix products (cosine, correlation) sum in another order than SciPy's loops: ~1e-15 absolute
    atol = 1e-12 if metric in ("cosine", "correlation") else None
    check_scipy(call("spatial.distance.cdist", xa, xb, metric, **kw), atol=atol)
    check_scipy(call("spatial.distance.pdist", xa, metric, **kw), atol=atol)


@pytest.mark.parametrize("alias", ["eu", "sqe", "cb", "cheb", "cos", "co", "h", "j", "mi", "Euclidean"])
def test_metric_aliases(alias):
    x = _points(4, 3, "float64", 0)
    check_scipy(call("spatial.distance.cdist", x, x[:2], alias))
    check_scipy(call("spatial.distance.pdist", x, alias))


def test_euclidean_is_accurate():  # exact differences, not |a|^2 + |b|^2 - 2 a.b (cancellation)
    x = 1e8 + numpy.array([[0.0, 0.0], [1e-3, 0.0], [0.0, 2e-3]])
    check_scipy(call("spatial.distance.cdist", x, x))
    check_scipy(call("spatial.distance.pdist", x), rtol=1e-12)


def test_errors():
    x = numpy.ones((3, 2))
    check_scipy(call("spatial.distance.cdist", x, numpy.ones((3, 3))))
    check_scipy(call("spatial.distance.cdist", numpy.ones(3), x))
    check_scipy(call("spatial.distance.cdist", x, x, "nonsense"))
    check_scipy(call("spatial.distance.cdist", x, x, 3))
    check_scipy(call("spatial.distance.cdist", x, x, "minkowski", p=-1))
    check_scipy(call("spatial.distance.cdist", x, x, "euclidean", w=numpy.ones(3)))
    check_scipy(call("spatial.distance.cdist", x, x, "seuclidean", V=numpy.ones(3)))
    check_scipy(call("spatial.distance.pdist", numpy.ones(3)))
    check_scipy(call("spatial.distance.cdist", x, x, "euclidean", w=-numpy.ones(2)), value_check=True)


def test_out():
    x = _points(4, 3, "float64", 1)
    out = numpy.empty((4, 4))
    check_scipy(call("spatial.distance.cdist", x, x, out=out))
    check_scipy(call("spatial.distance.cdist", x, x, out=numpy.empty((4, 3))))
    check_scipy(call("spatial.distance.pdist", x, "cityblock", out=numpy.empty(6)))
    with accelerator_rules():
        o = torchnp.empty((4, 4), device=DEVICE)
        r = torchnp.scipy.spatial.distance.cdist(torchnp.asarray(x, device=DEVICE), torchnp.asarray(x, device=DEVICE),
                                                 out=o)
    assert r is o


def test_host_only_metric_on_device():  # §8.3: a TypeError naming the fix, never a silent copy
    x = torchnp.empty((3, 2), device="meta")
    with pytest.raises(TypeError, match=r"to_numpy"):
        torchnp.scipy.spatial.distance.cdist(x, x, "yule")
    with pytest.raises(TypeError, match=r"to_numpy"):
        torchnp.scipy.spatial.distance.pdist(x, lambda u, v: 0.0)


@settings(max_examples=examples(30), deadline=None)
@given(n=st.integers(0, 6), dtype=st.sampled_from(["float64", "float32", "int64", "bool"]),
       force=st.sampled_from(["no", "tomatrix", "tovector"]), seed=st.integers(0, 99))
def test_squareform(n, dtype, force, seed):
    v = numpy.random.default_rng(seed).uniform(0.5, 3, n * (n - 1) // 2).astype(dtype)
    check_scipy(call("spatial.distance.squareform", v, force=force))
    m = numpy.zeros((n, n), dtype)
    iu = numpy.triu_indices(n, 1)
    m[iu] = v
    m = m + m.T if dtype != "bool" else m | m.T
    check_scipy(call("spatial.distance.squareform", m, force=force))


def test_squareform_errors():
    check_scipy(call("spatial.distance.squareform", numpy.ones(4)))
    check_scipy(call("spatial.distance.squareform", numpy.ones((2, 3))))
    check_scipy(call("spatial.distance.squareform", numpy.ones((2, 2, 2))))
    check_scipy(call("spatial.distance.squareform", numpy.ones((3, 3))), value_check=True)  # diagonal
    check_scipy(call("spatial.distance.squareform", numpy.triu(numpy.ones((3, 3)), 1)), value_check=True)
    check_scipy(call("spatial.distance.squareform", numpy.ones((3, 3)), checks=False))


def _device_metrics():
    """SciPy's metrics and their aliases (``_METRICS[...].aka``), split into torchnp's device
    metrics (docs/scipy.md) and the others, which are host only."""
    from scipy.spatial.distance import _METRICS

    device = {"braycurtis", "canberra", "chebyshev", "cityblock", "correlation", "cosine", "euclidean", "hamming",
              "jaccard", "minkowski", "seuclidean", "sqeuclidean"}
    return ({k: sorted(m.aka) for k, m in _METRICS.items() if k in device},
            sorted(k for k in _METRICS if k not in device))


@pytest.mark.parametrize("name", sorted(_device_metrics()[0]))
def test_every_scipy_alias(name):  # §8.2: each of SciPy's names for a device metric
    x = _points(4, 3, "float64", 0)
    for alias in _device_metrics()[0][name]:
        check_scipy(call("spatial.distance.cdist", x, x[:2], alias))


@pytest.mark.parametrize("name", _device_metrics()[1])
def test_every_host_only_metric_refuses_device_data(name):  # §8.3: the TypeError naming the fix
    x = torchnp.empty((3, 2), device="meta")
    with pytest.raises(TypeError, match=r"to_numpy"):
        torchnp.scipy.spatial.distance.cdist(x, x, name)


@pytest.mark.parametrize("c", [
    call("spatial.distance.cdist", numpy.ones((3, 2)), numpy.ones((3, 2)), 3),
    call("spatial.distance.squareform", numpy.array([[0.0, 1, 2], [1, 0, 3], [2, 4, 0]])),  # not symmetric
], ids=lambda c: c.name)
def test_error_messages_are_scipys(c):  # type and message, host data and the torch path (value checks
    _, exc = scipy_result(c)         # under errstate(invalid="raise"), §3.5)
    for rules in (contextlib.nullcontext, accelerator_rules):
        with rules(), torchnp.errstate(invalid="raise"), pytest.raises(type(exc)) as info:
            ours(c)
        assert str(info.value) == str(exc)


def test_unexpected_keyword_is_a_type_error():  # SciPy's TypeError (its message is its binding's)
    check_scipy(call("spatial.distance.cdist", numpy.ones((3, 2)), numpy.ones((3, 2)), "euclidean", foo=1))
    with accelerator_rules(), pytest.raises(TypeError, match=r"^euclidean\(\) got an unexpected keyword argument 'foo'$"):
        torchnp.scipy.spatial.distance.cdist(torchnp.ones((3, 2)), torchnp.ones((3, 2)), "euclidean", foo=1)


def test_squareform_checks_pass_a_distance_matrix():  # the value checks made (§3.5) accept a valid one
    with torchnp.errstate(invalid="raise"):
        check_scipy(call("spatial.distance.squareform", numpy.array([[0.0, 1, 2], [1, 0, 3], [2, 3, 0]])))
