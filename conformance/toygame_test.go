package conformance_test

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"math/bits"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/cascade-harness/cascade/conformance"
)

// The drop game is a toy third game, described here and nowhere else, to
// show that a Game value is all the harness needs: a row of coloured
// cells; each drop names a cell of the row as it stands and removes the
// longest run of cells of its colour through it, scoring size²; the
// cells on either side close up. A drop past the end of the row removes
// nothing and scores nothing.
//
// The input is three lines: the row as digits 1..9, the number of drops,
// and the drops, 0-based:
//
//	12213
//	2
//	1 0

// toyCase is a case of the drop game.
type toyCase struct {
	Row   []uint8 // colours 1..9
	Drops []int   // cells of the row as it stands, 0-based
}

// toyStep is what one drop did.
type toyStep struct {
	Drop    int
	Colour  uint8 // 0 for a drop past the end
	Removed int
	Points  int64
}

func (s toyStep) String() string {
	if s.Removed == 0 {
		return fmt.Sprintf("drop %d: past the end, %d points", s.Drop, s.Points)
	}
	return fmt.Sprintf("drop %d: %d cells of colour %d, %d points", s.Drop, s.Removed, s.Colour, s.Points)
}

// toyTrace is the account of a whole drop game.
type toyTrace struct {
	Steps []toyStep
	Total int64
}

// toyMaxRow bounds the row of a valid case.
const toyMaxRow = 1000

func (c *toyCase) clone() *toyCase {
	return &toyCase{Row: slices.Clone(c.Row), Drops: slices.Clone(c.Drops)}
}

func (c *toyCase) validate() error {
	if c == nil {
		return errors.New("no case")
	}
	if len(c.Row) < 1 || len(c.Row) > toyMaxRow {
		return fmt.Errorf("row of %d cells, want 1..%d", len(c.Row), toyMaxRow)
	}
	for i, v := range c.Row {
		if v < 1 || v > 9 {
			return fmt.Errorf("cell %d: colour %d outside 1..9", i, v)
		}
	}
	for i, d := range c.Drops {
		if d < 0 || d >= len(c.Row) {
			return fmt.Errorf("drop %d: cell %d outside 0..%d", i+1, d, len(c.Row)-1)
		}
	}
	return nil
}

func parseToy(r io.Reader) (*toyCase, error) {
	var lines []string
	sc := bufio.NewScanner(r)
	for sc.Scan() {
		lines = append(lines, strings.TrimSpace(sc.Text()))
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	for len(lines) > 0 && lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	if len(lines) < 2 {
		return nil, fmt.Errorf("line %d: missing, want the row and the number of drops", len(lines)+1)
	}
	c := &toyCase{}
	if lines[0] == "" {
		return nil, errors.New("line 1: empty, want the row")
	}
	for i, ch := range lines[0] {
		if ch < '1' || ch > '9' {
			return nil, fmt.Errorf("line 1: cell %d is %q, want a colour 1..9", i, ch)
		}
		c.Row = append(c.Row, uint8(ch-'0'))
	}
	k, err := strconv.Atoi(lines[1])
	if err != nil || k < 0 {
		return nil, fmt.Errorf("line 2: %q, want the number of drops", lines[1])
	}
	if len(c.Row) > toyMaxRow {
		return nil, fmt.Errorf("line 1: row of %d cells, want at most %d", len(c.Row), toyMaxRow)
	}
	var fields []string
	if len(lines) > 2 {
		fields = strings.Fields(lines[2])
	}
	if len(fields) != k {
		return nil, fmt.Errorf("line 3: %d drops, want %d", len(fields), k)
	}
	if len(lines) > 3 {
		return nil, fmt.Errorf("line 4: %q after the drops", lines[3])
	}
	for i, f := range fields {
		d, err := strconv.Atoi(f)
		if err != nil || d < 0 || d >= len(c.Row) {
			return nil, fmt.Errorf("line 3: drop %d is %q, want a cell 0..%d", i+1, f, len(c.Row)-1)
		}
		c.Drops = append(c.Drops, d)
	}
	return c, nil
}

func formatToy(w io.Writer, c *toyCase) error {
	var b strings.Builder
	for _, v := range c.Row {
		b.WriteByte('0' + v)
	}
	fmt.Fprintf(&b, "\n%d\n", len(c.Drops))
	for i, d := range c.Drops {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(strconv.Itoa(d))
	}
	b.WriteByte('\n')
	_, err := io.WriteString(w, b.String())
	return err
}

// playToy plays c scoring a run of n cells points(n).
func playToy(c *toyCase, points func(n int) int64) toyTrace {
	row := slices.Clone(c.Row)
	t := toyTrace{Steps: []toyStep{}}
	for _, d := range c.Drops {
		s := toyStep{Drop: d}
		if d < len(row) {
			lo, hi := d, d+1
			for lo > 0 && row[lo-1] == row[d] {
				lo--
			}
			for hi < len(row) && row[hi] == row[d] {
				hi++
			}
			s.Colour, s.Removed, s.Points = row[d], hi-lo, points(hi-lo)
			row = slices.Delete(row, lo, hi)
		}
		t.Steps = append(t.Steps, s)
		t.Total += s.Points
	}
	return t
}

func toySquare(n int) int64 { return int64(n) * int64(n) }

// toyCapped is the planted bug: a run of four or more scores 3².
func toyCapped(n int) int64 { return toySquare(min(n, 3)) }

func diffToy(got, want toyTrace) (int, string) {
	n := min(len(got.Steps), len(want.Steps))
	for i := range n {
		if got.Steps[i] != want.Steps[i] {
			return i + 1, fmt.Sprintf("drop %d: got %v, want %v", i+1, got.Steps[i], want.Steps[i])
		}
	}
	if len(got.Steps) != len(want.Steps) {
		return n + 1, fmt.Sprintf("got %d drops, want %d", len(got.Steps), len(want.Steps))
	}
	if got.Total != want.Total {
		return 0, fmt.Sprintf("total: got %d, want %d", got.Total, want.Total)
	}
	return -1, ""
}

// The kinds of step of the drop game.
const (
	toyPastTheEnd = "a drop past the end"
	toyShortRun   = "a drop on a run of 3 or fewer"
	toyLongRun    = "a drop on a run of 4 or more"
)

func toyStepKind(_ *toyCase, t toyTrace, i int) string {
	if i < 1 || i > len(t.Steps) {
		return "the total"
	}
	switch n := t.Steps[i-1].Removed; {
	case n == 0:
		return toyPastTheEnd
	case n >= 4:
		return toyLongRun
	}
	return toyShortRun
}

// generateToy makes rows of up to 20 cells of three colours, so that
// runs of four are neither rare nor everywhere, and aims most drops at
// the row as the reference leaves it.
func generateToy(seed uint64, i, maxSize int) *toyCase {
	r := rand.New(rand.NewPCG(seed+uint64(i), 0x70))
	n := 1 + r.IntN(20)
	if maxSize > 0 {
		n = min(n, maxSize)
	}
	c := &toyCase{Row: make([]uint8, n)}
	for j := range c.Row {
		c.Row[j] = uint8(1 + r.IntN(3))
	}
	left := n
	for range r.IntN(7) {
		if left < n && r.IntN(8) == 0 {
			c.Drops = append(c.Drops, left+r.IntN(n-left))
			continue
		}
		if left == 0 {
			break
		}
		c.Drops = append(c.Drops, r.IntN(left))
		t := playToy(c, toySquare)
		left -= t.Steps[len(t.Steps)-1].Removed
	}
	return c
}

// toyCut returns c without cells [lo, hi). A drop names a place in the
// row as it stands, not a cell, so drops after the cut move down with
// it and drops inside it go to its place, clamped to the row.
func toyCut(c *toyCase, lo, hi int) *toyCase {
	n := len(c.Row) - (hi - lo)
	if n < 1 {
		return nil
	}
	d := &toyCase{Row: slices.Delete(slices.Clone(c.Row), lo, hi)}
	for _, x := range c.Drops {
		switch {
		case x >= hi:
			x -= hi - lo
		case x >= lo:
			x = lo
		}
		d.Drops = append(d.Drops, min(x, n-1))
	}
	return d
}

// toyRecolour merges colour a into b (a 0: none) and renumbers the
// colours in use 1, 2, ... keeping their order; nil when that changes
// nothing.
func toyRecolour(c *toyCase, a, b uint8) *toyCase {
	d := c.clone()
	for i, v := range d.Row {
		if v == a {
			d.Row[i] = b
		}
	}
	used := conformance.ColoursUsed(d.Row, func(v uint8) int { return int(v) })
	for i, v := range d.Row {
		d.Row[i] = uint8(slices.Index(used, int(v)) + 1)
	}
	if slices.Equal(d.Row, c.Row) {
		return nil
	}
	return d
}

// toyPasses shrink a drop game as the real games' passes do: fewer
// drops, a shorter row (cut at either end by binary search, then cells
// inside it), fewer colours, and drops aimed further left.
var toyPasses = []conformance.Pass[*toyCase]{
	{Name: "drop drops", Smaller: true, Run: func(s *conformance.Shrinking[*toyCase]) {
		s.DropChunks(
			func() int { return len(s.Case().Drops) },
			func(lo, hi int) bool {
				d := s.Case().clone()
				d.Drops = slices.Delete(d.Drops, lo, hi)
				return s.Try(d)
			})
	}},
	{Name: "cut the row", Smaller: true, Run: func(s *conformance.Shrinking[*toyCase]) {
		size := func() int { return len(s.Case().Row) }
		s.Bisect(size, func(k int) bool { return s.Try(toyCut(s.Case(), size()-k, size())) })
		s.Bisect(size, func(k int) bool { return s.Try(toyCut(s.Case(), 0, k)) })
		s.DropChunks(size, func(lo, hi int) bool { return s.Try(toyCut(s.Case(), lo, hi)) })
	}},
	{Name: "fewer colours", Smaller: true, Run: func(s *conformance.Shrinking[*toyCase]) {
		s.Try(toyRecolour(s.Case(), 0, 0))
		used := func() []int { return conformance.ColoursUsed(s.Case().Row, func(v uint8) int { return int(v) }) }
		for a := len(used()) - 1; a > 0 && !s.Done(); a-- {
			for b := range a {
				if s.Try(toyRecolour(s.Case(), uint8(used()[a]), uint8(used()[b]))) {
					a = min(a, len(used()))
					break
				}
			}
		}
	}},
	{Name: "lower drops", Run: func(s *conformance.Shrinking[*toyCase]) {
		for i := 0; i < len(s.Case().Drops) && !s.Done(); i++ {
			if s.Case().Drops[i] > 0 {
				d := s.Case().clone()
				d.Drops[i]--
				s.Try(d)
			}
		}
	}},
}

// toy is the drop game, described once.
var toy = &conformance.Game[*toyCase, toyTrace]{
	Name:     "drop",
	Step:     "drop",
	Parse:    parseToy,
	Format:   formatToy,
	Validate: (*toyCase).validate,
	Clone:    (*toyCase).clone,
	Size:     func(c *toyCase) string { return fmt.Sprintf("L=%d, K=%d", len(c.Row), len(c.Drops)) },

	Steps: func(c *toyCase) int { return len(c.Drops) },
	Prefix: func(c *toyCase, i int) *toyCase {
		p := c.clone()
		p.Drops = p.Drops[:i]
		return p
	},
	StepText: func(c *toyCase, i int) string { return strconv.Itoa(c.Drops[i-1]) },

	Reference: func(c *toyCase) toyTrace { return playToy(c, toySquare) },
	Total:     func(t toyTrace) int64 { return t.Total },
	Diff:      diffToy,
	StepKind:  toyStepKind,

	Generate: generateToy,
	MaxSize:  toyMaxRow,
	Passes:   toyPasses,
	Builtin: func() []conformance.Case {
		return []conformance.Case{
			{Name: "drop-example", Input: []byte("1221\n2\n1 0\n"), Want: 8, HasWant: true},
			{Name: "drop-past-the-end", Input: []byte("12\n3\n0 0 1\n"), Want: 2, HasWant: true},
		}
	},
}

// toyCapper is an implementation of the drop game with the planted bug.
var toyCapper = toy.Func("capper", func(c *toyCase) (toyTrace, error) { return playToy(c, toyCapped), nil })

// toyMinimal is the smallest case that shows the planted bug: one drop
// on a run of four.
const toyMinimal = "1111\n1\n0\n"

// toyCaseOf parses a case the test writes.
func toyCaseOf(t *testing.T, in string) *toyCase {
	t.Helper()
	c, err := toy.ParseInput([]byte(in))
	if err != nil {
		t.Fatalf("%q: %v", in, err)
	}
	return c
}

// toyFails reports whether the capper's total differs from the
// reference's.
func toyFails(c *toyCase) bool {
	return playToy(c, toyCapped).Total != playToy(c, toySquare).Total
}

func TestToyGameFormatRoundTrips(t *testing.T) {
	for i := range 50 {
		c := toy.Generate(1, i, 0)
		back, err := toy.ParseInput(toy.FormatInput(c))
		if err != nil || string(toy.FormatInput(back)) != string(toy.FormatInput(c)) {
			t.Errorf("generated case %d: %q parses to %v, %v", i, toy.FormatInput(c), back, err)
		}
	}
	for _, tc := range []struct{ in, want string }{
		{"", "line 1: missing"},
		{"\n0\n", "line 1: empty"},
		{"12\n", "line 2: missing"},
		{"1x2\n0\n", "line 1: cell 1 is 'x'"},
		{"12\n-1\n", "line 2: \"-1\""},
		{"12\n2\n0\n", "line 3: 1 drops, want 2"},
		{"12\n1\n2\n", "line 3: drop 1 is \"2\", want a cell 0..1"},
		{"12\n1\n0\n0\n", "line 4: \"0\" after the drops"},
	} {
		if _, err := toy.ParseInput([]byte(tc.in)); err == nil || !strings.HasPrefix(err.Error(), tc.want) {
			t.Errorf("parse(%q) error %v, want %s...", tc.in, err, tc.want)
		}
	}
}

func TestToyGameGeneratedCaseIDependsOnSeedPlusI(t *testing.T) {
	for i := range 20 {
		a, b := toy.FormatInput(toy.Generate(5, i, 0)), toy.FormatInput(toy.Generate(5+uint64(i), 0, 0))
		if string(a) != string(b) {
			t.Errorf("case %d of seed 5 is %q, case 0 of seed %d is %q", i, a, 5+i, b)
		}
		if err := toy.Validate(toy.Generate(5, i, 0)); err != nil {
			t.Errorf("case %d of seed 5 is not valid: %v", i, err)
		}
	}
}

func TestToyGameCheckNamesTheFirstDivergingDropAndItsKind(t *testing.T) {
	ctx := context.Background()
	// 1212111122: the drops leave 212111122, 12111122, 1111122, and the
	// fourth drop takes a run of five: 25 points, 9 for the capper.
	c := toyCaseOf(t, "1212111122\n4\n0 0 1 0\n")
	ref := player(t, toy, conformance.ReferenceName)
	if res, err := toy.Check(ctx, ref, c); err != nil || !res.Ok() || res.Got != 1+1+1+25 {
		t.Errorf("toy.Check(reference) = %v, %v; want accepted 28", &res, err)
	}
	res, err := toy.Check(ctx, toyCapper, c)
	if err != nil {
		t.Fatal(err)
	}
	if res.Verdict != conformance.WrongAnswer || res.Move != 4 || res.Kind != toyLongRun || res.Got != 12 || res.Want != 28 || !res.Traced {
		t.Errorf("toy.Check(capper) = %v, move %d (%s); want a wrong answer at drop 4, %s, 12 for 28", &res, res.Move, res.Kind, toyLongRun)
	}
	if !strings.HasPrefix(res.Diff, "drop 4: got drop 0: 5 cells of colour 1, 9 points") {
		t.Errorf("Diff = %q, want the fourth drop's", res.Diff)
	}

	// A program that gives only a total is compared on it.
	score := conformance.Impl[*toyCase, toyTrace]{Name: "capper-score", Score: func(_ context.Context, in []byte) (int64, error) {
		c, err := toy.ParseInput(in)
		if err != nil {
			return 0, err
		}
		return playToy(c, toyCapped).Total, nil
	}}
	res, err = toy.Check(ctx, score, c)
	if err != nil || res.Verdict != conformance.WrongAnswer || res.Traced || res.Move != -1 || res.Diff != "total: got 12, want 28" {
		t.Errorf("toy.Check(capper-score) = %v, %v; want a wrong answer on the total", &res, err)
	}
	if _, err := toy.Check(ctx, ref, &toyCase{Row: []uint8{1}, Drops: []int{1}}); err == nil {
		t.Error("toy.Check of an invalid case: no error")
	}
	if _, ok := toy.Player(conformance.EngineName); ok {
		t.Error("the drop game has an engine player, but no Engine")
	}
}

func TestToyGameLocaliseFindsTheFirstDivergingDrop(t *testing.T) {
	c := toyCaseOf(t, "1212111122\n6\n0 0 1 0 0 0\n")
	calls := 0
	got, err := toy.Localise(c, func(p *toyCase) (bool, error) {
		calls++
		return toyFails(p), nil
	})
	if err != nil || got != 4 {
		t.Errorf("toy.Localise = %d, %v; want drop 4", got, err)
	}
	if limit := bits.Len(uint(len(c.Drops))) + 4; calls > limit {
		t.Errorf("%d calls for %d drops, want at most %d", calls, len(c.Drops), limit)
	}
	if _, err := toy.Localise(toyCaseOf(t, "12\n1\n0\n"), func(p *toyCase) (bool, error) { return toyFails(p), nil }); !errors.Is(err, conformance.ErrNoDivergence) {
		t.Errorf("toy.Localise of a case the capper gets right: %v, want ErrNoDivergence", err)
	}
}

func TestToyGameShrinkEndsAtOneDropOnARunOfFour(t *testing.T) {
	c := toyCaseOf(t, "3312221111121332\n5\n3 0 2 6 1\n")
	if !toyFails(c) {
		t.Fatalf("the capper gets %q right", toy.FormatInput(c))
	}
	got, stats := toy.Shrink(context.Background(), c, toyFails, conformance.ShrinkOptions{})
	if stats.Err != nil || string(toy.FormatInput(got)) != toyMinimal {
		t.Errorf("toy.Shrink = %q (%v), want %q", toy.FormatInput(got), stats, toyMinimal)
	}
}

func TestToyGameCandidatesAreValidAndStrictlySmaller(t *testing.T) {
	c := toyCaseOf(t, "3312221111121332\n5\n3 0 2 6 1\n")
	colourSum := func(c *toyCase) (s int) {
		for _, v := range conformance.ColoursUsed(c.Row, func(v uint8) int { return int(v) }) {
			s += v
		}
		return s
	}
	n := 0
	for d := range toy.Candidates(c) {
		n++
		if err := d.validate(); err != nil {
			t.Errorf("candidate %d not valid: %v", n, err)
			continue
		}
		no := len(d.Row) <= len(c.Row) && len(d.Drops) <= len(c.Drops) && colourSum(d) <= colourSum(c)
		less := len(d.Row) < len(c.Row) || len(d.Drops) < len(c.Drops) || colourSum(d) < colourSum(c)
		if !no || !less {
			t.Errorf("candidate %d not smaller: %q", n, toy.FormatInput(d))
		}
	}
	if n == 0 {
		t.Error("no candidates")
	}
	n = 0
	for range toy.Candidates(c) {
		if n++; n == 2 {
			break
		}
	}
	if n != 2 {
		t.Errorf("loop ran %d times, want 2", n)
	}
}

func TestToyGameRunFindsShrinksAndLocalisesThePlantedBug(t *testing.T) {
	// Seed 29 fails at once, on a case whose third drop is the first on
	// a long run: the shrink must lose the drops before it.
	rep, err := toy.Run(context.Background(), toyCapper, conformance.RunOptions{Seed: 29, Count: 1000, NoBuiltin: true, Jobs: 2})
	if err != nil {
		t.Fatal(err)
	}
	d := rep.Divergence
	if d == nil {
		t.Fatalf("toy.Run(capper) found no divergence in %d generated cases", rep.Generated)
	}
	if d.Index < 0 || rep.Verdicts[conformance.WrongAnswer] < 1 || rep.Game != "drop" || rep.Impl != "capper" {
		t.Errorf("report %+v; want a wrong answer on a generated case", rep)
	}
	found, err := toy.ParseInput(d.Found.Input)
	if err != nil {
		t.Fatal(err)
	}
	if d.Found.Kind != toyLongRun || d.Found.Move != 3 || !toyFails(found) {
		t.Errorf("found %v at drop %d (%s); want a wrong answer at drop 3, %s", &d.Found, d.Found.Move, d.Found.Kind, toyLongRun)
	}
	if string(d.Shrunk.Input) != toyMinimal || d.Shrunk.Verdict != conformance.WrongAnswer || d.Shrunk.Kind != toyLongRun || d.ShrinkStats.Err != nil {
		t.Errorf("shrunk to %v (%s, %v); want the minimal case\n%s", &d.Shrunk, d.Shrunk.Kind, d.ShrinkStats, toyMinimal)
	}
	if d.Op != 1 || d.OpErr != nil || d.AtOp.Ok() || d.AtOp.Got != 9 || d.AtOp.Want != 16 {
		t.Errorf("first diverging drop %d (%v), at it %v; want drop 1, 9 for 16", d.Op, d.OpErr, &d.AtOp)
	}
	// The case as found diverges where Localise says it does.
	step, err := toy.Localise(found, func(p *toyCase) (bool, error) { return toyFails(p), nil })
	if err != nil || step != d.Found.Move {
		t.Errorf("toy.Localise of the case found = %d, %v; Check named drop %d", step, err, d.Found.Move)
	}
}

func TestToyGameRunChecksTheBuiltinCases(t *testing.T) {
	rep, err := toy.Run(context.Background(), player(t, toy, conformance.ReferenceName), conformance.RunOptions{Seed: 1, Count: 200})
	if err != nil || !rep.Ok() || rep.Builtin != 2 || rep.Generated != 200 {
		t.Errorf("toy.Run(reference) = %+v, %v; want 2 built-in and 200 generated cases accepted", rep, err)
	}
	rep, err = toy.Run(context.Background(), toyCapper, conformance.RunOptions{Count: -1, Cases: []conformance.Case{{Name: "long", Input: []byte("211112\n1\n1\n")}}})
	if err != nil || len(rep.Failed) != 1 || rep.Failed[0].Name != "long" || rep.Divergence == nil || rep.Divergence.Source != "case long" {
		t.Fatalf("toy.Run(capper) on a named case = %+v, %v; want it failed and shrunk", rep, err)
	}
	if got := string(rep.Divergence.Shrunk.Input); got != toyMinimal {
		t.Errorf("named case shrunk to %q, want %q", got, toyMinimal)
	}
}

func TestToyGameTestReportsThePlantedBug(t *testing.T) {
	r := &recorder{ctx: t.Context()}
	toy.Test(r, player(t, toy, conformance.ReferenceName))
	if len(r.errors)+len(r.fatals) > 0 {
		t.Errorf("toy.Test(reference) reported %q %q", r.errors, r.fatals)
	}
	r = &recorder{ctx: t.Context()}
	toy.Test(r, toyCapper)
	all := strings.Join(r.errors, "\n")
	if len(r.fatals) > 0 || !strings.Contains(all, ", shrunk: wrong answer: drop 1: got drop 0: 4 cells of colour 1, 9 points") {
		t.Errorf("toy.Test(capper) reported\n%s\n%q; want the first failing generated case shrunk to one drop on a run of four", all, r.fatals)
	}
}
