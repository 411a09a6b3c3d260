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

// Write writes the replay page of r to w. It fills r.Palette with the
// colours r's board holds. The board must have at most MaxCells cells.
func Write(w io.Writer, r *Replay) error {
	if r.Rows*r.Cols > MaxCells || r.Rows < 0 || r.Cols < 0 {
		return fmt.Errorf("the board has %d x %d cells, more than a replay page draws (%d)", r.Rows, r.Cols, MaxCells)
	}
	r.Palette = palette(r)
	// encoding/json escapes <, > and & (and U+2028, U+2029), so the data
	// cannot close its <script> element or open a comment there.
	data, err := json.Marshal(r)
	if err != nil {
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
			bw.Write(data)
		default:
			return fmt.Errorf("replay page: an unknown hole {{.%s}}", name)
		}
		rest = after
	}
	return bw.Flush()
}

// palette is the swatch of every colour the start board, the frames and
// the tables hold.
func palette(r *Replay) map[int]Swatch {
	colours := map[int]bool{}
	for _, v := range r.Board {
		colours[v/8] = true
	}
	for _, f := range r.Frames {
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
	delete(colours, 0)
	p := make(map[int]Swatch, len(colours))
	for c := range colours {
		p[c] = Swatch{Fill: paint.Hex(c), Ink: paint.Ink(c)}
	}
	return p
}
