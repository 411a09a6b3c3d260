// Package match3 is the vocabulary of match-3 with poker ("Lines and
// Poker"): the case (a board of coloured pieces, some with a special, and a
// list of swaps), its text format, poker hands, and the trace that says
// what every operation did.
//
// Every implementation is compared on the trace, so the trace carries each
// score component per operation; the richer Detail (rounds, cells, boards)
// is optional and only the reference fills it.
//
// # Input format
//
// A stream of integers separated by any white space:
//
//	n m k q              rows, columns, colours, operations
//	n rows of m colours  1..k, top row first
//	n rows of m specials 0..6 (0: none)
//	q lines x1 y1 x2 y2  swap (x1, y1) with (x2, y2)
//
// A cell (x, y) is row x counted from the top and column y counted from the
// left, both 1-based. The initial board holds no run of three.
package match3
