#!/usr/bin/env python3
"""Records Apache Otava's change points on test series, for pgperf's differential test.

Reads nothing but its arguments; writes one JSON line per (series, settings) to stdout:
  {"name", "values", "truth", "window", "pValue", "minMagnitude",
   "otava": [{"index", "pValue", "meanBefore", "meanAfter"}]}

Series: otava-test-data's generated suite (CombinationGenerator(lengths=[50, 500], seed=42):
every basic pattern at noise 0, 2, 5 and 10, and the pairwise combinations), each value rounded
to 4 decimals before Otava sees it (so the JSON text carries exactly what Otava analysed), and
series recorded from the example: for each test of the baseline store directories named as
arguments (example-project/src/test/pgperf/baseline: each test's trials of its last builds, in the
order they ran), the series of tps, p50, p99 and the work per transaction, and each again with
its second half 30% worse (the issue's slowdown), whose known change point is the half.

Otava is called as its own CLI calls it for each metric: compute_change_points on a Python list
of floats (analysis.py; AnalyzedSeries does the same after filling gaps, and pgperf's series have
none). Settings: Otava's defaults (window 50, max p-value 0.001, magnitude 0), and for the
series of length 50 also window 20 with max p-value 0.01.
"""
import glob
import json
import os
import sys

from otava.analysis import compute_change_points
from otava_test_data.generators.combiner import CombinationGenerator

SETTINGS = [(50, 0.001, 0.0)]
EXAMPLE_METRICS = [("tps", True), ("p50", False), ("p99", False),
                   ("sharedBlocksPerTransaction", False), ("walBytesPerTransaction", False)]
SHORT_SERIES_SETTINGS = [(20, 0.01, 0.0)]


def otava(values, window, p_value, magnitude):
    points, _ = compute_change_points(list(values), window_len=window, max_pvalue=p_value,
                                      min_magnitude=magnitude)
    return [{"index": int(c.index), "pValue": float(c.stats.pvalue),
             "meanBefore": float(c.stats.mean_1), "meanAfter": float(c.stats.mean_2)}
            for c in points]


def value(sample, metric):
    if metric in sample["values"]:
        return float(sample["values"][metric])
    work = sample.get("work") or {}
    return (work.get("perTransaction") or {}).get(metric)


def emit(name, values, truth):
    settings = SETTINGS + (SHORT_SERIES_SETTINGS if len(values) <= 50 else [])
    for window, p_value, magnitude in settings:
        print(json.dumps({"name": name, "values": values, "truth": truth, "window": window,
                          "pValue": p_value, "minMagnitude": magnitude,
                          "otava": otava(values, window, p_value, magnitude)}))


def main():
    generator = CombinationGenerator(lengths=[50, 500], seed=42)
    for i, ts in enumerate(generator.generate_all_test_cases()):
        values = [round(float(v), 4) for v in ts.data]
        truth = sorted(int(cp.index) for cp in ts.change_points)
        emit(f"{i:04d} {ts.generator_name} L{len(values)}", values, truth)
    for directory in sys.argv[1:]:
        for path in sorted(glob.glob(os.path.join(directory, "*.json"))):
            with open(path) as f:
                test = json.load(f)
            for metric, better_higher in EXAMPLE_METRICS:
                values = [v for v in (value(s, metric) for s in test["samples"]) if v is not None]
                if len(values) < 4 or len(set(values)) == 1:
                    continue
                name = f"example {test['key']} {metric}"
                emit(name, values, [])
                half = len(values) // 2
                worse = 0.7 if better_higher else 1.3
                emit(name + " 30% worse from the half",
                     values[:half] + [round(v * worse, 4) for v in values[half:]], [half])


if __name__ == "__main__":
    main()
