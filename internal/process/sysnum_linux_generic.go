//go:build linux && (arm64 || riscv64 || loong64)

package process

// The numbers of the system calls a program waits in, as
// /proc/PID/task/TID/syscall shows them (see waitOf), from the generic
// table these architectures share, which has no poll, select nor
// epoll_wait: noSyscall stands for those.
const (
	sysRead        = 63
	sysWrite       = 64
	sysReadv       = 65
	sysWritev      = 66
	sysPoll        = noSyscall
	sysPpoll       = 73
	sysSelect      = noSyscall
	sysPselect6    = 72
	sysEpollWait   = noSyscall
	sysEpollPwait  = 22
	sysEpollPwait2 = 441
)
