/*
 * proc-life
 *
 * One of each process life-cycle event, in this order: creates a thread
 * that returns (joined); sends itself SIGUSR1, handled; forks a child
 * that tries to exec /nonexistent (fails with ENOENT), then execs this
 * program as "proc-life exit", which exits 3; waits for it and exits 0.
 * Prints nothing.
 */
#include <pthread.h>
#include <signal.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static volatile sig_atomic_t got;

static void handler(int sig)
{
	(void)sig;
	got++;
}

static void *thread(void *arg)
{
	return arg;
}

int main(int argc, char **argv)
{
	char *const none[] = { "nonexistent", NULL };
	char *const again[] = { argv[0], "exit", NULL };
	pthread_t t;
	int status;
	pid_t pid;

	if (argc > 1 && !strcmp(argv[1], "exit"))
		return 3;
	if (pthread_create(&t, NULL, thread, NULL) != 0 || pthread_join(t, NULL) != 0)
		return 1;
	signal(SIGUSR1, handler);
	kill(getpid(), SIGUSR1);
	if ((pid = fork()) == 0) {
		execv("/nonexistent", none);
		execv("/proc/self/exe", again);
		_exit(1);
	}
	if (pid < 0 || waitpid(pid, &status, 0) != pid)
		return 1;
	return got == 1 && WIFEXITED(status) && WEXITSTATUS(status) == 3 ? 0 : 1;
}
