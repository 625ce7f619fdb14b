"""NumPy with scikit-learn: split a synthetic regression/classification set, fit models."""
import numpy as np
from sklearn.linear_model import Lasso, LinearRegression, LogisticRegression
from sklearn.model_selection import train_test_split
from sklearn.preprocessing import StandardScaler

n = 200
x1 = np.linspace(-3, 3, n)
x2 = np.cos(np.arange(n) * 0.37)
X = np.column_stack([x1, x2, x1 * x2])
y = 1.5 * x1 - 2.0 * x2 + 0.25 * x1 * x2 + 3.0

X_train, X_test, y_train, y_test = train_test_split(X, y, test_size=0.25, random_state=0)
print("split shapes", X_train.shape, X_test.shape, y_train.shape, y_test.shape)
model = LinearRegression().fit(X_train, y_train)
print("coef", np.round(model.coef_, 6), "intercept %.6f" % model.intercept_)
pred = model.predict(X_test)
print("test max error below 1e-9:", np.max(np.abs(pred - y_test)) < 1e-9)

alphas = np.array([0.001, 0.01, 0.1])
for a in alphas:
    lasso = Lasso(alpha=a).fit(X_train, y_train)
    print("lasso alpha=%g nonzero=%d score=%.4f" % (a, np.count_nonzero(lasso.coef_), lasso.score(X_test, y_test)))

labels = (x1 + 0.5 * x2 > 0).astype(int)
scaler = StandardScaler().fit(X)
Xs = scaler.transform(X)
print("scaled means ~0:", np.allclose(Xs.mean(axis=0), 0), "stds:", np.round(Xs.std(axis=0), 6))
Xa, Xb, la, lb = train_test_split(Xs, labels, test_size=0.3, random_state=1, stratify=labels)
clf = LogisticRegression(C=10.0).fit(Xa, la)
acc = np.mean(clf.predict(Xb) == lb)
print("class balance train %.3f test %.3f" % (la.mean(), lb.mean()))
print("logistic accuracy %.3f" % acc)
proba = clf.predict_proba(Xb)
print("probabilities sum to 1:", np.allclose(proba.sum(axis=1), 1.0))
