"""NumPy structured records: a small particle system stored as records."""
import numpy as np

n = 6
particles = np.zeros(n, dtype=[("pos", float, 2), ("vel", float, 2), ("m", float), ("name", "U8")])
angles = np.linspace(0, 2 * np.pi, n, endpoint=False)
particles["pos"] = np.column_stack([np.cos(angles), np.sin(angles)])
particles["vel"] = np.column_stack([-np.sin(angles), np.cos(angles)]) * 0.5
particles["m"] = np.arange(1, n + 1) * 0.5
particles["name"] = ["p%d" % i for i in range(n)]
print(particles.dtype.names, particles.shape, particles.itemsize)

dt = 0.1
for step in range(10):
    r = np.linalg.norm(particles["pos"], axis=1)
    acc = -particles["pos"] / r[:, None] ** 3
    particles["vel"] += dt * acc
    particles["pos"] += dt * particles["vel"]

com = (particles["m"][:, None] * particles["pos"]).sum(axis=0) / particles["m"].sum()
print("centre of mass", np.round(com, 6))
momentum = (particles["m"][:, None] * particles["vel"]).sum(axis=0)
print("total momentum", np.round(momentum, 6))
heaviest = np.sort(particles, order="m")[::-1][:2]
print("heaviest:", heaviest["name"], heaviest["m"])
print("record 0:", particles[0]["name"], np.round(particles[0]["pos"], 4))

stars = np.array([("Sirius", -1.46, 8.6), ("Vega", 0.03, 25.0), ("Rigel", 0.13, 860.0),
                  ("Deneb", 1.25, 2600.0)], dtype=[("name", "U10"), ("mag", "f8"), ("dist", "f8")])
abs_mag = stars["mag"] - 5 * np.log10(stars["dist"] / 3.26 / 10)
print("absolute magnitudes", np.round(abs_mag, 3))
print("brightest first:", np.sort(stars, order="mag")["name"])
bright = stars[stars["mag"] < 1]
print("bright:", bright["name"], len(bright))
rec = np.rec.fromarrays([stars["name"], abs_mag], names="name,absmag")
print(rec.name[rec.absmag.argmin()], "%.2f" % rec.absmag.min())
