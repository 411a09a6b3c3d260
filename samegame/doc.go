// Package samegame is the vocabulary of SameGame ("Color Cubes"): the case
// a player is given (an N x N box of coloured cubes and a list of clicks),
// its text format, and the trace that says what every click did.
//
// Every implementation (reference, engine, a program run as a command) is
// compared on the trace, so the trace carries each score component per
// move; the richer Detail is optional and only the reference fills it.
//
// # Input format
//
//	5             N, the side of the box (N >= 1)
//	14111         N rows of N digits 1-9, top row first
//	23334
//	43212
//	33323
//	21232
//	12            K, the number of clicks (K >= 0)
//	0 4, 3 0, ... K pairs "X Y"; commas and white space in any mix
//
// X is the column counted from the left of the box as it stands now, Y the
// row counted from the bottom; both 0-based and inside 0..N-1.
package samegame
