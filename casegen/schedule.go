package casegen

import "math/rand/v2"

// CaseRand is the source of generated case i of a run with the given
// seed. It depends on seed+i only, so that case i of seed s is case 0 of
// seed s+i, and the cases a run checks do not depend on how many run at
// once.
func CaseRand(seed uint64, i int) *rand.Rand {
	return rand.New(rand.NewPCG(seed+uint64(i), 0x9e3779b97f4a7c15))
}

// StressRand is the source of a stress test of a cover's seed; salt
// tells the stress tests of one seed apart.
func StressRand(seed uint64, salt uint64) *rand.Rand {
	return rand.New(rand.NewPCG(seed, 0x5eed0000+salt))
}

// A Schedule steers one generated case in Every towards its Aims, in
// turn: the case drawn from seed s (seed+i, see CaseRand) when s is a
// multiple of Every, to aim number s/Every modulo their number. Whether
// case i is steered, and to which aim, depends on seed+i alone, as the
// rest of case i does: a run is reproduced by its seed, case i alone by
// seed+i, and shards and jobs change nothing. A fixed schedule, not one
// that reads what a run has reached so far, since that would make case
// i depend on the cases before it.
type Schedule[O any] struct {
	Every uint64
	Aims  []Aim[O]
}

// An Aim steers a generated case towards one coverage item: Raise
// raises, in the knobs the usual mix drew for the case, those that make
// the item likely, and leaves the others (the specials, the kinds of
// operation, ...) as drawn, so that a steered case still reaches much
// of what the usual mix reaches. It reports false when maxSize rules
// the item out (a side of 50 under --max-size 10); the case is then as
// drawn.
type Aim[O any] struct {
	Item  string
	Raise func(o *O, maxSize int) bool
}

// Steered returns the aim of the case drawn from seed s, and false when
// the case is not steered.
func (sc Schedule[O]) Steered(s uint64) (Aim[O], bool) {
	if len(sc.Aims) == 0 || s%sc.Every != 0 {
		return Aim[O]{}, false
	}
	return sc.Aims[s/sc.Every%uint64(len(sc.Aims))], true
}

// Steer raises, when the schedule steers the case drawn from seed s, the
// knobs of o its aim raises; o stays as the usual mix drew it
// otherwise, or when maxSize rules the aim out.
func (sc Schedule[O]) Steer(s uint64, o *O, maxSize int) {
	a, ok := sc.Steered(s)
	if !ok {
		return
	}
	raised := *o
	if a.Raise(&raised, maxSize) {
		*o = raised
	}
}
