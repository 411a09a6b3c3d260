package process

import (
	"bufio"
	"bytes"
	"errors"
	"os"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"
)

// A cgroup is the control group (cgroup v2) a program runs in, made for
// its run or session alone: the kernel puts the program in it as it
// starts (CLONE_INTO_CGROUP), and everything the program starts after,
// however it starts it (a double fork, setsid, a daemon), in it too. So
// its CPU time is the whole tree's, dead or alive, to the microsecond,
// read in one file, and the tree is killed in one write: what judges'
// sandboxes do. Where no cgroup can be made (no cgroup v2, no right to
// write to the caller's own cgroup, as in most CI runners) a run has
// none, and /proc is read instead (see waitOf).
type cgroup struct {
	dir  string
	fd   int      // the directory, open, for CLONE_INTO_CGROUP
	stat *os.File // cpu.stat, kept open
}

// cgroups are made under the caller's own cgroup, found once.
var cgroups struct {
	once sync.Once
	base string // "" when none can be made
	n    atomic.Int64
	// off is set once a start into a cgroup has failed: the kernel
	// cannot (clone3 or CLONE_INTO_CGROUP missing), and no more are
	// made.
	off atomic.Bool
	mu  sync.Mutex
	// left are cgroups whose processes had not all gone when their run
	// ended: removed at the end of a later one.
	left []string
}

// useCgroups is false where a test wants the /proc fallback.
var useCgroups = true

// cgroupBase finds the directory of the caller's own cgroup v2, and
// tries that a cgroup can be made in it.
func cgroupBase() string {
	mount := cgroup2Mount()
	if mount == "" {
		return ""
	}
	self, err := os.ReadFile("/proc/self/cgroup")
	if err != nil {
		return ""
	}
	var path string
	found := false
	for line := range strings.SplitSeq(string(self), "\n") {
		if p, ok := strings.CutPrefix(line, "0::"); ok {
			path, found = p, true
		}
	}
	if !found || strings.Contains(path, "(deleted)") {
		return ""
	}
	base := strings.TrimSuffix(mount+path, "/")
	probe := base + "/cascade-" + strconv.Itoa(os.Getpid()) + "-probe"
	if err := os.Mkdir(probe, 0o755); err != nil {
		return ""
	}
	_, err = os.Stat(probe + "/cpu.stat")
	os.Remove(probe)
	if err != nil {
		return ""
	}
	removeStale(base)
	return base
}

// removeStale removes the empty cgroups in base that a cascade process
// no longer running left: one killed by SIGKILL cannot remove its own.
func removeStale(base string) {
	entries, err := os.ReadDir(base)
	if err != nil {
		return
	}
	for _, e := range entries {
		rest, ok := strings.CutPrefix(e.Name(), "cascade-")
		pid, _, ok2 := strings.Cut(rest, "-")
		if !ok || !ok2 || !e.IsDir() {
			continue
		}
		if _, err := strconv.Atoi(pid); err != nil {
			continue
		}
		if _, err := os.Stat("/proc/" + pid); err == nil {
			continue
		}
		// A cgroup with processes in it is not removed.
		syscall.Rmdir(base + "/" + e.Name())
	}
}

// cgroup2Mount is where the cgroup v2 hierarchy is mounted, "" if
// nowhere.
func cgroup2Mount() string {
	f, err := os.Open("/proc/self/mountinfo")
	if err != nil {
		return ""
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		// ID PARENT MAJ:MIN ROOT MOUNTPOINT OPTIONS... - FSTYPE SOURCE SUPER
		pre, post, ok := strings.Cut(sc.Text(), " - ")
		if !ok || !strings.HasPrefix(post, "cgroup2 ") {
			continue
		}
		if f := strings.Fields(pre); len(f) >= 5 && f[3] == "/" {
			return f[4]
		}
	}
	return ""
}

// newCgroup makes a cgroup for one run; nil where none can be made.
func newCgroup() *cgroup {
	if !useCgroups || cgroups.off.Load() {
		return nil
	}
	cgroups.once.Do(func() { cgroups.base = cgroupBase() })
	if cgroups.base == "" {
		return nil
	}
	dir := cgroups.base + "/cascade-" + strconv.Itoa(os.Getpid()) + "-" + strconv.FormatInt(cgroups.n.Add(1), 10)
	if err := os.Mkdir(dir, 0o755); err != nil {
		return nil
	}
	fd, err := syscall.Open(dir, syscall.O_RDONLY|syscall.O_DIRECTORY|syscall.O_CLOEXEC, 0)
	if err != nil {
		os.Remove(dir)
		return nil
	}
	stat, err := os.Open(dir + "/cpu.stat")
	if err != nil {
		syscall.Close(fd)
		os.Remove(dir)
		return nil
	}
	return &cgroup{dir: dir, fd: fd, stat: stat}
}

// into has the program that attr starts start in the cgroup.
func (c *cgroup) into(attr *syscall.SysProcAttr) {
	// A nil c leaves attr as it is.
	if c != nil {
		attr.UseCgroupFD, attr.CgroupFD = true, c.fd
	}
}

// cpu is the CPU time of every process the cgroup has held, user and
// system; ok is false when it cannot be read.
func (c *cgroup) cpu(buf []byte) (d time.Duration, ok bool) {
	if c == nil {
		return 0, false
	}
	n, _ := c.stat.ReadAt(buf, 0)
	line := buf[:n]
	const key = "usage_usec "
	i := bytes.Index(line, []byte(key))
	if i < 0 {
		return 0, false
	}
	line = line[i+len(key):]
	if j := bytes.IndexByte(line, '\n'); j >= 0 {
		line = line[:j]
	}
	us, err := strconv.ParseInt(string(line), 10, 64)
	if err != nil {
		return 0, false
	}
	return time.Duration(us) * time.Microsecond, true
}

// pids lists the processes in the cgroup.
func (c *cgroup) pids(buf *[]byte) []int {
	data, err := readInto(c.dir+"/cgroup.procs", buf)
	if err != nil {
		return nil
	}
	return appendPids(nil, data)
}

// kill kills every process in the cgroup: at once with cgroup.kill
// (Linux 5.14), otherwise one by one, round after round, since one may
// start another meanwhile.
func (c *cgroup) kill() {
	if c == nil {
		return
	}
	if os.WriteFile(c.dir+"/cgroup.kill", []byte("1"), 0) == nil {
		return
	}
	var buf []byte
	for range maxReapRounds {
		pids := c.pids(&buf)
		if len(pids) == 0 {
			return
		}
		for _, pid := range pids {
			syscall.Kill(pid, syscall.SIGKILL)
		}
	}
}

// remove kills what is left in the cgroup, gives its processes a
// moment to go, and removes it; it returns the CPU time of all it held,
// read once they are gone (ok false when it could not be read, or c is
// nil). A cgroup that will not be removed yet is tried again at the end
// of a later run.
func (c *cgroup) remove() (cpu time.Duration, ok bool) {
	if c == nil {
		return 0, false
	}
	c.kill()
	var buf []byte
	for end := time.Now().Add(pipeGrace); len(c.pids(&buf)) > 0 && time.Now().Before(end); {
		time.Sleep(time.Millisecond)
	}
	cpu, ok = c.cpu(make([]byte, statSize))
	c.stat.Close()
	syscall.Close(c.fd)
	err := syscall.Rmdir(c.dir)
	gone := err == nil || errors.Is(err, syscall.ENOENT)
	cgroups.mu.Lock()
	defer cgroups.mu.Unlock()
	left := cgroups.left[:0]
	for _, dir := range cgroups.left {
		if err := syscall.Rmdir(dir); errors.Is(err, syscall.EBUSY) {
			left = append(left, dir)
		}
	}
	if !gone {
		left = append(left, c.dir)
	}
	cgroups.left = left
	return cpu, ok
}

// cgroupsOff makes no more cgroups: a program could not be started in
// one, and was without.
func cgroupsOff() { cgroups.off.Store(true) }
