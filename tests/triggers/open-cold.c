/*
 * open-cold FILE
 *
 * Writes FILE's own name (NUL-terminated) into FILE, maps FILE and opens
 * it by the name in the mapping, whose page the process has not touched:
 * a BPF program at syscall::openat:entry cannot read that name (the page
 * is not mapped until the kernel's own read faults it in).  Exactly these
 * system calls (after static start-up): openat(FILE, O_CREAT) (the name
 * in argv), write, close, openat(FILE, O_RDONLY), mmap, openat(mapped
 * name, O_RDONLY | O_CLOEXEC), then waits (pause) until SIGUSR1, on which
 * it exits 0: a test lets it go once the consumer has read its memory.
 * Exits 1 if a call fails.
 */
#include <fcntl.h>
#include <signal.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

static void done(int sig)
{
	(void)sig;
	_exit(0);
}

int main(int argc, char **argv)
{
	const char *path = argc > 1 ? argv[1] : "/tmp/open-cold";
	char *map;
	long fd;

	signal(SIGUSR1, done);
	fd = syscall(SYS_openat, AT_FDCWD, path, O_CREAT | O_TRUNC | O_WRONLY, 0644);
	if (fd < 0 || write((int)fd, path, strlen(path) + 1) < 0)
		return 1;
	close((int)fd);
	fd = syscall(SYS_openat, AT_FDCWD, path, O_RDONLY);
	if (fd < 0)
		return 1;
	map = mmap(NULL, 4096, PROT_READ, MAP_SHARED, (int)fd, 0);
	if (map == MAP_FAILED)
		return 1;
	if (syscall(SYS_openat, AT_FDCWD, map, O_RDONLY | O_CLOEXEC) < 0)
		return 1;
	for (;;)
		pause();
}
