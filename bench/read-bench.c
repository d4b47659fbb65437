/*
 * read-bench [N [OUTFILE [FILE]]]
 *
 * Calls read(fd, buf, 1) N times (default 1,000,000) on FILE (default
 * /dev/zero, which always has a byte to give and never blocks), timing the
 * loop with clock_gettime(CLOCK_MONOTONIC), and prints the elapsed
 * nanoseconds per call as one number ("1190.4") on stdout, or into OUTFILE
 * if given and not "-".  It is the "unrelated" system call of bench/run.sh:
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
	unsigned long n = argc > 1 ? strtoul(argv[1], NULL, 0) : 1000000;
	const char *path = argc > 3 ? argv[3] : "/dev/zero";
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
	if (argc > 2 && strcmp(argv[2], "-") != 0 && !(out = fopen(argv[2], "w"))) {
		perror(argv[2]);
		return 1;
	}
	clock_gettime(CLOCK_MONOTONIC, &t0);
	for (unsigned long i = 0; i < n; i++) {
		if (read(fd, buf, 1) != 1) {
			perror("read");
			return 1;
		}
	}
	clock_gettime(CLOCK_MONOTONIC, &t1);
	ns = (double)(t1.tv_sec - t0.tv_sec) * 1e9 + (double)(t1.tv_nsec - t0.tv_nsec);
	fprintf(out, "%.1f\n", ns / (double)n);
	return fclose(out) != 0;
}
