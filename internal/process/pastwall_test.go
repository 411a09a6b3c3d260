package process

import (
	"testing"
	"time"
)

// TestPastWallTellsStarvedFromWaitingOverTime feeds pastWall looks, as
// a run takes them every 250 ms from a time limit of 2 s, and checks
// when it lets the program go on past its wall-clock limit (6 s): a
// program that shows a sign of running now and then goes on, however
// often a look sees it all asleep; one that shows none for a second
// and four looks is ended, whatever it waits on.
func TestPastWallTellsStarvedFromWaitingOverTime(t *testing.T) {
	const every = 250 * time.Millisecond
	asleep := wait{}
	for _, tc := range []struct {
		name string
		// look returns the wait and CPU time of look i, and whether the
		// caller still owes input.
		look   func(i int) (wait, time.Duration, bool)
		goesOn bool
	}{
		{"starved JVM, all asleep one look in three", func(i int) (wait, time.Duration, bool) {
			if i%3 == 0 {
				return asleep, 0, false
			}
			return wait{runnable: true}, 0, false
		}, true},
		{"starved, never seen runnable, its CPU time growing", func(i int) (wait, time.Duration, bool) {
			return asleep, time.Duration(i/3) * 10 * time.Millisecond, false
		}, true},
		{"asleep", func(int) (wait, time.Duration, bool) { return asleep, 0, false }, false},
		{"stopped", func(int) (wait, time.Duration, bool) { return wait{stopped: true}, 0, false }, false},
		{"vfork parent in state D, its CPU time standing", func(int) (wait, time.Duration, bool) {
			return wait{vfork: true}, 0, false
		}, false},
		{"in state D on a loaded disk", func(int) (wait, time.Duration, bool) {
			return wait{disk: true}, 0, false
		}, true},
		{"reading an input it holds itself", func(int) (wait, time.Duration, bool) {
			return wait{input: true}, 0, false
		}, false},
		{"reading an input the caller has yet to write", func(int) (wait, time.Duration, bool) {
			return wait{input: true}, 0, true
		}, true},
		{"writing output the caller has yet to read", func(int) (wait, time.Duration, bool) {
			return wait{writing: true}, 0, false
		}, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			start := time.Unix(0, 0)
			p := newPastWall(start, 0)
			// The looks from the time limit to a minute past the
			// wall-clock limit, within the ceiling.
			for i := 0; i < 264; i++ {
				now := start.Add(2*time.Second + time.Duration(i)*every)
				w, cpu, owed := tc.look(i)
				p.look(w, cpu, owed, now)
				if now.Before(start.Add(6 * time.Second)) {
					continue
				}
				if on := p.goesOn(now); on != tc.goesOn {
					t.Fatalf("goesOn at %v = %t, want %t", now.Sub(start), on, tc.goesOn)
				}
				if !tc.goesOn {
					return // ended at the wall-clock limit
				}
			}
		})
	}
}

// TestPastWallWaitsForLooksNotOnlyTime has the caller starved too: two
// looks a long time apart, each showing nothing runnable, are not
// enough to end a program.
func TestPastWallWaitsForLooksNotOnlyTime(t *testing.T) {
	start := time.Unix(0, 0)
	p := newPastWall(start, 0)
	for i, at := range []time.Duration{2 * time.Second, 9 * time.Second} {
		now := start.Add(at)
		p.look(wait{}, 0, false, now)
		if !p.goesOn(now) {
			t.Fatalf("goesOn after %d looks = false, want true", i+1)
		}
	}
}

func TestCeiling(t *testing.T) {
	for _, tc := range []struct{ limit, want time.Duration }{
		{2 * time.Second, 5 * time.Minute},
		{10 * time.Second, 1000 * time.Second},
		{20 * time.Millisecond, 5 * time.Minute},
	} {
		if got := Ceiling(tc.limit); got != tc.want {
			t.Errorf("Ceiling(%v) = %v, want %v", tc.limit, got, tc.want)
		}
	}
}
