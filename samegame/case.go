package samegame

import "fmt"

// Colours is the largest colour; colours are 1..Colours, and 0 is an empty
// cell.
const Colours = 9

// Case is a start position, the clicks played on it, and the rule set they
// are played under.
type Case struct {
	// Rules is the rule set; the zero value is codeabbey.
	Rules Rules
	// W is the number of columns of the box, H the number of rows.
	W, H int
	// Board holds the cubes row-major, top row first: the cube in row r
	// (0 = top) and column c (0 = left) is Board[r*W+c]. Every cell holds
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
func (c *Case) At(x, y int) uint8 { return c.Board[(c.H-1-y)*c.W+x] }

// Square reports whether the box is square, the shape the N header writes.
func (c *Case) Square() bool { return c.W == c.H }

// Clone returns a deep copy of c.
func (c *Case) Clone() *Case {
	return &Case{
		Rules: c.Rules,
		W:     c.W,
		H:     c.H,
		Board: append([]uint8(nil), c.Board...),
		Moves: append([]Move(nil), c.Moves...),
	}
}

// Validate reports the first structural problem of a case built in code;
// Parse never returns a case that fails it.
func (c *Case) Validate() error {
	if c.W < 1 || c.H < 1 {
		return fmt.Errorf("box %d x %d, want both sides at least 1", c.W, c.H)
	}
	// Compare without forming W*H, which may overflow.
	if len(c.Board)/c.W != c.H || len(c.Board)%c.W != 0 {
		return fmt.Errorf("board has %d cells, want %d x %d", len(c.Board), c.W, c.H)
	}
	for i, v := range c.Board {
		if v < 1 || v > Colours {
			return fmt.Errorf("row %d column %d: colour %d outside 1..%d", i/c.W, i%c.W, v, Colours)
		}
	}
	for i, m := range c.Moves {
		if m.X < 0 || m.X >= c.W || m.Y < 0 || m.Y >= c.H {
			return fmt.Errorf("move %d %v: coordinate outside the %d x %d box", i+1, m, c.W, c.H)
		}
	}
	if r := c.Rules; r.Name != "" && r.Min < 1 {
		return fmt.Errorf("rules %s: min %d, want at least 1", r.Name, r.Min)
	}
	return nil
}

// Points is the score of removing a group of c cubes under codeabbey:
// c(c+1)/2.
func Points(c int) int64 { return int64(c) * int64(c+1) / 2 }
