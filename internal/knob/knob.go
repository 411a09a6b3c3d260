// Package knob holds the one description of a generator's knob that the
// harness (conformance.Knob) and the generators (casegen.Knob) share.
package knob

// A Knob is one knob of a game's generator as a command line sets it:
// its flag's name, what it does and the values it takes.
type Knob struct {
	// Name is the flag's name, without dashes: "colours".
	Name string
	// Arg names the value the flag takes, for a usage line: RANGE
	// (lo..hi, or one integer), N (an integer), FRACTION (a number from
	// 0 to 1), NAME (one of Legal's names), NAMES (several, joined by
	// commas), WEIGHTS (KIND:W,...); "" for a switch, which the flag
	// alone turns on.
	Arg string
	// Help says what the knob does and what it is when not set.
	Help string
	// Legal says which values the knob takes: "1..9", "0..1",
	// "anywhere, border, clusters"; "" for a switch.
	Legal string
}

// Switch reports whether the knob is a switch, on or off, that takes
// true or false and is on when named alone.
func (k Knob) Switch() bool { return k.Arg == "" }
