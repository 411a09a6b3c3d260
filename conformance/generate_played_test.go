package conformance_test

import (
	"reflect"
	"testing"

	"github.com/cascade-harness/cascade/conformance"
	"github.com/cascade-harness/cascade/cubes"
	"github.com/cascade-harness/cascade/gems"
	"github.com/cascade-harness/cascade/samegame"
)

// TestGeneratePlayedIsGenerateThenEngine checks Game.GeneratePlayed
// against what it stands for, on the games that have it: the case is
// Generate's, and the trace, when there is one, the one Engine gives it.
// A check of a program takes the engine's answer from it.
func TestGeneratePlayedIsGenerateThenEngine(t *testing.T) {
	jawbreaker, _ := samegame.Lookup("jawbreaker")
	legal, err := cubes.Member(jawbreaker, conformance.Confine{Legal: true})
	if err != nil {
		t.Fatal(err)
	}
	n := 600
	if testing.Short() {
		n = 200
	}
	t.Run("samegame", func(t *testing.T) { generatePlayed(t, cubes.Game, n) })
	t.Run("samegame-jawbreaker-legal", func(t *testing.T) { generatePlayed(t, legal, n) })
	t.Run("match3", func(t *testing.T) { generatePlayed(t, gems.Game, n) })
}

func generatePlayed[C, T any](t *testing.T, g *conformance.Game[C, T], n int) {
	if g.GeneratePlayed == nil {
		t.Fatal("no GeneratePlayed")
	}
	played := 0
	for i := range n {
		const seed = 11
		c, tr, ok := g.GeneratePlayed(seed, i, 0)
		if want := g.Generate(seed, i, 0); !reflect.DeepEqual(c, want) {
			t.Fatalf("case %d: GeneratePlayed's case is not Generate's", i)
		}
		if !ok {
			continue
		}
		played++
		want := g.Engine(c)
		if g.PlayedDetail {
			// The Detail is the reference's, the rest the engine's.
			if got, ref := detailOf(tr), detailOf(g.Reference(c)); !reflect.DeepEqual(got, ref) {
				t.Fatalf("case %d: GeneratePlayed's Detail\n%+v\nis not the reference's\n%+v", i, got, ref)
			}
			tr = withoutDetail(tr)
		}
		if !reflect.DeepEqual(tr, want) {
			t.Fatalf("case %d: GeneratePlayed's trace\n%+v\nis not Engine's\n%+v", i, tr, want)
		}
	}
	if played < n/2 {
		t.Errorf("a trace with %d cases of %d", played, n)
	}
}

// detailOf is the field Detail of trace t, a struct.
func detailOf[T any](t T) any { return reflect.ValueOf(t).FieldByName("Detail").Interface() }

// withoutDetail is t with its field Detail zero.
func withoutDetail[T any](t T) T {
	v := reflect.ValueOf(&t).Elem()
	f := v.FieldByName("Detail")
	f.Set(reflect.Zero(f.Type()))
	return t
}
