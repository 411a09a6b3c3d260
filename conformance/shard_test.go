package conformance_test

import (
	"context"
	"fmt"
	"slices"
	"testing"

	"github.com/cascade-harness/cascade/conformance"
	"github.com/cascade-harness/cascade/cubes"
)

func TestShardsCheckTheCasesOfTheRunEachOnce(t *testing.T) {
	ctx := context.Background()
	named := []conformance.Case{
		{Name: "a", Input: []byte("2\n12\n21\n1\n0 0\n")},
		{Name: "b", Input: []byte("2\n11\n22\n1\n0 0\n")},
		{Name: "c", Input: []byte("2\n11\n11\n1\n0 0\n")},
	}
	o := conformance.RunOptions{Seed: 3, Count: 40, Jobs: 2, Cases: named}
	impl := player(t, cubes.Game, conformance.EngineName)
	whole, err := cubes.Game.Run(ctx, impl, o)
	if err != nil || !whole.Ok() {
		t.Fatalf("the whole run: ok %v, %v", whole.Ok(), err)
	}
	if whole.GenIndices.Len() != 40 || whole.Generated != 40 {
		t.Fatalf("the whole run: %d generated, %d indices; want 40", whole.Generated, whole.GenIndices.Len())
	}
	const n = 3
	var builtin, names []string
	var gen conformance.Indices
	var verdicts [conformance.BadOutput + 1]int
	for k := 1; k <= n; k++ {
		o.Shard = conformance.Shard{k, n}
		rep, err := cubes.Game.Run(ctx, impl, o)
		if err != nil || !rep.Ok() {
			t.Fatalf("shard %v: ok %v, %v", o.Shard, rep.Ok(), err)
		}
		if rep.Shard != o.Shard {
			t.Errorf("shard %v: Report.Shard = %v", o.Shard, rep.Shard)
		}
		for i := range rep.GenIndices.All() {
			if i%n != k-1 {
				t.Errorf("shard %v checked generated case %d", o.Shard, i)
			}
			if gen.Has(i) {
				t.Errorf("generated case %d checked twice", i)
			}
			gen.Add(i)
		}
		if rep.Generated != rep.GenIndices.Len() {
			t.Errorf("shard %v: Generated = %d, %d indices", o.Shard, rep.Generated, rep.GenIndices.Len())
		}
		builtin = append(builtin, rep.BuiltinNames...)
		names = append(names, rep.NamedNames...)
		for v, c := range rep.Verdicts {
			verdicts[v] += c
		}
	}
	if got, want := slices.Sorted(gen.All()), slices.Sorted(whole.GenIndices.All()); !slices.Equal(got, want) {
		t.Errorf("generated cases of the shards: %v, want %v", got, want)
	}
	slices.Sort(builtin)
	if want := slices.Sorted(slices.Values(whole.BuiltinNames)); !slices.Equal(builtin, want) {
		t.Errorf("built-in cases of the shards: %v, want %v", builtin, want)
	}
	slices.Sort(names)
	if want := []string{"a", "b", "c"}; !slices.Equal(names, want) || !slices.Equal(whole.NamedNames, want) {
		t.Errorf("named cases of the shards: %v, of the whole run: %v; want %v", names, whole.NamedNames, want)
	}
	if verdicts != whole.Verdicts {
		t.Errorf("verdicts of the shards: %v, of the whole run: %v", verdicts, whole.Verdicts)
	}
}

func TestShardReportsTheIndexOfTheWholeRun(t *testing.T) {
	// noClose fails most generated cases; shard 2 of 3 stops at the
	// first of its own, which the report names by its index in the
	// whole run, the input generated case i of the seed has.
	o := conformance.RunOptions{Seed: 11, Count: 60, NoBuiltin: true, Shard: conformance.Shard{2, 3}}
	rep, err := cubes.Game.Run(context.Background(), noClose, o)
	if err != nil {
		t.Fatal(err)
	}
	d := rep.Divergence
	if d == nil {
		t.Fatal("no divergence")
	}
	if d.Index%3 != 1 {
		t.Errorf("divergence at generated case %d, not one of shard 2/3", d.Index)
	}
	if want := fmt.Sprintf("generated case %d (seed 11)", d.Index); d.Source != want {
		t.Errorf("Source = %q, want %q", d.Source, want)
	}
	if in := cubes.Game.FormatInput(cubes.Game.Generate(o.Seed, d.Index, 0)); string(d.Found.Input) != string(in) {
		t.Errorf("the case found is not generated case %d:\n%s\nwant\n%s", d.Index, d.Found.Input, in)
	}
}

func TestShardRejectsAPartOutOfRange(t *testing.T) {
	for _, s := range []conformance.Shard{{0, 2}, {3, 2}, {1, -1}} {
		_, err := cubes.Game.Run(context.Background(), noClose, conformance.RunOptions{Count: 1, Shard: s})
		if err == nil {
			t.Errorf("shard %d/%d: no error", s.K, s.N)
		}
	}
}

func TestIndicesRuns(t *testing.T) {
	var s conformance.Indices
	for _, i := range []int{1, 3, 5, 9, 11, 64, 200} {
		s.Add(i)
	}
	s.Add(3)
	if s.Len() != 7 || !s.Has(64) || s.Has(2) || s.Has(-1) || s.Has(1000) {
		t.Errorf("Len %d, Has(64) %v, Has(2) %v", s.Len(), s.Has(64), s.Has(2))
	}
	if got, want := s.Runs(2), [][2]int{{1, 5}, {9, 11}, {64, 64}, {200, 200}}; !slices.Equal(got, want) {
		t.Errorf("Runs(2) = %v, want %v", got, want)
	}
	var all conformance.Indices
	for i := range 10 {
		all.Add(i)
	}
	if got, want := all.Runs(1), [][2]int{{0, 9}}; !slices.Equal(got, want) {
		t.Errorf("Runs(1) = %v, want %v", got, want)
	}
}
