"""A two-layer neural network trained by backpropagation on synthetic "digits" (after the NumPy tutorial)."""
import numpy as np

n_classes, side = 4, 6
n_per = 40
# Four prototype 6x6 patterns (bars and diagonals) plus deterministic distortions
protos = np.zeros((n_classes, side, side))
protos[0, :, 2] = 1
protos[1, 3, :] = 1
protos[2][np.eye(side, dtype=bool)] = 1
protos[3][np.fliplr(np.eye(side)).astype(bool)] = 1
k = np.arange(n_per * n_classes)
labels = k % n_classes
noise = 0.35 * np.sin(np.outer(k + 1, np.arange(1, side * side + 1)) * 0.37)
X = protos[labels].reshape(-1, side * side) + noise
X = (X - X.mean(axis=0)) / (X.std(axis=0) + 1e-8)
Y = np.eye(n_classes)[labels]
train = k % 5 != 0
print("train/test sizes:", train.sum(), (~train).sum(), "features:", X.shape[1])


def relu(z):
    return np.maximum(0, z)


def softmax(z):
    z = z - z.max(axis=1, keepdims=True)
    e = np.exp(z)
    return e / e.sum(axis=1, keepdims=True)


hidden = 16
W1 = np.sin(np.arange(X.shape[1] * hidden).reshape(X.shape[1], hidden) * 1.618) * np.sqrt(2 / X.shape[1])
b1 = np.zeros(hidden)
W2 = np.cos(np.arange(hidden * n_classes).reshape(hidden, n_classes) * 2.414) * np.sqrt(1 / hidden)
b2 = np.zeros(n_classes)
lr, epochs, batch = 0.1, 30, 16
Xtr, Ytr = X[train], Y[train]
history = []
for epoch in range(epochs):
    order = np.roll(np.arange(len(Xtr)), 7 * epoch)        # deterministic "shuffle"
    for start in range(0, len(Xtr), batch):
        idx = order[start:start + batch]
        xb, yb = Xtr[idx], Ytr[idx]
        h = relu(xb @ W1 + b1)
        p = softmax(h @ W2 + b2)
        d2 = (p - yb) / len(idx)
        gW2, gb2 = h.T @ d2, d2.sum(axis=0)
        d1 = (d2 @ W2.T) * (h > 0)
        gW1, gb1 = xb.T @ d1, d1.sum(axis=0)
        W1 -= lr * gW1; b1 -= lr * gb1
        W2 -= lr * gW2; b2 -= lr * gb2
    p_all = softmax(relu(Xtr @ W1 + b1) @ W2 + b2)
    loss = -np.mean(np.sum(Ytr * np.log(p_all + 1e-12), axis=1))
    history.append(loss)
    if epoch % 10 == 9:
        acc = np.mean(np.argmax(p_all, axis=1) == labels[train])
        print(f"epoch {epoch + 1:3d}: loss {loss:.5f}, train accuracy {acc:.3f}")

p_test = softmax(relu(X[~train] @ W1 + b1) @ W2 + b2)
pred = p_test.argmax(axis=1)
print("test accuracy: %.3f" % np.mean(pred == labels[~train]))
conf = np.zeros((n_classes, n_classes), dtype=np.int64)
np.add.at(conf, (labels[~train], pred), 1)
print(conf)
print("loss decreased:", history[-1] < history[0], "final weights norm: %.4f" % np.linalg.norm(W1))
print("dead hidden units:", np.sum(np.all(relu(X @ W1 + b1) == 0, axis=0)))
