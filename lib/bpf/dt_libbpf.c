/*
 * dt_libbpf.c -- what the library asks of libbpf itself, not of the kernel
 * through it: the number of possible CPUs (the per-CPU maps' and buffers'
 * count), and, only when dtrace_open()'s caller passes
 * DTRACE_O_LIBBPF_PRINT, libbpf's print hook.  That hook is process-wide
 * (libbpf has one for the whole process), so the library leaves it to the
 * caller unless asked; asked, it drops libbpf's messages except when the
 * environment has DTRACE_DEBUG_LIBBPF, which shows its warnings on stderr
 * (the caller asked for exactly that).
 */
#include "dt_bpf.h"

#include <bpf/libbpf.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

static int libbpf_print(enum libbpf_print_level level, const char *fmt, va_list ap)
{
	if (level == LIBBPF_DEBUG || getenv("DTRACE_DEBUG_LIBBPF") == NULL)
		return 0;
	return vfprintf(stderr, fmt, ap);
}

void dt_bpf_print_hook(void)
{
	libbpf_set_print(libbpf_print);
}

int dt_bpf_ncpus(void)
{
	int n = libbpf_num_possible_cpus();

	return n > 0 ? n : 1;
}
