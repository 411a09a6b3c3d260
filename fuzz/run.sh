#!/usr/bin/env bash
# Runs native fuzz targets with go test's fuzzer, one after another, and
# fails only when a target finds something. make fuzz runs it.
#
#	fuzz/run.sh PKG...
#
# Environment: FUZZTIME, each target's budget, a duration (60s) or a count
# of executions (20000x), default 60s; FUZZMINIMIZE, -fuzzminimizetime,
# default 100x; FUZZTARGETS, an extended regexp the target names must
# match whole, default every Fuzz function of each PKG; GO, the go command.
#
# Go 1.26's fuzz coordinator can end a run that was given a duration with
# a bare "context deadline exceeded": when the deadline passes while a
# worker is busy, the worker's cancellation escapes the filter meant for
# it (go.dev/issue/75804, fixed in Go 1.27). That failure names no input
# and writes none. A target whose run failed with exactly that, after a
# duration, is reported as such and passes. A run given a count has no
# deadline to race, so any failure of one fails. CI gives counts.
#
# A fuzz worker that spends over 10 s of wall clock on one input is taken
# for hung, and the input is written as a finding ("fuzzing process hung
# or terminated unexpectedly"), however busy the machine. Such an input is
# replayed with no time limit but go test's: if it passes, the machine was
# too slow, not the target wrong, and the input is removed again; if it
# fails or hangs, it is a finding. Every other failure fails.
set -uo pipefail
cd "$(dirname "$0")/.."

go=${GO:-go}
fuzztime=${FUZZTIME:-60s}
minimize=${FUZZMINIMIZE:-100x}
only=${FUZZTARGETS:-.*}

if (($# == 0)); then
	echo "usage: fuzz/run.sh PKG..." >&2
	exit 2
fi

# deadline_only LOG: whether the test's only failure in LOG is the
# coordinator's bare "context deadline exceeded", with no input written.
deadline_only() {
	grep -q 'Failing input written to' "$1" && return 1
	awk '
		/^--- FAIL: /  { in_fail = 1; fails++; next }
		/^FAIL$/       { in_fail = 0; next }
		in_fail {
			line = $0
			sub(/^[ \t]+/, "", line); sub(/[ \t]+$/, "", line)
			if (line == "context deadline exceeded") { deadline++ } else if (line != "") { other++ }
		}
		END { exit !(fails == 1 && deadline == 1 && other == 0) }
	' "$1"
}

# replay_passes PKG TARGET LOG: whether the input LOG says was written
# passes when run on its own; if so it is removed, unless committed.
replay_passes() {
	local written dir id replay
	written=$(sed -n 's/^ *Failing input written to //p' "$3" | tail -1)
	[[ -n $written ]] || return 1
	dir=$("$go" list -f '{{.Dir}}' "$1") || return 1
	id=${written##*/}
	echo "== $1 $2: the worker was taken for hung; replaying $written with no 10 s limit"
	replay=$(mktemp)
	"$go" test -count=1 -v -run "^$2/$id\$" "$1" >"$replay" 2>&1
	local status=$?
	cat "$replay"
	if ((status != 0)) || ! grep -q -- "--- PASS: $2/$id " "$replay"; then
		rm -f "$replay"
		return 1
	fi
	rm -f "$replay"
	if ! git -C "$dir" ls-files --error-unmatch "$written" >/dev/null 2>&1; then
		rm -f "$dir/$written"
		rmdir "$(dirname "$dir/$written")" 2>/dev/null
	fi
	echo "== $1 $2: passed; $written passes when replayed: the machine was too busy for Go's 10 s per-input limit, not a failure of the target"
}

log=$(mktemp)
trap 'rm -f "$log"' EXIT
for p in "$@"; do
	targets=$("$go" test -list '^Fuzz' "$p" | grep -E '^Fuzz' | grep -Ex "$only") || true
	if [[ -z $targets ]]; then
		echo "fuzz/run.sh: no fuzz target of $p matches '$only'" >&2
		exit 1
	fi
	for t in $targets; do
		echo "== $p $t ($fuzztime)"
		"$go" test -run '^$' -fuzz "^$t\$" -fuzztime "$fuzztime" -fuzzminimizetime "$minimize" "$p" 2>&1 | tee "$log"
		status=${PIPESTATUS[0]}
		if ((status == 0)); then
			continue
		fi
		if [[ $fuzztime != *x ]] && deadline_only "$log"; then
			echo "== $p $t: passed; the run found nothing and ended at its -fuzztime deadline with Go's bare \"context deadline exceeded\" (go.dev/issue/75804), not a failure of the target"
			continue
		fi
		if grep -q 'fuzzing process hung or terminated unexpectedly' "$log" && replay_passes "$p" "$t" "$log"; then
			continue
		fi
		exit "$status"
	done
done
