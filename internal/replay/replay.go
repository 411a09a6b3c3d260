// Package replay writes the replay page of a game: one self-contained
// HTML file (CSS, script and data inline, nothing fetched) that replays a
// case step by step in a browser, as cascade trace --html and
// cascade check --emit write it.
//
// The page knows no game. A game describes its play as a Replay: a board
// of cells, frames that change cells and mark some of them, the scores
// after each frame, and, for each frame, a title, lines of text and at
// times a table. conformance.Game.Replay makes one from the reference's
// trace of a case; the page draws it.
//
// A cell holds a value: 0 for an empty cell, else colour*8 + special,
// with special 0 for none and at most 7. Boards are sent once, at the
// start, and each frame sets only the cells it changes, so that a page
// of a thousand operations on a 50x50 board stays a few megabytes.
package replay

import "fmt"

// Value is the value of a cell of colour colour (0: empty) and special
// special (0: none).
func Value(colour, special int) int {
	if colour == 0 {
		return 0
	}
	return colour*8 + special
}

// Replay is a game played step by step.
type Replay struct {
	// Title names the case: "match3: 8x8, k=5, q=5".
	Title string `json:"title"`
	// Step is what one move is called: "operation", "move".
	Step string `json:"step"`
	// Steps is the number of moves.
	Steps int `json:"steps"`
	// Rows and Cols are the board's size; Board holds the start, row
	// by row, top row first (see Value).
	Rows  int   `json:"rows"`
	Cols  int   `json:"cols"`
	Board []int `json:"board"`
	// RowLabels and ColLabels label the rows (top first) and the
	// columns (left first) as the game counts them; CellName names a
	// cell, %r and %c replaced by its labels: "(%r, %c)".
	RowLabels []string `json:"rowLabels"`
	ColLabels []string `json:"colLabels"`
	CellName  string   `json:"cellName"`
	// Legend is the notation of the cells, in one line.
	Legend string `json:"legend"`
	// Specials[s] is how special s is drawn and named; Specials[0] is
	// no special.
	Specials []Special `json:"specials"`
	// Marks are the kinds of marks the frames use, in the order the
	// legend lists them.
	Marks []Mark `json:"marks"`
	// Scores name the scores each frame holds, in order.
	Scores []Score `json:"scores"`
	// Palette is the colour of each colour number a board holds, as CSS
	// writes it, with the colour of text on it.
	Palette map[int]Swatch `json:"palette,omitempty"`
	// Frames are the steps of the replay: the start first, the end last.
	Frames []Frame `json:"frames,omitempty"`
	// More, when not nil, makes the frames that follow Frames, one at a
	// time, as Write writes them: a long game's page is written without
	// holding its frames.
	More func(yield func(Frame) bool) `json:"-"`
	// Total is the final score.
	Total int64 `json:"total"`
	// Divergence, when not nil, is where a program under check parts
	// from the reference, which played this replay.
	Divergence *Divergence `json:"divergence,omitempty"`
}

// Special is how a special is drawn: a glyph in the cell's corner, and
// its name.
type Special struct {
	Glyph string `json:"glyph"`
	Name  string `json:"name"`
}

// Mark is a kind of mark on cells: ID names its style on the page (one
// of line, hit, triggered, swap, group, click, fell, close), Name says
// what it marks.
type Mark struct {
	ID   string `json:"id"`
	Name string `json:"name"`
}

// The marks the page draws, each its own way so that a cell may carry
// several.
const (
	MarkLine      = "line"
	MarkHit       = "hit"
	MarkTriggered = "triggered"
	MarkSwap      = "swap"
	MarkGroup     = "group"
	MarkClick     = "click"
	MarkFell      = "fell"
	MarkClose     = "close"
)

// Score names one score of the scoreboard: ID is the element's id on the
// page, score-ID.
type Score struct {
	ID    string `json:"id"`
	Label string `json:"label"`
}

// Swatch is a colour as CSS writes it, and the colour of text on it.
type Swatch struct {
	Fill string `json:"fill"`
	Ink  string `json:"ink"`
}

// Frame is one step of the replay.
type Frame struct {
	// Step is the move the frame belongs to: 0 the start, 1..Steps a
	// move, Steps+1 the end.
	Step  int      `json:"step"`
	Title string   `json:"title"`
	Text  []string `json:"text,omitempty"`
	// Set lists the cells the frame changes, before it is shown, as
	// pairs: cell index (row*Cols + column), value.
	Set []int `json:"set,omitempty"`
	// Marks are the cells marked, by Mark.ID.
	Marks map[string][]int `json:"marks,omitempty"`
	// Scores are the values of Replay.Scores after the frame.
	Scores []int64 `json:"scores"`
	// Table, when not nil, is shown with the frame: a poker hand.
	Table *Table `json:"table,omitempty"`
}

// Table is a small table of chips: a hand and the colours it chose from.
type Table struct {
	Caption string     `json:"caption"`
	Head    []string   `json:"head"`
	Rows    [][][]Chip `json:"rows"`
}

// Chip is one entry of a table cell: text, drawn on colour Colour when
// it is not 0, ringed when Chosen.
type Chip struct {
	Text   string `json:"t"`
	Colour int    `json:"c,omitempty"`
	Chosen bool   `json:"x,omitempty"`
}

// Divergence is where a program under check parts from the reference.
type Divergence struct {
	// Step is the first diverging move, 1-based; 0 when the case
	// without moves already diverges, -1 when it is not known.
	Step int `json:"step"`
	// Headline says what was found: "wrong answer on built-in case
	// samegame-example".
	Headline string `json:"headline"`
	// Program names the program checked.
	Program string `json:"program"`
	// Answers are the program's answers beside the reference's.
	Answers []Answer `json:"answers"`
}

// Answer is one answer of the program beside the reference's: What says
// on what it was asked.
type Answer struct {
	What      string `json:"what"`
	Program   string `json:"program"`
	Reference string `json:"reference"`
}

// Cell is the index of the cell in row row and column col, both 0-based
// from the top left, as Frame.Set and Frame.Marks name it.
func (r *Replay) Cell(row, col int) int { return row*r.Cols + col }

// Changes lists the cells whose value differs from prev in next, as
// Frame.Set does: index, new value.
func Changes(prev, next []int) []int {
	var set []int
	for i := range next {
		if prev[i] != next[i] {
			set = append(set, i, next[i])
		}
	}
	return set
}

// Collect makes the frames of More and appends them to Frames, so that
// r holds all its frames; More is then nil.
func (r *Replay) Collect() {
	if r.More == nil {
		return
	}
	for f := range r.More {
		r.Frames = append(r.Frames, f)
	}
	r.More = nil
}

// Check collects r's frames (Collect) and reports the first way r is
// malformed: a frame that sets or marks
// a cell outside the board, a value that is no cell, scores that do not
// match Scores. The page trusts its data; Check is for tests.
func (r *Replay) Check() error {
	r.Collect()
	cells := r.Rows * r.Cols
	if len(r.Board) != cells {
		return fmt.Errorf("board has %d cells, want %d x %d", len(r.Board), r.Rows, r.Cols)
	}
	if len(r.RowLabels) != r.Rows || len(r.ColLabels) != r.Cols {
		return fmt.Errorf("%d row and %d column labels, want %d and %d", len(r.RowLabels), len(r.ColLabels), r.Rows, r.Cols)
	}
	if len(r.Frames) == 0 {
		return fmt.Errorf("no frames")
	}
	marks := map[string]bool{}
	for _, m := range r.Marks {
		marks[m.ID] = true
	}
	last := 0
	for i, f := range r.Frames {
		if f.Step < last || f.Step > r.Steps+1 {
			return fmt.Errorf("frame %d: step %d after step %d, of %d", i, f.Step, last, r.Steps)
		}
		last = f.Step
		if len(f.Set)%2 != 0 {
			return fmt.Errorf("frame %d: set holds %d numbers, want pairs", i, len(f.Set))
		}
		for j := 0; j < len(f.Set); j += 2 {
			if f.Set[j] < 0 || f.Set[j] >= cells || f.Set[j+1] < 0 {
				return fmt.Errorf("frame %d: sets cell %d to %d", i, f.Set[j], f.Set[j+1])
			}
		}
		for id, cs := range f.Marks {
			if !marks[id] {
				return fmt.Errorf("frame %d: mark %q not in Marks", i, id)
			}
			for _, c := range cs {
				if c < 0 || c >= cells {
					return fmt.Errorf("frame %d: mark %q on cell %d", i, id, c)
				}
			}
		}
		if len(f.Scores) != len(r.Scores) {
			return fmt.Errorf("frame %d: %d scores, want %d", i, len(f.Scores), len(r.Scores))
		}
	}
	return nil
}
