"""NumPy with string labels: the Hare/Lynx populations, grouped and masked by label."""
import numpy as np

years = np.arange(1900, 1921)
hares = np.array([30e3, 47.2e3, 70.2e3, 77.4e3, 36.3e3, 20.6e3, 18.1e3, 21.4e3, 22e3, 25.4e3,
                  27.1e3, 40.3e3, 57e3, 76.6e3, 52.3e3, 19.5e3, 11.2e3, 7.6e3, 14.6e3, 16.2e3, 24.7e3])
lynxes = np.array([4e3, 6.1e3, 9.8e3, 35.2e3, 59.4e3, 41.7e3, 19e3, 13e3, 8.3e3, 9.1e3, 7.4e3,
                   8e3, 12.3e3, 19.5e3, 45.7e3, 51.1e3, 29.7e3, 15.8e3, 9.7e3, 10.1e3, 8.6e3])
populations = np.column_stack([hares, lynxes])
species = np.array(["Hare", "Lynx"])
print(species, species.dtype)

winner = species[np.argmax(populations, axis=1)]
print("largest species per year:", winner)
names, counts = np.unique(winner, return_counts=True)
print(dict(zip(names.tolist(), counts.tolist())))
print("years when lynxes led:", years[winner == "Lynx"])
print("mean hares in hare years %.1f" % hares[winner == "Hare"].mean())

# a long table of observations with a label column
obs_species = np.array(["Hare", "Lynx", "Hare", "Fox", "Lynx", "Hare", "Fox", "Hare"])
obs_weight = np.array([2.1, 11.0, 2.4, 5.5, 9.8, 1.9, 6.1, 2.2])
labels, inverse = np.unique(obs_species, return_inverse=True)
sums = np.bincount(inverse, weights=obs_weight)
for lab, total, n in zip(labels, sums, np.bincount(inverse)):
    print("%-5s n=%d mean weight %.3f" % (lab, n, total / n))
heavy = obs_weight > 5
print("heavy animals:", obs_species[heavy], "not foxes:", obs_weight[(obs_species != "Fox") & heavy])
print("sorted labels:", np.sort(obs_species), "isin:", np.isin(obs_species, ["Fox", "Lynx"]).sum())
upper = np.char.upper(labels)
print(upper, np.char.str_len(labels), np.where(obs_species == "Hare", "H", "other"))
print("concatenate:", np.concatenate([species, labels]))
codes = np.searchsorted(labels, obs_species)
print("codes", codes, (labels[codes] == obs_species).all())
