package conformance

import (
	"fmt"
	"iter"
	"math/bits"
)

// A Shard is one part of a run, so that N machines, each running the
// same options with its own part, check between them the cases that one
// run checks: part K of N (1 <= K <= N) takes generated case i when i
// mod N is K-1, and the built-in and named cases likewise by their place
// in the list, the built-in cases first, then RunOptions.Cases in their
// order. The parts are interleaved rather than blocks so that a run
// bounded by Time, whose count is not known beforehand, splits as well
// as one bounded by Count, and the big cases spread evenly.
//
// When Count bounds the run, the N parts check exactly the cases of the
// whole run, each once; when Time does, each part checks what it
// reached in its time. The zero Shard is the whole run.
type Shard struct{ K, N int }

// Whole reports whether s is the whole run: N is 0 or 1.
func (s Shard) Whole() bool { return s.N <= 1 }

// Has reports whether case i of the list, or generated case i, is in s.
func (s Shard) Has(i int) bool { return s.Whole() || i%s.N == s.K-1 }

// String is "K/N", or "1/1" for the whole run.
func (s Shard) String() string {
	if s.Whole() {
		return "1/1"
	}
	return fmt.Sprintf("%d/%d", s.K, s.N)
}

// valid says what is wrong with s, if anything.
func (s Shard) valid() error {
	if s.N < 0 || !s.Whole() && (s.K < 1 || s.K > s.N) {
		return fmt.Errorf("conformance: shard %d/%d: want K from 1 to N", s.K, s.N)
	}
	return nil
}

// first is the first generated index in s, step the distance to the
// next.
func (s Shard) first() int { return max(s.K-1, 0) }

func (s Shard) step() int { return max(s.N, 1) }

// Indices is a set of generated case indices, a bit each: the cases a
// run checked (Report.GenIndices), which several shards' reports put
// together without a gap or an overlap when they cover one run.
type Indices struct {
	words []uint64
	n     int
}

// Add puts i, 0 or more, in the set.
func (s *Indices) Add(i int) {
	w := i / 64
	if w >= len(s.words) {
		s.words = append(s.words, make([]uint64, w+1-len(s.words))...)
	}
	if bit := uint64(1) << (i % 64); s.words[w]&bit == 0 {
		s.words[w] |= bit
		s.n++
	}
}

// Has reports whether i is in the set.
func (s *Indices) Has(i int) bool {
	return i >= 0 && i/64 < len(s.words) && s.words[i/64]&(1<<(i%64)) != 0
}

// Len is the number of indices in the set.
func (s *Indices) Len() int { return s.n }

// All yields the indices in increasing order.
func (s *Indices) All() iter.Seq[int] {
	return func(yield func(int) bool) {
		for w, word := range s.words {
			for word != 0 {
				b := bits.TrailingZeros64(word)
				if !yield(w*64 + b) {
					return
				}
				word &^= 1 << b
			}
		}
	}
}

// Runs are the indices of the set as runs of indices step apart: each
// pair [a, b] stands for a, a+step, ..., b, all in the set, and the
// pairs come in increasing order. A shard's indices form runs of its N,
// a whole run's of 1.
func (s *Indices) Runs(step int) [][2]int {
	var runs [][2]int
	for i := range s.All() {
		if n := len(runs); n > 0 && runs[n-1][1]+step == i {
			runs[n-1][1] = i
			continue
		}
		runs = append(runs, [2]int{i, i})
	}
	return runs
}
