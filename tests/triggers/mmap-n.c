/*
 * mmap-n [N]
 *
 * Maps and unmaps one anonymous page N times (default 10): each mmap(2)
 * and each munmap(2) takes the process's mmap_lock (an rw_semaphore) as
 * a writer once (lockstat:::rw-acquire, in the qemu guests).  Exits 0
 * if every call succeeded.  Prints nothing.
 */
#include <stdlib.h>
#include <sys/mman.h>

int main(int argc, char **argv)
{
	unsigned long n = argc > 1 ? strtoul(argv[1], NULL, 0) : 10;

	for (unsigned long i = 0; i < n; i++) {
		void *p = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

		if (p == MAP_FAILED || munmap(p, 4096) != 0)
			return 1;
	}
	return 0;
}
