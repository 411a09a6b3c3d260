package cubes

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"slices"
	"testing"

	"github.com/cascade-harness/cascade/casegen"
	"github.com/cascade-harness/cascade/conformance"
	"github.com/cascade-harness/cascade/reference"
	"github.com/cascade-harness/cascade/samegame"
)

// errIllegal is what searchEngine says of a click that removes nothing.
var errIllegal = errors.New("assertion failed: the click removes no group")

// searchEngine plays as a search engine does: the reference's rules, an
// error (its assertion) on a click that removes nothing, and a planted
// bug: "bonus", a clear bonus one too high; "three", a group of three
// one point too many; "": none.
func searchEngine(bug string) func(*samegame.Case) (samegame.Trace, error) {
	return func(c *samegame.Case) (samegame.Trace, error) {
		g := reference.NewSameGameBrief(c)
		extra := int64(0)
		for _, m := range c.Moves {
			res := g.Apply(m)
			if res.Removed == 0 {
				return samegame.Trace{}, fmt.Errorf("click %v: %w", m, errIllegal)
			}
			if bug == "three" && res.Removed == 3 {
				extra++
			}
		}
		t := g.Trace()
		if bug == "bonus" && t.End == c.Rules.Effective().Clear && t.End != 0 {
			extra++
		}
		t.Total += extra
		return t, nil
	}
}

func confined(t *testing.T, rules string, cf conformance.Confine) *conformance.Game[*samegame.Case, samegame.Trace] {
	t.Helper()
	g, err := Member(mustRules(t, rules), cf)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func TestSameGameConfinedGeneratesOnlyLegalClicks(t *testing.T) {
	for _, rules := range []string{"codeabbey", "benchmark", "jawbreaker"} {
		g := confined(t, rules, conformance.Confine{Legal: true})
		for i := range 400 {
			c := g.Generate(7, i, []int{0, 15, 60}[i%3])
			if !casegen.Legal(c) {
				t.Fatalf("%s: generated case %d holds a click that removes nothing:\n%v", rules, i, c)
			}
		}
		with, err := g.GenerateWith(3, map[string]string{"empty": "0.5", "random": "0.5"})
		if err != nil {
			t.Fatal(err)
		}
		if !casegen.Legal(with) {
			t.Fatalf("%s: GenerateWith empty and random clicks holds a click that removes nothing:\n%v", rules, with)
		}
		for j, data := range [][]byte{{3, 4, 1, 9, 9, 200, 100, 0, 1, 2, 3, 4, 5, 6}, []byte("any bytes at all, as a fuzzer gives them")} {
			if c := g.Decode(data); !casegen.Legal(c) {
				t.Fatalf("%s: decoded input %d holds a click that removes nothing:\n%v", rules, j, c)
			}
		}
	}
}

func TestSameGameConfinedToTheUsualBox(t *testing.T) {
	g := confined(t, "benchmark", conformance.Confine{Legal: true, UsualBox: true})
	for i := range 60 {
		c := g.Generate(11, i, 0)
		if c.W != 15 || c.H != 15 || !casegen.HasUsualBox(c) || !casegen.Legal(c) {
			t.Fatalf("generated case %d: %dx%d, usual box %v, legal %v; want 15x15 with colours 1..5, legal", i, c.W, c.H, casegen.HasUsualBox(c), casegen.Legal(c))
		}
	}
	if _, err := Member(samegame.CodeAbbey, conformance.Confine{UsualBox: true}); err == nil {
		t.Errorf("Member(codeabbey, UsualBox) = no error, want one: codeabbey names no usual box")
	}
}

// TestSameGameConfinedLeavesOutIllegalBuiltinCases checks that the
// built-in cases with a click that removes nothing are left out, and
// counted.
func TestSameGameConfinedLeavesOutIllegalBuiltinCases(t *testing.T) {
	for _, rules := range []string{"codeabbey", "benchmark"} {
		g := confined(t, rules, conformance.Confine{Legal: true})
		all := len(Under(mustRules(t, rules)).Builtin())
		kept := g.Builtin()
		n, why := g.LeftOut()
		if n == 0 || why == "" || len(kept)+n != all {
			t.Fatalf("%s: %d kept and %d left out (%q) of %d built-in cases, want some left out, all counted", rules, len(kept), n, why, all)
		}
		for _, bc := range kept {
			c, err := g.Parse(bytes.NewReader(bc.Input))
			if err != nil {
				t.Fatal(err)
			}
			if !casegen.Legal(c) {
				t.Fatalf("%s: built-in case %s kept, but holds a click that removes nothing", rules, bc.Name)
			}
		}
	}
}

// TestSameGameConfinedFindsAndShrinksABugOfLegalPlay runs an engine that
// asserts on a click that removes nothing: unconfined, its assertion is
// all a check sees; confined to legal clicks, a right engine passes, and
// a wrong clear bonus is found and shrunk to a legal case.
func TestSameGameConfinedFindsAndShrinksABugOfLegalPlay(t *testing.T) {
	ctx := context.Background()
	o := conformance.RunOptions{Seed: 5, Count: 300, NoCoverage: true}
	rep, err := Under(mustRules(t, "benchmark")).Run(ctx, Game.Func("search", searchEngine("")), o)
	if err != nil {
		t.Fatal(err)
	}
	if rep.Ok() {
		t.Fatalf("unconfined, a right engine that asserts on illegal clicks passed; want its assertion reported")
	}

	for _, tc := range []struct {
		cf  conformance.Confine
		bug string
	}{{conformance.Confine{Legal: true}, "bonus"}, {conformance.Confine{Legal: true, UsualBox: true}, "three"}} {
		cf, g := tc.cf, confined(t, "benchmark", tc.cf)
		rep, err := g.Run(ctx, g.Func("search", searchEngine("")), o)
		if err != nil {
			t.Fatal(err)
		}
		if !rep.Ok() {
			t.Fatalf("%+v: a right engine that asserts on illegal clicks failed:\n%v", cf, rep.Divergence.Shrunk.String())
		}
		rep, err = g.Run(ctx, g.Func("search-"+tc.bug, searchEngine(tc.bug)), o)
		if err != nil {
			t.Fatal(err)
		}
		d := rep.Divergence
		if d == nil || d.Shrunk.Verdict != conformance.WrongAnswer {
			t.Fatalf("%+v: bug %q not found as a wrong answer: %+v", cf, tc.bug, d)
		}
		c, err := g.Parse(bytes.NewReader(d.Shrunk.Input))
		if err != nil {
			t.Fatal(err)
		}
		if !casegen.Legal(c) || len(c.Moves) == 0 {
			t.Fatalf("%+v: shrunk to a case with a click that removes nothing, or none:\n%v", cf, c)
		}
		if cf.UsualBox && (c.W != 15 || c.H != 15) {
			t.Fatalf("%+v: shrunk to a %dx%d box, want the usual 15x15", cf, c.W, c.H)
		}
		if !cf.UsualBox && c.W*c.H > 4 {
			t.Errorf("%+v: shrunk to %dx%d, want at most 4 cells (a pair cleared):\n%v", cf, c.W, c.H, c)
		}
		t.Logf("%+v: shrunk to\n%s(%v)", cf, d.Shrunk.Input, d.ShrinkStats)
		for cand := range g.Candidates(c) {
			if !casegen.Legal(cand) {
				t.Fatalf("%+v: Candidates offered a case with a click that removes nothing:\n%v", cf, cand)
			}
		}
	}
}

// TestIllegalOnlyVariantsAgreeOnLegalCases holds illegalOnly to what it
// claims: under every named rule set each of its variants scores legal
// generated cases as the reference does, and each name is a variant's.
func TestIllegalOnlyVariantsAgreeOnLegalCases(t *testing.T) {
	seen := make(map[string]bool)
	// A minimum of 3 has a variant for one smaller, which 2 does not.
	for _, r := range append(samegame.Named(), mustRules(t, "custom min=3 points=(n-2)^2"), mustRules(t, "custom min=3 left=-n")) {
		g, err := Member(r, conformance.Confine{Legal: true})
		if err != nil {
			t.Fatal(err)
		}
		var vs []conformance.Variant[*samegame.Case, samegame.Trace]
		for _, v := range Under(r).Variants() {
			if illegalOnlyUnder(r, v.Name) {
				vs = append(vs, v)
				seen[v.Name] = true
			}
		}
		for i := range 300 {
			c := g.Generate(21, i, 12)
			want := reference.PlaySameGame(c).Total
			for _, v := range vs {
				if got := v.Play(c).Total; got != want {
					t.Fatalf("%s: variant %q scores legal case %d %d, want %d:\n%v", r.Name, v.Name, i, got, want, c)
				}
			}
		}
		for _, v := range g.Variants() {
			if illegalOnlyUnder(r, v.Name) && v.Counts() {
				t.Errorf("%s: variant %q counts in the legal game, want it equivalent", r.Name, v.Name)
			}
		}
	}
	for _, name := range append(slices.Clone(illegalOnly), minOnly...) {
		if !seen[name] {
			t.Errorf("illegalOnly names %q, which no rule set's variant is", name)
		}
	}
}
