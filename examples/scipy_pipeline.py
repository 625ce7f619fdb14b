"""(f) A SciPy pipeline on the device: only the imports change (DESIGN §8; docs/porting.md).

A noisy image and a sampled signal, as a SciPy user analyses them: denoise with
``ndimage.gaussian_filter``, find edges with ``ndimage.sobel``, the signal's spectrum with
``signal.welch``, two-sided tail probabilities with ``special.ndtr`` after ``stats.zscore``,
summaries with ``stats.describe``, and the distances between feature points with
``spatial.distance.cdist``. ``analyse`` is written once; the port is the imports:

    import numpy as np                                 import torchnp as np
    from scipy import ndimage, signal, special, stats  from torchnp.scipy import ndimage, signal, special, stats
    from scipy.spatial import distance                 from torchnp.scipy.spatial import distance

On host data torchnp.scipy runs SciPy's own functions (SciPy's results, bit for bit); on a GPU
its torch implementations, within 1e-6 of SciPy's.

Run: python examples/scipy_pipeline.py [--device cuda] [--size 512]
"""

import argparse


def analyse(np, ndimage, signal, special, stats, distance, image, samples, points, fs=1000.0):
    """The pipeline, written against NumPy's and SciPy's modules (passed in only so that this
    file can run both side by side; in a real program they are the module-level imports)."""
    smooth = ndimage.gaussian_filter(image, sigma=2.0)
    edges = np.hypot(ndimage.sobel(smooth, axis=0), ndimage.sobel(smooth, axis=1))
    z = stats.zscore(edges, axis=None)
    p_two_sided = 2 * special.ndtr(-np.abs(z))
    freqs, power = signal.welch(samples, fs=fs, nperseg=256)
    summary = stats.describe(samples)
    dist = distance.cdist(points, points)
    return {
        "smooth": smooth,
        "edge fraction": np.mean(p_two_sided < 1e-3),
        "peak frequency": freqs[np.argmax(power)],
        "power": power,
        "mean": summary.mean,
        "variance": summary.variance,
        "skewness": summary.skewness,
        "nearest neighbour": np.sort(dist, axis=1)[:, 1],
    }


def inputs(size=256, n=2**14, n_points=200, seed=0):
    """NumPy data: a square with noise, a 50 Hz tone in noise, random points."""
    import numpy

    rng = numpy.random.default_rng(seed)
    image = numpy.zeros((size, size))
    image[size // 4: 3 * size // 4, size // 4: 3 * size // 4] = 1.0
    image += 0.2 * rng.standard_normal(image.shape)
    t = numpy.arange(n) / 1000.0
    samples = numpy.sin(2 * numpy.pi * 50 * t) + 0.5 * rng.standard_normal(n)
    return image, samples, rng.random((n_points, 2))


def with_scipy(data):
    import numpy
    import scipy.ndimage
    import scipy.signal
    import scipy.spatial.distance
    import scipy.special
    import scipy.stats

    return analyse(numpy, scipy.ndimage, scipy.signal, scipy.special, scipy.stats, scipy.spatial.distance, *data)


def with_torchnp(data, device="cpu"):
    import torchnp
    from torchnp.scipy import ndimage, signal, special, stats
    from torchnp.scipy.spatial import distance

    arrays = [torchnp.asarray(a, device=device) for a in data]
    return analyse(torchnp, ndimage, signal, special, stats, distance, *arrays)


def main(size=256, device=None):
    import numpy
    import torchnp

    from _timing import median_time

    data = inputs(size)
    t_scipy, expected = median_time(with_scipy, data, repeats=3)
    print(f"SciPy (NumPy arrays)        {t_scipy * 1e3:9.1f} ms")
    import torch

    devices = [device] if device else ["cpu"] + (["cuda"] if torch.cuda.is_available() else [])
    for dev in devices:
        t, got = median_time(with_torchnp, data, dev, repeats=3)
        worst = max(float(numpy.max(numpy.abs(torchnp.to_numpy(torchnp.asarray(got[k])) - expected[k])
                                    / numpy.maximum(numpy.abs(expected[k]), 1e-300))) for k in expected)
        print(f"torchnp.scipy on {dev:<10} {t * 1e3:9.1f} ms   max rel diff {worst:.1e}")
    for k, v in expected.items():
        if numpy.ndim(v) == 0:
            print(f"  {k}: {float(v):.6g}")


if __name__ == "__main__":
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--size", type=int, default=256)
    p.add_argument("--device", default=None)
    args = p.parse_args()
    main(args.size, args.device)
