package samegame

import "fmt"

// Colours is the largest colour; colours are 1..Colours, and 0 is an empty
// cell.
const Colours = 9

// Case is a start position and the clicks played on it.
type Case struct {
	// N is the side of the square box.
	N int
	// Board holds the cubes row-major, top row first: the cube in row r
	// (0 = top) and column c (0 = left) is Board[r*N+c]. Every cell holds
	// a colour 1..9.
	Board []uint8
	// Moves are the clicks, in order.
	Moves []Move
}

// Move is one click: X is the column from the left of the box as it stands
// now, Y the row from the bottom, both 0-based.
type Move struct {
	X, Y int
}

func (m Move) String() string { return fmt.Sprintf("(%d %d)", m.X, m.Y) }

// At returns the colour at column x from the left and row y from the bottom
// of the start position.
func (c *Case) At(x, y int) uint8 { return c.Board[(c.N-1-y)*c.N+x] }

// Clone returns a deep copy of c.
func (c *Case) Clone() *Case {
	return &Case{
		N:     c.N,
		Board: append([]uint8(nil), c.Board...),
		Moves: append([]Move(nil), c.Moves...),
	}
}

// Validate reports the first structural problem of a case built in code;
// Parse never returns a case that fails it.
func (c *Case) Validate() error {
	if c.N < 1 {
		return fmt.Errorf("box side %d, want at least 1", c.N)
	}
	// Compare without forming N*N, which may overflow.
	if len(c.Board)/c.N != c.N || len(c.Board)%c.N != 0 {
		return fmt.Errorf("board has %d cells, want %d x %d", len(c.Board), c.N, c.N)
	}
	for i, v := range c.Board {
		if v < 1 || v > Colours {
			return fmt.Errorf("row %d column %d: colour %d outside 1..%d", i/c.N, i%c.N, v, Colours)
		}
	}
	for i, m := range c.Moves {
		if m.X < 0 || m.X >= c.N || m.Y < 0 || m.Y >= c.N {
			return fmt.Errorf("move %d %v: coordinate outside 0..%d", i+1, m, c.N-1)
		}
	}
	return nil
}

// Points is the score of removing a group of c cubes: c(c+1)/2.
func Points(c int) int64 { return int64(c) * int64(c+1) / 2 }
