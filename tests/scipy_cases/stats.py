"""Fake-CUDA cases of torchnp.scipy.stats (tests/scipy_cases/__init__.py)."""

from fake_cuda import A, V, c

#: distribution -> its shape parameters in the cases
_SHAPES = {"norm": (), "t": (3.0,), "chi2": (3.0,), "expon": (), "uniform": (), "gamma": (2.0,),
           "beta": (2.0, 3.0), "lognorm": (0.5,), "poisson": (3.0,), "binom": (10, 0.3)}
_DISCRETE = ("poisson", "binom")

CASES = {}
for _name, _shapes in _SHAPES.items():
    _density = ("pmf", "logpmf") if _name in _DISCRETE else ("pdf", "logpdf")
    for _m in _density + ("cdf", "logcdf", "sf", "logsf", "ppf"):
        CASES[f"scipy.stats.{_name}.{_m}"] = c(A, *_shapes)
    CASES[f"scipy.stats.{_name}.rvs"] = c(*_shapes, size=(3, 4))

CASES.update({
    "scipy.stats.zscore": c(A), "scipy.stats.skew": c(A), "scipy.stats.kurtosis": c(A),
    "scipy.stats.moment": c(A, 3), "scipy.stats.sem": c(A), "scipy.stats.gmean": c(A), "scipy.stats.hmean": c(A),
    "scipy.stats.entropy": c(A), "scipy.stats.describe": c(A), "scipy.stats.pearsonr": c(V, V),
    "scipy.stats.spearmanr": c(V, V), "scipy.stats.linregress": c(V, V),
})
