package gems

import (
	"github.com/cascade-harness/cascade/conformance"
	"github.com/cascade-harness/cascade/match3"
	"github.com/cascade-harness/cascade/reference"
)

// The coverage items of a rule set other than thupc: what every rule set
// reaches, and per setting what its arm reaches seldom by chance
// (rulesCoverageItems lists those of a rule set's arms).
const (
	rValid       = "rules-valid"
	rChain       = "rules-chain-2"
	rInvalid     = "rules-invalid"
	rRefill      = "rules-refill"
	rQueueDry    = "rules-queue-used-up"
	rLowestChain = "rules-lowest-chain"
	rSettle      = "rules-settle"
	rSettle2     = "rules-settle-2"
	rStartApart  = "rules-start-runs-apart"
	rSettleScore = "rules-settle-scores"
	rNoSwaps     = "rules-no-swaps-still"
	rNoMove      = "rules-no-move-left"
	rNoMoveStart = "rules-no-move-at-start"
	rMoveLimit   = "rules-move-limit"
	rPoints      = "rules-points"
	rBlocks2     = "rules-two-blocks"
	rBoardEmpty  = "rules-board-empty-cell"
	rBonusValid  = "rules-bonus-all-valid"
	rBonusClear  = "rules-bonus-cleared"
)

// rulesCoverageItems are the coverage items of rule set r, each where
// its settings have it.
func rulesCoverageItems(r match3.Rules) []conformance.CoverageItem {
	r = r.Effective()
	var its []conformance.CoverageItem
	add := func(ok bool, name, help string) {
		if ok {
			its = append(its, conformance.CoverageItem{Name: name, Help: help})
		}
	}
	swaps := r.Swaps == match3.SwapsAny
	add(swaps, rValid, "a valid swap (per swap)")
	add(swaps, rChain, "a valid swap of 2 rounds or more (per swap)")
	add(swaps, rInvalid, "an invalid swap, played (per swap)")
	add(r.Refill == match3.RefillQueue, rRefill, "a round that fills cells from the queues (per round)")
	add(r.Refill == match3.RefillQueue, rQueueDry, "a column whose queue the game draws to its end (per column)")
	add(r.Clear == match3.ClearLowest && swaps, rLowestChain, "under clear=lowest, a swap of 2 rounds or more (per swap)")
	add(r.Start != match3.StartReject, rSettle, "a start board that holds runs and settles (per case)")
	add(r.Start != match3.StartReject, rSettle2, "a settle of 2 rounds or more (per case)")
	add(r.Start != match3.StartReject, rStartApart, "a start board with runs apart, one's lowest row below another's: clear=lowest settles the lower first, clear=all both at once (per case)")
	add(r.Start == match3.StartScore, rSettleScore, "a settle that scores (per case)")
	add(!swaps, rNoSwaps, "under swaps=none, a start board with no run: nothing moves (per case)")
	add(r.NoMove == match3.NoMoveEnd && swaps, rNoMove, "a swap not played: no swap would make a run (per swap)")
	add(r.NoMove == match3.NoMoveEnd && swaps, rNoMoveStart, "no swap would make a run from the start: nothing is played (per case)")
	add(r.Moves > 0 && swaps, rMoveLimit, "a swap not played: the moves are used up (per swap)")
	// points=0 (leetcode723, bevymatch3) scores nothing: its item could
	// never be reached.
	add(r.Scoring == match3.ScoringExpr && r.Points.String() != "0", rPoints, "a swap or settle whose terms score points other than 0 (per swap)")
	add(r.Scoring == match3.ScoringExpr && r.Per != match3.PerRound, rBlocks2, "a round whose line cells make 2 blocks or more, each its own terms (per round)")
	// Under refill=queue no generated case runs a queue dry, so every
	// final board is full.
	add(r.Answer == match3.AnswerBoard && r.Refill == match3.RefillNone, rBoardEmpty, "a final board that holds an empty cell (per case)")
	add(r.AllValid != 0, rBonusValid, "the all-valid bonus earned (per case)")
	add(r.Cleared != 0, rBonusClear, "the board cleared, its bonus earned (per case)")
	return its
}

// rulesCoverage reads the coverage of c, a case of rule set r other
// than thupc, from the reference's trace t (Detail filled).
func rulesCoverage(c *match3.Case, t match3.Trace) conformance.Coverage {
	r := c.Rules.Effective()
	cov := conformance.Counter{}
	rounds := func(rs []match3.Round) {
		for _, rd := range rs {
			cov.AddIf(rRefill, len(rd.Refilled) > 0)
			cov.AddIf(rBlocks2, len(rd.Blocks) >= 2)
		}
	}
	drawn := make([]int, c.Cols)
	count := func(rs []match3.Round) {
		for _, rd := range rs {
			for _, cell := range rd.Refilled {
				drawn[cell.Y-1]++
			}
		}
	}
	cov.AddIf(rSettle, t.Start.Rounds > 0)
	cov.AddIf(rSettle2, t.Start.Rounds >= 2)
	cov.AddIf(rStartApart, r.Start != match3.StartReject && runsApart(c))
	cov.AddIf(rSettleScore, t.Start.Score() != 0)
	cov.AddIf(rNoSwaps, r.Swaps == match3.SwapsNone && t.Start.Rounds == 0)
	cov.AddIf(rPoints, t.Start.Points != 0)
	rounds(t.StartRounds)
	count(t.StartRounds)
	moves := 0
	for i, op := range t.Ops {
		switch op.Validity {
		case match3.Valid:
			moves++
			cov.Add(rValid, 1)
			cov.AddIf(rChain, op.Rounds >= 2)
			cov.AddIf(rLowestChain, op.Rounds >= 2 && r.Clear == match3.ClearLowest)
			cov.AddIf(rPoints, op.Points != 0)
		case match3.Over:
			limit := r.Moves > 0 && moves >= r.Moves
			cov.AddIf(rMoveLimit, limit)
			cov.AddIf(rNoMove, !limit)
			cov.AddIf(rNoMoveStart, !limit && i == 0)
		default:
			if r.Invalid != match3.InvalidFree {
				moves++
			}
			cov.Add(rInvalid, 1)
		}
		if i < len(t.Detail) {
			rounds(t.Detail[i].Rounds)
			count(t.Detail[i].Rounds)
		}
	}
	for y, q := range c.Queues {
		cov.AddIf(rQueueDry, len(q) > 0 && drawn[y] >= len(q) && len(t.Detail) == len(t.Ops))
	}
	for _, p := range t.Board {
		if p.Colour == 0 {
			cov.Add(rBoardEmpty, 1)
			break
		}
	}
	cov.AddIf(rBonusValid, t.AllValid && r.AllValid != 0)
	cov.AddIf(rBonusClear, t.Cleared && r.Cleared != 0)
	return conformance.Coverage{Counts: cov.Clone()}
}

// runsApart reports whether the runs of c's start board lie apart at two
// heights: some run neither in the lowest row that holds the bottom of a
// run nor sharing a cell with a run there (reference.Grid.LowestOf),
// so that clear=lowest leaves it for a later round, where clear=all
// takes it in the first. Such a run may still share a cell with one
// that clear=lowest takes.
func runsApart(c *match3.Case) bool {
	g := reference.NewGrid(c)
	runs := g.RunList()
	return len(g.LowestOf(runs)) < len(runs)
}
