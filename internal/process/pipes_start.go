package process

import (
	"os"
	"os/exec"
)

// ends are the caller's ends of a started program's pipes: the write
// end of its standard input and the read ends of its standard output
// and error.
type ends struct{ in, out, err *os.File }

// close closes every end.
func (e ends) close() {
	e.in.Close()
	e.out.Close()
	e.err.Close()
}

// startPiped starts the command mk makes on pipes of its own, not
// os/exec's, which closes them a moment after the program exits,
// dropping what a reader starved by the machine's load has not read
// yet; in the cgroup cg, when not nil. The program's ends are closed
// once it has started (or failed to); the caller reads and writes the
// others, and closes them. A program that cannot start in cg but can
// without it is started without, and no more cgroups are made: the
// kernel cannot start one in a cgroup. The cgroup returned is the one
// the program runs in: cg, or nil when none (cg is then removed).
func startPiped(mk func() *exec.Cmd, cg *cgroup) (*exec.Cmd, ends, *cgroup, error) {
	var f [6]*os.File // in, out, err: a read end, then a write end
	for i := 0; i < len(f); i += 2 {
		var err error
		if f[i], f[i+1], err = os.Pipe(); err != nil {
			for _, g := range f[:i] {
				g.Close()
			}
			cg.remove()
			return nil, ends{}, nil, err
		}
	}
	cmd := mk()
	cmd.Stdin, cmd.Stdout, cmd.Stderr = f[0], f[3], f[5]
	cg.into(cmd.SysProcAttr)
	err := start(cmd)
	if err != nil && cg != nil {
		again := mk()
		again.Stdin, again.Stdout, again.Stderr = f[0], f[3], f[5]
		if start(again) == nil {
			cmd, err = again, nil
			cgroupsOff()
			cg.remove()
			cg = nil
		}
	}
	f[0].Close()
	f[3].Close()
	f[5].Close()
	e := ends{in: f[1], out: f[2], err: f[4]}
	if err != nil {
		e.close()
		cg.remove()
		return nil, ends{}, nil, err
	}
	return cmd, e, cg, nil
}
