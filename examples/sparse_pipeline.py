"""(g) A sparse SciPy pipeline on the device: only the imports change (DESIGN §8; docs/scipy.md).

A 2-D Poisson problem and a graph Laplacian, as a SciPy user writes them: the five-point
Laplacian of an n x n grid from ``sparse.diags_array`` and ``sparse.kron``, solved with
``linalg.cg`` and with the direct ``linalg.spsolve``; a random graph's Laplacian from its
adjacency list (``sparse.coo_array``), its smallest eigenpairs with ``linalg.eigsh`` and
``linalg.lobpcg``. The functions are written once; the port is the imports:

    import numpy as np                         import torchnp as np
    from scipy import sparse                   from torchnp.scipy import sparse
    from scipy.sparse import linalg            from torchnp.scipy.sparse import linalg

On host data torchnp.scipy runs SciPy's own functions (SciPy's results, bit for bit); on a GPU
the sparse arrays are torch sparse tensors there and the solvers iterate there. ``spsolve``
needs torch's sparse direct solver (CUDA builds with cuDSS); elsewhere on a device it raises
a ``TypeError`` naming ``cg`` (docs/scipy.md).

Run: python examples/sparse_pipeline.py [--device cuda] [--n 64]
"""

import argparse


def poisson_matrix(np, sparse, n):
    """The five-point Laplacian of an n x n grid (Dirichlet boundary), in CSR."""
    T = sparse.diags_array([-np.ones(n - 1), 2.0 * np.ones(n), -np.ones(n - 1)], offsets=[-1, 0, 1], shape=(n, n))
    I = sparse.eye_array(n)
    return (sparse.kron(I, T) + sparse.kron(T, I)).tocsr()


def poisson_cg(np, sparse, linalg, n, f):
    """Solve A u = f by conjugate gradients; the residual and the solution's summaries."""
    A = poisson_matrix(np, sparse, n)
    u, info = linalg.cg(A, f, rtol=1e-10)
    return {
        "cg u": u,
        "cg info": np.asarray(info),
        "cg residual": np.linalg.norm(A @ u - f) / np.linalg.norm(f),
        "cg max": np.max(u),
        "row sums": A.sum(axis=1),
    }


def poisson_direct(np, sparse, linalg, n, f):
    """The same system by the sparse direct solver."""
    A = poisson_matrix(np, sparse, n)
    u = linalg.spsolve(A, f)
    return {"spsolve u": u, "spsolve residual": np.linalg.norm(A @ u - f) / np.linalg.norm(f)}


def laplacian_modes(np, sparse, linalg, n_nodes, edges, v0, X, k=4):
    """The graph Laplacian L = D - W of an undirected graph; its k smallest eigenvalues by eigsh
    and by lobpcg, the Fiedler vector's magnitudes, and the degrees."""
    i, j = edges[:, 0], edges[:, 1]
    w = np.ones(i.shape[0])
    W = sparse.coo_array((np.concatenate([w, w]), (np.concatenate([i, j]), np.concatenate([j, i]))),
                         shape=(n_nodes, n_nodes)).tocsr()
    degree = W.sum(axis=1)
    L = (sparse.diags_array(degree) - W).tocsr()
    vals, vecs = linalg.eigsh(L, k=k, which="SA", v0=v0, tol=1e-12)
    lvals, lvecs = linalg.lobpcg(L, X, largest=False, tol=1e-9, maxiter=500)
    return {
        "eigsh values": vals,
        "lobpcg values": np.sort(lvals),
        "fiedler magnitudes": np.abs(vecs[:, 1]),
        "degree": degree,
    }


def inputs(n=32, n_nodes=300, k=4, seed=0):
    """NumPy data: a right-hand side with two point sources, a connected random graph (a ring
    with random chords) and the eigensolvers' starting vectors."""
    import numpy

    rng = numpy.random.default_rng(seed)
    f = numpy.zeros(n * n)
    f[(n // 4) * n + n // 4] = 1.0
    f[(3 * n // 4) * n + 3 * n // 4] = -0.5
    f += 1e-3 * rng.standard_normal(n * n)
    ring = numpy.stack([numpy.arange(n_nodes), (numpy.arange(n_nodes) + 1) % n_nodes], axis=1)
    chords = rng.integers(0, n_nodes, size=(n_nodes // 2, 2))
    chords = chords[chords[:, 0] != chords[:, 1]]
    edges = numpy.concatenate([ring, chords])
    return {"n": n, "f": f, "n_nodes": n_nodes, "edges": edges, "v0": rng.standard_normal(n_nodes),
            "X": rng.standard_normal((n_nodes, k))}


def analyse(np, sparse, linalg, data, direct=True):
    """The whole pipeline on ``data`` (arrays of ``np``)."""
    out = poisson_cg(np, sparse, linalg, data["n"], data["f"])
    if direct:
        out.update(poisson_direct(np, sparse, linalg, data["n"], data["f"]))
    out.update(laplacian_modes(np, sparse, linalg, data["n_nodes"], data["edges"], data["v0"], data["X"]))
    return out


def with_scipy(data, direct=True):
    import numpy
    import scipy.sparse
    import scipy.sparse.linalg

    return analyse(numpy, scipy.sparse, scipy.sparse.linalg, data, direct)


def on(data, device):
    """``data`` as torchnp arrays on ``device`` (sizes stay Python ints)."""
    import torchnp

    return {k: torchnp.asarray(v, device=device) if hasattr(v, "shape") else v for k, v in data.items()}


def with_torchnp(data, device="cpu", direct=True):
    import torchnp
    from torchnp.scipy import sparse
    from torchnp.scipy.sparse import linalg

    return analyse(torchnp, sparse, linalg, on(data, device), direct)


def main(n=64, device=None):
    import numpy
    import torch
    import torchnp

    from _timing import median_time

    data = inputs(n)
    t_scipy, expected = median_time(with_scipy, data, repeats=3)
    print(f"SciPy (NumPy arrays)        {t_scipy * 1e3:9.1f} ms")
    devices = [device] if device else ["cpu"] + (["cuda"] if torch.cuda.is_available() else [])
    for dev in devices:
        try:
            t, got = median_time(with_torchnp, data, dev, repeats=3)
        except TypeError as exc:  # no sparse direct solver for this device in torch
            print(f"torchnp.scipy on {dev:<10} spsolve: {exc}")
            t, got = median_time(with_torchnp, data, dev, False, repeats=3)
        worst = max(float(numpy.max(numpy.abs(torchnp.to_numpy(torchnp.asarray(got[k])) - expected[k])
                                    / numpy.maximum(numpy.abs(expected[k]), 1e-300))) for k in got
                    if "residual" not in k)
        print(f"torchnp.scipy on {dev:<10} {t * 1e3:9.1f} ms   max rel diff {worst:.1e}")
    for k, v in expected.items():
        print(f"  {k}: {numpy.array2string(numpy.asarray(v).ravel()[:4], precision=6)}")


if __name__ == "__main__":
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--n", type=int, default=64)
    p.add_argument("--device", default=None)
    args = p.parse_args()
    main(args.n, args.device)
