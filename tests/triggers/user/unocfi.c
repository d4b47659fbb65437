/*
 * unocfi N: main -> raw -> n2, N times (default 1); raw is assembly without
 * call frame information (as JIT code is), n2 fires uchain:::leaf(i).  A
 * stack taken in n2 has n2 and raw, then cannot go on: it ends with the
 * marker, never with an address that is not a return address.
 */
#include <stdlib.h>

#include "uchain.h"

void raw(int);

__attribute__((noipa)) void n2(int n)
{
	UCHAIN_LEAF(n);
	__asm__ volatile("" ::: "memory");
}

/* no .cfi_* directives: no FDE */
__asm__(".text\n"
	".globl raw\n"
	".type raw, @function\n"
	"raw:\n"
	"\tsub $8, %rsp\n"
	"\tcall n2\n"
	"\tadd $8, %rsp\n"
	"\tret\n"
	".size raw, .-raw\n");

int main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : 1;

	for (int i = 0; i < n; i++)
		raw(i);
	return 0;
}
