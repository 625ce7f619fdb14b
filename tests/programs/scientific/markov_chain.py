"""Markov chains: stationary distribution three ways, absorption times, PageRank."""
import numpy as np

np.set_printoptions(precision=6, suppress=True)

P = np.array([[0.9, 0.075, 0.025],
              [0.15, 0.8, 0.05],
              [0.25, 0.25, 0.5]])
print("rows sum to one:", np.allclose(P.sum(axis=1), 1))

# 1. matrix power
Pn = np.linalg.matrix_power(P, 100)
pi_power = Pn[0]
# 2. left eigenvector for eigenvalue 1
vals, vecs = np.linalg.eig(P.T)
k = np.argmin(np.abs(vals - 1))
pi_eig = np.real(vecs[:, k])
pi_eig = pi_eig / pi_eig.sum()
# 3. linear system with the normalisation constraint
M = np.vstack([(P.T - np.eye(3))[:-1], np.ones(3)])
pi_solve = np.linalg.solve(M, np.array([0, 0, 1.0]))
print("stationary (power):", pi_power)
print("stationary (eig):  ", pi_eig)
print("stationary (solve):", pi_solve)
print("all agree:", np.allclose(pi_power, pi_eig) and np.allclose(pi_eig, pi_solve))
print("eigenvalues sorted:", np.sort(vals.real)[::-1])
print("mixing: second eigenvalue modulus %.6f" % np.sort(np.abs(vals))[-2])

# Evolution of a distribution
dist = np.array([0.0, 0.0, 1.0])
history = [dist]
for _ in range(10):
    dist = dist @ P
    history.append(dist)
history = np.array(history)
tv = 0.5 * np.abs(history - pi_solve).sum(axis=1)
print("total variation distance:", tv[[0, 1, 5, 10]])

# Gambler's ruin: absorbing chain and the fundamental matrix
n = 6
Q = np.zeros((n - 1, n - 1))
idx = np.arange(n - 2)
Q[idx, idx + 1] = 0.45
Q[idx + 1, idx] = 0.55
Nf = np.linalg.inv(np.eye(n - 1) - Q)
expected_steps = Nf.sum(axis=1)
R = np.zeros((n - 1, 2))
R[0, 0] = 0.55
R[-1, 1] = 0.45
B = Nf @ R
print("expected duration from each state:", expected_steps)
print("probability of winning:", B[:, 1])
ratio = 0.55 / 0.45
i = np.arange(1, n)
print("closed form matches:", np.allclose(B[:, 1], (1 - ratio**i) / (1 - ratio**n)))

# PageRank on a small link graph
links = [(0, 1), (0, 2), (1, 2), (2, 0), (3, 2), (4, 3), (4, 5), (5, 4), (6, 4)]
m = 7
Adj = np.zeros((m, m))
src, dst = np.array(links).T
Adj[dst, src] = 1
out_deg = Adj.sum(axis=0)
G = Adj / np.where(out_deg == 0, 1, out_deg)
damping = 0.85
rank = np.full(m, 1 / m)
for it in range(200):
    new = (1 - damping) / m + damping * G @ rank
    if np.linalg.norm(new - rank, 1) < 1e-12:
        break
    rank = new
print(f"PageRank converged after {it} iterations:", np.round(rank, 5))
print("ranking:", np.argsort(-rank, kind="stable"))
