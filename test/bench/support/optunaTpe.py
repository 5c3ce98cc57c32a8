"""Optuna's TPE on the optimizer bench's test functions: the baseline of test/bench/optimizer.bench.ts.

Usage: /usr/bin/python3 optunaTpe.py FUNCTION TRIALS N_STARTUP SEED [SEED ...]
Prints one JSON line: {"optuna": "3.1.0", "best": [best value per seed]}.
Needs Debian's python3-optuna (apt-get install -y python3-optuna), for /usr/bin/python3.
The functions are the same formulas as test/bench/support/testFunctions.ts.
"""
import json
import math
import sys
import warnings

import optuna

warnings.filterwarnings("ignore")
optuna.logging.set_verbosity(optuna.logging.WARNING)

HARTMANN_A = [[10, 3, 17, 3.5, 1.7, 8], [0.05, 10, 17, 0.1, 8, 14], [3, 3.5, 1.7, 10, 17, 8], [17, 8, 0.05, 10, 0.1, 14]]
HARTMANN_P = [
    [0.1312, 0.1696, 0.5569, 0.0124, 0.8283, 0.5886],
    [0.2329, 0.4135, 0.8307, 0.3736, 0.1004, 0.9991],
    [0.2348, 0.1451, 0.3522, 0.2883, 0.3047, 0.6650],
    [0.4047, 0.8828, 0.8732, 0.5743, 0.1091, 0.0381],
]
HARTMANN_ALPHA = [1.0, 1.2, 3.0, 3.2]


def branin(t):
    x1 = t.suggest_float("x0", -5, 10)
    x2 = t.suggest_float("x1", 0, 15)
    b = 5.1 / (4 * math.pi**2)
    c = 5 / math.pi
    return (x2 - b * x1**2 + c * x1 - 6) ** 2 + 10 * (1 - 1 / (8 * math.pi)) * math.cos(x1) + 10


def hartmann6(t):
    x = [t.suggest_float(f"x{i}", 0, 1) for i in range(6)]
    total = 0.0
    for i in range(4):
        inner = sum(HARTMANN_A[i][j] * (x[j] - HARTMANN_P[i][j]) ** 2 for j in range(6))
        total += HARTMANN_ALPHA[i] * math.exp(-inner)
    return -total


def rosenbrock10(t):
    x = [t.suggest_float(f"x{i}", -5, 10) for i in range(10)]
    return sum(100 * (x[i + 1] - x[i] ** 2) ** 2 + (1 - x[i]) ** 2 for i in range(9))


FUNCTIONS = {"branin": branin, "hartmann6": hartmann6, "rosenbrock10": rosenbrock10}


def main():
    name, trials, n_startup, *seeds = sys.argv[1:]
    best = []
    for seed in seeds:
        sampler = optuna.samplers.TPESampler(multivariate=True, n_startup_trials=int(n_startup), seed=int(seed))
        study = optuna.create_study(sampler=sampler, direction="minimize")
        study.optimize(FUNCTIONS[name], n_trials=int(trials))
        best.append(study.best_value)
    print(json.dumps({"optuna": optuna.__version__, "best": best}))


if __name__ == "__main__":
    main()
