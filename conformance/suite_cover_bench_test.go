package conformance_test

import (
	"testing"

	"github.com/cascade-harness/cascade/conformance"
	"github.com/cascade-harness/cascade/cubes"
	"github.com/cascade-harness/cascade/gems"
)

// BenchmarkCoverStressTests plays each stress test of a cover (seed 1)
// on the engine and on the reference, whose literal rescans of the
// whole box or board after every move are what SPEC.md, "Suite", calls
// naive: the times it quotes come from here.
func BenchmarkCoverStressTests(b *testing.B) {
	base := conformance.Splitmix(1)
	for _, s := range cubes.Game.CoverPlan().Stress {
		c := s.Build(base)
		b.Run(s.Name+"/engine", func(b *testing.B) {
			for b.Loop() {
				cubes.Game.Engine(c)
			}
		})
		b.Run(s.Name+"/reference", func(b *testing.B) {
			for b.Loop() {
				cubes.Game.Reference(c)
			}
		})
	}
	for _, s := range gems.Game.CoverPlan().Stress {
		c := s.Build(base)
		b.Run(s.Name+"/engine", func(b *testing.B) {
			for b.Loop() {
				gems.Game.Engine(c)
			}
		})
		b.Run(s.Name+"/reference", func(b *testing.B) {
			for b.Loop() {
				gems.Game.Reference(c)
			}
		})
	}
}
