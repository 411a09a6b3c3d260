# cascade: make test is what CI runs (.ci/run); make bench and make fuzz
# measure and search.

GO       ?= go
FUZZTIME ?= 60s
BENCH    ?= .

.PHONY: all test deps vet build bench fuzz libfuzzer mutate

all: test

# The planted-bug self-test runs on its own, verbosely, so that make test
# can show what cascade check's generator and shrinker make of each planted
# bug; its status still counts.
PLANTED = ^TestPlantedVariantsAreCaught$$

# Time budget. make test is the README's second command and what CI runs
# (.ci/run): on a 2-core machine with nothing else running it is to finish
# in under 5 minutes, and go test -short ./..., the loop for changing the
# code, in under one. Idle, at 6c44166: make test 280 to 289 s, go test
# -short ./... 36 to 37 s (BENCHMARKS.md; at a4505fa 439 s and 50 to
# 57 s). Earlier, on such a machine shared
# with other work (load average 12-17): make test took 7m41s and 304 s of CPU; its slowest
# package, cmd/cascade, 307 s (110 s of CPU alone), the planted self-test
# under a minute; with the match-3 rule sets' variants, 158 s and 84 s of
# CPU at load average 50 (BENCHMARKS.md). TEST_TIMEOUT and
# PLANTED_TIMEOUT are three times and more those loaded figures, so that
# a busy machine does not come near them, while a hang still ends with a
# stack trace. The load test of
# adapters, TestNoVerdictDependsOnTheMachinesLoad, keeps both cores busy
# for most of its time, beside whatever package runs with it: on a
# 2-core machine shared with other work (load average about 20, its
# busy loops got a fifth of the two cores) it took 3 to 6 minutes, the
# whole adapters package 3m38s at best, most of it spent by starved
# programs waiting out wall-clock limits. Each of its runs is bounded by
# thirty minutes and by TEST_TIMEOUT less a minute, whichever ends
# first. Its correct programs of every shape (200 process starts, ten
# at a time per shape) and its two programs whose CPU time another
# process spends add some 50 s of CPU and a few seconds on the quiet
# machine; under load they end before conformance's slowest test, which
# bounds the test's time: beside other work, 339 s and 1089 s with
# them, 411 s and 531 s without (its busy loops got 30%, 11%, 23% and
# 18% of the two cores).
# Two make tests side by side, each with its load test, and a busy loop
# on each core for the first ten minutes: each took 16 minutes, its
# cmd/cascade 623 to 636 s and adapters 488 to 499 s. Under make test at
# nice 19 beside a busy loop per core, building the test binaries alone
# took some twenty minutes and adapters 1441 s, hence a TEST_TIMEOUT of
# 60 minutes: a hang guard, never to be reached by a starved run.
#
# The packages whose tests mostly wait on programs (internal/process,
# conformance, cmd/cascade) run 8 parallel tests at once, not one per
# core (internal/testenv.ParallelWaiting), unless -parallel is given.
# A test that adds more than a few seconds of CPU goes behind
# testing.Short(); a test that needs the command built calls builtCascade
# (cmd/cascade/build_test.go) and a script uses the cascade on its PATH,
# never a go build of its own; no verdict may hang on a wall-clock bound
# a starved but correct program could exceed (a test of a time limit
# uses a program that cannot finish).
TEST_TIMEOUT    ?= 60m
PLANTED_TIMEOUT ?= 30m

# examples/goengine is a module of its own, an engine outside cascade
# checked with cascade's Go API through a replace of this tree: ./...
# leaves it out, so it is tested on its own, which keeps the API usable
# from outside. So are the modules that keep what only cascade's own
# checks use out of its requirements, which a module that depends on
# cascade would download: fuzz/libfuzzer (go-118-fuzz-build) and
# cmd/cascade/browsertest (chromedp).
MODULES = examples/goengine fuzz/libfuzzer cmd/cascade/browsertest

test: deps vet
	$(GO) test -timeout $(TEST_TIMEOUT) -skip '$(PLANTED)' ./...
	for m in $(MODULES); do (cd $$m && $(GO) test -timeout $(TEST_TIMEOUT) ./...) || exit 1; done
	@log=$$(mktemp); \
	$(GO) test -timeout $(PLANTED_TIMEOUT) -count=1 -run '$(PLANTED)' -v ./conformance/planted/ >$$log 2>&1; status=$$?; \
	if [ $$status -ne 0 ]; then cat $$log; rm -f $$log; exit $$status; fi; \
	sed -n '/planted variants, /,/^---/p' $$log | grep -v '^---' | sed 's/^ *selftest_test.go:[0-9]*: //'; \
	rm -f $$log

# Every module of the build list in the module cache, go.mod files of
# the whole graph included: a test that builds a module outside this tree
# (enginetest's TestOutsideModule) runs the go command offline, and needs
# what go vet and go build alone do not fetch on a fresh machine (gopter's
# own requirements). A no-op once the cache holds them.
deps:
	$(GO) mod download
	for m in $(MODULES); do (cd $$m && $(GO) mod download) || exit 1; done

vet:
	$(GO) vet ./...
	for m in $(MODULES); do (cd $$m && $(GO) vet ./...) || exit 1; done

build:
	$(GO) build -o cascade ./cmd/cascade

# The stream benchmarks each run cascade check as a whole process on a
# fixed number of cases, a program's floor beside it, and print the
# ratio stream/floor-% (BENCHMARKS.md, "Outside programs under the
# stream protocol") and, for the compiled program, own/engine-x: check's
# own CPU time per case over the engine's for the same cases. They run on their own, at STREAMCASES cases for the
# compiled program and PYTHONCASES for the Python one (the judge
# protocol's rate, a process per case, on the first 300 of them); BENCH
# selects among them too.
STREAMBENCH ?= ^BenchmarkStream(Solve|Python)$$
STREAMCASES ?= 3000
PYTHONCASES ?= 3000
#
# BenchmarkCheckInProcess (cmd/cascade) gives check's in-process rate in
# cases, cells and moves per second; with CASCADE_BASELINE naming another
# build of cascade, also this build's rate over that one's, the two run
# alternately (see BENCHMARKS.md):
#   make bench BENCH=CheckInProcess CASCADE_BASELINE=/tmp/cascade-old
bench:
	$(GO) test -run '^$$' -bench '$(BENCH)' -skip '$(STREAMBENCH)' -benchmem ./engine/ ./conformance/ ./cmd/cascade/
	@set -e; for b in StreamSolve:$(STREAMCASES) StreamPython:$(PYTHONCASES); do \
		name=$${b%%:*}; cases=$${b#*:}; \
		if echo Benchmark$$name | grep -Eq '$(BENCH)'; then \
			$(GO) test -run '^$$' -bench "^Benchmark$$name\$$" -benchtime $${cases}x ./conformance/; \
		fi; \
	done

# Every native fuzz target of FUZZPKGS, one after another, FUZZTIME
# each (a duration, or a count of executions as 20000x): the engine and
# parsers in fuzz/, the readers of merge's reports in cmd/cascade. A new
# input that widens coverage is minimised in at most FUZZMINIMIZE tries
# (go test's default, 60s, would take a short run whole when each try
# reads files). fuzz/run.sh fails only on a finding: a duration's end can
# make Go 1.26 fail a run that found nothing (go.dev/issue/75804), which
# it tells apart; a count has no deadline at all, and is what CI gives.
FUZZPKGS     ?= ./fuzz/ ./cmd/cascade/
FUZZMINIMIZE ?= 100x
fuzz:
	GO=$(GO) FUZZTIME=$(FUZZTIME) FUZZMINIMIZE=$(FUZZMINIMIZE) fuzz/run.sh $(FUZZPKGS)

# Every native fuzz target built as a libFuzzer binary, as ClusterFuzzLite
# builds it (.clusterfuzzlite/), then run LIBFUZZERTIME seconds on its seed
# corpus. Needs clang; everything goes to build/libfuzzer/.
LIBFUZZERTIME ?= 5
libfuzzer:
	GO=$(GO) fuzz/libfuzzer.sh build/libfuzzer $(LIBFUZZERTIME)

# A mutation run (docs/mutation.md): MUTATE_N source mutants of engine/,
# reference/ and samegame/, drawn with MUTATE_SEED, each run against the
# project's checks until one kills it; it reports the killing check of
# each, the survivors and the score. Not part of make test: a sample of
# 100 takes most of an hour on a 2-core machine. MUTATE_FLAGS passes
# more flags (-match REGEXP, -stages unit,check, -list).
MUTATE_SEED  ?= 1
MUTATE_N     ?= 100
MUTATE_FLAGS ?=
mutate:
	nice $(GO) run ./internal/cmd/mutate -seed $(MUTATE_SEED) -n $(MUTATE_N) $(MUTATE_FLAGS)
