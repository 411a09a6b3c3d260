//go:build !linux

package process

import (
	"syscall"
	"time"
)

// A cgroup is never made where there is no cgroup v2: what can be read
// of the processes, or nothing, is read instead.
type cgroup struct{}

var useCgroups = false

func newCgroup() *cgroup                               { return nil }
func cgroupsOff()                                      {}
func (c *cgroup) into(attr *syscall.SysProcAttr)       {}
func (c *cgroup) cpu(buf []byte) (time.Duration, bool) { return 0, false }
func (c *cgroup) pids(buf *[]byte) []int               { return nil }
func (c *cgroup) kill()                                {}
func (c *cgroup) remove() (time.Duration, bool)        { return 0, false }
