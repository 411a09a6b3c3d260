package replay

import (
	"bufio"
	_ "embed"
	"encoding/json"
	"fmt"
	"html"
	"io"
	"strings"

	"github.com/cascade-harness/cascade/internal/paint"
)

// The page is one file with its style, script and data inline: the page
// must open from a file, offline, and be mailed or attached as one file.
// page.html holds four holes, {{.Title}}, {{.CSS}}, {{.JS}} and
// {{.Data}}; Write fills them itself rather than through html/template,
// whose initialisation alone costs every run of cascade, even one that
// writes no page, about a quarter of a millisecond.
var (
	//go:embed page.html
	pageHTML string
	//go:embed page.css
	pageCSS string
	//go:embed page.js
	pageJS string
)

// MaxCells bounds the board a page draws, one element per cell: 512 x 512
// (a 200 x 200 board is 40000 cells). Past it a browser takes seconds
// per step, and the text trace serves better.
const MaxCells = 1 << 18

// Fits reports, as an error, a board of rows x cols cells that a page
// does not draw: more than MaxCells. A caller asks before it plays a
// case for its page, which on such a board takes long for nothing.
func Fits(rows, cols int) error {
	if rows < 0 || cols < 0 || rows > 0 && cols > MaxCells/rows {
		return fmt.Errorf("the board has %d x %d cells, more than a replay page draws (%d)", rows, cols, MaxCells)
	}
	return nil
}

// MaxSteps bounds the moves a page replays: each frame takes some 190
// bytes of the page, so a 1 x 1 box clicked 5,000,000 times made a page
// of 938 MB that no browser opens. 2^18 moves make a page of some 50 MB.
const MaxSteps = 1 << 18

// FitsSteps reports, as an error, a case of steps moves that a page does
// not replay: more than MaxSteps.
func FitsSteps(steps int) error {
	if steps > MaxSteps {
		return fmt.Errorf("the case has %d moves, more than a replay page holds (%d)", steps, MaxSteps)
	}
	return nil
}

// Write writes the replay page of r to w, the frames of More as they
// are made. It fills r.Palette with the colours r's board and frames
// hold. The board must have at most MaxCells cells (Fits), and the case
// at most MaxSteps moves (FitsSteps).
func Write(w io.Writer, r *Replay) error {
	if err := Fits(r.Rows, r.Cols); err != nil {
		return err
	}
	if err := FitsSteps(r.Steps); err != nil {
		return err
	}
	bw := bufio.NewWriter(w)
	rest := pageHTML
	for {
		before, after, ok := strings.Cut(rest, "{{.")
		bw.WriteString(before)
		if !ok {
			break
		}
		name, after, ok := strings.Cut(after, "}}")
		if !ok {
			return fmt.Errorf("replay page: an unclosed hole after %q", before[max(0, len(before)-20):])
		}
		switch name {
		case "Title":
			bw.WriteString(html.EscapeString(r.Title))
		case "CSS":
			bw.WriteString(pageCSS)
		case "JS":
			bw.WriteString(pageJS)
		case "Data":
			if err := writeData(bw, r); err != nil {
				return err
			}
		default:
			return fmt.Errorf("replay page: an unknown hole {{.%s}}", name)
		}
		rest = after
	}
	return bw.Flush()
}

// writeData writes r as JSON, its frames one at a time and its palette
// after them, once the frames have shown every colour. encoding/json
// escapes <, > and & (and U+2028, U+2029), so the data cannot close its
// <script> element or open a comment there.
func writeData(w *bufio.Writer, r *Replay) error {
	frames, more := r.Frames, r.More
	r.Frames, r.More, r.Palette = nil, nil, nil
	head, err := json.Marshal(r)
	r.Frames, r.More = frames, more
	if err != nil {
		return err
	}
	colours := map[int]bool{}
	for _, v := range r.Board {
		colours[v/8] = true
	}
	w.Write(head[:len(head)-1])
	w.WriteString(`,"frames":[`)
	n := 0
	write := func(f Frame) bool {
		frameColours(colours, f)
		var data []byte
		if data, err = json.Marshal(f); err != nil {
			return false
		}
		if n > 0 {
			w.WriteByte(',')
		}
		n++
		_, err = w.Write(data)
		return err == nil
	}
	for _, f := range frames {
		if !write(f) {
			return err
		}
	}
	if more != nil {
		for f := range more {
			if !write(f) {
				return err
			}
		}
	}
	r.Palette = palette(colours)
	data, err := json.Marshal(r.Palette)
	if err != nil {
		return err
	}
	w.WriteString(`],"palette":`)
	w.Write(data)
	_, err = w.WriteString("}")
	return err
}

// frameColours adds to colours those frame f sets cells to and its
// table shows.
func frameColours(colours map[int]bool, f Frame) {
	for i := 1; i < len(f.Set); i += 2 {
		colours[f.Set[i]/8] = true
	}
	if f.Table != nil {
		for _, row := range f.Table.Rows {
			for _, cell := range row {
				for _, c := range cell {
					colours[c.Colour] = true
				}
			}
		}
	}
}

// palette is the swatch of every colour in colours but 0, empty.
func palette(colours map[int]bool) map[int]Swatch {
	p := make(map[int]Swatch, len(colours))
	for c := range colours {
		if c != 0 {
			p[c] = Swatch{Fill: paint.Hex(c), Ink: paint.Ink(c)}
		}
	}
	return p
}
