//go:build linux

package process

import (
	"context"
	"os"
	"os/exec"
	"strings"
	"sync"
	"testing"
	"time"
)

// loopTimeout is the time limit of the event-loop programs: their wall
// limit, a minute and a half, is far past any wait the tests can see
// named, so that a breach named by the clock shows as a time limit.
const loopTimeout = 30 * time.Second

// loopSession starts a session of the interpreter tool running code, or
// skips the test when tool is missing, unless CASCADE_ADAPTER_TESTS is
// 1: there every waiting program must be tested.
func loopSession(t *testing.T, tool string, code string) *Session {
	t.Helper()
	path, err := exec.LookPath(tool)
	if err != nil {
		if os.Getenv("CASCADE_ADAPTER_TESTS") == "1" {
			t.Fatalf("%s not found; with CASCADE_ADAPTER_TESTS=1 every waiting program must be tested", tool)
		}
		t.Skipf("%s not found", tool)
	}
	args := []string{path, "-e", code}
	if tool == "python3" {
		// Python itself, not a wrapper that finds it, without its site
		// packages: each costs more CPU time than the program, which a
		// loaded machine gives slowly.
		args = []string{python3(path), "-S", "-I", "-c", code}
	}
	s, err := (&Program{Args: args, Timeout: loopTimeout}).Start()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

var python = struct {
	once sync.Once
	path string
}{}

// python3 is the interpreter that the python3 at path runs: path itself
// unless it is a wrapper (pyenv's shims are shell scripts).
func python3(path string) string {
	python.once.Do(func() {
		python.path = path
		out, err := exec.Command(path, "-c", "import sys; print(sys.executable)").Output()
		if p := strings.TrimSpace(string(out)); err == nil && p != "" {
			python.path = p
		}
	})
	return python.path
}

// The programs below wait on their input in an event loop (epoll_wait,
// poll, select) rather than blocked in a read: a session names what
// they do from that wait as it does for a blocked read, without waiting
// for the wall-clock limit.
var (
	nodeAtEnd = `let d = ""; process.stdin.on("data", c => { d += c; });
process.stdin.on("end", () => { console.log(7); });`
	nodeNoTotal  = `process.stdin.on("data", () => { process.stdout.write("step 1 1\n"); });`
	asyncioAtEnd = `
import asyncio, sys
async def main():
    loop = asyncio.get_running_loop()
    r = asyncio.StreamReader()
    await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(r), sys.stdin)
    await r.read()
    print(7, flush=True)
asyncio.run(main())`
	selectAtEnd = `
import os, select
while True:
    select.select([0], [], [])
    if not os.read(0, 4096):
        break
print(7, flush=True)`
	pollAtEnd = `
import os, select
p = select.poll()
p.register(0, select.POLLIN)
while True:
    p.poll()
    if not os.read(0, 4096):
        break
print(7, flush=True)`
)

func TestSessionTellsAnEventLoopWaitingOnInput(t *testing.T) {
	t.Parallel() // the programs take a while to start
	for _, tc := range []struct{ name, tool, code string }{
		{"node", "node", nodeAtEnd},
		{"python asyncio", "python3", asyncioAtEnd},
		{"python select", "python3", selectAtEnd},
		{"python poll", "python3", pollAtEnd},
	} {
		t.Run(tc.name+" answers at the end of input", func(t *testing.T) {
			t.Parallel()
			s := loopSession(t, tc.tool, tc.code)
			start := time.Now()
			r, err := s.Ask(context.Background(), []byte("1\n"), 0, false, anyLine)
			if err != nil {
				t.Fatal(err)
			}
			if !r.AtEOF || !r.InputClosed || r.TimedOut() || string(r.Answer) != "7\n" {
				t.Errorf("Ask = %+v; want the answer 7 at the end of input, the input closed by the session", r)
			}
			t.Logf("named after %v", time.Since(start))
		})
	}
	t.Run("node stops short of its last line", func(t *testing.T) {
		t.Parallel()
		wantStoppedShort(t, loopSession(t, "node", nodeNoTotal))
	})
}
