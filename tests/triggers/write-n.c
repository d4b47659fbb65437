/*
 * write-n [N]
 *
 * Opens /dev/null once (openat), writes the single byte "x" to it exactly
 * N times (default 1) with write(2), closes it, and exits 0.  Prints nothing.
 * The byte is written from the stack, a page that is certainly resident:
 * a probe reading the buffer at write(2) entry (copyin) cannot fault a
 * page in, and a string constant's page may not have been touched yet.
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/syscall.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	unsigned long n = argc > 1 ? strtoul(argv[1], NULL, 0) : 1;
	long fd = syscall(SYS_openat, AT_FDCWD, "/dev/null", O_WRONLY);
	volatile char buf[1] = { 'x' };

	if (fd < 0) {
		perror("/dev/null");
		return 1;
	}
	for (unsigned long i = 0; i < n; i++)
		syscall(SYS_write, (int)fd, (const char *)buf, 1);
	syscall(SYS_close, (int)fd);
	return 0;
}
