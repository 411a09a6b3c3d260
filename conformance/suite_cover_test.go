package conformance_test

import (
	"bytes"
	"context"
	"errors"
	"slices"
	"sync"
	"testing"

	"github.com/cascade-harness/cascade/conformance"
	"github.com/cascade-harness/cascade/cubes"
	"github.com/cascade-harness/cascade/gems"
	"github.com/cascade-harness/cascade/match3"
)

// coverNoStress covers g from seed 1 without the stress tests, once per
// test binary: the tests below read the same report.
func coverNoStress[C, T any](t *testing.T, g *conformance.Game[C, T]) *conformance.CoverReport {
	t.Helper()
	coverCache.Lock()
	defer coverCache.Unlock()
	if rep, ok := coverCache.reps[g.Name]; ok {
		return rep
	}
	rep, err := g.Cover(context.Background(), conformance.CoverOptions{Seed: 1, NoStress: true})
	if err != nil {
		t.Fatalf("%s.Cover: %v", g.Name, err)
	}
	coverCache.reps[g.Name] = rep
	return rep
}

var coverCache = struct {
	sync.Mutex
	reps map[string]*conformance.CoverReport
}{reps: map[string]*conformance.CoverReport{}}

// coversOfSeed1 are the covers of seed 1 the tests below check: both
// games', or under go test -short only SameGame's, which takes a tenth
// of match-3's time.
func coversOfSeed1(t *testing.T) []*conformance.CoverReport {
	if testing.Short() {
		return []*conformance.CoverReport{coverNoStress(t, cubes.Game)}
	}
	return []*conformance.CoverReport{coverNoStress(t, cubes.Game), coverNoStress(t, gems.Game)}
}

func TestCoverKillsEveryVariantThatCountsInAtMostTwentyTests(t *testing.T) {
	t.Parallel() // computes for a second or more: beside the tests that wait
	for _, rep := range coversOfSeed1(t) {
		if s := rep.Survivors(); len(s) > 0 {
			var names []string
			for _, v := range s {
				names = append(names, rep.Variants[v].Name)
			}
			t.Errorf("%s: Cover(seed 1) leaves %q alive", rep.Game, names)
		}
		if len(rep.Tests) > conformance.DefaultCoverMax {
			t.Errorf("%s: Cover(seed 1) wrote %d tests, want at most %d", rep.Game, len(rep.Tests), conformance.DefaultCoverMax)
		}
	}
}

// Under rockbox and bevymatch3 (a scored settle, a board answer), two
// of the four match-3 rule sets whose cover went round for ever until
// the test timed out (gems' queue trim offered the case unchanged, which
// counted as a step, see Shrink), the cover ends and kills every variant
// that counts. The rule sets with a move limit take tens of seconds (the
// case that kills moves one off keeps more swaps than the limit).
func TestCoverUnderMatch3RuleSetsKillsEveryVariant(t *testing.T) {
	if testing.Short() {
		t.Skip("covers two match-3 rule sets: seconds")
	}
	for _, name := range []string{"rockbox", "bevymatch3"} {
		r, _ := match3.Lookup(name)
		rep, err := gems.Under(r).Cover(context.Background(), conformance.CoverOptions{Seed: 1})
		if err != nil {
			t.Fatalf("%s: Cover: %v", name, err)
		}
		if s := rep.Survivors(); len(s) > 0 {
			t.Errorf("%s: Cover(seed 1) leaves %d variants alive", name, len(s))
		}
	}
}

func TestCoverKillsTheThreeDirectionsFillWithATestPickedForIt(t *testing.T) {
	if testing.Short() {
		t.Skip("covers match-3: seconds")
	}
	rep := coverNoStress(t, gems.Game)
	v := variantIndex(t, gems.Game, "combination blocks joined right, down and left, never up")
	for _, tc := range rep.Tests {
		if slices.Contains(tc.Picked, v) {
			return
		}
	}
	t.Errorf("no test of Match3.Cover(seed 1) was picked for the three-directions fill")
}

func TestCoverTestsKillWhatTheyWerePickedForAndWhatTheReportSays(t *testing.T) {
	check := func(t *testing.T, rep *conformance.CoverReport, profile func([]byte) (conformance.Profile, error)) {
		for _, tc := range rep.Tests {
			p, err := profile(tc.Input)
			if err != nil {
				t.Errorf("%s: test %s does not parse: %v", rep.Game, tc.Name, err)
				continue
			}
			if !slices.Equal(p.Kills, tc.Kills) || p.Total != tc.Answer {
				t.Errorf("%s: test %s: Profile kills %v, total %d; report says %v, %d", rep.Game, tc.Name, p.Kills, p.Total, tc.Kills, tc.Answer)
			}
			for _, v := range tc.Picked {
				if !slices.Contains(tc.Kills, v) {
					t.Errorf("%s: test %s was picked for %q but does not kill it", rep.Game, tc.Name, rep.Variants[v].Name)
				}
				if rep.Variants[v].Equivalent != "" {
					t.Errorf("%s: test %s was picked for the equivalent variant %q", rep.Game, tc.Name, rep.Variants[v].Name)
				}
			}
		}
	}
	check(t, coverNoStress(t, cubes.Game), profileOf(cubes.Game))
	if !testing.Short() {
		check(t, coverNoStress(t, gems.Game), profileOf(gems.Game))
	}
}

// profileOf profiles an input of g.
func profileOf[C, T any](g *conformance.Game[C, T]) func([]byte) (conformance.Profile, error) {
	return func(in []byte) (conformance.Profile, error) {
		c, err := g.Auditable(in)
		if err != nil {
			return conformance.Profile{}, err
		}
		return g.Profile(c), nil
	}
}

// TestCoverOfTheSameSeedIsTheSameByteForByte covers SameGame, whose
// cover takes a tenth of match-3's time: the drawing and the picking are
// the same code for both games. suite-match3.txtar writes match-3's suite
// twice and compares the files.
func TestCoverOfTheSameSeedIsTheSameByteForByte(t *testing.T) {
	t.Parallel() // computes for a second or more: beside the tests that wait
	a := coverNoStress(t, cubes.Game)
	b, err := cubes.Game.Cover(context.Background(), conformance.CoverOptions{Seed: 1, NoStress: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(a.Tests) != len(b.Tests) {
		t.Fatalf("two covers of seed 1: %d tests, then %d", len(a.Tests), len(b.Tests))
	}
	for i := range a.Tests {
		if a.Tests[i].Name != b.Tests[i].Name || !bytes.Equal(a.Tests[i].Input, b.Tests[i].Input) {
			t.Errorf("two covers of seed 1: test %d is %s, then %s, inputs equal %t", i, a.Tests[i].Name, b.Tests[i].Name, bytes.Equal(a.Tests[i].Input, b.Tests[i].Input))
		}
	}
	c, err := cubes.Game.Cover(context.Background(), conformance.CoverOptions{Seed: 2, NoStress: true})
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Equal(c.Tests[0].Input, a.Tests[0].Input) {
		t.Errorf("covers of seeds 1 and 2 begin with the same test")
	}
}

func TestCoverStopsAtMaxAndLeavesThePlacesOfTheStressTests(t *testing.T) {
	// SameGame needs four tests for its variants: two leave some alive.
	rep, err := cubes.Game.Cover(context.Background(), conformance.CoverOptions{Seed: 1, Max: 2, NoStress: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Tests) != 2 || len(rep.Survivors()) == 0 {
		t.Errorf("Cover(Max 2) wrote %d tests leaving %d survivors, want 2 tests and some survivors", len(rep.Tests), len(rep.Survivors()))
	}
	stress := len(gems.Game.CoverPlan().Stress)
	if _, err := gems.Game.Cover(context.Background(), conformance.CoverOptions{Max: stress}); err == nil {
		t.Errorf("Cover(Max %d) with %d stress tests: no error", stress, stress)
	}
	if got := gems.Game.Any().StressTests(); len(got) != stress || got[0] != "match3-stress-long-chains" {
		t.Errorf("StressTests(match3) = %q", got)
	}
}

func TestCoverNamesTestsByNumberGameTierAndRulings(t *testing.T) {
	vs := []conformance.CoverVariant{{Rule: "M3"}, {Rule: "M5.4"}, {Rule: "M3"}, {Rule: "M8"}, {Rule: "M9"}, {Rule: "M10"}, {Rule: "M4"}}
	for _, tc := range []struct {
		tier   string
		picked []int
		want   string
	}{
		{"small", []int{1}, "match3-m5.4"},
		{"tangled", []int{1}, "match3-tangled-m5.4"},
		{"small", []int{0, 2, 3}, "match3-m3-m8"},
		{"small", []int{0, 1, 3, 4}, "match3-m3-m5.4-m8-more"},
		{"small", []int{5, 1, 6}, "match3-m4-m5.4-m10"},
	} {
		if got := conformance.CoverName("match3", tc.tier, vs, tc.picked); got != tc.want {
			t.Errorf("coverName(%s, %v) = %q, want %q", tc.tier, tc.picked, got, tc.want)
		}
	}
}

func TestCoverStressTestsLieInsideTheLimitsAndTheEngineAgrees(t *testing.T) {
	t.Parallel() // computes for a second or more: beside the tests that wait
	check := func(name string, valid error, inLimits bool, engine, reference func() int64) {
		if valid != nil || !inLimits {
			t.Errorf("stress test %s: valid: %v, inside the limits %t", name, valid, inLimits)
		}
		if testing.Short() {
			return
		}
		if e, r := engine(), reference(); e != r {
			t.Errorf("stress test %s: engine %d, reference %d", name, e, r)
		}
	}
	for _, s := range cubes.Game.CoverPlan().Stress {
		c := s.Build(1)
		check(s.Name, cubes.Game.Validate(c), true,
			func() int64 { return cubes.Game.Engine(c).Total }, func() int64 { return cubes.Game.Reference(c).Total })
	}
	for _, s := range gems.Game.CoverPlan().Stress {
		c := s.Build(1)
		in, _ := c.InLimits()
		check(s.Name, gems.Game.Validate(c), in && c.Rows == 50 && c.Cols == 50 && len(c.Ops) == 1000,
			func() int64 { return gems.Game.Engine(c).Total }, func() int64 { return gems.Game.Reference(c).Total })
	}
}

func TestCoverWorksForAGameWithoutAPlan(t *testing.T) {
	// The drop game with one planted variant, whose points are capped:
	// covered from its generated cases, with no stress test.
	g := *toy
	g.Variants = func() []conformance.Variant[*toyCase, toyTrace] {
		return []conformance.Variant[*toyCase, toyTrace]{{Name: "points capped", Rule: "T1", Play: func(c *toyCase) toyTrace { return playToy(c, toyCapped) }}}
	}
	rep, err := g.Cover(context.Background(), conformance.CoverOptions{Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Tests) != 1 || len(rep.Survivors()) > 0 || rep.Tests[0].Name != "01-drop-t1" {
		t.Errorf("Cover(drop) = %d tests %+v, survivors %v; want one, 01-drop-t1", len(rep.Tests), rep.Tests, rep.Survivors())
	}
}

func TestCoverReturnsTheErrorOfItsContext(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := cubes.Game.Any().Cover(ctx, conformance.CoverOptions{NoStress: true}); !errors.Is(err, context.Canceled) {
		t.Errorf("Cover(canceled) error = %v, want context.Canceled", err)
	}
}

func TestPlantedVariantsHaveUniqueSlugsAndScoreAsTheyPlay(t *testing.T) {
	for _, g := range conformance.Games() {
		seen := map[string]bool{}
		for _, v := range g.PlantedVariants() {
			if seen[v.Slug] || v.Slug == "" {
				t.Errorf("%s: slug %q of %q is empty or taken", g.Name(), v.Slug, v.Name)
			}
			seen[v.Slug] = true
		}
	}
	// Three 1s, 6 points, then the 2 fallen to the bottom, 1 point: 7;
	// with the 2 left hanging, the second click finds nothing.
	p, err := cubes.Game.Any().Parse([]byte("2\n12\n11\n2\n0 0, 0 0\n"))
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"cubes do not fall", "cubes-do-not-fall"} {
		if got, err := p.ScorePlanted(name); got != 6 || err != nil {
			t.Errorf("ScorePlanted(%q) = %d, %v; want 6", name, got, err)
		}
	}
	if _, err := p.ScorePlanted("no such bug"); !errors.As(err, new(*conformance.UnknownVariant)) {
		t.Errorf("ScorePlanted(no such bug) error = %v, want an *UnknownVariant", err)
	}
	big, err := cubes.Game.Any().Parse([]byte("21\n" + string(bytes.Repeat([]byte("111111111111111111111\n"), 21)) + "0\n"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := big.ScorePlanted("box held in a fixed 20x20 array"); err == nil {
		t.Errorf("ScorePlanted(fixed array, box of 21): no error, want the panic")
	}
	if got := conformance.PlantedSlug("single cube scores 0, c(c-1) halved"); got != "single-cube-scores-0-c-c-1-halved" {
		t.Errorf("PlantedSlug = %q", got)
	}
}
