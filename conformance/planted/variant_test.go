package planted

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"runtime"
	"strings"
	"sync"
	"testing"

	"github.com/cascade-harness/cascade/conformance"
	"github.com/cascade-harness/cascade/match3"
	"github.com/cascade-harness/cascade/reference"
	"github.com/cascade-harness/cascade/samegame"
)

// rulings reads the rulings SPEC.md states ("**S5.**", "**M10.**"),
// the sections a variant's Rule points at.
func rulings(t *testing.T) map[string]bool {
	t.Helper()
	spec, err := os.ReadFile(filepath.Join("..", "..", "SPEC.md"))
	if err != nil {
		t.Fatal(err)
	}
	m := map[string]bool{}
	for _, r := range regexp.MustCompile(`\*\*([SM][0-9]+)\.\*\*`).FindAllStringSubmatch(string(spec), -1) {
		m[r[1]] = true
	}
	if len(m) == 0 {
		t.Fatal("SPEC.md states no rulings")
	}
	return m
}

func TestVariantsNameTheRuleTheyBreak(t *testing.T) {
	t.Run("samegame", func(t *testing.T) { checkNames(t, SameGame(), "S") })
	t.Run("match3", func(t *testing.T) { checkNames(t, match3Game.variants, "M") })
}

// checkNames checks that every variant has a name of its own and names a
// ruling of its game, whose rulings start with prefix.
func checkNames[C, T any](t *testing.T, variants []conformance.Variant[C, T], prefix string) {
	if len(variants) == 0 {
		t.Fatal("no variants")
	}
	seen := map[string]bool{}
	known := rulings(t)
	for i, v := range variants {
		if strings.TrimSpace(v.Name) == "" {
			t.Errorf("variant %d (rule %q): empty name", i, v.Rule)
		}
		if seen[v.Name] {
			t.Errorf("variant %q: name used twice", v.Name)
		}
		seen[v.Name] = true
		// A sub-point such as M5.4 is a numbered step of ruling M5.
		ruling, step, sub := strings.Cut(v.Rule, ".")
		if !known[ruling] || !strings.HasPrefix(v.Rule, prefix) || sub && !regexp.MustCompile(`^[1-9]$`).MatchString(step) {
			t.Errorf("variant %q: rule %q is not a ruling of its game in SPEC.md", v.Name, v.Rule)
		}
		if v.Play == nil {
			t.Errorf("variant %q: nil Play", v.Name)
		}
	}
}

// outcome is what a case shows of a variant.
type outcome int

const (
	differs outcome = iota // its trace differs from the reference's
	panics                 // it panics with an index out of range
	agrees                 // its trace, Detail included, is the reference's
)

func (o outcome) String() string { return [...]string{"differs", "panics", "agrees"}[o] }

// row is one case of a variant.
type row struct {
	variant string // the variant's Name
	input   string // the case's name among the game's inputs
	want    outcome
}

// game is what the tests need of a game.
type game[C, T any] struct {
	name     string // the game's name, its directory of built-in cases
	variants []conformance.Variant[C, T]
	inputs   map[string]string
	parse    func(io.Reader) (C, error)
	play     func(C) T // the reference, with the Detail a variant gives
	diff     func(got, want T) (int, string)
}

var (
	sameGame = game[*samegame.Case, samegame.Trace]{
		name: "samegame", variants: SameGame(), inputs: sameGameInputs,
		parse: samegame.Parse, play: reference.PlaySameGameSummary, diff: samegame.Diff,
	}
	match3Game = game[*match3.Case, match3.Trace]{
		name: "match3", variants: append(Match3(), Match3Beyond()...), inputs: match3Inputs,
		parse: match3.Parse, play: reference.PlayMatch3, diff: match3.Diff,
	}
)

// input returns the input called name parsed, failing t when there is
// none or it does not parse: one of g.inputs, or else the game family's
// built-in case GAME-NAME, each made by hand to show one rule.
func (g game[C, T]) input(t *testing.T, name string) C {
	t.Helper()
	text, ok := g.inputs[name]
	if !ok {
		b, err := os.ReadFile(filepath.Join("..", "..", builtinDirs[g.name], g.name+"-"+name+".in"))
		if err != nil {
			t.Fatalf("no input %q: %v", name, err)
		}
		text = string(b)
	}
	c, err := g.parse(strings.NewReader(text))
	if err != nil {
		t.Fatalf("input %q: %v", name, err)
	}
	return c
}

// variant returns the variant called name.
func (g game[C, T]) variant(name string) (conformance.Variant[C, T], bool) {
	for _, v := range g.variants {
		if v.Name == name {
			return v, true
		}
	}
	return conformance.Variant[C, T]{}, false
}

// play plays c and returns the trace, or what Play panicked with.
func play[C, T any](v conformance.Variant[C, T], c C) (tr T, crash any) {
	defer func() { crash = recover() }()
	return v.Play(c), nil
}

// checkRows plays every row and checks its outcome, and checks that the
// rows tell every variant from the reference and show every crash
// variant agreeing on some case.
func checkRows[C, T any](t *testing.T, g game[C, T], rows []row) {
	caught, agreed, crashed := map[string]bool{}, map[string]bool{}, map[string]bool{}
	for _, r := range rows {
		t.Run(r.variant+"/"+r.input, func(t *testing.T) {
			v, ok := g.variant(r.variant)
			if !ok {
				t.Fatalf("no variant %q", r.variant)
			}
			c := g.input(t, r.input)
			got, crash := play(v, c)
			switch {
			case crash != nil && r.want != panics:
				t.Fatalf("Play panicked: %v, want it to %v", crash, r.want)
			case r.want == panics:
				err, ok := crash.(runtime.Error)
				if !ok || !strings.Contains(err.Error(), "index out of range") {
					t.Fatalf("Play = %v, want a panic with an index out of range", crash)
				}
				crashed[r.variant] = true
				return
			}
			want := g.play(c)
			_, msg := g.diff(got, want)
			switch r.want {
			case differs:
				if msg == "" {
					t.Fatal("the trace is the reference's, want it to differ")
				}
				caught[r.variant] = true
			case agrees:
				if msg != "" {
					t.Fatalf("the trace differs from the reference's: %s", msg)
				}
				if !reflect.DeepEqual(got, want) {
					t.Fatal("the trace agrees with the reference's but its Detail differs")
				}
				agreed[r.variant] = true
			}
		})
	}
	for _, v := range g.variants {
		switch {
		case !caught[v.Name] && !crashed[v.Name]:
			t.Errorf("variant %q: no case tells it from the reference", v.Name)
		case crashed[v.Name] && !agreed[v.Name]:
			t.Errorf("variant %q: it crashes, but no case shows it agreeing with the reference", v.Name)
		}
	}
}

func TestVariantsAreSafeForConcurrentUse(t *testing.T) {
	t.Run("samegame", func(t *testing.T) {
		checkConcurrent(t, sameGame, "statement-example", "two-columns-empty-at-once", "twenty-box")
	})
	t.Run("match3", func(t *testing.T) {
		checkConcurrent(t, match3Game, "u-shaped-block", "combination-two-by-three", "special-falls-with-piece", "hand-tie-break")
	})
}

// checkConcurrent plays every variant on the named inputs alone, then
// from several goroutines at once, each in its own order, and checks
// that every result is the one played alone. Run it with -race.
func checkConcurrent[C, T any](t *testing.T, g game[C, T], inputs ...string) {
	type job struct {
		v     conformance.Variant[C, T]
		input string
		c     C
	}
	var jobs []job
	for _, name := range inputs {
		c := g.input(t, name)
		for _, v := range g.variants {
			jobs = append(jobs, job{v, name, c})
		}
	}
	type result struct {
		trace T
		crash string
	}
	run := func(j job) result {
		tr, crash := play(j.v, j.c)
		if crash != nil {
			return result{crash: fmt.Sprint(crash)}
		}
		return result{trace: tr}
	}
	alone := make([]result, len(jobs))
	for i, j := range jobs {
		alone[i] = run(j)
	}
	const workers = 4
	var wg sync.WaitGroup
	for w := range workers {
		wg.Go(func() {
			for k := range jobs {
				i := (k + w*len(jobs)/workers) % len(jobs) // each worker starts elsewhere
				if got := run(jobs[i]); !reflect.DeepEqual(got, alone[i]) {
					t.Errorf("variant %q on %s: played concurrently, the result differs from the one played alone", jobs[i].v.Name, jobs[i].input)
				}
			}
		})
	}
	wg.Wait()
}

func TestEveryRulingHasVariantsOrSaysWhyNot(t *testing.T) {
	t.Run("samegame", func(t *testing.T) { checkRulings(t, SameGameRulings(), sameGame.variants) })
	t.Run("match3", func(t *testing.T) { checkRulings(t, Match3Rulings(), match3Game.variants) })
}

// checkRulings checks that every variant breaks a ruling of the table,
// that a ruling has variants unless it says why it has none, and that a
// ruling whose variants all fail to count is one the audit can explain.
func checkRulings[C, T any](t *testing.T, rulings []conformance.Ruling, variants []conformance.Variant[C, T]) {
	known := map[string]bool{}
	for _, r := range rulings {
		known[r.Rule] = true
		n := 0
		for _, v := range variants {
			if v.Rule == r.Rule {
				n++
			}
		}
		switch {
		case n == 0 && r.NoVariant == "":
			t.Errorf("ruling %s: no variant, and no reason why", r.Rule)
		case n > 0 && r.NoVariant != "":
			t.Errorf("ruling %s: %d variants, yet it says it has none: %s", r.Rule, n, r.NoVariant)
		}
	}
	for _, v := range variants {
		if !known[v.Rule] {
			t.Errorf("variant %q: rule %s is not in the rulings table", v.Name, v.Rule)
		}
		if v.Equivalent != "" && v.Unreachable != "" {
			t.Errorf("variant %q: both equivalent and unreachable", v.Name)
		}
	}
}

// builtinDirs are where the game families keep the cases they embed,
// from the root of the module, by game.
var builtinDirs = map[string]string{
	"samegame": filepath.Join("cubes", "testdata", "builtin"),
	"match3":   filepath.Join("gems", "testdata", "builtin"),
}
