//go:build linux

package process

import (
	"context"
	"os/exec"
	"strings"
	"testing"
	"time"
)

// TestSessionTellsAProgramWaitingOnInputFromAStoppedOne checks what a
// session makes of a program that owes an answer, by what the program
// itself does, never by the clock alone. One that has read its case
// and waits, blocked, on a read for more has its input closed before
// the wall-clock limit, and an answer then is one at the end of input;
// one that is stopped or starved (it does not run, and nothing it does
// shows a breach) keeps its input open: starved, it answers in time
// once it runs again, however far past the wall-clock limit
// (TestSessionGivesAStarvedProgramItsTime); stopped, the wall clock
// ends it (TestSessionEndsEveryWaitOnItselfAtTheWallClockLimit).
func TestSessionTellsAProgramWaitingOnInputFromAStoppedOne(t *testing.T) {
	t.Parallel() // waits for the wall-clock limit or a close
	s := session(t, `cat >/dev/null; echo 1`, 5*time.Second)
	start := time.Now()
	r, err := s.Ask(context.Background(), []byte("1\n"), 0, false, anyLine)
	if err != nil {
		t.Fatal(err)
	}
	if !r.AtEOF || !r.InputClosed || r.TimedOut() {
		t.Errorf("Ask = %+v; want an answer at the end of input, the input closed by the session", r)
	}
	// The verdict came from what the program did: its input was
	// closed long before the wall-clock limit of 15s.
	t.Logf("answered at the end of input after %v", time.Since(start))
}

// TestSessionNamesAnAnswerStoppedShortAtOnce has a program write part of
// an answer (no last line), then wait, blocked, for more input: the
// session says so at once, far from the wall-clock limit.
func TestSessionNamesAnAnswerStoppedShortAtOnce(t *testing.T) {
	wantStoppedShort(t, session(t, `read l; echo "step 1 1"; read l`, 20*time.Second))
}

// wantStoppedShort asks s for an answer to a case of one step, which
// its program stops short of after the step line, and fails t unless
// the session says so.
func wantStoppedShort(t *testing.T, s *Session) {
	t.Helper()
	last := func(line []byte) bool { return strings.HasPrefix(string(line), "total") }
	r, err := s.Ask(context.Background(), []byte("1\n"), 0, false, last)
	if err != nil {
		t.Fatal(err)
	}
	if !r.Stalled || string(r.Answer) != "step 1 1\n" || r.TimedOut() {
		t.Errorf("Ask = %+v; want the answer stopped short at its step line", r)
	}
}

// TestSessionTellsItsOwnKillFromTheProgramsEnd has a program close its
// output and run on: the session says it closed its output, and does not
// report the kill it sends it then as the program's end.
func TestSessionTellsItsOwnKillFromTheProgramsEnd(t *testing.T) {
	s := session(t, `exec >&-; exec sleep 1000`, time.Second)
	r, err := s.Ask(context.Background(), []byte("1\n"), 0, false, anyLine)
	if err != nil {
		t.Fatal(err)
	}
	if !r.Closed || r.Ended || r.State != "" {
		t.Errorf("Ask = %+v; want the output closed, no end of the program's own", r)
	}
}

// TestWaitOfReadsWhatTheProgramDoes checks the reading of /proc that the
// session's judgement rests on: blocked on its input, stopped,
// computing, blocked writing its output, asleep.
func TestWaitOfReadsWhatTheProgramDoes(t *testing.T) {
	t.Parallel() // waits for the wall-clock limit or a close
	for _, tc := range []struct {
		name, script string
		want         wait
	}{
		{"blocked on its input", `read l; read l`, wait{input: true}},
		{"stopped", `read l; kill -STOP $$`, wait{stopped: true}},
		{"computing", `read l; while :; do :; done`, wait{runnable: true}},
		{"blocked writing its output", `read l; yes`, wait{writing: true}},
		{"asleep", `read l; sleep 1000`, wait{}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel() // closing a program that does not exit takes a grace
			s := session(t, tc.script, 0)
			if _, err := s.in.Write([]byte("1\n")); err != nil {
				t.Fatal(err)
			}
			// Once the program has read the line it stays as it is; the
			// bound is only for a look that never shows it.
			var w wait
			for end := time.Now().Add(hang); time.Now().Before(end); time.Sleep(10 * time.Millisecond) {
				w = waitOf(s.Pid(), s.cg, s.pipes)
				w.kids = 0
				if unread(s.in) == 0 && w == tc.want {
					// At once: a program that computes would burn
					// through Close's grace.
					s.kill()
					return
				}
			}
			t.Errorf("waitOf = %+v, want %+v", w, tc.want)
		})
	}
}

// TestExitingTellsAnEndedProcessNotWaitedFor checks that a process that
// has ended counts as ended before it is waited for (a zombie), which a
// loaded machine may put off: its closed output is then its end, not a
// breach.
func TestExitingTellsAnEndedProcessNotWaitedFor(t *testing.T) {
	live := exec.Command("sleep", "1000")
	ended := exec.Command("true")
	for _, c := range []*exec.Cmd{live, ended} {
		if err := c.Start(); err != nil {
			t.Skip(err)
		}
	}
	liveStat, endedStat := openStat(live.Process.Pid), openStat(ended.Process.Pid)
	if liveStat == nil || endedStat == nil {
		t.Skip("no /proc/PID/stat to read")
	}
	defer func() {
		live.Process.Kill()
		live.Wait()
		ended.Wait()
		liveStat.Close()
		endedStat.Close()
	}()
	// true ends by itself; the bound is only for one that never shows.
	for end := time.Now().Add(hang); !exiting(endedStat); time.Sleep(10 * time.Millisecond) {
		if time.Now().After(end) {
			t.Fatalf("exiting(true's stat) = false for %v, not waited for; want true", hang)
		}
	}
	if exiting(liveStat) {
		t.Error("exiting(sleep's stat) = true; want false")
	}
	// Once waited for, the process is gone and its stat no longer reads.
	ended.Wait()
	if !exiting(endedStat) {
		t.Error("exiting(true's stat) = false after it was waited for; want true")
	}
}
