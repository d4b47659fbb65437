/*
 * dt_proc.c -- process control: the process dtrace -c runs and the process
 * dtrace -p grabs, from their start to their end.
 *
 * The protocol.  dtrace_proc_create() forks the command at once, before
 * the programs are compiled, so that its pid is known to $target; but the
 * child must not run a single instruction of the command before its probes
 * are enabled, or "-c cmd" would miss the command's first system calls.  So
 * the child blocks reading a pipe (the go pipe) and only execs once
 * dtrace_go(), just before it attaches the probes, has seized it, written a
 * byte and closed the pipe, and held it at its exec (dt_pstart.c); the
 * consumer, after dtrace_go(), calls dtrace_proc_continue(), which lets it
 * run, and returns at once: the consumer's first look at the buffers comes
 * before the command has done anything, as it always has.  (A handle that
 * never calls dtrace_go() has dtrace_proc_continue() write the byte
 * itself.)  If the consumer goes away first, the child reads end-of-file and
 * exits quietly without running anything.  If the exec fails, the child
 * writes its errno on a second pipe (the error pipe) and exits with status
 * 127; the error goes with the child's end (dps_errmsg).  Both pipes are
 * close-on-exec, so the command inherits neither, and once the child has
 * been reaped the error pipe holds an errno or is at end-of-file.
 *
 * dtrace_proc_grab() takes a running process by a pidfd: the pid cannot be
 * reused under us, and the pidfd becomes readable when the process exits,
 * even while it is a zombie nobody has reaped.
 *
 * The consumer learns that a process has gone by calling dtrace_proc_poll()
 * between dtrace_sleep() and dtrace_work(): waitpid() for a created child
 * (which gives its exit status or the signal that killed it), a poll of the
 * pidfd for a grabbed process (which only says that it has gone).  Each end
 * is reported once.  dtrace_close() kills the created children that are
 * still running, as DTrace does, and lets go of the grabbed processes.
 *
 * Nothing here prints or exits: errors are dt_set_errmsg() messages, and
 * the consumer words the notices.
 */
#include "dt_proc.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

static dt_proc_t *dt_proc_lookup(dtrace_hdl_t *dtp, pid_t pid)
{
	if (dtp->dt_procs == NULL)
		return NULL;
	for (dt_proc_t *dpr = dtp->dt_procs->dpl_head; dpr; dpr = dpr->dpr_next)
		if (dpr->dpr_pid == pid && !dpr->dpr_gone)
			return dpr;
	return NULL;
}

dt_proc_t *dt_proc_find(dtrace_hdl_t *dtp, pid_t pid)
{
	return dt_proc_lookup(dtp, pid);
}

static void dt_proc_add(dtrace_hdl_t *dtp, dt_proc_t *dpr)
{
	dt_proc_t **pp;

	if (dtp->dt_procs == NULL)
		dtp->dt_procs = dt_zalloc(sizeof(dt_proclist_t));
	for (pp = &dtp->dt_procs->dpl_head; *pp; pp = &(*pp)->dpr_next)
		;
	*pp = dpr;
}

static void dt_proc_close(int *fdp)
{
	if (*fdp >= 0)
		close(*fdp);
	*fdp = -1;
}

static dt_proc_t *dt_proc_alloc(pid_t pid, bool created)
{
	dt_proc_t *dpr = dt_zalloc(sizeof(*dpr));

	dpr->dpr_pid = pid;
	dpr->dpr_created = created;
	dpr->dpr_gofd = dpr->dpr_errfd = dpr->dpr_pidfd = -1;
	return dpr;
}

/* Kill a created child still running (and reap it); close what is open. */
static void dt_proc_free(dt_proc_t *dpr)
{
	if (dpr->dpr_created && dpr->dpr_pid > 0 && !dpr->dpr_gone && !dpr->dpr_waited) {
		kill(dpr->dpr_pid, SIGKILL);
		while (waitpid(dpr->dpr_pid, NULL, 0) < 0 && errno == EINTR)
			;
	}
	dt_proc_close(&dpr->dpr_gofd);
	dt_proc_close(&dpr->dpr_errfd);
	dt_proc_close(&dpr->dpr_pidfd);
	free(dpr->dpr_errmsg);
	free(dpr->dpr_args);
	free(dpr->dpr_argv);
	free(dpr);
}

void dt_proc_fini(dtrace_hdl_t *dtp)
{
	dt_proc_t *dpr, *next;

	if (dtp->dt_procs == NULL)
		return;
	for (dpr = dtp->dt_procs->dpl_head; dpr; dpr = next) {
		next = dpr->dpr_next;
		dt_proc_free(dpr);
	}
	free(dtp->dt_procs);
	dtp->dt_procs = NULL;
}

/* ------------------------------------------------------------ creating */

/* Cut the command into words at blanks and tabs (no quoting, as before). */
static void dt_proc_split(dt_proc_t *dpr, const char *cmd)
{
	char *save = NULL;
	int argc = 0;

	dpr->dpr_args = dt_strdup(cmd);
	dpr->dpr_argv = dt_zalloc(sizeof(char *) * (strlen(cmd) / 2 + 2));
	for (char *w = strtok_r(dpr->dpr_args, " \t", &save); w; w = strtok_r(NULL, " \t", &save))
		dpr->dpr_argv[argc++] = w;
}

/*
 * Would execve() of this file fail, and with which errno?  What it checks
 * that matters here: a regular file we may execute, and for a script
 * ("#!") an interpreter that is one too.  Checked before the fork, so that
 * -c with a directory or a script whose interpreter is missing fails at
 * once with one message and exit status 1, as DTrace's Pcreate() does,
 * instead of after tracing has started; an exec that fails anyway still
 * reports its errno through the error pipe.
 */
static int dt_proc_execerrno(const char *file, int depth)
{
	char line[256], *interp, *end;
	struct stat st;
	ssize_t n;
	int fd, e;

	if (stat(file, &st) != 0)
		return errno;
	if (!S_ISREG(st.st_mode))
		return EACCES;
	if (access(file, X_OK) != 0)
		return errno;
	if ((fd = open(file, O_RDONLY | O_CLOEXEC)) < 0)
		return 0; /* executable but not readable: exec knows best */
	n = read(fd, line, sizeof(line) - 1);
	close(fd);
	if (n < 2 || line[0] != '#' || line[1] != '!' || depth > 0)
		return 0;
	line[n] = '\0';
	for (interp = line + 2; *interp == ' ' || *interp == '\t'; interp++)
		continue;
	for (end = interp; *end != '\0' && *end != ' ' && *end != '\t' && *end != '\n'; end++)
		continue;
	if (*end == '\0' && n == (ssize_t)sizeof(line) - 1)
		return 0; /* a line longer than we read: let exec judge */
	*end = '\0';
	if (*interp == '\0')
		return ENOEXEC;
	e = dt_proc_execerrno(interp, depth + 1);
	return e == 0 ? 0 : -(e == EACCES ? ENOENT : e); /* negative: the interpreter's */
}

/*
 * 0 if the program can be executed (found in PATH if it has no '/'), else
 * an errno (negated if it is its interpreter's).
 */
static int dt_proc_executable(const char *name)
{
	char file[4096], *path, *save = NULL;
	int e = ENOENT;

	if (strlen(name) >= sizeof(file))
		return ENAMETOOLONG;
	if (strchr(name, '/') != NULL)
		return dt_proc_execerrno(name, 0);
	path = dt_strdup(getenv("PATH") ? getenv("PATH") : "/usr/bin:/bin");
	for (char *d = strtok_r(path, ":", &save); d && e != 0; d = strtok_r(NULL, ":", &save)) {
		snprintf(file, sizeof(file), "%s/%s", d, name);
		if (access(file, X_OK) == 0)
			e = dt_proc_execerrno(file, 0);
	}
	free(path);
	return e;
}

/*
 * The child: close the descriptors of the other processes, wait for the go
 * byte, exec; if the exec fails, send its errno on the error pipe.
 */
static _Noreturn void dt_proc_child(dtrace_hdl_t *dtp, dt_proc_t *dpr, int go, int err)
{
	char buf;
	int e;

	/*
	 * If dtrace dies (even by SIGKILL), so does the command, as in DTrace.
	 * Dying before this, it closes the go pipe: the read below ends the
	 * child (no getppid() check here: the command's own system calls are
	 * what is traced).
	 */
	if (prctl(PR_SET_PDEATHSIG, SIGKILL) != 0)
		_exit(0);

	for (dt_proc_t *p = dtp->dt_procs ? dtp->dt_procs->dpl_head : NULL; p; p = p->dpr_next) {
		dt_proc_close(&p->dpr_gofd);
		dt_proc_close(&p->dpr_errfd);
		dt_proc_close(&p->dpr_pidfd);
	}
	if (read(go, &buf, 1) != 1)
		_exit(0); /* the consumer went away before enabling tracing */
	signal(SIGINT, SIG_DFL);
	execvp(dpr->dpr_argv[0], dpr->dpr_argv);
	e = errno;
	(void)!write(err, &e, sizeof(e));
	_exit(127);
}

/* The go and error pipes, close-on-exec; -1 with errno if either fails. */
static int dt_proc_pipes(int go[2], int err[2])
{
	int e;

	if (pipe2(go, O_CLOEXEC) != 0)
		return -1;
	if (pipe2(err, O_CLOEXEC) == 0)
		return 0;
	e = errno;
	close(go[0]);
	close(go[1]);
	errno = e;
	return -1;
}

static int dt_proc_fork(dtrace_hdl_t *dtp, dt_proc_t *dpr)
{
	int go[2], err[2], e;
	pid_t pid;

	if (dt_proc_pipes(go, err) != 0)
		return dt_set_errmsg(dtp, errno, "failed to create pipe: %s", strerror(errno));
	if ((pid = fork()) == 0) {
		close(go[1]);
		close(err[0]);
		dt_proc_child(dtp, dpr, go[0], err[1]);
	}
	e = errno;
	close(go[0]);
	close(err[1]);
	if (pid < 0) {
		close(go[1]);
		close(err[0]);
		return dt_set_errmsg(dtp, e, "failed to fork: %s", strerror(e));
	}
	dpr->dpr_pid = pid;
	dpr->dpr_gofd = go[1];
	dpr->dpr_errfd = err[0];
	return 0;
}

static int proc_create(dtrace_hdl_t *dtp, void *cmd);

/* Out of memory fails the call with EDT_NOMEM (core/dt_alloc.c). */
pid_t dtrace_proc_create(dtrace_hdl_t *dtp, const char *cmd)
{
	return dt_nomem_call(dtp, proc_create, (void *)cmd);
}

static int proc_create(dtrace_hdl_t *dtp, void *cmd)
{
	dt_proc_t *dpr = dt_proc_alloc(0, true);
	const char *name;
	int e = 0;

	dt_proc_split(dpr, cmd);
	name = dpr->dpr_argv[0] ? dpr->dpr_argv[0] : "";
	if (dpr->dpr_argv[0] == NULL || (e = dt_proc_executable(name)) == ENOENT) {
		dt_set_errmsg(dtp, ENOENT, "failed to execute %s: cannot find executable file", name);
		dt_proc_free(dpr);
		return -1;
	}
	if (e != 0) {
		e = e < 0 ? -e : e;
		dt_set_errmsg(dtp, e, "failed to execute %s: %s", name, strerror(e));
		dt_proc_free(dpr);
		return -1;
	}
	if (dt_proc_fork(dtp, dpr) != 0) {
		dt_proc_free(dpr);
		return -1;
	}
	dt_proc_add(dtp, dpr);
	return dpr->dpr_pid;
}

int dtrace_proc_continue(dtrace_hdl_t *dtp, pid_t pid)
{
	dt_proc_t *dpr = dt_proc_lookup(dtp, pid);

	if (dpr != NULL && (dpr->dpr_stopped || dpr->dpr_waited)) {
		dt_proc_release(dpr);
		return 0;
	}
	if (dpr == NULL || dpr->dpr_gofd < 0)
		return dt_set_errno(dtp, EDT_NOTARGET);
	(void)!write(dpr->dpr_gofd, "g", 1);
	dt_proc_close(&dpr->dpr_gofd);
	return 0;
}

/* ------------------------------------------------------------ grabbing */

static int proc_grab(dtrace_hdl_t *dtp, void *pidp);

int dtrace_proc_grab(dtrace_hdl_t *dtp, pid_t pid)
{
	return dt_nomem_call(dtp, proc_grab, &pid);
}

static int proc_grab(dtrace_hdl_t *dtp, void *pidp)
{
	pid_t pid = *(pid_t *)pidp;
	int fd, e;
	dt_proc_t *dpr;

	if (dt_proc_lookup(dtp, pid) != NULL)
		return 0;
	if ((fd = (int)syscall(SYS_pidfd_open, pid, 0)) < 0) {
		e = errno;
		return dt_set_errmsg(dtp, e, "failed to grab pid %d: %s", (int)pid,
				     e == ESRCH ? "no such process" : strerror(e));
	}
	dpr = dt_proc_alloc(pid, false);
	dpr->dpr_pidfd = fd;
	dt_proc_add(dtp, dpr);
	dt_usym_capture(dtp, pid, true); /* its mappings while it lives (proc/dt_sym.c) */
	return 0;
}

/* ------------------------------------------------------------ watching */

/* Once the child has ended: if its exec failed, say why in dpr_errmsg. */
static void dt_proc_execerr(dt_proc_t *dpr)
{
	const char *name = dpr->dpr_argv[0];
	size_t len;
	int e = 0;

	if (dpr->dpr_errfd < 0)
		return;
	if (read(dpr->dpr_errfd, &e, sizeof(e)) == (ssize_t)sizeof(e) && e != 0) {
		len = strlen(name) + strlen(strerror(e)) + 32;
		dpr->dpr_errmsg = dt_zalloc(len);
		snprintf(dpr->dpr_errmsg, len, "failed to execute %s: %s", name, strerror(e));
	}
	dt_proc_close(&dpr->dpr_errfd);
}

/*
 * Has a created child ended?  DTRACE_PROC_KILLED or _EXITED with the signal
 * or status in *codep; DTRACE_PROC_GONE if someone else reaped it (the
 * consumer ignores SIGCHLD, say); -1 while it runs.
 */
static int dt_proc_waited(dt_proc_t *dpr, int *codep)
{
	int status = dpr->dpr_wstatus;
	pid_t w = dpr->dpr_waited ? dpr->dpr_pid : waitpid(dpr->dpr_pid, &status, WNOHANG);

	if (w == 0 || (w < 0 && errno != ECHILD))
		return -1;
	dt_proc_execerr(dpr);
	if (w < 0)
		return DTRACE_PROC_GONE;
	*codep = WIFSIGNALED(status) ? WTERMSIG(status) : WEXITSTATUS(status);
	return WIFSIGNALED(status) ? DTRACE_PROC_KILLED : DTRACE_PROC_EXITED;
}

/* Has a grabbed process gone?  Its pidfd is readable once it has exited. */
static int dt_proc_exited(dt_proc_t *dpr)
{
	struct pollfd pfd = { .fd = dpr->dpr_pidfd, .events = POLLIN };

	return poll(&pfd, 1, 0) > 0 ? DTRACE_PROC_GONE : -1;
}

/* Has this process gone?  If so, say how in *psp, once. */
static bool dt_proc_gone(dt_proc_t *dpr, dtrace_procstatus_t *psp)
{
	int code = 0, how;

	if (dpr->dpr_gone)
		return false;
	how = dpr->dpr_created ? dt_proc_waited(dpr, &code) : dt_proc_exited(dpr);
	if (how < 0)
		return false;
	dpr->dpr_gone = true;
	psp->dps_pid = dpr->dpr_pid;
	psp->dps_how = (dtrace_procend_t)how;
	psp->dps_code = code;
	psp->dps_errmsg = dpr->dpr_errmsg;
	return true;
}

/* Created children are looked at before grabbed processes, as always. */
int dtrace_proc_poll(dtrace_hdl_t *dtp, dtrace_procstatus_t *psp)
{
	if (dtp->dt_procs == NULL)
		return 0;
	for (int created = 1; created >= 0; created--)
		for (dt_proc_t *dpr = dtp->dt_procs->dpl_head; dpr; dpr = dpr->dpr_next)
			if (dpr->dpr_created == created && dt_proc_gone(dpr, psp))
				return 1;
	return 0;
}
