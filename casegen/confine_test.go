package casegen

import (
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/cascade-harness/cascade/samegame"
)

// confinedRules are the rule sets the tests of Confine draw under: a
// minimum of 1 (where only empty cells are illegal) and of 2, a usual box
// that is not square, and columns that close to the right.
func confinedRules(t *testing.T) []samegame.Rules {
	var rs []samegame.Rules
	for _, name := range []string{"codeabbey", "benchmark", "ksame", "jawbreaker", "clickomania"} {
		r, ok := samegame.Lookup(name)
		if !ok {
			t.Fatalf("no rule set %s", name)
		}
		rs = append(rs, r)
	}
	return rs
}

func TestLegalGenerationClicksOnlyGroupsOfTheMinimum(t *testing.T) {
	for _, rules := range confinedRules(t) {
		r := rand.New(rand.NewPCG(1, 2))
		ended := 0
		for i := range 300 {
			o := SameGameKnobs(r, 40).Under(r, rules, 40)
			o.Rules, o.Legal = rules, true
			c := SameGame(r, o)
			if err := c.Validate(); err != nil {
				t.Fatalf("%s case %d: invalid: %v", rules.Name, i, err)
			}
			if !Legal(c) {
				t.Fatalf("%s case %d holds a click that removes nothing:\n%v", rules.Name, i, c)
			}
			if len(Legalise(c).Moves) != len(c.Moves) {
				t.Fatalf("%s case %d: Legalise dropped a click of a legal case", rules.Name, i)
			}
			if !hasGroup(c) {
				ended++
			}
		}
		if ended == 0 {
			t.Errorf("%s: no legal case played to the end of the game", rules.Name)
		}
	}
}

// hasGroup reports whether a group of the minimum is left after c's
// clicks.
func hasGroup(c *samegame.Case) bool {
	g := referenceSameGame(c)
	for _, m := range c.Moves {
		g.Apply(m)
	}
	return len(box(g, c.W, c.H).legal(c.Rules.Effective().Min)) > 0
}

func TestLegaliseDropsOnlyClicksThatRemoveNothing(t *testing.T) {
	bench, _ := samegame.Lookup("benchmark")
	// Column 0 holds 1 over 2 over 2, column 1 1 over 1 over 3: (1, 0)
	// clicks the lone 3, below the minimum; (0, 0) removes the pair of
	// 2; (0, 2) is then empty; (1, 1) removes the pair of 1.
	c := &samegame.Case{Rules: bench, W: 2, H: 3, Board: []uint8{1, 1, 2, 1, 2, 3}}
	c.Moves = []samegame.Move{{X: 1, Y: 0}, {X: 0, Y: 0}, {X: 0, Y: 2}, {X: 1, Y: 1}}
	got := Legalise(c)
	want := []samegame.Move{{X: 0, Y: 0}, {X: 1, Y: 1}}
	if !reflect.DeepEqual(got.Moves, want) {
		t.Fatalf("Legalise(%v).Moves = %v, want %v", c.Moves, got.Moves, want)
	}
	if Legal(c) || !Legal(got) {
		t.Fatalf("Legal(case) = %v, Legal(legalised) = %v, want false, true", Legal(c), Legal(got))
	}
}

func TestUsualBoxGenerationKeepsTheBoxAndItsColours(t *testing.T) {
	for _, rules := range confinedRules(t)[1:] {
		r := rand.New(rand.NewPCG(3, 4))
		for i := range 100 {
			o := SameGameKnobs(r, 0).Under(r, rules, 0)
			o.Rules = rules
			o, ok := o.InUsualBox(r)
			if !ok {
				t.Fatalf("%s has no usual box", rules.Name)
			}
			c := SameGame(r, o)
			if !HasUsualBox(c) {
				t.Fatalf("%s case %d: %dx%d box, want %dx%d with colours 1..%d:\n%v", rules.Name, i, c.W, c.H, rules.Width, rules.Height, rules.Colours, c)
			}
		}
	}
	if _, ok := (SameGameOptions{}).InUsualBox(rand.New(rand.NewPCG(1, 1))); ok {
		t.Errorf("codeabbey has a usual box, want none")
	}
}

func TestConfinedDecodingRoundTrips(t *testing.T) {
	inputs := 200
	if testing.Short() {
		inputs = 50
	}
	for _, rules := range confinedRules(t) {
		for _, cf := range []Confine{{Legal: true}, {UsualBox: true}, {Legal: true, UsualBox: true}} {
			if cf.UsualBox && rules.Width == 0 {
				continue
			}
			for j, data := range randomInputs(5, inputs) {
				c := DecodeSameGameConfined(rules, cf, data)
				if err := c.Validate(); err != nil {
					t.Fatalf("%s %+v input %d: invalid case: %v", rules.Name, cf, j, err)
				}
				if cf.Legal && !Legal(c) {
					t.Fatalf("%s %+v input %d holds a click that removes nothing:\n%v", rules.Name, cf, j, c)
				}
				if cf.UsualBox && !HasUsualBox(c) {
					t.Fatalf("%s %+v input %d: %dx%d box, want the usual one:\n%v", rules.Name, cf, j, c.W, c.H, c)
				}
				b, ok := EncodeSameGameConfined(rules, cf, c)
				if !ok {
					t.Fatalf("%s %+v input %d: EncodeSameGameConfined refused its own decoding:\n%v", rules.Name, cf, j, c)
				}
				if d := DecodeSameGameConfined(rules, cf, b); !reflect.DeepEqual(d, c) {
					t.Fatalf("%s %+v input %d: decoded again as\n%v\nwant\n%v", rules.Name, cf, j, d, c)
				}
			}
		}
	}
}

// TestReachesAgreesWithGroupSizes holds the search that stops at the
// minimum to the sizes of every group, measured whole.
func TestReachesAgreesWithGroupSizes(t *testing.T) {
	r := rand.New(rand.NewPCG(8, 9))
	for range 200 {
		c := SameGameBox(r, SameGameOptions{N: Between(1, 9), H: Between(1, 9), Colours: Between(1, 4)})
		b := box(referenceSameGame(c), c.W, c.H)
		size := b.groupSizes()
		for i := range b.cubes() {
			m := b.cube(i)
			for _, least := range []int{1, 2, 3, 5, 17, 30} {
				if got, want := b.reaches(m, least), int(size[i]) >= least; got != want {
					t.Fatalf("reaches(%v, %d) = %v, want %v (group of %d) in\n%v", m, least, got, want, size[i], c)
				}
			}
		}
	}
}
