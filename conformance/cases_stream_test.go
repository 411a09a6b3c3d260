package conformance_test

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"github.com/cascade-harness/cascade/conformance"
	"github.com/cascade-harness/cascade/cubes"
	"github.com/cascade-harness/cascade/gems"
)

// writeLong writes file: head, then size bytes of fill repeated, written
// 1 MB at a time, then tail.
func writeLong(t *testing.T, file, head, fill, tail string, size int) {
	t.Helper()
	f, err := os.Create(file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	chunk := []byte(strings.Repeat(fill, (1<<20)/len(fill)))
	if _, err := f.WriteString(head); err != nil {
		t.Fatal(err)
	}
	for left := size; left > 0; left -= len(chunk) {
		if _, err := f.Write(chunk[:min(left, len(chunk))]); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := f.WriteString(tail); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
}

// readMeasured reads dir with ReadCasesFor(dir, g) and returns the cases,
// the bytes this process read meanwhile (-1 where the system does not
// tell) and the bytes allocated meanwhile: an upper bound of how far the
// heap grew.
func readMeasured(t *testing.T, dir string, g conformance.Any) ([]conformance.Case, int64, uint64) {
	t.Helper()
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	start := bytesRead()
	cs, err := conformance.ReadCasesFor(dir, g)
	read := bytesRead()
	runtime.ReadMemStats(&after)
	if err != nil {
		t.Fatal(err)
	}
	if start < 0 || read < 0 {
		read = -1
	} else {
		read -= start
	}
	return cs, read, after.TotalAlloc - before.TotalAlloc
}

// bytesRead is the count of bytes this process has read (rchar of
// /proc/self/io, Linux's), or -1. Unlike the time a read takes, it does
// not depend on how loaded the machine is.
func bytesRead() int64 {
	data, err := os.ReadFile("/proc/self/io")
	if err != nil {
		return -1
	}
	for line := range strings.SplitSeq(string(data), "\n") {
		if v, ok := strings.CutPrefix(line, "rchar: "); ok {
			if n, err := strconv.ParseInt(v, 10, 64); err == nil {
				return n
			}
		}
	}
	return -1
}

// long is the size of the long line or blank run of the files below:
// 200 MB.
const long = 200 << 20

// TestReadCasesRejectsALongRowWithoutHoldingTheFile writes a 200 MB row
// under SameGame's header 2 and checks that reading the folder reports
// the case as not valid, naming the file and the line, reading under
// 64 MB of it and allocating under 64 MB: the file is read as a stream
// and settled in its first bytes, not read whole.
func TestReadCasesRejectsALongRowWithoutHoldingTheFile(t *testing.T) {
	if testing.Short() {
		t.Skip("writes a 200 MB file")
	}
	dir := t.TempDir()
	file := filepath.Join(dir, "long.in")
	writeLong(t, file, "2\n", "1", "\n", long)
	defer os.Remove(file)
	for _, tc := range []struct {
		name string
		game conformance.Any
	}{{"recognised", nil}, {"samegame given", cubes.Game.Any()}} {
		t.Run(tc.name, func(t *testing.T) {
			cs, read, alloc := readMeasured(t, dir, tc.game)
			t.Logf("%d bytes read, %d bytes allocated", read, alloc)
			want := file + ": line 2: row has more than 66 characters, want 2"
			if len(cs) != 1 || cs[0].Err == nil || cs[0].Err.Error() != want {
				t.Fatalf("ReadCasesFor = %+v, want one case with error %s", cs, want)
			}
			if cs[0].Game == nil || cs[0].Game.Name() != "samegame" || len(cs[0].Input) != 0 {
				t.Errorf("case: game %v, %d bytes of input; want samegame and none", cs[0].Game, len(cs[0].Input))
			}
			if read > 64<<20 {
				t.Errorf("read %d bytes of the file, want under 64 MB", read)
			}
			if alloc > 64<<20 {
				t.Errorf("allocated %d bytes, want under 64 MB", alloc)
			}
		})
	}
}

// TestReadCasesKeepsAValidCaseNotItsBlanks writes a valid SameGame case
// whose blank lines run for 200 MB and checks that it is read as its
// case written again, allocating under 64 MB.
func TestReadCasesKeepsAValidCaseNotItsBlanks(t *testing.T) {
	if testing.Short() {
		t.Skip("writes a 200 MB file")
	}
	dir := t.TempDir()
	file := filepath.Join(dir, "blank.in")
	writeLong(t, file, "2\n12\n21\n1\n", " \r\n", "0 0\n", long)
	defer os.Remove(file)
	cs, read, alloc := readMeasured(t, dir, nil)
	t.Logf("%d bytes read, %d bytes allocated", read, alloc)
	if len(cs) != 1 || cs[0].Err != nil || string(cs[0].Input) != "2\n12\n21\n1\n0 0\n" {
		t.Fatalf("ReadCasesFor = %+v, want the case 2 12 21 1 (0, 0) written again", cs)
	}
	if alloc > 64<<20 {
		t.Errorf("allocated %d bytes, want under 64 MB", alloc)
	}
}

// TestReadCasesWritesCasesAgain checks that a valid NAME.in comes back
// in the game's own format, whatever its line ends and blanks, with its
// game; that one that is not valid, or tells no game, and is small comes
// back as it is, for Run to report; and that --game's choice is kept.
func TestReadCasesWritesCasesAgain(t *testing.T) {
	dir := t.TempDir()
	write := func(name, data string) {
		t.Helper()
		if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o666); err != nil {
			t.Fatal(err)
		}
	}
	write("crlf.in", "  2 \r\n12\t\r\n21  \r\n1\r\n 0   0 \r\n\r\n")
	write("crlf.ans", "1\r\n")
	write("m3.in", "2 3 3 1 1 2 3\n2 3 1 0 0 0 0 0 0 1 1 1 2\n")
	write("bad.in", "2\n11\n1x\n1\n0 0\n")
	write("word.in", "two\n")
	for _, tc := range []struct {
		name  string
		game  conformance.Any
		wants map[string]string // case: game, then input
	}{
		{"recognised", nil, map[string]string{
			"bad":  "samegame 2\n11\n1x\n1\n0 0\n",
			"crlf": "samegame 2\n12\n21\n1\n0 0\n",
			"m3":   "match3 2 3 3 1\n1 2 3\n2 3 1\n0 0 0\n0 0 0\n1 1 1 2\n",
			"word": "none two\n",
		}},
		{"match3 given", gems.Game.Any(), map[string]string{
			"bad":  "match3 2\n11\n1x\n1\n0 0\n",
			"crlf": "match3   2 \r\n12\t\r\n21  \r\n1\r\n 0   0 \r\n\r\n",
			"m3":   "match3 2 3 3 1\n1 2 3\n2 3 1\n0 0 0\n0 0 0\n1 1 1 2\n",
			"word": "match3 two\n",
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cs, err := conformance.ReadCasesFor(dir, tc.game)
			if err != nil {
				t.Fatal(err)
			}
			got := make(map[string]string)
			for _, c := range cs {
				if c.Err != nil {
					t.Errorf("case %s: error %v", c.Name, c.Err)
				}
				game := "none"
				if c.Game != nil {
					game = c.Game.Name()
				}
				got[c.Name] = game + " " + string(c.Input)
			}
			for name, want := range tc.wants {
				if got[name] != want {
					t.Errorf("case %s = %q, want %q", name, got[name], want)
				}
			}
			if len(got) != len(tc.wants) {
				t.Errorf("cases %q, want those of %q", got, tc.wants)
			}
		})
	}
}

// TestCaseWithCRLFAndBlanksChecksFine checks a valid case written with
// CRLF line ends and extra blanks, read from a folder, on the engine:
// accepted, its answer file agreeing.
func TestCaseWithCRLFAndBlanksChecksFine(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "crlf.in"), []byte("  2 \r\n12\t\r\n21  \r\n1\r\n 0   0 \r\n\r\n"), 0o666); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "crlf.ans"), []byte("1\r\n"), 0o666); err != nil {
		t.Fatal(err)
	}
	cs, err := conformance.ReadCases(dir)
	if err != nil {
		t.Fatal(err)
	}
	rep, err := cubes.Game.Any().RunPlayer(context.Background(), conformance.EngineName, conformance.RunOptions{NoBuiltin: true, Cases: cs, Count: -1})
	if err != nil {
		t.Fatal(err)
	}
	if !rep.Ok() || rep.Named != 1 {
		var b bytes.Buffer
		for _, f := range rep.Failed {
			b.WriteString(f.Name + ": " + f.Result.String())
			if f.Err != nil {
				b.WriteString(" " + f.Err.Error())
			}
			b.WriteString("\n")
		}
		t.Errorf("check of crlf.in: ok %t, %d named cases; failed:\n%s", rep.Ok(), rep.Named, b.String())
	}
}
