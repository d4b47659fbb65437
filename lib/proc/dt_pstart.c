/*
 * dt_pstart.c -- holding a -c process at its exec or at its entry point.
 *
 * dtrace -c forks the command before compiling (dt_proc.c); the child
 * waits for a byte on the go pipe and then execs.  Were it let go only
 * once the probes are on, its read of the pipe returning and its exec's
 * entry would be traced as the command's (DTrace's Pcreate() creates the
 * process stopped on exit from exec: none of that is seen).  So, just
 * before the probes are attached, dtrace_go() holds every created process
 * (dt_proc_hold): it is seized under ptrace, sent the byte, and waited for
 * at its exec event (PTRACE_EVENT_EXEC), inside execve, the new image in
 * place, before the dynamic linker has run.  dtrace_proc_continue()
 * detaches from it once tracing is enabled; execve's return is then the
 * first thing traced of it.
 *
 * Probes in the command's libraries (pid$target:libc.so.6::entry, USDT
 * probes of a shared library) need the libraries mapped when the probes
 * are created, which is at compile time.  So, when a description first
 * names the process, it is held at once and run on (dt_proc_ready): a
 * breakpoint goes on the executable's entry point (AT_ENTRY of its
 * auxiliary vector), and it runs the dynamic linker up to there; the
 * breakpoint is then removed, the program counter put back, and the
 * process stays stopped until dtrace_proc_continue().  Either way not one
 * instruction of the program itself has run before its probes are on.
 * PTRACE_O_EXITKILL: if dtrace dies meanwhile, so does the process.
 */
#include "dt_proc.h"

#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/ptrace.h>
#include <sys/user.h>
#include <sys/wait.h>
#include <unistd.h>

/* Wait for the next stop; false if the process ended (its status is kept). */
static bool pstart_wait(dt_proc_t *dpr, int *statusp)
{
	int status;

	while (waitpid(dpr->dpr_pid, &status, __WALL) < 0)
		if (errno != EINTR)
			return false;
	if (WIFEXITED(status) || WIFSIGNALED(status)) {
		dpr->dpr_waited = true;
		dpr->dpr_wstatus = status;
		return false;
	}
	*statusp = status;
	return true;
}

static uint64_t auxv_entry(pid_t pid)
{
	char path[64];
	uint64_t av[2], entry = 0;
	int fd;

	snprintf(path, sizeof(path), "/proc/%d/auxv", (int)pid);
	if ((fd = open(path, O_RDONLY | O_CLOEXEC)) < 0)
		return 0;
	while (read(fd, av, sizeof(av)) == (ssize_t)sizeof(av) && av[0] != AT_NULL)
		if (av[0] == AT_ENTRY)
			entry = av[1];
	close(fd);
	return entry;
}

/* Run to the exec event; deliver other signals on the way. */
static void pstart_exec(dt_proc_t *dpr)
{
	int status;

	for (;;) {
		if (!pstart_wait(dpr, &status))
			return;
		if (status >> 8 == (SIGTRAP | (PTRACE_EVENT_EXEC << 8)))
			break;
		ptrace(PTRACE_CONT, dpr->dpr_pid, 0,
		       WSTOPSIG(status) == SIGTRAP ? 0 : WSTOPSIG(status));
	}
	dpr->dpr_stopped = true;
}

/* From the exec event to the entry point, through the dynamic linker. */
static int pstart_entry(dtrace_hdl_t *dtp, dt_proc_t *dpr)
{
	pid_t pid = dpr->dpr_pid;
	struct user_regs_struct regs;
	uint64_t entry;
	long orig;
	int status;

	if ((entry = auxv_entry(pid)) == 0)
		return dt_set_errmsg(dtp, EDT_NOTARGET, "failed to find the entry point of pid %d",
				     (int)pid);
	errno = 0;
	orig = ptrace(PTRACE_PEEKTEXT, pid, (void *)entry, 0);
	if (errno != 0 ||
	    ptrace(PTRACE_POKETEXT, pid, (void *)entry, (void *)((orig & ~0xffL) | 0xcc)) != 0)
		return dt_set_errmsg(dtp, EDT_NOTARGET, "failed to stop pid %d: %s", (int)pid,
				     strerror(errno));
	dpr->dpr_stopped = false; /* running: its end is waited for below */
	for (int sig = 0;; sig = WSTOPSIG(status) == SIGTRAP ? 0 : WSTOPSIG(status)) {
		ptrace(PTRACE_CONT, pid, 0, sig);
		if (!pstart_wait(dpr, &status))
			return 0;
		if (WSTOPSIG(status) == SIGTRAP && status >> 16 == 0 &&
		    ptrace(PTRACE_GETREGS, pid, 0, &regs) == 0 && regs.rip == entry + 1)
			break;
	}
	ptrace(PTRACE_POKETEXT, pid, (void *)entry, (void *)orig);
	regs.rip = entry;
	ptrace(PTRACE_SETREGS, pid, 0, &regs);
	dpr->dpr_stopped = dpr->dpr_atentry = true;
	return 0;
}

/*
 * Seize the created process, let it exec and hold it at the exec event.
 * A child that has already ended (killed before go) is reaped, its status
 * kept for dtrace_proc_poll().
 */
int dt_proc_hold(dtrace_hdl_t *dtp, pid_t pid)
{
	dt_proc_t *dpr = dt_proc_find(dtp, pid);
	int status, e;

	if (dpr == NULL || !dpr->dpr_created || dpr->dpr_gofd < 0 || dpr->dpr_stopped ||
	    dpr->dpr_waited)
		return 0;
	if (ptrace(PTRACE_SEIZE, pid, 0, PTRACE_O_TRACEEXEC | PTRACE_O_EXITKILL) != 0) {
		e = errno;
		if (waitpid(pid, &status, WNOHANG) == pid) {
			dpr->dpr_waited = true;
			dpr->dpr_wstatus = status;
			return 0;
		}
		return dt_set_errmsg(dtp, EDT_NOTARGET, "failed to control pid %d: %s", (int)pid,
				     strerror(e));
	}
	(void)!write(dpr->dpr_gofd, "g", 1);
	close(dpr->dpr_gofd);
	dpr->dpr_gofd = -1;
	pstart_exec(dpr);
	return 0;
}

int dt_proc_ready(dtrace_hdl_t *dtp, pid_t pid)
{
	dt_proc_t *dpr;

	if (dt_proc_hold(dtp, pid) != 0)
		return -1;
	dpr = dt_proc_find(dtp, pid);
	if (dpr == NULL || !dpr->dpr_created || !dpr->dpr_stopped || dpr->dpr_atentry)
		return 0;
	return pstart_entry(dtp, dpr);
}

void dt_proc_release(dt_proc_t *dpr)
{
	if (dpr->dpr_stopped)
		ptrace(PTRACE_DETACH, dpr->dpr_pid, 0, 0);
	dpr->dpr_stopped = false;
}
