package replay

import (
	_ "embed"
	"fmt"
	"html/template"
	"io"
	"sync"

	"cascade/internal/paint"
)

// The page is one template with its style and script inline: the page
// must open from a file, offline, and be mailed or attached as one file.
var (
	//go:embed page.html
	pageHTML string
	//go:embed page.css
	pageCSS string
	//go:embed page.js
	pageJS string

	// pageTemplate is parsed when a page is first written, not when a
	// program that may never write one starts.
	pageTemplate = sync.OnceValue(func() *template.Template {
		return template.Must(template.New("page").Parse(pageHTML))
	})
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
	return pageTemplate().Execute(w, struct {
		Title string
		CSS   template.CSS
		JS    template.JS
		Data  *Replay
	}{r.Title, template.CSS(pageCSS), template.JS(pageJS), r})
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
