#!/usr/bin/env python3
"""A benchmark row: records per second through Spark local mode on 2 cores against castctl alone,
on the same files. `make bench-spark` (pyspark from integrations/spark/setup.sh).

The data is the peer benchmark's users (../shared/bench/gen_users.py, 1% invalid, fixed seed), cut
into 8 NDJSON partition files in bench-data/spark/. Rows, each timed by the clock around it:

- castctl, pipe mode: `castctl validate SCHEMA - --format jsonl --jobs 2` over the concatenated
  files (what each Spark task runs, over everything at once);
- castctl, many files: `castctl validate SCHEMA DIR --jobs 2`, the files side by side;
- Spark local[2], cold: a new SparkSession (the JVM's start included), read the folder as text,
  `castctl_spark.validate`, count the invalid rows (which makes every verdict be computed);
- Spark local[2], warm: the same job again in that session.

Not a test: the machine is shared, so read the ratios within one run. Prints one Markdown table.
"""
import argparse
import glob
import os
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
SHARED = os.path.join(os.path.dirname(ROOT), "shared")
SCHEMA = os.path.join(SHARED, "bench", "schemas", "users.cast")
BIN = os.environ.get("CASTCTL_BIN") or os.path.join(ROOT, ".build", "release", "castctl")


def partitions(count, parts):
    """The users data cut into `parts` NDJSON files; made once per count."""
    folder = os.path.join(ROOT, "bench-data", "spark", "users-%d" % count)
    if len(glob.glob(os.path.join(folder, "part-*.ndjson"))) == parts:
        return folder
    os.makedirs(folder, exist_ok=True)
    whole = os.path.join(folder, "..", "users-%d.ndjson" % count)
    subprocess.run([sys.executable, os.path.join(SHARED, "bench", "gen_users.py"), "--count", str(count),
                    "--invalid-rate", "0.01", "--seed", "20240601", "--out", whole, "--no-array"], check=True)
    with open(whole) as handle:
        lines = handle.read().splitlines()
    size = (len(lines) + parts - 1) // parts
    for index in range(parts):
        with open(os.path.join(folder, "part-%05d.ndjson" % index), "w") as out:
            out.write("\n".join(lines[index * size:(index + 1) * size]) + "\n")
    return folder


def timed(command, stdin=None):
    start = time.perf_counter()
    subprocess.run(command, stdin=stdin, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - start


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--count", type=int, default=200_000, help="records in all (default 200000)")
    parser.add_argument("--parts", type=int, default=8)
    options = parser.parse_args()
    if not os.access(BIN, os.X_OK):
        sys.exit("castctl not built at %s (make release, or set CASTCTL_BIN)" % BIN)
    folder = partitions(options.count, options.parts)
    files = sorted(glob.glob(os.path.join(folder, "part-*.ndjson")))
    size = sum(os.path.getsize(path) for path in files)
    rows = []

    with tempfile.TemporaryFile() as joined:
        for path in files:
            with open(path, "rb") as handle:
                joined.write(handle.read())
        joined.seek(0)
        rows.append(("castctl alone, pipe mode (--format jsonl, --jobs 2, one stream)",
                     timed([BIN, "validate", SCHEMA, "-", "--format", "jsonl", "--jobs", "2"], stdin=joined)))
    rows.append(("castctl alone, many files (validate SCHEMA DIR, --jobs 2)",
                 timed([BIN, "validate", SCHEMA, folder, "--jobs", "2"])))

    os.environ.setdefault("SPARK_LOCAL_IP", "127.0.0.1")
    sys.path.insert(0, os.path.join(ROOT, "integrations", "spark"))
    from pyspark.sql import SparkSession
    from pyspark.sql import functions
    from castctl_spark import validate

    start = time.perf_counter()
    spark = (SparkSession.builder.master("local[2]").appName("castctl-bench")
             .config("spark.driver.bindAddress", "127.0.0.1").config("spark.driver.host", "127.0.0.1")
             .config("spark.ui.enabled", "false").config("spark.sql.files.openCostInBytes", str(128 << 20))
             .getOrCreate())
    spark.sparkContext.setLogLevel("ERROR")
    # The Python workers import castctl_spark too (spark-submit --py-files does this on a cluster).
    spark.sparkContext.addPyFile(os.path.join(ROOT, "integrations", "spark", "castctl_spark.py"))
    session = time.perf_counter() - start

    def job():
        df = spark.read.text(folder)
        checked = validate(df, [SCHEMA], "User", column="value", castctl=BIN)
        return checked.filter(functions.col("castctl_valid") == functions.lit(False)).count()

    start = time.perf_counter()
    invalid = job()
    cold = time.perf_counter() - start
    start = time.perf_counter()
    job()
    warm = time.perf_counter() - start
    spark.stop()
    rows.append(("Spark local[2], first job (session start %.1f s not included)" % session, cold))
    rows.append(("Spark local[2], first job with the session start", cold + session))
    rows.append(("Spark local[2], warm (second job in the session)", warm))

    print("%d records (%d invalid by Spark's count) in %d files, %.1f MB; castctl %s\n"
          % (options.count, invalid, len(files), size / 1e6, BIN))
    print("| run | seconds | records/s | MB/s |")
    print("|---|---:|---:|---:|")
    for name, seconds in rows:
        print("| %s | %.2f | %.0f | %.1f |" % (name, seconds, options.count / seconds, size / 1e6 / seconds))


if __name__ == "__main__":
    main()
