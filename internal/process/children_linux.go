package process

import (
	"bytes"
	"os"
	"strconv"
	"syscall"
)

// prSetChildSubreaper is PR_SET_CHILD_SUBREAPER of prctl(2).
const prSetChildSubreaper = 36

func subreap() error {
	if _, _, errno := syscall.RawSyscall(syscall.SYS_PRCTL, prSetChildSubreaper, 1, 0); errno != 0 {
		return os.NewSyscallError("prctl(PR_SET_CHILD_SUBREAPER)", errno)
	}
	return nil
}

// sysProcAttr runs the program in a process group of its own, and kills
// it when the process that runs it dies, even by SIGKILL: a
// parent-death signal, which its own children do not inherit.
func sysProcAttr() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
}

// childPids lists the children of the process: those of each of its
// threads, from /proc/self/task/TID/children, or, where the kernel has
// no such file, from the parent pid of every process in /proc.
func childPids() []int {
	tasks, err := os.ReadDir("/proc/self/task")
	if err != nil {
		return scanChildPids()
	}
	var pids []int
	for _, task := range tasks {
		data, err := os.ReadFile("/proc/self/task/" + task.Name() + "/children")
		if os.IsNotExist(err) && len(pids) == 0 {
			return scanChildPids()
		}
		for _, f := range bytes.Fields(data) {
			if pid, err := strconv.Atoi(string(f)); err == nil {
				pids = append(pids, pid)
			}
		}
	}
	return pids
}

// scanChildPids lists the processes of /proc whose parent is this one.
func scanChildPids() []int {
	entries, err := os.ReadDir("/proc")
	if err != nil {
		return nil
	}
	self := os.Getpid()
	var pids []int
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		stat, err := os.ReadFile("/proc/" + e.Name() + "/stat")
		if err != nil {
			continue
		}
		// The state and the parent pid follow the command name, which
		// is in parentheses and may hold anything.
		i := bytes.LastIndexByte(stat, ')')
		if i < 0 {
			continue
		}
		f := bytes.Fields(stat[i+1:])
		if len(f) > 1 && string(f[1]) == strconv.Itoa(self) {
			pids = append(pids, pid)
		}
	}
	return pids
}
