"""Array API consumers on torchnp arrays (issue 8, §5.3): scikit-learn estimators under
``sklearn.config_context(array_api_dispatch=True)`` and SciPy functions with array API
support fit/compute on torchnp arrays, return torchnp arrays on the same device, and agree
with the same calls on NumPy arrays.

SciPy reads ``SCIPY_ARRAY_API=1`` once, when it is first imported (scikit-learn's dispatch
needs it too), so this module sets it before importing them. When another test module
of the session imported SciPy earlier without it, each test here re-runs itself in a
fresh interpreter with the variable set (``_array_api_process``).
"""

import functools
import os
import subprocess
import sys

os.environ.setdefault("SCIPY_ARRAY_API", "1")  # before scipy / sklearn are imported

import numpy  # noqa: E402
import pytest  # noqa: E402

import torchnp  # noqa: E402
from support import accelerator_rules, assert_like_numpy, tnp  # noqa: E402

sklearn = pytest.importorskip("sklearn", reason="scikit-learn is optional: pip install 'torchnp[ecosystem]' "
                                                 "(in the test extra)")
scipy = pytest.importorskip("scipy", reason="SciPy is in the test extra")
import scipy.cluster.vq  # noqa: E402
import scipy.signal  # noqa: E402
import scipy.special  # noqa: E402
import scipy.stats  # noqa: E402
from scipy._lib._array_api import SCIPY_ARRAY_API  # noqa: E402
from sklearn.decomposition import PCA  # noqa: E402
from sklearn.discriminant_analysis import LinearDiscriminantAnalysis  # noqa: E402
from sklearn.linear_model import Ridge  # noqa: E402

RNG = numpy.random.default_rng(0)
X = RNG.standard_normal((60, 5)) * numpy.array([3.0, 2.0, 1.0, 0.5, 0.1])
Y_CLASS = (X[:, 0] + 0.5 * X[:, 1] > 0).astype(numpy.int64) + (X[:, 2] > 1)
Y_REG = X @ numpy.arange(1.0, 6.0) + 0.1 * RNG.standard_normal(60)


def _array_api_process(test):
    """Run ``test`` here if SciPy's array API support is on, else in a fresh interpreter."""

    @functools.wraps(test)
    def run():
        if SCIPY_ARRAY_API and os.environ.get("SCIPY_ARRAY_API") == "1":  # scikit-learn checks for "1"
            return test()
        env = dict(os.environ, SCIPY_ARRAY_API="1")
        proc = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                               f"{__file__}::{test.__name__}"], env=env, capture_output=True, text=True,
                              timeout=300, cwd=os.path.dirname(__file__))
        assert proc.returncode == 0, proc.stdout[-4000:] + proc.stderr[-2000:]

    return run


def _torchnp_like(r, expected, rtol=1e-8, atol=1e-10):
    assert isinstance(r, torchnp.ndarray), type(r)
    assert r.device == tnp(X).device
    assert_like_numpy(r, expected, rtol=rtol, atol=atol)


@_array_api_process
def test_array_api_compat_sees_torchnp():
    from array_api_compat import array_namespace

    x = tnp(X)
    assert array_namespace(x) is torchnp.array_api
    assert x.__array_namespace__() is torchnp.array_api
    assert callable(torchnp.__array_namespace_info__)


@_array_api_process
def test_pca_fit_transform_on_torchnp():
    expected = PCA(n_components=3, svd_solver="full").fit(X)
    with sklearn.config_context(array_api_dispatch=True):
        pca = PCA(n_components=3, svd_solver="full").fit(tnp(X))
        z = pca.transform(tnp(X))
        back = pca.inverse_transform(z)
    _torchnp_like(pca.explained_variance_, expected.explained_variance_)
    # component signs are fixed by svd_flip, so the projections compare directly
    _torchnp_like(pca.components_, expected.components_)
    _torchnp_like(z, expected.transform(X))
    _torchnp_like(back, expected.inverse_transform(expected.transform(X)))


@_array_api_process
def test_linear_discriminant_analysis_on_torchnp():
    expected = LinearDiscriminantAnalysis(solver="svd").fit(X, Y_CLASS)
    with sklearn.config_context(array_api_dispatch=True):
        lda = LinearDiscriminantAnalysis(solver="svd").fit(tnp(X), tnp(Y_CLASS))
        pred = lda.predict(tnp(X))
        proba = lda.predict_proba(tnp(X))
        z = lda.transform(tnp(X))
    _torchnp_like(pred, expected.predict(X))
    _torchnp_like(proba, expected.predict_proba(X), rtol=1e-7, atol=1e-9)
    _torchnp_like(torchnp.abs(z), numpy.abs(expected.transform(X)))  # the sign of each axis is arbitrary


@_array_api_process
def test_ridge_svd_on_torchnp():
    expected = Ridge(alpha=1.0, solver="svd").fit(X, Y_REG)
    with sklearn.config_context(array_api_dispatch=True):
        ridge = Ridge(alpha=1.0, solver="svd").fit(tnp(X), tnp(Y_REG))
        pred = ridge.predict(tnp(X))
    _torchnp_like(ridge.coef_, expected.coef_)
    _torchnp_like(pred, expected.predict(X))
    if not accelerator_rules():  # NumPy's scalar from host data (§1.3); a 0-d array on a device
        assert type(ridge.intercept_) is type(expected.intercept_)
    assert abs(float(ridge.intercept_) - expected.intercept_) < 1e-9


@_array_api_process
def test_scipy_special_on_torchnp():
    x = tnp(X)
    _torchnp_like(scipy.special.erf(x), scipy.special.erf(X))
    _torchnp_like(scipy.special.logsumexp(x, axis=0), scipy.special.logsumexp(X, axis=0))
    _torchnp_like(scipy.special.softmax(x, axis=1), scipy.special.softmax(X, axis=1))


@_array_api_process
def test_scipy_signal_stats_cluster_on_torchnp():
    x = tnp(X)
    _torchnp_like(scipy.signal.convolve(x[:, 0], x[:7, 1]), scipy.signal.convolve(X[:, 0], X[:7, 1]))
    _torchnp_like(scipy.stats.zscore(x), scipy.stats.zscore(X))
    _torchnp_like(scipy.stats.skew(x), scipy.stats.skew(X))
    _torchnp_like(scipy.cluster.vq.whiten(x), scipy.cluster.vq.whiten(X))
    code, dist = scipy.cluster.vq.vq(x, x[:4])
    ecode, edist = scipy.cluster.vq.vq(X, X[:4])
    _torchnp_like(code, ecode.astype(numpy.asarray(code).dtype))
    _torchnp_like(dist, edist)
