//go:build plantedbug

package goengine

// points is the score of a group of c cubes of the given colour, wrong on
// purpose for a group of 7 cubes of colour 9, a group none of the fuzz
// targets' seeds holds: built with -tags plantedbug, the engine has a
// bug for fuzzing to find, as docs/go-api.md shows.
func points(c int64, colour byte) int64 {
	if c == 7 && colour == 9 {
		return c*(c+1)/2 + 1
	}
	return c * (c + 1) / 2
}
