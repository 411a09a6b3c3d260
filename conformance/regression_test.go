package conformance_test

import (
	"testing"

	"github.com/cascade-harness/cascade/conformance"
)

func TestSlugJoinsLettersAndDigitsWithSingleDashes(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"Wrong answer on case 3", "wrong-answer-on-case-3"},
		{"  --samegame: 20x20, K=1!  ", "samegame-20x20-k-1"},
		{"crash (exit 139)", "crash-exit-139"},
		{"déjà vu", "d-j-vu"},
		{"---", ""},
	} {
		if got := conformance.Slug(c.in); got != c.want {
			t.Errorf("Slug(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}
