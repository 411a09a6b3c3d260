package gems

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/cascade-harness/cascade/input"
	"github.com/cascade-harness/cascade/internal/replay"
	"github.com/cascade-harness/cascade/match3"
	"github.com/cascade-harness/cascade/reference"
)

// match3Specials are the specials as the replay page draws them.
var match3Specials = []replay.Special{
	{},
	{Glyph: "\u2194", Name: "row"},
	{Glyph: "\u2195", Name: "column"},
	{Glyph: "\u271a", Name: "row and column"},
	{Glyph: "\u25a3", Name: "3x3 square"},
	{Glyph: "\u25a6", Name: "5x5 square"},
	{Glyph: "\u2605", Name: "every piece of its colour"},
}

// match3Replay is the replay page's account of c, whose reference trace
// is t (Detail with the rounds): per operation the swap, then per round the line
// cells, the cells hit by specials and the specials triggered, the
// pieces gone, and the fall; the round's elimination and combination,
// the operation's chain; the hand after every fifth valid operation; the
// endgame bonuses. The boards between are the reference's own steps
// (Grid.Exchange, Fall) on t's marked cells; the scores are t's.
func match3Replay(c *match3.Case, t match3.Trace) *replay.Replay {
	r := &replay.Replay{
		Title:    "match3: " + c.Size(),
		Step:     "operation",
		Steps:    len(c.Ops),
		Rows:     c.Rows,
		Cols:     c.Cols,
		CellName: "(%r, %c)",
		Legend:   match3.Legend + "; a cell (x, y) is row x from the top, column y from the left, both 1-based",
		Specials: match3Specials,
		Marks: []replay.Mark{
			{ID: replay.MarkSwap, Name: "swapped"},
			{ID: replay.MarkLine, Name: "line cell: in a run of three or more"},
			{ID: replay.MarkHit, Name: "hit by a special only"},
			{ID: replay.MarkTriggered, Name: "special that went off"},
			{ID: replay.MarkFell, Name: "fell"},
		},
		Scores: []replay.Score{
			{ID: "step", Label: "this operation: elimination + combination + chain"},
			{ID: "running", Label: "running: the operations' scores so far, without hands and bonuses"},
			{ID: "total", Label: "total so far: running + hands, + bonuses at the end"},
		},
		Total: t.Total,
	}
	for x := range c.Rows {
		r.RowLabels = append(r.RowLabels, strconv.Itoa(x+1))
	}
	for y := range c.Cols {
		r.ColLabels = append(r.ColLabels, strconv.Itoa(y+1))
	}
	r.Board = match3Values(c.Board)
	r.More = func(yield func(replay.Frame) bool) { match3Frames(c, t, r.Board, yield) }
	return r
}

// match3Frames makes the frames of match3Replay one at a time, each
// handed to yield once the next is begun, so that no more than one is
// held; start is the start board's values.
func match3Frames(c *match3.Case, t match3.Trace, start []int, yield func(replay.Frame) bool) {
	grid := reference.NewGrid(c)
	// Two boards of values, the one shown and the next, trade places
	// at each frame: a long game's frames make no garbage of a board
	// each.
	shown, next := slices.Clone(start), make([]int, len(start))
	var op, running, total int64
	var pending *replay.Frame
	stopped := false
	frame := func(step int, title string, text ...string) *replay.Frame {
		if pending != nil && !stopped {
			stopped = !yield(*pending)
		}
		for x, row := range grid {
			for y, p := range row {
				next[x*c.Cols+y] = replay.Value(p.Colour, int(p.Special))
			}
		}
		pending = &replay.Frame{
			Step: step, Title: title, Text: text, Set: replay.Changes(shown, next),
			Scores: []int64{op, running, total}, Marks: map[string][]int{},
		}
		shown, next = next, shown
		return pending
	}
	cell := func(cl match3.Cell) int { return (cl.X-1)*c.Cols + cl.Y - 1 }
	mark := func(f *replay.Frame, id string, cells ...match3.Cell) {
		for _, cl := range cells {
			if grid.Inside(cl) {
				f.Marks[id] = append(f.Marks[id], cell(cl))
			}
		}
	}

	frame(0, "start", fmt.Sprintf("%s, %s", input.Count(int64(len(c.Ops)), "operation", "operations"), input.Count(int64(c.Colours), "colour", "colours")))
	var valid []int // the valid operations so far, 0-based
	for i, s := range c.Ops {
		if i >= len(t.Ops) || stopped {
			break
		}
		res := t.Ops[i]
		step := i + 1
		title := fmt.Sprintf("operation %d: %s", step, s.Text())
		op = 0
		if res.Validity != match3.Valid {
			f := frame(step, title+": invalid: "+res.Validity.String(),
				"an invalid operation changes nothing, scores 0, is left out of the hands, and costs the all-valid bonus")
			mark(f, replay.MarkSwap, s.A, s.B)
			continue
		}
		valid = append(valid, i)
		f := frame(step, title+": the swap", fmt.Sprintf("valid: %s follow; %s", input.Count(int64(res.Rounds), "round", "rounds"), mainColourText(res.Main)))
		mark(f, replay.MarkSwap, s.A, s.B)
		grid.Exchange(s.A, s.B)
		f = frame(step, title+": swapped")
		mark(f, replay.MarkSwap, s.A, s.B)

		var rounds []match3.Round
		if i < len(t.Detail) {
			rounds = t.Detail[i].Rounds
		}
		for j, rd := range rounds {
			n := j + 1
			op += rd.Elimination + rd.Combination
			running += rd.Elimination + rd.Combination
			total += rd.Elimination + rd.Combination
			blocks := make([]string, len(rd.Blocks))
			for k, b := range rd.Blocks {
				blocks[k] = strconv.Itoa(b)
			}
			f := frame(step, fmt.Sprintf("%s: round %d of %d: marked", title, n, len(rounds)),
				"line cells: "+cellsText(rd.Line),
				"hit by specials: "+cellsText(rd.Hit),
				"specials triggered, in turn: "+cellsText(rd.Triggered),
				fmt.Sprintf("blocks of line cells: %s; combination %d", orNone(strings.Join(blocks, " ")), rd.Combination),
				fmt.Sprintf("elimination: round %d x %d = %d", n, rd.Elimination/int64(n), rd.Elimination))
			mark(f, replay.MarkLine, rd.Line...)
			mark(f, replay.MarkHit, rd.Hit...)
			mark(f, replay.MarkTriggered, rd.Triggered...)

			for _, cl := range rd.Line {
				grid.Set(cl, match3.Piece{})
			}
			for _, cl := range rd.Hit {
				grid.Set(cl, match3.Piece{})
			}
			frame(step, fmt.Sprintf("%s: round %d of %d: removed", title, n, len(rounds)))
			// The board the next frame fills is this one, untouched until
			// then.
			removed := shown

			grid.Fall()
			text := []string{"the pieces above each hole fall, specials with them; columns never close"}
			if n == len(rounds) {
				op += res.Chain
				running += res.Chain
				total += res.Chain
				text = append(text, fmt.Sprintf("no run is left: %s, chain 80 x (%d - 1)^2 = %d", input.Count(int64(n), "round", "rounds"), n, res.Chain),
					fmt.Sprintf("score %d = elimination %d + combination %d + chain %d", res.Score(), res.Elimination, res.Combination, res.Chain))
			}
			f = frame(step, fmt.Sprintf("%s: round %d of %d: fallen", title, n, len(rounds)), text...)
			for k, v := range shown {
				if v != 0 && v != removed[k] {
					f.Marks[replay.MarkFell] = append(f.Marks[replay.MarkFell], k)
				}
			}
		}
		if h := res.Hand; h.Kind != match3.NoHand {
			total += h.Score
			f := frame(step, fmt.Sprintf("%s: hand after %d valid operations: %v, %s", title, len(valid), h.Kind, input.Count(h.Score, "point", "points")),
				"each of the five valid operations gives one of its main colours as a card; where it has two, the choice that scores most is taken")
			f.Table = handTable(t, valid[len(valid)-5:], h)
		}
	}
	op = 0
	total = t.Total
	bonus := func(earned bool, points int) string {
		if earned {
			return fmt.Sprintf("yes, +%d", points)
		}
		return "no, +0"
	}
	end := frame(len(c.Ops)+1, fmt.Sprintf("end: total %d", t.Total),
		"all operations valid: "+bonus(t.AllValid, match3.AllValidBonus),
		"board cleared: "+bonus(t.Cleared, match3.ClearedBonus),
		fmt.Sprintf("total %d = operations %d + hands %d + bonuses %d", t.Total, running, t.Total-running-t.Bonus, t.Bonus))
	if !stopped {
		yield(*end)
	}
}

// handTable is the hand h scored after the valid operations ops
// (0-based) of t: each one's main colours, the card chosen ringed.
func handTable(t match3.Trace, ops []int, h match3.Hand) *replay.Table {
	tb := &replay.Table{
		Caption: fmt.Sprintf("%v: %s", h.Kind, input.Count(h.Score, "point", "points")),
		Head:    []string{"operation", "main colours", "card"},
	}
	for k, i := range ops {
		card := h.Cards[k]
		var mains []replay.Chip
		for _, m := range t.Ops[i].Main {
			if m != 0 {
				mains = append(mains, replay.Chip{Text: strconv.Itoa(m), Colour: m, Chosen: m == card})
			}
		}
		tb.Rows = append(tb.Rows, [][]replay.Chip{
			{{Text: strconv.Itoa(i + 1)}},
			mains,
			{{Text: strconv.Itoa(card), Colour: card}},
		})
	}
	return tb
}

func mainColourText(m [2]int) string {
	if m[1] == 0 {
		return fmt.Sprintf("main colour %d", m[0])
	}
	return fmt.Sprintf("main colours %d and %d", m[0], m[1])
}

func cellsText(cs []match3.Cell) string {
	s := make([]string, len(cs))
	for i, c := range cs {
		s[i] = c.String()
	}
	return orNone(strings.Join(s, " "))
}

func orNone(s string) string {
	if s == "" {
		return "none"
	}
	return s
}

// match3Values are a board's cells as the replay page's values.
func match3Values(board []match3.Piece) []int {
	v := make([]int, len(board))
	for i, p := range board {
		v[i] = replay.Value(p.Colour, int(p.Special))
	}
	return v
}
