#!/usr/bin/env bash
# Builds every native fuzz target of fuzz/ as a libFuzzer binary, as
# OSS-Fuzz's compile_native_go_fuzzer does in ClusterFuzzLite's build
# (go-118-fuzz-build makes a C archive of the target, clang links it with
# libFuzzer), then runs each binary for a few seconds on its seed corpus.
# make libfuzzer runs it.
#
#	fuzz/libfuzzer.sh [OUT [SECONDS]]	# defaults: build/libfuzzer 5
#
# OUT holds, per target, the binary OUT/<target>, its seed corpus in
# libFuzzer's form (corpus/<target>/), the inputs the runs found (new/<target>/,
# kept from run to run like go test's fuzz cache), what made it fail
# (crashes/<target>/) and the run's log (log/<target>.log); and src/, the copy of
# the tree the targets are built in, since both go-118-fuzz-build and
# go run ./fuzz/libfuzzer prepare rewrite the package they build.
set -euo pipefail
cd "$(dirname "$0")/.."

out=${1:-build/libfuzzer}
secs=${2:-5}
go=${GO:-go}

if ! command -v clang >/dev/null; then
	echo "fuzz/libfuzzer.sh: needs clang, with libFuzzer (Debian: apt-get install clang)" >&2
	exit 1
fi

mkdir -p "$out"
out=$(cd "$out" && pwd)
rm -rf "$out/src" "$out/corpus" "$out/crashes" "$out/log"
mkdir -p "$out/src" "$out/log"

# The tree as it stands, uncommitted changes included, without its
# history and without what is built from it.
excludes=(--exclude=./.git --exclude=./build)
case $out in "$PWD"/*) excludes+=("--exclude=./${out#"$PWD"/}") ;; esac
tar -C . "${excludes[@]}" -cf - . | tar -C "$out/src" -xf -

# The helper and go-118-fuzz-build are a module of their own,
# fuzz/libfuzzer, so that cascade's module does not require
# go-118-fuzz-build: a module that depends on cascade downloads none of
# it. The targets go-118-fuzz-build builds import its testing shim, so
# the copy's module takes it as a tool, at fuzz/libfuzzer's version.
"$go" build -C fuzz/libfuzzer -o "$out/src/libfuzzer-helper" .
fuzzbuild=github.com/AdamKorcz/go-118-fuzz-build
version=$("$go" list -C fuzz/libfuzzer -m -f '{{.Version}}' "$fuzzbuild")
cat fuzz/libfuzzer/go.sum >>"$out/src/go.sum"
(cd "$out/src" && "$go" get -tool "$fuzzbuild@$version" && "$go" get "$fuzzbuild/testing@$version")
helper=$out/src/libfuzzer-helper
targets=$("$helper" targets)
"$helper" seeds "$out/corpus"

for t in $targets; do
	echo "== build $t"
	"$helper" prepare "$t" "$out/src/fuzz"
	# -tags gofuzz as compile_native_go_fuzzer passes it; go-118-fuzz-build
	# adds libfuzzer and gofuzz_libfuzzer itself.
	(cd "$out/src" && "$go" tool go-118-fuzz-build -tags gofuzz -o "$t.a" -func "$t" ./fuzz)
	clang -fsanitize=fuzzer "$out/src/$t.a" -o "$out/$t"
done

status=0
for t in $targets; do
	mkdir -p "$out/new/$t" "$out/crashes/$t"
	log=$out/log/$t.log
	# The first directory receives what the run finds; the seeds are read only.
	if "$out/$t" -max_total_time="$secs" -artifact_prefix="$out/crashes/$t/" \
		"$out/new/$t" "$out/corpus/$t" >"$log" 2>&1; then
		echo "== run $t: $(grep -E '^#[0-9]+[[:space:]]+DONE' "$log" | tail -1); $(grep '^Done ' "$log" | tail -1)"
	else
		status=1
		echo "== run $t: FAILED; the end of $log:"
		tail -n 60 "$log"
		echo "replay the input with: $out/$t $out/crashes/$t/<file>"
		echo "make it a go test corpus file with: go run ./fuzz/libfuzzer import $t $out/crashes/$t/<file>"
	fi
done
exit $status
