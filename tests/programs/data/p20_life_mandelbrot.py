"""scipy-lectures / 100-exercises classics: Game of Life and the Mandelbrot set."""
import numpy as np


def life_step(Z):
    N = (Z[0:-2, 0:-2] + Z[0:-2, 1:-1] + Z[0:-2, 2:] + Z[1:-1, 0:-2] + Z[1:-1, 2:]
         + Z[2:, 0:-2] + Z[2:, 1:-1] + Z[2:, 2:])
    birth = (N == 3) & (Z[1:-1, 1:-1] == 0)
    survive = ((N == 2) | (N == 3)) & (Z[1:-1, 1:-1] == 1)
    Z[...] = 0
    Z[1:-1, 1:-1][birth | survive] = 1
    return Z


Z = np.zeros((10, 10), dtype=int)
Z[1, 2] = Z[2, 3] = Z[3, 1] = Z[3, 2] = Z[3, 3] = 1     # glider
for step in range(4):
    Z = life_step(Z)
print(Z)
print("alive", Z.sum(), "bbox", np.argwhere(Z).min(0), np.argwhere(Z).max(0))


def life_roll(G):
    n = sum(np.roll(np.roll(G, i, 0), j, 1) for i in (-1, 0, 1) for j in (-1, 0, 1) if (i, j) != (0, 0))
    return ((n == 3) | ((G == 1) & (n == 2))).astype(np.uint8)


G = np.zeros((8, 8), dtype=np.uint8)
G[3, 2:5] = 1                                          # blinker
g1 = life_roll(G)
print(g1[2:5, 2:5], np.array_equal(life_roll(g1), G))


def mandelbrot(h, w, maxit=20):
    y, x = np.ogrid[-1.4:1.4:h * 1j, -2:0.8:w * 1j]
    c = x + y * 1j
    z = c.copy()
    divtime = maxit + np.zeros(z.shape, dtype=int)
    for i in range(maxit):
        z = z ** 2 + c
        diverge = z * np.conj(z) > 2 ** 2
        div_now = diverge & (divtime == maxit)
        divtime[div_now] = i
        z[diverge] = 2
    return divtime, z


dt, zf = mandelbrot(12, 20)
print(dt)
print(dt.dtype, zf.dtype, np.abs(zf).max() <= 2, np.iscomplexobj(zf), np.isrealobj(dt))
print(np.real(zf[5, :4]).round(3), np.imag(zf[5, :4]).round(3), np.angle(1j), np.abs(3 + 4j))
grid = np.linspace(-1, 1, 5) + 1j * np.linspace(-1, 1, 5)[:, None]
print(np.abs(grid).round(3))
print(np.sort_complex(np.array([3 + 1j, 1 - 1j, 1 + 1j])), np.conjugate(grid[0, :2]))

RESULTS = {"Z": Z, "dt": dt, "zf": zf}
