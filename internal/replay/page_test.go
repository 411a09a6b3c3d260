package replay

import (
	"bytes"
	"encoding/json"
	"reflect"
	"strings"
	"testing"
)

// hostile is a replay whose texts try to close the page's elements.
func hostile() *Replay {
	return &Replay{
		Title: `<b>"x" & </title><script>`, Step: "move", Steps: 1,
		Rows: 1, Cols: 2, Board: []int{Value(1, 0), Value(2, 3)},
		RowLabels: []string{"</script><script>alert(1)</script>"}, ColLabels: []string{"<!--", "\u2028"},
		CellName: "(%r, %c)", Legend: "a & b",
		Frames: []Frame{{Step: 0, Title: "start", Scores: []int64{0}}, {Step: 1, Title: "</SCRIPT>", Text: []string{"]]>"}, Scores: []int64{6}}},
		Scores: []Score{{ID: "total", Label: "total"}},
		Total:  6,
	}
}

func TestWriteFillsEveryHoleAndEscapesTheTexts(t *testing.T) {
	r := hostile()
	var page bytes.Buffer
	if err := Write(&page, r); err != nil {
		t.Fatal(err)
	}
	s := page.String()
	if strings.Contains(s, "{{") {
		t.Errorf("page keeps an unfilled hole: %q", s[strings.Index(s, "{{"):][:20])
	}
	if want := "<title>&lt;b&gt;&#34;x&#34; &amp; &lt;/title&gt;&lt;script&gt;</title>"; !strings.Contains(s, want) {
		t.Errorf("page lacks the escaped title %s", want)
	}
	// The page's own elements are the only ones: the style, the data and
	// the script, each closed once.
	if n := strings.Count(strings.ToLower(s), "</script"); n != 2 {
		t.Errorf("page closes a script %d times, want 2", n)
	}
	if n := strings.Count(s, "<!--"); n != 0 {
		t.Errorf("page opens %d comments, want 0", n)
	}
	if !strings.Contains(s, pageCSS) || !strings.Contains(s, pageJS) {
		t.Error("page lacks its style or its script")
	}
	start := strings.Index(s, `<script type="application/json" id="data">`)
	if start < 0 {
		t.Fatal("page has no data element")
	}
	data := s[start+len(`<script type="application/json" id="data">`):]
	data = data[:strings.Index(data, "</script>")]
	var back Replay
	if err := json.Unmarshal([]byte(data), &back); err != nil {
		t.Fatalf("the page's data is not JSON: %v", err)
	}
	if !reflect.DeepEqual(&back, r) {
		t.Errorf("the page's data reads back as\n%+v\nwant\n%+v", back, *r)
	}
}

func TestPagePartsCannotCloseTheirElements(t *testing.T) {
	if strings.Contains(strings.ToLower(pageJS), "</script") {
		t.Error("page.js holds </script")
	}
	if strings.Contains(strings.ToLower(pageCSS), "</style") {
		t.Error("page.css holds </style")
	}
	if n := strings.Count(pageHTML, "{{."); n != 5 {
		t.Errorf("page.html has %d holes, want 5 (the title twice, style, data, script)", n)
	}
}

func TestWriteRefusesACasePastMaxSteps(t *testing.T) {
	r := hostile()
	r.Steps = MaxSteps + 1
	var b bytes.Buffer
	if err := Write(&b, r); err == nil || b.Len() > 0 {
		t.Errorf("Write of %d moves: %v, %d bytes written; want refused, nothing written", r.Steps, err, b.Len())
	}
}

func TestWriteRefusesABoardPastMaxCells(t *testing.T) {
	r := hostile()
	r.Rows, r.Cols = 513, 512
	if err := Write(new(bytes.Buffer), r); err == nil {
		t.Error("Write accepted a board of 513 x 512")
	}
}
