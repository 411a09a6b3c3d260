package cubes

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/cascade-harness/cascade/input"
	"github.com/cascade-harness/cascade/internal/replay"
	"github.com/cascade-harness/cascade/reference"
	"github.com/cascade-harness/cascade/samegame"
)

// sameGameReplay is the replay page's account of c, whose reference
// trace is t: per click the cell clicked and the group it picks, the
// cubes gone, the fall, and the columns that close. The boxes between
// are the reference's own steps (Box.Group, Fall, Close); the points are
// t's.
func sameGameReplay(c *samegame.Case, t samegame.Trace) *replay.Replay {
	w, n := c.W, c.H
	rules := c.Rules.Effective()
	title, scoring := "samegame: "+c.Size(), "a group of c cubes scores c(c+1)/2"
	if !rules.IsDefault() {
		title += ", rules " + rules.Name
		scoring = "rules " + rules.String()
	}
	r := &replay.Replay{
		Title:    title,
		Step:     "move",
		Steps:    len(c.Moves),
		Rows:     n,
		Cols:     w,
		CellName: "(%c %r)",
		Legend: samegame.Legend + "; a click (X Y) is column X from the left, row Y from the bottom, both 0-based; " +
			scoring,
		Specials: []replay.Special{{}},
		Marks: []replay.Mark{
			{ID: replay.MarkClick, Name: "the cell clicked"},
			{ID: replay.MarkGroup, Name: "the group it removes"},
			{ID: replay.MarkFell, Name: "a cube that fell"},
			{ID: replay.MarkClose, Name: "an empty column that closes"},
		},
		Scores: []replay.Score{
			{ID: "step", Label: "this move's points"},
			{ID: "total", Label: "total so far"},
		},
		Total: t.Total,
	}
	for y := range n {
		r.RowLabels = append(r.RowLabels, strconv.Itoa(n-1-y))
	}
	for x := range w {
		r.ColLabels = append(r.ColLabels, strconv.Itoa(x))
	}
	r.Board = sameGameValues(c.Board)
	r.More = func(yield func(replay.Frame) bool) { sameGameFrames(c, t, r.Board, yield) }
	return r
}

// sameGameFrames makes the frames of sameGameReplay one at a time, each
// handed to yield once the next is begun, so that no more than one is
// held; start is the start board's values.
func sameGameFrames(c *samegame.Case, t samegame.Trace, start []int, yield func(replay.Frame) bool) {
	w, n := c.W, c.H
	rules := c.Rules.Effective()
	box := reference.NewBox(c)
	// Two boards of values, the one shown and the next, trade places
	// at each frame: a long game's frames make no garbage of a board
	// each.
	shown, next := slices.Clone(start), make([]int, len(start))
	var total int64
	var pending *replay.Frame
	stopped := false
	frame := func(step int, title string, board []uint8, scores ...int64) *replay.Frame {
		if pending != nil && !stopped {
			stopped = !yield(*pending)
		}
		for i, v := range board {
			next[i] = replay.Value(int(v), 0)
		}
		pending = &replay.Frame{Step: step, Title: title, Set: replay.Changes(shown, next), Scores: scores, Marks: map[string][]int{}}
		shown, next = next, shown
		return pending
	}
	first := frame(0, "start", box.Board(), 0, 0)
	if c.Square() {
		first.Text = []string{fmt.Sprintf("%s, N = %d", input.Count(int64(len(c.Moves)), "move", "moves"), n)}
	} else {
		first.Text = []string{fmt.Sprintf("%s, W = %d, H = %d", input.Count(int64(len(c.Moves)), "move", "moves"), w, n)}
	}

	cell := func(p reference.Pos) int { return (n-1-p.Y)*w + p.X }
	for i, m := range c.Moves {
		if i >= len(t.Moves) || stopped {
			break
		}
		res := t.Moves[i]
		step := i + 1
		p := box.Locate(m)
		group := box.Group(p)
		title := fmt.Sprintf("move %d %v", step, m)
		if len(group) == 0 {
			f := frame(step, title+": empty cell, 0 points", box.Board(), res.Points, total+res.Points)
			if box.Inside(p) {
				f.Marks[replay.MarkClick] = []int{cell(p)}
			}
			f.Text = []string{"a click on an empty cell removes nothing and scores 0; the game goes on"}
			total += res.Points
			continue
		}
		if len(group) < rules.Min {
			f := frame(step, fmt.Sprintf("%s: a group of %d, below the minimum of %d, 0 points", title, len(group), rules.Min),
				box.Board(), res.Points, total+res.Points)
			f.Marks[replay.MarkClick] = []int{cell(p)}
			f.Text = []string{"a click on a group smaller than the minimum removes nothing and scores 0; the game goes on"}
			total += res.Points
			continue
		}
		total += res.Points
		f := frame(step, fmt.Sprintf("%s: %s of colour %d, %s", title,
			input.Count(int64(res.Removed), "cube", "cubes"), res.Colour, input.Count(res.Points, "point", "points")),
			box.Board(), res.Points, total)
		f.Marks[replay.MarkClick] = []int{cell(p)}
		for _, q := range group {
			f.Marks[replay.MarkGroup] = append(f.Marks[replay.MarkGroup], cell(q))
		}
		if rules.IsDefault() {
			f.Text = []string{fmt.Sprintf("the group: %d cubes connected through shared sides; %d x %d / 2 = %d points",
				res.Removed, res.Removed, res.Removed+1, res.Points)}
		} else {
			f.Text = []string{fmt.Sprintf("the group: %d cubes connected through shared sides; %s at n = %d: %s",
				res.Removed, rules.Points, res.Removed, input.Count(res.Points, "point", "points"))}
		}

		for _, q := range group {
			box[q.X][q.Y] = 0
		}
		frame(step, title+": the group is removed", box.Board(), res.Points, total)
		// The board the next frame fills is this one, untouched until
		// then.
		removed := shown

		box.Fall()
		f = frame(step, title+": the cubes above fall", box.Board(), res.Points, total)
		for j, v := range shown {
			if v != 0 && v != removed[j] {
				f.Marks[replay.MarkFell] = append(f.Marks[replay.MarkFell], j)
			}
		}
		closing := closingColumns(box, rules.Close == samegame.CloseRight)
		if len(closing) == 0 {
			f.Text = []string{"no column is left empty"}
			continue
		}
		names := make([]string, len(closing))
		for k, x := range closing {
			names[k] = strconv.Itoa(x)
			for y := range n {
				f.Marks[replay.MarkClose] = append(f.Marks[replay.MarkClose], cell(reference.Pos{X: x, Y: y}))
			}
		}
		what := "column " + names[0] + " is empty and closes"
		if len(names) > 1 {
			what = "columns " + strings.Join(names, ", ") + " are empty and close"
		}
		f.Text = []string{what}
		if rules.Close == samegame.CloseRight {
			box.CloseRight()
			f = frame(step, title+": the empty columns close", box.Board(), res.Points, total)
			f.Text = []string{"the columns to the left of an empty column shift right to close the gap"}
			continue
		}
		box.Close()
		f = frame(step, title+": the empty columns close", box.Board(), res.Points, total)
		f.Text = []string{"the columns to the right of an empty column shift left to close the gap"}
	}
	end := frame(len(c.Moves)+1, fmt.Sprintf("end: total %d", t.Total), box.Board(), 0, t.Total)
	end.Text = []string{fmt.Sprintf("the total is the sum of the moves' points: %d", t.Total)}
	if t.End != 0 {
		end.Text = []string{fmt.Sprintf("the total is the sum of the moves' points, %d, and the end of the game, %+d: %d", t.Total-t.End, t.End, t.Total)}
	}
	if e := samegame.EndReason(c, t); e != "" {
		end.Text = append([]string{fmt.Sprintf("end of the game %+d: %s", t.End, e)}, end.Text...)
	}
	if !stopped {
		yield(*end)
	}
}

// closingColumns are the columns of b that are empty with a cube to
// their right, those Close removes, or with one to their left when
// columns close right.
func closingColumns(b reference.Box, right bool) []int {
	var cols []int
	first, last := len(b), -1
	for x, col := range b {
		for _, v := range col {
			if v != 0 {
				first, last = min(first, x), x
				break
			}
		}
	}
	lo := 0
	if right {
		lo, last = first+1, len(b)
	}
	for x := lo; x < last; x++ {
		empty := true
		for _, v := range b[x] {
			empty = empty && v == 0
		}
		if empty {
			cols = append(cols, x)
		}
	}
	return cols
}

// sameGameValues are a box's cells as the replay page's values.
func sameGameValues(board []uint8) []int {
	v := make([]int, len(board))
	for i, c := range board {
		v[i] = replay.Value(int(c), 0)
	}
	return v
}
