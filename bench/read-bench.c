/*
 * read-bench [N [OUTFILE [FILE [CLOCK]]]]
 *
 * Calls read(fd, buf, 1) N times (default 500,000) on FILE (default
 * /dev/zero, which always has a byte to give and never blocks), timing the
 * loop, and prints the nanoseconds per call as one number ("1190.4") on
 * stdout, or into OUTFILE if given and not "-".  CLOCK "wall" (the default)
 * times with CLOCK_MONOTONIC; "cpu" with CLOCK_THREAD_CPUTIME_ID, the CPU
 * time of this thread, user and kernel (BPF programs run on a system call
 * included), which leaves out the time other processes preempted it: on a
 * shared machine it is far steadier.  It is the "unrelated" system call of bench/run.sh:
 * its cost shows what a tracer that probes some other system call adds to
 * every system call on the machine.
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	unsigned long n = argc > 1 ? strtoul(argv[1], NULL, 0) : 500000;
	const char *path = argc > 3 ? argv[3] : "/dev/zero";
	clockid_t clk = argc > 4 && strcmp(argv[4], "cpu") == 0 ?
	    CLOCK_THREAD_CPUTIME_ID : CLOCK_MONOTONIC;
	struct timespec t0, t1;
	FILE *out = stdout;
	char buf[1];
	double ns;
	int fd;

	if (n == 0)
		n = 1;
	if ((fd = open(path, O_RDONLY)) < 0) {
		perror(path);
		return 1;
	}
	if (argc > 4 && strcmp(argv[4], "cpu") != 0 && strcmp(argv[4], "wall") != 0) {
		fprintf(stderr, "read-bench: CLOCK is wall or cpu\n");
		return 2;
	}
	if (argc > 2 && strcmp(argv[2], "-") != 0 && !(out = fopen(argv[2], "w"))) {
		perror(argv[2]);
		return 1;
	}
	clock_gettime(clk, &t0);
	for (unsigned long i = 0; i < n; i++) {
		if (read(fd, buf, 1) != 1) {
			perror("read");
			return 1;
		}
	}
	clock_gettime(clk, &t1);
	ns = (double)(t1.tv_sec - t0.tv_sec) * 1e9 + (double)(t1.tv_nsec - t0.tv_nsec);
	fprintf(out, "%.1f\n", ns / (double)n);
	return fclose(out) != 0;
}
