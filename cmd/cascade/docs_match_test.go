package main

import (
	"strings"
	"testing"
)

// TestDocsOutputMatchingIsLooseOnlyWhereItSays pins what a console block's
// shown output may leave open: elided lines and text, durations, rates,
// and a seed the command did not give.
func TestDocsOutputMatchingIsLooseOnlyWhereItSays(t *testing.T) {
	for _, tc := range []struct {
		name      string
		want, got string
		looseSeed bool
		ok        bool
	}{
		{"same lines", "a\nb", "a\nb", false, true},
		{"a line differs", "a\nb", "a\nc", false, false},
		{"a line missing", "a\nb", "a", false, false},
		{"a line more", "a", "a\nb", false, false},
		{"dots stand for lines", "a\n...\nd", "a\nb\nc\nd", false, true},
		{"dots stand for no line", "a\n...\nd", "a\nd", false, true},
		{"dots keep the lines after them", "a\n...\nd", "a\nb\nc", false, false},
		{"dots in a line", "rule coverage (the cases A checked): ...", "rule coverage (the cases A checked): all 7 items reached", false, true},
		{"dots in a line keep the rest", "x ... y", "x 12 z", false, false},
		{"a duration", "ok samegame: 14 cases in 1.3s", "ok samegame: 14 cases in 12.25s", false, true},
		{"a compound duration", "killed after 6s of wall-clock time (830ms of CPU time)", "killed after 1m2.5s of wall-clock time (2ms of CPU time)", false, true},
		{"a duration is not any number", "14 cases in 1.3s", "15 cases in 1.3s", false, false},
		{"a rate", "476 in 28.9s, 16 cases/s", "476 in 2.1s, 2301 cases/s", false, true},
		{"a count beside a rate", "476 in 28.9s, 16 cases/s", "477 in 28.9s, 16 cases/s", false, false},
		{"a rate in cells", "476 in 28.9s, 16 cases/s, 1420 cells/s", "476 in 2.1s, 2301 cases/s, 204177 cells/s", false, true},
		{"a rate keeps its unit", "476 in 28.9s, 16 cells/s", "476 in 28.9s, 16 cases/s", false, false},
		{"a seed given", "ok samegame, seed 1", "ok samegame, seed 2", false, false},
		{"a seed drawn", "ok samegame, seed 224771074", "ok samegame, seed 603214118", true, true},
		{"regexp characters are literal", "a.b (c) [d]", "axb (c) [d]", false, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := outputMatches(strings.Split(tc.want, "\n"), strings.Split(tc.got, "\n"), tc.looseSeed); got != tc.ok {
				t.Errorf("outputMatches(%q, %q, looseSeed %v) = %v, want %v", tc.want, tc.got, tc.looseSeed, got, tc.ok)
			}
		})
	}
}

// TestDocsParseRefusesUncheckedCommands pins that a command the tests
// would not run is an error: in a shell fence, an indented block, a
// covered-by block showing output, an unknown fence word.
func TestDocsParseRefusesUncheckedCommands(t *testing.T) {
	for _, tc := range []struct {
		name, doc string
		blocks    int
		errs      int
	}{
		{"console block", "```console\n$ cascade score x.in\n42\n```\n", 1, 0},
		{"exit status", "```console\n$ cascade score x.in\noops\n[exit 1]\n```\n", 1, 0},
		{"shell fence", "```sh\ncascade score x.in\n```\n", 0, 1},
		{"dollar in a text fence", "```\n$ cascade score x.in\n```\n", 0, 1},
		{"indented command", "Run\n\n    cascade check --count 5\n", 0, 1},
		{"covered block with output", "```console covered-by=TestX\n$ go get x\nok\n```\n", 0, 1},
		{"covered block", "```console covered-by=TestX\n$ go get x\n```\n", 1, 0},
		{"unknown word", "```console quick\n$ cascade check\n```\n", 0, 1},
		{"output first", "```console\nhello\n$ cascade check\n```\n", 0, 1},
		{"go code is not a command", "```go\nfunc TestX(t *testing.T) {}\n```\n", 0, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			blocks, errs := parseDoc("doc.md", tc.doc)
			if len(blocks) != tc.blocks || len(errs) != tc.errs {
				t.Errorf("parseDoc: %d blocks, errors %v; want %d blocks, %d errors", len(blocks), errs, tc.blocks, tc.errs)
			}
		})
	}
}
