/*
 * nap-n [N]
 *
 * Sleeps N times (default 1) for 1 ms with nanosleep(2) (through
 * syscall(SYS_nanosleep)), each sleep ended by its timer's wakeup, then
 * exits 0.  Prints nothing.
 */
#include <stdlib.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	unsigned long n = argc > 1 ? strtoul(argv[1], NULL, 0) : 1;
	struct timespec ts = { 0, 1000000L };

	for (unsigned long i = 0; i < n; i++)
		syscall(SYS_nanosleep, &ts, NULL);
	return 0;
}
