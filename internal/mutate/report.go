package mutate

import (
	"bufio"
	"fmt"
	"io"
	"strings"
)

// An Outcome is what a run made of one mutant: the stage that killed it
// and what that stage said, or no stage when it survived every one.
type Outcome struct {
	Mutant Mutant
	Stage  string // the killing stage; "" when the mutant survived
	Detail string // the stage's first words on it: a failing test, a verdict
}

// Equivalent maps a mutant, by its String, to the reason it changes no
// behaviour (and so cannot be killed).
type Equivalent map[string]string

// ParseEquivalent reads a list of equivalent mutants: a line per
// mutant, its name as String gives it, " -- ", and the reason; blank
// lines and lines starting with # are comments.
func ParseEquivalent(r io.Reader) (Equivalent, error) {
	eq := Equivalent{}
	sc := bufio.NewScanner(r)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		name, reason, ok := strings.Cut(line, " -- ")
		if !ok || strings.TrimSpace(reason) == "" {
			return nil, fmt.Errorf("line %d: want MUTANT -- REASON", n)
		}
		name = strings.TrimSpace(name)
		if _, dup := eq[name]; dup {
			return nil, fmt.Errorf("line %d: %s listed twice", n, name)
		}
		eq[name] = strings.TrimSpace(reason)
	}
	return eq, sc.Err()
}

// A Score sums up a run's outcomes.
type Score struct {
	Tested     int // mutants that compiled and were run
	Killed     int
	Equivalent int // survivors listed as equivalent
	Survived   int // survivors not so listed
}

// Percent is the killed share of the mutants that are not equivalent,
// in percent; 100 when there are none.
func (s Score) Percent() float64 {
	if d := s.Tested - s.Equivalent; d > 0 {
		return 100 * float64(s.Killed) / float64(d)
	}
	return 100
}

func (s Score) String() string {
	return fmt.Sprintf("%d mutants: %d killed, %d equivalent, %d survived; score %.1f%% of %d non-equivalent",
		s.Tested, s.Killed, s.Equivalent, s.Survived, s.Percent(), s.Tested-s.Equivalent)
}

// Tally scores outcomes, a survivor counting as equivalent when eq
// lists it.
func Tally(outcomes []Outcome, eq Equivalent) Score {
	var s Score
	for _, o := range outcomes {
		s.Tested++
		switch _, ok := eq[o.Mutant.String()]; {
		case o.Stage != "":
			s.Killed++
		case ok:
			s.Equivalent++
		default:
			s.Survived++
		}
	}
	return s
}

// Report writes the kills per stage, the survivors and the score of
// outcomes (a run prints each outcome's Line as it comes).
func Report(w io.Writer, outcomes []Outcome, eq Equivalent, stages []string) {
	perStage := map[string]int{}
	for _, o := range outcomes {
		perStage[o.Stage]++
	}
	for _, st := range stages {
		fmt.Fprintf(w, "killed by %-10s %d\n", st+":", perStage[st])
	}
	var survivors []string
	for _, o := range outcomes {
		if o.Stage == "" {
			if reason, ok := eq[o.Mutant.String()]; ok {
				survivors = append(survivors, fmt.Sprintf("  %s (equivalent: %s)", o.Mutant, reason))
			} else {
				survivors = append(survivors, "  "+o.Mutant.String())
			}
		}
	}
	if len(survivors) > 0 {
		fmt.Fprintf(w, "survivors:\n%s\n", strings.Join(survivors, "\n"))
	}
	fmt.Fprintln(w, Tally(outcomes, eq))
}

// Line is an outcome's line of the report.
func Line(o Outcome, eq Equivalent) string {
	switch _, ok := eq[o.Mutant.String()]; {
	case o.Stage != "":
		return fmt.Sprintf("killed   %-10s %s: %s", o.Stage, o.Mutant, o.Detail)
	case ok:
		return fmt.Sprintf("equivalent %s", o.Mutant)
	}
	return fmt.Sprintf("SURVIVED %s", o.Mutant)
}
