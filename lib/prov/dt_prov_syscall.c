/*
 * dt_prov_syscall.c -- the syscall provider: an entry and a return probe for
 * every system call of the running kernel, from the syscalls tracepoints
 * (events/syscalls/sys_enter_* and sys_exit_*).
 *
 * Attachment: a system call whose number is known (the build host's
 * <asm/unistd.h>, table dt_sysnr.h) is routed from one raw tracepoint
 * program on sys_enter/sys_exit (dt_bpf_sysdispatch) by a tail call to its
 * probe's program, so enabling syscall::: is two attachments, not 700
 * tracepoints (each of which takes ~60 ms to detach).  Its arguments are
 * read from the user registers.  Other system calls are attached to their
 * own tracepoints.  32-bit compat system calls are not distinguished.
 *
 * Arguments come from the tracepoint's format file: at entry arg0..argN are
 * the system call's arguments and args[] is typed with the kernel's
 * declared types; at return arg0 and arg1 are the return value, and errno
 * is derived from it (a value in [-4095, -1] is -errno, and arg0/arg1 of
 * such a failed call are -1, as in DTrace).
 */
#include "../dt_impl.h"
#include "../cg/dt_cg_impl.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const struct {
	const char *name;
	int nr;
} dt_sysnr[] = {
#include "dt_sysnr.h"
};

static int sysnr(const char *name)
{
	int lo = 0, hi = (int)(sizeof(dt_sysnr) / sizeof(dt_sysnr[0])) - 1;

	while (lo <= hi) {
		int mid = (lo + hi) / 2, c = strcmp(name, dt_sysnr[mid].name);

		if (c == 0)
			return dt_sysnr[mid].nr;
		if (c < 0)
			hi = mid - 1;
		else
			lo = mid + 1;
	}
	return -1;
}

static int cmpstr(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static int syscall_populate(dtrace_hdl_t *dtp, dt_provider_t *pv)
{
	char path[128], **names = NULL;
	struct dirent *de;
	size_t n = 0;
	DIR *dir;

	if (dt_bpf_tracefs(dtp) != 0)
		return 0; /* no tracefs: no syscall probes */
	snprintf(path, sizeof(path), "%s/events/syscalls", dtp->dt_tracefs);
	if ((dir = opendir(path)) == NULL)
		return 0;
	while ((de = readdir(dir)) != NULL) {
		if (strncmp(de->d_name, "sys_enter_", 10) != 0)
			continue;
		names = dt_realloc(names, sizeof(char *) * (n + 1));
		names[n++] = dt_strdup(de->d_name + 10);
	}
	closedir(dir);
	qsort(names, n, sizeof(char *), cmpstr);
	for (size_t i = 0; i < n; i++) {
		int nr = sysnr(names[i]);

		for (int ret = 0; ret < 2; ret++) {
			dt_probe_t *pr = dt_probe_create(dtp, pv, "vmlinux", names[i],
							 ret ? "return" : "entry");

			pr->pr_entry = !ret;
			pr->pr_return = ret;
			pr->pr_sysnr = nr;
			pr->pr_progtype = nr >= 0 ? DT_PT_RAW_TP : DT_PT_TRACEPOINT;
		}
		free(names[i]);
	}
	free(names);
	return 0;
}

static void tp_event(const dt_probe_t *pr, char *buf, size_t len)
{
	snprintf(buf, len, "sys_%s_%.100s", pr->pr_entry ? "enter" : "exit", pr->pr_desc.dtpd_func);
}

/* Parse the format file: fields after __syscall_nr are the arguments. */
static int syscall_args(dtrace_hdl_t *dtp, dt_probe_t *pr)
{
	char path[256], ev[128], line[512];
	FILE *fp;
	int n = 0;

	pr->pr_argtypes = dt_zalloc(sizeof(dt_type_t *) * 10);
	pr->pr_argoffs = dt_zalloc(sizeof(int) * 10);
	pr->pr_argsizes = dt_zalloc(sizeof(int) * 10);
	if (pr->pr_return) {
		for (int i = 0; i < 2; i++) {
			pr->pr_argtypes[i] = dt_type_int(dtp, 8, true);
			pr->pr_argoffs[i] = 16;
			pr->pr_argsizes[i] = 8;
		}
		pr->pr_nargs = 2;
		return 0;
	}
	tp_event(pr, ev, sizeof(ev));
	snprintf(path, sizeof(path), "%s/events/syscalls/%s/format", dtp->dt_tracefs, ev);
	if ((fp = fopen(path, "r")) == NULL) {
		pr->pr_nargs = 0;
		return 0;
	}
	while (fgets(line, sizeof(line), fp) != NULL && n < 10) {
		char *f = strstr(line, "field:"), *semi, *name;
		int off = 0, size = 0;

		if (f == NULL || strstr(line, "common_") || strstr(line, "__syscall_nr"))
			continue;
		f += 6;
		if ((semi = strchr(f, ';')) == NULL)
			continue;
		*semi = '\0';
		sscanf(semi + 1, " offset:%d; size:%d;", &off, &size);
		/* the last word is the name; the rest is the type */
		name = strrchr(f, ' ');
		if (name == NULL)
			continue;
		*name = '\0';
		pr->pr_argtypes[n] = dt_type_parse(dtp, f);
		pr->pr_argoffs[n] = off;
		pr->pr_argsizes[n] = size;
		n++;
	}
	fclose(fp);
	pr->pr_nargs = n;
	return 0;
}

static int syscall_attach(dtrace_hdl_t *dtp, dt_probe_t *pr, int progfd)
{
	char ev[128];
	int id;

	if (pr->pr_sysnr >= 0)
		return dt_bpf_sysroute(dtp, pr->pr_return, pr->pr_sysnr, progfd);
	tp_event(pr, ev, sizeof(ev));
	if ((id = dt_bpf_tp_id(dtp, "syscalls", ev)) < 0)
		return -1;
	return dt_bpf_attach_tp(dtp, id, progfd, pr->pr_desc.dtpd_id);
}

/* x86-64 user registers holding system call arguments 0..5 (pt_regs offsets) */
static const int dt_sysargregs[6] = { 112, 104, 96, 56, 72, 64 };

static void syscall_load_arg(struct dt_cg *cg, dt_probe_t *pr, int n, int reg)
{
	int tmp;

	if (pr->pr_nargs < 0 || n >= pr->pr_nargs || (pr->pr_sysnr >= 0 && n >= 6 &&
						      !pr->pr_return)) {
		dt_cg_emit(cg, MOV64_IMM(reg, 0));
		return;
	}
	if (pr->pr_sysnr < 0) { /* its own tracepoint: the record has the args */
		dt_cg_ldctx(cg, reg);
		dt_cg_emit(cg, LDX(BPF_DW, reg, reg, pr->pr_argoffs[n]));
		return;
	}
	if (pr->pr_return) { /* raw sys_exit: args[1] is the return value */
		dt_cg_ldctx(cg, reg);
		dt_cg_emit(cg, LDX(BPF_DW, reg, reg, 8));
		return;
	}
	/* raw sys_enter: args[0] is the user pt_regs */
	tmp = dt_cg_tmpalloc(cg, 8);
	dt_cg_tmpaddr(cg, R1, tmp);
	dt_cg_emit(cg, ST(BPF_DW, R1, 0, 0));
	dt_cg_ldctx(cg, R3);
	dt_cg_emit(cg, LDX(BPF_DW, R3, R3, 0));
	dt_cg_emit(cg, ALU64_IMM(BPF_ADD, R3, dt_sysargregs[n]));
	dt_cg_emit(cg, MOV64_IMM(R2, 8));
	dt_cg_call(cg, BPF_FUNC_probe_read_kernel);
	dt_cg_tmpaddr(cg, reg, tmp);
	dt_cg_emit(cg, LDX(BPF_DW, reg, reg, 0));
}

/*
 * argN.  At return, a failed call's arg0/arg1 are -1 (the error is in
 * errno), as DTrace shows them; n == -1 loads the raw value (-errno).
 */
static void syscall_cg_arg(struct dt_cg *cg, dt_probe_t *pr, int n, int reg)
{
	syscall_load_arg(cg, pr, n < 0 ? 0 : n, reg);
	if (pr->pr_return && n >= 0) {
		dt_cg_emit(cg, JMP_IMM(BPF_JSGE, reg, 0, 2));
		dt_cg_emit(cg, JMP_IMM(BPF_JSLT, reg, -4095, 1));
		dt_cg_emit(cg, MOV64_IMM(reg, -1));
	}
}

dt_provider_t dt_prov_syscall = {
	.pv_name = "syscall",
	.pv_progtype = DT_PT_TRACEPOINT,
	.pv_populate = syscall_populate,
	.pv_probe_args = syscall_args,
	.pv_attach = syscall_attach,
	.pv_cg_arg = syscall_cg_arg,
};
