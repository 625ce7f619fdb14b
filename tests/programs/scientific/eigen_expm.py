"""Power iteration, eig/eigh, and the matrix exponential via eigendecomposition."""
import numpy as np

np.set_printoptions(precision=6, suppress=True, linewidth=100)

n = 6
i = np.arange(n)
A = 1.0 / (1.0 + np.abs(i[:, None] - i[None, :])) + np.diag(np.linspace(1, 3, n))
print("A symmetric:", np.allclose(A, A.T))


def power_iteration(M, iters=500, tol=1e-12):
    v = np.ones(M.shape[0]) / np.sqrt(M.shape[0])
    lam = 0.0
    for k in range(iters):
        w = M @ v
        lam_new = v @ w
        v = w / np.linalg.norm(w)
        if abs(lam_new - lam) < tol:
            break
        lam = lam_new
    return lam_new, v, k


lam, v, its = power_iteration(A)
w, V = np.linalg.eigh(A)
print(f"power iteration: lambda={lam:.10f} after {its} iterations")
print("eigh eigenvalues:", w)
print("agree:", np.isclose(lam, w[-1]), "vector match:", np.allclose(np.abs(v), np.abs(V[:, -1]), atol=1e-6))

# Inverse iteration with a shift for the smallest eigenvalue
shift = 0.0
B = np.linalg.inv(A - shift * np.eye(n))
mu, u, _ = power_iteration(B)
print(f"smallest eigenvalue via inverse iteration: {1 / mu + shift:.8f}")

# Non-symmetric matrix: rotation-like, complex eigenvalues
R = np.array([[0.0, -1.0, 0.2], [1.0, 0.0, 0.1], [0.0, 0.0, 0.5]])
ev, evec = np.linalg.eig(R)
order = np.argsort(ev.imag)
print("eig of R:", np.round(ev[order], 8))
print("R v = lambda v:", np.allclose(R @ evec, evec * ev))


def expm_eig(M):
    vals, vecs = np.linalg.eig(M)
    return (vecs * np.exp(vals)) @ np.linalg.inv(vecs)


def expm_taylor(M, terms=30):
    result = np.eye(M.shape[0])
    term = np.eye(M.shape[0])
    for k in range(1, terms):
        term = term @ M / k
        result = result + term
    return result


t = 0.7
E1 = expm_eig(t * R).real
E2 = expm_taylor(t * R)
print("expm(tR) =")
print(E1)
print("max |eig - taylor| < 1e-12:", np.abs(E1 - E2).max() < 1e-12)
Es = (V * np.exp(0.1 * w)) @ V.T
print("expm(0.1 A) trace %.8f == exp-sum %.8f" % (np.trace(Es), np.exp(0.1 * w).sum()))
print("det(expm) = exp(trace):", np.isclose(np.linalg.det(Es), np.exp(0.1 * np.trace(A))))
s = np.linalg.svd(A, compute_uv=False)
print("singular values == |eigenvalues|:", np.allclose(np.sort(s), np.sort(np.abs(w))))
print("spectral radius of R: %.6f" % np.max(np.abs(ev)))
