package match3

import (
	"errors"
	"reflect"
	"runtime"
	"strings"
	"testing"

	"github.com/cascade-harness/cascade/input"
)

func TestRulesTextRoundTrips(t *testing.T) {
	for _, text := range []string{
		"thupc",
		"custom",
		"custom refill=queue clear=lowest start=score invalid=move points=i+n-3 per=run specials=points nomove=end moves=20 allvalid=0 cleared=0 answer=board size=8x9 colours=6",
		"custom points=n*r per=colour",
		"thupc size=9x9 colours=5",
	} {
		r, err := ParseRules(text)
		if err != nil {
			t.Errorf("ParseRules(%q) = %v", text, err)
			continue
		}
		for _, form := range []string{r.String(), r.Full(), r.Text()} {
			s, err := ParseRules(form)
			if err != nil || !s.Equal(r) && form != r.String() || !s.Same(r) {
				t.Errorf("ParseRules(%q) = %+v, %v; want %+v", form, s, err, r)
			}
		}
	}
}

func TestRulesCanonicalFormOfThupc(t *testing.T) {
	const want = "thupc refill=none clear=all start=reject swaps=any invalid=bonus points=thupc per=round specials=effects nomove=play moves=0 allvalid=1000 cleared=10000 answer=total"
	if got := (Rules{}).String(); got != want {
		t.Errorf("Rules{}.String() = %q, want %q", got, want)
	}
	if got := Thupc.Text(); got != "thupc" {
		t.Errorf("Thupc.Text() = %q", got)
	}
}

func TestRulesNameWithChangedPlayBecomesCustom(t *testing.T) {
	r, err := ParseRules("thupc refill=queue")
	if err != nil || r.Name != "custom" || r.Refill != RefillQueue {
		t.Errorf(`ParseRules("thupc refill=queue") = %+v, %v; want custom with refill=queue`, r, err)
	}
	r, err = ParseRules("thupc colours=7")
	if err != nil || r.Name != "thupc" || r.Colours != 7 {
		t.Errorf(`ParseRules("thupc colours=7") = %+v, %v; want thupc, generation changed`, r, err)
	}
}

func TestRulesRejectBadText(t *testing.T) {
	for text, want := range map[string]string{
		"":                              "no rule set named",
		"nosuch":                        `unknown rule set "nosuch"`,
		"thupc refill":                  `"refill" is not key=value`,
		"thupc colour=3":                `unknown setting "colour"`,
		"thupc refill=some":             `refill: "some", want none or queue`,
		"thupc refill=none refill=none": "refill given twice",
		"thupc points=x":                "unknown variable 'x'",
		"thupc moves=-1":                "-1 outside 0..1073741824",
		"thupc size=3x0":                "both sides 0 or neither",
		"thupc clear=lowest per=cell":   `per: "cell", want round, run or colour`,
	} {
		_, err := ParseRules(text)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("ParseRules(%q) = %v, want an error containing %q", text, err, want)
		}
	}
}

func TestRulesTermEvaluatesPointVars(t *testing.T) {
	r, err := ParseRules("custom points=n*100+r*10+i+c*1000+s*10000")
	if err != nil {
		t.Fatal(err)
	}
	if got := r.Term(3, 2, 1, 4, 5); got != 300+20+1+4000+50000 {
		t.Errorf("Term(3, 2, 1, 4, 5) = %d", got)
	}
}

// queueCase is a 3x3 case under refill=queue with a start board that
// holds a run, as the text format writes it.
const queueCase = `rules custom refill=queue start=settle
3 3 3 1
1 1 1
2 3 2
3 2 3
0 0 0
0 1 0
0 0 0
2 2 1
0
1 3
5 0

0
2 3 2 3
`

func TestParseReadsRulesLineAndQueues(t *testing.T) {
	c, err := Parse(strings.NewReader(queueCase))
	if err != nil {
		t.Fatal(err)
	}
	if c.Rules.Refill != RefillQueue || c.Rules.Start != StartSettle || c.Rules.Name != "custom" {
		t.Errorf("Rules = %v", c.Rules)
	}
	want := [][]Piece{{{Colour: 2, Special: 5}, {Colour: 1}}, {}, {{Colour: 3}}}
	if !reflect.DeepEqual(c.Queues, want) {
		t.Errorf("Queues = %v, want %v", c.Queues, want)
	}
	if c.Board[0].Colour != 1 || c.Board[4].Special != Row || len(c.Ops) != 1 || c.Ops[0] != (Swap{Cell{2, 3}, Cell{2, 3}}) {
		t.Errorf("board or ops wrong: %+v", c)
	}
	if err := c.Validate(); err != nil {
		t.Errorf("Validate() = %v", err)
	}
	d, err := Parse(strings.NewReader(c.String()))
	if err != nil || !reflect.DeepEqual(c, d) {
		t.Errorf("Parse(Format(c)) = %+v, %v; want %+v", d, err, c)
	}
	if !strings.HasPrefix(c.String(), "rules custom refill=queue") {
		t.Errorf("Format does not write the rules line first:\n%s", c)
	}
}

func TestParseWithoutRulesLineKeepsTheStatementsReading(t *testing.T) {
	const in = "\n\n 1 3 2 0\n1 2 1\n0 0 6\n"
	c, err := Parse(strings.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	if c.Rules.Name != "" || c.Queues != nil || c.String() != "1 3 2 0\n1 2 1\n0 0 6\n" {
		t.Errorf("got %+v, formatted %q", c, c.String())
	}
	if got := (&Case{Rules: Thupc, Rows: 1, Cols: 1, Colours: 1, Board: []Piece{{Colour: 1}}}).String(); got != "1 1 1 0\n1\n0\n" {
		t.Errorf("a case under thupc formats as %q, want no rules line", got)
	}
	c, err = Parse(strings.NewReader("rules thupc\n1 1 1 0\n1\n0\n"))
	if err != nil || c.Rules.Name != "" {
		t.Errorf("rules thupc reads as %+v, %v; want the zero Rules", c, err)
	}
}

func TestParseRejectsBadRulesAndQueues(t *testing.T) {
	for name, tc := range map[string]struct {
		in   string
		line int
		want string
	}{
		"unknown rule set":    {"rules nosuch\n1 1 1 0\n1\n0\n", 1, `unknown rule set "nosuch"`},
		"bad setting":         {"\nrules thupc refill=maybe\n1 1 1 0\n1\n0\n", 2, `refill: "maybe"`},
		"not a number":        {"x 1 1 0\n1\n0\n", 1, `number of rows n "x" is not an integer`},
		"run under reject":    {"rules custom refill=queue\n1 3 1 0\n1 1 1\n0 0 0\n0\n0\n0\n\n\n\n", 3, "initial board holds a run of three"},
		"queue colour":        {"rules custom refill=queue\n1 2 2 0\n1 2\n0 0\n1 3\n0\n0\n", 5, "queue of column 1: colour 3 of piece 1 outside 1..2"},
		"queue special":       {"rules custom refill=queue\n1 2 2 0\n1 2\n0 0\n1 1\n0\n7\n", 7, "queue of column 1: special 7 of piece 1 outside 0..6"},
		"queue length":        {"rules custom refill=queue\n1 2 2 0\n1 2\n0 0\n-1\n", 5, "queue of column 1: length -1"},
		"queue missing":       {"rules custom refill=queue\n1 2 2 0\n1 2\n0 0\n1 1\n", 5, "missing length of the queue of column 2"},
		"rules line too long": {"rules custom points=" + strings.Repeat("1+", 300) + "1\n1 1 1 0\n1\n0\n", 1, "rules line longer than"},
	} {
		_, err := Parse(strings.NewReader(tc.in))
		var ie *input.Error
		if !errors.As(err, &ie) || ie.Line != tc.line || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: Parse = %v, want line %d: ...%s", name, err, tc.line, tc.want)
		}
	}
}

func TestValidateChecksRulesAndQueues(t *testing.T) {
	queue, _ := ParseRules("custom refill=queue")
	settle, _ := ParseRules("custom start=settle")
	run := []Piece{{Colour: 1}, {Colour: 1}, {Colour: 1}}
	for name, tc := range map[string]struct {
		c    Case
		want string
	}{
		"run rejected":        {Case{Rows: 1, Cols: 3, Colours: 1, Board: run}, "run of three"},
		"run settled":         {Case{Rules: settle, Rows: 1, Cols: 3, Colours: 1, Board: run}, ""},
		"queues without rule": {Case{Rows: 1, Cols: 1, Colours: 1, Board: run[:1], Queues: [][]Piece{{}}}, "refill=none"},
		"queue per column":    {Case{Rules: queue, Rows: 1, Cols: 1, Colours: 1, Board: run[:1]}, "0 queues"},
		"queue colour":        {Case{Rules: queue, Rows: 1, Cols: 1, Colours: 1, Board: run[:1], Queues: [][]Piece{{{Colour: 2}}}}, "colour 2 outside 1..1"},
	} {
		err := tc.c.Validate()
		if tc.want == "" && err != nil || tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)) {
			t.Errorf("%s: Validate() = %v, want %q", name, err, tc.want)
		}
	}
}

func TestBoardAnswerRoundTripsAndNamesBadCells(t *testing.T) {
	board := []Piece{{Colour: 1}, {}, {Colour: 3, Special: Row}, {Colour: 2}, {Colour: 2}, {}}
	var b strings.Builder
	FormatBoard(&b, 2, 3, board)
	if b.String() != "1 0 3\n2 2 0\n" {
		t.Errorf("FormatBoard = %q", b.String())
	}
	got, err := ParseBoard(strings.NewReader(b.String()), 2, 3, 3)
	if err != nil || DiffBoard(got, board, 3) != "" {
		t.Errorf("ParseBoard = %v, %v", got, err)
	}
	if msg := DiffBoard([]Piece{{Colour: 1}, {}, {Colour: 3}, {Colour: 2}, {Colour: 1}, {}}, board, 3); msg != "final board: cell (2, 2): got 1, want 2" {
		t.Errorf("DiffBoard = %q", msg)
	}
	for in, want := range map[string]string{
		"1 0 3\n2 4 0\n":   "line 2: board: colour 4 of cell (2, 2) outside 0..3",
		"1 0 3\n2 2\n":     "missing colour of cell (2, 3)",
		"1 0 3\n2 2 0 1\n": "line 2: board: extra token",
	} {
		if _, err := ParseBoard(strings.NewReader(in), 2, 3, 3); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("ParseBoard(%q) = %v, want %q", in, err, want)
		}
	}
}

func TestNamedRuleSetsReadBackByName(t *testing.T) {
	want := []string{"thupc", "leetcode723", "gymmatch3", "tilematch", "mlagents", "rockbox", "gemgem", "gweled", "bevymatch3"}
	if got := Names(); strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("Names() = %v, want %v", got, want)
	}
	for _, r := range Named() {
		for _, text := range []string{r.Name, r.String(), r.Full()} {
			s, err := ParseRules(text)
			if err != nil || !s.Same(r) || s.Name != r.Name {
				t.Errorf("ParseRules(%q) = %v, %v; want %v", text, s, err, r)
			}
		}
		if got := r.Text(); got != r.Name {
			t.Errorf("%s: Text() = %q, want the name alone", r.Name, got)
		}
	}
}

func TestSwapsNoneTakesNoOperations(t *testing.T) {
	_, err := Parse(strings.NewReader("rules leetcode723\n1 3 1 1\n1 1 1\n0 0 0\n1 1 1 2\n"))
	if err == nil || !strings.Contains(err.Error(), "line 2: number of operations q = 1, but rule set leetcode723 takes no swaps") {
		t.Errorf("Parse = %v, want q rejected on line 2", err)
	}
	c, err := Parse(strings.NewReader("rules leetcode723\n1 3 1 0\n1 1 1\n0 0 0\n"))
	if err != nil || c.Rules.Name != "leetcode723" {
		t.Errorf("Parse = %v, %v; want a leetcode723 case with a run", c, err)
	}
}

func TestRulesValidateReportsValuesNoTextNames(t *testing.T) {
	for name, r := range map[string]Rules{
		"refill past its arms": {Name: "custom", Refill: 7},
		"negative moves":       {Name: "custom", Moves: -1},
		"negative usual board": {Name: "custom", Rows: -1},
	} {
		if err := r.Validate(); err == nil {
			t.Errorf("%s: Validate() = nil", name)
		}
		_ = r.String() // never panics
	}
	for _, r := range Named() {
		if err := r.Validate(); err != nil {
			t.Errorf("%s: Validate() = %v", r.Name, err)
		}
	}
	if err := (Rules{}).Validate(); err != nil {
		t.Errorf("Rules{}.Validate() = %v", err)
	}
}

func TestParseQueueClaimingMorePiecesThanGivenFailsWithoutAllocatingThem(t *testing.T) {
	in := "rules custom refill=queue\n1 1 1 0\n1\n0\n999999999999 1\n"
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	_, err := Parse(strings.NewReader(in))
	runtime.ReadMemStats(&after)
	if err == nil || !strings.Contains(err.Error(), "line 5: missing colour of piece 2 of the queue of column 1") {
		t.Errorf("Parse = %v, want the second piece missing on line 5", err)
	}
	// A queue of 10^12 pieces would take terabytes.
	if n := after.TotalAlloc - before.TotalAlloc; n > 16<<20 {
		t.Errorf("Parse allocated %d bytes", n)
	}
}

// The longest rule set ParseRules accepts, every setting at its longest,
// is one Format writes in a rules line that Parse reads back, and that
// line is rulesMax long.
func TestLongestRulesLineIsRulesMax(t *testing.T) {
	text := "custom refill=queue clear=lowest start=settle swaps=none invalid=bonus points=" +
		strings.Repeat("9+", 99) + "99" + " per=colour specials=effects nomove=play moves=1073741824" +
		" allvalid=-4611686018427387904 cleared=-4611686018427387904 answer=total size=4096x1 colours=100"
	r, err := ParseRules(text)
	if err != nil {
		t.Fatal(err)
	}
	line := RulesLine(r)
	if got := len(line) - 1; got != rulesMax {
		t.Errorf("longest rules line is %d bytes, rulesMax %d:\n%s", got, rulesMax, line)
	}
	for _, s := range Settings {
		if !strings.Contains(line, " "+s.Key+"=") {
			t.Errorf("the longest line lacks %s", s.Key)
		}
	}
	c := &Case{Rules: r, Rows: 1, Cols: 1, Colours: 1, Board: []Piece{{Colour: 1}}, Queues: [][]Piece{{}}}
	d, err := Parse(strings.NewReader(c.String()))
	if err != nil || !d.Rules.Equal(r) {
		t.Errorf("Parse(Format(c)) = %v, %v", d, err)
	}
}
