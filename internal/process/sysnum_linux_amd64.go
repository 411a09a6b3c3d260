package process

// The numbers of the system calls a program waits in, as
// /proc/PID/task/TID/syscall shows them (see waitOf).
const (
	sysRead        = 0
	sysWrite       = 1
	sysReadv       = 19
	sysWritev      = 20
	sysPoll        = 7
	sysPpoll       = 271
	sysSelect      = 23
	sysPselect6    = 270
	sysEpollWait   = 232
	sysEpollPwait  = 281
	sysEpollPwait2 = 441
)
