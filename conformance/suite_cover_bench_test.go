package conformance

import "testing"

// BenchmarkCoverStressTests plays each stress test of a cover (seed 1)
// on the engine and on the reference, whose literal rescans of the
// whole box or board after every move are what SPEC.md, "Suite", calls
// naive: the times it quotes come from here.
func BenchmarkCoverStressTests(b *testing.B) {
	base := splitmix(1)
	for _, s := range sameGameCoverPlan().stress {
		c := s.build(base)
		b.Run(s.name+"/engine", func(b *testing.B) {
			for b.Loop() {
				SameGame.Engine(c)
			}
		})
		b.Run(s.name+"/reference", func(b *testing.B) {
			for b.Loop() {
				SameGame.Reference(c)
			}
		})
	}
	for _, s := range match3CoverPlan().stress {
		c := s.build(base)
		b.Run(s.name+"/engine", func(b *testing.B) {
			for b.Loop() {
				Match3.Engine(c)
			}
		})
		b.Run(s.name+"/reference", func(b *testing.B) {
			for b.Loop() {
				Match3.Reference(c)
			}
		})
	}
}
