#!/usr/bin/env python3
"""castctl infer beside GenSON: `make bench-infer` (also run by `make bench`).

For the benchmark's users file (bench-data/users-*.ndjson from `make bench`; without
../shared/bench/gen_users.py a synthetic stand-in of the same shape, 116 MB, made here and named
so) and each file of ../shared/data/json-corpus, times `castctl infer` (with and without its
verification), `castctl validate --strict` with the inferred model (the issue's yardstick: infer
at least half of validate's speed), and GenSON (PyPI `genson`) building a JSON Schema from the
same records, one SchemaBuilder.add_object per record, the way its CLI does. Wall time and peak
RSS by /usr/bin/time, medians of --runs runs. Then where the two disagree: per property path,
required (castctl: present in every object and never null; GenSON: present in every object) and
the JSON type, null aside (GenSON's type lists say null apart; castctl's `?` is absent or null).
"""
import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
SHARED = os.path.join(os.path.dirname(ROOT), "shared")
BIN = os.environ.get("CASTCTL_BIN", os.path.join(ROOT, ".build", "release", "castctl"))
GENSON = r"""
import json, sys
from genson import SchemaBuilder
builder = SchemaBuilder()
path, ndjson = sys.argv[1], sys.argv[2] == "1"
with open(path, "rb") as f:
    if ndjson:
        for line in f:
            if line.strip():
                builder.add_object(json.loads(line))
    else:
        doc = json.load(f)
        for record in (doc if isinstance(doc, list) else [doc]):
            builder.add_object(record)
json.dump(builder.to_schema(), open(sys.argv[3], "w"))
"""


def synthetic_users(path, target):
    """NDJSON records shaped like the benchmark's users (a stand-in when its generator is absent)."""
    r = random.Random(7)
    roles = ["admin", "editor", "viewer"]
    size = n = 0
    with open(path, "w") as out:
        while size < target:
            n += 1
            u = {"id": n, "user_name": f"user_{n}", "email": f"u{n}@example.org", "role": r.choice(roles),
                 "created_at": "2024-%02d-%02dT%02d:%02d:%02dZ" % (r.randint(1, 12), r.randint(1, 28), r.randint(0, 23),
                                                                  r.randint(0, 59), r.randint(0, 59)),
                 "address": {"street": f"{r.randint(1, 999)} Main St", "city": r.choice(["London", "Oslo", "Paris"]),
                             "zip": "%05d" % r.randint(0, 99999)}}
            if r.random() < 0.7:
                u["is_active"] = r.random() < 0.5
            if r.random() < 0.5:
                u["tags"] = [r.choice("abcd") for _ in range(r.randint(0, 4))]
            if r.random() < 0.3:
                u["nickname"] = None if r.random() < 0.5 else f"nick{n}"
            if r.random() < 0.4:
                u["homepage"] = f"https://example.org/~u{n}"
            if r.random() < 0.5:
                u["address"]["geo"] = {"lat": round(r.uniform(-90, 90), 4), "lon": round(r.uniform(-180, 180), 4)}
            line = json.dumps(u) + "\n"
            out.write(line)
            size += len(line)


def timed(args):
    with tempfile.NamedTemporaryFile("r") as report:
        start = time.perf_counter()
        done = subprocess.run(["/usr/bin/time", "-f", "%M", "-o", report.name] + args,
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        wall = time.perf_counter() - start
        return wall, int(report.read().split()[-1]), done.returncode, done.stderr.decode(errors="replace")


def castctl_paths(schema_json):
    """{path: (json type, required)} from `castctl schema --format json` of an inferred model."""
    models = {m["name"]: m for m in schema_json["models"]}
    enums = {e["name"] for e in schema_json.get("enums", [])}
    root = schema_json["models"][0]["name"]
    paths = {}

    def kind(t):
        t = t.rstrip("?")
        if t.startswith("["):
            inner = t[1:-1]
            if ": " in inner:
                return "object", None
            return "array", inner
        if t in models:
            return "object", None
        if t in ("Int",):
            return "integer", None
        if t in ("Double", "Decimal"):
            return "number", None
        if t in ("Bool",):
            return "boolean", None
        if t in ("String", "Date", "URL", "UUID") or t in enums:
            return "string", None
        return "any", None

    def walk(model, prefix, seen):
        if model in seen:
            return
        for p in models[model]["properties"]:
            path = prefix + "/" + p["keys"][0]
            t = p["type"]
            k, inner = kind(t)
            # NB: `?` is optional, absent or null; GenSON's types say null apart, so it is not compared.
            paths[path] = (k if ": " not in t else "map", p["presence"] == "required")
            base, depth = t.rstrip("?"), 0
            while base.startswith("[") and ": " not in base:
                base, depth = base[1:-1].rstrip("?"), depth + 1
            if base in models:
                walk(base, path + "/[]" * depth, seen | {model})
    walk(root, "", set())
    return paths


def genson_paths(schema):
    paths = {}

    def types(node):
        if "anyOf" in node:
            return sorted({t for sub in node["anyOf"] for t in types(sub)})
        t = node.get("type", "any")
        return sorted(t) if isinstance(t, list) else [t]

    def sub(node, key):
        if "anyOf" in node:
            for s in node["anyOf"]:
                if key in s:
                    return s
        return node if key in node else None

    def walk(node, prefix):
        obj = sub(node, "properties")
        if obj is None:
            return
        required = set(obj.get("required", []))
        for key, child in obj["properties"].items():
            path = prefix + "/" + key
            ts = types(child)
            nullable = "null" in ts
            ts = [t for t in ts if t != "null"]
            paths[path] = ("|".join(ts) or "null", key in required)
            walk(child, path)
            items = sub(child, "items")
            if items is not None:
                inner = items["items"]
                depth = 1
                while sub(inner, "items") is not None and sub(inner, "properties") is None:
                    inner, depth = sub(inner, "items")["items"], depth + 1
                walk(inner, path + "/[]" * depth)
    walk(schema, "")
    return paths


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--data", default=os.path.join(ROOT, "bench-data"))
    options = parser.parse_args()
    try:
        import genson  # noqa: F401
    except ImportError:
        sys.exit("bench-infer: GenSON is not installed (pip install genson)")
    os.makedirs(options.data, exist_ok=True)
    inputs = []
    real = sorted(f for f in os.listdir(options.data) if f.startswith("users-") and f.endswith("-0.0.ndjson"))
    if real:
        inputs.append(("users (benchmark)", os.path.join(options.data, real[-1])))
    else:
        synth = os.path.join(options.data, "users-synthetic-116mb.ndjson")
        if not os.path.exists(synth):
            synthetic_users(synth, 116_000_000)
        inputs.append(("users (synthetic stand-in)", synth))
    corpus = os.path.join(SHARED, "data", "json-corpus")
    for name in ("canada", "citm_catalog", "github_events", "twitter"):
        path = os.path.join(corpus, name + ".json")
        if os.path.exists(path):
            inputs.append((name, path))
    print(f"castctl infer beside GenSON; medians of {options.runs} runs (wall time, process start included)\n")
    print("| data | MB | run | MB/s | wall s | peak RSS MB |")
    print("|---|---:|---|---:|---:|---:|")
    notes = []
    for label, path in inputs:
        size = os.path.getsize(path)
        ndjson = path.endswith(".ndjson")
        model = os.path.join(options.data, "inferred-" + os.path.basename(path) + ".cast")
        schema_out = os.path.join(options.data, "genson-" + os.path.basename(path) + ".json")
        first = subprocess.run([BIN, "infer", path, "-o", model, "--force", "--model-name", "Root"],
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        notes.append(f"{label}: " + first.stderr.decode(errors="replace").strip().splitlines()[-1])
        rows = [
            ("castctl infer", [BIN, "infer", path, "-o", os.devnull, "--force"]),
            ("castctl infer --no-verify", [BIN, "infer", path, "-o", os.devnull, "--force", "--no-verify"]),
            ("castctl validate --strict (inferred model)", [BIN, "validate", model, path, "--strict", "--format", "json"]),
            ("GenSON", [sys.executable, "-c", GENSON, path, "1" if ndjson else "0", schema_out]),
        ]
        samples = {name: [] for name, _ in rows}
        for _ in range(options.runs):
            for name, args in rows:
                wall, kb, _, _ = timed(args)
                samples[name].append((wall, kb))
        for name, _ in rows:
            wall = statistics.median(w for w, _ in samples[name])
            kb = statistics.median(k for _, k in samples[name])
            print(f"| {label} | {size / 1e6:.1f} | {name} | {size / wall / 1e6:.1f} | {wall:.3f} | {kb / 1024:.1f} |")
        ours = castctl_paths(json.loads(subprocess.run([BIN, "schema", model, "--format", "json"],
                                                        capture_output=True).stdout))
        theirs = genson_paths(json.load(open(schema_out)))
        differ = []
        maps = [p for p, (k, _) in ours.items() if k == "map"]
        folded = {p for p in theirs if any(p.startswith(m + "/") for m in maps)}
        for m in maps:
            count = sum(1 for p in folded if p.startswith(m + "/"))
            if count:
                differ.append(f"{m}: a map in castctl, {count} property paths in GenSON")
        for p in sorted((set(ours) | set(theirs)) - folded):
            a, b = ours.get(p), theirs.get(p)
            if a is None or b is None:
                differ.append(f"{p}: {'castctl ' + str(a) if a else 'only GenSON'} / {'GenSON ' + str(b) if b else 'only castctl (a map to GenSON)'}")
            elif a[0] == "map" and b[0] == "object":
                continue
            elif a != b:
                what = []
                if a[1] != b[1]:
                    what.append(f"required castctl {a[1]}, GenSON {b[1]}")
                if a[0] != b[0]:
                    what.append(f"type castctl {a[0]}, GenSON {b[0]}")
                differ.append(f"{p}: " + "; ".join(what))
        notes.append(f"  {len(ours)} castctl paths, {len(theirs)} GenSON paths, {len(differ)} disagreements"
                     + "".join("\n    " + d for d in differ[:12]) + ("\n    …" if len(differ) > 12 else ""))
    print("\n" + "\n".join(notes))


if __name__ == "__main__":
    main()
