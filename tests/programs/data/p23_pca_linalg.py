"""PCA via covariance eigen-decomposition and SVD, plus everyday linear algebra."""
import numpy as np

np.set_printoptions(precision=4, suppress=True)
t = np.linspace(0, 1, 40)
X = np.column_stack([t, 2 * t + 0.05 * np.sin(31 * t), -t + 0.1 * np.cos(17 * t), 0.2 * np.sin(5 * t)])
Xc = X - X.mean(axis=0)
C = np.cov(Xc, rowvar=False)
evals, evecs = np.linalg.eigh(C)
order = np.argsort(evals)[::-1]
evals, evecs = evals[order], evecs[:, order]
evecs *= np.sign(evecs[0])                       # fix the sign ambiguity
print("eigenvalues", evals)
print("explained", (evals / evals.sum()).round(5), np.cumsum(evals)[-1].round(6) == np.trace(C).round(6))
U, S, Vt = np.linalg.svd(Xc, full_matrices=False)
Vt *= np.sign(Vt[:, :1])
print("singular", S)
print(np.allclose(S ** 2 / (len(X) - 1), evals), np.allclose(np.abs(Vt), np.abs(evecs.T)))
scores = Xc @ evecs[:, :2]
print(scores[:3], scores.shape)
recon = scores @ evecs[:, :2].T + X.mean(axis=0)
print("recon err", np.linalg.norm(X - recon).round(6), np.linalg.norm(X - recon, "fro").round(6))

A = np.array([[4.0, -2.0, 1.0], [-2.0, 4.0, -2.0], [1.0, -2.0, 4.0]])
b = np.array([11.0, -16.0, 17.0])
x = np.linalg.solve(A, b)
print(x, np.allclose(A @ x, b), np.dot(A, x) - b)
L = np.linalg.cholesky(A)
print(L, np.allclose(L @ L.T, A))
Q, R = np.linalg.qr(A)
print(np.allclose(Q @ R, A), np.allclose(Q.T @ Q, np.eye(3)), np.abs(np.diag(R)))
print(np.linalg.det(A), np.linalg.matrix_rank(A), np.linalg.norm(A, 2), np.linalg.norm(b, ord=1))
print(np.linalg.inv(A) @ A, np.linalg.matrix_power(A, 3)[0], np.trace(A))
w = np.linalg.eigvalsh(A)
print(w, np.linalg.eigvals(np.diag([3.0, 1.0, 2.0])))
M = np.array([[2.0, 1.0], [1.0, 3.0]])
ev, V = np.linalg.eig(M)
print(np.sort(ev), np.allclose(M @ V, V * ev))
print(np.einsum("ij,jk->ik", A, A)[0], np.einsum("ii", A), np.einsum("i,i", b, b), np.einsum("ij->j", A))
print(np.tensordot(A, A, axes=1)[1], np.inner(b, b), np.vdot(b, b), np.cross([1, 0, 0], [0, 1, 0]))
print(np.kron(np.eye(2), np.ones((1, 2))), np.linalg.multi_dot([A, A, b]))
batch = np.stack([A, 2 * A])
print(np.linalg.det(batch), (batch @ b).shape, np.matmul(batch, batch).shape)
np.set_printoptions(precision=8, suppress=False)

RESULTS = {"evals": evals, "S": S, "x": x, "L": L, "scores": scores}
