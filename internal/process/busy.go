package process

// Busy reports whether the program whose leader is pid, or a process it
// started, has a thread that is runnable (computing, or waiting for a CPU
// or the disk) or stopped by a signal: it is kept from answering by the
// machine, not waiting for something of its own. A test that bounds a
// wait by the wall clock asks it before it gives up, so that a starved
// program is waited for and one blocked for good is not. False where the
// processes' states cannot be read.
func Busy(pid int) bool {
	w := waitOf(pid, nil, pipes{})
	return w.runnable || w.disk || w.vfork || w.stopped
}
