package match3

import "fmt"

// Limits a judge guarantees (the statement's constraints). The tool
// accepts larger inputs; Case.InLimits reports whether one stays inside.
const (
	MaxSide    = 50
	MaxColours = 100
	MaxOps     = 1000
)

// MaxK is the largest number of colours the tool accepts, far above the
// statement's 100. It keeps every score exact in 64 bits on any board of up
// to 10^6 cells: each piece is eliminated once, in a round numbered at most
// cells/3, so the elimination total is below MaxK * cells * cells/3
// = 2^20 * 10^6 * 3.4*10^5 < 3.6*10^17, and combination and chain scores
// are bounded by 50*cells^2 and 80*(cells/3)^2.
const MaxK = 1 << 20

// Special is the special property of a piece.
type Special uint8

// The specials; each marks an area when its piece is eliminated.
const (
	Plain   Special = iota // no special property
	Row                    // its whole row
	Column                 // its whole column
	Cross                  // its row and its column
	Square3                // the 3x3 square centred on it, clipped at the edges
	Square5                // the 5x5 square centred on it, clipped at the edges
	Colour                 // every piece of its own colour
)

var specialNames = [...]string{"plain", "row", "column", "cross", "3x3", "5x5", "colour"}

func (s Special) String() string {
	if int(s) < len(specialNames) {
		return specialNames[s]
	}
	return fmt.Sprintf("special(%d)", uint8(s))
}

// Piece is what a cell holds. Colour 0 is an empty cell.
type Piece struct {
	Colour  int
	Special Special
}

// Empty reports whether the cell holds no piece.
func (p Piece) Empty() bool { return p.Colour == 0 }

// Cell is a position: X the row from the top, Y the column from the left,
// both 1-based.
type Cell struct {
	X, Y int
}

func (c Cell) String() string { return fmt.Sprintf("(%d, %d)", c.X, c.Y) }

// Swap is one operation: exchange the pieces at A and B.
type Swap struct {
	A, B Cell
}

func (s Swap) String() string { return fmt.Sprintf("%d %d %d %d", s.A.X, s.A.Y, s.B.X, s.B.Y) }

// Case is a start position, the operations played on it, and the rule
// set they are played under.
type Case struct {
	// Rules is the rule set; the zero value is thupc, the statement's.
	Rules Rules
	// Rows (n), Cols (m) and Colours (k) of the statement.
	Rows, Cols, Colours int
	// Board holds the pieces row-major, top row first: cell (x, y) is
	// Board[(x-1)*Cols+(y-1)]. Every cell holds a piece of colour 1..k.
	Board []Piece
	// Queues holds, under refill=queue, one queue per column: Queues[y-1]
	// are the pieces that refill column y, the next first. Each piece
	// has a colour 1..k. nil under refill=none.
	Queues [][]Piece
	// Ops are the swaps, in order.
	Ops []Swap
}

// Index returns the position of cell in Board.
func (c *Case) Index(cell Cell) int { return (cell.X-1)*c.Cols + cell.Y - 1 }

// Inside reports whether cell lies on the board.
func (c *Case) Inside(cell Cell) bool {
	return cell.X >= 1 && cell.X <= c.Rows && cell.Y >= 1 && cell.Y <= c.Cols
}

// Clone returns a deep copy of c.
func (c *Case) Clone() *Case {
	d := *c
	d.Board = append([]Piece(nil), c.Board...)
	d.Ops = append([]Swap(nil), c.Ops...)
	if c.Queues != nil {
		d.Queues = make([][]Piece, len(c.Queues))
		for y, q := range c.Queues {
			d.Queues[y] = append([]Piece(nil), q...)
		}
	}
	return &d
}

// Validate reports the first problem of a case built in code; Parse never
// returns a case that fails it.
func (c *Case) Validate() error {
	if c.Rows < 1 || c.Cols < 1 || c.Colours < 1 {
		return fmt.Errorf("board %dx%d with %d colours, want each at least 1", c.Rows, c.Cols, c.Colours)
	}
	if c.Colours > MaxK {
		return fmt.Errorf("%d colours, more than the %d cascade supports", c.Colours, MaxK)
	}
	// Compare without forming Rows*Cols, which may overflow.
	if len(c.Board)/c.Cols != c.Rows || len(c.Board)%c.Cols != 0 {
		return fmt.Errorf("board has %d cells, want %d x %d", len(c.Board), c.Rows, c.Cols)
	}
	for i, p := range c.Board {
		cell := Cell{i/c.Cols + 1, i%c.Cols + 1}
		if p.Colour < 1 || p.Colour > c.Colours {
			return fmt.Errorf("cell %v: colour %d outside 1..%d", cell, p.Colour, c.Colours)
		}
		if p.Special > Colour {
			return fmt.Errorf("cell %v: special %d outside 0..6", cell, p.Special)
		}
	}
	if err := c.Rules.Validate(); err != nil {
		return err
	}
	rules := c.Rules.Effective()
	if run, ok := c.FindRun(); ok && rules.Start == StartReject {
		return fmt.Errorf("initial board holds a run of three at %v", run)
	}
	switch {
	case rules.Swaps == SwapsNone && len(c.Ops) > 0:
		return fmt.Errorf("%d operations under swaps=none, want 0", len(c.Ops))
	case rules.Refill == RefillNone && c.Queues != nil:
		return fmt.Errorf("queues given under refill=none")
	case rules.Refill == RefillQueue && len(c.Queues) != c.Cols:
		return fmt.Errorf("%d queues, want one per column, %d", len(c.Queues), c.Cols)
	}
	for y, q := range c.Queues {
		for i, p := range q {
			if p.Colour < 1 || p.Colour > c.Colours {
				return fmt.Errorf("queue of column %d, piece %d: colour %d outside 1..%d", y+1, i+1, p.Colour, c.Colours)
			}
			if p.Special > Colour {
				return fmt.Errorf("queue of column %d, piece %d: special %d outside 0..6", y+1, i+1, p.Special)
			}
		}
	}
	for i, s := range c.Ops {
		if !c.Inside(s.A) || !c.Inside(s.B) {
			return fmt.Errorf("operation %d (%v): cell outside the %dx%d board", i+1, s, c.Rows, c.Cols)
		}
	}
	return nil
}

// FindRun returns the first cell (in reading order) that starts a
// horizontal or vertical run of three on the start position.
func (c *Case) FindRun() (Cell, bool) {
	at := func(x, y int) int { return c.Board[x*c.Cols+y].Colour }
	for x := range c.Rows {
		for y := range c.Cols {
			v := at(x, y)
			if y+2 < c.Cols && at(x, y+1) == v && at(x, y+2) == v {
				return Cell{x + 1, y + 1}, true
			}
			if x+2 < c.Rows && at(x+1, y) == v && at(x+2, y) == v {
				return Cell{x + 1, y + 1}, true
			}
		}
	}
	return Cell{}, false
}

// InLimits reports whether c stays inside the statement's limits
// (2 <= n, m <= 50, n+m > 4, 2 <= k <= 100, 1 <= q <= 1000), and if not,
// which limit it passes.
func (c *Case) InLimits() (ok bool, why string) {
	switch {
	case c.Rows < 2 || c.Rows > MaxSide:
		return false, fmt.Sprintf("n = %d outside 2..%d", c.Rows, MaxSide)
	case c.Cols < 2 || c.Cols > MaxSide:
		return false, fmt.Sprintf("m = %d outside 2..%d", c.Cols, MaxSide)
	case c.Rows+c.Cols <= 4:
		return false, fmt.Sprintf("n + m = %d, want more than 4", c.Rows+c.Cols)
	case c.Colours < 2 || c.Colours > MaxColours:
		return false, fmt.Sprintf("k = %d outside 2..%d", c.Colours, MaxColours)
	case len(c.Ops) < 1 || len(c.Ops) > MaxOps:
		return false, fmt.Sprintf("q = %d outside 1..%d", len(c.Ops), MaxOps)
	}
	return true, ""
}
