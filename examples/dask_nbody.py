"""N-body forces over a chunked set of bodies with Dask, chunks computed by torchnp.

Each Dask task computes the force on one chunk of bodies from all bodies, on the device
where its chunk lives; a ``dask.distributed`` cluster spreads the chunks over worker
processes (one GPU per worker on a GPU cluster). The result is checked against NumPy.

Run: python examples/dask_nbody.py --n 4000 --chunk 1000 --workers 2
Needs: pip install 'torchnp[dask]'
"""

import argparse
import time

import numpy
import dask.array as da

import torchnp as np

G = 6.67e-11


def forces_on(pos_i, mass_i, pos, mass):
    """Force (shape (2, k)) on the k bodies of one chunk from all n bodies.

    Written against the array's own namespace, so the same code runs on torchnp
    chunks and, for the check, on NumPy arrays.
    """
    xp = pos.__array_namespace__()
    diff = pos[:, None, :] - pos_i[:, :, None]       # diff[:, i, j] = pos_j - pos_i, (2, k, n)
    dist = xp.linalg.norm(diff, axis=0)              # (k, n)
    with numpy.errstate(divide="ignore", invalid="ignore"):
        direction = diff / dist
        f = G * mass_i[:, None] * mass[None, :] / dist**2
        return xp.nansum(direction * f[None, :, :], axis=2)  # i == j gives nan: skipped


def dask_forces(pos, mass, chunk):
    """Dask array of the forces; chunks (and ``_meta``) are torchnp arrays."""
    pos_d = da.from_array(pos, chunks=(2, chunk), asarray=False)
    mass_d = da.from_array(mass, chunks=chunk, asarray=False)
    # the 1-D mass chunks line up with the last axis of the position chunks
    return da.map_blocks(forces_on, pos_d, mass_d, pos=pos, mass=mass, dtype=pos.dtype, meta=pos[:0, :0])


def main(n=4000, chunk=1000, workers=2, client=None, timeout=None):
    rng = np.random.default_rng(0)
    pos = rng.random((2, n))
    mass = rng.random(n) + 100
    own = None
    if client is None:
        from dask.distributed import Client, LocalCluster

        own = LocalCluster(n_workers=workers, processes=True, threads_per_worker=1, dashboard_address=None)
        client = Client(own)
    try:
        t0 = time.perf_counter()
        forces = client.compute(dask_forces(pos, mass, chunk)).result(timeout=timeout)
        elapsed = time.perf_counter() - t0
    finally:
        if own is not None:
            client.close()
            own.close()
    expected = forces_on(pos.to_numpy(), mass.to_numpy(), pos.to_numpy(), mass.to_numpy())
    numpy.testing.assert_allclose(forces.to_numpy(), expected, rtol=1e-9, atol=1e-20)
    print(f"dask_nbody: n={n} chunk={chunk} {type(forces).__module__}.{type(forces).__name__} "
          f"on {forces.device}, {elapsed:.3f} s, matches NumPy")
    return forces, expected


if __name__ == "__main__":
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--n", type=int, default=4000)
    p.add_argument("--chunk", type=int, default=1000)
    p.add_argument("--workers", type=int, default=2)
    args = p.parse_args()
    main(args.n, args.chunk, args.workers)
