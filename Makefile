# castctl — the two set-up commands are `make demo` and `make test`; both install what is missing.
SWIFT ?= swift
BIN := .build/debug/castctl
RELEASE_BIN := .build/release/castctl

.PHONY: all deps build release demo test bench clean

all: build

deps:
	@scripts/install-deps.sh

build: deps
	$(SWIFT) build

release: deps
	$(SWIFT) build -c release

# Runs castctl on the shipped examples: check, schema, validate.
demo: build
	@scripts/demo.sh $(BIN)

test: deps
	$(SWIFT) test

# Speed and memory on the peer benchmark's data (not a test: see scripts/bench.py).
bench: release
	python3 scripts/bench.py

clean:
	rm -rf .build
