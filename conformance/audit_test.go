package conformance_test

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/cascade-harness/cascade/conformance"
	"github.com/cascade-harness/cascade/cubes"
	"github.com/cascade-harness/cascade/gems"
	"github.com/cascade-harness/cascade/internal/fixture"
	"github.com/cascade-harness/cascade/samegame"
)

// variantIndex is the index of the variant name of g.
func variantIndex[C, T any](t *testing.T, g *conformance.Game[C, T], name string) int {
	t.Helper()
	i := slices.Index(fixture.VariantNames(g), name)
	if i < 0 {
		t.Fatalf("%s has no variant %q", g.Name, name)
	}
	return i
}

func TestAuditKillsTheEightConnectedVariantAndNoOtherGroupRule(t *testing.T) {
	// One click on the middle row of column 0: its group is the two 1s of
	// that row (3 points); through corners it takes the 1s at the top
	// and bottom right too (10 points). A single click on a cube of the
	// middle row, emptying no column, leaves every other group rule idle
	// or right; the points c(c-1)/2 and (c+1)(c+2)/2 are wrong on every
	// group, and the click read the other way round, (1, 0), or 1-based,
	// (-1, 0), hits another cell.
	c := fixture.ParseCase(t, cubes.Game, "3\n231\n113\n321\n1\n0 1\n")
	p := cubes.Game.Profile(c)
	if p.Total != 3 {
		t.Errorf("Profile total = %d, want 3", p.Total)
	}
	var want []int
	for _, name := range []string{
		"group 8-connected",
		"single cube scores 0, c(c-1) halved", "clicked cube counted twice: (c+1)(c+2)/2",
		"X and Y read the other way round", "coordinates read as 1-based",
	} {
		want = append(want, variantIndex(t, cubes.Game, name))
	}
	slices.Sort(want)
	if !slices.Equal(p.Kills, want) {
		t.Errorf("Profile kills %v %q, want %v %q", p.Kills, names(cubes.Game, p.Kills), want, names(cubes.Game, want))
	}
	if got := cubes.Game.Kills(c); !slices.Equal(got, p.Kills) {
		t.Errorf("Kills = %v, Profile.Kills = %v", got, p.Kills)
	}
}

// names names the variants of g at indexes is.
func names[C, T any](g *conformance.Game[C, T], is []int) []string {
	all := fixture.VariantNames(g)
	var ns []string
	for _, i := range is {
		ns = append(ns, all[i])
	}
	return ns
}

func TestAuditKillsTheFixedArrayVariantByPanicOnlyPastTwenty(t *testing.T) {
	big := samegame.Case{W: 21, H: 21, Board: make([]uint8, 21*21), Moves: []samegame.Move{{X: 0, Y: 0}}}
	for i := range big.Board {
		big.Board[i] = uint8(1 + i%2) // a checkerboard of 21 columns: single cubes
	}
	small := big
	small.W, small.H, small.Board = 20, 20, big.Board[:20*20]
	fixed := variantIndex(t, cubes.Game, "box held in a fixed 20x20 array")
	rep, err := cubes.Game.Audit(context.Background(), []conformance.Case{
		{Name: "big", Input: cubes.Game.FormatInput(&big)},
		{Name: "small", Input: cubes.Game.FormatInput(&small)},
	}, conformance.AuditOptions{Matrix: true})
	if err != nil {
		t.Fatal(err)
	}
	v := rep.Variants[fixed]
	if !slices.Equal(v.KilledBy, []int{0}) || !strings.HasPrefix(v.How, "panic: ") {
		t.Errorf("fixed array: killed by %v (%s), want by case 0 only, a panic", v.KilledBy, v.How)
	}
	if v.Played != 1 {
		t.Errorf("fixed array played on %d cases, want 1: it is idle on a box of 20", v.Played)
	}
}

func TestAuditReportsBadFilesInvalidInputAndDisputedAnswersAndGoesOn(t *testing.T) {
	// Three 1s, 6 points, then the 2 alone, 1 point: 7.
	good := "2\n11\n12\n2\n0 0, 0 0\n"
	cases := []conformance.Case{
		{Name: "bad-file", Source: "dir/bad-file.in", Err: errors.New("dir/bad-file.ans: want one integer, got \"x\"")},
		{Name: "disputed", Source: "dir/disputed.in", Input: []byte(good), Want: 8, HasWant: true},
		{Name: "good", Source: "dir/good.in", Input: []byte(good), Want: 7, HasWant: true},
		{Name: "invalid", Source: "dir/invalid.in", Input: []byte("2\n11\n1\n")},
		{Name: "no-answer", Source: "dir/no-answer.in", Input: []byte(good)},
	}
	rep, err := cubes.Game.Audit(context.Background(), cases, conformance.AuditOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Cases) != len(cases) {
		t.Fatalf("%d cases reported, want %d", len(rep.Cases), len(cases))
	}
	for i, want := range []struct {
		err      string
		bad      bool
		disputed bool
	}{
		{"want one integer", true, false},
		{"", false, true},
		{"", false, false},
		{"line 3", false, false},
		{"", false, false},
	} {
		c := rep.Cases[i]
		switch {
		case want.err == "" && c.Err != nil:
			t.Errorf("case %s: error %v, want none", c.Name, c.Err)
		case want.err != "" && (c.Err == nil || !strings.Contains(c.Err.Error(), want.err)):
			t.Errorf("case %s: error %v, want one saying %q", c.Name, c.Err, want.err)
		}
		if c.BadFile != want.bad || c.Disputed() != want.disputed {
			t.Errorf("case %s: bad file %t, disputed %t; want %t, %t", c.Name, c.BadFile, c.Disputed(), want.bad, want.disputed)
		}
		if c.Err == nil && c.Reference != 7 {
			t.Errorf("case %s: reference %d, want 7", c.Name, c.Reference)
		}
	}
	if rep.Ok() {
		t.Error("Ok() with a bad file, an invalid input and a disputed answer")
	}
	// Only the three valid cases count towards coverage: each clicks a
	// single cube once (the 2).
	for _, ic := range rep.Coverage {
		if ic.Name == "single-cube" && (ic.Cases != 3 || ic.Count != 3) {
			t.Errorf("%s: %d cases, %d times; want 3, 3", ic.Name, ic.Cases, ic.Count)
		}
	}
}

func TestAuditListsEveryCoverageItemZeroCountsIncluded(t *testing.T) {
	rep, err := gems.Game.Audit(context.Background(), gems.Game.Builtin()[:1], conformance.AuditOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Coverage) != len(gems.Game.CoverageItems) {
		t.Fatalf("%d coverage counts, want one per item, %d", len(rep.Coverage), len(gems.Game.CoverageItems))
	}
	zero := 0
	for i, ic := range rep.Coverage {
		if ic.CoverageItem != gems.Game.CoverageItems[i] {
			t.Errorf("coverage %d is %s, want %s", i, ic.Name, gems.Game.CoverageItems[i].Name)
		}
		if ic.Cases == 0 {
			zero++
		}
	}
	if zero == 0 {
		t.Error("one sample reaches every coverage item")
	}
}

func TestAuditMatrixAndFirstKillsAgree(t *testing.T) {
	// The built-in cases pin every ruling; with a U-shaped block, which
	// none of them makes, they kill every variant that counts.
	// The early-out audit finds the same first killers as the full
	// matrix, playing no more.
	cases := append(gems.Game.Builtin(), conformance.Case{Name: "u-shaped-block", Input: []byte(fixture.UShapedBlock)})
	first, err := gems.Game.Audit(context.Background(), cases, conformance.AuditOptions{})
	if err != nil {
		t.Fatal(err)
	}
	matrix, err := gems.Game.Audit(context.Background(), cases, conformance.AuditOptions{Matrix: true, Jobs: 3})
	if err != nil {
		t.Fatal(err)
	}
	for v := range first.Variants {
		f, m := first.Variants[v], matrix.Variants[v]
		switch {
		case !f.Counts():
			if f.Killed() || m.Killed() || f.Played+m.Played > 0 {
				t.Errorf("%s: does not count (%s), yet played or killed", f.Name, f.Uncounted())
			}
		case !f.Killed():
			t.Errorf("%s survives the built-in cases", f.Name)
		case len(f.KilledBy) != 1 || f.KilledBy[0] != m.KilledBy[0] || f.How != m.How:
			t.Errorf("%s: first killed by %v (%s), the matrix says %v (%s)", f.Name, f.KilledBy, f.How, m.KilledBy, m.How)
		case f.Played > m.Played:
			t.Errorf("%s: played %d times for its first killer, %d for the matrix", f.Name, f.Played, m.Played)
		}
		for _, i := range m.KilledBy {
			if !slices.Contains(matrix.Cases[i].Kills, v) {
				t.Errorf("%s killed by case %d, which does not list it", m.Name, i)
			}
		}
	}
	killed, counted := first.Score()
	uncounted := 0
	for _, v := range gems.Game.Variants() {
		if v.Uncounted() != "" {
			uncounted++
		}
	}
	if uncounted != 5 || killed != counted || counted != len(first.Variants)-uncounted || first.KillPercent() != 100 {
		t.Errorf("score %d of %d (%.1f%%), want all %d, with the 3 equivalent and 2 unreachable variants apart (%d)", killed, counted, first.KillPercent(), len(first.Variants)-uncounted, uncounted)
	}
}

func TestAuditStopsWithTheContext(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	rep, err := gems.Game.Audit(ctx, gems.Game.Builtin(), conformance.AuditOptions{})
	if !errors.Is(err, context.Canceled) || rep == nil {
		t.Fatalf("Audit after cancel = %v, %v; want the report so far and context.Canceled", rep, err)
	}
	// A case the reference never played is not audited, rather than
	// disputed against a reference of 0.
	for _, c := range rep.Cases {
		if !errors.Is(c.Err, context.Canceled) || c.Disputed() {
			t.Errorf("case %s: error %v, disputed %t; want not audited", c.Name, c.Err, c.Disputed())
		}
	}
}

func TestAuditListsEveryRulingAndWhyNoneCounts(t *testing.T) {
	rep, err := gems.Game.Audit(context.Background(), gems.Game.Builtin()[:1], conformance.AuditOptions{})
	if err != nil {
		t.Fatal(err)
	}
	var rules []string
	for _, r := range rep.Rulings {
		rules = append(rules, r.Rule)
	}
	if want := "M1 M2 M3 M4 M5.1 M5.2 M5.3 M5.4 M5.5 M6 M7 M8 M9 M10"; strings.Join(rules, " ") != want {
		t.Fatalf("rulings %s, want %s", strings.Join(rules, " "), want)
	}
	listed := 0
	for _, r := range rep.Rulings {
		listed += len(r.Variants)
		killed, counted := r.Killed(rep)
		switch r.Rule {
		case "M2":
			if len(r.Variants) != 0 || !strings.Contains(r.Why, "input-format") {
				t.Errorf("M2: %d variants, why %q; want none, for the input format", len(r.Variants), r.Why)
			}
		case "M10":
			if counted != 0 || !strings.Contains(r.Why, "not reachable inside the statement's limits") {
				t.Errorf("M10: %d variants count, why %q; want none, out of reach", counted, r.Why)
			}
		default:
			if counted == 0 || r.Why != "" {
				t.Errorf("%s: %d variants count (%d killed), why %q; want some and no reason", r.Rule, counted, killed, r.Why)
			}
		}
	}
	if listed != len(rep.Variants) {
		t.Errorf("the rulings list %d variants, want every one, %d", listed, len(rep.Variants))
	}
	if _, counted := rep.Score(); counted != len(rep.Variants)-5 {
		t.Errorf("%d of %d variants count, want all but the 3 equivalent and 2 unreachable ones", counted, len(rep.Variants))
	}
}
