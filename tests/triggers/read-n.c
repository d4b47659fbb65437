/*
 * read-n [N]
 *
 * Opens /dev/zero once (openat), reads 1 byte from it exactly N times
 * (default 1) with read(2), closes it, and exits 0.  Prints nothing.
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/syscall.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	unsigned long n = argc > 1 ? strtoul(argv[1], NULL, 0) : 1;
	long fd = syscall(SYS_openat, AT_FDCWD, "/dev/zero", O_RDONLY);
	char c;

	if (fd < 0) {
		perror("/dev/zero");
		return 1;
	}
	for (unsigned long i = 0; i < n; i++)
		syscall(SYS_read, (int)fd, &c, 1);
	syscall(SYS_close, (int)fd);
	return 0;
}
