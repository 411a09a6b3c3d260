package samegame

import (
	"strings"
	"testing"
)

func TestRulesCanonicalFormReadsBack(t *testing.T) {
	for _, r := range Named() {
		got, err := ParseRules(r.String())
		if err != nil {
			t.Errorf("%s: ParseRules(%q) = %v", r.Name, r.String(), err)
			continue
		}
		if got.String() != r.String() || got.Name != r.Name {
			t.Errorf("%s: ParseRules(String()) = %q, want %q", r.Name, got, r)
		}
		if full, _ := ParseRules(r.Full()); full.Full() != r.Full() {
			t.Errorf("%s: ParseRules(Full()) = %q, want %q", r.Name, full.Full(), r.Full())
		}
	}
	if got, want := mustRules(t, "benchmark").String(), "benchmark min=2 points=(n-2)^2 clear=1000 left=0 end=over close=left"; got != want {
		t.Errorf("benchmark = %q, want %q", got, want)
	}
	if got, want := mustRules(t, "jawbreaker").String(), "jawbreaker min=2 points=n*(n-1) clear=400 left=max(20-n,0)^2 end=move close=right"; got != want {
		t.Errorf("jawbreaker = %q, want %q", got, want)
	}
	// jawbreaker under end=over is no longer jawbreaker.
	if r := mustRules(t, "jawbreaker end=over"); r.Name != "custom" || r.End != EndOver {
		t.Errorf("jawbreaker end=over = %q, want custom with end=over", r)
	}
}

func TestRulesOverridesMakeACustomSet(t *testing.T) {
	r := mustRules(t, "custom min=2 points=(n-1)^2 close=right")
	if got, want := r.String(), "custom min=2 points=(n-1)^2 clear=0 left=0 end=over close=right"; got != want {
		t.Errorf("custom = %q, want %q", got, want)
	}
	if r := mustRules(t, "benchmark clear=0"); r.Name != "custom" || r.Min != 2 {
		t.Errorf("benchmark clear=0 = %q, want custom with benchmark's min", r)
	}
	if r := mustRules(t, "benchmark size=20x20 colours=4"); r.Name != "benchmark" || r.Width != 20 || r.Colours != 4 {
		t.Errorf("benchmark with a generation override = %q, want benchmark at 20x20, 4 colours", r.Full())
	}
	if r := mustRules(t, "benchmark clear=1000"); r.Name != "benchmark" {
		t.Errorf("benchmark restating its own clear = %q, want benchmark", r)
	}
}

func TestRulesRejectBadText(t *testing.T) {
	for _, tc := range []struct{ text, want string }{
		{"", "no rule set named"},
		{"chess", `unknown rule set "chess"`},
		{"custom min", `"min" is not key=value`},
		{"custom speed=3", `unknown setting "speed"`},
		{"custom min=0", "min: 0 outside 1..1073741824"},
		{"custom min=2 min=3", "min given twice"},
		{"custom points=n+", "points: expression"},
		{"custom end=never", `end: "never", want over, list or move`},
		{"custom close=up", `close: "up", want left or right`},
		{"custom size=15", `size: "15", want WxH`},
		{"custom colours=10", "colours: 10 outside 0..9"},
		{"custom clear=lots", `clear: "lots" is not an integer`},
	} {
		_, err := ParseRules(tc.text)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("ParseRules(%q) = %v, want an error with %q", tc.text, err, tc.want)
		}
	}
}

func TestRulesScoreBelowMinimumIsZero(t *testing.T) {
	r := mustRules(t, "benchmark")
	for n, want := range []int64{0, 0, 0, 1, 4} {
		if got := r.Score(n); got != want {
			t.Errorf("benchmark Score(%d) = %d, want %d", n, got, want)
		}
	}
	if got := CodeAbbey.Score(1); got != 1 {
		t.Errorf("codeabbey Score(1) = %d, want 1", got)
	}
}

func TestRulesEndingFollowsEnd(t *testing.T) {
	lx := mustRules(t, "lx")
	for _, tc := range []struct {
		r         Rules
		left      int
		groupLeft bool
		removed   bool
		want      int64
	}{
		{lx, 0, false, true, 1000},
		{lx, 5, false, true, -9},
		{lx, 5, false, false, -9},
		{lx, 5, true, true, 0},
		{mustRules(t, "lx end=list"), 5, true, false, -9},
		{mustRules(t, "clickomania"), 7, true, false, 7},
		{mustRules(t, "jawbreaker"), 3, false, true, 289},
		{mustRules(t, "jawbreaker"), 30, false, true, 0},
		// Under end=move only a click that removed a group earns the term.
		{mustRules(t, "jawbreaker"), 3, false, false, 0},
		{mustRules(t, "jawbreaker"), 3, true, true, 0},
		{mustRules(t, "lx end=move"), 5, false, false, 0},
		{CodeAbbey, 4, false, true, 0},
	} {
		if got := tc.r.Ending(tc.left, tc.groupLeft, tc.removed); got != tc.want {
			t.Errorf("%s: Ending(%d, %v, %v) = %d, want %d", tc.r, tc.left, tc.groupLeft, tc.removed, got, tc.want)
		}
	}
}

func TestZeroRulesAreCodeAbbey(t *testing.T) {
	if got := (Rules{}).String(); got != CodeAbbey.String() {
		t.Errorf("zero Rules = %q, want %q", got, CodeAbbey)
	}
}

func mustRules(t *testing.T, text string) Rules {
	t.Helper()
	r, err := ParseRules(text)
	if err != nil {
		t.Fatal(err)
	}
	return r
}
