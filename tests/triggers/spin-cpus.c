/*
 * spin-cpus [N]
 *
 * Forks one child per CPU this process may run on (sched_getaffinity: the
 * same count `nproc` prints); each child pins itself to its own CPU with
 * sched_setaffinity, calls getppid(2) exactly N times (default 1) through
 * syscall(SYS_getppid), and _exits 0.  The parent makes no getppid calls and
 * waits for all children.  Total getppid calls: N * $(nproc), spread
 * evenly over the CPUs: used to test exact per-CPU merging.
 *
 * The getppid calls are made by the children, not by the parent: to filter
 * on them use the children's ppid (ppid == $target) or progenyof($target).
 * Exits 1 if pinning fails or a child does not exit 0.
 */
#define _GNU_SOURCE
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	unsigned long n = argc > 1 ? strtoul(argv[1], NULL, 0) : 1;
	cpu_set_t all;
	int status, cpu, failed = 0;

	if (sched_getaffinity(0, sizeof(all), &all) != 0) {
		perror("sched_getaffinity");
		return 1;
	}
	for (cpu = 0; cpu < CPU_SETSIZE; cpu++) {
		cpu_set_t one;
		pid_t pid;

		if (!CPU_ISSET(cpu, &all))
			continue;
		pid = fork();
		if (pid < 0) {
			perror("fork");
			failed = 1;
			break;
		}
		if (pid > 0)
			continue;
		CPU_ZERO(&one);
		CPU_SET(cpu, &one);
		if (sched_setaffinity(0, sizeof(one), &one) != 0) {
			perror("sched_setaffinity");
			_exit(1);
		}
		for (unsigned long i = 0; i < n; i++)
			syscall(SYS_getppid);
		_exit(0);
	}
	while (wait(&status) > 0)
		if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
			failed = 1;
	return failed;
}
