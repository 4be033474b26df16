#!/usr/bin/env python3
"""castctl benchmark per shape of data (issue 22), part of `make bench`.

Two tables, from one run:

- Workloads: each file of ../shared/data/json-corpus replicated to NDJSON (a top-level array gives one
  record per element, an object one record per copy) and validated against a model of ours under
  schemas/bench/ that uses every field; beside it castctl's `convert`, its `--type Any` scan and the
  simdjson DOM walk (../shared/bench/peers/simdjson) of the same file, and the ratios.
- Microbenchmarks: per scalar type and per directive, the MB/s of its values alone, validated and
  converted: an NDJSON file whose records hold 16 values of that one type (the keys are one letter,
  so the values are most of the bytes).

Every command runs once per round, the rounds' order shuffled from a fixed seed, and the medians
are printed: the shared 2-core host has slow stretches that a median over interleaved rounds rides
out. `--baseline BIN` adds an older castctl binary as a second column of every castctl row (A/B in
the same rounds), with the paired speed-up (the median of the per-round ratios).
"""
import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
SHARED = os.path.join(os.path.dirname(ROOT), "shared")
CORPUS = os.path.join(SHARED, "data", "json-corpus")
SCHEMAS = os.path.join(ROOT, "schemas", "bench")
BIN = os.path.join(ROOT, ".build", "release", "castctl")
SHUFFLE = random.Random(20261126)

# (corpus file, model, MB to replicate to)
WORKLOADS = [
    ("canada", "Canada", 45),
    ("citm_catalog", "Catalog", 50),
    ("github_events", "Event", 32),
    ("twitter", "Twitter", 40),
]

# Microbenchmark rows: (name, Swift type and directives, a function of a random generator giving one
# value's JSON[, options of the run]). Values are valid, so the rows measure the accepting path.
# A micro row's flag: validate without `--strict`.
LENIENT = "<lenient>"
MICRO = [
    ("Int", "Int", lambda r: str(r.randrange(-10**12, 10**12))),
    ("Int8", "Int8", lambda r: str(r.randrange(-128, 128))),
    ("UInt64", "UInt64", lambda r: str(r.randrange(0, 2**64))),
    ("Double", "Double", lambda r: repr(r.uniform(-1e6, 1e6))),
    ("Float", "Float", lambda r: repr(round(r.uniform(-1e3, 1e3), 3))),
    ("Decimal", "Decimal", lambda r: f"{r.randrange(10**9)}.{r.randrange(10**6):06d}"),
    ("Bool", "Bool", lambda r: r.choice(["true", "false"])),
    ("String", "String", lambda r: json.dumps("".join(r.choice("abcdefghij klmnop") for _ in range(r.randrange(4, 30))))),
    ("String (non-ASCII)", "String", lambda r: json.dumps("".join(r.choice("aé€中😀 ") for _ in range(r.randrange(4, 20))), ensure_ascii=False)),
    ("Character", "Character", lambda r: json.dumps(r.choice("abcé€中"), ensure_ascii=False)),
    ("URL", "URL", lambda r: json.dumps(f"https://api.example.com/repos/user{r.randrange(10**6)}/project-{r.randrange(999)}/issues?page={r.randrange(9)}")),
    ("UUID", "UUID", lambda r: json.dumps(str(__import__("uuid").UUID(int=r.getrandbits(128))))),
    ("Data (base64)", "Data", lambda r: json.dumps(__import__("base64").b64encode(r.randbytes(r.randrange(8, 48))).decode())),
    ("Date (ISO-8601)", "Date", lambda r: json.dumps(time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(r.randrange(0, 2 * 10**9))))),
    ("Date (epoch)", "Date //! date epoch", lambda r: str(r.randrange(0, 2 * 10**9))),
    ("Date (pattern)", 'Date //! date "yyyy-MM-dd HH:mm"', lambda r: json.dumps(time.strftime("%Y-%m-%d %H:%M", time.gmtime(r.randrange(0, 2 * 10**9))))),
    ("enum (String)", "Color", lambda r: json.dumps(r.choice(["red", "green", "blue"]))),
    ("[Int]", "[Int]", lambda r: json.dumps([r.randrange(1000) for _ in range(4)])),
    ("[String: Int]", "[String: Int]", lambda r: json.dumps({f"k{i}": r.randrange(1000) for i in range(3)})),
    ("Any", "Any", lambda r: json.dumps({"a": r.randrange(9), "b": [1, "x"]})),
    ("//! range (Int)", "Int //! range 0...1000000", lambda r: str(r.randrange(0, 10**6))),
    ("//! range (Double)", "Double //! range -1000...1000", lambda r: repr(r.uniform(-1e3, 1e3))),
    ("//! length", "String //! length 1...40", lambda r: json.dumps("".join(r.choice("abcdefghij") for _ in range(r.randrange(4, 30))))),
    ("//! pattern", 'String //! pattern "^[0-9a-f]{40}$"', lambda r: json.dumps("%040x" % r.getrandbits(160))),
    ("//! count", "[Int] //! count 1...10", lambda r: json.dumps([r.randrange(1000) for _ in range(4)])),
    ("//! date epoch-ms", "Date //! date epoch-ms", lambda r: str(r.randrange(0, 2 * 10**12))),
    ("String (\\u escapes)", "String", lambda r: json.dumps("".join(chr(r.randrange(0x3040, 0x30FF)) for _ in range(r.randrange(4, 12))))),
    ("Set<String>", "Set<String>", lambda r: json.dumps([f"t{x}" for x in r.sample(range(10**6), 4)])),
    ("Set<Int>", "Set<Int>", lambda r: json.dumps(r.sample(range(10**6), 4))),
    ("String, -n", "String", lambda r: json.dumps("".join(r.choice("abcdefghij klmnop") for _ in range(r.randrange(4, 30)))), ["-n"]),
    ("Int, -i", "Int", lambda r: str(r.randrange(-10**12, 10**12)), ["-i"]),
    ("enum (Int)", "Level", lambda r: r.choice(["1", "5", "9"])),
    ("Int?", "Int?", lambda r: r.choice(["null", str(r.randrange(-10**12, 10**12))])),
    ("Int = 0 (a default)", "Int = 0", lambda r: str(r.randrange(-10**12, 10**12))),
    ("key path", 'Int //! "{k}/v"', lambda r: '{"v":%d}' % r.randrange(-10**12, 10**12)),
    ("`??` alternative keys", 'Int //! "{k} ?? x{k}"', lambda r: str(r.randrange(-10**12, 10**12))),
    ("index key", 'Int //! "{k}[1]"', lambda r: json.dumps([r.randrange(1000) for _ in range(3)])),
    ("[Color: Int]", "[Color: Int]", lambda r: json.dumps({c: r.randrange(1000) for c in r.sample(["red", "green", "blue"], 2)})),
    ("Set<Double>", "Set<Double>", lambda r: json.dumps([r.uniform(-1e3, 1e3) for _ in range(4)])),
    ("Set<Color>", "Set<Color>", lambda r: json.dumps(r.sample(["red", "green", "blue"], 2))),
    ("//! count (dictionary)", "[String: Int] //! count 1...10", lambda r: json.dumps({f"k{i}": r.randrange(1000) for i in range(3)})),
    ("//! pattern (URL)", 'URL //! pattern "^https://"', lambda r: json.dumps(f"https://example.com/u{r.randrange(10**6)}")),
    # Keys the model does not read (it reads `z…`, absent): skipped, each checked for a repeat.
    ("unread keys", 'Int? //! "z{k}"', lambda r: str(r.randrange(-10**12, 10**12))),
    ("Set<Float>", "Set<Float>", lambda r: json.dumps([x / 100 for x in r.sample(range(-10**5, 10**5), 4)])),
    # A Codable dictionary keyed by an enum that is no CodingKeyRepresentable: key-value pairs.
    ("[Color: Int] (codable pairs)", "[Color: Int]",
     lambda r: json.dumps([x for c in r.sample(["red", "green", "blue"], 2) for x in (c, r.randrange(1000))]),
     ["--dialect", "codable"]),
    # The codable dialect's own readers: Foundation's ISO-8601 parser and canonical base64.
    ("Date (codable iso8601)", "Date",
     lambda r: json.dumps(time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(r.randrange(0, 2 * 10**9)))),
     ["--dialect", "codable", "--date-decoding", "iso8601"]),
    ("Data (codable)", "Data", lambda r: json.dumps(__import__("base64").b64encode(r.randbytes(r.randrange(8, 48))).decode()),
     ["--dialect", "codable"]),
    # Scientific data: doubles written with exponents, near the type's limits.
    ("Double (exponents)", "Double", lambda r: repr(r.uniform(1, 10) * 10.0 ** r.randrange(-300, 300))),
    ("Int64 (19 digits)", "Int64", lambda r: str(r.randrange(-2**63, 2**63))),
    # HTTP dates: a pattern with a zone's name.
    ("Date (pattern, zone name)", 'Date //! date "EEE, dd MMM yyyy HH:mm:ss zzz"',
     lambda r: json.dumps(time.strftime("%a, %d %b %Y %H:%M:%S GMT", time.gmtime(r.randrange(0, 2 * 10**9))))),
    # Two-digit years and days of the year (`yy`, `DDD`).
    ("Date (pattern, yy)", 'Date //! date "MM/dd/yy"', lambda r: json.dumps(time.strftime("%m/%d/%y", time.gmtime(r.randrange(0, 2 * 10**9))))),
    ("Date (pattern, day of year)", 'Date //! date "yyyy-DDD"', lambda r: json.dumps(time.strftime("%Y-%j", time.gmtime(r.randrange(0, 2 * 10**9))))),
    # A set of models (`Point: Hashable`), a subclass reading its superclass's properties under
    # `//! super "base"`, and `-i` with every key in another case than declared.
    ("Set<Point> (models)", "Set<Point>",
     lambda r: json.dumps([{"x": x, "y": r.randrange(1000)} for x in r.sample(range(10**6), 3)], separators=(",", ":"))),
    ("//! super", "Sub", lambda r: '{"base":{"id":%d},"n":%d}' % (r.randrange(10**6), r.randrange(10**6))),
    ("Int, -i (keys in another case)", 'Int //! "{K}"', lambda r: str(r.randrange(-10**12, 10**12)), ["-i"]),
    # URLs with text beyond ASCII (or `|`, `[`) in the path and query, as in links to articles:
    # Foundation takes them percent-encoded; the codable dialect writes them so.
    ("URL (non-ASCII path)", "URL",
     lambda r: json.dumps(f"https://de.wikipedia.org/wiki/{r.choice(['München', 'Straße', 'Zürich', 'a|b'])}_{r.randrange(10**6)}?q=ü",
                          ensure_ascii=False)),
    # Patterns on text beyond ASCII: one of class runs, and one the Pike machine reads.
    ("//! pattern (class runs, non-ASCII)", 'String //! pattern "^[a-zé€中😀 ]{1,40}$"',
     lambda r: json.dumps("".join(r.choice("aé€中😀 ") for _ in range(r.randrange(4, 20))), ensure_ascii=False)),
    ("//! pattern (alternation, non-ASCII)", 'String //! pattern "(€|中)+[a-z ]*😀"',
     lambda r: json.dumps("".join(r.choice("ab c") for _ in range(8)) + r.choice(["€", "中"]) * 2 + "xy z😀é", ensure_ascii=False)),
    ("URL (non-ASCII path, codable)", "URL",
     lambda r: json.dumps(f"https://de.wikipedia.org/wiki/{r.choice(['München', 'Straße', 'Zürich', 'a|b'])}_{r.randrange(10**6)}?q=ü",
                          ensure_ascii=False), ["--dialect", "codable"]),
    # Internationalised host names, which Foundation runs through IDNA: a few hosts, many links.
    ("URL (non-ASCII host)", "URL",
     lambda r: json.dumps(f"https://{r.choice(['münchen.de', 'bücher.example', '例え.テスト', 'zürich.ch'])}/a/{r.randrange(10**6)}",
                          ensure_ascii=False)),
    ("URL (non-ASCII host, codable)", "URL",
     lambda r: json.dumps(f"https://{r.choice(['münchen.de', 'bücher.example', '例え.テスト', 'zürich.ch'])}/ü/{r.randrange(10**6)}",
                          ensure_ascii=False), ["--dialect", "codable"]),
    # Numbers sent as strings, which the lenient dialects coerce with a warning each; without
    # `--strict` (LENIENT), and with the warnings past the first ten counted, not shown.
    ("Int from a numeric string (coerced)", "Int", lambda r: f'"{r.randrange(-10**9, 10**9)}"', [LENIENT, "--max-warnings", "10"]),
    ("Double from a numeric string (coerced)", "Double", lambda r: f'"{r.randrange(10**6)}.{r.randrange(100)}"',
     [LENIENT, "--max-warnings", "10"]),
    ("Bool from a string (coerced)", "Bool", lambda r: json.dumps(r.choice(["true", "yes", "on", "0", "no", "False"])),
     [LENIENT, "--max-warnings", "10"]),
    ("Bool from a string (coerced, NSString.boolValue)", "Bool", lambda r: json.dumps(r.choice(["y", "T", " 1", "-01", "no", "0"])),
     [LENIENT, "--max-warnings", "10", "--dialect", "jsonobject"]),
    # An enum of many cases, whose raw values share a prefix: found by hash, not one by one.
    ("enum (String, 300 cases)", "Country", lambda r: json.dumps(f"country_{r.randrange(300):03d}")),
    # Subnormal and near-limit exponents, which a general parser reads slowly.
    ("Double (subnormal)", "Double", lambda r: f"{r.uniform(1, 9):.4f}e-{r.randrange(300, 323)}"),
    # Sets compared by a word of each element, and containers past the entries compared as they
    # come, told apart by a table of hashes.
    ("Set<Date>", "Set<Date>",
     lambda r: json.dumps([time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(x)) for x in r.sample(range(0, 2 * 10**9), 4)])),
    ("Set<UUID>", "Set<UUID>", lambda r: json.dumps([str(__import__("uuid").UUID(int=r.getrandbits(128))) for _ in range(4)])),
    ("Set<String> (100 elements)", "Set<String>", lambda r: json.dumps([f"t{x}" for x in r.sample(range(10**6), 100)])),
    ("[String: Int] (100 keys)", "[String: Int]", lambda r: json.dumps({f"key{i}": r.randrange(1000) for i in range(100)})),
    ("Date (ISO-8601, offset and fraction)", "Date",
     lambda r: json.dumps(time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(r.randrange(0, 2 * 10**9)))
                          + f".{r.randrange(10**6):06d}" + r.choice(["+02:00", "-05:30", "Z"]))),
    # The codable dialect writes numbers as JSONEncoder writes the values read (convert reads
    # each one and writes it shortest): 17 digits, a few decimals, and Float.
    ("Double (codable)", "Double", lambda r: repr(r.uniform(-1e6, 1e6)), ["--dialect", "codable"]),
    ("Double (codable, 4 decimals)", "Double", lambda r: repr(round(r.uniform(-1e3, 1e3), 4)), ["--dialect", "codable"]),
    ("Float (codable)", "Float", lambda r: repr(round(r.uniform(-1e4, 1e4), 3)), ["--dialect", "codable"]),
    ("enum with associated values (codable)", "Shape",
     lambda r: r.choice(['{"circle":{"radius":%s}}' % round(r.uniform(0, 100), 2),
                         '{"rect":{"width":%d,"height":%d}}' % (r.randrange(100), r.randrange(100)), '{"none":{}}']),
     ["--dialect", "codable"]),
    # Directives with a note on every value (`//! ignore` with its key in the data, `//! custom`),
    # each note shown ten times and counted after; decimals with exponents; pattern dates written
    # in another text than read (`+05:30` as `Z`); a key path three deep.
    ("//! ignore (its key in the data)", "Int //! ignore", lambda r: str(r.randrange(-10**12, 10**12))),
    ("//! custom", "Int //! custom", lambda r: str(r.randrange(-10**12, 10**12))),
    ("Decimal (exponents)", "Decimal", lambda r: f"{r.randrange(1, 1000)}.{r.randrange(10**6):06d}e{r.randrange(-60, 60)}"),
    ("Date (pattern, offset)", "Date //! date \"yyyy-MM-dd'T'HH:mm:ssXXX\"",
     lambda r: json.dumps(time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(r.randrange(0, 2 * 10**9))) + r.choice(["+05:30", "-08:00", "Z"]))),
    ("key path (three deep)", 'Int //! "{k}/a/b"', lambda r: '{"a":{"b":%d}}' % r.randrange(-10**12, 10**12)),
]
FIELDS = 16
MICRO_MB = 4


def replicate(name, megabytes, out_dir):
    """The corpus file as NDJSON of about `megabytes` MB, generated once into bench-data/."""
    path = os.path.join(out_dir, f"{name}-{megabytes}mb.ndjson")
    if os.path.exists(path):
        return path
    with open(os.path.join(CORPUS, name + ".json"), encoding="utf-8") as f:
        document = json.load(f)
    records = document if isinstance(document, list) else [document]
    lines = "".join(json.dumps(r, ensure_ascii=False, separators=(",", ":")) + "\n" for r in records).encode()
    with open(path + ".part", "wb") as f:
        for _ in range(max(1, megabytes * 1_000_000 // len(lines))):
            f.write(lines)
    os.replace(path + ".part", path)
    return path


def micro_files(index, name, declared, value, out_dir):
    """The schema and NDJSON of one microbenchmark row."""
    base = os.path.join(out_dir, f"micro-{index:02d}")
    schema, data = base + ".cast", base + ".ndjson"
    if not os.path.exists(data):
        with open(schema, "w") as f:
            f.write("enum Color: String { case red, green, blue }\n")
            f.write("enum Level: Int { case low = 1, mid = 5, high = 9 }\n")
            f.write("enum Country: String {\n" + "".join(f'    case c{i} = "country_{i:03d}"\n' for i in range(300)) + "}\n")
            f.write("struct Point: DictionaryConvertible, Hashable {\n    let x: Int\n    let y: Int\n}\n")
            f.write("class Base {\n    let id: Int\n}\nclass Sub: Base { //! super \"base\"\n    let n: Int\n}\n")
            if "Shape" in declared:
                # Cases with associated values, read as the synthesized Codable reads them.
                f.write("enum Shape: Codable {\n    case circle(radius: Double)\n    case rect(width: Int, height: Int)\n    case none\n}\n")
            f.write("struct M: DictionaryConvertible {\n")
            for i in range(FIELDS):
                if "{k}" in declared or "{K}" in declared:
                    # The row's own key spec (a key path, `??`, an index), `{k}` standing for the
                    # field's key, `{K}` for it in capitals.
                    f.write(f"    let f{i}: {declared.replace('{k}', chr(97 + i)).replace('{K}', chr(65 + i))}\n")
                    continue
                # A directive follows the type: `Int //! range …` becomes `let a: Int //! "a" //! range …`.
                kind, _, directive = declared.partition(" //! ")
                f.write(f'    let f{i}: {kind} //! "{chr(97 + i)}"' + (f" //! {directive}" if directive else "") + "\n")
            f.write("}\n")
        rng = random.Random(index)
        with open(data + ".part", "w", encoding="utf-8") as f:
            written = 0
            while written < MICRO_MB * 1_000_000:
                line = "{" + ",".join(f'"{chr(97 + i)}":{value(rng)}' for i in range(FIELDS)) + "}\n"
                f.write(line)
                written += len(line.encode())
        os.replace(data + ".part", data)
    return schema, data


def run_rounds(commands, runs):
    """Wall seconds of every command per round, the commands in a shuffled order each round."""
    walls = [[] for _ in commands]
    order = list(range(len(commands)))
    for _ in range(runs):
        SHUFFLE.shuffle(order)
        for index in order:
            start = time.perf_counter()
            done = subprocess.run(commands[index], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
            walls[index].append(time.perf_counter() - start)
            # Every record of every file is valid: any other exit is a broken benchmark.
            if done.returncode != 0:
                sys.exit(f"bench: {' '.join(commands[index])} failed: {done.stderr.decode()[-400:]}")
    return walls


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--data", default=os.path.join(ROOT, "bench-data"))
    parser.add_argument("--bin", default=BIN, help="the castctl under test")
    parser.add_argument("--baseline", help="an older castctl, run in the same rounds (A/B)")
    parser.add_argument("--only", choices=["workloads", "micro"], help="one table")
    parser.add_argument("--simdjson", default=None, help="the simdjson-peer binary (built if absent)")
    options = parser.parse_args(argv)
    os.makedirs(options.data, exist_ok=True)
    bins = [options.bin] + ([options.baseline] if options.baseline else [])
    label = ["new", "old"]
    if options.only != "micro":
        workloads(options, bins, label)
    if options.only != "workloads":
        micro(options, bins, label)


def simdjson_peer(options):
    """The simdjson DOM walk peer, built from ../shared/bench/peers/simdjson into bench-data/."""
    if options.simdjson:
        return options.simdjson
    peer = os.path.join(options.data, "peers", "simdjson-peer")
    if not os.path.exists(peer):
        os.makedirs(os.path.dirname(peer), exist_ok=True)
        source = os.path.join(SHARED, "bench", "peers", "simdjson", "simdjson_peer.cpp")
        built = subprocess.run([os.environ.get("CXX", "g++"), "-O3", "-std=c++17", "-DNDEBUG", source, "-o", peer,
                                "-lsimdjson"])
        if built.returncode != 0:
            sys.exit("bench: the simdjson peer did not build; scripts/install-bench-deps.sh installs libsimdjson-dev")
    return peer


def workloads(options, bins, label):
    peer = simdjson_peer(options)
    commands, names = [], []
    out = os.path.join(options.data, "shapes-converted.ndjson")
    files = {}
    for name, model, megabytes in WORKLOADS:
        data = replicate(name, megabytes, options.data)
        schema = os.path.join(SCHEMAS, name + ".cast")
        files[name] = data
        for which, binary in zip(label, bins):
            def add(kind, args):
                names.append((name, kind, which))
                commands.append(args)
            add("validate", [binary, "validate", schema, data, "--model", model, "--strict", "--jobs", "1", "--format", "json"])
            add("convert", [binary, "convert", schema, data, "--model", model, "--jobs", "1", "-o", out, "--force"])
            add("Any", [binary, "validate", data, "--type", "Any", "--jobs", "1", "--format", "json"])
        names.append((name, "simdjson", ""))
        commands.append([peer, "walk", "ndjson", data])
    walls = run_rounds(commands, options.runs)
    by = dict(zip(names, walls))
    print(f"\nWorkloads per shape: --jobs 1, whole process, medians of {options.runs} interleaved rounds (MB/s)\n")
    header = "| data | MB | validate --strict | convert | --type Any | simdjson DOM walk | validate / simdjson | validate / Any | convert / validate |"
    if len(bins) > 1:
        header += " validate old | convert old | validate new/old (paired) | convert new/old (paired) |"
    print(header)
    print("|" + "---|" * (header.count("|") - 1))
    for name, model, _ in WORKLOADS:
        size = os.path.getsize(files[name]) / 1e6
        def speed(kind, which="new"):
            return size / statistics.median(by[(name, kind, which)])
        def paired(kind_a, which_a, kind_b, which_b):
            return statistics.median(b / a for a, b in zip(by[(name, kind_a, which_a)], by[(name, kind_b, which_b)]))
        cells = [name, f"{size:.0f}", f"{speed('validate'):.0f}", f"{speed('convert'):.0f}", f"{speed('Any'):.0f}",
                 f"{size / statistics.median(by[(name, 'simdjson', '')]):.0f}",
                 f"{paired('validate', 'new', 'simdjson', ''):.2f}x", f"{paired('validate', 'new', 'Any', 'new'):.2f}x",
                 f"{paired('convert', 'new', 'validate', 'new'):.2f}x"]
        if len(bins) > 1:
            cells += [f"{speed('validate', 'old'):.0f}", f"{speed('convert', 'old'):.0f}",
                      f"{paired('validate', 'new', 'validate', 'old'):.2f}x", f"{paired('convert', 'new', 'convert', 'old'):.2f}x"]
        print("| " + " | ".join(cells) + " |")


def micro(options, bins, label):
    commands, names, sizes = [], [], {}
    out = os.path.join(options.data, "micro-converted.ndjson")
    for index, (name, declared, value, *flags) in enumerate(MICRO):
        schema, data = micro_files(index, name, declared, value, options.data)
        sizes[name] = os.path.getsize(data) / 1e6
        extra = flags[0] if flags else []
        strict = [] if LENIENT in extra else ["--strict"]
        options_of_row = [*strict, "--jobs", "1", *[flag for flag in extra if flag != LENIENT]]
        # NB: `convert` shows every warning (it has no --max-warnings), as a user running it sees them.
        limit = options_of_row.index("--max-warnings") if "--max-warnings" in options_of_row else None
        convert_options = options_of_row if limit is None else options_of_row[:limit] + options_of_row[limit + 2:]
        for which, binary in zip(label, bins):
            names.append((name, "validate", which))
            commands.append([binary, "validate", schema, data, "--model", "M", "--format", "json", *options_of_row])
            names.append((name, "convert", which))
            commands.append([binary, "convert", schema, data, "--model", "M", "-o", out, "--force", *convert_options])
    walls = run_rounds(commands, options.runs)
    by = dict(zip(names, walls))
    print(f"\nMicrobenchmarks: validate --strict and convert --jobs 1 (rows marked coerced: without --strict) of {FIELDS} values "
          f"per record, {MICRO_MB} MB each, medians of {options.runs} interleaved rounds (MB/s)\n")
    header = "| values | declared as | validate | convert | convert / validate (paired) |"
    if len(bins) > 1:
        header += " validate old | convert old | validate new/old (paired) | convert new/old (paired) |"
    print(header)
    print("|" + "---|" * (header.count("|") - 1))
    for name, declared, *_ in MICRO:
        def speed(kind, which="new"):
            return sizes[name] / statistics.median(by[(name, kind, which)])
        def paired(kind_a, which_a, kind_b, which_b):
            return statistics.median(b / a for a, b in zip(by[(name, kind_a, which_a)], by[(name, kind_b, which_b)]))
        cells = [name, f"`{declared}`", f"{speed('validate'):.0f}", f"{speed('convert'):.0f}",
                 f"{paired('convert', 'new', 'validate', 'new'):.2f}x"]
        if len(bins) > 1:
            cells += [f"{speed('validate', 'old'):.0f}", f"{speed('convert', 'old'):.0f}",
                      f"{paired('validate', 'new', 'validate', 'old'):.2f}x", f"{paired('convert', 'new', 'convert', 'old'):.2f}x"]
        print("| " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main()
