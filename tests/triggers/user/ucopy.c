/*
 * ucopy N
 *
 * Strings on a page the process never touches: writes "a page never
 * touched" at the start of a temporary file, maps the file and, without
 * reading it, calls u_str(p) N times (default 2) with the mapping's
 * address (u_str, in the executable, does not read it either).  The
 * first call's page is not resident in the process (no page table entry)
 * until something faults it in.  Prints nothing, exits 0.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

__attribute__((noinline)) long u_str(const char *p)
{
	__asm__ volatile("" ::"r"(p) : "memory");
	return (long)p & 1;
}

int main(int argc, char **argv)
{
	long n = argc > 1 ? strtol(argv[1], NULL, 0) : 2, r = 0;
	static const char text[] = "a page never touched";
	char path[] = "/tmp/ucopyXXXXXX";
	int fd = mkstemp(path);
	char *p;

	if (fd < 0 || write(fd, text, sizeof(text)) != (ssize_t)sizeof(text))
		return 1;
	unlink(path);
	p = mmap(NULL, 4096, PROT_READ, MAP_PRIVATE, fd, 0);
	if (p == MAP_FAILED)
		return 1;
	for (long i = 0; i < n; i++)
		r += u_str(p);
	return (int)r;
}
