// Package casegen generates random cases of both games that are always
// valid (they pass Case.Validate, and match-3 cases made with InStatement
// also pass InLimits), with knobs that make rare situations common.
//
//	r := rand.New(rand.NewPCG(seed, 0))   // math/rand/v2
//	c := casegen.Match3(r, casegen.Match3Options{Poker: match3.FullHouse})
//	s := casegen.SameGame(r, casegen.SameGameOptions{BigGroup: true})
//
// Generation is deterministic: the same source and options give the same
// case. The zero options give small cases.
//
// # One policy
//
// SameGameKnobs and Match3Knobs draw the knobs of one case, a
// combination that makes, over a stream of cases, every rare situation
// common: half or more of the cases aim at one rare situation (a poker
// hand, a cleared board, clicks on empty cells, ...), the others combine
// every knob at random, and one SameGame case in BigGroupOneIn is a big
// group, one match-3 case in LimitsOneIn at or near the statement's
// limits. It is the one policy of the project: `cascade check` and the
// conformance suites (cubes.Game.Generate, Match3.Generate), the
// gopter properties and the engine's tests draw their cases from it. A
// maximum side bounds the boards for callers that want small cases.
//
// The pieces of a case are also offered on their own, for the fuzz
// decoders, which read knobs from the fuzzer's bytes and build the case
// with them: SameGameBox and Match3Board draw a start position,
// RunFreeColours is the one construction of a match-3 board without a
// run, SameGameTargets lists what a click can aim at, and InvalidSwap
// draws an invalid operation of a kind; the valid ones are the
// reference's (reference.Grid.ValidSwaps).
//
// # Aiming at the board as it stands
//
// Operations are chosen one at a time on the position the earlier ones
// leave, so that clicks hit cubes and swaps make runs, hands and clears.
// The generator plays the case forward on a SameGamePlayer or
// Match3Player made by the options' NewPlayer (nil: the reference). The
// engine's games satisfy the same interfaces. A player that panics is
// replaced by the reference, which replays the moves so far: the case
// is the one a player that agrees with the reference leads to.
//
// # SameGame knobs (SameGameOptions)
//
//   - N, Colours, Clicks: ranges for the side of the box, the number of
//     colours (a random subset of 1..9) and the number of clicks.
//   - Clicks are aimed at a cube of the box as it stands (X among the
//     columns left); Random of them are drawn uniformly over the N x N
//     frame instead, and Empty of them hit an empty cell inside the frame
//     (scoring nothing).
//   - Columns plants combs, teeth columns of one colour joined by the top
//     or bottom row, and aims that fraction of clicks at a group that fills
//     two or more columns, so one click empties several columns, adjacent
//     or not.
//   - BigGroup builds a box of 257 or more on a side in one colour with
//     isolated specks, and aims the first click at it: a group of more than
//     65535 cubes scores more than 2^31 points. It is the one slow knob
//     (tens of milliseconds).
//
// # Match-3 knobs (Match3Options)
//
//   - Rows, Cols, Colours, Ops: ranges, small by default (2..8 sides).
//     InStatement clamps them to the statement's limits (2 <= n, m <= 50,
//     n + m > 4, 2 <= k <= 100, 1 <= q <= 1000). The initial board never
//     holds a run of three; with k = 2 it is filled by backtracking, and
//     with k = 1 (outside the statement) it is at most 2 x 2. Aimed, when
//     positive, aims only the first operations and makes the rest cheap
//     swaps of neighbours, for long games on large boards.
//   - Specials, SpecialKinds, Placement: how many specials, of which kinds
//     (SpecialKinds {Colour} gives colour-6 specials), placed Anywhere, on
//     the Border (corners and edges, where areas are clipped) or in
//     Clusters (next to one another, so specials set off specials).
//   - Mix weighs each OpKind: valid swaps and the invalid kinds same cell,
//     diagonal, far (two apart or more), empty cell, same colour and no
//     run. Empty cells exist only once eliminations open them at the top of
//     the columns; until then (and whenever a kind is not on offer) a valid
//     swap stands in.
//   - Among valid swaps: Poker aims the main colours of every five valid
//     operations at a hand (five of a kind down to a high card of five
//     colours, with default colour counts that suit the hand); TwoMain
//     prefers swaps with two main colours; DoubleRun prefers swaps that
//     make two runs at once; AimSpecials prefers swaps whose runs hold a
//     special.
//   - TieBreak plants a hand whose cards only the tie-break decides: the
//     first five operations are two-main swaps laid out on the board so
//     that several choices of cards reach the best score, the smallest
//     not the first a count over the choices finds.
//   - ClearBoard searches small boards with few colours for valid swaps
//     that empty the board (the 10000 bonus), half of the time adding one
//     invalid operation (which loses the 1000 bonus only). The search
//     plays on clones of the reference's game, one swap further each.
//
// The package tests measure each knob on the reference's traces: the hand
// scored, the validity of each operation, the specials that go off, the
// columns emptied, the points of the big group, the bonus of a cleared
// board.
package casegen
