"""Diagnostics for a lent GPU (tools/gpu_check.sh runs it): the markov_chain.py solve that printed [1, -0, 0]
on an H200 (2026-11-28; NumPy: [0.625, 0.3125, 0.0625]), step by step, and lstsq of non-finite data."""
import numpy
import torch

import torchnp as np

P = np.array([[0.9, 0.075, 0.025], [0.15, 0.8, 0.05], [0.25, 0.25, 0.5]])
A = P.T - np.eye(3)
print("P.T-eye", A.to_numpy())
S = A[:-1]
print("slice", S.to_numpy(), S.tensor.stride(), S.tensor.is_contiguous())
M = np.vstack([S, np.ones(3)])
print("M", M.to_numpy(), M.tensor.stride())
b = np.array([0, 0, 1.0])
print("solve", np.linalg.solve(M, b).to_numpy())
print("solve copy", np.linalg.solve(M.copy(), b.copy()).to_numpy())
tM = torch.tensor(M.to_numpy(), device="cuda"); tb = torch.tensor([0, 0, 1.0], device="cuda")
print("torch solve", torch.linalg.solve(tM, tb).cpu().numpy())
print("torch solve_ex col", torch.linalg.solve_ex(tM, tb.unsqueeze(-1))[0].cpu().numpy().ravel())
print("numpy", numpy.linalg.solve(M.to_numpy(), b.to_numpy()))
x = np.linalg.lstsq(np.array([[1.0, numpy.nan], [0, 1]]), np.array([1.0, 2]))
print("lstsq nan", x)
