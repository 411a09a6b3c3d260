package goengine_test

import (
	"testing"

	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/prop"

	"github.com/cascade-harness/cascade/conformance"
	"github.com/cascade-harness/cascade/cubes"
	"github.com/cascade-harness/cascade/enginetest"
	"github.com/cascade-harness/cascade/samegame"

	"example.com/goengine"
)

// boxOf is the engine's box of cascade's case c: c.Board holds H rows of
// W colours, the top row first.
func boxOf(c *samegame.Case) *goengine.Box {
	rows := make([][]byte, c.H)
	for r := range rows {
		rows[r] = c.Board[r*c.W : (r+1)*c.W]
	}
	return goengine.NewBox(rows)
}

// total is the engine as a judge sees it: the final total alone.
func total(c *samegame.Case) (int64, error) {
	b := boxOf(c)
	var sum int64
	for _, m := range c.Moves {
		sum += b.Click(m.X, m.Y)
	}
	return sum, nil
}

// running is the engine as the step protocol sees it: the running total
// after every click, and the box after it when boards is set.
func running(boards bool) func(c *samegame.Case) (conformance.StepTrace, error) {
	return func(c *samegame.Case) (conformance.StepTrace, error) {
		b := boxOf(c)
		var st conformance.StepTrace
		for _, m := range c.Moves {
			st.Total += b.Click(m.X, m.Y)
			st.Running = append(st.Running, st.Total)
			if boards {
				var cells []int32
				for _, row := range b.Rows() {
					for _, v := range row {
						cells = append(cells, int32(v))
					}
				}
				st.Boards = append(st.Boards, cells)
			}
		}
		return st, nil
	}
}

var (
	totalOnly = cubes.Game.TotalFunc("goengine-total", total)
	steps     = cubes.Game.StepFunc("goengine-steps", running(false))
	boards    = cubes.Game.StepFunc("goengine-boards", running(true))
)

// The built-in cases and 200 generated ones, from each of the three
// things the engine can give.
func TestTotal(t *testing.T)  { cubes.Game.Test(t, totalOnly) }
func TestSteps(t *testing.T)  { cubes.Game.Test(t, steps) }
func TestBoards(t *testing.T) { cubes.Game.Test(t, boards) }

// Native fuzz targets; plain go test runs their seed corpus.
func FuzzTotal(f *testing.F) { enginetest.Fuzz(f, cubes.Game, totalOnly) }
func FuzzSteps(f *testing.F) { enginetest.Fuzz(f, cubes.Game, steps) }

// A property of the engine's own, on cases drawn by cascade's generator:
// running totals never fall, and the last is the total.
func TestRunningTotalsNeverFall(t *testing.T) {
	params := gopter.DefaultTestParametersWithSeed(1)
	params.MinSuccessfulTests = 300
	props := gopter.NewProperties(params)
	props.Property("running totals never fall", prop.ForAll(func(c *samegame.Case) bool {
		st, _ := running(false)(c)
		var last int64
		for _, r := range st.Running {
			if r < last {
				return false
			}
			last = r
		}
		return last == st.Total
	}, enginetest.SameGameCases()))
	props.TestingRun(t)
}

// The regression scripts cascade check --emit wrote for other programs,
// run against this engine.
func TestRegressions(t *testing.T) {
	enginetest.Scripts(t, cubes.Game, totalOnly, "testdata/script")
}
