package planted_test

import (
	"context"
	"fmt"
	"hash/fnv"
	"maps"
	"slices"
	"strings"
	"testing"
	"text/tabwriter"
	"time"

	"github.com/cascade-harness/cascade/conformance"
	"github.com/cascade-harness/cascade/conformance/planted"
	"github.com/cascade-harness/cascade/cubes"
	"github.com/cascade-harness/cascade/gems"
	"github.com/cascade-harness/cascade/match3"
	"github.com/cascade-harness/cascade/reference"
	"github.com/cascade-harness/cascade/samegame"
)

// The planted-bug self-test measures what `cascade check` finds: every
// variant is checked as check checks a program, through Game.Run (the
// same generator, the same loop, the same shrinker), once on generated
// cases only and once with the built-in cases first. A variant that needs
// many cases points at a situation the generator seldom makes, to be
// fixed in the generator's knobs, not by a larger budget.
//
// make test runs it verbosely and prints the table.

const (
	// plantedBudget is the number of generated cases a variant may
	// survive in one search; the bar is a median under plantedMedian.
	plantedBudget = 20000
	plantedMedian = 2000
	// plantedSearches is the number of independent searches (seeds) per
	// variant.
	plantedSearches = 8
	// plantedSeed fixes the searches, so the table is the same from run
	// to run; each search's seed also hangs on the variant's name.
	plantedSeed = 0x5eed
	// plantedShrinkTime is no bound a shrink comes near, however loaded
	// the machine: the shrinks are bounded in calls of the predicate
	// (the default budget, and plantedSizedBudget), so that a starved
	// run shrinks as far as an idle one and the bars below do not
	// depend on the machine's load.
	plantedShrinkTime = 10 * time.Minute
	// plantedSizedBudget bounds the shrink of a variant whose bug needs
	// a board of a size (plantedSized): each call plays a box of tens
	// of thousands of cubes, and the case cannot get much smaller.
	plantedSizedBudget = 40
	// plantedShrunkMedian and plantedShrunkMost are the bars of the
	// shrunk cases' cells: the median over every search, and the most
	// of any search whose variant does not need a size (plantedSized).
	plantedShrunkMedian = 10
	plantedShrunkMost   = 40
)

// plantedSized are the variants whose bug needs a board of a size, and
// why: their shrunk case cannot be smaller.
var plantedSized = map[string]string{
	"score kept in 32 bits":                       "65,536 cubes of one colour (a 256x256 box) are the smallest group worth more than 2^31 points",
	"box held in a fixed 20x20 array":             "21x21 is the first box the array cannot hold",
	"c(c+1) multiplied in 32 bits before halving": "c(c+1) passes 2^31-1 from a group of 46341 cubes, which a 216x216 box is the smallest to hold",
}

// plantedWithin are the variants of a rule set, "rules: variant", that
// every search must catch within the given number of generated cases,
// not only at the median bar: an end of an expression (the max of
// jawbreaker's left term left out) that a check of five seconds must
// find, even of a program that plays thirty cases a second. The bar is
// a number of cases, so that the verdict does not hang on the machine's
// speed; BenchmarkPlantedWithin measures what that many cases cost in
// process.
var plantedWithin = map[string]int{
	"jawbreaker: no max in the left term: (20-n)^2": 100,
}

// plantedShrunkPast are the variants of a rule set, "rules: variant", a
// search of which may shrink past plantedShrunkMost cells, and why.
var plantedShrunkPast = map[string]string{
	"gymmatch3: specials=points played as specials=effects": match3SettleRounds,
	"mlagents: specials=points played as specials=effects":  match3SettleRounds,
}

// match3SettleRounds is why a search of specials=points played as
// specials=effects may shrink to 50 cells under gymmatch3 and mlagents
// (whose searches share their seeds): its first case parts from the
// reference in the rounds of the start board's settle alone, the totals
// equal (the settle scores nothing), where a special that a refill
// brings sets off in the fourth round; the shrink keeps a failure
// where it is, and the 10x5 board it reaches loses it with any row.
const match3SettleRounds = "a divergence in the rounds of a four-round settle only, which no row of its 10x5 board can lose"

// hunt is the outcome of the searches for one variant.
type hunt struct {
	game, variant, rule string
	// equivalent says the variant is equivalent (Variant.Equivalent).
	equivalent bool
	// generated and builtin hold, per search, the cases checked up to
	// and including the first not accepted, on generated cases only and
	// with the built-in cases first; 0 when none was within the budget.
	generated, builtin []int
	// cells and steps are the size of each search's shrunk case (from
	// generated cases).
	cells, steps []int
	// example is the shrunk case of the first search, with the verdict.
	example string
	// unshrunk says why the case found is not shrunk (cells and steps
	// are then not measured); empty when it is.
	unshrunk string
	// shrunkPast says why a search may shrink past plantedShrunkMost
	// cells (plantedShrunkPast); empty: none may.
	shrunkPast string
	elapsed    time.Duration
}

func (h hunt) survived() bool { return slices.Contains(h.generated, 0) }

// median and most are over the searches; a search that failed counts as
// the budget plus one.
func median(xs []int) int { return sortedCounts(xs)[len(xs)/2] }
func most(xs []int) int   { return sortedCounts(xs)[len(xs)-1] }

// medianSize is the median of sizes of shrunk cases.
func medianSize(xs []int) int {
	if len(xs) == 0 {
		return 0
	}
	s := slices.Clone(xs)
	slices.Sort(s)
	return s[len(s)/2]
}

// worstSize is the largest of the sizes of shrunk cases, 0 for none.
func worstSize(xs []int) int {
	if len(xs) == 0 {
		return 0
	}
	return slices.Max(xs)
}

func sortedCounts(xs []int) []int {
	s := slices.Clone(xs)
	for i, n := range s {
		if n == 0 {
			s[i] = plantedBudget + 1
		}
	}
	slices.Sort(s)
	return s
}

// searchSeed is the seed of search run of a variant.
func searchSeed(variant string, run int) uint64 {
	key := fnv.New64a()
	fmt.Fprintf(key, "%s#%d", variant, run)
	return plantedSeed ^ key.Sum64()>>16
}

// huntFor runs the searches of one variant of game g; cells gives the
// size of a case's board. unshrunk, when not empty, says why the case
// found is not shrunk.
func huntFor[C, T any](t testing.TB, g *conformance.Game[C, T], v conformance.Variant[C, T], cells func(C) int, searches int, builtin bool, unshrunk string) hunt {
	start := time.Now()
	h := hunt{game: g.Name, variant: v.Name, rule: v.Rule, equivalent: v.Equivalent != "", unshrunk: unshrunk}
	impl := g.Func(v.Name, func(c C) (T, error) { return v.Play(c), nil })
	ctx := context.Background()
	nBuiltin := len(g.Builtin())
	for run := range searches {
		seed := searchSeed(v.Name, run)
		o := conformance.RunOptions{
			Seed: seed, Count: plantedBudget, NoBuiltin: true,
			ShrinkTime: plantedShrinkTime,
		}
		if _, sized := plantedSized[v.Name]; sized {
			o.Shrink.Budget = plantedSizedBudget
		}
		if unshrunk != "" {
			o.Shrink.Budget = -1
		}
		rep, err := g.Run(ctx, impl, o)
		if err != nil {
			t.Fatalf("%s: %v", v.Name, err)
		}
		n := 0
		if d := rep.Divergence; d != nil {
			n = d.Index + 1
			s, err := g.Parse(strings.NewReader(string(d.Shrunk.Input)))
			if err != nil {
				t.Fatalf("%s: shrunk case does not parse: %v", v.Name, err)
			}
			if unshrunk == "" {
				h.cells = append(h.cells, cells(s))
				h.steps = append(h.steps, g.Steps(s))
			}
			if h.example == "" && unshrunk == "" {
				h.example = d.Shrunk.String()
			}
		}
		h.generated = append(h.generated, n)
		if !builtin {
			continue
		}

		// The built-in cases first: the order check runs them in.
		o.NoBuiltin = false
		o.Shrink.Budget = -1
		rep, err = g.Run(ctx, impl, o)
		if err != nil {
			t.Fatalf("%s: %v", v.Name, err)
		}
		n = 0
		switch d := rep.Divergence; {
		case d == nil:
		case d.Index >= 0:
			n = nBuiltin + d.Index + 1
		default:
			for i, c := range g.Builtin() {
				if d.Source == "built-in case "+c.Name {
					n = i + 1
				}
			}
		}
		h.builtin = append(h.builtin, n)
	}
	h.elapsed = time.Since(start)
	return h
}

func sameGameCells(c *samegame.Case) int { return c.W * c.H }
func match3Cells(c *match3.Case) int     { return c.Rows * c.Cols }

func TestPlantedVariantsAreCaught(t *testing.T) {
	if testing.Short() {
		t.Skip("the planted-bug self-test takes a minute; make test runs it")
	}
	var hunts []hunt
	for _, v := range planted.SameGame() {
		hunts = append(hunts, huntFor(t, cubes.Game, v, sameGameCells, plantedSearches, true, ""))
	}
	for _, v := range planted.Match3() {
		hunts = append(hunts, huntFor(t, gems.Game, v, match3Cells, plantedSearches, true, ""))
	}
	under := append(ruleSetHunts(t), match3RuleSetHunts(t)...)
	for _, h := range hunts {
		t.Logf("%s: %s: shrunk case of the first search:\n%s", h.game, h.variant, h.example)
	}
	for _, u := range under {
		for _, h := range u.hunts {
			t.Logf("%s: %s: %s: shrunk case of the first search:\n%s", h.game, u.rules, h.variant, h.example)
		}
	}

	var allCells, allSteps, unsized []int
	var b strings.Builder
	w := tabwriter.NewWriter(&b, 0, 8, 2, ' ', 0)
	fmt.Fprintf(w, "game\tvariant\trule\tgenerated: median\tmost\twith built-ins: median\tshrunk: cells\tmost\tsteps\tmost\ttime\n")
	for _, h := range hunts {
		mostText := checkHunt(t, h)
		sizes := "-\t-\t-\t-"
		if len(h.cells) > 0 {
			sizes = fmt.Sprintf("%d\t%d\t%d\t%d", medianSize(h.cells), worstSize(h.cells), medianSize(h.steps), worstSize(h.steps))
			allCells = append(allCells, h.cells...)
			allSteps = append(allSteps, h.steps...)
			if _, sized := plantedSized[h.variant]; !sized && !h.equivalent {
				unsized = append(unsized, h.cells...)
			}
		}
		fmt.Fprintf(w, "%s\t%s\t%s\t%d\t%s\t%d\t%s\t%v\n", h.game, h.variant, h.rule,
			median(h.generated), mostText, median(h.builtin), sizes, h.elapsed.Round(10*time.Millisecond))
	}
	w.Flush()
	var medians []int
	for _, h := range hunts {
		medians = append(medians, median(h.generated))
	}
	t.Logf("planted variants, %d searches each, through the generator and loop of cascade check "+
		"(cases needed: median and most on generated cases only, median with the built-in cases first; "+
		"the shrunk case from generated cases: median and most cells and steps):\n%s"+
		"shrunk cases over every search: median %d cells, %d steps; most %d cells, %d steps; "+
		"most of the variants that count and need no size: %d cells; "+
		"cases needed, the median of each variant's median: %d, the largest median: %d",
		plantedSearches, b.String(), medianSize(allCells), medianSize(allSteps),
		worstSize(allCells), worstSize(allSteps), worstSize(unsized), medianSize(medians), worstSize(medians))
	if m := medianSize(allCells); m > plantedShrunkMedian {
		t.Errorf("the median shrunk case has %d cells, more than %d", m, plantedShrunkMedian)
	}
	within, past := maps.Clone(plantedWithin), maps.Clone(plantedShrunkPast)
	for _, u := range under {
		u.report(t, within, past)
	}
	for key := range within {
		t.Errorf("%s: no such planted variant to hold to its bar", key)
	}
	for key := range past {
		t.Errorf("%s: no such planted variant to let shrink past %d cells", key, plantedShrunkMost)
	}
}

// checkHunt holds a hunt to the bars: caught in every search within the
// budget, at a median under plantedMedian, and, unless its variant needs
// a size, is equivalent or may shrink past it (hunt.shrunkPast), shrunk
// to at most plantedShrunkMost cells. It returns the most cases a search
// needed, as the table shows it.
func checkHunt(t *testing.T, h hunt) string {
	mostText := fmt.Sprint(most(h.generated))
	if h.survived() {
		mostText = fmt.Sprintf("survived %d", plantedBudget)
		t.Errorf("%s: %s survived %d generated cases in a search (cases per search: %v)", h.game, h.variant, plantedBudget, h.generated)
	}
	if m := median(h.generated); m > plantedMedian {
		t.Errorf("%s: %s needed a median of %d generated cases, more than %d (cases per search: %v)", h.game, h.variant, m, plantedMedian, h.generated)
	}
	// An equivalent variant differs from the reference in what a trace
	// shows, never in a total (a hand's tie broken the other way): no
	// judge, and no program checked by its score, can see it, so its
	// shrink is measured but held to no bar.
	if _, sized := plantedSized[h.variant]; !sized && !h.equivalent && h.shrunkPast == "" && len(h.cells) > 0 {
		if n := worstSize(h.cells); n > plantedShrunkMost {
			t.Errorf("%s: %s shrank to a case of %d cells, more than %d (cells per search: %v)", h.game, h.variant, n, plantedShrunkMost, h.cells)
		}
	}
	return mostText
}

// A SameGame rule set other than codeabbey runs every variant of it that
// counts (planted.SameGameUnder), on generated cases only: it has no
// built-in cases, and the variants that do not count (a clear bonus
// dropped where clear=0) cannot be caught. To keep make test cheap, the
// variants of the box (group, click, fall, close) are the same code under
// every rule set and codeabbey hunts them 8 times; a rule set spends
// plantedRuleSetSearches on each of its variants, and a rule set that
// plays the same game as a named one before it (swellfoop and ksame play
// the benchmark's, on other boxes) plantedSameGameSearches.
const (
	plantedRuleSetSearches  = 3
	plantedSameGameSearches = 1
)

// plantedMatch3Within is the budget of a match-3 rule set's variants: in
// every search each is caught within that many generated cases. The
// most any needs, over three searches each, is 31 (mlagents' moves=500
// played as moves=499); leetcode723's clear=all played as clear=lowest
// needed 62 before its rule set's schedule steered start boards of
// several runs (rulesSteering in gems).
const plantedMatch3Within = 50

// ruleSetHunt is the hunts of one rule set.
type ruleSetHunt struct {
	// game is the game's name, rules the rule set's name and text its
	// canonical text.
	game, rules, text string
	searches          int
	// within, when positive, is the most generated cases any search
	// may need.
	within int
	hunts  []hunt
	// uncounted are the variants that do not count under the rule set.
	uncounted int
}

func ruleSetHunts(t *testing.T) []ruleSetHunt {
	var out []ruleSetHunt
	var played []samegame.Rules
	for _, r := range samegame.Named()[1:] {
		u := ruleSetHunt{game: cubes.Game.Name, rules: r.Name, text: r.String(), searches: plantedRuleSetSearches}
		for _, p := range played {
			if p.String()[len(p.Name):] == r.String()[len(r.Name):] {
				u.searches = plantedSameGameSearches
			}
		}
		played = append(played, r)
		g := cubes.Under(r)
		// A shrunk case keeps the rule set it failed under.
		cells := func(c *samegame.Case) int {
			if !c.Rules.Same(r) {
				t.Errorf("%s: a case shrunk under %s", r.Name, c.Rules)
			}
			return sameGameCells(c)
		}
		for _, v := range planted.SameGameUnder(r) {
			if !v.Counts() {
				u.uncounted++
				continue
			}
			u.hunts = append(u.hunts, huntFor(t, g, v, cells, u.searches, false, ""))
		}
		out = append(out, u)
	}
	return out
}

// match3RuleSetHunts hunts the variants of every named match-3 rule set
// other than thupc (planted.Match3Under: per setting arm, the arm played
// as another), plantedRuleSetSearches searches each on generated cases
// only, the way ruleSetHunts does SameGame's. A variant that does not
// count (nomove played the other way where an invalid swap costs
// nothing a total shows) cannot be caught and is not hunted. Each
// variant is held to plantedMatch3Within cases in every search.
func match3RuleSetHunts(t *testing.T) []ruleSetHunt {
	var out []ruleSetHunt
	for _, r := range match3.Named()[1:] {
		u := ruleSetHunt{game: gems.Game.Name, rules: r.Name, text: r.String(), searches: plantedRuleSetSearches, within: plantedMatch3Within}
		g := gems.Under(r)
		cells := func(c *match3.Case) int {
			if !c.Rules.Same(r) {
				t.Errorf("%s: a case shrunk under %s", r.Name, c.Rules)
			}
			return match3Cells(c)
		}
		for _, v := range g.Variants() {
			if !v.Counts() {
				u.uncounted++
				continue
			}
			u.hunts = append(u.hunts, huntFor(t, g, v, cells, u.searches, false, pastTheMoves(r, v)))
		}
		out = append(out, u)
	}
	return out
}

// pastTheMoves says why the case found for variant v of the match-3 rule
// set r is not shrunk: its bug shows only past r's move limit (moves
// one off, or an invalid swap that does or does not use a move), so the
// case holds more swaps than the limit, hundreds under mlagents, and
// every candidate of its shrink plays them all; empty for any other
// variant.
func pastTheMoves(r match3.Rules, v conformance.Variant[*match3.Case, match3.Trace]) string {
	if r.Moves > 0 && (strings.HasPrefix(v.Name, "moves=") || strings.HasPrefix(v.Name, "invalid=")) {
		return fmt.Sprintf("shows past moves=%d", r.Moves)
	}
	return ""
}

// report prints the table of a rule set's hunts and holds them to the
// bars: every variant that counts caught, those of plantedWithin within
// their cases (each deleted from within when found), every one within
// u.within cases when it is set, shrunk cases at most plantedShrunkMost
// cells but those of past (plantedShrunkPast, each deleted when found),
// the median shrunk case at most plantedShrunkMedian cells.
func (u ruleSetHunt) report(t *testing.T, within map[string]int, past map[string]string) {
	var cells, unsized []int
	var b strings.Builder
	w := tabwriter.NewWriter(&b, 0, 8, 2, ' ', 0)
	fmt.Fprintf(w, "variant\trule\tgenerated: median\tmost\tshrunk: cells\tmost\tsteps\tmost\ttime\n")
	var elapsed time.Duration
	for _, h := range u.hunts {
		key := u.rules + ": " + h.variant
		if why, ok := past[key]; ok {
			h.shrunkPast = why
			delete(past, key)
		}
		mostText := checkHunt(t, h)
		if u.within > 0 && most(h.generated) > u.within {
			t.Errorf("%s: %s needed %d generated cases in a search, more than %d (cases per search: %v)", u.rules, h.variant, most(h.generated), u.within, h.generated)
		}
		sizes := "-\t-\t-\t-"
		if h.unshrunk != "" {
			sizes = "not shrunk: " + h.unshrunk + "\t\t\t"
		}
		if len(h.cells) > 0 {
			sizes = fmt.Sprintf("%d\t%d\t%d\t%d", medianSize(h.cells), worstSize(h.cells), medianSize(h.steps), worstSize(h.steps))
			cells = append(cells, h.cells...)
			unsized = append(unsized, h.cells...)
		}
		elapsed += h.elapsed
		if bar, ok := plantedWithin[key]; ok {
			delete(within, key)
			if most(h.generated) > bar {
				t.Errorf("%s: %s needed %d generated cases in a search, more than %d (cases per search: %v)", u.rules, h.variant, most(h.generated), bar, h.generated)
			}
		}
		fmt.Fprintf(w, "%s\t%s\t%d\t%s\t%s\t%v\n", h.variant, h.rule, median(h.generated), mostText, sizes, h.elapsed.Round(10*time.Millisecond))
	}
	w.Flush()
	bar := ""
	if u.within > 0 {
		bar = fmt.Sprintf(", each within %d cases", u.within)
	}
	t.Logf("planted variants of %s under %s (%s), %d searches each on generated cases only%s, %d that count (%d do not):\n%s"+
		"shrunk cases: median %d cells, most %d cells; %v",
		u.game, u.rules, u.text, u.searches, bar, len(u.hunts), u.uncounted, b.String(),
		medianSize(cells), worstSize(unsized), elapsed.Round(10*time.Millisecond))
	if len(cells) > 0 && medianSize(cells) > plantedShrunkMedian {
		t.Errorf("%s: the median shrunk case has %d cells, more than %d", u.rules, medianSize(cells), plantedShrunkMedian)
	}
}

// BenchmarkPlantedShrink measures the cases check shrinks to: one search
// per variant on generated cases only, reporting the median cells and
// steps of the shrunk cases over every variant, and the most cells and
// steps of any variant that counts and needs no size (not equivalent,
// not in plantedSized) (BENCHMARKS.md quotes it). Run with -benchtime
// 1x; one iteration takes a minute.
func BenchmarkPlantedShrink(b *testing.B) {
	for b.Loop() {
		var cells, steps, unsizedCells, unsizedSteps []int
		add := func(h hunt) {
			cells, steps = append(cells, h.cells...), append(steps, h.steps...)
			if _, sized := plantedSized[h.variant]; !sized && !h.equivalent {
				unsizedCells, unsizedSteps = append(unsizedCells, h.cells...), append(unsizedSteps, h.steps...)
			}
		}
		for _, v := range planted.SameGame() {
			add(huntFor(b, cubes.Game, v, sameGameCells, 1, false, ""))
		}
		for _, v := range planted.Match3() {
			add(huntFor(b, gems.Game, v, match3Cells, 1, false, ""))
		}
		b.ReportMetric(float64(medianSize(cells)), "median-cells")
		b.ReportMetric(float64(medianSize(steps)), "median-steps")
		b.ReportMetric(float64(worstSize(unsizedCells)), "most-cells")
		b.ReportMetric(float64(worstSize(unsizedSteps)), "most-steps")
		b.ReportMetric(float64(len(cells)), "variants-caught")
	}
}

// BenchmarkPlantedWithin measures, for each bar of plantedWithin, what
// checking that many generated cases of the rule set costs through the
// loop of cascade check, the reference playing the program: the time a
// search may take at most before its variant is caught, less the shrink.
func BenchmarkPlantedWithin(b *testing.B) {
	for _, key := range slices.Sorted(maps.Keys(plantedWithin)) {
		name, _, _ := strings.Cut(key, ": ")
		r, ok := samegame.Lookup(name)
		if !ok {
			b.Fatalf("%s: no rule set %s", key, name)
		}
		g := cubes.Under(r)
		impl := g.Func("reference", func(c *samegame.Case) (samegame.Trace, error) { return reference.PlaySameGame(c), nil })
		b.Run(name, func(b *testing.B) {
			for b.Loop() {
				rep, err := g.Run(context.Background(), impl, conformance.RunOptions{Seed: plantedSeed, Count: plantedWithin[key], NoBuiltin: true})
				if err != nil || rep.Divergence != nil {
					b.Fatalf("%v, divergence %v", err, rep.Divergence)
				}
			}
		})
	}
}
