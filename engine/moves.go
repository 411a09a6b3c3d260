// moves.go answers whether a swap that makes a run is left, which
// nomove=end asks after the settle and after every valid move.

package engine

import "github.com/cascade-harness/cascade/match3"

// checkMoves ends the game under nomove=end when no swap would make a
// run.
func (g *Match3) checkMoves() {
	if g.set.NoMove == match3.NoMoveEnd && !g.movable() {
		g.over = true
	}
}

// movable reports whether swapping some piece with its right or lower
// neighbour makes a run. The search starts where the last one found a
// swap, which a move seldom spoils, and stops at the first it finds, so
// that on a board with moves left it costs a handful of cells; only the
// board without one is read whole, once, since the game then ends.
func (g *Match3) movable() bool {
	n := len(g.board)
	for k := range n {
		i := g.hint + k
		if i >= n {
			i -= n
		}
		if g.board[i] == 0 {
			continue
		}
		if j := i + g.rows; j < n && g.swapMakesRun(i, j) || (i+1)%g.rows != 0 && g.swapMakesRun(i, i+1) {
			g.hint = i
			return true
		}
	}
	return false
}

// swapMakesRun reports whether exchanging the pieces of cells i and j
// makes a run through one of them, leaving the board as it was. The
// board holds no run, so two pieces of one colour make none.
func (g *Match3) swapMakesRun(i, j int) bool {
	p, q := g.board[i], g.board[j]
	if p == 0 || q == 0 || colourOf(p) == colourOf(q) {
		return false
	}
	g.board[i], g.board[j] = q, p
	run := g.inRun(i) || g.inRun(j)
	g.board[i], g.board[j] = p, q
	return run
}

// inRun reports whether the piece of cell i lies in a line of three or
// more along its row or its column.
func (g *Match3) inRun(i int) bool {
	p, rows, n := colourOf(g.board[i]), g.rows, len(g.board)
	same := 1
	for j := i - rows; j >= 0 && colourOf(g.board[j]) == p; j -= rows {
		same++
	}
	for j := i + rows; j < n && colourOf(g.board[j]) == p; j += rows {
		same++
	}
	if same >= 3 {
		return true
	}
	first := i - i%rows
	same = 1
	for j := i - 1; j >= first && colourOf(g.board[j]) == p; j-- {
		same++
	}
	for j := i + 1; j < first+rows && colourOf(g.board[j]) == p; j++ {
		same++
	}
	return same >= 3
}
