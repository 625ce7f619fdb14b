"""Autodiff (torchnp.grad, value_and_grad, jacobian, hessian)."""

__all__ = []
