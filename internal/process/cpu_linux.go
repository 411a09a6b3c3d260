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
	if f == nil {
		return 0
	}
	var buf [512]byte
	n, _ := f.ReadAt(buf[:], 0)
	return statCPU(buf[:n])
}

// statCPU is the CPU time in a /proc/PID/stat line, user and system,
// with that of the children the process has waited for; zero when the
// line shows none.
func statCPU(line []byte) time.Duration {
	// The command name, in parentheses, may hold spaces: the fields
	// are counted from after its closing parenthesis, which is field
	// 2; utime, stime, cutime and cstime are fields 14 to 17.
	i := bytes.LastIndexByte(line, ')')
	if i < 0 {
		return 0
	}
	fields := bytes.Fields(line[i+1:])
	if len(fields) < 15 {
		return 0
	}
	var ticks int64
	for _, f := range fields[11:15] {
		v, err := strconv.ParseInt(string(f), 10, 64)
		if err != nil {
			return 0
		}
		ticks += v
	}
	return time.Duration(ticks) * clockTick
}
