package process

import (
	"bytes"
	"math/rand/v2"
	"testing"
)

// randomBytes returns n bytes drawn from rng.
func randomBytes(rng *rand.Rand, n int) []byte {
	data := make([]byte, n)
	for i := range data {
		data[i] = byte(rng.Uint32())
	}
	return data
}

// writeChunks writes data to w in chunks of random sizes, some far over
// the writers' bounds, and checks that each write reports all its bytes.
func writeChunks(t *testing.T, w interface{ Write([]byte) (int, error) }, data []byte, rng *rand.Rand) {
	t.Helper()
	for len(data) > 0 {
		n := min(len(data), rng.IntN(3*StderrTail))
		if rng.IntN(10) == 0 {
			n = min(len(data), rng.IntN(3*StdoutLimit))
		}
		if got, err := w.Write(data[:n]); got != n || err != nil {
			t.Fatalf("Write of %d bytes = %d, %v; want %d, nil", n, got, err, n)
		}
		data = data[n:]
	}
}

func TestCapWriterKeepsTheStart(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	var w capWriter
	for _, size := range []int{0, 1, StdoutLimit - 1, StdoutLimit, StdoutLimit + 1, 3 * StdoutLimit, 10_000} {
		for range 20 {
			data := randomBytes(rng, size)
			w.reset(0)
			writeChunks(t, &w, data, rng)
			if want := data[:min(size, StdoutLimit)]; !bytes.Equal(w.buf, want) || w.size != size {
				t.Fatalf("after %d bytes: kept %d bytes (first %d wanted), size %d", size, len(w.buf), len(want), w.size)
			}
		}
	}
}

func TestTailWriterKeepsTheEnd(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	var w tailWriter
	for _, size := range []int{0, 1, StderrTail - 1, StderrTail, StderrTail + 1, 2 * StderrTail, 2*StderrTail + 1, 10_000} {
		for range 20 {
			data := randomBytes(rng, size)
			w.reset()
			writeChunks(t, &w, data, rng)
			if want := data[max(0, size-StderrTail):]; !bytes.Equal(w.bytes(), want) {
				t.Fatalf("after %d bytes: kept %d bytes, want the last %d", size, len(w.bytes()), len(want))
			}
			if len(w.buf) > 2*StderrTail {
				t.Fatalf("after %d bytes: holds %d bytes, want at most %d", size, len(w.buf), 2*StderrTail)
			}
		}
	}
}

// The writers are pooled with their buffers, so that a run allocates
// nothing for its output once the buffers have grown.
func TestWritersReuseTheirBuffers(t *testing.T) {
	chunk := bytes.Repeat([]byte("0123456789abcde\n"), 9) // 144 bytes
	var out capWriter
	var errw tailWriter
	write := func() {
		out.reset(0)
		errw.reset()
		for range 50 {
			out.Write(chunk)
			errw.Write(chunk)
		}
	}
	write()
	if n := testing.AllocsPerRun(20, write); n != 0 {
		t.Errorf("%v allocations per run of writes, want 0", n)
	}
}
