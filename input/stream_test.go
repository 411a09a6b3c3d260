package input_test

import (
	"io"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/cascade-harness/cascade/match3"
	"github.com/cascade-harness/cascade/samegame"
)

// generated is an input made as it is read, never held whole: head, then
// size bytes of fill repeated, then tail. It counts the bytes read.
type generated struct {
	head, fill, tail string
	size             int64
	read             int64
	chunk            []byte // fill repeated, to copy from
}

// generate returns the input head, size bytes of fill, tail.
func generate(head, fill, tail string, size int64) *generated {
	return &generated{head: head, fill: fill, tail: tail, size: size,
		chunk: []byte(strings.Repeat(fill, 1<<16/len(fill)))}
}

func (g *generated) Read(p []byte) (int, error) {
	head, body := int64(len(g.head)), int64(len(g.head))+g.size
	end := body + int64(len(g.tail))
	if g.read == end && len(p) > 0 {
		return 0, io.EOF
	}
	n := 0
	for n < len(p) && g.read < end {
		var k int
		switch at := g.read; {
		case at < head:
			k = copy(p[n:], g.head[at:])
		case at < body:
			// The chunk from off on goes on with the pattern from at.
			off := (at - head) % int64(len(g.fill))
			k = int(min(int64(copy(p[n:], g.chunk[off:])), body-at))
		default:
			k = copy(p[n:], g.tail[at-body:])
		}
		n += k
		g.read += int64(k)
	}
	return n, nil
}

// line is the size of the long line of every case: 200 MB.
const line = 200 << 20

// slack bounds how far past the byte that settles a case the parsers may
// read: a few read buffers of the largest size, 64 KiB. Reading stops there, so a case is
// settled as fast as that much input arrives, whatever the length of the
// line.
const slack = 4 << 16

// parse runs a game's parser on in and returns its first problem, with
// the bytes allocated meanwhile: an upper bound of how far the heap grew.
func parse(t *testing.T, game string, in io.Reader) (error, uint64) {
	t.Helper()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	var err error
	switch game {
	case "samegame":
		_, err = samegame.Parse(in)
	case "match3":
		_, err = match3.Parse(in)
	}
	runtime.ReadMemStats(&after)
	return err, after.TotalAlloc - before.TotalAlloc
}

// TestLongLineIsRejectedWhereItIsSettled feeds each game a 200 MB line,
// made as it is read, and checks that it is rejected once the bytes that
// settle it are read (a row or a number too long, a byte that no number
// holds), having read little more and allocated under 1 MB.
func TestLongLineIsRejectedWhereItIsSettled(t *testing.T) {
	for _, tc := range []struct {
		name, game string
		in         [3]string // head, fill, tail
		want       string
	}{
		{"samegame row", "samegame", [3]string{"2\n", "1", ""},
			"line 2: row has more than 66 characters, want 2"},
		{"samegame header", "samegame", [3]string{"", "1", ""},
			`line 1: box side N or W H: want one or two integers, got "1111111111111111111111111111111111111111…" (more than 64 bytes)`},
		{"samegame pair", "samegame", [3]string{"1\n1\n1\n", "1", ""},
			`line 4: X of pair 1 of 1 "11111111111111111111…" (more than 20 bytes) is out of range`},
		{"samegame zeros", "samegame", [3]string{"", "\x00", ""},
			`line 1: box side N or W H: want one or two integers, got "\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00…" (more than 64 bytes)`},
		{"match3 board", "match3", [3]string{"2 2 2 0\n", "1", ""},
			`line 2: colour of cell (1, 1) "11111111111111111111…" (more than 20 bytes) is out of range`},
		{"match3 header", "match3", [3]string{"", "7", ""},
			`line 1: number of rows n "77777777777777777777…" (more than 20 bytes) is out of range`},
		{"match3 zeros", "match3", [3]string{"", "\x00", ""},
			`line 1: number of rows n "\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00…" (more than 20 bytes) is not an integer`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			in := generate(tc.in[0], tc.in[1], tc.in[2], line)
			start := time.Now()
			err, alloc := parse(t, tc.game, in)
			t.Logf("rejected after %d bytes in %v, %d bytes allocated", in.read, time.Since(start), alloc)
			if err == nil || err.Error() != tc.want {
				t.Fatalf("Parse error = %v, want %s", err, tc.want)
			}
			if in.read > int64(len(in.head))+slack {
				t.Errorf("read %d bytes of %d, want at most %d: the parser read on past the bytes that settle the case", in.read, len(in.head)+line, len(in.head)+slack)
			}
			if alloc > 1<<20 {
				t.Errorf("allocated %d bytes, want under 1 MB", alloc)
			}
		})
	}
}

// TestLongBlankRunIsReadWithoutKeepingIt feeds each game a case whose
// blanks run for 200 MB, at the end of a line or as blank lines, which is
// legal (S1, M2), and checks that it is accepted having allocated under
// 1 MB: blanks are consumed, never kept.
func TestLongBlankRunIsReadWithoutKeepingIt(t *testing.T) {
	for _, tc := range []struct {
		name, game string
		in         [3]string // head, fill, tail
	}{
		{"samegame blanks after a row", "samegame", [3]string{"2\n12", " \t", "\n21\n1\n0 0\n"}},
		{"samegame blank lines before the pairs", "samegame", [3]string{"2\n12\n21\n1\n", " \r\n", "0 0\n"}},
		{"match3 blank lines", "match3", [3]string{"2 2 2 1", "\n", "1 2 2 1 0 0 0 0 1 1 1 2"}},
		{"match3 blanks between numbers", "match3", [3]string{"2 2 2 1 1 2 2 1 0 0 0 0 1", " \t\r\n", "1 1 2"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			in := generate(tc.in[0], tc.in[1], tc.in[2], line)
			start := time.Now()
			err, alloc := parse(t, tc.game, in)
			t.Logf("accepted after %d bytes in %v, %d bytes allocated", in.read, time.Since(start), alloc)
			if err != nil {
				t.Fatalf("Parse error = %v, want none", err)
			}
			if want := int64(len(in.head)+len(in.tail)) + line; in.read != want {
				t.Errorf("read %d bytes, want all %d", in.read, want)
			}
			if alloc > 1<<20 {
				t.Errorf("allocated %d bytes, want under 1 MB", alloc)
			}
		})
	}
}

// TestGeneratedYieldsItsBytes checks the test's own reader on a small
// input.
func TestGeneratedYieldsItsBytes(t *testing.T) {
	g := generate("ab", "xyz", "cd", 7)
	got, err := io.ReadAll(g)
	if want := "ab" + strings.Repeat("xyz", 3)[:7] + "cd"; err != nil || string(got) != want || g.read != int64(len(want)) {
		t.Errorf("ReadAll = %q, %v after %d bytes; want %q", got, err, g.read, want)
	}
}
