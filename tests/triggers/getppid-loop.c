/*
 * getppid-loop [N]
 *
 * Calls getppid(2) exactly N times (default 1) through syscall(SYS_getppid),
 * so no libc caching can elide a call, then exits 0.  Prints nothing.
 * Built static, so the only other system calls are those of static glibc
 * start-up and exit_group (see fault-none for that baseline).
 */
#include <stdlib.h>
#include <sys/syscall.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	unsigned long n = argc > 1 ? strtoul(argv[1], NULL, 0) : 1;

	for (unsigned long i = 0; i < n; i++)
		syscall(SYS_getppid);
	return 0;
}
