/*
 * open-two PATH_OK PATH_MISSING
 *
 * Exactly these system calls (after static start-up):
 *   openat(AT_FDCWD, PATH_OK, O_RDONLY)       -> fd >= 0
 *   close(fd)
 *   openat(AT_FDCWD, PATH_MISSING, O_RDONLY)  -> -1, errno ENOENT
 * then exit_group(0).  Defaults: /etc/hostname and /nonexistent/open-two.
 * Exits 1 (after writing a message) if the first open fails or the second
 * does not fail with ENOENT.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <sys/syscall.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	const char *ok = argc > 1 ? argv[1] : "/etc/hostname";
	const char *missing = argc > 2 ? argv[2] : "/nonexistent/open-two";
	long fd, rc;
	int err;

	fd = syscall(SYS_openat, AT_FDCWD, ok, O_RDONLY);
	if (fd < 0) {
		perror(ok);
		return 1;
	}
	syscall(SYS_close, (int)fd);

	rc = syscall(SYS_openat, AT_FDCWD, missing, O_RDONLY);
	err = errno;
	if (rc >= 0 || err != ENOENT) {
		fprintf(stderr, "open-two: %s: expected ENOENT\n", missing);
		return 1;
	}
	return 0;
}
