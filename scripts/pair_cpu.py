#!/usr/bin/env python3
"""Paired CPU time of two castctl binaries on one command (not a test; see docs/benchmarks.md).

    scripts/pair_cpu.py NEW OLD ROUNDS validate model.cast data.ndjson --model M --strict --jobs 1

Each round runs both, in alternating order, and takes user + system CPU time from the children's
rusage (less noisy than wall time on a shared host); prints the medians and the median of the
per-round ratios NEW / OLD (below 1: NEW uses less CPU)."""
import resource
import statistics
import subprocess
import sys


def cpu(args):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main():
    if len(sys.argv) < 5:
        sys.exit(__doc__)
    new, old, rounds, command = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4:]
    ratios, new_times, old_times = [], [], []
    for index in range(rounds):
        if index % 2 == 0:
            a, b = cpu([new] + command), cpu([old] + command)
        else:
            b, a = cpu([old] + command), cpu([new] + command)
        new_times.append(a)
        old_times.append(b)
        ratios.append(a / b)
    print(f"NEW {statistics.median(new_times):.4f} s  OLD {statistics.median(old_times):.4f} s  "
          f"NEW/OLD CPU {statistics.median(ratios):.3f}")


if __name__ == "__main__":
    main()
