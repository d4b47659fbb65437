/*
 * sleep-ms [N]
 *
 * Sleeps N milliseconds (default 100) with one nanosleep(2) system call
 * (made through syscall(SYS_nanosleep): glibc's nanosleep() would issue
 * clock_nanosleep instead).  If a signal interrupts the sleep it sleeps the
 * remainder with another nanosleep.  Prints nothing, exits 0.
 */
#include <errno.h>
#include <stdlib.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	unsigned long ms = argc > 1 ? strtoul(argv[1], NULL, 0) : 100;
	struct timespec ts = { .tv_sec = ms / 1000,
			       .tv_nsec = (long)(ms % 1000) * 1000000L };

	while (syscall(SYS_nanosleep, &ts, &ts) != 0 && errno == EINTR)
		;
	return 0;
}
