// Package games registers the games the cascade command knows with the
// harness (conformance.Register), in the order the command lists them:
// one line per game family, each a package of its own that describes
// its game to the harness. A program that reads cases of any game
// (cascade, enginetest's scripts) imports it for its effect:
//
//	import _ "github.com/cascade-harness/cascade/games"
package games

import (
	"github.com/cascade-harness/cascade/conformance"
	"github.com/cascade-harness/cascade/cubes"
	"github.com/cascade-harness/cascade/gems"
)

func init() {
	conformance.Register(
		cubes.Game.Any(), // SameGame and its rule sets
		gems.Game.Any(),  // match-3 with poker
	)
}
