//go:build !plantedbug

package goengine

// points is the score of a group of c cubes.
func points(c int64, _ byte) int64 { return c * (c + 1) / 2 }
