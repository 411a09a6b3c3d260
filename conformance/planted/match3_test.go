package planted

import "testing"

func TestMatch3VariantsPartFromTheReference(t *testing.T) {
	checkRows(t, match3Game, []row{
		{"diagonal swap accepted", "invalid-diagonal", differs},
		{"swap that makes no run is not undone", "invalid-no-run", differs},
		{"swap with an empty cell reported as no run", "invalid-empty-cell", differs},
		{"only three cells of a longer run marked", "combination-four-line", differs},
		{"only horizontal runs found", "chain-two-rounds", differs},
		{"later rounds look for runs only through the swapped cells", "combination-two-by-three", differs},
		{"row special marks its column", "special-row", differs},
		{"cross marks only its row", "special-cross", differs},
		{"5x5 special acts as 3x3", "special-square5", differs},
		{"colour special marks nothing", "special-colour", differs},
		{"squares wrap around the edges instead of clipping", "square3-corner-bottom-left", differs},
		{"specials hit by specials do not trigger", "special-sets-off-special", differs},
		{"specials stay put when pieces fall", "special-falls-with-piece", differs},
		{"elimination without the round multiplier", "chain-two-rounds", differs},
		{"combination blocks include effect-hit cells", "combination-ignores-hit-cells", differs},
		{"combination per run instead of per block", "combination-l-shape", differs},
		{"combination blocks joined right, down and left, never up", "u-shaped-block", differs},
		{"combination blocks joined right, down and left, never up", "combination-l-shape", agrees},
		{"combination blocks joined right, down and left, never up", "combination-t-shape", agrees},
		{"combination blocks joined right, down and left, never up", "combination-cross", agrees},
		{"combination blocks joined right, down and left, never up", "combination-two-by-three", agrees},
		{"chain score linear: 80(x-1)", "chain-three-rounds", differs},
		{"main colours include later rounds", "main-colour-first-round", differs},
		{"hand takes the first main colour instead of the best", "main-colours-two-runs", differs},
		{"hand ties go to the largest cards", "hand-tie-break", differs},
		{"invalid operations count towards the hand", "invalid-not-in-hand", differs},
		{"leftover operations score a hand", "hand-leftover", differs},
		{"high card scores the smallest colour", "hand-high-card", differs},
		{"one pair scores 100 + c", "hand-one-pair", differs},
		{"two pairs weigh the smaller pair double", "hand-two-pairs", differs},
		{"three of a kind scores 300 + 2c", "hand-three-of-a-kind", differs},
		{"full house scored as three of a kind", "hand-full-house", differs},
		{"four of a kind scores 750 + 4c", "hand-four-of-a-kind", differs},
		{"five of a kind scores 1000 + 5c", "hand-five-of-a-kind", differs},
		{"all-valid bonus despite invalid operations", "endgame-none", differs},
		{"cleared bonus only when all operations were valid", "endgame-cleared", differs},
	})
}
