#!/usr/bin/env python3
"""castctl benchmark: `make bench`.

Generates the peer benchmark's data with a fixed seed (../shared/bench/gen_users.py), runs the
release build of castctl on it several times, and prints MB/s, records/s and peak RSS (medians),
measured from outside the process: wall time by the clock around each run (process start
included), peak RSS by /usr/bin/time. The rows take turns, one run each per round in an order
shuffled every round, so a slow stretch of the shared machine falls on all of them rather than on
one, and no row always follows the same other (convert's 116 MB of output, say). Each target's
ratio (or difference) is also taken within every round and its median printed as the paired
figure, which a drift of the host between rounds cannot tilt the way it can tilt a ratio of two
medians. Not a test: numbers on a shared 2-core machine are noisy, so read ratios measured in one
run.
"""
import argparse
import json
import os
import random
import re
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
SHARED = os.path.join(os.path.dirname(ROOT), "shared")
BIN = os.path.join(ROOT, ".build", "release", "castctl")
SCHEMA = os.path.join(SHARED, "bench", "schemas", "users.cast")
CODABLE_SCHEMA = os.path.join(ROOT, "schemas", "bench", "users.swift")
# The order of the runs within each round: shuffled, from a fixed seed so runs can be repeated.
SHUFFLE = random.Random(20261122)


def generate(out_dir, count, rate, seed=20240601):
    base = os.path.join(out_dir, f"users-{count}-{rate}")
    if not os.path.exists(base + ".ndjson"):
        subprocess.run([sys.executable, os.path.join(SHARED, "bench", "gen_users.py"), "--count", str(count),
                        "--invalid-rate", str(rate), "--seed", str(seed), "--out", base + ".ndjson"], check=True)
    with open(base + ".meta.json") as f:
        meta = json.load(f)
    return base, meta


def timed_once(args):
    """Wall seconds (by the clock around it) and peak RSS (KB, by /usr/bin/time) of one run."""
    with tempfile.NamedTemporaryFile("r") as report:
        start = time.perf_counter()
        subprocess.run(["/usr/bin/time", "-f", "%M", "-o", report.name] + args,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        wall = time.perf_counter() - start
        return wall, int(report.read().split()[-1])


def timed_fine(commands, runs):
    """Each run of some short commands, taking turns (/usr/bin/time only resolves 10 ms): one
    list per command, one entry per round, each the wall milliseconds and the phases (name to
    milliseconds) the command's `--timings` line gave."""
    runs_of = [[] for _ in commands]
    order = list(range(len(commands)))
    for _ in range(runs):
        SHUFFLE.shuffle(order)
        for index in order:
            start = time.perf_counter()
            done = subprocess.run(commands[index] + ["--timings"], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                                  text=True)
            wall = (time.perf_counter() - start) * 1000
            runs_of[index].append((wall, phases(done.stderr)))
    return runs_of


def phases(stderr):
    """The phases of a `--timings` line: `timings: schema 0.412 ms, compile 0.051 ms, …`."""
    line = next((line for line in stderr.splitlines() if line.startswith("timings: ")), "")
    return {name: float(ms) for name, ms in re.findall(r"(\w+) ([0-9.]+) ms", line)}


def simdjson_peers(data_dir):
    """The simdjson peers of ../shared/bench/peers/simdjson, built into bench-data/peers/ as its
    build.sh does: the DOM walk with its hand-written `typed` check of the User model, and the
    On-Demand `ondemand_typed` check, the fastest native validator of the model anyone would write.
    None for a peer that cannot be built here (no g++ or libsimdjson-dev), with a message."""
    source_dir = os.path.join(SHARED, "bench", "peers", "simdjson")
    built = {}
    for name, source in (("dom", "simdjson_peer.cpp"), ("ondemand", "ondemand_typed.cpp")):
        binary = os.path.join(data_dir, "peers", "simdjson-" + name)
        if not os.path.exists(binary):
            os.makedirs(os.path.dirname(binary), exist_ok=True)
            done = subprocess.run([os.environ.get("CXX", "g++"), "-O3", "-std=c++17", "-DNDEBUG",
                                   os.path.join(source_dir, source), "-o", binary, "-lsimdjson"])
            if done.returncode != 0:
                print(f"bench: the simdjson {name} peer did not build (libsimdjson-dev missing?); its rows are left out",
                      file=sys.stderr)
                continue
        built[name] = binary
    return built


def paired(numerators, denominators):
    """The median of the ratios of runs made in the same round."""
    return statistics.median(n / d for n, d in zip(numerators, denominators))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=200_000)
    # 21 rounds: this host has stretches of seconds in which every run is 40-50% slower (about a
    # third of the runs in a noisy hour), and a median of 9 can land in one for one row alone.
    parser.add_argument("--runs", type=int, default=21)
    parser.add_argument("--data", default=os.path.join(ROOT, "bench-data"))
    parser.add_argument("--shape-runs", type=int, default=7, help="rounds of the per-shape tables (bench_shapes.py)")
    options = parser.parse_args()
    if not os.path.exists(SCHEMA):
        sys.exit(f"bench: {SCHEMA} not found (the shared folder belongs beside the repository)")
    os.makedirs(options.data, exist_ok=True)
    base, meta = generate(options.data, options.count, 0.01)
    clean, _ = generate(options.data, options.count, 0.0)
    ndjson, array = base + ".ndjson", base + ".json"
    size_nd, size_ar = os.path.getsize(ndjson), os.path.getsize(array)
    def validate(data, *extra):
        return [BIN, "validate", SCHEMA, data, "--model", "User", "--strict", "--format", "json", *extra]

    specs = []

    def row(name, args, size, records):
        specs.append((name, args, size, records))

    row("validate ndjson --jobs 1", validate(ndjson, "--jobs", "1"), size_nd, meta["count"])
    row("validate ndjson --jobs 2", validate(ndjson, "--jobs", "2"), size_nd, meta["count"])
    row("validate ndjson, no invalid records, --jobs 1", validate(clean + ".ndjson", "--jobs", "1"),
        os.path.getsize(clean + ".ndjson"), meta["count"])
    row("validate array", validate(array), size_ar, meta["count"])
    out = os.path.join(options.data, "converted.ndjson")
    row("convert ndjson -o --jobs 1", [BIN, "convert", SCHEMA, clean + ".ndjson", "--model", "User", "--jobs", "1", "-o", out,
        "--force"], os.path.getsize(clean + ".ndjson"), meta["count"])
    # A top-level array converted to a document: its output waits in a spool until the array is
    # known valid, so its memory, like the array's validation, is independent of its size.
    row("convert array -o", [BIN, "convert", SCHEMA, clean + ".json", "--model", "User", "-o",
        os.path.join(options.data, "converted.json"), "--force"], os.path.getsize(clean + ".json"), meta["count"])
    # The same file through the codable dialect: the model as the Codable structs an app declares.
    codable = "validate ndjson --jobs 1, the Codable model (users.swift)"
    row(codable, [BIN, "validate", CODABLE_SCHEMA, ndjson, "--model", "User", "--strict", "--date-decoding", "iso8601",
                  "--format", "json", "--jobs", "1"], size_nd, meta["count"])
    # The peers check the same file with the same rules (semantics of the users model, strict),
    # single-threaded; whole process, as castctl's rows are.
    peers = simdjson_peers(options.data)
    if "dom" in peers:
        row("simdjson DOM typed check (peer)", [peers["dom"], "typed", "ndjson", ndjson], size_nd, meta["count"])
    if "ondemand" in peers:
        row("simdjson On-Demand typed check (peer)", [peers["ondemand"], ndjson], size_nd, meta["count"])
    samples = {name: [] for name, *_ in specs}
    order = list(specs)
    for _ in range(options.runs):
        SHUFFLE.shuffle(order)
        for name, args, _, _ in order:
            samples[name].append(timed_once(args))
    rows = []
    for name, _, size, records in specs:
        wall = statistics.median(w for w, _ in samples[name])
        kb = statistics.median(k for _, k in samples[name])
        rows.append((name, size / wall / 1e6, records / wall, wall, kb / 1024))

    # A 5,000-line schema: loading and compiling it, against validating 1 MB.
    big = os.path.join(options.data, "big.cast")
    with open(big, "w") as f:
        for i in range(500):
            f.write(f"struct Model{i}: DictionaryConvertible, UnderscoreToCamelCase {{\n")
            for j in range(8):
                f.write(f"    var field{j}Name: {['Int', 'String', 'Double', 'Bool'][j % 4]}? //! \"f{j}\"\n")
            f.write("}\n")
    one_mb = os.path.join(options.data, "1mb.ndjson")
    with open(ndjson, "rb") as src, open(one_mb, "wb") as dst:
        written = 0
        for line in src:
            if written + len(line) > 1_000_000:
                break
            dst.write(line)
            written += len(line)
    # Loading alone is not the target: `validate` also compiles the plans it needs, so time a
    # validate run of one small record, less the same run with a one-line schema (process start,
    # argument parsing); and 1 MB less an empty file. Short runs, so more of them.
    one_line = os.path.join(options.data, "one-line.cast")
    with open(one_line, "w") as f:
        f.write("struct Model0: DictionaryConvertible { var a: Int? }\n")
    record = os.path.join(options.data, "one-record.json")
    with open(record, "w") as f:
        f.write('{"f0": 1}\n')
    empty = os.path.join(options.data, "empty.ndjson")
    open(empty, "w").close()
    fine_runs = max(options.runs, 61)
    def load(schema):
        return [BIN, "validate", schema, record, "--model", "Model0"]
    fine = timed_fine(
        [load(big), load(one_line), validate(one_mb, "--jobs", "1"), validate(empty, "--jobs", "1")], fine_runs)
    big_ms, one_line_ms, mb_ms, empty_ms = (statistics.median(wall for wall, _ in runs) for runs in fine)
    # Target 6 as a difference within each round: a ratio of two small differences explodes when
    # a noisy round leaves the denominator near zero.
    load_less_mb = statistics.median((b - o) - (m - e) for (b, _), (o, _), (m, _), (e, _) in zip(*fine))
    # The same inside the process (`--timings`): the schema and compile phases against the data
    # phase, without the 8 ms of starting a process and its swings.
    def loading(run):
        return run[1]["schema"] + run[1]["compile"]
    def data(run):
        return run[1]["data"]
    in_load = statistics.median(loading(b) - loading(o) for b, o in zip(fine[0], fine[1]))
    in_mb = statistics.median(data(m) - data(e) for m, e in zip(fine[2], fine[3]))
    in_less = statistics.median(
        (loading(b) - loading(o)) - (data(m) - data(e)) for b, o, m, e in zip(*fine))
    # Per round: speed ratios are inverse wall-time ratios.
    walls = {name: [w for w, _ in samples[name]] for name in samples}
    names = [name for name, *_ in specs]
    sizes = {name: size for name, _, size, _ in specs}
    def speed_ratio(fast, slow):
        return paired([sizes[fast] / w for w in walls[fast]], [sizes[slow] / w for w in walls[slow]])
    jobs, invalid, convert = (speed_ratio(names[1], names[0]), speed_ratio(names[0], names[2]),
                              speed_ratio(names[4], names[2]))

    print(f"castctl {options.count} records, {size_nd / 1e6:.1f} MB NDJSON / {size_ar / 1e6:.1f} MB array, "
          f"{meta['invalid']} invalid; medians of {options.runs} runs (wall time, process start included)\n")
    print("| run | MB/s | records/s | wall s | peak RSS MB |")
    print("|---|---:|---:|---:|---:|")
    for name, mbs, rps, wall, mb in rows:
        print(f"| {name} | {mbs:.1f} | {rps:,.0f} | {wall:.4f} | {mb:.1f} |")
    print(f"\nload+compile of a 5,000-line .cast file: {big_ms:.1f} ms ({big_ms - one_line_ms:.1f} ms beyond a one-line schema); "
          f"validate of 1 MB NDJSON: {mb_ms:.1f} ms ({mb_ms - empty_ms:.1f} ms beyond an empty file); medians of {fine_runs} runs; "
          f"the load less the 1 MB, paired: {load_less_mb:+.2f} ms")
    print(f"inside the process (--timings): schema and compile {in_load:.2f} ms beyond a one-line schema, the data "
          f"phase of 1 MB {in_mb:.2f} ms beyond an empty file; the load less the 1 MB, paired: {in_less:+.2f} ms")
    print(f"--jobs 2 / --jobs 1: {rows[1][1] / rows[0][1]:.2f}x (paired {jobs:.2f}x); "
          f"1% invalid / 0% invalid: {rows[0][1] / rows[2][1]:.2f}x speed (paired {invalid:.2f}x); "
          f"convert / validate (no invalid records): {rows[4][1] / rows[2][1]:.2f}x speed (paired {convert:.2f}x)")
    print(f"the Codable model / the .cast model, validate ndjson --jobs 1: {speed_ratio(codable, names[0]):.2f}x speed (paired)")
    for peer in ("simdjson DOM typed check (peer)", "simdjson On-Demand typed check (peer)"):
        if peer in walls:
            print(f"validate ndjson --jobs 1 / {peer}: {speed_ratio(names[0], peer):.2f}x speed (paired)")

    # Every shape of data, not only the users model: the json-corpus workloads and one row per
    # scalar type and directive (scripts/bench_shapes.py, which also runs alone and A/B).
    sys.path.insert(0, HERE)
    import bench_shapes
    bench_shapes.main(["--runs", str(options.shape_runs), "--data", options.data])


if __name__ == "__main__":
    main()
