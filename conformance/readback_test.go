package conformance_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/txtar"

	"github.com/cascade-harness/cascade/casegen"
	"github.com/cascade-harness/cascade/conformance"
	"github.com/cascade-harness/cascade/cubes"
	"github.com/cascade-harness/cascade/engine"
	"github.com/cascade-harness/cascade/samegame"
)

// cascade reads everything it writes: a case written by gen (Puzzle.Format),
// as a shrunk case, a --json report's input, a suite's NAME.in or an
// --emit script's case.in (Game.file of Game.format), read back by check
// --cases (ReadCasesFor, an .in file and a .txtar member) and by the
// parsers under --rules, is the case it was, under every rule set:
// named ones and custom ones drawn with every setting anywhere in its
// range, expressions of every length up to past ExprMax (what ParseRules
// refuses is never written), boxes up to the largest usual box. Cases 0
// and 1 are every setting at its longest, on the largest usual boxes,
// 4096x1 and 64x64.
func TestEverythingWrittenReadsBack(t *testing.T) {
	cases := 200
	if testing.Short() {
		cases = 40
	}
	dir := t.TempDir()
	for i := range cases {
		r := rand.New(rand.NewPCG(uint64(i), 0x7265616462616b))
		rules, text := drawRules(r, i)
		c := drawCaseUnder(r, rules, i < 2)
		if msg := readsBack(dir, i, c); msg != "" {
			t.Errorf("case %d, rules %q (%d bytes), %dx%d box, %d clicks: %s", i, text, len(text), c.W, c.H, len(c.Moves), msg)
		}
	}
}

// drawRules draws a rule set ParseRules accepts and the text it came
// from: a named one, or custom with each setting drawn, often at the
// ends of its range, each expression of a length up to half as long
// again as ExprMax; for i 0 and 1, every setting at its longest. Drawn
// text ParseRules refuses is drawn again.
func drawRules(r *rand.Rand, i int) (samegame.Rules, string) {
	for {
		text := customText(r, i)
		if i >= 2 && r.IntN(4) == 0 {
			names := samegame.Names()
			text = names[r.IntN(len(names))]
		}
		if rules, err := samegame.ParseRules(text); err == nil {
			return rules, text
		}
	}
}

func customText(r *rand.Rand, i int) string {
	pick := func(vs ...string) string { return vs[r.IntN(len(vs))] }
	exprLen := func() int {
		if i < 2 || r.IntN(4) == 0 {
			return samegame.ExprMax
		}
		return 1 + r.IntN(samegame.ExprMax*3/2)
	}
	w := 1 + r.IntN(samegame.SizeMaxCells)
	h := samegame.SizeMaxCells / w
	if i >= 2 {
		return fmt.Sprintf("%s min=%s points=%s clear=%s left=%s end=%s close=%s size=%s colours=%d",
			pick("custom", "benchmark", "lx"), pick("1", "2", "3", "1073741824"), drawExpr(r, exprLen()),
			pick("0", "1000", "-9223372036854775808", "9223372036854775807"), drawExpr(r, exprLen()),
			pick("over", "list", "move"), pick("left", "right"), pick("0x0", fmt.Sprintf("%dx%d", w, h), "64x64", "5x3"), r.IntN(10))
	}
	size := []string{fmt.Sprintf("%dx1", samegame.SizeMaxCells), "64x64"}[i]
	return fmt.Sprintf("custom min=1073741824 points=%s clear=-9223372036854775808 left=%s end=over close=right size=%s colours=9",
		drawExpr(r, exprLen()), drawExpr(r, exprLen()), size)
}

// drawExpr draws an expression of about l bytes, exactly l when l is
// ExprMax: a random term in n, then as many +n, *2, -1 as make up the
// length, which keep the evaluation stack shallow however long it is.
func drawExpr(r *rand.Rand, l int) string {
	terms := []string{"n", "n*(n+1)/2", "(n-2)^2", "-(n-2)^2", "max(20-n,0)^2", "min(n,3)", "9223372036854775807",
		"(-9223372036854775807-1)/(n-2)", "2^n", "n/0", "7/-2"}
	e := terms[r.IntN(len(terms))]
	for len(e) < l-1 {
		e += []string{"+n", "*2", "-1", "/3"}[r.IntN(4)]
	}
	switch {
	case len(e) > l:
		e = strings.Repeat("1", max(l, 1))
	case len(e) == l-1:
		e = "-" + e
	}
	return e
}

// drawCaseUnder draws a case under rules as check generates it, or, for
// largest, on the rule set's largest usual box with clicks to the end.
func drawCaseUnder(r *rand.Rand, rules samegame.Rules, largest bool) *samegame.Case {
	o := casegen.SameGameKnobs(r, 0).Under(r, rules, 0)
	if o.BigGroup {
		// Large, but far from a limit of the rules; kept out for speed.
		o = casegen.SameGameOptions{Rules: rules}
	}
	if rules.Width > 0 && (largest || r.IntN(8) == 0) {
		o.N, o.H, o.BigGroup = casegen.Exactly(rules.Width), casegen.Exactly(rules.Height), false
	}
	o.Clicks = casegen.Between(0, 30)
	o.NewPlayer = func(c *samegame.Case) casegen.SameGamePlayer { return engine.NewSameGame(c) }
	if rules.IsCodeAbbey() {
		o.Rules = samegame.Rules{}
	}
	return casegen.SameGame(r, o)
}

// readsBack writes c every way cascade writes a case and reads each back,
// and says what did not read back as c; "" when all did.
func readsBack(dir string, i int, c *samegame.Case) string {
	g := cubes.Under(c.Rules)
	var gen bytes.Buffer
	if err := conformance.NewPuzzle(g, c).Format(&gen); err != nil {
		return fmt.Sprintf("gen: %v", err)
	}
	file := g.File(c, g.FormatInput(c))
	var report struct{ Rules, Input string }
	js, err := json.Marshal(struct{ Rules, Input string }{g.Rules, string(file)})
	if err == nil {
		err = json.Unmarshal(js, &report)
	}
	if err != nil {
		return fmt.Sprintf("--json: %v", err)
	}
	var p []string
	same := func(path string, in []byte, under *conformance.Game[*samegame.Case, samegame.Trace]) {
		got, err := under.ParseInput(in)
		switch {
		case err != nil:
			p = append(p, fmt.Sprintf("%s: %v", path, err))
		case !sameCase(got, c):
			p = append(p, fmt.Sprintf("%s: read back as\n%v\nwant\n%v", path, got, c))
		}
	}
	same("gen", gen.Bytes(), cubes.Game)
	same("shrunk case, suite NAME.in", file, cubes.Game)
	same("--json input", []byte(report.Input), cubes.Game)
	same("a program's input under --rules", g.FormatInput(c), g)
	same("a file under --rules", file, g)
	if g.Rules != "" {
		// A program under test reads the rules from CASCADE_RULES.
		if r, err := samegame.ParseRules(report.Rules); err != nil || !r.Same(c.Rules) {
			p = append(p, fmt.Sprintf("--json rules, CASCADE_RULES %q: %v, %v", report.Rules, r, err))
		}
	}

	sub := filepath.Join(dir, strconv.Itoa(i))
	emitted := txtar.Format(&txtar.Archive{Files: []txtar.File{{Name: "case.in", Data: file}, {Name: "case.ans", Data: []byte("0\n")}}})
	if err := os.Mkdir(sub, 0o777); err != nil {
		return err.Error()
	}
	for name, data := range map[string][]byte{"suite.in": file, "emit.txtar": emitted} {
		if err := os.WriteFile(filepath.Join(sub, name), data, 0o666); err != nil {
			return err.Error()
		}
	}
	read, err := conformance.ReadCasesFor(sub, nil)
	if err != nil {
		return err.Error()
	}
	names := []string{"emit/case", "suite"}
	if got := slices.Collect(func(yield func(string) bool) {
		for _, rc := range read {
			if !yield(rc.Name) {
				return
			}
		}
	}); !slices.Equal(got, names) {
		p = append(p, fmt.Sprintf("--cases read %v, want %v", got, names))
	}
	for _, rc := range read {
		if rc.Err != nil {
			p = append(p, fmt.Sprintf("--cases %s: %v", rc.Name, rc.Err))
			continue
		}
		same("--cases "+rc.Name, rc.Input, cubes.Game)
	}
	return strings.Join(p, "\n")
}

// sameCase reports whether a and b are the same case: the same rule set,
// generation settings included, box and clicks.
func sameCase(a, b *samegame.Case) bool {
	return a.Rules.Equal(b.Rules) && a.Rules.Full() == b.Rules.Full() && a.W == b.W && a.H == b.H &&
		slices.Equal(a.Board, b.Board) && slices.Equal(a.Moves, b.Moves)
}
