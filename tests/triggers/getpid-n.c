/*
 * getpid-n [N]
 *
 * Calls getpid(2) exactly N times (default 1) through syscall(SYS_getpid),
 * then exits 0.  Prints nothing.
 */
#include <stdlib.h>
#include <sys/syscall.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	unsigned long n = argc > 1 ? strtoul(argv[1], NULL, 0) : 1;

	for (unsigned long i = 0; i < n; i++)
		syscall(SYS_getpid);
	return 0;
}
