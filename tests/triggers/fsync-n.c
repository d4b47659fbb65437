/*
 * fsync-n FILE [N]
 *
 * Opens FILE for writing and calls fsync(2) on it N (default 1) times,
 * writing nothing.  On a block device each fsync asks the device to
 * flush its cache: blkdev_fsync() → blkdev_issue_flush(), one bio
 * waited for in submit_bio_wait() (io:::wait-start / wait-done).  Exits
 * 0 if every fsync succeeded, else 1.  Prints nothing.
 */
#include <fcntl.h>
#include <stdlib.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	unsigned long n = argc > 2 ? strtoul(argv[2], NULL, 0) : 1;
	int fd;

	if (argc < 2 || (fd = open(argv[1], O_WRONLY)) < 0)
		return 1;
	for (unsigned long i = 0; i < n; i++)
		if (fsync(fd) != 0)
			return 1;
	return 0;
}
