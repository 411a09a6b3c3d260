package cubes

import (
	"github.com/cascade-harness/cascade/casegen"
	"github.com/cascade-harness/cascade/internal/lazy"
)

// Steering: generation raises, on a fixed schedule, the knobs that reach
// the coverage items the usual mix of knobs (casegen.SameGameKnobs,
// Match3Knobs) reaches least. A game's schedule steers one generated
// case in every; the steered ones go through the schedule's aims in
// turn, each aim raising, among the knobs the usual mix drew for the
// case, those that make one such item likely, and cheaply (a 50 x 50
// board with a few operations reaches the largest board as surely as
// one with a thousand). The other knobs stay as drawn, so a steered
// case keeps its specials and its kinds of operation, and the bugs the
// usual mix finds are found about as soon. The aims are items the
// usual mix reaches in fewer than one case in ten (measured over
// thousands of cases; the package tests hold each aim to reaching its
// item in a sixth of its cases at least, and at three times the usual
// rate), so the schedule spends its cases where a run is thinnest.
// Under a SameGame rule set the items of its settings (a click below the
// minimum, a cleared box, a dead end's term, a column closing right) are
// reached by one usual case in six or more, since the usual boxes are
// small and of few colours: none has an aim
// (TestSameGameRuleSetItemsNeedNoAim), and the planted variants of the
// settings are caught from the usual cases alone. The items of a rule
// set's expressions, which can ask for any n, have a schedule of their
// own (rulesSteering).
//
// Whether case i is steered, and to which aim, depends on seed+i alone,
// as the rest of case i does (see caseRand): a run is reproduced by its
// seed, case i alone by seed+i, and shards and jobs change nothing. A
// fixed schedule, not one that reads what the run has reached so far,
// since that would make case i depend on the cases before it.

// sameGameSteering is SameGame's schedule, built when first asked for
// (lazy.Value, as match3Steering is), so that a command that generates
// nothing does not pay for it at start-up. Every item but three is
// reached by a third of the usual cases or more, and the group of 100
// cubes by one in fifteen; a click past 2^31 (and so a total past it)
// by one in 280, in a box of 257 on a side or more that takes some
// twelve milliseconds to generate and play, forty times a usual case.
// So one case in 256 more is a big group, some 0.05 ms more on the
// average case, where one in 64 would add four times that; steering
// cases towards large groups would take them from the usual mix, which
// reaches the rest of the rules.
var sameGameSteering = lazy.Value[casegen.Schedule[casegen.SameGameOptions]]{Make: func() casegen.Schedule[casegen.SameGameOptions] {
	return casegen.Schedule[casegen.SameGameOptions]{Every: 256, Aims: []casegen.Aim[casegen.SameGameOptions]{
		{Item: sgMovePast31, Raise: func(o *casegen.SameGameOptions, maxSize int) bool {
			*o = casegen.SameGameOptions{BigGroup: true, Colours: casegen.Between(1, 4)}
			return maxSize <= 0 || maxSize >= 257
		}},
	}}
}}
