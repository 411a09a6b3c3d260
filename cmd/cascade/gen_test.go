package main

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/cascade-harness/cascade/conformance"
	"github.com/cascade-harness/cascade/cubes"
	"github.com/cascade-harness/cascade/gems"
)

// TestGenWithoutKnobsPrintsCaseZeroOfCheck pins what gen's help
// promises: without knobs, gen --seed S prints the case that
// conformance's Generate(S, 0, 0) makes, case 0 of cascade check --seed
// S.
func TestGenWithoutKnobsPrintsCaseZeroOfCheck(t *testing.T) {
	for _, seed := range []uint64{0, 1, 42, 1234567, 1 << 63} {
		var want bytes.Buffer
		cubes.Game.Format(&want, cubes.Game.Generate(seed, 0, 0))
		testGenPrints(t, []string{"gen", "--game", "samegame", "--seed", fmt.Sprint(seed)}, want.Bytes())
		want.Reset()
		gems.Game.Format(&want, gems.Game.Generate(seed, 0, 0))
		testGenPrints(t, []string{"gen", "--game", "match3", "--seed", fmt.Sprint(seed)}, want.Bytes())
	}
}

// TestGenWithKnobsPrintsGenerateWith checks that the knobs given on the
// command line reach the game's GenerateWith as given.
func TestGenWithKnobsPrintsGenerateWith(t *testing.T) {
	c, err := gems.Game.GenerateWith(9, map[string]string{"rows": "4", "poker": "one-pair", "in-statement": "true"})
	if err != nil {
		t.Fatal(err)
	}
	var want bytes.Buffer
	gems.Game.Format(&want, c)
	testGenPrints(t, []string{"gen", "--game", "match3", "--seed", "9", "--rows", "4", "--poker", "one-pair", "--in-statement"}, want.Bytes())
}

func testGenPrints(t *testing.T, args []string, want []byte) {
	t.Helper()
	var stdout, stderr bytes.Buffer
	if code := run(args, nil, &stdout, &stderr); code != exitOK {
		t.Fatalf("cascade %s: exit %d, stderr %q", strings.Join(args, " "), code, stderr.Bytes())
	}
	if !bytes.Equal(stdout.Bytes(), want) {
		t.Errorf("cascade %s printed\n%s\nwant\n%s", strings.Join(args, " "), stdout.Bytes(), want)
	}
}

// TestHelpGenListsEveryKnob checks that cascade help gen lists every
// knob of every game, each with its value and the values it takes.
func TestHelpGenListsEveryKnob(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if code := run([]string{"help", "gen"}, nil, &stdout, &stderr); code != exitOK {
		t.Fatalf("cascade help gen: exit %d, stderr %q", code, stderr.Bytes())
	}
	help := stdout.String()
	// The help wraps its lines: compare words.
	words := strings.Join(strings.Fields(help), " ")
	for _, g := range conformance.Games() {
		if len(g.Knobs()) == 0 {
			t.Errorf("%s has no knobs", g.Name())
		}
		section := "Knobs of " + g.Name() + " "
		at := strings.Index(help, section)
		if at < 0 {
			t.Errorf("cascade help gen has no section %q", section)
			continue
		}
		for _, k := range g.Knobs() {
			line := "\n  --" + k.Name
			if !k.Switch() {
				line += " " + k.Arg
			}
			if !strings.Contains(help[at:], line+"\n") {
				t.Errorf("cascade help gen lists no %q under %q", strings.TrimSpace(line), section)
			}
			if k.Legal != "" && !strings.Contains(words, "takes "+strings.Join(strings.Fields(k.Legal), " ")) {
				t.Errorf("cascade help gen does not say that --%s takes %s", k.Name, k.Legal)
			}
		}
	}
}
