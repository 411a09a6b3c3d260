package main

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/cascade-harness/cascade/conformance"
)

// TestUniteIndicesIsTheUnionOfTheShards draws the generated cases of n
// shards at random, each shard's runs as check writes them, and checks
// the union against one made case by case: the same indices, in runs of
// step 1 exactly as a whole run writes them when they take no more runs
// than the shards' own.
func TestUniteIndicesIsTheUnionOfTheShards(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for try := range 2000 {
		n := 1 + rng.IntN(4)
		limit := rng.IntN(60)
		var whole conformance.Indices
		parts := make([]jsonIndices, n)
		for k := range parts {
			var s conformance.Indices
			stop := rng.IntN(limit + 1) // a shard may stop short
			for i := k; i < stop; i += n {
				if rng.IntN(8) > 0 {
					s.Add(i)
					whole.Add(i)
				}
			}
			parts[k] = indicesJSON(&s, conformance.Shard{K: k + 1, N: n})
		}
		got := uniteIndices(n, parts)
		var union conformance.Indices
		for _, r := range got.Runs {
			for i := r[0]; i <= r[1]; i += got.Step {
				union.Add(i)
			}
		}
		if !slices.Equal(slices.Collect(union.All()), slices.Collect(whole.All())) {
			t.Fatalf("try %d: %d shards %v: union %v, want %v", try, n, parts, got, whole.Runs(1))
		}
		budget := 1
		for _, p := range parts {
			budget += len(p.Runs)
		}
		if want := whole.Runs(1); len(want) <= budget && (got.Step != 1 || !slices.Equal(got.Runs, want)) {
			t.Fatalf("try %d: %d shards %v: union %v, want step 1 runs %v", try, n, parts, got, want)
		}
	}
}

// TestUniteIndicesTakesNoTimeForHugeRuns unites two shards of a run of
// 2^48 cases, one of which stopped at once: the runs of the other are
// given as they are, not as 2^47 runs of one case.
func TestUniteIndicesTakesNoTimeForHugeRuns(t *testing.T) {
	parts := []jsonIndices{{Step: 2, Runs: [][2]int{{0, maxCount - 2}}}, {Step: 2}}
	got := uniteIndices(2, parts)
	if got.Step != 2 || !slices.Equal(got.Runs, [][2]int{{0, maxCount - 2}}) {
		t.Errorf("uniteIndices = %v, want the first shard's run, step 2", got)
	}
	parts[1].Runs = [][2]int{{1, maxCount - 1}}
	got = uniteIndices(2, parts)
	if got.Step != 1 || !slices.Equal(got.Runs, [][2]int{{0, maxCount - 1}}) {
		t.Errorf("uniteIndices = %v, want one run of step 1", got)
	}
}
