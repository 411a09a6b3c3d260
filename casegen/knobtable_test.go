package casegen

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
)

// knobSample is a value to set a knob to and how Values writes it back:
// "" when it is the default, which Values leaves out.
type knobSample struct{ in, want string }

// knobSamples are values every knob of f takes, with the knobs that make
// them legal (a bound's --in-statement).
func knobSamples[O any](f knobField[O]) (samples []knobSample, with [][]string) {
	add := func(in, want string, w ...string) {
		samples = append(samples, knobSample{in, want})
		with = append(with, w)
	}
	switch f.Arg {
	case "RANGE":
		for _, b := range f.bounds {
			var w []string
			if b.when != "" {
				w = []string{strings.TrimPrefix(b.when, "--")}
			}
			add(fmt.Sprint(b.lo), fmt.Sprint(b.lo), w...)
			add(fmt.Sprint(b.hi), fmt.Sprint(b.hi), w...)
			add(fmt.Sprintf("%d..%d", b.lo, b.hi), fmt.Sprintf("%d..%d", b.lo, b.hi), w...)
			add(fmt.Sprintf("%d..%d", b.lo+1, b.lo+1), fmt.Sprint(b.lo+1), w...)
		}
	case "N":
		add("1", "1")
		add("16", "16")
		add("0", "")
	case "FRACTION":
		add("0.25", "0.25")
		add("1", "1")
		add(".5", "0.5")
		add("0.123456789", "0.123456789")
	case "NAME":
		// The first name is the zero value, the default.
		for i, name := range f.names {
			want := name
			if i == 0 {
				want = ""
			}
			add(name, want)
		}
	case "NAMES":
		for _, name := range f.names {
			add(name, name)
		}
		add(strings.Join(f.names, ","), strings.Join(f.names, ","))
		add(f.names[len(f.names)-1]+","+f.names[0], f.names[len(f.names)-1]+","+f.names[0])
	case "WEIGHTS":
		add("valid:1", "valid:1")
		add("no-run:3,valid:2", "valid:2,no-run:3")
		add(DefaultOpMix.String(), DefaultOpMix.String())
		add("default", "")
	case "":
		add("true", "true")
		add("false", "")
	}
	return samples, with
}

// testKnobRoundTrips sets every knob of t to each of its samples and
// checks that Values writes it back as set (canonically) and that
// Options reads that back into the same options.
func testKnobRoundTrips[O any](t *testing.T, game string, table *KnobTable[O]) {
	for _, f := range table.fields {
		samples, with := knobSamples(f)
		if len(samples) == 0 {
			t.Errorf("%s: knob %s of kind %q has no samples", game, f.Name, f.Arg)
		}
		for i, s := range samples {
			set := map[string]string{f.Name: s.in}
			for _, w := range with[i] {
				set[w] = "true"
			}
			o, err := table.Options(set)
			if err != nil {
				t.Errorf("%s: Options(%v) = %v", game, set, err)
				continue
			}
			values := table.Values(o)
			if got, ok := values[f.Name]; got != s.want || ok != (s.want != "") {
				t.Errorf("%s: Values(Options(%v))[%s] = %q (set %t), want %q", game, set, f.Name, got, ok, s.want)
			}
			back, err := table.Options(values)
			if err != nil {
				t.Errorf("%s: Options(Values(Options(%v))) = %v", game, set, err)
			} else if !reflect.DeepEqual(back, o) {
				t.Errorf("%s: Options(Values(Options(%v))) = %+v, want %+v", game, set, back, o)
			}
		}
	}
}

func TestKnobTablesRoundTripEveryKnob(t *testing.T) {
	testKnobRoundTrips(t, "samegame", SameGameKnobTable())
	testKnobRoundTrips(t, "match3", Match3KnobTable())
}

func TestKnobTablesNameEveryKnobOnce(t *testing.T) {
	for game, knobs := range map[string][]Knob{"samegame": SameGameKnobTable().Knobs(), "match3": Match3KnobTable().Knobs()} {
		seen := make(map[string]bool)
		for _, k := range knobs {
			if seen[k.Name] {
				t.Errorf("%s: knob %s twice", game, k.Name)
			}
			seen[k.Name] = true
			if k.Help == "" || (k.Legal == "") != k.Switch() {
				t.Errorf("%s: knob %+v: want a help, and legal values unless a switch", game, k)
			}
		}
	}
}

func TestKnobTablesRejectValuesTheyDoNotTake(t *testing.T) {
	for _, tt := range []struct {
		name string
		set  map[string]string
		want string
	}{
		{"samegame colours past 9", map[string]string{"colours": "0..12"}, "--colours 0..12: want a range inside 1..9"},
		{"samegame side 0", map[string]string{"n": "0"}, "--n 0: want a range inside 1..16384"},
		{"samegame side past the clamp", map[string]string{"n": "16385"}, "--n 16385: want a range inside 1..16384"},
		{"samegame small big group", map[string]string{"n": "5", "big-group": "true"}, "--n 5: want a range inside 257..16384 with --big-group"},
		{"samegame clicks backwards", map[string]string{"clicks": "3..2"}, "--clicks 3..2: want a range lo..hi with lo <= hi"},
		{"samegame clicks text", map[string]string{"clicks": "many"}, "--clicks many: want a range lo..hi or one integer"},
		{"samegame fraction above 1", map[string]string{"random": "1.5"}, "--random 1.5: want a fraction in 0..1"},
		{"samegame fraction NaN", map[string]string{"empty": "NaN"}, "--empty NaN: want a fraction in 0..1"},
		{"samegame switch", map[string]string{"big-group": "maybe"}, "--big-group maybe: want true or false"},
		{"samegame match-3 knob", map[string]string{"rows": "3"}, "--rows: no such knob; the knobs are n, h, colours, clicks, random, empty, columns, big-group"},
		{"match3 thin in statement", map[string]string{"rows": "1..3", "in-statement": "true"}, "--rows 1..3: want a range inside 2..50 with --in-statement"},
		{"match3 side past the clamp", map[string]string{"cols": "4097"}, "--cols 4097: want a range inside 1..4096"},
		{"match3 colours in statement", map[string]string{"colours": "101", "in-statement": "true"}, "--colours 101: want a range inside 2..100 with --in-statement"},
		{"match3 colours past MaxK", map[string]string{"colours": "1048577"}, "--colours 1048577: want a range inside 1..1048576"},
		{"match3 no ops in statement", map[string]string{"ops": "0", "in-statement": "true"}, "--ops 0: want a range inside 1..1000 with --in-statement"},
		{"match3 aimed negative", map[string]string{"aimed": "-1"}, "--aimed -1: want an integer in 0..1048576"},
		{"match3 unknown hand", map[string]string{"poker": "royal-flush"}, "--poker royal-flush: want one of no-hand, high-card, one-pair, two-pairs, three-of-a-kind, full-house, four-of-a-kind, five-of-a-kind"},
		{"match3 unknown placement", map[string]string{"placement": "edge"}, "--placement edge: want one of anywhere, border, clusters"},
		{"match3 plain is no special", map[string]string{"special-kinds": "row,plain"}, `--special-kinds row,plain: "plain": want names among row, column, cross, 3x3, 5x5, colour, joined by commas`},
		{"match3 special twice", map[string]string{"special-kinds": "row,row"}, "--special-kinds row,row: row named twice"},
		{"match3 mix all zero", map[string]string{"mix": "valid:0"}, "--mix valid:0: want at least one positive weight"},
		{"match3 mix unknown kind", map[string]string{"mix": "swap:1"}, `--mix swap:1: "swap:1": want KIND:W with KIND among valid, same-cell, diagonal, far, empty, same-colour, no-run`},
		{"match3 mix negative", map[string]string{"mix": "valid:-1"}, `--mix valid:-1: "valid:-1": want a weight in 0..1048576`},
		{"match3 mix twice", map[string]string{"mix": "valid:1,valid:2"}, "--mix valid:1,valid:2: valid weighed twice"},
		{"match3 no specials on a board to clear", map[string]string{"specials": "0", "clear-board": "true"}, "--specials 0: want a fraction above 0 with --clear-board, where 0 stands for 0.25"},
	} {
		var err error
		if strings.HasPrefix(tt.name, "samegame") {
			_, err = SameGameKnobTable().Options(tt.set)
		} else {
			_, err = Match3KnobTable().Options(tt.set)
		}
		if err == nil || err.Error() != tt.want {
			t.Errorf("%s: Options(%v) = %v, want %s", tt.name, tt.set, err, tt.want)
		}
	}
}

// TestKnobTableRangesAreTheGeneratorsClamps checks each bound of a RANGE
// knob against the range the generator clamps the field to: lo..hi is
// kept as it is, and (lo-1)..(hi+1) is cut to lo..hi. SameGame's colours
// are clamped inline to 1..samegame.Colours, the bound the table gives.
func TestKnobTableRangesAreTheGeneratorsClamps(t *testing.T) {
	testClamps(t, SameGameKnobTable(), map[string]func(SameGameOptions) Range{
		"n":      SameGameOptions.n,
		"h":      SameGameOptions.h,
		"clicks": SameGameOptions.clicks,
	})
	testClamps(t, Match3KnobTable(), map[string]func(Match3Options) Range{
		"rows":    Match3Options.rows,
		"cols":    Match3Options.cols,
		"colours": Match3Options.colours,
		"ops":     Match3Options.ops,
	})
}

func testClamps[O any](t *testing.T, table *KnobTable[O], effective map[string]func(O) Range) {
	for _, f := range table.fields {
		if f.Arg != "RANGE" {
			continue
		}
		eff := effective[f.Name]
		if eff == nil {
			if f.Name != "colours" {
				t.Errorf("knob %s: no effective range to check its bounds against", f.Name)
			}
			continue
		}
		for _, b := range f.bounds {
			set := map[string]string{}
			if b.when != "" {
				set[strings.TrimPrefix(b.when, "--")] = "true"
			}
			for _, g := range []Range{{b.lo, b.hi}, {b.lo - 1, b.hi + 1}} {
				o, err := table.Options(set)
				if err != nil {
					t.Fatal(err)
				}
				if err := f.set(&o, fmt.Sprintf("%d..%d", g.Min, g.Max)); err != nil {
					t.Fatal(err)
				}
				if got := eff(o); got != (Range{b.lo, b.hi}) {
					t.Errorf("--%s %v %s: the generator draws from %v, want %d..%d", f.Name, g, b.when, got, b.lo, b.hi)
				}
			}
		}
	}
}

func TestKnobTableOptionsGiveValidCases(t *testing.T) {
	for _, set := range []map[string]string{
		{"n": "7"},
		{"n": "3..5", "colours": "1", "clicks": "0"},
		{"n": "12", "colours": "2..3", "columns": "0.8", "empty": "0.3", "random": "0.2", "clicks": "30"},
		{"n": "1", "clicks": "5", "empty": "1"},
	} {
		o, err := SameGameKnobTable().Options(set)
		if err != nil {
			t.Fatalf("%v: %v", set, err)
		}
		for seed := range uint64(20) {
			c := SameGame(rand.New(rand.NewPCG(seed, 1)), o)
			if err := c.Validate(); err != nil {
				t.Fatalf("%v, seed %d: %v", set, seed, err)
			}
		}
	}
	for _, set := range []map[string]string{
		{"rows": "1", "cols": "1", "ops": "0"},
		{"colours": "1", "rows": "6"},
		{"in-statement": "true", "rows": "2", "cols": "2", "colours": "2"},
		{"in-statement": "true", "poker": "full-house", "two-main": "0.5"},
		{"specials": "0.5", "special-kinds": "colour,5x5", "placement": "clusters", "aim-specials": "1"},
		{"clear-board": "true", "specials": "0.1", "in-statement": "true"},
		{"mix": "same-cell:1,diagonal:1,far:1,empty:1,same-colour:1,no-run:1", "ops": "30"},
		{"rows": "30", "cols": "30", "ops": "200", "aimed": "5", "double-run": "1"},
	} {
		o, err := Match3KnobTable().Options(set)
		if err != nil {
			t.Fatalf("%v: %v", set, err)
		}
		for seed := range uint64(20) {
			c := Match3(rand.New(rand.NewPCG(seed, 1)), o)
			if err := c.Validate(); err != nil {
				t.Fatalf("%v, seed %d: %v", set, seed, err)
			}
			if ok, why := c.InLimits(); o.InStatement && !ok {
				t.Fatalf("%v, seed %d: %s", set, seed, why)
			}
		}
	}
}
