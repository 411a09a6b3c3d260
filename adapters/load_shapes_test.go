package adapters_test

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"testing"
)

// shapeCases is how many cases each program of a shape answers under
// load, each in a process of its own, shapeJobs at once: a process at
// nice 19 gets its share of a core however many of them there are, so
// that the cases take a tenth of the time they would one at a time.
// shapeLimit is their time limit: a run takes at most a third of it (a
// JVM's start, the most, a tenth of a second to a quarter), and its
// wall-clock limit, 2 s, is 30 ms of CPU time to a run at nice 19 beside
// a busy loop (1.5% of a core), where the least of these runs takes
// 50 ms: under load, every run is judged past its wall-clock limit for
// most of its time.
const (
	shapeCases = 50
	shapeJobs  = 10
	shapeLimit = "1s"
)

// The programs of the load test whose shape once made a starved, correct
// run look like one waiting on itself: a run of a program whose threads
// a look finds all asleep at once, now and then, however busy it is.
//
// nodeTimer keeps a timer of a millisecond going while the program runs,
// as a program polling for work or a progress meter does: Node's event
// loop sleeps a millisecond at a time in epoll_wait, beside V8's worker
// threads in futex waits. Unreferenced, it does not keep the program
// alive once its input is answered.
const nodeTimer = `setInterval(() => {}, 1).unref();
`

// pythonShim is a version manager's shim of python3, as pyenv's is: a
// bash script that works out which interpreter to start, in processes
// of its own that it waits for, and then execs it.
const pythonShim = `#!/usr/bin/env bash
set -e
program=python3
root="$(cd "${BASH_SOURCE%/*}" && pwd)"
version="$(cat "$root/.python-version" 2>/dev/null || echo system)"
interpreter="$(bash -c 'command -v "$1"' shim "$program")"
exec "$interpreter" "$@"
`

// The programs whose CPU time is spent by a process other than the one
// cascade started, and must be counted all the same: each answers every
// case right, but only after burnSeconds of CPU time, past cpuLimit. A
// check that counted only the program's own CPU time would accept them.
const (
	cpuLimit    = "200ms"
	burnSeconds = "1.0"
)

// streamWorker answers the cases of a stream through a worker child it
// starts once and keeps, which burns CPU time on each case before it
// solves it.
const streamWorker = `import subprocess
import sys
import time

import cascade_stream
from example_samegame import solve

if sys.argv[1:] == ["worker"]:
    while True:
        size = sys.stdin.readline()
        if not size:
            break
        text = sys.stdin.read(int(size))
        start = time.process_time()
        while time.process_time() - start < ` + burnSeconds + `:
            pass
        print(solve(text).total, flush=True)
else:
    worker = subprocess.Popen([sys.executable, __file__, "worker"], stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, text=True)

    def ask(text):
        worker.stdin.write("%d\n%s" % (len(text), text))
        worker.stdin.flush()
        return int(worker.stdout.readline())

    cascade_stream.serve(ask)
`

// judgeGrandchild answers one case through a grandchild it leaves behind
// a double fork, out of its tree, which burns CPU time before it solves
// the case and writes the answer to a pipe that the program copies out.
const judgeGrandchild = `import os
import sys
import time

from example_samegame import solve

text = sys.stdin.read()
r, w = os.pipe()
child = os.fork()
if child == 0:
    if os.fork() == 0:
        os.close(r)
        start = time.process_time()
        while time.process_time() - start < ` + burnSeconds + `:
            pass
        os.write(w, b"%d\n" % solve(text).total)
    os._exit(0)
os.waitpid(child, 0)
os.close(w)
with os.fdopen(r) as answer:
    sys.stdout.write(answer.read())
`

// shapeRuns returns the runs of the load test of programs of the shapes
// above, each a subtest's build under build/shape/, which skips a shape
// whose toolchain is missing: under load only, shapeCases generated
// cases each under the judge protocol with the time limit shapeLimit,
// where a note (a case accepted only when run again) fails the run as a
// time limit does; and, quiet and under load, the two programs whose
// CPU time is spent by another process, each of which must get its time
// limit, on CPU time, on its first case. Those two are named under
// shape/ too, so that one -run picks all of them.
func shapeRuns(t *testing.T) []*loadRun {
	var runs []*loadRun
	check := func(name string, env []string, impl []string, flags ...string) *loadRun {
		args := []string{filepath.Join(work, "cascade"), "check", "--game", "samegame", "--impl", commandLine(impl),
			"--seed", "1", "--builtin=false", "--shrink-time", "1s"}
		r := &loadRun{name: "shape/" + name, unit: "cases", argv: append(args, flags...), env: env}
		runs = append(runs, r)
		return r
	}
	correct := func(name string, env []string, impl ...string) {
		r := check(name, env, impl, "--jobs", strconv.Itoa(shapeJobs), "--count", strconv.Itoa(shapeCases), "--timeout", shapeLimit)
		r.strict, r.count = true, checkCount("ok samegame: ", shapeCases, false, false)
	}
	t.Run("build/shape/jvm", func(t *testing.T) {
		languages[3].programs(t)
		// A JVM as it starts by default, a dozen threads and more (the
		// garbage collector's, the compilers'), not the quick start the
		// java example is run with.
		correct("jvm", nil, "java", "-cp", filepath.Join(work, "java", "classes"), "ExampleSameGame")
	})
	t.Run("build/shape/node", func(t *testing.T) {
		p := languages[1].programs(t)
		timer := filepath.Join(work, "timer.js")
		writeFile(t, timer, nodeTimer, 0o644)
		correct("node-timer", nil, append([]string{"node", "--require", timer}, p.example[1:]...)...)
	})
	t.Run("build/shape/python", func(t *testing.T) {
		needTool(t, "bash")
		env := languages[0].programs(t).env
		example := filepath.Join(root(t), "adapters", "python", "example_samegame.py")
		shim := filepath.Join(work, "shim", "python3")
		writeFile(t, shim, pythonShim, 0o755)
		correct("python-shim", env, shim, example)
		correct("pipeline", env, "sh", "-c", `cat | python3 "$0" | cat`, example)

		worker, grandchild := filepath.Join(work, "worker.py"), filepath.Join(work, "grandchild.py")
		writeFile(t, worker, streamWorker, 0o644)
		writeFile(t, grandchild, judgeGrandchild, 0o644)
		r := check("cpu-stream-worker", env, []string{"python3", worker}, "--jobs", "1", "--stream", "--count", "1", "--timeout", cpuLimit)
		r.quiet, r.status, r.count = true, 1, cpuTimeLimit
		r = check("cpu-judge-grandchild", env, []string{"python3", grandchild}, "--jobs", "1", "--count", "1", "--timeout", cpuLimit)
		r.quiet, r.status, r.count = true, 1, cpuTimeLimit
	})
	return runs
}

var (
	firstCaseTimeLimit = regexp.MustCompile(`(?m)^time limit exceeded on generated case 0 \(seed 1\)$`)
	cpuVerdict         = regexp.MustCompile(`(?m)^time limit exceeded: [0-9.]+m?s of CPU time, limit ` + cpuLimit + `\b`)
	oneTimeLimit       = regexp.MustCompile(`(?m)^FAIL samegame: 1 cases \(1 time limit exceeded\) in `)
)

// cpuTimeLimit reads the report of a check that must fail with a time
// limit on its first case, on CPU time: with its limit and the CPU time
// counted, not killed by the wall clock, nor accepted when run again.
func cpuTimeLimit(out string) (int, []string, error) {
	for _, re := range []*regexp.Regexp{firstCaseTimeLimit, cpuVerdict, oneTimeLimit} {
		if !re.MatchString(out) {
			return 0, nil, fmt.Errorf("no line matches %s", re)
		}
	}
	return 1, nil, nil
}

// writeFile writes a file the test needs, its directory made first.
func writeFile(t *testing.T, name, text string, perm os.FileMode) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(name, []byte(text), perm); err != nil {
		t.Fatal(err)
	}
}
