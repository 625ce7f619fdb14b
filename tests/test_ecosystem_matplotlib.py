"""matplotlib plots CPU torchnp arrays directly through ``numpy.asarray`` (§4.3, issue 8):
a figure of the N-body example (positions and forces computed by torchnp)."""

import pathlib
import sys

import numpy
import pytest

import torchnp

matplotlib = pytest.importorskip("matplotlib", reason="matplotlib is optional: pip install 'torchnp[ecosystem]' "
                                                       "(in the test extra)")
matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

EXAMPLES = pathlib.Path(__file__).resolve().parent.parent / "examples"
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


@pytest.fixture(scope="module")
def nbody():
    sys.path.insert(0, str(EXAMPLES))
    try:
        import nbody
    finally:
        sys.path.remove(str(EXAMPLES))
    return nbody


def test_nbody_figure_from_torchnp_arrays(nbody, tmp_path):
    rng = torchnp.random.default_rng(0)
    pos = rng.random((2, 64), device="cpu")  # CPU arrays: matplotlib reads them without a copy (§4.3)
    mass = rng.random(64, device="cpu") + 100
    forces = nbody.calculate_forces(pos, mass)
    assert isinstance(forces, torchnp.ndarray) and forces.shape == (2, 64)

    fig, (ax1, ax2) = plt.subplots(1, 2, figsize=(8, 4))
    magnitude = torchnp.linalg.norm(forces, axis=0)
    scatter = ax1.scatter(pos[0], pos[1], s=mass - 99, c=magnitude)
    quiver = ax1.quiver(pos[0], pos[1], forces[0], forces[1])
    (line,) = ax2.plot(torchnp.sort(mass), torchnp.cumsum(torchnp.sort(mass)))
    ax2.hist(mass, bins=8)
    path = tmp_path / "nbody.png"
    fig.savefig(path, dpi=50)
    plt.close(fig)

    data = path.read_bytes()
    assert data[:8] == PNG_SIGNATURE
    image = matplotlib.image.imread(path)
    assert image.shape == (200, 400, 4)
    assert image[..., :3].std() > 0  # something was drawn

    # the plotted data are the arrays' values
    host_pos, host_f, host_m = pos.to_numpy(), forces.to_numpy(), mass.to_numpy()
    numpy.testing.assert_array_equal(scatter.get_offsets(), host_pos.T)
    numpy.testing.assert_array_equal(scatter.get_array(), magnitude.to_numpy())
    numpy.testing.assert_array_equal(quiver.U, host_f[0])
    numpy.testing.assert_array_equal(quiver.V, host_f[1])
    numpy.testing.assert_array_equal(quiver.X, host_pos[0])
    numpy.testing.assert_array_equal(line.get_xdata(), numpy.sort(host_m))
    numpy.testing.assert_allclose(line.get_ydata(), numpy.cumsum(numpy.sort(host_m)), rtol=1e-15)


def test_plotting_is_zero_copy_view_of_cpu_array():
    # §4.3: numpy.asarray shares memory, so matplotlib sees the array's own buffer
    x = torchnp.linspace(0, 1, 11, device="cpu")
    fig, ax = plt.subplots()
    (line,) = ax.plot(x, x**2)
    numpy.testing.assert_array_equal(line.get_xdata(), numpy.linspace(0, 1, 11))
    plt.close(fig)


def test_non_cpu_arrays_go_through_explicit_to_numpy():
    # matplotlib unpacks objects that have .to_numpy() (its pandas duck-typing) before
    # numpy.asarray: that is an explicit call (§4.2), so GPU arrays plot with a copy to the
    # host, as documented in docs/interop.md; numpy.asarray itself still refuses them (§4.3).
    x = torchnp.zeros(3, device="meta")
    with pytest.raises(TypeError, match="to_numpy"):
        numpy.asarray(x)
    fig, ax = plt.subplots()
    try:
        with pytest.raises(TypeError, match="meta"):  # 'meta' arrays hold no data at all
            ax.plot(x)
    finally:
        plt.close(fig)

