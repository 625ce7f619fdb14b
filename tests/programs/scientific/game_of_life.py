"""Conway's Game of Life with np.roll on a torus; glider motion; save/load round trip."""
import os
import tempfile

import numpy as np


def life_step(board):
    neighbours = sum(np.roll(np.roll(board, i, axis=0), j, axis=1)
                     for i in (-1, 0, 1) for j in (-1, 0, 1) if (i, j) != (0, 0))
    return (neighbours == 3) | (board & (neighbours == 2))


def show(board):
    print("\n".join("".join("#" if v else "." for v in row) for row in board.tolist()))


board = np.zeros((12, 12), dtype=bool)
glider = np.array([[0, 1, 0], [0, 0, 1], [1, 1, 1]], dtype=bool)
board[1:4, 1:4] = glider
board[2, 8:11] = True          # blinker
start = board.copy()
show(board)

population = [int(board.sum())]
for gen in range(24):
    board = life_step(board)
    population.append(int(np.count_nonzero(board)))
print("generation 24:")
show(board)
print("population:", population[:8], "...")

# The glider moved by (6, 6) after 24 generations; the blinker has period 2
g_now = board[4:, :]
ys, xs = np.nonzero(g_now)
print("glider cells:", list(zip(ys.tolist(), xs.tolist())))
shifted = np.roll(np.roll(start, 6, 0), 6, 1)
print("glider translated:", np.array_equal(board[6:11, 6:11], shifted[6:11, 6:11]))
print("blinker restored:", np.array_equal(board[0:4, 6:12], start[0:4, 6:12]))

# Random soup, run until it is stable or 100 generations
soup = np.zeros((20, 20), dtype=np.uint8)
soup[np.arange(400).reshape(20, 20) * 7919 % 13 < 4] = 1
history = {}
b = soup.astype(bool)
for gen in range(100):
    key = np.packbits(b).tobytes()
    if key in history:
        print(f"soup cycles: generation {gen} repeats generation {history[key]}")
        break
    history[key] = gen
    b = life_step(b)
print("soup alive:", b.sum(), "density: %.3f" % b.mean())

with tempfile.TemporaryDirectory() as tmp:
    path = os.path.join(tmp, "board.npy")
    np.save(path, board)
    loaded = np.load(path)
    print("loaded:", loaded.dtype, loaded.shape, "equal:", np.array_equal(loaded, board))
    np.savez_compressed(os.path.join(tmp, "run.npz"), start=start, end=board, pop=np.array(population))
    with np.load(os.path.join(tmp, "run.npz")) as data:
        print("archive keys:", sorted(data.files), "pop max:", data["pop"].max())
