package conformance

import (
	"bytes"
	"testing"
)

// TestStreamHistoriesShareOneBound remembers inputs for three processes
// of one command in turn, past historyLimit many times over: the command
// holds at most historyLimit bytes (and never drops a process's last
// input), each history is the newest inputs of its process, in order,
// with the count of those it dropped, an earlier Answer's Before is
// never changed by what comes after it, and a process done with gives
// back what it held.
func TestStreamHistoriesShareOneBound(t *testing.T) {
	c := &Command{}
	sts := []*stream{{}, {}, {}}
	const size = historyLimit / 10
	// What an Before held when taken: each input's first byte and size.
	type kept struct {
		first byte
		size  int
	}
	type snapshot struct {
		before [][]byte
		kept   []kept
	}
	var snaps []snapshot
	sent := make([]int, len(sts))
	for i := range 200 {
		st := sts[i%len(sts)]
		// Input i is size bytes of i's low byte, a few bytes more or
		// less, so that sizes vary.
		input := bytes.Repeat([]byte{byte(i)}, size+i%7-3)
		before := st.history[:len(st.history):len(st.history)]
		snap := snapshot{before: before}
		for _, in := range before {
			snap.kept = append(snap.kept, kept{in[0], len(in)})
		}
		snaps = append(snaps, snap)
		c.remember(st, input)
		sent[i%len(sts)]++
		if c.held > historyLimit {
			t.Fatalf("after input %d: the command holds %d bytes, more than historyLimit %d", i, c.held, historyLimit)
		}
		total := 0
		for k, s := range sts {
			held := 0
			for j, in := range s.history {
				held += len(in)
				// The j-th kept input of process k is the one it was
				// sent as its (dropped+j)-th.
				if want := byte((s.dropped+j)*len(sts) + k); len(in) == 0 || in[0] != want {
					t.Fatalf("after input %d: process %d's input %d is of byte %d, want %d", i, k, j, in[0], want)
				}
			}
			if held != s.held || s.dropped+len(s.history) != sent[k] {
				t.Fatalf("after input %d: process %d holds %d bytes in %d inputs (%d dropped), says %d, was sent %d", i, k, held, len(s.history), s.dropped, s.held, sent[k])
			}
			if sent[k] > 0 && len(s.history) == 0 {
				t.Fatalf("after input %d: process %d dropped its last input", i, k)
			}
			total += held
		}
		if total != c.held {
			t.Fatalf("after input %d: the processes hold %d bytes, the command counts %d", i, total, c.held)
		}
	}
	for i, s := range snaps {
		for j := range s.before {
			if in := s.before[j]; len(in) != s.kept[j].size || bytes.Count(in, in[:1]) != len(in) || in[0] != s.kept[j].first {
				t.Fatalf("the Before of input %d changed at %d after later inputs", i, j)
			}
		}
	}
	if sts[0].dropped == 0 {
		t.Fatal("no process dropped an input: the test does not reach the bound")
	}
	for _, st := range sts {
		c.forget(st)
	}
	if c.held != 0 {
		t.Errorf("every process done with, the command still counts %d bytes", c.held)
	}
}
