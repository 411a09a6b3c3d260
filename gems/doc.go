// Package gems describes match-3 with poker ("Lines and Poker") to the
// conformance harness: a conformance.Game (Game) holding the game's
// whole description: reading and writing cases, playing them with the
// reference and the engine, generating and steering cases towards every
// coverage item, shrinking them, the coverage items an audit counts, the
// replay page, and the cover plan of `cascade suite`. The vocabulary
// (cases, pieces, swaps, traces, hands) is package match3's; the planted
// variants are package planted's.
//
// Package games registers Game with the harness; a program that reads
// inputs of any game imports it.
package gems
