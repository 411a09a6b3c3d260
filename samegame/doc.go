// Package samegame is the vocabulary of SameGame ("Color Cubes") and its
// family: the case a player is given (a W x H box of coloured cubes, a
// list of clicks and the rule set they are played under), its text
// format, the rule sets (Rules: the statement's, codeabbey, and the
// others of the family, as settings), and the trace that says what every
// click did.
//
// Every implementation (reference, engine, a program run as a command) is
// compared on the trace, so the trace carries each score component per
// move; the richer Detail is optional and only the reference fills it.
//
// # Input format
//
//	rules lx      optional: the rule set, NAME [key=value ...]; absent: codeabbey
//	5             N, the side of the box (N >= 1), or W H for W columns, H rows
//	14111         N rows of N digits 1-9, top row first
//	23334
//	43212
//	33323
//	21232
//	12            K, the number of clicks (K >= 0)
//	0 4, 3 0, ... K pairs "X Y"; commas and white space in any mix
//
// X is the column counted from the left of the box as it stands now, Y the
// row counted from the bottom; both 0-based, X inside 0..W-1 and Y inside
// 0..H-1.
package samegame
