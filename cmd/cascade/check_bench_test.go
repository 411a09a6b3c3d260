package main

import (
	"cmp"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"syscall"
	"testing"
	"time"
)

// BenchmarkCheckInProcess runs cascade check of the built-in engine, in
// process, as a whole command: a fixed count of generated cases from seed
// 3, no built-in cases, one job, so that a run's CPU time is its work.
// It reports the rate of the generated cases in cases, cells and moves
// per second of wall-clock time (the median run), and cases per second of
// CPU time. When CASCADE_BASELINE names another build of cascade, each
// iteration runs that build on the same cases too, alternating, so that
// both see the same machine, and the benchmark reports this build's rate
// over the baseline's, by wall-clock time (rate-ratio) and by CPU time
// (cpu-ratio): above 1, this build checks more cases per second.
//
//	go build -o /tmp/cascade-old ./cmd/cascade    # at the older commit
//	CASCADE_BASELINE=/tmp/cascade-old go test -run '^$' -bench CheckInProcess -benchtime 3x ./cmd/cascade/
func BenchmarkCheckInProcess(b *testing.B) {
	for _, bc := range []struct {
		game  string
		count int
	}{
		{"samegame", 20000},
		{"match3", 3000},
	} {
		b.Run(bc.game, func(b *testing.B) {
			bin := builtCascade(b)
			baseline := os.Getenv("CASCADE_BASELINE")
			dir := b.TempDir()
			args := []string{"check", "--game", bc.game, "--count", strconv.Itoa(bc.count), "--seed", "3", "--builtin=false", "--jobs", "1"}
			var this, base checkRuns
			for b.Loop() {
				this.run(b, bin, dir, args)
				if baseline != "" {
					base.run(b, baseline, "", args)
				}
			}
			b.ReportMetric(float64(bc.count)/this.wall(), "cases/s")
			b.ReportMetric(float64(this.cells)/this.wall(), "cells/s")
			b.ReportMetric(float64(this.moves)/this.wall(), "moves/s")
			b.ReportMetric(float64(bc.count)/this.cpu(), "cpu-cases/s")
			if baseline != "" {
				b.ReportMetric(base.wall()/this.wall(), "rate-ratio")
				b.ReportMetric(base.cpu()/this.cpu(), "cpu-ratio")
			}
		})
	}
}

// checkRuns are the runs of one build of cascade check: their wall-clock
// and CPU times, and the cells and moves of its generated cases, which
// its --json report counts.
type checkRuns struct {
	walls, cpus  []float64 // seconds
	cells, moves int64
}

// run runs bin with args and notes its times. With dir, it asks for a
// --json report there and reads the cells and moves from it; a build
// from before they were counted is run without.
func (r *checkRuns) run(b *testing.B, bin, dir string, args []string) {
	report := ""
	if dir != "" {
		report = filepath.Join(dir, "report.json")
		args = append(slices.Clip(args), "--json", report)
	}
	cmd := exec.Command(bin, args...)
	start := time.Now()
	if out, err := cmd.CombinedOutput(); err != nil {
		b.Fatalf("%s %v: %v\n%s", bin, args, err, out)
	}
	r.walls = append(r.walls, time.Since(start).Seconds())
	if u, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
		cpu := time.Duration(u.Utime.Nano() + u.Stime.Nano())
		r.cpus = append(r.cpus, cpu.Seconds())
	}
	if report == "" {
		return
	}
	data, err := os.ReadFile(report)
	if err != nil {
		b.Fatal(err)
	}
	var rep struct {
		Games []struct {
			Cells int64 `json:"generated_cells"`
			Moves int64 `json:"generated_moves"`
		} `json:"games"`
	}
	if err := json.Unmarshal(data, &rep); err != nil || len(rep.Games) != 1 {
		b.Fatalf("%s: %v", report, err)
	}
	r.cells, r.moves = rep.Games[0].Cells, rep.Games[0].Moves
}

// wall and cpu are the median wall-clock and CPU times of the runs.
func (r *checkRuns) wall() float64 { return median(r.walls) }
func (r *checkRuns) cpu() float64  { return median(r.cpus) }

// median returns the middle of xs, sorted; zero for none.
func median[T cmp.Ordered](xs []T) T {
	if len(xs) == 0 {
		var zero T
		return zero
	}
	s := slices.Sorted(slices.Values(xs))
	return s[len(s)/2]
}
