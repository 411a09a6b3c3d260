// Package reference is the literal reading of both games, the oracle
// every other implementation is checked against. Its code is meant to be
// obviously right rather than fast: boards are 2-D slices, every step
// rescans the whole board, and nothing is cached between steps. This
// comment is the specification; the code follows it step by step. Tags
// in parentheses name the rulings (S1-S7, M1-M10) that settle what the
// statements leave loose.
//
// The reference plays parsed cases: reading the text formats and
// rejecting bad input with the line at fault (S1, S2, M2) is the work of
// samegame.Parse and match3.Parse. Any case that passes Validate is
// played, far beyond the statements' limits: a 1x1 board, a single
// colour, no operations at all.
//
// # SameGame ("Color Cubes")
//
// The box is N x N cells (N >= 1), each holding a cube of colour 1..9 at
// the start. A move is a click on cell (X, Y): X is the column counted
// from the left of the box as it stands now, after earlier collapses, and
// Y the row counted from the bottom, both 0-based and inside 0..N-1 (S3).
//
// A click on a cube removes its group: the set of cubes of its colour
// connected to it through shared sides (4-connected; a diagonal does not
// connect). A single cube is a group. A group of c cubes scores c(c+1)/2
// points: 1, 3, 6, 10, ... (S5). After the removal the cubes above the
// holes fall straight down within their column, keeping their order; then
// every column left empty is removed and the columns to its right shift
// left to close the gap, however many columns emptied in that move (S6).
// The freed columns on the right are empty.
//
// A click on an empty cell inside the frame removes nothing and scores 0;
// it is not an error (S4). Scores are 64-bit: a group of c cubes scores
// c(c+1)/2 exactly even where that passes 2^31, and boards thousands of
// columns wide are played like small ones (S7), slowly: every step
// rescans the whole box.
//
// # SameGame rule sets
//
// A case carries its rule set (samegame.Rules; SPEC.md, "SameGame rule
// sets"), and the reference plays it literally. The box may be W x H. A
// click on a group of fewer than Min cubes removes nothing and scores 0,
// as a click on an empty cell does (S8); a group of c cubes that is
// removed scores Points(c). Empty columns close to the left, or, under
// close=right, the columns to the left of an empty column shift right.
// After the last click the end of the game adds one term (S9-S11): Clear
// when the box is empty; else Left(n) for the n cubes left, under
// end=list always and under end=over only when no group of Min cubes
// remains, found by trying every cube; else nothing. The trace carries
// the term as End, and Total is the clicks' points plus End. Under
// codeabbey (Min 1, c(c+1)/2, no end term, close left) this is the game
// above.
//
// # Match-3 with poker ("Lines and Poker")
//
// The board has n rows and m columns; cell (x, y) is row x counted from
// the top and column y counted from the left, both 1-based (M1). At the
// start every cell holds a piece of colour 1..k, and no three pieces of
// one colour stand in a row or a column. A piece may carry a special 1..6
// (0: none). A special belongs to its piece: it moves with the piece when
// swapped and when falling (M4).
//
// An operation names two cells. It is checked in this order, and the
// first failing check names why it is invalid:
//
//  1. Not adjacent: the two cells must share a side. The same cell, a
//     diagonal neighbour or a farther cell is invalid.
//  2. Empty cell: both cells must hold a piece.
//  3. No run: the two pieces are exchanged, and if no run of three or more
//     exists on the board they are exchanged back. Since the board never
//     holds a run between operations, swapping two pieces of one colour
//     is always invalid.
//
// An invalid operation changes nothing and scores nothing (no rounds, no
// main colours); it is not counted for the pattern score, and it costs
// the all-valid bonus (M3, M9).
//
// A valid operation sets off rounds of elimination, numbered 1, 2, ...
// One round (M5):
//
//  1. Every cell of every maximal horizontal or vertical run of three or
//     more pieces of one colour is marked. These are the line cells.
//  2. Every special among the marked cells triggers once and marks every
//     non-empty cell of its area, whatever its colour: 1, its row; 2, its
//     column; 3, its row and its column; 4, the 3x3 square centred on it;
//     5, the 5x5 square centred on it (both squares clipped at the edge
//     of the board, never wrapping); 6, every piece on the board of its
//     own colour. Specials marked this way trigger in turn, in the same
//     round, before anything falls. The cells marked only by effects are
//     the hit cells. The specials of the line cells trigger first, in
//     reading order (row, then column); each special's newly marked
//     specials then join the end of the queue in reading order.
//  3. The round scores round number x the sum of the colours of all
//     marked cells (line and hit) as elimination score.
//  4. Every 4-connected block of line cells of one colour, of x cells,
//     scores 50(x-3)^2 as combination score. Hit cells are not part of
//     any block and do not join blocks. So a run of three scores 0, four
//     in a line 50, five in a line or an L, T or cross of five 200, and
//     a 2x3 block (which a fall can make) 450.
//  5. All marked cells are emptied; then in every column the remaining
//     pieces fall to the bottom, keeping their order. If a run now exists
//     the next round starts.
//
// A valid operation of x rounds scores 80(x-1)^2 as chain score (M6). Its
// main colours are the colours of the line cells of its first round; they
// are the colours of the swapped pieces that stand in a run, so one or
// two (M7).
//
// After the 5th, 10th, 15th ... valid operation, the main colours of the
// last five valid operations are scored as a poker hand, taking one main
// colour from each operation; where an operation has two, the choice that
// scores most is taken, and among choices scoring the same, the
// lexicographically smallest sequence of cards in operation order. The
// hands, with c the colour concerned (M8):
//
//	high card        all five differ         50 + the largest colour
//	one pair         2 + 1 + 1 + 1           100 + 2c
//	two pairs        2 + 2 + 1               200 + 2 x larger pair + smaller pair
//	three of a kind  3 + 1 + 1               300 + 3c
//	full house       3 + 2                   500 + 3 x triple + pair
//	four of a kind   4 + 1                   750 + 5c
//	five of a kind   5                       1000 + 10c
//
// Operations left over at the end (fewer than five valid ones) score no
// hand (M8). The hand is reported on the operation after which it is
// scored.
//
// At the end of the game, 1000 points if every operation was valid (so a
// game of no operations earns it) and 10000 points if the board is empty;
// the two are independent (M9). The total is the sum over the operations
// of elimination, combination, chain and hand scores, plus the endgame
// bonus. All scores are 64-bit (M10).
//
// # Match-3 rule sets
//
// A match-3 case carries its rule set (match3.Rules; SPEC.md, "Match-3
// rule sets"), and the reference plays it literally. Under thupc, the
// statement's rules, it is the game above.
//
// Under start=settle and start=score a start board may hold runs: before
// the first operation its rounds are played as a move's are (below), and
// under start=score they are scored as one move (Trace.Start). Under
// swaps=none a case holds no operation, and the settle is the game.
//
// An operation is not played once the game is over: under nomove=end
// when no swap of two neighbouring pieces would make a run (looked for
// after the settle and after every valid operation), or when the rule
// set's moves are used up. It changes nothing and costs nothing (Over).
// Otherwise it is checked as above. An invalid swap changes nothing;
// under invalid=bonus and invalid=move it uses one of the moves, and
// only under invalid=bonus does it cost the all-valid bonus. A valid
// swap uses a move.
//
// A round marks the runs clear names: all of them, or under clear=lowest
// the runs of the lowest row that holds a row run or the bottom cell of
// a column run (Grid.LowestRuns), and every run that shares a cell with
// one of those. Under specials=effects the specials among them trigger
// as above; under specials=points no special marks anything. The marked
// cells are emptied and the pieces fall; under refill=queue every
// column's empty cells, gathered at its top by the fall, are then filled
// from the lowest up with the next pieces of the column's queue, which
// leave it (Grid.Refill); a queue that runs dry leaves the cells above
// empty.
//
// Under points=thupc a round scores as above. Under an expression a
// round scores its terms: per=round one term, n the cells it removes;
// per=run one term per run it removes (Grid.RunList: the row runs top
// row first, each from the left, then the column runs leftmost first,
// each from the top), n its length and c its colour; per=colour one
// term per colour of the cells it removes, ascending, n their number and
// c the colour. s is the sum of the term's specials, r the round, and i
// the term's number in the move, counted over its rounds. No
// combination, chain, main colour or hand is scored. The endgame
// bonuses are the rule set's allvalid and cleared, and under
// answer=board the trace carries the final board.
//
// # Traces
//
// PlaySameGame and PlayMatch3 play a whole case and return its trace, with
// Detail filled: for SameGame the box after each move; for match-3 the
// board after each operation and its rounds, each with its line cells and
// hit cells in reading order, its specials in the order they went off,
// its block sizes in reading order of each block's first cell, and its
// elimination and combination scores. A match-3 result lists the main
// colours ascending, the second 0 when there is one; an invalid operation
// has no rounds, no main colour and scores 0.
//
// A trace with a board per move grows with the board times the moves:
// PlaySameGameSummary keeps per move the number of columns standing,
// PlayMatch3Summary per operation its rounds (a game's rounds hold at
// most as many cells as the board, since every piece is eliminated at
// most once), both the board after the last move only, and
// PlaySameGameBrief and PlayMatch3Brief no Detail; a whole SameGame
// play makes its lists once, as long as the moves. NewSameGameSummary,
// NewSameGameBrief and NewMatch3Brief are their games, and
// NewSameGameStepwise one that keeps no result per move, to play a long
// case a move at a time and look at the board (At, and Match3.Rounds
// for the rounds of the operation played last) as it goes instead of
// keeping it. The columns of a box and the rows of a grid are pieces of
// one array, and the steps move them rather than copy them, so that a
// board of ten million columns costs little more than its cells.
//
// NewSameGame and NewMatch3 give a game to play one operation at a time;
// its Trace is the account so far, for match-3 with the endgame scored as
// if the game ended there, and Clone copies it to play on apart. On a
// match-3 board between operations, Grid.ValidSwaps lists the valid
// operations in reading order, with their main colours: generators aim
// with it.
//
// # Rule tables
//
// SameGameRules and Match3Rules hold the rules as a table of steps, one
// function per step; the zero value is the literal rules, and a nil field
// means the literal step, which is exported (a method of Box or Grid, or a
// function) so that a variant can wrap it. PlaySameGame(c) is
// SameGameRules{}.Play(c). Replacing one field gives a variant of the
// game; tests use variants to plant a bug and check that the harness
// catches it:
//
//	noClose := reference.SameGameRules{Close: func(reference.Box) {}}
//	t := noClose.Play(c) // empty columns stay where they are
//
// Every case that passes Validate is played without a panic, under the
// literal rules and under any variant whose steps do not panic.
package reference
