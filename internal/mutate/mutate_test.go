package mutate

import (
	"go/parser"
	"go/token"
	"slices"
	"strings"
	"testing"
)

const src = `package p

func f(a, b int, ok bool) int {
	if a < b && ok {
		a += 2
	}
	for i := 0; i != b; i++ {
		g(-a)
	}
	return a * b
}

func g(int) {}
`

func edits(t *testing.T, ms []Mutant) []string {
	t.Helper()
	var s []string
	for _, m := range ms {
		s = append(s, m.String())
	}
	return s
}

// TestListFindsEachKindOfSlip lists the mutants of a small function and
// checks that each kind of slip is among them, by name.
func TestListFindsEachKindOfSlip(t *testing.T) {
	ms, err := List("p.go", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	got := edits(t, ms)
	for _, want := range []string{
		"p.go:4:7: < to <=",
		"p.go:4:7: < to >=",
		"p.go:4:11: && to ||",
		"p.go:4:5: negate a < b && ok",
		"p.go:5:5: += to -=",
		"p.go:5:3: drop a += 2",
		"p.go:5:8: 2 to 3",
		"p.go:5:8: 2 to 1",
		"p.go:7:16: != to ==",
		"p.go:7:23: ++ to --",
		"p.go:7:11: 0 to 1",
		"p.go:7:14: negate i != b",
		"p.go:8:5: remove -",
		"p.go:8:3: drop g(-a)",
		"p.go:10:11: * to /",
	} {
		if !slices.Contains(got, want) {
			t.Errorf("no mutant %q among\n%s", want, strings.Join(got, "\n"))
		}
	}
	// 0 has no 0-1: a negative literal would be a new slip, not a
	// boundary one.
	if slices.Contains(got, "p.go:7:11: 0 to -1") {
		t.Errorf("0 mutated to -1")
	}
}

// TestEveryMutantParsesAndDiffers applies each mutant of the sample
// source: the result differs from the source only in the mutant's bytes
// and still parses (a mutant may fail to type-check, never to parse).
func TestEveryMutantParsesAndDiffers(t *testing.T) {
	ms, err := List("p.go", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range ms {
		out := string(m.Apply([]byte(src)))
		if out == src {
			t.Errorf("%s: source unchanged", m)
		}
		if !strings.HasPrefix(out, src[:m.Start]) || !strings.HasSuffix(out, src[m.End:]) {
			t.Errorf("%s: changed outside [%d, %d)", m, m.Start, m.End)
		}
		if _, err := parser.ParseFile(token.NewFileSet(), "p.go", out, 0); err != nil {
			t.Errorf("%s: %v", m, err)
		}
	}
}

func TestListLeavesDefinitionsAndReturnsInPlace(t *testing.T) {
	ms, err := List("p.go", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range ms {
		if m.Kind == "drop" && (strings.Contains(m.Old, ":=") || strings.HasPrefix(m.Old, "return")) {
			t.Errorf("%s: dropped a definition or a return", m)
		}
	}
}

func TestListRejectsSourceThatDoesNotParse(t *testing.T) {
	if _, err := List("p.go", []byte("package p\nfunc {")); err == nil {
		t.Error("no error")
	}
}

// TestShuffleIsTheSeeds draws the same order from the same seed, another
// from another seed, and keeps every mutant.
func TestShuffleIsTheSeeds(t *testing.T) {
	ms, err := List("p.go", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	a, b, c := edits(t, Shuffle(ms, 7)), edits(t, Shuffle(ms, 7)), edits(t, Shuffle(ms, 8))
	if !slices.Equal(a, b) {
		t.Errorf("seed 7 gave two orders")
	}
	if slices.Equal(a, c) {
		t.Errorf("seeds 7 and 8 gave one order")
	}
	slices.Sort(a)
	all := edits(t, ms)
	slices.Sort(all)
	if !slices.Equal(a, all) {
		t.Errorf("shuffle lost or added mutants")
	}
}

func TestParseEquivalent(t *testing.T) {
	eq, err := ParseEquivalent(strings.NewReader("# comment\n\np.go:4:7: < to <= -- a and b are never equal here\n"))
	if err != nil {
		t.Fatal(err)
	}
	if got := eq["p.go:4:7: < to <="]; got != "a and b are never equal here" {
		t.Errorf("reason %q", got)
	}
	for _, bad := range []string{"p.go:4:7: < to <=\n", "p.go:1:1: x to y -- \n", "a -- r\na -- r\n"} {
		if _, err := ParseEquivalent(strings.NewReader(bad)); err == nil || !strings.HasPrefix(err.Error(), "line ") {
			t.Errorf("%q: error %v, want one naming its line", bad, err)
		}
	}
}

func TestTallyLeavesEquivalentSurvivorsOut(t *testing.T) {
	m := func(line int) Mutant { return Mutant{File: "p.go", Line: line, Col: 1, Old: "<", New: "<="} }
	outcomes := []Outcome{
		{Mutant: m(1), Stage: "unit"},
		{Mutant: m(2), Stage: "check"},
		{Mutant: m(3)},
		{Mutant: m(4)},
		{Mutant: m(5), Stage: "unit"}, // killed, though listed: a kill counts
	}
	eq := Equivalent{m(3).String(): "r", m(5).String(): "r"}
	s := Tally(outcomes, eq)
	if want := (Score{Tested: 5, Killed: 3, Equivalent: 1, Survived: 1}); s != want {
		t.Fatalf("Tally = %+v, want %+v", s, want)
	}
	if got := s.Percent(); got != 75 {
		t.Errorf("Percent = %v, want 75", got)
	}
	for o, want := range map[Outcome]string{
		outcomes[0]: "killed   unit       p.go:1:1: < to <=: ",
		outcomes[2]: "equivalent p.go:3:1: < to <=",
		outcomes[3]: "SURVIVED p.go:4:1: < to <=",
	} {
		if got := Line(o, eq); got != want {
			t.Errorf("Line = %q, want %q", got, want)
		}
	}
	var b strings.Builder
	Report(&b, outcomes, eq, []string{"unit", "check"})
	for _, want := range []string{"  p.go:4:1: < to <=\n", "  p.go:3:1: < to <= (equivalent: r)", "killed by check:     1", "score 75.0% of 4 non-equivalent"} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("report lacks %q:\n%s", want, b.String())
		}
	}
}

// TestParseLinesReadsARunBack reads the lines a run prints back into
// outcomes whose tally, against a list of equivalents, is the run's.
func TestParseLinesReadsARunBack(t *testing.T) {
	run := `3504 mutants of engine,reference,samegame; seed 1, sample 4; stages vet, unit
  1 killed   unit       samegame/rules.go:153:4: drop r.Min, err = atoiIn(v, 1, 1<<30): samegame TestX
  2 SURVIVED samegame/expr_cover.go:84:25: remove -
  3 killed   vet        samegame/expr.go:210:30: || to &&: suspect and
  4 equivalent engine/piece.go:20:18: 32 to 33

killed by unit:      1
`
	outcomes, err := ParseLines(strings.NewReader(run))
	if err != nil {
		t.Fatal(err)
	}
	if len(outcomes) != 4 || outcomes[0].Stage != "unit" || outcomes[2].Stage != "vet" {
		t.Fatalf("outcomes %+v", outcomes)
	}
	if got := outcomes[1].Mutant.String(); got != "samegame/expr_cover.go:84:25: remove -" {
		t.Errorf("survivor named %q", got)
	}
	eq := Equivalent{"engine/piece.go:20:18: 32 to 33": "r", "samegame/expr_cover.go:84:25: remove -": "r"}
	if s := Tally(outcomes, eq); s != (Score{Tested: 4, Killed: 2, Equivalent: 2}) {
		t.Errorf("Tally = %+v", s)
	}
	if _, err := ParseLines(strings.NewReader("  1 SURVIVED nothing\n")); err == nil {
		t.Error("a survivor with no name read back")
	}
}
