/*
 * ualias N
 *
 * A dynamically linked trigger for libc functions known by several names
 * and IFUNCs.  N times (default 1): calloc(1, 16) then free (calloc is
 * __libc_calloc too; called through a pointer, as the IFUNCs
 * below), close(-1) (__close), getpid() (__getpid), and through
 * function pointers (so that the compiler calls libc, not a builtin) the
 * IFUNCs strlen("ualias"), memset, memcpy, strcmp.  Prints nothing, exits 0.
 */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

void *(*volatile p_calloc)(size_t, size_t) = calloc;
size_t (*volatile p_strlen)(const char *) = strlen;
void *(*volatile p_memset)(void *, int, size_t) = memset;
void *(*volatile p_memcpy)(void *, const void *, size_t) = memcpy;
int (*volatile p_strcmp)(const char *, const char *) = strcmp;
volatile long sink;

int main(int argc, char **argv)
{
	long n = argc > 1 ? strtol(argv[1], NULL, 0) : 1;
	char buf[64];

	for (long i = 0; i < n; i++) {
		void *p = p_calloc(1, 16);

		free(p);
		sink += close(-1);
		sink += getpid();
		sink += (long)p_strlen("ualias");
		p_memset(buf, 'x', sizeof(buf));
		p_memcpy(buf, "abc", 4);
		sink += p_strcmp(buf, "abc");
	}
	return 0;
}
