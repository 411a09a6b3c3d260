// Package cubes describes SameGame ("Color Cubes") and its family of
// rule sets to the conformance harness: a conformance.Game for the
// statement's rules (Game) and one for each rule set (Under), confined
// to legal clicks or the usual box when an engine takes only those
// (Confined). It holds the game's whole description: reading and
// writing cases and their rules line, playing them with the reference
// and the engine, generating and steering cases towards every coverage
// item, shrinking them, the coverage items an audit counts, the replay
// page, and the cover plan of `cascade suite`. The vocabulary (cases,
// moves, traces, rule sets) is package samegame's; the planted variants
// are package planted's.
//
// Package games registers Game with the harness; a program that reads
// inputs of any game imports it.
package cubes
