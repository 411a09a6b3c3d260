// Package engine plays both games fast: flat arrays indexed by one
// integer, small element types, work proportional to what a move changes
// (a match-3 round in which a colour special goes off adds one pass over
// the board's pieces; see below), and no allocation per move once the
// scratch buffers have grown. It produces the same traces as package
// reference (without Detail) for every valid case; its tests hold it to
// that.
//
// Match-3 plays under the case's rule set (match3.Rules), read once per
// game: refill from the columns' queues, clear=lowest, the settle of the
// start board, what an invalid swap costs, expression points per round,
// run or colour, specials that only carry points, the end when no move is
// left or the moves are used up, the rule set's endgame bonuses, and the
// final board under answer=board (Trace.Board, Match3.Board).
//
// Both games offer a one-call form (PlaySameGame, PlayMatch3; for the
// total alone, without a trace, ScoreSameGame, ScoreMatch3) and a
// stateful one (NewSameGame, NewMatch3) whose Apply plays one move and
// returns its Result, At reads a cell, Total the score so far, and Clone
// copies the game to play on apart.
//
// # Match-3 layout
//
// The board is one []uint32, column-major, each column top row first, so
// a fall moves pieces within a contiguous stretch of one column; a piece
// is its colour above four bits of round flags above three bits of
// special, 0 an empty cell (match3.MaxK keeps every colour within the 25
// bits):
//
//	          col 0    col 1   ...  col m-1
//	row 0   [   0   ][   n   ] ... [(m-1)n ]
//	row 1   [   1   ][  n+1  ] ... [(m-1)n+1]
//	 ...
//	row n-1 [  n-1  ][ 2n-1  ] ... [ mn-1  ]    i = c*n + r
//
//	piece = colour<<7 | flags<<3 | special
//
// Neighbours along a row are n cells apart; the first and last columns
// are the cells with i < n and i >= (m-1)n, so the scan along rows needs
// no division.
//
// Beside it, per column, the row of the topmost piece, and one empty
// column that stands in for the missing neighbour of the first and last
// columns: 4 bytes per cell, 8 per column and 8 per row. Cells are
// indexed by int32 in the scratch lists, so a board holds fewer than
// 1<<31 cells.
//
// Under refill=queue the queues of all columns lie one after another in
// one []uint32 of pieces, packed as on the board, never written once
// loaded; per column, the index of its next piece and the end of its
// queue (8 bytes per column):
//
//	supply  [ col 0's queue ][ col 1's queue ] ... [ col m-1's queue ]
//	          ^qnext[0]      ^qend[0]=start of col 1
//
// Memory: a game starts with the 4 bytes per cell of the board and 4 per
// piece of the queues. The scratch lists of an operation grow to the
// largest round seen, 4 bytes per entry: the cells a round marks (at
// most every cell), the specials waiting to go off (at most every cell),
// the block search (at most the line cells), and 12 bytes per span (a
// span lies on an emptied cell, so at most one per two cells, and a
// refill adds one per column, listed twice). The first colour special of
// a game adds 4 bytes per cell (the colour chains) and 4 per colour up
// to the largest colour of the start position and the queues. The rule
// sets that read runs (clear=lowest, per=run) list 24 bytes per run a
// round finds; per=colour holds 16 bytes per colour up to the largest,
// made at the start, and 4 per colour a round removes. The worst round, one that marks every
// cell of a board full of specials, thus needs 4+4+4+4+6+4 = 26 bytes
// per cell, plus what append leaves spare; on the workloads of BENCHMARKS.md
// the scratch stays under a few tens of kilobytes beside a 4 MB board.
//
// Invariants:
//   - Gravity: the pieces of a column fill it from top[c] down to the
//     bottom row without gaps.
//   - Incremental scan: between rounds every run contains a cell that
//     changed since the last scan. Before an operation the board holds no
//     run; after the swap every run passes through one of the two swapped
//     cells; after a fall, a run made only of unmoved cells was already a
//     run before the round and so was removed. Changed cells come in
//     spans, stretches of one column: each swapped cell is one, and
//     between two emptied cells of a column the pieces fall as one
//     segment, which is one. Sharper still, a vertical run after a fall
//     spans a junction, two vertical neighbours that were not neighbours
//     before, since a column's pieces keep their order; the junctions are
//     the lowest cells of the spans. A run along a row also needs a piece
//     beside each of its cells, and a piece of the same colour beside the
//     changed cell it passes through, so a moved piece that lands above
//     the topmost pieces of both neighbouring columns is no candidate, and
//     the others are compared with their two neighbours, three contiguous
//     stretches read side by side, before any is walked along its row.
//     Each round therefore looks along rows only through the cells of the
//     spans that have a column beside them reaching their row, and along
//     columns only through the lowest cell of each span;
//     TestMatch3IncrementalScanMatchesFullScan checks it against a full
//     rescan.
//   - Refill: a column's empty cells, filled from the lowest up, are
//     new to each other as well as to the rows, so the stretch a refill
//     fills is a span read whole along its column too (fresh), not only
//     at its lowest cell. Only a column that lost pieces in the round is
//     refilled: one left with empty cells has a dry queue for good.
//   - clear=lowest: the scan marks every run and lists it; the round
//     keeps the marks of the runs it removes (runs.go). A run it leaves
//     standing need not pass through any change of the next round, so
//     the next round scans the whole board; so does the settle of a
//     start board, whose runs are anywhere. Otherwise the board again
//     holds no run between operations.
//   - nomove=end: the search for a swap that makes a run starts where the
//     last one found one and stops at the first; only a board without a
//     move is read whole, and the game then ends.
//   - Marks: a round marks a cell by setting flags in its own word (line
//     along a row or a column, hit by a special, visited by the block
//     search), and lists it once in marked. The fall empties every marked
//     cell, so between rounds no cell carries a flag: nothing is ever
//     cleared or stamped, and a mark costs no memory beside the board.
//   - Specials fire from a FIFO queue, each once per round. The board
//     does not change while they fire, so the first colour special of a
//     round files every piece by colour, one pass over the pieces that
//     chains each to the next of its colour; every colour special then
//     walks its colour's chain and empties it. A colour special thus
//     costs one step per piece of its colour the first time that colour
//     goes off in the round, nothing after that, and the round one pass
//     over its pieces, whatever the number and colours of its colour
//     specials. The pieces it removes then fall: in every column holding
//     its colour, everything above the lowest removed piece moves, and
//     the next round scans what moved, which on a full board of few
//     colours is most of the board.
//   - Only the columns that lost pieces fall, each only from its lowest
//     emptied cell up to its topmost piece, one copy per segment.
//
// # SameGame layout
//
// The box is one []uint8, column-major, bottom row first, so a fall is a
// compaction of a contiguous slice; it has w columns of n rows. Physical
// columns never move; cols lists the non-empty ones left to right, and a
// move's X indexes cols (less the w-len(cols) empty columns on the left
// when the rule set closes columns to the right):
//
//	              phys 0    phys 1    phys 2
//	row n-1       [ n-1 ]   [2n-1 ]   [3n-1 ]
//	 ...
//	row 1         [  1  ]   [ n+1 ]   [2n+1 ]
//	row 0         [  0  ]   [  n  ]   [ 2n  ]    i = p*n + y
//
//	cols = [0 2]   (phys 1 emptied)   X=1 -> phys 2
//
// Invariants:
//   - The cubes of physical column p fill rows 0..height[p]-1.
//   - cols holds exactly the physical columns with height > 0, in order.
//     A click with X beyond len(cols) or Y at or above the column's height
//     is on an empty cell and scores 0.
//   - The flood fill empties each cell as it pushes it, so it needs no
//     visited array; its stack, reused across moves, keeps every cell of
//     the group, so that a group below the rule set's minimum is put
//     back (a minimum of 2 is settled before the fill, by a look at the
//     four neighbours).
//   - The rule set is read once per game: its minimum, its side, and a
//     table of points per group size shared by every game of the rule
//     set. The end-of-game term is computed only when asked (End), with
//     a scan for a group of the minimum's size.
//   - Only the columns the group touched fall, each from its lowest
//     emptied row; cols is compacted only when a column emptied.
package engine
