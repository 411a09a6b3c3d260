package fuzz

import (
	"fmt"
	"hash/fnv"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"text/tabwriter"
	"time"

	"github.com/leanovate/gopter"

	"cascade/casegen"
	"cascade/conformance/planted"
	"cascade/match3"
	"cascade/reference"
	"cascade/samegame"
)

// The planted-bug self-test: each variant of the reference breaks one rule
// the way a real implementation might (the variants are in package
// conformance/planted). The generators
// must tell every one of them from the literal rules within the budget; a
// variant that needs many cases points at a situation the generators
// seldom make, to be fixed in the knobs (gen.go), not by a larger budget.
// Run with -v to see how many cases each variant needed.

// plantedBudget is the number of generated cases a planted bug may
// survive.
const plantedBudget = 20000

// plantedSearches is the number of independent searches per variant; the
// report gives the median and the largest number of cases they needed,
// which says more about the generators than one lucky draw.
const plantedSearches = 8

// plantedSeed fixes the searches, so the counts they report are the same
// from run to run; each search draws from its own stream, keyed by the
// variant's name and the search's number.
const plantedSeed = 0x5eed

// hunt is the outcome of the searches for one variant.
type hunt struct {
	game, variant string
	// cases holds, per search, the number of cases generated up to and
	// including the first whose trace differs from the literal one; 0 when
	// none did within the budget.
	cases []int
	// knobs of the case that caught the variant in the first search that
	// did, the divergence on it, and that case shrunk.
	knobs, diff, shrunk string
	elapsed             time.Duration
}

func (h hunt) survived() bool { return slices.Contains(h.cases, 0) }

// median and most are over the searches; a search that failed counts as
// the budget.
func (h hunt) median() int { return h.sorted()[len(h.cases)/2] }
func (h hunt) most() int   { return h.sorted()[len(h.cases)-1] }

func (h hunt) sorted() []int {
	s := slices.Clone(h.cases)
	for i, n := range s {
		if n == 0 {
			s[i] = plantedBudget + 1
		}
	}
	slices.Sort(s)
	return s
}

func TestPlantedVariantsAreCaught(t *testing.T) {
	var hunts []hunt
	t.Run("samegame", func(t *testing.T) {
		for _, v := range planted.SameGame() {
			name := fmt.Sprintf("%s (%s)", v.Name, v.Rule)
			t.Run(name, func(t *testing.T) {
				differ := func(c *samegame.Case) string {
					return crashOr(func() string {
						_, msg := samegame.Diff(v.Play(c), reference.PlaySameGame(c))
						return msg
					})
				}
				h := huntFor(name, func(r *rand.Rand) (*samegame.Case, string) {
					o := SameGameKnobs(r)
					return casegen.SameGame(r, o), o.String()
				}, differ, ShrinkSameGame)
				h.game = "samegame"
				hunts = append(hunts, h)
				report(t, h)
			})
		}
	})
	t.Run("match3", func(t *testing.T) {
		for _, v := range planted.Match3() {
			name := fmt.Sprintf("%s (%s)", v.Name, v.Rule)
			t.Run(name, func(t *testing.T) {
				differ := func(c *match3.Case) string {
					return crashOr(func() string {
						_, msg := match3.Diff(v.Play(c), reference.PlayMatch3(c))
						return msg
					})
				}
				h := huntFor(name, func(r *rand.Rand) (*match3.Case, string) {
					o := Match3Knobs(r)
					return casegen.Match3(r, o), o.String()
				}, differ, ShrinkMatch3)
				h.game = "match3"
				hunts = append(hunts, h)
				report(t, h)
			})
		}
	})
	var b strings.Builder
	w := tabwriter.NewWriter(&b, 0, 8, 2, ' ', 0)
	fmt.Fprintf(w, "game\tvariant\tmedian\tmost\ttime\n")
	for _, h := range hunts {
		most := fmt.Sprint(h.most())
		if h.survived() {
			most = fmt.Sprintf("survived %d", plantedBudget)
		}
		fmt.Fprintf(w, "%s\t%s\t%d\t%s\t%v\n", h.game, h.variant, h.median(), most, h.elapsed.Round(time.Millisecond))
	}
	w.Flush()
	t.Logf("cases needed to catch each planted variant (%d searches each, budget %d):\n%s", plantedSearches, plantedBudget, b.String())
}

// crashOr returns what differ returns, or a message naming the panic when
// it panics: a crash variant is caught by crashing, as the harness reports
// a runtime error.
func crashOr(differ func() string) (msg string) {
	defer func() {
		if r := recover(); r != nil {
			msg = fmt.Sprintf("panic: %v", r)
		}
	}()
	return differ()
}

// report fails t when the variant survived a search and logs how it was
// caught.
func report(t *testing.T, h hunt) {
	t.Helper()
	if h.survived() {
		t.Errorf("variant survived %d generated cases in a search (cases per search: %v): the generators seldom make the situation it gets wrong", plantedBudget, h.cases)
	}
	if h.diff == "" {
		return
	}
	shrunk := h.shrunk
	if len(shrunk) > 2000 {
		shrunk = shrunk[:strings.IndexByte(shrunk, '\n')+1] + "... (too large to show)\n"
	}
	t.Logf("cases per search %v (%v); first caught on knobs %s\n%s\nshrunk case:\n%s", h.cases, h.elapsed.Round(time.Millisecond), h.knobs, h.diff, shrunk)
}

// huntFor runs the searches for one variant: each draws cases until
// differ reports a divergence on one or the budget is spent. The first
// case caught is shrunk with shrink.
func huntFor[C fmt.Stringer](variant string, draw func(*rand.Rand) (C, string), differ func(C) string, shrink gopter.Shrinker) hunt {
	start := time.Now()
	h := hunt{variant: variant}
	for run := range plantedSearches {
		key := fnv.New64a()
		fmt.Fprintf(key, "%s#%d", variant, run)
		r := rand.New(rand.NewPCG(plantedSeed, key.Sum64()))
		found := 0
		for i := 1; i <= plantedBudget && found == 0; i++ {
			c, knobs := draw(r)
			msg := differ(c)
			if msg == "" {
				continue
			}
			found = i
			if h.diff == "" {
				h.knobs, h.diff = knobs, msg
				h.shrunk = shrinkGreedy(c, shrink, func(v any) bool { return differ(v.(C)) != "" }).(C).String()
			}
		}
		h.cases = append(h.cases, found)
	}
	h.elapsed = time.Since(start)
	return h
}

// shrinkGreedy shrinks v the way gopter does: it takes the first candidate
// that still fails, then shrinks that one, until none fails or a bound on
// the steps is reached.
func shrinkGreedy(v any, shrink gopter.Shrinker, fails func(any) bool) any {
	for range 200 {
		next, ok := shrink(v).Filter(fails)()
		if !ok {
			break
		}
		v = next
	}
	return v
}
