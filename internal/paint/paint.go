// Package paint colours what cascade shows of a game: one colour per
// colour number of a board, the same on the replay page (Hex, Ink) and
// in a terminal (Painter), and the marks of a trace (line cells, cells
// hit by specials, ...) in a terminal.
//
// Colours 1 to 10 are a fixed qualitative palette; above it each colour
// number takes the next golden-angle hue at one of three lightness
// levels, so that neighbouring numbers differ in hue and in lightness.
// Past a dozen colours no palette keeps every pair apart at a glance,
// which is why the page and the terminal print the number on every
// piece too.
package paint

import (
	"fmt"
	"math"
	"strconv"
)

// fixed are colours 1 to 10: well apart in hue and lightness, and
// readable with dark or light text.
var fixed = [...][3]uint8{
	{0x4e, 0x79, 0xa7}, // blue
	{0xf2, 0x8e, 0x2b}, // orange
	{0x59, 0xa1, 0x4f}, // green
	{0xe1, 0x57, 0x59}, // red
	{0xb0, 0x7a, 0xa1}, // purple
	{0xed, 0xc9, 0x48}, // yellow
	{0x76, 0xb7, 0xb2}, // teal
	{0xff, 0x9d, 0xa7}, // pink
	{0x9c, 0x75, 0x5f}, // brown
	{0xba, 0xb0, 0xac}, // grey
}

// RGB is the colour of colour number n, n >= 1.
func RGB(n int) (r, g, b uint8) {
	if n >= 1 && n <= len(fixed) {
		c := fixed[n-1]
		return c[0], c[1], c[2]
	}
	hue := math.Mod(float64(n)*137.508, 360)
	light := [...]float64{0.50, 0.70, 0.34}[n%3]
	sat := [...]float64{0.70, 0.50}[(n/3)%2]
	return hsl(hue, sat, light)
}

// hsl converts a hue in degrees, a saturation and a lightness in 0..1 to
// RGB.
func hsl(h, s, l float64) (r, g, b uint8) {
	c := (1 - math.Abs(2*l-1)) * s
	x := c * (1 - math.Abs(math.Mod(h/60, 2)-1))
	m := l - c/2
	var rf, gf, bf float64
	switch {
	case h < 60:
		rf, gf = c, x
	case h < 120:
		rf, gf = x, c
	case h < 180:
		gf, bf = c, x
	case h < 240:
		gf, bf = x, c
	case h < 300:
		rf, bf = x, c
	default:
		rf, bf = c, x
	}
	to := func(v float64) uint8 { return uint8(math.Round((v + m) * 255)) }
	return to(rf), to(gf), to(bf)
}

// Hex is colour number n as CSS writes it: "#4e79a7".
func Hex(n int) string {
	r, g, b := RGB(n)
	return fmt.Sprintf("#%02x%02x%02x", r, g, b)
}

// dark reports whether colour n needs light text.
func dark(n int) bool {
	r, g, b := RGB(n)
	// Relative luminance, close enough with the sRGB curve left out.
	return 0.2126*float64(r)+0.7152*float64(g)+0.0722*float64(b) < 140
}

// Ink is the colour of text written on colour n, black or white.
func Ink(n int) string {
	if dark(n) {
		return "#ffffff"
	}
	return "#000000"
}

// A Mark is a kind of cell or word a trace marks.
type Mark uint8

const (
	// Line cells lie in a run of three (match-3); a group is the cubes a
	// click removes (SameGame).
	Line Mark = iota
	// Hit cells were marked by a special's area only.
	Hit
	// Triggered specials went off.
	Triggered
	// Bad is a failure: a verdict, a diverging step.
	Bad
	// Good is a success.
	Good
)

var markCodes = [...]string{
	Line:      "1;4",  // bold, underlined
	Hit:       "35",   // magenta
	Triggered: "1;31", // bold red
	Bad:       "1;31",
	Good:      "32", // green
}

// A Painter colours text for a terminal with ANSI escapes; the zero
// Painter leaves it plain.
type Painter struct{ on bool }

// ANSI is the Painter that colours.
var ANSI = Painter{on: true}

// On reports whether p colours.
func (p Painter) On() bool { return p.on }

// Piece paints text, a piece of colour n, as a tile: its colour behind,
// black or white text on it. Colour 0 (empty) stays plain.
func (p Painter) Piece(n int, text string) string {
	if !p.on || n <= 0 {
		return text
	}
	r, g, b := RGB(n)
	fg := "30"
	if dark(n) {
		fg = "97"
	}
	return "\x1b[" + fg + ";48;5;" + strconv.Itoa(xterm256(r, g, b)) + "m" + text + "\x1b[0m"
}

// Mark paints text as marked m.
func (p Painter) Mark(m Mark, text string) string {
	if !p.on || int(m) >= len(markCodes) {
		return text
	}
	return "\x1b[" + markCodes[m] + "m" + text + "\x1b[0m"
}

// xterm256 is the nearest colour of the 6x6x6 cube of 256-colour
// terminals, which more terminals show than 24-bit colour.
func xterm256(r, g, b uint8) int {
	level := func(v uint8) int {
		// The cube's levels are 0, 95, 135, 175, 215, 255.
		if v < 48 {
			return 0
		}
		if v < 115 {
			return 1
		}
		return int(v-35) / 40
	}
	return 16 + 36*level(r) + 6*level(g) + level(b)
}
