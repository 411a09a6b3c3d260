package mutate

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
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

// ParseLines reads back the outcome lines a run printed (Line, after
// the count "  12 "): the outcomes of a run, with its kills' stages and
// the survivors' names, for Tally against another list of equivalent
// mutants. A killed outcome keeps its stage and line, not its mutant's
// name, which its detail follows with nothing to tell them apart; other
// lines are skipped.
func ParseLines(r io.Reader) ([]Outcome, error) {
	var outcomes []Outcome
	sc := bufio.NewScanner(r)
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) < 3 {
			continue
		}
		if _, err := strconv.Atoi(f[0]); err != nil {
			continue
		}
		rest := strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(sc.Text()), f[0]))
		var o Outcome
		switch f[1] {
		case "killed":
			o.Stage = f[2]
			o.Detail = rest
			o.Mutant = Mutant{File: "?"}
		case "SURVIVED", "equivalent":
			name := strings.TrimSpace(strings.TrimPrefix(rest, f[1]))
			m, err := parseName(name)
			if err != nil {
				return nil, err
			}
			o.Mutant = m
		default:
			continue
		}
		outcomes = append(outcomes, o)
	}
	return outcomes, sc.Err()
}

// parseName reads a mutant's String back, "file:line:col: edit", into a
// Mutant whose String is the same.
func parseName(name string) (Mutant, error) {
	place, edit, ok := strings.Cut(name, ": ")
	parts := strings.Split(place, ":")
	if !ok || len(parts) != 3 {
		return Mutant{}, fmt.Errorf("%q is no mutant's name", name)
	}
	line, err1 := strconv.Atoi(parts[1])
	col, err2 := strconv.Atoi(parts[2])
	if err1 != nil || err2 != nil {
		return Mutant{}, fmt.Errorf("%q is no mutant's name", name)
	}
	return Mutant{File: parts[0], Line: line, Col: col, Kind: "named", Old: edit}, nil
}
