/*
 * read-direct FILE [N]
 *
 * Reads the first N (default 1) 4096-byte blocks of FILE one at a time
 * with O_DIRECT, bypassing the page cache: each read is one block I/O
 * request to FILE's device, waited for before the next.  Exits 0 if every
 * read returned 4096 bytes, else 1.  Prints nothing.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdlib.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	unsigned long n = argc > 2 ? strtoul(argv[2], NULL, 0) : 1;
	void *buf;
	int fd;

	if (argc < 2 || posix_memalign(&buf, 4096, 4096) != 0 ||
	    (fd = open(argv[1], O_RDONLY | O_DIRECT)) < 0)
		return 1;
	for (unsigned long i = 0; i < n; i++)
		if (pread(fd, buf, 4096, (off_t)(i * 4096)) != 4096)
			return 1;
	return 0;
}
