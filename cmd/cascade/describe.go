package main

import (
	"bytes"
	"fmt"

	"cascade/match3"
	"cascade/samegame"
)

// How trace, validate and the check report name a case and its
// operations, one way for all three.

// sameGameSize is the size of a SameGame case: "N=5, K=12".
func sameGameSize(c *samegame.Case) string { return fmt.Sprintf("N=%d, K=%d", c.N, len(c.Moves)) }

// match3Size is the size of a match-3 case: "8x8, k=5, q=5".
func match3Size(c *match3.Case) string {
	return fmt.Sprintf("%dx%d, k=%d, q=%d", c.Rows, c.Cols, c.Colours, len(c.Ops))
}

// swapText is a match-3 operation as trace shows it: "(3, 2) <-> (4, 2)".
func swapText(s match3.Swap) string { return fmt.Sprintf("%v <-> %v", s.A, s.B) }

// parsePuzzle parses input, a case as a check result holds it, as game
// g; it returns nil when input is not a case of g.
func parsePuzzle(g game, input []byte) *puzzle {
	p := &puzzle{game: g}
	var err error
	switch g {
	case sameGame:
		p.sameGame, err = samegame.Parse(bytes.NewReader(input))
	case match3Game:
		p.match3, err = match3.Parse(bytes.NewReader(input))
	default:
		return nil
	}
	if err != nil {
		return nil
	}
	return p
}

// size describes the size of input, a case of game g, or its length
// when it is not one.
func size(g game, input []byte) string {
	switch p := parsePuzzle(g, input); {
	case p == nil:
		return fmt.Sprintf("%d bytes", len(input))
	case p.game == sameGame:
		return sameGameSize(p.sameGame)
	default:
		return match3Size(p.match3)
	}
}

// opText describes move or operation op (1-based) of p, "?" when p is
// nil or has no such move.
func opText(p *puzzle, op int) string {
	switch {
	case p == nil || op < 1:
	case p.game == sameGame && op <= len(p.sameGame.Moves):
		return p.sameGame.Moves[op-1].String()
	case p.game == match3Game && op <= len(p.match3.Ops):
		return swapText(p.match3.Ops[op-1])
	}
	return "?"
}
