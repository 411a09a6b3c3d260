package samegame

import (
	"fmt"
	"os"
	"strings"
	"testing"
)

// specNamed reads SPEC.md's table of the named rule sets: a row per set,
// its cells by the table's column names.
func specNamed(t *testing.T) []map[string]string {
	t.Helper()
	b, err := os.ReadFile("../SPEC.md")
	if err != nil {
		t.Fatal(err)
	}
	const head = "| name | min | points | clear | left | end | close | usual box | defined by |"
	_, table, ok := strings.Cut(string(b), head+"\n")
	if !ok {
		t.Fatalf("SPEC.md has no table headed %q", head)
	}
	cols := strings.Split(strings.Trim(head, "| "), " | ")
	var rows []map[string]string
	for i, line := range strings.Split(table, "\n")[1:] {
		if !strings.HasPrefix(line, "|") {
			break
		}
		cells := strings.Split(strings.Trim(line, "| "), " | ")
		if len(cells) < len(cols) {
			t.Fatalf("SPEC.md named rule sets, row %d: %d cells, want %d", i+1, len(cells), len(cols))
		}
		row := map[string]string{}
		for j, col := range cols {
			row[col] = strings.Trim(cells[j], "`")
		}
		rows = append(rows, row)
	}
	return rows
}

// TestNamedRuleSetsAreSPECs pins every named rule set, usual box and
// colours included, to SPEC.md's table of them, in its order. The
// engine and the reference share these values, so checking one against
// the other could never see a slip in them (clickomania's box 9x16 for
// 10x16 went unseen); the table is the spec's own statement of them.
func TestNamedRuleSetsAreSPECs(t *testing.T) {
	rows := specNamed(t)
	named := Named()
	if len(rows) != len(named) {
		t.Fatalf("SPEC.md names %d rule sets, Named %d", len(rows), len(named))
	}
	for i, row := range rows {
		r := named[i]
		box := fmt.Sprintf("%dx%d, %d colours", r.Width, r.Height, r.Colours)
		if r.Width == 0 {
			box = "N x N, 1-9 colours"
		}
		left := r.Left.String()
		if left == "" {
			left = "0"
		}
		got := map[string]string{
			"name":      r.Name,
			"min":       fmt.Sprint(r.Min),
			"points":    r.Points.String(),
			"clear":     fmt.Sprint(r.Clear),
			"left":      left,
			"end":       r.End.String(),
			"close":     r.Close.String(),
			"usual box": box,
		}
		for col, want := range got {
			if row[col] != want {
				t.Errorf("rule set %d (%s): %s = %q, SPEC.md says %q", i+1, r.Name, col, want, row[col])
			}
		}
	}
}
