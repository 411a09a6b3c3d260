package main

import (
	"slices"
	"testing"
)

// TestInterleavePutsTheShardsCasesInTheRunsOrder splits a list of cases
// as --shard does, the built-in ones first and then the named ones, and
// puts the shards' lists back in the whole run's order.
func TestInterleavePutsTheShardsCasesInTheRunsOrder(t *testing.T) {
	builtin := []string{"b0", "b1", "b2", "b3", "b4"}
	named := []string{"n0", "n1", "n2", "n3"}
	all := append(slices.Clone(builtin), named...)
	for n := 1; n <= 4; n++ {
		bl, nl := make([][]string, n), make([][]string, n)
		for i, name := range all {
			if i < len(builtin) {
				bl[i%n] = append(bl[i%n], name)
			} else {
				nl[i%n] = append(nl[i%n], name)
			}
		}
		bpos, err := interleave(bl, n, 0)
		if err != nil {
			t.Fatal(err)
		}
		npos, err := interleave(nl, n, len(bpos))
		if err != nil {
			t.Fatal(err)
		}
		if got := sortedNames(bpos); !slices.Equal(got, builtin) {
			t.Errorf("%d shards: built-in cases %v, want %v", n, got, builtin)
		}
		if got := sortedNames(npos); !slices.Equal(got, named) {
			t.Errorf("%d shards: named cases %v, want %v", n, got, named)
		}
	}
}

func TestInterleaveRefusesACaseOfTwoShards(t *testing.T) {
	if _, err := interleave([][]string{{"a", "b"}, {"b"}}, 2, 0); err == nil {
		t.Error("no error for b in both shards")
	}
}

func TestCellFromJSONReadsCellString(t *testing.T) {
	for _, s := range []string{"accepted", "wrong answer", "runtime error (flaky)", "cut off", "not run", "bad output"} {
		if got := cellFromJSON(s).String(); got != s {
			t.Errorf("cellFromJSON(%q).String() = %q", s, got)
		}
	}
}
