package conformance

import (
	"slices"
	"sync"
)

// The games the harness knows are those registered, as image formats
// and database/sql drivers are: a game family's package describes its
// game, and one place (package games, for the cascade command) registers
// them all. Recognise, NextCase, ReadCases and Lookup read inputs as the
// games registered.
var registry struct {
	sync.RWMutex
	// games is an array, not a slice, so that registering at start-up
	// allocates nothing (TestStartupInitialisesNothingOfCascades).
	games [maxGames]Any
	n     int
}

// maxGames is the number of games Register takes.
const maxGames = 16

// Register adds games to those the harness knows, after those already
// registered: Games lists them in that order, and Recognise tries them
// in it. A name registered twice panics, as a programming error.
func Register(games ...Any) {
	registry.Lock()
	defer registry.Unlock()
	for _, g := range games {
		for _, h := range registry.games[:registry.n] {
			if h.Name() == g.Name() {
				panic("conformance: Register called twice for game " + g.Name())
			}
		}
		if registry.n == maxGames {
			panic("conformance: more games registered than Register takes")
		}
		registry.games[registry.n] = g
		registry.n++
	}
}

// Games returns the games registered, in the order they were.
func Games() []Any {
	registry.RLock()
	defer registry.RUnlock()
	return slices.Clone(registry.games[:registry.n])
}
