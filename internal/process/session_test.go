package process

import (
	"bytes"
	"context"
	"fmt"
	"os/exec"
	"runtime"
	"strings"
	"testing"
	"time"
)

// anyLine takes the first non-blank line for a whole answer.
func anyLine(line []byte) bool { return len(bytes.TrimSpace(line)) > 0 }

// session starts a session of sh -c script with the time limit timeout;
// args follow as $0, $1...
func session(t *testing.T, script string, timeout time.Duration, args ...string) *Session {
	t.Helper()
	if _, err := exec.LookPath("sh"); err != nil {
		t.Skip("no sh")
	}
	s, err := (&Program{Args: append([]string{"sh", "-c", script}, args...), Timeout: timeout}).Start()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

func TestSessionAnswersInputAfterInputInOneProcess(t *testing.T) {
	s := session(t, `echo $$ >&2; while read a; do echo $((a * 2)); done`, 0)
	for i := range 50 {
		r, err := s.Ask(context.Background(), fmt.Appendf(nil, "%d\n", i), 0, false, anyLine)
		if err != nil {
			t.Fatal(err)
		}
		if !r.Ok() || string(r.Answer) != fmt.Sprintf("%d\n", 2*i) || r.Before != i {
			t.Fatalf("input %d: answer %q, before %d, ok %v; want %q after %d", i, r.Answer, r.Before, r.Ok(), fmt.Sprint(2*i)+"\n", i)
		}
	}
	// The program exits at the end of its input; a loaded machine may
	// keep it from doing so within Close's grace, and it is killed then,
	// with no state of its own.
	if rest, state := s.Close(); rest != nil || state != "exit status 0" && state != "" {
		t.Errorf("Close() = %q, %q; want nothing more, exit status 0", rest, state)
	}
}

func TestSessionReadsAnAnswerOfManyLinesToItsLastLine(t *testing.T) {
	s := session(t, `while read a; do echo "step 1 $a"; echo; echo "total $a"; done`, 0)
	last := func(line []byte) bool { return bytes.HasPrefix(line, []byte("total")) }
	for _, in := range []string{"3", "4"} {
		r, err := s.Ask(context.Background(), []byte(in+"\n"), 0, false, last)
		if err != nil || !r.Ok() {
			t.Fatalf("Ask(%s) = %+v, %v", in, r, err)
		}
		if want := "step 1 " + in + "\n\ntotal " + in + "\n"; string(r.Answer) != want {
			t.Errorf("Ask(%s) answered %q, want %q", in, r.Answer, want)
		}
	}
}

func TestSessionEndsAtACrashWithItsState(t *testing.T) {
	s := session(t, `read a; echo 1; read a; echo oops >&2; exit 3`, 0)
	if r, err := s.Ask(context.Background(), []byte("1\n"), 0, false, anyLine); err != nil || !r.Ok() {
		t.Fatalf("first input: %+v, %v", r, err)
	}
	r, err := s.Ask(context.Background(), []byte("2\n"), 0, false, anyLine)
	if err != nil {
		t.Fatal(err)
	}
	if !r.Ended || !r.Exited || r.ExitCode != 3 || r.State != "exit status 3" || !strings.Contains(string(r.Stderr), "oops") {
		t.Errorf("after a crash: %+v; want ended, exit status 3, stderr oops", r)
	}
	if s.Alive() {
		t.Error("the session is alive after its program ended")
	}
	if _, err := s.Ask(context.Background(), []byte("3\n"), 0, false, anyLine); err == nil {
		t.Error("Ask on an ended session: no error")
	}
}

func TestSessionJudgesEachInputOnItsOwnCPUTime(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("the CPU time of a running process is read from /proc")
	}
	s := session(t, `while read a; do if [ "$a" = burn ]; then while :; do :; done; fi; echo ok; done`, burnTimeout)
	for range 3 {
		if r, err := s.Ask(context.Background(), []byte("quick\n"), 0, false, anyLine); err != nil || !r.Ok() {
			t.Fatalf("quick input: %+v, %v", r, err)
		}
	}
	r, err := s.Ask(context.Background(), []byte("burn\n"), 0, false, anyLine)
	if err != nil {
		t.Fatal(err)
	}
	if !r.TimedOut() || r.WallKilled || r.CPU <= r.Limit {
		t.Errorf("burning input: %+v; want past the CPU limit, not killed at the wall-clock one", r)
	}
	if !strings.Contains(r.TimeText(), "of CPU time, limit 20ms") {
		t.Errorf("TimeText() = %q", r.TimeText())
	}
}

func TestSessionTellsAProgramThatAnswersOnlyAtTheEndOfItsInput(t *testing.T) {
	s := session(t, `cat >/dev/null; echo 7`, 100*time.Millisecond)
	r, err := s.Ask(context.Background(), []byte("1\n"), 0, false, anyLine)
	if err != nil {
		t.Fatal(err)
	}
	if !r.AtEOF || string(r.Answer) != "7\n" {
		t.Errorf("reply %+v; want the answer 7 at the end of input", r)
	}
}

func TestSessionKillsAProgramThatNeverAnswers(t *testing.T) {
	t.Parallel() // waits for the wall-clock limit or a close
	s := session(t, `sleep 1000`, 100*time.Millisecond)
	start := time.Now()
	r, err := s.Ask(context.Background(), []byte("1\n"), 0, false, anyLine)
	if err != nil {
		t.Fatal(err)
	}
	if !r.WallKilled || r.AtEOF {
		t.Errorf("reply %+v; want killed at the wall-clock limit", r)
	}
	if e := time.Since(start); e > hang {
		t.Errorf("took %v", e)
	}
}

func TestSessionSeesASecondAnswer(t *testing.T) {
	s := session(t, `read a; echo 1; echo 2`, 0)
	r, err := s.Ask(context.Background(), []byte("1\n"), 0, false, anyLine)
	if err != nil {
		t.Fatal(err)
	}
	// The second line may come after the first was read: then Close,
	// which reads what comes until the program ends, finds it. Between
	// two inputs nothing tells a late second answer from a first one;
	// cascade check runs a case that fails in a stream again alone, and
	// Close ends that run.
	rest, _ := s.Close()
	extra := r.Extra
	if extra == nil {
		extra = rest
	}
	if string(bytes.TrimSpace(extra)) != "2" {
		t.Errorf("after the answer %q: extra %q, rest %q; want the second answer 2", r.Answer, r.Extra, rest)
	}
}

func TestSessionCutsOffAFlood(t *testing.T) {
	for _, c := range []struct {
		name, script string
		limit        int
	}{
		// Each reads its input first: output before it is asked is
		// another breach (Reply.Early), which a starved session meets
		// when the program writes before it is given the input.
		{"a line without its end", `read l; exec tr '\0' 1 </dev/zero`, 0},
		{"lines past the limit", `read l; exec yes`, 10 << 10},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := session(t, c.script, 0)
			never := func([]byte) bool { return false }
			r, err := s.Ask(context.Background(), []byte("1\n"), c.limit, false, never)
			if err != nil {
				t.Fatal(err)
			}
			if !r.Long || len(r.Answer) > StdoutLimit || r.Size > MaxLine+64<<10 {
				t.Errorf("reply: long %v, kept %d, read %d; want cut off, at most %d kept", r.Long, len(r.Answer), r.Size, StdoutLimit)
			}
		})
	}
}

func TestSessionEndsWithItsContext(t *testing.T) {
	s := session(t, `sleep 1000`, 10*time.Second)
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	start := time.Now()
	if _, err := s.Ask(ctx, []byte("1\n"), 0, false, anyLine); err != context.DeadlineExceeded {
		t.Errorf("Ask = %v, want the context's error", err)
	}
	if e := time.Since(start); e > hang {
		t.Errorf("took %v after the context ended", e)
	}
	if s.Alive() {
		t.Error("alive after its context ended")
	}
}

func TestSessionPassesItsEnvironment(t *testing.T) {
	s, err := (&Program{Args: []string{"sh", "-c", `read a; echo "$CASCADE_TEST_VAR"`}, Env: []string{"CASCADE_TEST_VAR=stream steps"}}).Start()
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	r, err := s.Ask(context.Background(), []byte("1\n"), 0, false, anyLine)
	if err != nil || string(r.Answer) != "stream steps\n" {
		t.Errorf("answer %q, %v; want the variable's value", r.Answer, err)
	}
}

func TestSessionTellsAnAnswerBeforeTheWholeInputWasRead(t *testing.T) {
	t.Parallel() // waits for the wall-clock limit or a close
	// The program reads one line, answers and then waits without
	// reading: the rest of a big input stays in the pipe.
	s := session(t, `read a; echo 1; sleep 1000`, 100*time.Millisecond)
	input := append([]byte("1\n"), bytes.Repeat([]byte("2 2 2 2\n"), 64<<10)...)
	r, err := s.Ask(context.Background(), input, 0, false, anyLine)
	if err != nil {
		t.Fatal(err)
	}
	if !r.Unread || r.Ok() || s.Alive() {
		t.Errorf("reply %+v; want an answer that left its input unread, and the session ended", r)
	}
}

// TestSessionAskedAfterItsProgramExitedSaysHowItEnded has a program
// answer one input and exit: asked the next, the session says how the
// program ended, exit status 0 after one answer, whether it ended before
// it was asked or after. A check tells a program that takes one input
// from a stream program by that reply; an error here, or a fresh
// process in its place, made the verdict depend on which came first.
func TestSessionAskedAfterItsProgramExitedSaysHowItEnded(t *testing.T) {
	s := session(t, `read a; echo 1`, 0)
	if r, err := s.Ask(context.Background(), []byte("1\n"), 0, false, anyLine); err != nil || !r.Ok() {
		t.Fatalf("first input: %+v, %v", r, err)
	}
	// However loaded the machine, the program ends: wait for it.
	for s.Alive() {
		time.Sleep(10 * time.Millisecond)
	}
	r, err := s.Ask(context.Background(), []byte("2\n"), 0, false, anyLine)
	if err != nil {
		t.Fatalf("asked after the program exited: %v; want a reply saying how it ended", err)
	}
	if !r.Ended || !r.Exited || r.ExitCode != 0 || r.Before != 1 {
		t.Errorf("asked after the program exited: %+v; want ended, exit status 0, one answer before", r)
	}
}
