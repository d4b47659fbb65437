/*
 * lock-contend [THREADS [N [t]]]
 *
 * Contends on one kernel mutex from user space: THREADS threads (default
 * 4) each write N blocks of 4096 bytes (default 64) to the slave side of
 * one pseudo-terminal (raw mode), which the main thread drains from the
 * master side.  A write(2) to a terminal holds the terminal's write mutex
 * (struct tty_struct's atomic_write_lock) for the whole write, sleeping
 * while the master's buffer is full: the main thread starts reading only
 * after 100 ms, so the first writer sleeps holding the mutex and the
 * others block on it (at least THREADS - 1 such waits, whatever the
 * scheduling).  Exits 0 once all THREADS * N * 4096 bytes are read.
 * Prints nothing, or with "t" "cpu NS": the CPU time (user and system) of
 * all its threads, in nanoseconds, from getrusage() (bench/lockstat.sh:
 * the contention probes' programs run in the contending threads).
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <pthread.h>
#include <sys/resource.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

#define BLOCK 4096

static int slave;
static unsigned long nblocks = 64;

static void *writer(void *arg)
{
	char buf[BLOCK];

	(void)arg;
	memset(buf, 'x', sizeof(buf));
	for (unsigned long i = 0; i < nblocks; i++)
		if (write(slave, buf, sizeof(buf)) != (ssize_t)sizeof(buf))
			exit(1);
	return NULL;
}

int main(int argc, char **argv)
{
	unsigned long nthreads = argc > 1 ? strtoul(argv[1], NULL, 0) : 4;
	unsigned long long want, got = 0;
	struct timespec ts = { 0, 100 * 1000 * 1000 };
	struct termios tio;
	pthread_t t[64];
	char buf[BLOCK];
	int master;

	if (argc > 2)
		nblocks = strtoul(argv[2], NULL, 0);
	master = posix_openpt(O_RDWR | O_NOCTTY);
	if (nthreads < 1 || nthreads > 64 || master < 0 || grantpt(master) != 0 ||
	    unlockpt(master) != 0 || (slave = open(ptsname(master), O_RDWR | O_NOCTTY)) < 0 ||
	    tcgetattr(slave, &tio) != 0) {
		fprintf(stderr, "lock-contend: bad arguments or no pseudo-terminal\n");
		return 1;
	}
	cfmakeraw(&tio);
	tcsetattr(slave, TCSANOW, &tio);
	want = (unsigned long long)nthreads * nblocks * BLOCK;
	for (unsigned long i = 0; i < nthreads; i++)
		if (pthread_create(&t[i], NULL, writer, NULL) != 0)
			return 1;
	nanosleep(&ts, NULL);
	while (got < want) {
		ssize_t n = read(master, buf, sizeof(buf));

		if (n <= 0)
			return 1;
		got += (unsigned long long)n;
	}
	for (unsigned long i = 0; i < nthreads; i++)
		pthread_join(t[i], NULL);
	if (argc > 3) {
		struct rusage ru;

		getrusage(RUSAGE_SELF, &ru);
		printf("cpu %lld\n", ((long long)ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) * 1000000000 +
					   ((long long)ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) * 1000);
	}
	return 0;
}
