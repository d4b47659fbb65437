/*
 * paced-gen RATE SECONDS [OUTFILE]
 *
 * Calls getpriority(PRIO_PROCESS, i) (through syscall(2); which = 0, who =
 * the sequence number i, an unused pid, so the call fails fast with
 * ESRCH) exactly RATE * SECONDS times, paced evenly at RATE calls per
 * second: it sleeps 100 us between batches and makes each batch the calls
 * that are due.  Prints the achieved rate (calls/s) on stdout, or into
 * OUTFILE.  Used by bench/run.sh's printf_rate benchmark: the two probe
 * arguments are arg0 and arg1 of syscall::getpriority:entry.
 */
#include <stdio.h>
#include <stdlib.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

static double now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

int main(int argc, char **argv)
{
	double rate = argc > 1 ? strtod(argv[1], NULL) : 1000, secs = argc > 2 ? atof(argv[2]) : 1;
	unsigned long total = (unsigned long)(rate * secs), done = 0;
	struct timespec pause = { 0, 100000 };
	FILE *out = stdout;
	double t0, t;

	if (argc > 3 && !(out = fopen(argv[3], "w"))) {
		perror(argv[3]);
		return 1;
	}
	t0 = now_s();
	while (done < total) {
		unsigned long due = (unsigned long)((now_s() - t0) * rate) + 1;

		if (due > total)
			due = total;
		while (done < due) {
			syscall(SYS_getpriority, 0, 1000000000 + done);
			done++;
		}
		nanosleep(&pause, NULL);
	}
	t = now_s() - t0;
	fprintf(out, "%.0f\n", (double)total / t);
	return fclose(out) != 0;
}
