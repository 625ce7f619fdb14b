"""Fake-CUDA cases of torchnp.scipy.special (tests/scipy_cases/__init__.py)."""

from fake_cuda import A, IA, PA, V, c  # noqa: F401

_UNARY = """
cbrt digamma entr erf erfc erfcinv erfcx erfinv exp10 exp2 expit expm1 gamma gammaln gammasgn i0 i0e i1 i1e
j0 j1 k0 k0e k1 k1e log1p log_expit log_ndtr logit ndtr ndtri psi rgamma round y0 y1
""".split()
_BINARY = """
beta betaln binom boxcox boxcox1p gammainc gammaincc inv_boxcox inv_boxcox1p kl_div rel_entr xlog1py xlogy
""".split()

CASES = {f"scipy.special.{n}": c(A) for n in _UNARY}
CASES.update({f"scipy.special.{n}": c(A, A) for n in _BINARY})
CASES.update({
    "scipy.special.betainc": c(A, A, A),
    "scipy.special.logsumexp": c(A, axis=1, b=A, return_sign=True),
    "scipy.special.softmax": c(A, axis=0),
    "scipy.special.log_softmax": c(A, axis=-1),
    "scipy.special.comb": c(PA, IA),
    "scipy.special.factorial": c(IA),
    "scipy.special.polygamma": c(IA, A),
    "scipy.special.zeta": c(A),
})
