package main

import (
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/cascade-harness/cascade/internal/paint"
)

// colorMode is the --color flag: when output is coloured.
type colorMode string

const (
	colorAuto   colorMode = "auto"
	colorAlways colorMode = "always"
	colorNever  colorMode = "never"
)

func (c *colorMode) String() string { return string(*c) }

func (c *colorMode) Set(s string) error {
	switch m := colorMode(s); m {
	case colorAuto, colorAlways, colorNever:
		*c = m
		return nil
	}
	return fmt.Errorf("want auto, always or never")
}

// colorFlagHelp documents --color for the commands that take it.
const colorFlagHelp = `  --color WHEN
            colour the pieces and the marked cells: auto (the default)
            when standard output is a terminal and NO_COLOR is not set,
            always, or never. Pipes and files get no colour under auto
`

// addColorFlag binds --color to mode, auto by default.
func addColorFlag(fs *flag.FlagSet, mode *colorMode) {
	*mode = colorAuto
	fs.Var(mode, "color", "")
}

// painter is the Painter of output w under mode: auto colours a
// terminal, unless NO_COLOR is set to anything but "" (no-color.org) or
// TERM is dumb; always and never are what they say, NO_COLOR or not.
func painter(mode colorMode, w io.Writer) paint.Painter {
	switch mode {
	case colorAlways:
		return paint.ANSI
	case colorNever:
		return paint.Painter{}
	}
	if os.Getenv("NO_COLOR") != "" || os.Getenv("TERM") == "dumb" {
		return paint.Painter{}
	}
	if o, ok := w.(*outWriter); ok {
		w = o.w
	}
	if isTerminal(w) {
		return paint.ANSI
	}
	return paint.Painter{}
}
