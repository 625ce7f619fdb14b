"""One-hot encoding, softmax and logsumexp with numerical stability, cross-entropy."""
import numpy as np

labels = np.array([0, 2, 1, 2, 3, 0])
n_classes = labels.max() + 1
onehot = np.zeros((labels.size, n_classes))
onehot[np.arange(labels.size), labels] = 1
print(onehot)
print(np.eye(n_classes)[labels].astype(int))
print(np.array_equal(onehot, np.eye(n_classes)[labels]), onehot.argmax(axis=1))
print((labels[:, None] == np.arange(n_classes)).astype(np.float32))


def softmax(z, axis=-1):
    z = z - z.max(axis=axis, keepdims=True)
    e = np.exp(z)
    return e / e.sum(axis=axis, keepdims=True)


def logsumexp(z, axis=-1):
    m = np.max(z, axis=axis, keepdims=True)
    return (m + np.log(np.sum(np.exp(z - m), axis=axis, keepdims=True))).squeeze(axis)


logits = np.array([[2.0, 1.0, 0.1, -1.0], [1000.0, 1001.0, 1002.0, 999.0],
                   [-5.0, -5.0, -5.0, -5.0], [0.5, 3.0, -2.0, 1.0], [1.0, 0.0, 0.0, 0.0],
                   [3.0, 3.0, 1.0, 0.0]])
p = softmax(logits)
np.set_printoptions(precision=4, suppress=True)
print(p)
print(p.sum(axis=1))
print(logsumexp(logits))
print(np.logaddexp.reduce(logits, axis=1))
naive = np.log(np.sum(np.exp(logits), axis=1))
print(np.isinf(naive), np.isfinite(logsumexp(logits)).all())
logp = logits - logsumexp(logits)[:, None]
loss = -np.mean(logp[np.arange(len(labels)), labels])
print(f"cross-entropy {loss:.6f}")
print("loss2", -(onehot * logp).sum(axis=1).mean())
pred = p.argmax(axis=1)
acc = np.mean(pred == labels)
print("pred", pred, "acc", acc, f"{acc:.2%}")
conf = np.zeros((n_classes, n_classes), dtype=int)
np.add.at(conf, (labels, pred), 1)
print(conf)
sig = 1 / (1 + np.exp(-np.linspace(-6, 6, 7)))
print(sig, np.tanh(np.linspace(-2, 2, 5)), np.expm1(1e-10), np.log1p(1e-10))
print(np.exp(np.array([710.0])), np.log(np.array([0.0, -1.0])))
np.set_printoptions(precision=8, suppress=False)

RESULTS = {"p": p, "lse": logsumexp(logits), "loss": loss, "conf": conf}
