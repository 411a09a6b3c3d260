package conformance_test

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/cascade-harness/cascade/conformance"
	"github.com/cascade-harness/cascade/internal/replay"
)

// TestReplayPageIsSelfContained writes the page of every built-in case
// and checks that it names nothing on the network and carries its data
// as JSON that reads back.
func TestReplayPageIsSelfContained(t *testing.T) {
	for _, g := range conformance.Games() {
		for _, b := range g.Builtin() {
			p, err := g.Parse(b.Input)
			if err != nil {
				t.Fatal(err)
			}
			var page bytes.Buffer
			r, err := p.Replay()
			if err == nil {
				err = replay.Write(&page, r)
			}
			if err != nil {
				t.Fatal(err)
			}
			html := page.String()
			if strings.Contains(strings.ToLower(html), "http") {
				t.Errorf("%s: the page holds %q", b.Name, "http")
			}
			const open = `<script type="application/json" id="data">`
			_, data, ok := strings.Cut(html, open)
			data, _, _ = strings.Cut(data, "</script>")
			var back replay.Replay
			if err := json.Unmarshal([]byte(data), &back); !ok || err != nil {
				t.Fatalf("%s: the page's data does not read back: %v", b.Name, err)
			}
			if err := back.Check(); err != nil {
				t.Errorf("%s: the page's data: %v", b.Name, err)
			}
		}
	}
}
