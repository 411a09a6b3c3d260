package fuzz

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/cascade-harness/cascade/casegen"
	"github.com/cascade-harness/cascade/input"
	"github.com/cascade-harness/cascade/match3"
	"github.com/cascade-harness/cascade/reference"
	"github.com/cascade-harness/cascade/samegame"
)

// The committed seed corpus lives in testdata/fuzz/<target>/, one input
// per file in the "go test fuzz v1" format. Plain go test runs every file
// through its target; the tests here check that the corpus keeps covering
// what it was written to cover.

// readCorpus returns the inputs of target's committed corpus by file
// name. Every input of these targets is a single []byte or string value.
func readCorpus(t *testing.T, target string) map[string][]byte {
	t.Helper()
	dir := filepath.Join("testdata", "fuzz", target)
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatalf("corpus of %s: %v", target, err)
	}
	out := make(map[string][]byte)
	for _, e := range entries {
		path := filepath.Join(dir, e.Name())
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		v, err := corpusValue(data)
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		out[e.Name()] = v
	}
	if len(out) == 0 {
		t.Fatalf("corpus of %s is empty", target)
	}
	return out
}

// corpusValue decodes a corpus file holding one []byte(...) or
// string(...) value.
func corpusValue(file []byte) ([]byte, error) {
	const header = "go test fuzz v1\n"
	if !bytes.HasPrefix(file, []byte(header)) {
		return nil, fmt.Errorf("file does not start with %q", header)
	}
	line := strings.TrimSpace(string(file[len(header):]))
	for _, typ := range []string{"[]byte", "string"} {
		if lit, ok := strings.CutPrefix(line, typ+"("); ok && strings.HasSuffix(lit, ")") {
			s, err := strconv.Unquote(strings.TrimSuffix(lit, ")"))
			return []byte(s), err
		}
	}
	return nil, fmt.Errorf("want one []byte(...) or string(...) value, got %.40q", line)
}

// A feature is something a seed case shows when the reference plays it.
type feature[C, T any] struct {
	name string
	has  func(c C, tr T) bool
}

// sameGameFeatures are what the FuzzSameGame corpus must show, each in at
// least one seed: the places where an engine may part from the rules.
var sameGameFeatures = []feature[*samegame.Case, samegame.Trace]{
	{"a one-cube box", func(c *samegame.Case, _ samegame.Trace) bool { return c.W == 1 && c.H == 1 }},
	{"a 12x12 box with 30 clicks or more", func(c *samegame.Case, _ samegame.Trace) bool {
		return c.W == casegen.DecodeMaxSide && c.H == casegen.DecodeMaxSide && len(c.Moves) >= 30
	}},
	{"a click on an empty cell", func(_ *samegame.Case, tr samegame.Trace) bool {
		return slices.ContainsFunc(tr.Moves, func(r samegame.Result) bool { return r.Colour == 0 })
	}},
	{"a box wider than high", func(c *samegame.Case, _ samegame.Trace) bool { return c.W > c.H }},
	{"a box higher than wide", func(c *samegame.Case, _ samegame.Trace) bool { return c.W < c.H }},
	{"a click on a group below the minimum", func(_ *samegame.Case, tr samegame.Trace) bool {
		return slices.ContainsFunc(tr.Moves, func(r samegame.Result) bool { return r.Colour != 0 && r.Removed == 0 })
	}},
	{"a clear bonus earned", func(c *samegame.Case, tr samegame.Trace) bool {
		return c.Rules.Effective().Clear != 0 && tr.End == c.Rules.Effective().Clear && endsEmpty(tr)
	}},
	{"a term for the cubes left", func(c *samegame.Case, tr samegame.Trace) bool { return tr.End != 0 && !endsEmpty(tr) }},
	{"cubes left counted at the end of the list", func(c *samegame.Case, tr samegame.Trace) bool {
		return c.Rules.End == samegame.EndList && tr.End != 0 && !endsEmpty(tr)
	}},
	{"a dead start that no click removes from, under end=move", func(c *samegame.Case, tr samegame.Trace) bool {
		r := c.Rules.Effective()
		return r.End == samegame.EndMove && !reference.NewBox(c).HasGroup(max(r.Min, 1)) && len(tr.Moves) > 0 &&
			!slices.ContainsFunc(tr.Moves, func(m samegame.Result) bool { return m.Removed > 0 })
	}},
	{"a column closed to the right", func(c *samegame.Case, tr samegame.Trace) bool {
		return c.Rules.Close == samegame.CloseRight && len(tr.Detail) > 0 && tr.Detail[len(tr.Detail)-1].Board[(c.H-1)*c.W] == 0
	}},
	{"a custom rule set", func(c *samegame.Case, _ samegame.Trace) bool { return c.Rules.Name == "custom" }},
	{"a group of 20 cubes or more", func(_ *samegame.Case, tr samegame.Trace) bool {
		return slices.ContainsFunc(tr.Moves, func(r samegame.Result) bool { return r.Removed >= 20 })
	}},
	{"a click that empties two columns or more", func(c *samegame.Case, tr samegame.Trace) bool {
		cols := c.W
		for _, d := range tr.Detail {
			now := 0
			for x := range c.W {
				if d.Board[(c.H-1)*c.W+x] != 0 {
					now++
				}
			}
			if cols-now >= 2 {
				return true
			}
			cols = now
		}
		return false
	}},
	{"a cleared box", func(c *samegame.Case, tr samegame.Trace) bool { return endsEmpty(tr) }},
}

// endsEmpty reports whether the box is empty after the last click.
func endsEmpty(tr samegame.Trace) bool {
	return len(tr.Detail) > 0 && !slices.ContainsFunc(tr.Detail[len(tr.Detail)-1].Board, func(v uint8) bool { return v != 0 })
}

// sameGameFeaturesOfEveryRuleSet adds to sameGameFeatures a seed played
// under each named rule set: their worked examples are in the corpus.
func sameGameFeaturesOfEveryRuleSet() []feature[*samegame.Case, samegame.Trace] {
	fs := slices.Clone(sameGameFeatures)
	for _, r := range samegame.Named() {
		fs = append(fs, feature[*samegame.Case, samegame.Trace]{"a case of " + r.Name, func(c *samegame.Case, _ samegame.Trace) bool {
			return c.Rules.Effective().Same(r)
		}})
	}
	return fs
}

// workedExamples are the named rule sets' worked examples and a custom
// one, samegame/testdata/rules/NAME.in, by name.
func workedExamples(t *testing.T) map[string]*samegame.Case {
	t.Helper()
	files, err := filepath.Glob(filepath.Join("..", "samegame", "testdata", "rules", "*.in"))
	if err != nil || len(files) == 0 {
		t.Fatalf("worked examples: %v, %d files", err, len(files))
	}
	out := make(map[string]*samegame.Case)
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		c, err := samegame.Parse(bytes.NewReader(data))
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		out[strings.TrimSuffix(filepath.Base(f), ".in")] = c
	}
	return out
}

var updateCorpus = flag.Bool("update", false, "write the worked examples' seeds into testdata/fuzz/FuzzSameGame")

// TestSameGameCorpusHoldsEveryWorkedExample checks that the corpus holds
// each worked example as the seed rules-NAME, which decodes to it. With
// -update it writes the seeds.
func TestSameGameCorpusHoldsEveryWorkedExample(t *testing.T) {
	dir := filepath.Join("testdata", "fuzz", "FuzzSameGame")
	for name, c := range workedExamples(t) {
		data, ok := casegen.EncodeSameGame(c)
		if !ok {
			t.Errorf("%s: the decoder cannot express the worked example %v", name, c)
			continue
		}
		file := filepath.Join(dir, "rules-"+name)
		if *updateCorpus {
			if err := os.WriteFile(file, fmt.Appendf(nil, "go test fuzz v1\n[]byte(%q)\n", data), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		raw, err := os.ReadFile(file)
		if err != nil {
			t.Errorf("%s: %v (go test ./fuzz -run %s -update writes it)", name, err, t.Name())
			continue
		}
		seed, err := corpusValue(raw)
		if err != nil {
			t.Fatalf("%s: %v", file, err)
		}
		back := casegen.DecodeSameGame(seed)
		if !back.Rules.Effective().Same(c.Rules.Effective()) || back.W != c.W || back.H != c.H ||
			!slices.Equal(back.Board, c.Board) || !slices.Equal(back.Moves, c.Moves) {
			t.Errorf("%s decodes to\n%v\nwant the worked example\n%v", file, back, c)
		}
	}
}

// match3Play is a reference trace with the specials that went off.
type match3Play struct {
	match3.Trace
	fired [match3.Colour + 1]bool
}

func playMatch3(c *match3.Case) match3Play {
	var p match3Play
	rules := reference.Match3Rules{Area: func(g reference.Grid, cell match3.Cell) []match3.Cell {
		p.fired[g.At(cell).Special] = true
		return g.Area(cell)
	}}
	p.Trace = rules.Play(c)
	return p
}

// anyOp reports whether an operation of tr satisfies f.
func anyOp(tr match3Play, f func(match3.Result) bool) bool { return slices.ContainsFunc(tr.Ops, f) }

// anyRound reports whether a round of tr satisfies f.
func anyRound(tr match3Play, f func(match3.Round) bool) bool {
	for _, d := range tr.Detail {
		if slices.ContainsFunc(d.Rounds, f) {
			return true
		}
	}
	return false
}

// match3Features are what the FuzzMatch3 corpus must show, each in at
// least one seed.
var match3Features = func() []feature[*match3.Case, match3Play] {
	fs := []feature[*match3.Case, match3Play]{
		{"a one-row or one-column board with a valid operation", func(c *match3.Case, tr match3Play) bool {
			return (c.Rows == 1 || c.Cols == 1) && anyOp(tr, func(r match3.Result) bool { return r.Validity == match3.Valid })
		}},
		{"seven colours or more", func(c *match3.Case, _ match3Play) bool { return c.Colours >= 7 }},
		{"three rounds or more", func(_ *match3.Case, tr match3Play) bool {
			return anyOp(tr, func(r match3.Result) bool { return r.Rounds >= 3 })
		}},
		{"two main colours", func(_ *match3.Case, tr match3Play) bool {
			return anyOp(tr, func(r match3.Result) bool { return r.Main[1] != 0 })
		}},
		{"a block of five line cells or more", func(_ *match3.Case, tr match3Play) bool {
			return anyRound(tr, func(r match3.Round) bool { return slices.ContainsFunc(r.Blocks, func(x int) bool { return x >= 5 }) })
		}},
		{"a special set off by another", func(_ *match3.Case, tr match3Play) bool {
			return anyRound(tr, func(r match3.Round) bool {
				return slices.ContainsFunc(r.Triggered, func(c match3.Cell) bool { return slices.Contains(r.Hit, c) })
			})
		}},
		{"every operation valid", func(_ *match3.Case, tr match3Play) bool { return len(tr.Ops) > 0 && tr.AllValid }},
		{"a cleared board", func(_ *match3.Case, tr match3Play) bool { return tr.Cleared }},
	}
	for s := match3.Row; s <= match3.Colour; s++ {
		fs = append(fs, feature[*match3.Case, match3Play]{"a " + s.String() + " special going off", func(_ *match3.Case, tr match3Play) bool { return tr.fired[s] }})
	}
	for v := match3.NotAdjacent; v <= match3.NoRun; v++ {
		fs = append(fs, feature[*match3.Case, match3Play]{"an operation invalid for " + v.String(), func(_ *match3.Case, tr match3Play) bool {
			return anyOp(tr, func(r match3.Result) bool { return r.Validity == v })
		}})
	}
	for k := match3.HighCard; k <= match3.FiveOfAKind; k++ {
		fs = append(fs, feature[*match3.Case, match3Play]{"a hand of " + k.String(), func(_ *match3.Case, tr match3Play) bool {
			return anyOp(tr, func(r match3.Result) bool { return r.Hand.Kind == k })
		}})
	}
	return fs
}()

// missing returns the names of the features no case shows.
func missing[C, T any](features []feature[C, T], cases []C, traces []T) []string {
	var out []string
	for _, f := range features {
		found := false
		for i := range cases {
			found = found || f.has(cases[i], traces[i])
		}
		if !found {
			out = append(out, f.name)
		}
	}
	return out
}

func TestSameGameCorpusCoversTheRules(t *testing.T) {
	var cases []*samegame.Case
	var traces []samegame.Trace
	for name, data := range readCorpus(t, "FuzzSameGame") {
		c := casegen.DecodeSameGame(data)
		if err := c.Validate(); err != nil {
			t.Fatalf("%s decodes to an invalid case: %v", name, err)
		}
		cases = append(cases, c)
		traces = append(traces, reference.PlaySameGame(c))
	}
	for _, name := range missing(sameGameFeaturesOfEveryRuleSet(), cases, traces) {
		t.Errorf("no seed of FuzzSameGame shows %s", name)
	}
}

func TestMatch3CorpusCoversTheRules(t *testing.T) {
	var cases []*match3.Case
	var traces []match3Play
	for name, data := range readCorpus(t, "FuzzMatch3") {
		c := casegen.DecodeMatch3(data)
		if err := c.Validate(); err != nil {
			t.Fatalf("%s decodes to an invalid case: %v", name, err)
		}
		cases = append(cases, c)
		traces = append(traces, playMatch3(c))
	}
	for _, name := range missing(match3Features, cases, traces) {
		t.Errorf("no seed of FuzzMatch3 shows %s", name)
	}
}

// The parser corpora name their files for what the parser must do: a
// "bad-" file is rejected, any other accepted.
func TestParseCorpusIsAcceptedOrRejectedAsNamed(t *testing.T) {
	for _, tc := range []struct {
		target string
		parse  func(text string) error
	}{
		{"FuzzSameGameParse", func(text string) error { _, err := samegame.Parse(strings.NewReader(text)); return err }},
		{"FuzzMatch3Parse", func(text string) error { _, err := match3.Parse(strings.NewReader(text)); return err }},
	} {
		bad, good := 0, 0
		for name, data := range readCorpus(t, tc.target) {
			err := tc.parse(string(data))
			if strings.HasPrefix(name, "bad-") {
				bad++
				if err == nil {
					t.Errorf("%s/%s: accepted, want an error", tc.target, name)
				} else if _, ok := err.(*input.Error); !ok {
					t.Errorf("%s/%s: error %T %v, want *input.Error", tc.target, name, err, err)
				}
				continue
			}
			good++
			if err != nil {
				t.Errorf("%s/%s: %v, want accepted", tc.target, name, err)
			}
		}
		if bad == 0 || good == 0 {
			t.Errorf("%s: %d rejected and %d accepted inputs, want some of each", tc.target, bad, good)
		}
	}
}
