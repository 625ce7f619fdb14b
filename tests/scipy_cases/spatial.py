"""Fake-CUDA cases of torchnp.scipy.spatial.distance (tests/scipy_cases/__init__.py)."""

from fake_cuda import A, Arr, V, c  # noqa: F401

P = Arr((5, 4))

CASES = {
    "scipy.spatial.distance.cdist": c(A, P),
    "scipy.spatial.distance.cdist[cosine]": c(A, P, "cosine"),
    "scipy.spatial.distance.cdist[weighted minkowski]": c(A, P, "minkowski", p=3.0, w=Arr((4,))),
    "scipy.spatial.distance.cdist[seuclidean]": c(A, P, "seuclidean"),
    "scipy.spatial.distance.cdist[jaccard]": c(Arr((3, 4), "bool"), Arr((5, 4), "bool"), "jaccard"),
    "scipy.spatial.distance.cdist[out]": c(A, P, out=Arr((3, 5))),
    "scipy.spatial.distance.pdist": c(P),
    "scipy.spatial.distance.pdist[correlation]": c(P, "correlation"),
    "scipy.spatial.distance.squareform": c(V),
    "scipy.spatial.distance.squareform[tovector]": c(Arr((4, 4)), checks=False),
}
