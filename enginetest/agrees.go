package enginetest

import (
	"context"
	"fmt"

	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/prop"

	"github.com/cascade-harness/cascade/conformance"
)

// Agrees is a gopter property: impl answers every case that Cases(g)
// draws as the reference of game g does. A case it does not is checked
// again as Explain checks one, shrunk with cascade's shrinker rather
// than gopter's, and kept as a regression script as Test keeps one; the
// property fails with the report and the script's path as its label.
//
//	props.Property("agrees with the reference", enginetest.Agrees(game, impl))
//
// impl is given FuzzLimit on each case, or a shorter impl.Limit, as
// under Fuzz.
func Agrees[C, T any](g *conformance.Game[C, T], impl conformance.Impl[C, T]) gopter.Prop {
	if impl.Limit <= 0 || impl.Limit > FuzzLimit {
		impl.Limit = FuzzLimit
	}
	return prop.ForAllNoShrink(func(c C) string {
		ctx := context.Background()
		res, err := g.Check(ctx, impl, c)
		switch {
		case err != nil:
			return fmt.Sprintf("%s: %v", g.Name, err)
		case res.Verdict == conformance.TimeLimit:
			return explainOverLimit(ctx, g, impl, c, res)
		case res.Ok():
			return ""
		}
		text, rep := explain(ctx, g, impl, res.Input)
		if rep != nil && rep.Divergence != nil {
			text += "\n\n" + keepRegression("enginetest.Agrees", regressionOf(g, impl, rep, "a case gopter drew"))
		}
		return text
	}, Cases(g))
}
