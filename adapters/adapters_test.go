// Package adapters_test runs each language's adapter as cascade check runs
// a program: the example SameGame solution on a stream of cases, one case
// written only once the answer to the one before it is read, under every
// protocol, its answers compared with cascade score's and with the
// reference's trace; and a test-only solution, which answers the length of
// the text it is given, on a stream mixing both games and every layout the
// statements allow, to check where the adapter cuts the cases.
//
// A language whose toolchain is missing is skipped, unless
// CASCADE_ADAPTER_TESTS=1, where it fails: CI must run them all.
package adapters_test

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/cascade-harness/cascade/internal/process"
	"github.com/cascade-harness/cascade/internal/testenv"
	"github.com/cascade-harness/cascade/reference"
	"github.com/cascade-harness/cascade/samegame"
)

// answerTimeout bounds the wait for one answer, of a program that is not
// busy (process.Busy) when it passes: a Java virtual machine starting on a
// busy machine takes seconds, and is waited for as long as it computes or
// waits for a CPU; an adapter that reads past the end of a case sleeps on
// its input and never answers.
const answerTimeout = 30 * time.Second

// work holds what the tests build: cascade, the compiled programs.
var work string

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "cascade-adapters-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	work = dir
	// The examples are run hundreds of times: start python3 and node
	// themselves, not a version manager's shim of them.
	if _, err := testenv.Direct(dir, "python3", "node"); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// root is the module's root directory, the parent of adapters/.
func root(t *testing.T) string {
	t.Helper()
	dir, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(dir, "go.mod")); err != nil {
		t.Fatalf("module root: %v", err)
	}
	return dir
}

// sameGameCase is a SameGame case with its answers.
type sameGameCase struct {
	name  string
	text  string
	moves int
	score string   // cascade score's answer
	steps []string // the step protocol's answer, by the reference
}

// fixture holds the cases every test plays, made once.
type fixture struct {
	sameGame []sameGameCase // the generated cases, then the statement's example
	match3   []string
}

// sample is the statement's example.
func (f *fixture) sample() sameGameCase { return f.sameGame[len(f.sameGame)-1] }

var (
	fixtureOnce sync.Once
	theFixture  *fixture
	fixtureErr  error
)

// sameGameKnobs are the cases played besides seeds 1 to 40 with the
// generator's own knobs: clicks that empty several columns at once, that
// land on empty cells and right of every column, and one group worth more
// than 2^31.
var sameGameKnobs = [][]string{
	{"--seed", "41", "--n", "5..9", "--colours", "2..3", "--clicks", "10..30", "--columns", "0.5"},
	{"--seed", "42", "--n", "5..9", "--colours", "2..3", "--clicks", "10..30", "--columns", "0.5", "--empty", "0.3"},
	{"--seed", "43", "--n", "3..12", "--colours", "1..4", "--clicks", "20..40", "--random", "0.5"},
	{"--seed", "44", "--n", "1..3", "--clicks", "0..6", "--random", "0.5"},
	{"--seed", "45", "--big-group"},
}

func loadFixture(t *testing.T) *fixture {
	t.Helper()
	fixtureOnce.Do(func() { theFixture, fixtureErr = makeFixture(root(t)) })
	if fixtureErr != nil {
		t.Fatal(fixtureErr)
	}
	return theFixture
}

func makeFixture(root string) (*fixture, error) {
	cascade := filepath.Join(work, "cascade")
	build := exec.Command("go", "build", "-o", cascade, "./cmd/cascade")
	build.Dir = root
	if out, err := build.CombinedOutput(); err != nil {
		return nil, fmt.Errorf("go build ./cmd/cascade: %v\n%s", err, out)
	}
	cascadeOut := func(stdin string, args ...string) (string, error) {
		cmd := exec.Command(cascade, args...)
		cmd.Stdin = strings.NewReader(stdin)
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		out, err := cmd.Output()
		if err != nil {
			return "", fmt.Errorf("cascade %s: %v\n%s", strings.Join(args, " "), err, stderr.Bytes())
		}
		return string(out), nil
	}

	var gens [][]string
	for seed := 1; seed <= 40; seed++ {
		gens = append(gens, []string{"--seed", strconv.Itoa(seed)})
	}
	gens = append(gens, sameGameKnobs...)
	sample, err := os.ReadFile(filepath.Join(root, "internal", "sample", "data", "samegame-example.in"))
	if err != nil {
		return nil, err
	}

	f := &fixture{sameGame: make([]sameGameCase, len(gens)+1), match3: make([]string, 8)}
	errs := make([]error, len(f.sameGame)+len(f.match3))
	var wg sync.WaitGroup
	limit := make(chan struct{}, 4)
	do := func(i int, job func() error) {
		wg.Go(func() {
			limit <- struct{}{}
			defer func() { <-limit }()
			errs[i] = job()
		})
	}
	for i, knobs := range gens {
		do(i, func() error {
			args := append([]string{"gen", "--game", "samegame"}, knobs...)
			text, err := cascadeOut("", args...)
			if err != nil {
				return err
			}
			f.sameGame[i], err = newSameGameCase(strings.Join(args, " "), text, cascadeOut)
			return err
		})
	}
	do(len(gens), func() error {
		var err error
		f.sameGame[len(gens)], err = newSameGameCase("samegame-example.in", string(sample), cascadeOut)
		return err
	})
	for i := range f.match3 {
		do(len(f.sameGame)+i, func() error {
			var err error
			f.match3[i], err = cascadeOut("", "gen", "--game", "match3", "--seed", strconv.Itoa(i+1))
			return err
		})
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}
	if got := f.sample().score; got != "54" {
		return nil, fmt.Errorf("cascade score samegame-example.in = %s, want 54", got)
	}
	return f, nil
}

// newSameGameCase gets text's score from cascade score and its step answer
// from the reference's trace, and checks that they agree.
func newSameGameCase(name, text string, cascadeOut func(string, ...string) (string, error)) (sameGameCase, error) {
	out, err := cascadeOut(text, "score", "--game", "samegame")
	if err != nil {
		return sameGameCase{}, fmt.Errorf("%s: %w", name, err)
	}
	c, err := samegame.Parse(strings.NewReader(text))
	if err != nil {
		return sameGameCase{}, fmt.Errorf("%s: %w", name, err)
	}
	tr := reference.PlaySameGame(c)
	score := strings.TrimSpace(out)
	if want := strconv.FormatInt(tr.Total, 10); score != want {
		return sameGameCase{}, fmt.Errorf("%s: cascade score = %s, reference total %s", name, score, want)
	}
	var steps []string
	var running int64
	row := make([]byte, c.W)
	for i, m := range tr.Moves {
		running += m.Points
		steps = append(steps, fmt.Sprintf("step %d %d", i+1, running))
		board := tr.Detail[i].Board
		for r := range c.W {
			for x, v := range board[r*c.W : (r+1)*c.W] {
				row[x] = '0' + v
			}
			steps = append(steps, string(row))
		}
	}
	steps = append(steps, "total "+score)
	return sameGameCase{name: name, text: text, moves: len(c.Moves), score: score, steps: steps}, nil
}

// programs are a language's two programs, as argv, and the environment
// they need.
type programs struct {
	example []string // the example SameGame solution
	counter []string // answers the length of its case's text; fails under COUNTER_CRASH; echoes the board under COUNTER_BOARD
	env     []string
}

type language struct {
	name  string
	tools []string // needed on PATH
	build func(adapters, dir string) (programs, error)
	// compiled says the programs are compiled (C++, Java): seconds of
	// CPU, and the virtual machine's starts, so go test -short leaves
	// them to make test.
	compiled bool

	once  sync.Once
	progs programs
	err   error
}

var languages = []*language{
	{name: "python", tools: []string{"python3"}, build: buildPython},
	{name: "js", tools: []string{"node"}, build: buildJS},
	{name: "cpp", tools: []string{"g++"}, build: buildCpp, compiled: true},
	{name: "java", tools: []string{"javac", "java"}, build: buildJava, compiled: true},
}

// programs builds l's programs once, or skips t when l's toolchain is
// missing and CASCADE_ADAPTER_TESTS is not 1, or when l is compiled and
// the tests are short.
func (l *language) programs(t *testing.T) programs {
	t.Helper()
	if l.compiled && testing.Short() {
		t.Skipf("%s adapter: compiles its programs; make test runs it", l.name)
	}
	for _, tool := range l.tools {
		if _, err := exec.LookPath(tool); err != nil {
			msg := fmt.Sprintf("%s adapter: %s not on PATH", l.name, tool)
			if os.Getenv("CASCADE_ADAPTER_TESTS") == "1" {
				t.Fatal(msg + "; with CASCADE_ADAPTER_TESTS=1 every adapter must be tested")
			}
			t.Skip(msg)
		}
	}
	adapters := filepath.Join(root(t), "adapters")
	l.once.Do(func() {
		dir := filepath.Join(work, l.name)
		if l.err = os.MkdirAll(dir, 0o755); l.err == nil {
			l.progs, l.err = l.build(adapters, dir)
		}
	})
	if l.err != nil {
		t.Fatalf("building the %s programs: %v", l.name, l.err)
	}
	return l.progs
}

// eachLanguage runs test for every language, the languages in parallel.
func eachLanguage(t *testing.T, test func(t *testing.T, p programs)) {
	for _, l := range languages {
		t.Run(l.name, func(t *testing.T) {
			t.Parallel()
			test(t, l.programs(t))
		})
	}
}

// The counters answer the length of the text they are given; under
// COUNTER_BOARD, a match-3 case's start board as its final board (an
// answer=board answer), after a step per operation I of running total I
// when it has operations.

const pythonCounter = `import os
import cascade_stream


def solve(text):
    if os.environ.get("COUNTER_CRASH"):
        raise RuntimeError("the counter was told to crash")
    if os.environ.get("COUNTER_BOARD"):
        v = [int(t) for t in text.split()]
        n, m, q = v[0], v[1], v[3]
        board = [v[4 + x * m:4 + (x + 1) * m] for x in range(n)]
        if q == 0:
            return cascade_stream.Board(board)
        return cascade_stream.Steps(list(range(1, q + 1)), 0, board=board)
    return len(text)


cascade_stream.serve(solve)
`

func buildPython(adapters, dir string) (programs, error) {
	counter := filepath.Join(dir, "counter.py")
	if err := os.WriteFile(counter, []byte(pythonCounter), 0o644); err != nil {
		return programs{}, err
	}
	return programs{
		example: []string{"python3", filepath.Join(adapters, "python", "example_samegame.py")},
		counter: []string{"python3", counter},
		env:     []string{"PYTHONPATH=" + filepath.Join(adapters, "python"), "PYTHONDONTWRITEBYTECODE=1"},
	}, nil
}

const jsCounter = `"use strict";
const { serve } = require(%s);
serve((text) => {
  if (process.env.COUNTER_CRASH) throw new Error("the counter was told to crash");
  if (process.env.COUNTER_BOARD) {
    const v = text.split(/\s+/).filter((t) => t !== "").map(Number);
    const [n, m, , q] = v;
    const board = [];
    for (let x = 0; x < n; x++) board.push(v.slice(4 + x * m, 4 + (x + 1) * m));
    if (q === 0) return { board };
    return { running: Array.from({ length: q }, (_, i) => i + 1), board };
  }
  return text.length;
});
`

func buildJS(adapters, dir string) (programs, error) {
	module, err := json.Marshal(filepath.Join(adapters, "js", "cascade_stream.js"))
	if err != nil {
		return programs{}, err
	}
	counter := filepath.Join(dir, "counter.js")
	if err := os.WriteFile(counter, fmt.Appendf(nil, jsCounter, module), 0o644); err != nil {
		return programs{}, err
	}
	return programs{
		example: []string{"node", filepath.Join(adapters, "js", "example_samegame.js")},
		counter: []string{"node", counter},
	}, nil
}

const cppCounter = `#include <cstdlib>
#include <sstream>
#include <stdexcept>

#include "cascade_stream.hpp"

cascade::Answer echo(const std::string& text) {
    std::istringstream in(text);
    long long n, m, k, q;
    in >> n >> m >> k >> q;
    cascade::Board board;
    for (long long x = 0; x < n; x++) {
        std::string row;
        for (long long y = 0; y < m; y++) {
            long long c;
            in >> c;
            row += (y > 0 ? " " : "") + std::to_string(c);
        }
        board.push_back(row);
    }
    if (q == 0) return cascade::Answer::final_board(board);
    std::vector<long long> running;
    for (long long i = 1; i <= q; i++) running.push_back(i);
    cascade::Answer a(running, 0);
    a.board = board;
    return a;
}

int main() {
    cascade::serve([](const std::string& text) -> cascade::Answer {
        if (std::getenv("COUNTER_CRASH")) throw std::runtime_error("the counter was told to crash");
        if (std::getenv("COUNTER_BOARD")) return echo(text);
        return static_cast<long long>(text.size());
    });
}
`

func buildCpp(adapters, dir string) (programs, error) {
	source := filepath.Join(dir, "counter.cpp")
	if err := os.WriteFile(source, []byte(cppCounter), 0o644); err != nil {
		return programs{}, err
	}
	p := programs{example: []string{filepath.Join(dir, "example_samegame")}, counter: []string{filepath.Join(dir, "counter")}}
	compile := func(out, src string) error {
		cmd := exec.Command("g++", "-O2", "-std=c++17", "-Wall", "-Wextra", "-I", filepath.Join(adapters, "cpp"), "-o", out, src)
		if msg, err := cmd.CombinedOutput(); err != nil {
			return fmt.Errorf("g++ %s: %v\n%s", filepath.Base(src), err, msg)
		}
		return nil
	}
	var exampleErr error
	var wg sync.WaitGroup
	wg.Go(func() { exampleErr = compile(p.example[0], filepath.Join(adapters, "cpp", "example_samegame.cpp")) })
	counterErr := compile(p.counter[0], source)
	wg.Wait()
	return p, errors.Join(exampleErr, counterErr)
}

const javaCounter = `import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

public final class Counter {
    public static void main(String[] args) {
        CascadeStream.serve(text -> {
            if (System.getenv("COUNTER_CRASH") != null) {
                throw new IllegalStateException("the counter was told to crash");
            }
            if (System.getenv("COUNTER_BOARD") != null) {
                return echo(text);
            }
            return CascadeStream.Answer.of(text.length());
        });
    }

    static CascadeStream.Answer echo(String text) {
        String[] v = text.trim().split("\\s+");
        int n = Integer.parseInt(v[0]);
        int m = Integer.parseInt(v[1]);
        int q = Integer.parseInt(v[3]);
        List<String> board = new ArrayList<>();
        for (int x = 0; x < n; x++) {
            board.add(String.join(" ", Arrays.copyOfRange(v, 4 + x * m, 4 + (x + 1) * m)));
        }
        if (q == 0) {
            return CascadeStream.Answer.board(board);
        }
        long[] running = new long[q];
        for (int i = 0; i < q; i++) {
            running[i] = i + 1;
        }
        return CascadeStream.Answer.steps(running, 0, null).withBoard(board);
    }
}
`

func buildJava(adapters, dir string) (programs, error) {
	source := filepath.Join(dir, "Counter.java")
	if err := os.WriteFile(source, []byte(javaCounter), 0o644); err != nil {
		return programs{}, err
	}
	classes := filepath.Join(dir, "classes")
	cmd := exec.Command("javac", "-Xlint:all", "-Werror", "-d", classes,
		filepath.Join(adapters, "java", "CascadeStream.java"),
		filepath.Join(adapters, "java", "ExampleSameGame.java"),
		source)
	if msg, err := cmd.CombinedOutput(); err != nil {
		return programs{}, fmt.Errorf("javac: %v\n%s", err, msg)
	}
	// A quick start matters more than a fast run for cases this small.
	java := []string{"java", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1", "-cp", classes}
	return programs{
		example: append(java[:len(java):len(java)], "ExampleSameGame"),
		counter: append(java[:len(java):len(java)], "Counter"),
	}, nil
}

// environment is the tests' environment without the variables the tests
// set, plus extra.
func environment(extra ...string) []string {
	var env []string
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "CASCADE_PROTOCOL=") && !strings.HasPrefix(kv, "COUNTER_CRASH=") && !strings.HasPrefix(kv, "COUNTER_BOARD=") {
			env = append(env, kv)
		}
	}
	return append(env, extra...)
}

// lockedBuffer is a bytes.Buffer that a process writes while a test reads.
type lockedBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *lockedBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// session is one long-lived process under the stream protocol, driven as
// cascade drives it: a case is written only once the answer to the one
// before it is read.
type session struct {
	t      *testing.T
	cmd    *exec.Cmd
	stdin  io.WriteCloser
	lines  chan string // the output's lines, closed at its end
	stderr *lockedBuffer
	done   bool
}

func startSession(t *testing.T, argv []string, env ...string) *session {
	t.Helper()
	s := &session{t: t, cmd: exec.Command(argv[0], argv[1:]...), lines: make(chan string, 1024), stderr: &lockedBuffer{}}
	s.cmd.Env = environment(env...)
	s.cmd.Stderr = s.stderr
	var err error
	if s.stdin, err = s.cmd.StdinPipe(); err != nil {
		t.Fatal(err)
	}
	stdout, err := s.cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := s.cmd.Start(); err != nil {
		t.Fatalf("starting %q: %v", argv, err)
	}
	go func() {
		r := bufio.NewReader(stdout)
		for {
			line, err := r.ReadString('\n')
			if line != "" {
				s.lines <- strings.TrimSuffix(line, "\n")
			}
			if err != nil {
				close(s.lines)
				return
			}
		}
	}()
	t.Cleanup(func() {
		if !s.done {
			s.cmd.Process.Kill()
			go func() {
				for range s.lines {
				}
			}()
			s.cmd.Wait()
		}
	})
	return s
}

// write sends input without waiting for the process to read it, and
// then, when last is set, closes the input.
func (s *session) write(input string, last bool) {
	go func() {
		io.WriteString(s.stdin, input)
		if last {
			s.stdin.Close()
		}
	}()
}

// ask writes a case and returns its answer's lines: under the stream
// protocol its one line, under the step protocol every line up to the
// total line. Blank lines before the answer are skipped, as cascade skips
// them.
func (s *session) ask(input string, steps bool) []string {
	s.t.Helper()
	s.write(input, false)
	return s.answer(steps)
}

func (s *session) answer(steps bool) []string {
	s.t.Helper()
	return s.answerUntil(func(got []string) bool {
		return !steps || strings.HasPrefix(got[len(got)-1], "total ")
	})
}

// answerUntil reads the lines of an answer until complete says, of the
// lines read so far, that it is complete.
func (s *session) answerUntil(complete func(got []string) bool) []string {
	s.t.Helper()
	timeout := time.NewTimer(answerTimeout)
	defer timeout.Stop()
	var got []string
	for {
		select {
		case line, ok := <-s.lines:
			if !ok {
				s.t.Fatalf("output ended before the answer was complete (got %q); stderr:\n%s", got, s.stderr)
			}
			if len(got) == 0 && strings.TrimSpace(line) == "" {
				continue
			}
			got = append(got, line)
			if complete(got) {
				return got
			}
		case <-timeout.C:
			if process.Busy(s.cmd.Process.Pid) {
				timeout.Reset(answerTimeout)
				continue
			}
			s.t.Fatalf("no complete answer within %v (got %q): does the adapter read past the end of the case?; stderr:\n%s",
				answerTimeout, got, s.stderr)
		}
	}
}

// end closes the input and checks that the process prints nothing more and
// exits with the status wanted.
func (s *session) end(status int) {
	s.t.Helper()
	s.stdin.Close()
	timeout := time.NewTimer(answerTimeout)
	defer timeout.Stop()
	for open := true; open; {
		select {
		case line, ok := <-s.lines:
			if ok {
				s.t.Errorf("printed %q after its last answer", line)
			}
			open = ok
		case <-timeout.C:
			if process.Busy(s.cmd.Process.Pid) {
				timeout.Reset(answerTimeout)
				continue
			}
			s.t.Fatalf("still running %v after its input was closed; stderr:\n%s", answerTimeout, s.stderr)
		}
	}
	err := s.cmd.Wait()
	s.done = true
	if code := s.cmd.ProcessState.ExitCode(); code != status {
		s.t.Errorf("exit status %d (%v), want %d; stderr:\n%s", code, err, status, s.stderr)
	}
}

// run runs argv once on input and returns its output and exit status.
func run(t *testing.T, argv []string, input string, env ...string) (stdout, stderr string, status int) {
	t.Helper()
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.Env = environment(env...)
	cmd.Stdin = strings.NewReader(input)
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	if err := cmd.Start(); err != nil {
		t.Fatalf("starting %q: %v", argv, err)
	}
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	timeout := time.NewTimer(answerTimeout)
	defer timeout.Stop()
	var err error
	for waiting := true; waiting; {
		select {
		case err = <-exited:
			waiting = false
		case <-timeout.C:
			if process.Busy(cmd.Process.Pid) {
				timeout.Reset(answerTimeout)
				continue
			}
			cmd.Process.Kill()
			<-exited
			t.Fatalf("%q: no exit within %v", argv, answerTimeout)
		}
	}
	var exit *exec.ExitError
	if err != nil && !errors.As(err, &exit) {
		t.Fatalf("%q: %v", argv, err)
	}
	return out.String(), errOut.String(), cmd.ProcessState.ExitCode()
}

// quoteStart quotes text, cut to its first 80 bytes.
func quoteStart(text string) string {
	if len(text) > 80 {
		return strconv.Quote(text[:80]) + "..."
	}
	return strconv.Quote(text)
}

// compareSteps reports how got, a step protocol answer, differs from c's.
func compareSteps(t *testing.T, c sameGameCase, got []string) {
	t.Helper()
	n := 0
	for _, line := range got {
		if strings.HasPrefix(line, "step ") {
			n++
		}
	}
	if n != c.moves {
		t.Errorf("%s: %d step lines, want K = %d", c.name, n, c.moves)
	}
	if last := got[len(got)-1]; last != "total "+c.score {
		t.Errorf("%s: last line %q, want %q", c.name, last, "total "+c.score)
	}
	for i := range max(len(got), len(c.steps)) {
		g, w := "(none)", "(none)"
		if i < len(got) {
			g = strconv.Quote(got[i])
		}
		if i < len(c.steps) {
			w = strconv.Quote(c.steps[i])
		}
		if g != w {
			t.Errorf("%s: answer line %d = %s, want %s", c.name, i+1, g, w)
			return
		}
	}
}

func TestExampleAnswersEveryCaseOfAStream(t *testing.T) {
	f := loadFixture(t)
	eachLanguage(t, func(t *testing.T, p programs) {
		s := startSession(t, p.example, append(p.env, "CASCADE_PROTOCOL=stream")...)
		for _, c := range f.sameGame {
			got := s.ask(c.text, false)
			if got[0] != c.score {
				t.Errorf("%s: answer %q, want %q", c.name, got[0], c.score)
			}
		}
		s.end(0)
	})
}

func TestExampleGivesEveryStepAndBoardOfAStream(t *testing.T) {
	f := loadFixture(t)
	eachLanguage(t, func(t *testing.T, p programs) {
		s := startSession(t, p.example, append(p.env, "CASCADE_PROTOCOL=stream steps")...)
		for _, c := range f.sameGame {
			compareSteps(t, c, s.ask(c.text, true))
		}
		s.end(0)
	})
}

func TestExampleAnswersOneCaseUnderTheJudgeProtocol(t *testing.T) {
	f := loadFixture(t)
	sample := f.sample()
	eachLanguage(t, func(t *testing.T, p programs) {
		for _, tc := range []struct {
			name     string
			c        sameGameCase
			protocol []string
		}{
			{"unset", sample, nil},
			{"judge", f.sameGame[0], []string{"CASCADE_PROTOCOL=judge"}},
			{"steps", sample, []string{"CASCADE_PROTOCOL=steps"}},
		} {
			out, stderr, status := run(t, p.example, tc.c.text, append(p.env, tc.protocol...)...)
			if status != 0 {
				t.Errorf("%s: %s: exit status %d; stderr:\n%s", tc.name, tc.c.name, status, stderr)
				continue
			}
			if tc.name == "steps" {
				compareSteps(t, tc.c, strings.Split(strings.TrimSuffix(out, "\n"), "\n"))
			} else if got := strings.TrimSpace(out); got != tc.c.score {
				t.Errorf("%s: %s: output %q, want %q", tc.name, tc.c.name, out, tc.c.score+"\n")
			}
		}
	})
}

// piece is one case of a stream: what comes before it and its text.
type piece struct {
	lead, text string
	why        string
}

func splitStream(f *fixture) []piece {
	sample := f.sample().text
	ps := []piece{
		{"", sample, "the statement's example"},
		{"", "2\n11\n11\n0\n", "K = 0 and no pair line: the next case follows at once"},
		{"", f.match3[0], "match-3 as gen writes it"},
		{"\n\n \t\r\n", f.sameGame[0].text, "blank lines before a case"},
		{"", strings.ReplaceAll(sample, "\n", "  \r\n"), "CRLF line ends after blanks"},
		{"", "3\n123\n231\n312\n4\n0 0,\n1\n 1, 2,2\n\n0 0\n", "pairs over several lines, one cut at a line end, a blank line among them"},
		{"", f.match3[1], "match-3 as gen writes it"},
		{"", "2 3\n2 1\n1 2 1\n2 1 2\n0 0 0\n0 0 0\n1 1 1 2\n", "match-3 with n m k q over two lines"},
		{"\n", "2 3 2 1 1 2 1 2 1 2 0 0 0 0 0 0 1 1 1 2\n", "match-3 on one line"},
		{"", "1\n7\n3\n0 0, 0 0 , 0 0\n", "a 1 x 1 box"},
	}
	for i, text := range f.match3[2:] {
		ps = append(ps, piece{"", text, "match-3 as gen writes it"})
		ps = append(ps, piece{"", f.sameGame[i+1].text, "SameGame as gen writes it"})
	}
	return append(ps, piece{"", strings.TrimSuffix(sample, "\n"), "the last line without a line end"})
}

func TestAdapterCutsCasesOutOfTheStream(t *testing.T) {
	pieces := splitStream(loadFixture(t))
	eachLanguage(t, func(t *testing.T, p programs) {
		s := startSession(t, p.counter, append(p.env, "CASCADE_PROTOCOL=stream")...)
		for i, pc := range pieces {
			// The last line has no line end: only the end of input ends it.
			s.write(pc.lead+pc.text, i == len(pieces)-1)
			if got, want := s.answer(false)[0], strconv.Itoa(len(pc.text)); got != want {
				t.Errorf("case %d (%s): the text given to solve has %s bytes, want %s: %s", i+1, pc.why, got, want, quoteStart(pc.text))
			}
		}
		s.end(0)
	})
}

// The same stream written at once, as a file holds it, gives the adapter
// several cases in one read.
func TestAdapterCutsCasesOutOfInputReadAtOnce(t *testing.T) {
	pieces := splitStream(loadFixture(t))
	var input strings.Builder
	var want []string
	for _, pc := range pieces {
		input.WriteString(pc.lead + pc.text)
		want = append(want, strconv.Itoa(len(pc.text)))
	}
	eachLanguage(t, func(t *testing.T, p programs) {
		out, stderr, status := run(t, p.counter, input.String(), append(p.env, "CASCADE_PROTOCOL=stream")...)
		if status != 0 {
			t.Fatalf("exit status %d; stderr:\n%s", status, stderr)
		}
		got := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
		if len(got) != len(want) {
			t.Errorf("%d answers, want %d: %q", len(got), len(want), got)
		}
		for i := range min(len(got), len(want)) {
			if got[i] != want[i] {
				t.Errorf("case %d (%s): the text given to solve has %s bytes, want %s: %s", i+1, pieces[i].why, got[i], want[i], quoteStart(pieces[i].text))
			}
		}
	})
}

func TestAdapterExitsWithStatusOneWhenSolveFails(t *testing.T) {
	sample := loadFixture(t).sample().text
	eachLanguage(t, func(t *testing.T, p programs) {
		out, stderr, status := run(t, p.counter, sample+sample, append(p.env, "CASCADE_PROTOCOL=stream", "COUNTER_CRASH=1")...)
		if status != 1 {
			t.Errorf("exit status %d, want 1", status)
		}
		if out != "" {
			t.Errorf("printed %q, want nothing", out)
		}
		if !strings.Contains(stderr, "the counter was told to crash") {
			t.Errorf("standard error does not name the failure:\n%s", stderr)
		}
	})
}

// TestCascadeCheckAcceptsEveryExample runs every language's example
// under cascade check itself, with --stream, with --stream --steps (its
// boards compared with the reference's after every move) and with
// --steps alone, on the built-in cases and generated ones: one process
// answers them all.
func TestCascadeCheckAcceptsEveryExample(t *testing.T) {
	loadFixture(t)
	eachLanguage(t, func(t *testing.T, p programs) {
		checkUnderEveryProtocol(t, p.env, []string{"--game", "samegame", "--impl", commandLine(p.example)},
			"\nok samegame: ", "  stream: 1 process started\n")
	})
}

// commandLine is argv as --impl takes it, each word quoted for the shell.
func commandLine(argv []string) string {
	quoted := make([]string, len(argv))
	for i, w := range argv {
		quoted[i] = "'" + strings.ReplaceAll(w, "'", `'\''`) + "'"
	}
	return strings.Join(quoted, " ")
}

// checkUnderEveryProtocol runs cascade check with args under the stream
// protocol (300 cases), the stream and step protocols (100) and the step
// protocol alone (3 generated cases), one job, seed 1, and fails t
// unless each run prints ok and, with --stream, streamed too. Under
// go test -short it checks a fifth of the generated cases, the built-in
// ones all the same.
func checkUnderEveryProtocol(t *testing.T, env, args []string, ok, streamed string) {
	t.Helper()
	for _, c := range []struct {
		flags []string
		count string
		want  string
	}{
		{[]string{"--stream"}, shortCount("300", "60"), streamed},
		{[]string{"--stream", "--steps"}, shortCount("100", "20"), streamed},
		{[]string{"--steps", "--builtin=false"}, "3", ""},
	} {
		args := append(append([]string{"check"}, args...), append([]string{"--jobs", "1", "--seed", "1", "--count", c.count}, c.flags...)...)
		cmd := exec.Command(filepath.Join(work, "cascade"), args...)
		cmd.Env = environment(env...)
		out, err := cmd.CombinedOutput()
		if err != nil || !strings.Contains(string(out), ok) || !strings.Contains(string(out), c.want) {
			t.Errorf("cascade %s: %v\n%s", strings.Join(args, " "), err, out)
		}
	}
}

// shortCount is full, or short under go test -short: a count of
// generated cases that the quick tests cut, the long ones keeping the
// whole.
func shortCount(full, short string) string {
	if testing.Short() {
		return short
	}
	return full
}

// pythonOnly returns the Python programs, with the benchmark example, or
// skips t as eachLanguage would: the benchmark's example engine is
// written in Python only.
func pythonOnly(t *testing.T) (programs, []string) {
	t.Helper()
	p := languages[0].programs(t)
	return p, []string{"python3", filepath.Join(root(t), "adapters", "python", "example_benchmark.py")}
}

// TestCascadeCheckAcceptsTheBenchmarkExample runs the example engine of
// the benchmark rules under cascade check --rules benchmark, with
// --stream, with --stream --steps and with --steps alone: the built-in
// cases (the standard positions among them) and generated boxes of any
// shape. The run passes only when every case is accepted.
func TestCascadeCheckAcceptsTheBenchmarkExample(t *testing.T) {
	loadFixture(t)
	p, example := pythonOnly(t)
	checkUnderEveryProtocol(t, p.env, []string{"--game", "samegame", "--rules", "benchmark", "--impl", "python3 '" + example[1] + "'"},
		"\nok samegame benchmark: ", "  built-in cases: ")
}

func TestBenchmarkExampleRefusesOtherRules(t *testing.T) {
	p, example := pythonOnly(t)
	_, stderr, status := run(t, example, "1\n1\n0\n", append(p.env, "CASCADE_RULES=tatham min=2 points=(n-2)^2 clear=0 left=0 end=over close=left")...)
	if status != 1 || !strings.Contains(stderr, "CASCADE_RULES='tatham") {
		t.Errorf("exit status %d, want 1 with a message naming the rules; stderr:\n%s", status, stderr)
	}
}

// TestAdapterCutsBoxesOfEveryShapeUnderARuleSet: with CASCADE_RULES set,
// a first line "W H" opens a SameGame case of H rows; without it, two
// integers open a match-3 case, as the statement's cases need.
func TestAdapterCutsBoxesOfEveryShapeUnderARuleSet(t *testing.T) {
	cases := []string{"3 2\n123\n231\n1\n0 0\n", "2\n11\n11\n0\n", "1 3\n1\n2\n1\n2\n0 0,\n0 1\n", "15 1\n123451234512345\n0\n", "2 0\n0\n"}
	var want []string
	for _, c := range cases {
		want = append(want, strconv.Itoa(len(c)))
	}
	eachLanguage(t, func(t *testing.T, p programs) {
		out, stderr, status := run(t, p.counter, strings.Join(cases, "\n"),
			append(p.env, "CASCADE_PROTOCOL=stream", "CASCADE_RULES=benchmark min=2 points=(n-2)^2 clear=1000 left=0 end=over close=left")...)
		if status != 0 {
			t.Fatalf("exit status %d; stderr:\n%s", status, stderr)
		}
		if got := strings.Fields(out); !slices.Equal(got, want) {
			t.Errorf("the texts given to solve have %v bytes, want %v", got, want)
		}
		// Without a rule set the first line "3 2" opens a match-3 case,
		// which reads on for 2*3*2 + 4*123 integers: the whole input.
		out, stderr, status = run(t, p.counter, strings.Join(cases, "\n"), append(p.env, "CASCADE_PROTOCOL=stream")...)
		if all := strconv.Itoa(len(strings.Join(cases, "\n"))); status != 0 || strings.TrimSpace(out) != all {
			t.Errorf("without CASCADE_RULES: exit status %d, answers %q, want %s (one case, the whole input); stderr:\n%s", status, out, all, stderr)
		}
	})
}
