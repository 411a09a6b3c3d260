package planted

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/cascade-harness/cascade/conformance"
	"github.com/cascade-harness/cascade/reference"
	"github.com/cascade-harness/cascade/samegame"
)

// smallCases are random cases of boxes up to 5 x 4 in up to 3 colours,
// with clicks anywhere in the frame: enough to clear boxes, reach dead
// ends, click below the minimum and empty columns one or two at a time.
func smallCases(n int) []*samegame.Case {
	r := rand.New(rand.NewPCG(24, 1))
	var cs []*samegame.Case
	for range n {
		c := &samegame.Case{W: 1 + r.IntN(5), H: 1 + r.IntN(4)}
		k := 1 + r.IntN(3)
		for range c.W * c.H {
			c.Board = append(c.Board, uint8(1+r.IntN(k)))
		}
		for range r.IntN(13) {
			c.Moves = append(c.Moves, samegame.Move{X: r.IntN(c.W), Y: r.IntN(c.H)})
		}
		cs = append(cs, c)
	}
	return cs
}

// deadEnds are boxes of one row: a pair that one click removes, then n
// cubes of two alternating colours, for n up to most: dead ends with
// more cubes left than a small box holds, where a term's min or max
// turns (max(20-n,0) at 20).
func deadEnds(most int) []*samegame.Case {
	var cs []*samegame.Case
	for n := 1; n <= most; n++ {
		c := &samegame.Case{W: n + 2, H: 1, Board: []uint8{1, 1}, Moves: []samegame.Move{{X: 0, Y: 0}}}
		for i := range n {
			c.Board = append(c.Board, uint8(2+i%2))
		}
		cs = append(cs, c)
	}
	return cs
}

// totalOf plays c under v and returns its total; panicked says it
// crashed instead.
func totalOf(v conformance.Variant[*samegame.Case, samegame.Trace], c *samegame.Case) (total int64, panicked bool) {
	defer func() {
		if recover() != nil {
			panicked = true
		}
	}()
	return v.Play(c).Total, false
}

// Under every named rule set but codeabbey (whose variants have cases of
// their own), a variant that counts scores some small case or dead end
// otherwise than the reference, or crashes on it; one marked Equivalent
// scores every case alike, as it says.
func TestSameGameRuleSetVariantsCountWhereTheyDiffer(t *testing.T) {
	cases := append(smallCases(2000), deadEnds(40)...)
	for _, r := range samegame.Named()[1:] {
		t.Run(r.Name, func(t *testing.T) {
			under := make([]*samegame.Case, len(cases))
			want := make([]int64, len(cases))
			for i, c := range cases {
				d := *c
				d.Rules = r
				under[i], want[i] = &d, reference.PlaySameGame(&d).Total
			}
			for _, v := range SameGameUnder(r) {
				told := -1
				for i, c := range under {
					if got, crashed := totalOf(v, c); crashed || got != want[i] {
						told = i
						break
					}
				}
				switch {
				case v.Counts() && told < 0:
					t.Errorf("%s: no case of %d tells it from the reference", v.Name, len(cases))
				case !v.Counts() && told >= 0:
					var b strings.Builder
					samegame.Format(&b, under[told])
					t.Errorf("%s: %s, yet it scores this case otherwise:\n%s", v.Name, v.Uncounted(), b.String())
				}
			}
		})
	}
}

// Every setting that changes how a game scores has its bugs: a setting
// added to samegame.Settings without one fails here.
func TestEverySameGamePlaySettingHasABug(t *testing.T) {
	for _, s := range samegame.Settings {
		has := false
		for _, b := range settingBugs.Get() {
			has = has || b.key == s.Key
		}
		if s.Play != has {
			t.Errorf("setting %s (play %v): bugs %v, want %v", s.Key, s.Play, has, s.Play)
		}
	}
}

func TestRuleSetVariantsNameTheRuleTheyBreak(t *testing.T) {
	for _, r := range samegame.Named()[1:] {
		t.Run(r.Name, func(t *testing.T) { checkNames(t, SameGameUnder(r), "S") })
	}
}

// An engine that ignores end=move, giving the term to a box no click
// removed from, is a variant that counts: on a dead start with no
// clicks it scores the term the rule set withholds.
func TestSameGameEndMoveIgnoredIsAVariant(t *testing.T) {
	for _, text := range []string{"jawbreaker", "custom min=2 points=n left=-n end=move"} {
		r, err := samegame.ParseRules(text)
		if err != nil {
			t.Fatal(err)
		}
		dead := &samegame.Case{Rules: r, W: 2, H: 2, Board: []uint8{1, 2, 2, 1}}
		want := reference.PlaySameGame(dead).Total
		caught := ""
		for _, v := range SameGameUnder(r) {
			if got, crashed := totalOf(v, dead); v.Counts() && !crashed && got != want && strings.Contains(v.Name, "end=move") {
				caught = v.Name
			}
		}
		if caught == "" {
			t.Errorf("%s: no variant named for end=move scores the dead start 12/21 otherwise than %d", text, want)
		}
	}
}
