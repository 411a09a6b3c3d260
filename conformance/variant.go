package conformance

import (
	"cmp"
	"strconv"
	"strings"
)

// A Variant is a planted variant: an implementation of one game that
// breaks one rule the way a real solution might (package planted holds
// cascade's). C is the game's case type and T its trace type.
type Variant[C, T any] struct {
	// Name says what the variant gets wrong, e.g. "group 8-connected".
	// Names are unique within a game.
	Name string
	// Rule is the ruling the variant breaks, as SPEC.md numbers it:
	// "S5", or "M5.4" for step 4 of ruling M5.
	Rule string
	// Play plays a whole case and returns its trace, Detail filled as
	// the reference fills it. It is safe for concurrent use. It may
	// panic: a crash variant does, on the cases that trip it.
	Play func(C) T
	// Counting says whether the variant counts in a mutation score.
	Counting
}

// Counting says whether a planted variant counts in a mutation score,
// and why not when it does not. Every view of a variant (an audit's, a
// suite's, the command's) carries it, so that they all count alike.
type Counting struct {
	// Equivalent, when not empty, says why the variant scores every case
	// as the reference does: the rule it breaks shows in a trace but
	// never in a total, so no test data can kill it. An audit lists it
	// apart and leaves it out of its mutation score.
	Equivalent string
	// Unreachable, when not empty, says why no case inside the
	// statement's limits can kill the variant, though a larger one can:
	// the arithmetic that keeps its bug from showing there. An audit
	// lists it apart and leaves it out of its mutation score, as it does
	// an equivalent variant: a judge's data stays inside the limits.
	Unreachable string
}

// Counts reports whether the variant counts: it is neither equivalent
// nor out of reach inside the statement's limits.
func (c Counting) Counts() bool { return c.Equivalent == "" && c.Unreachable == "" }

// Uncounted says why the variant does not count, "equivalent: ..." or
// "not reachable inside the statement's limits: ...", or is empty when
// it counts.
func (c Counting) Uncounted() string {
	switch {
	case c.Equivalent != "":
		return "equivalent: " + c.Equivalent
	case c.Unreachable != "":
		return "not reachable inside the statement's limits: " + c.Unreachable
	}
	return ""
}

// CompareRules orders rulings as SPEC.md numbers them, in either case: S
// before M, then by number (M3 before M10), then by step (M5 before
// M5.1).
func CompareRules(a, b string) int {
	key := func(r string) (string, int, int) {
		main, step, _ := strings.Cut(strings.ToUpper(r), ".")
		if main == "" {
			return "", 0, 0
		}
		n, _ := strconv.Atoi(main[1:])
		s, _ := strconv.Atoi(step)
		return main[:1], n, s
	}
	la, na, sa := key(a)
	lb, nb, sb := key(b)
	return cmp.Or(-strings.Compare(la, lb), cmp.Compare(na, nb), cmp.Compare(sa, sb))
}
