package conformance

// The rule coverage of a run: every case a check plays is read for the
// coverage items of its game (Game.CoverageItems), as an audit reads a
// judge's files, so that a report says which situations of the rules the
// run reached and which it never did. It is coverage of the rules, read
// from the reference's play of each case, not coverage of the code under
// test: it needs nothing from the implementation, and so means the same
// for a program in any language.

// covering reports whether a run reads the coverage of its cases.
func (r *gameRun[C, T]) covering() bool { return r.g.Coverage != nil && !r.noCoverage }

// reference is how the run has the reference play a case: with its
// Detail when the run reads coverage, which needs it where a check does
// not, and briefly otherwise (Game.Referee).
func (r *gameRun[C, T]) reference() func(C) T {
	if r.covering() {
		return r.g.Reference
	}
	return r.g.briefReference
}

// cover reads, when the run reads coverage, the coverage of ref's case
// from the trace ref holds: the reference's, or the engine's when only
// the engine played the case (OracleSampled). The engine's trace has no
// Detail unless the game's generation gives it (Game.PlayedDetail):
// without it, what the moves' results show is counted (chains, hands,
// invalid kinds, bonuses, group sizes, limits), what only the boards
// show is not (specials, block shapes, closing columns), and the case
// counts in Report.CoverageBrief.
func (r *gameRun[C, T]) cover(ref *refereed[C, T]) {
	if r.covering() {
		ref.cov, ref.briefCov = r.g.Coverage(ref.c, ref.want).Counts, ref.byEngine && !ref.detailed
	}
}

// newCoverage is a Report's Coverage before any case: every item of the
// game, reached by none.
func (g *Game[C, T]) newCoverage() []ItemCount {
	if g.Coverage == nil {
		return nil
	}
	items := make([]ItemCount, len(g.CoverageItems))
	for i, it := range g.CoverageItems {
		items[i].CoverageItem = it
	}
	return items
}

// addCoverage counts in rep the coverage of one case checked, ref.
func addCoverage[C, T any](rep *Report, ref *refereed[C, T]) {
	if rep.Coverage == nil {
		return
	}
	if ref.briefCov {
		rep.CoverageBrief++
	}
	for i := range rep.Coverage {
		if n := ref.cov[rep.Coverage[i].Name]; n > 0 {
			rep.Coverage[i].Cases++
			rep.Coverage[i].Count += n
		}
	}
}

// Reached counts the coverage items of the report that some case
// reached, and the items in all.
func (r *Report) Reached() (reached, items int) {
	for _, ic := range r.Coverage {
		if ic.Cases > 0 {
			reached++
		}
	}
	return reached, len(r.Coverage)
}
