#!/bin/bash -eu
# Builds every native fuzz target of fuzz/ for ClusterFuzzLite (or
# OSS-Fuzz), inside the image of the Dockerfile beside this file: a
# libFuzzer binary $OUT/<target> made by compile_native_go_fuzzer, and the
# committed seed corpus as $OUT/<target>_seed_corpus.zip. make libfuzzer
# (fuzz/libfuzzer.sh) does the same build and a short run without Docker.
cd "$SRC/cascade"

# The helper command in fuzz/libfuzzer lists the targets from the source,
# so that a new one is built without touching this file, and writes the
# seeds as the libFuzzer build of a target reads its input.
go build -C fuzz/libfuzzer -o "$WORK/libfuzzer-helper" .
helper=$WORK/libfuzzer-helper
targets=$("$helper" targets)
"$helper" seeds "$WORK/seeds"

# go-118-fuzz-build builds a target without the package's _test.go files,
# where the targets' helpers are. prepare gathers one target and what it
# calls into fuzz/libfuzzer_target.go in their place, reading the test
# files from a copy kept aside; they are put back at the end.
cp -r fuzz "$WORK/fuzz-tests"

# The targets compile_native_go_fuzzer builds import go-118-fuzz-build's
# testing shim, which cascade's module does not require (fuzz/libfuzzer,
# a module of its own, does): the module takes it here, at that version.
fuzzbuild=github.com/AdamKorcz/go-118-fuzz-build
version=$(go list -C fuzz/libfuzzer -m -f '{{.Version}}' "$fuzzbuild")
go get "$fuzzbuild/testing@$version"
for t in $targets; do
	"$helper" -dir "$WORK/fuzz-tests" prepare "$t" fuzz
	compile_native_go_fuzzer github.com/cascade-harness/cascade/fuzz "$t" "$t"
	# compile_native_go_fuzzer only says so when it finds no target.
	if [ ! -x "$OUT/$t" ]; then
		echo "build.sh: compile_native_go_fuzzer built no $OUT/$t" >&2
		exit 1
	fi
	if [ -n "$(ls -A "$WORK/seeds/$t")" ]; then
		(cd "$WORK/seeds/$t" && zip -q -r "$OUT/${t}_seed_corpus.zip" .)
	fi
done
rm fuzz/libfuzzer_target.go
cp "$WORK"/fuzz-tests/*_test.go fuzz/
