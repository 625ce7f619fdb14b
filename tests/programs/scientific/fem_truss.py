"""Finite elements: 1-D Poisson with linear elements (np.ix_ assembly) and a 2-D truss."""
import numpy as np

# -u'' = f on (0, 1), u(0) = u(1) = 0, f = pi^2 sin(pi x)
n_el = 16
nodes = np.linspace(0, 1, n_el + 1)
K = np.zeros((n_el + 1, n_el + 1))
F = np.zeros(n_el + 1)
gauss_pts = np.array([-1, 1]) / np.sqrt(3)
for e in range(n_el):
    idx = np.array([e, e + 1])
    h = nodes[e + 1] - nodes[e]
    ke = np.array([[1, -1], [-1, 1]]) / h
    K[np.ix_(idx, idx)] += ke
    xg = nodes[e] + (gauss_pts + 1) * h / 2
    N = np.column_stack([(1 - gauss_pts) / 2, (1 + gauss_pts) / 2])
    F[idx] += N.T @ (np.pi**2 * np.sin(np.pi * xg)) * h / 2
free = np.arange(1, n_el)
u = np.zeros(n_el + 1)
u[free] = np.linalg.solve(K[np.ix_(free, free)], F[free])
err = np.abs(u - np.sin(np.pi * nodes)).max()
print(f"max nodal error with {n_el} elements: {err:.3e}")
print("stiffness symmetric:", np.allclose(K, K.T), "row sums zero:", np.allclose(K.sum(axis=1), 0))
print("bandwidth:", np.max(np.abs(np.diff(np.argwhere(K != 0), axis=1))))

# 2-D truss: a simple bridge of bars
coords = np.array([[0, 0], [1, 0], [2, 0], [3, 0], [0.5, 1], [1.5, 1], [2.5, 1]], dtype=float)
bars = np.array([[0, 1], [1, 2], [2, 3], [4, 5], [5, 6], [0, 4], [4, 1], [1, 5], [5, 2], [2, 6], [6, 3]])
E, A = 200e9, 1e-4
ndof = 2 * len(coords)
Kt = np.zeros((ndof, ndof))
lengths = np.linalg.norm(coords[bars[:, 1]] - coords[bars[:, 0]], axis=1)
for (i, j), L in zip(bars, lengths):
    c, s = (coords[j] - coords[i]) / L
    k_local = E * A / L * np.outer([-c, -s, c, s], [-c, -s, c, s])
    dofs = np.array([2 * i, 2 * i + 1, 2 * j, 2 * j + 1])
    Kt[np.ix_(dofs, dofs)] += k_local
loads = np.zeros(ndof)
loads[2 * np.array([1, 2]) + 1] = -10e3          # 10 kN down at the two middle deck nodes
fixed = np.array([0, 1, 7])                        # pin at node 0, roller at node 3
free = np.setdiff1d(np.arange(ndof), fixed)
disp = np.zeros(ndof)
disp[free] = np.linalg.solve(Kt[np.ix_(free, free)], loads[free])
reactions = Kt @ disp - loads
d = disp.reshape(-1, 2)
elong = np.einsum("ij,ij->i", d[bars[:, 1]] - d[bars[:, 0]], (coords[bars[:, 1]] - coords[bars[:, 0]]) / lengths[:, None])
forces = E * A / lengths * elong
print("bar lengths:", np.round(lengths, 4))
print("max deflection: %.4e m at node %d" % (np.abs(d[:, 1]).max(), np.argmax(np.abs(d[:, 1]))))
print("support reactions (kN):", np.round(reactions[fixed] / 1e3, 6) + 0.0)
print("equilibrium:", np.isclose(reactions[fixed].sum(), 20e3))
print("bar forces (kN):", np.array2string(forces / 1e3, precision=3, suppress_small=True))
print("tension bars:", np.flatnonzero(forces > 1e-6), "compression bars:", np.flatnonzero(forces < -1e-6))
print("rank of unconstrained K:", np.linalg.matrix_rank(Kt), "of", ndof)
