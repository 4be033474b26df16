# castctl — the two set-up commands are `make demo` and `make test`; both install what is missing.
SWIFT ?= swift
BIN := .build/debug/castctl
RELEASE_BIN := .build/release/castctl

.PHONY: all deps build release demo test test-quick test-spark test-ci-spark bench-spark test-hooks test-codable-diff test-release test-asan test-tsan fuzz fuzz-smoke bench bench-infer clean

all: build

deps:
	@scripts/install-deps.sh

build: deps
	$(SWIFT) build

# The Swift runtime and Foundation linked in: a small run takes about 8 ms instead of 14 (the
# dynamic loader no longer binds thousands of symbols across a dozen libraries), and the binary
# needs no Swift libraries at run time (only libedit and the C and C++ runtimes).
release: deps
	$(SWIFT) build -c release --static-swift-stdlib
	@# The symbol table is most of the static binary and nothing at run time needs it.
	strip $(RELEASE_BIN)
	@ls -l $(RELEASE_BIN) | awk '{ printf "castctl release binary: %.1f MB\n", $$5 / 1e6 }'

# Runs castctl on the shipped examples: check, schema, validate.
demo: build
	@scripts/demo.sh $(BIN)

# The gate CI runs (.ci/run): the whole suite under AddressSanitizer, the parallel paths under
# ThreadSanitizer, a 60-second run of every fuzz target (side by side) with the Spark integration
# beside it (pyspark installs in the background meanwhile); see scripts/gate.sh. About 24 minutes on 2 cores
# from a clean clone; `make test-quick` is the suite alone, for the edit-test loop.
test: deps
	scripts/gate.sh

# The suite without sanitizers.
test-quick: deps
	$(SWIFT) test --disable-xctest

# The Spark integration (integrations/spark) in local mode against the debug build: pyspark into
# integrations/spark/.venv on first use (a 300 MB download), then about a minute on 2 cores.
# `make test` runs it too, last, against its AddressSanitizer build.
test-spark: build
	integrations/spark/run-tests.sh

# The Spark test as the gate runs it: a missing pyspark or Java fails instead of skipping.
test-ci-spark: build
	CASTCTL_SPARK_REQUIRED=1 integrations/spark/run-tests.sh

# Records per second through Spark local[2] against castctl alone on the same files
# (scripts/bench_spark.py; not a test).
bench-spark: release
	integrations/spark/setup.sh
	integrations/spark/.venv/bin/python scripts/bench_spark.py

# The pre-commit hooks in a real pre-commit run (also run by the suite: PreCommitHookTests).
# The codable dialect against the real JSONDecoder / JSONEncoder alone (`make test` runs it too).
test-codable-diff: build
	$(SWIFT) test --filter CodableDifferential

test-hooks: build
	scripts/test-pre-commit-hooks.sh

# The end-to-end tests (castctlTests) against the statically linked release build: it links
# Foundation in differently, and its PropertyListSerialization once refused a property list the
# debug build wrote.
test-release: release
	CASTCTL_BIN=$(CURDIR)/$(RELEASE_BIN) $(SWIFT) test --filter castctlTests

# The whole suite under AddressSanitizer, in .build-asan (scripts/sanitize.sh).
test-asan: deps
	scripts/sanitize.sh asan

# The parallel suites under ThreadSanitizer, in .build-tsan (scripts/sanitize.sh).
test-tsan: deps
	scripts/sanitize.sh tsan

# libFuzzer targets of Fuzz/ with AddressSanitizer: FUZZ_SECONDS per target (default 60);
# see scripts/fuzz.sh and docs/reliability.md.
fuzz: deps
	scripts/fuzz.sh

# The same, 60 s per target whatever FUZZ_SECONDS says, the targets side by side (as in `make test`).
fuzz-smoke: deps
	FUZZ_SECONDS=60 FUZZ_PARALLEL=1 scripts/fuzz.sh

# Speed and memory on the peer benchmark's data and on every shape of the json-corpus (not a test: see scripts/bench.py and scripts/bench_shapes.py).
# simdjson (Debian's libsimdjson-dev) and GenSON (PyPI, into .build/bench-venv) are installed
# on first use by scripts/install-bench-deps.sh.
bench: release
	@PY=$$(scripts/install-bench-deps.sh) && $$PY scripts/bench.py && $$PY scripts/bench_infer.py

# castctl infer beside GenSON on the users file and the json-corpus.
bench-infer: release
	@PY=$$(scripts/install-bench-deps.sh) && $$PY scripts/bench_infer.py

clean:
	rm -rf .build .build-asan .build-tsan Fuzz/.build Fuzz/.work
