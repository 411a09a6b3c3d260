package process

import (
	"bytes"
	"math/rand/v2"
	"strings"
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

// TestTailWriterKeepsTheHeadOfACrashReport writes crash reports whose
// head is followed by far more than StderrTail bytes (ASAN's shadow
// bytes and legend, every goroutine of a Go panic, a Java stack
// overflow's frames), in chunks of every size: what is kept starts with
// the head, then "...", then the tail.
func TestTailWriterKeepsTheHeadOfACrashReport(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, tc := range []struct{ name, before, head, after string }{
		{"asan", "==12==ERROR: AddressSanitizer: heap-buffer-overflow on address 0x6020 at pc 0x55\n    #0 0x55 in bfs file.cc:91\n",
			"SUMMARY: AddressSanitizer: heap-buffer-overflow file.cc:91 in bfs",
			"Shadow bytes around the buggy address:\n" + strings.Repeat("  0x0c047fff8000: fa fa 00 00 fa fa 00 00 fa fa 00 00 fa fa 00 00\n", 30) + "  Heap left redzone:       fa\n==12==ABORTING\n"},
		{"go panic", "", "panic: runtime error: index out of range [5] with length 5",
			"\ngoroutine 1 [running]:\n" + strings.Repeat("main.f(...)\n\t/tmp/x/main.go:9 +0x1d\n", 40) + "exit status 2\n"},
		{"java", "", "Exception in thread \"main\" java.lang.StackOverflowError",
			strings.Repeat("\tat Main.fill(Main.java:40)\n", 100)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var w tailWriter
			data := []byte(tc.before + tc.head + "\n" + tc.after)
			writeChunks(t, &w, data, rng)
			got := string(w.bytes())
			want := tc.head + "\n...\n" + tc.after[len(tc.after)-StderrTail:]
			if got != want {
				t.Errorf("kept %q, want %q", got, want)
			}
			// A head still in the tail is not given twice.
			w.reset()
			w.Write([]byte(tc.head + "\nshort\n"))
			if got := string(w.bytes()); got != tc.head+"\nshort\n" {
				t.Errorf("kept %q, want the tail alone", got)
			}
		})
	}
}

// headsLineByLine is what tailWriter.heads computes, read the plain way:
// every line of what was written, its first maxHead bytes ranked.
func headsLineByLine(data []byte) (head []byte, rank, headEnd int) {
	at := 0
	for {
		nl := bytes.IndexByte(data[at:], '\n')
		if nl < 0 {
			return head, rank, headEnd
		}
		line := data[at : at+nl]
		at += nl + 1
		if r := headRank(line[:min(len(line), maxHead)]); r > rank {
			head, rank, headEnd = line[:min(len(line), maxHead)], r, at
		}
	}
}

// TestTailWriterFindsTheHeadAsEachLineWouldBeRead writes texts of short
// and long lines, some holding a report's head (at the line's start or
// not, after spaces, past maxHead), in chunks of random sizes, and
// checks that the head found by searching is the one a look at every
// line finds, with where it ended.
func TestTailWriterFindsTheHeadAsEachLineWouldBeRead(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	pieces := []string{"y", "", " ", "\t", "panic: x", "fatal error: y", "SUMMARY: AddressSanitizer: z",
		"SUMMARY: not one", "Exception in thread \"main\" E", "a panic: no", "  panic: indented",
		strings.Repeat("w", maxHead-3), "\u00a0panic: after a no-break space", "Exception in", " thread "}
	for i := range 2000 {
		var b strings.Builder
		for range rng.IntN(40) {
			for range 1 + rng.IntN(3) {
				b.WriteString(pieces[rng.IntN(len(pieces))])
			}
			b.WriteByte('\n')
		}
		if rng.IntN(2) == 0 {
			b.WriteString(pieces[rng.IntN(len(pieces))])
		}
		data := []byte(b.String())
		var w tailWriter
		for rest := data; len(rest) > 0; {
			n := min(len(rest), 1+rng.IntN(64))
			if rng.IntN(4) == 0 {
				n = len(rest)
			}
			w.Write(rest[:n])
			rest = rest[n:]
		}
		head, rank, end := headsLineByLine(data)
		if w.rank != rank || rank > 0 && (!bytes.Equal(w.head, head) || w.headEnd != end) {
			t.Fatalf("text %d %q: head %q rank %d ending at %d, want %q rank %d ending at %d",
				i, data, w.head, w.rank, w.headEnd, head, rank, end)
		}
	}
}
