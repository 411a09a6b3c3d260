//go:build linux && !amd64 && !arm64 && !riscv64 && !loong64

package process

// The system calls a program waits in are not told apart here: only
// its threads' wchan shows a blocked read of a pipe (see waitOf).
const (
	sysRead        = noSyscall
	sysWrite       = noSyscall
	sysReadv       = noSyscall
	sysWritev      = noSyscall
	sysPoll        = noSyscall
	sysPpoll       = noSyscall
	sysSelect      = noSyscall
	sysPselect6    = noSyscall
	sysEpollWait   = noSyscall
	sysEpollPwait  = noSyscall
	sysEpollPwait2 = noSyscall
)
