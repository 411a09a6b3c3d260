package process

import (
	"bytes"
	"os"
	"strconv"
	"time"
)

// clockTick is the unit of the times in /proc/PID/stat, USER_HZ, which
// Linux fixes at 100 per second for every architecture it reports to.
const clockTick = 10 * time.Millisecond

// openStat opens /proc/PID/stat, which cpuTime reads: a session reads
// it twice a case, and opening it each time would cost more than the
// read; nil when it cannot be opened.
func openStat(pid int) *os.File {
	f, err := os.Open("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return nil
	}
	return f
}

// cpuTime is the CPU time of the process whose /proc/PID/stat f is,
// user and system, with that of the children it has waited for; zero
// when it cannot be read.
func cpuTime(f *os.File) time.Duration {
	var buf [statSize]byte
	return readCPU(f, buf[:])
}

// statSize holds a /proc/PID/stat line up to the CPU times and past.
const statSize = 512

// readCPU is cpuTime reading into buf, which a session keeps from case
// to case: it reads the file once a case.
func readCPU(f *os.File, buf []byte) time.Duration {
	if f == nil {
		return 0
	}
	n, _ := f.ReadAt(buf, 0)
	return statCPU(buf[:n])
}

// statCPU is the CPU time in a /proc/PID/stat line, user and system,
// with that of the children the process has waited for; zero when the
// line shows none. It allocates nothing: a session reads it once a
// case.
func statCPU(line []byte) time.Duration {
	// The command name, in parentheses, may hold spaces: the fields
	// are counted from after its closing parenthesis, which is field
	// 2; utime, stime, cutime and cstime are fields 14 to 17.
	i := bytes.LastIndexByte(line, ')')
	if i < 0 {
		return 0
	}
	var ticks int64
	field := 2
	for rest := line[i+1:]; field < 17; {
		rest = bytes.TrimLeft(rest, " \n")
		if len(rest) == 0 {
			return 0
		}
		end := bytes.IndexAny(rest, " \n")
		if end < 0 {
			end = len(rest)
		}
		word := rest[:end]
		rest = rest[end:]
		field++
		if field < 14 {
			continue
		}
		v, ok := ticksOf(word)
		if !ok {
			return 0
		}
		ticks += v
	}
	return time.Duration(ticks) * clockTick
}

// statField is field n (counted from 1) of a /proc/PID/stat line, nil
// when it has none.
func statField(line []byte, n int) []byte {
	i := bytes.LastIndexByte(line, ')')
	if i < 0 {
		return nil
	}
	field := 2
	for rest := line[i+1:]; ; {
		rest = bytes.TrimLeft(rest, " \n")
		if len(rest) == 0 {
			return nil
		}
		end := bytes.IndexAny(rest, " \n")
		if end < 0 {
			end = len(rest)
		}
		if field++; field == n {
			return rest[:end]
		}
		rest = rest[end:]
	}
}

// ticksOf reads a count of clock ticks, decimal digits.
func ticksOf(word []byte) (int64, bool) {
	if len(word) == 0 || len(word) > 18 {
		return 0, false
	}
	var v int64
	for _, c := range word {
		if c < '0' || c > '9' {
			return 0, false
		}
		v = v*10 + int64(c-'0')
	}
	return v, true
}

// openChildren opens the children file of the main thread of process
// pid, which a session reads once a case; nil when it cannot.
func openChildren(pid int) *os.File {
	f, err := os.Open("/proc/" + strconv.Itoa(pid) + "/task/" + strconv.Itoa(pid) + "/children")
	if err != nil {
		return nil
	}
	return f
}

// kidsCPU is the CPU time of the live descendants of process pid, whose
// /proc/PID/stat line is stat and the children file of whose main
// thread is kids (see openChildren): none, at the cost of one read,
// for a program of one thread with no child, as most are; otherwise
// descendantsCPU's.
func kidsCPU(pid int, stat []byte, kids *os.File, buf *[]byte) time.Duration {
	if kids != nil && string(statField(stat, 20)) == "1" {
		var b [64]byte
		if n, _ := kids.ReadAt(b[:], 0); n == 0 {
			return 0
		}
	}
	return descendantsCPU(pid, buf)
}

// descendantsCPU is the CPU time of the live descendants of process
// pid, up to maxLooked of them, each with that of the children it has
// waited for, read from /proc into *buf: a session where the program
// has no cgroup reads it with every reading of the program's own, so
// that a worker it started counts from the first byte of a case.
func descendantsCPU(pid int, buf *[]byte) time.Duration {
	var cpu time.Duration
	todo := []int{pid}
	for seen := 0; len(todo) > 0 && seen < maxLooked; seen++ {
		p := todo[len(todo)-1]
		todo = todo[:len(todo)-1]
		proc := "/proc/" + strconv.Itoa(p)
		if p != pid {
			if stat, err := readInto(proc+"/stat", buf); err == nil {
				cpu += statCPU(stat)
			}
		}
		tasks, err := os.ReadDir(proc + "/task")
		if err != nil {
			continue
		}
		for _, t := range tasks {
			if kids, err := readInto(proc+"/task/"+t.Name()+"/children", buf); err == nil {
				todo = appendPids(todo, kids)
			}
		}
	}
	return cpu
}
