package conformance

import (
	"fmt"
	"strings"
)

// A PlantedVariant names one planted variant of a game (Game.Variants),
// as a command line offers it to play: `cascade score --engine
// planted:NAME` is a program whose answers are the variant's, for
// testing a test set against every planted bug.
type PlantedVariant struct {
	// Name and Rule are those of the Variant.
	Name, Rule string
	// Slug is Name in lower case with a dash for every run of other
	// characters than letters and digits: "cubes-do-not-fall". It needs
	// no quoting on a command line.
	Slug string
	// Counting says whether a test set is to kill the variant
	// (Variant's).
	Counting
}

// An UnknownVariant is the error of Puzzle.ScorePlanted for a name that
// is no planted variant of the game.
type UnknownVariant struct {
	Game, Name string
}

func (e *UnknownVariant) Error() string {
	return fmt.Sprintf("%s has no planted variant %q", e.Game, e.Name)
}

// PlantedSlug is a variant's name in lower case, each run of characters
// other than letters and digits one dash: "single cube scores 0, c(c-1)
// halved" is "single-cube-scores-0-c-c-1-halved".
func PlantedSlug(name string) string {
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(name) {
		if r >= 'a' && r <= 'z' || r >= '0' && r <= '9' {
			if dash && b.Len() > 0 {
				b.WriteByte('-')
			}
			b.WriteRune(r)
			dash = false
			continue
		}
		dash = true
	}
	return b.String()
}

func (a anyGame[C, T]) PlantedVariants() []PlantedVariant {
	if a.g.Variants == nil {
		return nil
	}
	var vs []PlantedVariant
	for _, v := range a.g.Variants() {
		vs = append(vs, PlantedVariant{Name: v.Name, Rule: v.Rule, Slug: PlantedSlug(v.Name), Counting: v.Counting})
	}
	return vs
}

func (p puzzle[C, T]) ScorePlanted(name string) (int64, error) {
	t, err := p.playPlanted(name)
	if err != nil {
		return 0, err
	}
	return p.g.Total(t), nil
}

func (p puzzle[C, T]) AnswerPlanted(name string) ([]byte, error) {
	t, err := p.playPlanted(name)
	if err != nil {
		return nil, err
	}
	if text := p.g.answerText(p.c, t); text != nil {
		return text, nil
	}
	return append(totalText(p.g.Total(t)), '\n'), nil
}

// playPlanted is the trace of the planted variant named name (its Name
// or its Slug) of the case, with ScorePlanted's errors.
func (p puzzle[C, T]) playPlanted(name string) (T, error) {
	var zero T
	if p.g.Variants != nil {
		for _, v := range p.g.Variants() {
			if v.Name != name && PlantedSlug(v.Name) != name {
				continue
			}
			var t T
			err := guard(func() error {
				t = v.Play(p.c)
				return nil
			})
			if err != nil {
				return zero, fmt.Errorf("planted variant %q crashed: %w", v.Name, err)
			}
			return t, nil
		}
	}
	return zero, &UnknownVariant{Game: p.g.Name, Name: name}
}
