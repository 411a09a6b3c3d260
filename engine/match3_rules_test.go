package engine

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/cascade-harness/cascade/match3"
	"github.com/cascade-harness/cascade/reference"
)

// match3RuleSets are the named match-3 rule sets, custom ones that reach
// what no named set combines (clear=lowest and refill under the
// statement's scoring, per=colour, specials that go off beside queues,
// start=score), and custom ones drawn from every arm of every setting.
func match3RuleSets(t testing.TB) []match3.Rules {
	sets := match3.Named()
	for _, text := range []string{
		"custom clear=lowest",
		"custom refill=queue start=score",
		"custom refill=queue clear=lowest start=settle points=i*c-n+r*s per=colour invalid=move moves=5 answer=board",
		"custom refill=queue clear=lowest points=n*n+c per=run nomove=end",
		"custom refill=queue clear=lowest start=score points=s*r+i per=run specials=effects invalid=bonus allvalid=7 cleared=11",
	} {
		r, err := match3.ParseRules(text)
		if err != nil {
			t.Fatal(err)
		}
		sets = append(sets, r)
	}
	keys := [][]string{
		{"refill=none", "refill=queue"}, {"clear=all", "clear=lowest"},
		{"start=settle", "start=score", "start=reject"}, {"invalid=bonus", "invalid=free", "invalid=move"},
		{"points=thupc", "points=i*c-n+r*s", "points=max(n-3,0)*r", "points=n"}, {"per=round", "per=run", "per=colour"},
		{"specials=effects", "specials=points"}, {"nomove=play", "nomove=end"}, {"moves=0", "moves=3"},
		{"answer=total", "answer=board"}, {"allvalid=0", "allvalid=5"}, {"cleared=0", "cleared=9"},
	}
	r := rand.New(rand.NewPCG(35, 3))
	for range 30 {
		text := "custom"
		for _, arms := range keys {
			text += " " + arms[r.IntN(len(arms))]
		}
		rules, err := match3.ParseRules(text)
		if err != nil {
			t.Fatal(err)
		}
		sets = append(sets, rules)
	}
	return sets
}

// match3RulesCase is a small board under rules, with queues of up to
// twice the board's size under refill=queue, specials on a fifth of the
// pieces and, unless swaps=none, operations of which about half are
// aimed (by the engine) at a swap that makes a run and the rest drawn
// among neighbours and anywhere.
func match3RulesCase(r *rand.Rand, rules match3.Rules) *match3.Case {
	n, m, k := 1+r.IntN(8), 1+r.IntN(8), 1+r.IntN(5)
	c := &match3.Case{Rules: rules, Rows: n, Cols: m, Colours: k, Board: make([]match3.Piece, n*m)}
	special := func() match3.Special {
		if r.IntN(5) > 0 {
			return match3.Plain
		}
		return match3.Special(1 + r.IntN(6))
	}
	for {
		if rules.Start != match3.StartReject {
			for i := range c.Board {
				c.Board[i].Colour = 1 + r.IntN(k)
			}
			break
		}
		if fillRunFree(r, c) {
			break
		}
		c.Colours++
		k = c.Colours
	}
	for i := range c.Board {
		c.Board[i].Special = special()
	}
	if rules.Refill == match3.RefillQueue {
		c.Queues = make([][]match3.Piece, m)
		for y := range c.Queues {
			for range r.IntN(2*n + 1) {
				c.Queues[y] = append(c.Queues[y], match3.Piece{Colour: 1 + r.IntN(k), Special: special()})
			}
		}
	}
	if rules.Swaps == match3.SwapsNone {
		return c
	}
	g := NewMatch3(c)
	var valid []match3.Swap
	for range r.IntN(3 * n * m) {
		a := match3.Cell{X: 1 + r.IntN(n), Y: 1 + r.IntN(m)}
		s := match3.Swap{A: a, B: match3.Cell{X: 1 + r.IntN(n), Y: 1 + r.IntN(m)}}
		switch r.IntN(4) {
		case 0, 1:
			valid = validSwaps(g, valid[:0])
			if len(valid) > 0 {
				s = valid[r.IntN(len(valid))]
			}
		case 2:
			s.B = a
			if r.IntN(2) == 0 && a.X < n {
				s.B.X++
			} else if a.Y < m {
				s.B.Y++
			}
		}
		g.Apply(s)
		c.Ops = append(c.Ops, s)
	}
	return c
}

// validSwaps appends to valid the swaps that make a run on g's board.
func validSwaps(g *Match3, valid []match3.Swap) []match3.Swap {
	for i := range g.board {
		for _, j := range []int{i + g.rows, i + 1} {
			if j < len(g.board) && (j != i+1 || j%g.rows != 0) && g.swapMakesRun(i, j) {
				valid = append(valid, match3.Swap{A: cellOf(g, i), B: cellOf(g, j)})
			}
		}
	}
	return valid
}

// checkRulesCase compares the engine's trace of c with the reference's,
// as checkMatch3 does, and that both or neither give the final board.
func checkRulesCase(t *testing.T, name string, c *match3.Case) (match3.Trace, bool) {
	t.Helper()
	want, ok := checkMatch3(t, name, c)
	if !ok {
		return want, false
	}
	if got := PlayMatch3(c); (got.Board == nil) != (want.Board == nil) || len(got.Board) != len(want.Board) {
		t.Errorf("%s: engine's final board %v, the reference's %v\ncase:\n%v", name, got.Board, want.Board, c)
		return want, false
	}
	return want, true
}

func TestMatch3RuleSetsMatchReference(t *testing.T) {
	r := rand.New(rand.NewPCG(35, 4))
	var over, refilled, settled, standing int
	for _, rules := range match3RuleSets(t) {
		for i := range cases(2000) {
			c := match3RulesCase(r, rules)
			if err := c.Validate(); err != nil {
				t.Fatalf("%s case %d: %v\n%v", rules.Name, i, err, c)
			}
			tr, ok := checkRulesCase(t, fmt.Sprintf("%s case %d", rules.Text(), i), c)
			if !ok {
				break
			}
			if tr.Start.Rounds > 0 {
				settled++
			}
			if slices.ContainsFunc(tr.Ops, func(r match3.Result) bool { return r.Validity == match3.Over }) {
				over++
			}
			for _, d := range append(tr.Detail, match3.Detail{Rounds: tr.StartRounds}) {
				for _, round := range d.Rounds {
					if len(round.Refilled) > 0 {
						refilled++
					}
				}
			}
			if rules.Clear == match3.ClearLowest {
				standing += leftStanding(c)
			}
		}
	}
	// What the cases must have reached for the comparison to mean much.
	for what, n := range map[string]int{"a settled start board": settled, "a game over": over,
		"a refilled round": refilled, "a clear=lowest round that left runs": standing} {
		if n == 0 {
			t.Errorf("no case reached %s", what)
		}
	}
}

// leftStanding counts the rounds of c's game in which clear=lowest left
// runs on the board.
func leftStanding(c *match3.Case) int {
	n := 0
	g := NewMatch3(c)
	g.afterScan = func(g *Match3, line []int32) {
		lowest, rest := 0, false
		for _, x := range g.runs {
			lowest = max(lowest, g.bottom(x))
		}
		for _, x := range g.runs {
			rest = rest || g.bottom(x) != lowest
		}
		if rest {
			n++
		}
	}
	g.load(c)
	for _, s := range c.Ops {
		g.Apply(s)
	}
	return n
}

// TestMatch3RulesIncrementalScanMatchesFullScan holds the scan to a full
// rescan under rule sets, refills and the runs clear=lowest leaves
// included: in every round, the settle's too, it finds every run on the
// board, and between operations none is left.
func TestMatch3RulesIncrementalScanMatchesFullScan(t *testing.T) {
	r := rand.New(rand.NewPCG(35, 5))
	rounds := 0
	for _, rules := range match3RuleSets(t) {
		for i := range cases(500) {
			c := match3RulesCase(r, rules)
			g := NewMatch3(c)
			g.afterScan = func(g *Match3, line []int32) {
				rounds++
				checkColumns(t, g)
				got := slices.Sorted(slices.Values(line))
				if want := fullScan(g); !slices.Equal(got, want) {
					t.Fatalf("%s case %d, operation %d: incremental scan marks %v, full scan %v\ncase:\n%v", rules.Name, i, g.ops, got, want, c)
				}
			}
			g.load(c)
			for _, s := range c.Ops {
				g.Apply(s)
				if left := fullScan(g); len(left) > 0 {
					t.Fatalf("%s case %d, after operation %d: runs left at %v\ncase:\n%v", rules.Name, i, g.ops, left, c)
				}
				checkColumns(t, g)
			}
		}
	}
	if rounds == 0 {
		t.Fatal("no round of elimination was played")
	}
}

// TestMatch3RuleSetWorkedExamples plays the worked example of every named
// rule set (match3/testdata/rules, derived by hand in SPEC-rulesets.md):
// the engine gives the pinned answer, the total or the final board.
func TestMatch3RuleSetWorkedExamples(t *testing.T) {
	for _, name := range match3.Names() {
		in, err := os.ReadFile(filepath.Join("..", "match3", "testdata", "rules", name+".in"))
		if err != nil {
			t.Fatal(err)
		}
		ans, err := os.ReadFile(filepath.Join("..", "match3", "testdata", "rules", name+".ans"))
		if err != nil {
			t.Fatal(err)
		}
		c, err := match3.Parse(bytes.NewReader(in))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		tr := PlayMatch3(c)
		var got bytes.Buffer
		if c.Rules.Effective().Answer == match3.AnswerBoard {
			match3.FormatBoard(&got, c.Rows, c.Cols, tr.Board)
		} else {
			fmt.Fprintf(&got, "%d\n", tr.Total)
		}
		if got.String() != string(ans) {
			t.Errorf("%s: engine answers\n%s\nwant\n%s", name, got.String(), ans)
		}
		if s := ScoreMatch3(c); s != tr.Total {
			t.Errorf("%s: ScoreMatch3 = %d, PlayMatch3's total %d", name, s, tr.Total)
		}
	}
}

// A clone under a rule set plays on apart from its original, its queues
// included.
func TestMatch3RulesCloneDivergesFromItsOriginal(t *testing.T) {
	r := rand.New(rand.NewPCG(35, 6))
	for _, rules := range match3RuleSets(t) {
		for range 20 {
			c := match3RulesCase(r, rules)
			if len(c.Ops) < 2 {
				continue
			}
			half := len(c.Ops) / 2
			g := NewMatch3(c)
			for _, s := range c.Ops[:half] {
				g.Apply(s)
			}
			h := g.Clone()
			// The clone plays the rest; the original, a swap of its own
			// first, then the rest.
			other := c.Clone()
			extra := match3.Swap{A: match3.Cell{X: 1, Y: 1}, B: match3.Cell{X: 1, Y: 2}}
			other.Ops = slices.Insert(other.Ops, half, extra)
			g.Apply(extra)
			for _, s := range c.Ops[half:] {
				g.Apply(s)
				h.Apply(s)
			}
			for _, p := range []struct {
				name string
				g    *Match3
				c    *match3.Case
			}{{"clone", h, c}, {"original", g, other}} {
				want := reference.PlayMatch3(p.c)
				if p.g.Total() != want.Total {
					t.Fatalf("%s: %s: total %d, want %d\ncase:\n%v", rules.Name, p.name, p.g.Total(), want.Total, p.c)
				}
				if msg := match3.DiffBoard(p.g.Board(), want.Detail[len(want.Detail)-1].Board, c.Cols); msg != "" {
					t.Fatalf("%s: %s: %s\ncase:\n%v", rules.Name, p.name, msg, p.c)
				}
			}
		}
	}
}

// Under clear=lowest a run that was not chosen still scores per=run when
// chosen runs cross every one of its cells, as the reference counts the
// runs a round removes. Here the lowest run is column 1's (rows 2-5);
// rows 2, 3 and 4 share a cell with it and are chosen; columns 2 and 3
// (rows 2-4) are not, yet every cell of theirs is removed: the settle
// scores 3+3+3 (rows) + 4+3+3 (columns) = 19, not the chosen runs' 13.
func TestMatch3PerRunScoresARunTheChosenRunsCover(t *testing.T) {
	c, err := match3.Parse(bytes.NewReader([]byte(`rules custom clear=lowest start=score points=n per=run specials=points allvalid=0 cleared=0
5 3 3 0
1 3 1
2 2 2
2 2 2
2 2 2
2 1 3
0 0 0
0 0 0
0 0 0
0 0 0
0 0 0
`)))
	if err != nil {
		t.Fatal(err)
	}
	if got := PlayMatch3(c); got.Start.Points != 19 || got.Start.Rounds != 1 || got.Total != 19 {
		t.Errorf("settle %v, total %d; want 1 round, points 19, total 19", got.Start, got.Total)
	}
	checkRulesCase(t, "crossed run", c)
}
