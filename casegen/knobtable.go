package casegen

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/cascade-harness/cascade/internal/knob"
)

// A Knob is one knob of a generator as a command line sets it: its
// flag's name, what it does and the values it takes.
type Knob = knob.Knob

// A KnobTable maps the knobs of a generator, by name, onto the fields of
// its options O, with the values each takes: the one description of
// those knobs as text. Options reads knobs set on a command line into
// options and rejects a value the generator would not honour as given
// (outside the range it clamps to) with an error that names the knob;
// Values writes options back as knobs. A knob not set keeps the zero
// options' field, the generator's default.
type KnobTable[O any] struct {
	fields []knobField[O]
}

// knobField is one knob and how it reads and writes its field of O.
type knobField[O any] struct {
	Knob
	// set reads text into the field of o; its error says what the knob
	// wants.
	set func(o *O, text string) error
	// check says why the field's value is not one the knob takes in the
	// options o as a whole, "" when it is: the bounds of some knobs
	// depend on others (--in-statement). nil: set has checked it all.
	check func(o *O) string
	// text writes the field of o as set reads it; "" when the field
	// holds its zero value, the default.
	text func(o *O) string
	// bounds are the ranges a RANGE knob takes, the first that holds
	// applying; names the names a NAME or NAMES knob takes.
	bounds []bound[O]
	names  []string
}

// A bound is the range of values a RANGE knob takes when holds says so
// (nil: always): the range the generator clamps the field to.
type bound[O any] struct {
	when   string // the knob that brings this bound: "--big-group"
	holds  func(*O) bool
	lo, hi int
}

// Knobs lists the knobs in the order of the table.
func (t *KnobTable[O]) Knobs() []Knob {
	ks := make([]Knob, len(t.fields))
	for i, f := range t.fields {
		ks[i] = f.Knob
	}
	return ks
}

// Options returns the options with the knobs of set (name to value as
// text) set as given, the others zero. An unknown knob, or a value the
// knob does not take, is an error that names the knob and the value:
// "--colours 0..12: want a range inside 1..9".
func (t *KnobTable[O]) Options(set map[string]string) (O, error) {
	var o, zero O
	var unknown []string
	for name := range set {
		if !slices.ContainsFunc(t.fields, func(f knobField[O]) bool { return f.Name == name }) {
			unknown = append(unknown, name)
		}
	}
	if len(unknown) > 0 {
		slices.Sort(unknown)
		return zero, fmt.Errorf("--%s: no such knob; the knobs are %s", unknown[0], t.names())
	}
	for _, f := range t.fields {
		if text, ok := set[f.Name]; ok {
			if err := f.set(&o, text); err != nil {
				return zero, fmt.Errorf("--%s %s: %w", f.Name, text, err)
			}
		}
	}
	for _, f := range t.fields {
		if text, ok := set[f.Name]; ok && f.check != nil {
			if why := f.check(&o); why != "" {
				return zero, fmt.Errorf("--%s %s: %s", f.Name, text, why)
			}
		}
	}
	return o, nil
}

// Values returns the knobs of o that are not at their default, by name,
// as Options reads them.
func (t *KnobTable[O]) Values(o O) map[string]string {
	set := make(map[string]string)
	for _, f := range t.fields {
		if text := f.text(&o); text != "" {
			set[f.Name] = text
		}
	}
	return set
}

// names lists the knobs' names: "n, colours, clicks".
func (t *KnobTable[O]) names() string {
	names := make([]string, len(t.fields))
	for i, f := range t.fields {
		names[i] = f.Name
	}
	return strings.Join(names, ", ")
}

// maxCount is the largest count a knob takes where the generator sets
// none (weights, aimed operations): 2^20, the generator's largest clamp.
const maxCount = 1 << 20

// rangeKnob is a RANGE knob: lo..hi or one integer, inside the first of
// bounds that holds.
func rangeKnob[O any](name, help string, field func(*O) *Range, bounds ...bound[O]) knobField[O] {
	var legal []string
	for _, b := range bounds {
		s := fmt.Sprintf("%d..%d", b.lo, b.hi)
		if b.when != "" {
			s += " with " + b.when
		} else if len(bounds) > 1 {
			s = "else " + s
		}
		legal = append(legal, s)
	}
	return knobField[O]{
		Knob:   Knob{Name: name, Arg: "RANGE", Help: help, Legal: strings.Join(legal, ", ")},
		bounds: bounds,
		set: func(o *O, text string) error {
			g, err := parseRange(text)
			*field(o) = g
			return err
		},
		check: func(o *O) string {
			g := *field(o)
			lo, hi := g.Min, max(g.Max, g.Min)
			for _, b := range bounds {
				if b.holds != nil && !b.holds(o) {
					continue
				}
				if lo < b.lo || hi > b.hi {
					if b.when != "" {
						return fmt.Sprintf("want a range inside %d..%d with %s", b.lo, b.hi, b.when)
					}
					return fmt.Sprintf("want a range inside %d..%d", b.lo, b.hi)
				}
				break
			}
			return ""
		},
		text: func(o *O) string {
			if g := *field(o); g != (Range{}) {
				return g.String()
			}
			return ""
		},
	}
}

// parseRange reads lo..hi or one integer v. The zero Range stands for a
// field's default, so exactly 0 is written {0, -1}: a Range with Max <
// Min is the single value Min.
func parseRange(text string) (Range, error) {
	loText, hiText, isRange := strings.Cut(text, "..")
	lo, err := strconv.Atoi(loText)
	hi := lo
	if err == nil && isRange {
		hi, err = strconv.Atoi(hiText)
	}
	switch {
	case err != nil:
		return Range{}, fmt.Errorf("want a range lo..hi or one integer")
	case lo > hi:
		return Range{}, fmt.Errorf("want a range lo..hi with lo <= hi")
	case lo == 0 && hi == 0:
		return Range{0, -1}, nil
	}
	return Range{lo, hi}, nil
}

// intKnob is an N knob: one integer in lo..hi.
func intKnob[O any](name, help string, field func(*O) *int, lo, hi int) knobField[O] {
	return knobField[O]{
		Knob: Knob{Name: name, Arg: "N", Help: help, Legal: fmt.Sprintf("%d..%d", lo, hi)},
		set: func(o *O, text string) error {
			v, err := strconv.Atoi(text)
			if err != nil || v < lo || v > hi {
				return fmt.Errorf("want an integer in %d..%d", lo, hi)
			}
			*field(o) = v
			return nil
		},
		text: func(o *O) string {
			if v := *field(o); v != 0 {
				return strconv.Itoa(v)
			}
			return ""
		},
	}
}

// fractionKnob is a FRACTION knob: a number from 0 to 1.
func fractionKnob[O any](name, help string, field func(*O) *float64) knobField[O] {
	return knobField[O]{
		Knob: Knob{Name: name, Arg: "FRACTION", Help: help, Legal: "0..1"},
		set: func(o *O, text string) error {
			v, err := strconv.ParseFloat(text, 64)
			if err != nil || math.IsNaN(v) || v < 0 || v > 1 {
				return fmt.Errorf("want a fraction in 0..1")
			}
			*field(o) = v
			return nil
		},
		text: func(o *O) string {
			if v := *field(o); v != 0 {
				return strconv.FormatFloat(v, 'g', -1, 64)
			}
			return ""
		},
	}
}

// switchKnob is a switch: on when named alone, or true or false.
func switchKnob[O any](name, help string, field func(*O) *bool) knobField[O] {
	return knobField[O]{
		Knob: Knob{Name: name, Help: help},
		set: func(o *O, text string) error {
			v, err := strconv.ParseBool(text)
			if err != nil {
				return fmt.Errorf("want true or false")
			}
			*field(o) = v
			return nil
		},
		text: func(o *O) string {
			if *field(o) {
				return "true"
			}
			return ""
		},
	}
}

// knobName is the name a knob gives value v: its String with dashes for
// spaces, "full-house".
func knobName[E any](v E) string { return strings.ReplaceAll(fmt.Sprint(v), " ", "-") }

// knobNames are the knobName of each of values.
func knobNames[E any](values []E) []string {
	names := make([]string, len(values))
	for i, v := range values {
		names[i] = knobName(v)
	}
	return names
}

// nameKnob is a NAME knob: one of values, by name; the zero value is the
// default.
func nameKnob[O any, E comparable](name, help string, field func(*O) *E, values []E) knobField[O] {
	names := knobNames(values)
	return knobField[O]{
		Knob:  Knob{Name: name, Arg: "NAME", Help: help, Legal: strings.Join(names, ", ")},
		names: names,
		set: func(o *O, text string) error {
			i := slices.Index(names, text)
			if i < 0 {
				return fmt.Errorf("want one of %s", strings.Join(names, ", "))
			}
			*field(o) = values[i]
			return nil
		},
		text: func(o *O) string {
			var zero E
			if v := *field(o); v != zero {
				return knobName(v)
			}
			return ""
		},
	}
}

// namesKnob is a NAMES knob: some of values, by name, joined by commas,
// each at most once; nil is the default.
func namesKnob[O any, E comparable](name, help string, field func(*O) *[]E, values []E) knobField[O] {
	names := knobNames(values)
	return knobField[O]{
		Knob:  Knob{Name: name, Arg: "NAMES", Help: help, Legal: strings.Join(names, ", ")},
		names: names,
		set: func(o *O, text string) error {
			var vs []E
			for _, part := range strings.Split(text, ",") {
				i := slices.Index(names, part)
				switch {
				case i < 0:
					return fmt.Errorf("%q: want names among %s, joined by commas", part, strings.Join(names, ", "))
				case slices.Contains(vs, values[i]):
					return fmt.Errorf("%s named twice", part)
				}
				vs = append(vs, values[i])
			}
			*field(o) = vs
			return nil
		},
		text: func(o *O) string {
			var parts []string
			for _, v := range *field(o) {
				parts = append(parts, knobName(v))
			}
			return strings.Join(parts, ",")
		},
	}
}

// mixKnob is the WEIGHTS knob of an OpMix: KIND:W pairs joined by
// commas, the kinds not named weighing 0, or "default".
func mixKnob[O any](name, help string, field func(*O) *OpMix) knobField[O] {
	names := make([]string, numOpKinds)
	for k := range numOpKinds {
		names[k] = k.String()
	}
	return knobField[O]{
		Knob: Knob{Name: name, Arg: "WEIGHTS", Help: help,
			Legal: fmt.Sprintf("KIND:W with KIND among %s and W in 0..%d, one W at least positive; or default",
				strings.Join(names, ", "), maxCount)},
		names: names,
		set: func(o *O, text string) error {
			*field(o) = OpMix{}
			if text == "default" {
				return nil
			}
			var m OpMix
			named := make([]bool, numOpKinds)
			for _, part := range strings.Split(text, ",") {
				kind, weight, _ := strings.Cut(part, ":")
				k := slices.Index(names, kind)
				w, err := strconv.Atoi(weight)
				switch {
				case k < 0:
					return fmt.Errorf("%q: want KIND:W with KIND among %s", part, strings.Join(names, ", "))
				case err != nil || w < 0 || w > maxCount:
					return fmt.Errorf("%q: want a weight in 0..%d", part, maxCount)
				case named[k]:
					return fmt.Errorf("%s weighed twice", kind)
				}
				m[k], named[k] = w, true
			}
			if m == (OpMix{}) {
				return fmt.Errorf("want at least one positive weight")
			}
			*field(o) = m
			return nil
		},
		text: func(o *O) string {
			if m := *field(o); m != (OpMix{}) {
				return m.String()
			}
			return ""
		},
	}
}
