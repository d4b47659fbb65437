/*
 * dt_prov_syscall.c -- the syscall provider: an entry and a return probe for
 * every system call of the running kernel, from the syscalls tracepoints
 * (events/syscalls/sys_enter_* and sys_exit_*).
 *
 * Attachment, chosen when tracing starts (syscall_prepare) from the number
 * of enabled probes:
 *  - a few (up to DT_SYSCALL_TPMAX): each probe's own tracepoint, so the
 *    kernel's per-system-call filter keeps every other system call free of
 *    any program (the probe effect on what is not traced is the kernel's
 *    few ns for a traced task's slow path), and arguments are read from the
 *    tracepoint record;
 *  - more: the programs run on the raw sys_enter/sys_exit tracepoints and
 *    find the probe by system call number in their binding map (unknown
 *    numbers return at once), because detaching a syscall tracepoint costs
 *    an RCU grace period (~60 ms here), so 700 of them take seconds to stop.
 *    Arguments come from the user registers (layout/dt_arch.h).  System calls
 *    whose number the build host did not know keep their tracepoints.
 * 32-bit compat system calls are not distinguished.
 *
 * Arguments come from the tracepoint's format file: at entry arg0..argN are
 * the system call's arguments and args[] is typed with the kernel's
 * declared types; at return arg0 and arg1 are the return value, and errno
 * is derived from it (a value in [-4095, -1] is -errno, and arg0/arg1 of
 * such a failed call are -1, as in DTrace).
 */
#include "dt_prov.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Enabled probes above which the raw tracepoints are used (see above). */
#define DT_SYSCALL_TPMAX 32

/* Tracepoint records: the arguments from 16, the return value at 16. */
#define DT_SYSCALL_TP_ARGS 16
/* Raw tracepoints: args[1] is the number (sys_enter) or the return value. */
#define DT_SYSCALL_RAW_ARG1 8

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

/* The system calls' names, being read: freed by out of memory (core/dt_alloc.c). */
typedef struct sysnames {
	DIR *sn_dir;
	char **sn_names;
	size_t sn_n;
} sysnames_t;

static void sysnames_free(void *arg)
{
	sysnames_t *sn = arg;

	if (sn->sn_dir != NULL)
		closedir(sn->sn_dir);
	for (size_t i = 0; i < sn->sn_n; i++)
		free(sn->sn_names[i]);
	free(sn->sn_names);
}

static int syscall_populate(dtrace_hdl_t *dtp, dt_provider_t *pv)
{
	sysnames_t sn = { NULL, NULL, 0 };
	dt_nomem_undo_t undo;
	char path[128], **names;
	struct dirent *de;
	size_t n;

	if (dt_bpf_tracefs(dtp) != 0)
		return 0; /* no tracefs: no syscall probes */
	snprintf(path, sizeof(path), "%s/events/syscalls", dtp->dt_tracefs);
	if ((sn.sn_dir = opendir(path)) == NULL)
		return 0;
	dt_nomem_hold(&undo, sysnames_free, &sn);
	while ((de = readdir(sn.sn_dir)) != NULL) {
		char *name;

		if (strncmp(de->d_name, "sys_enter_", 10) != 0)
			continue;
		sn.sn_names = dt_realloc(sn.sn_names, sizeof(char *) * (sn.sn_n + 1));
		name = dt_strdup(de->d_name + 10);
		sn.sn_names[sn.sn_n++] = name;
	}
	closedir(sn.sn_dir);
	sn.sn_dir = NULL;
	names = sn.sn_names;
	n = sn.sn_n;
	qsort(names, n, sizeof(char *), cmpstr);
	for (size_t i = 0; i < n; i++) {
		int nr = sysnr(names[i]);

		for (int ret = 0; ret < 2; ret++) {
			dt_probe_t *pr = dt_probe_create(dtp, pv, "vmlinux", names[i],
							 ret ? "return" : "entry");

			pr->pr_entry = !ret;
			pr->pr_return = ret;
			pr->pr_sysnr = nr;
		}
	}
	dt_nomem_release(&undo);
	sysnames_free(&sn);
	return 0;
}

static void tp_event(const dt_probe_t *pr, char *buf, size_t len)
{
	snprintf(buf, len, "sys_%s_%.100s", pr->pr_entry ? "enter" : "exit", pr->pr_desc.dtpd_func);
}

static int syscall_probe_info(dtrace_hdl_t *dtp, dt_probe_t *pr)
{
	(void)dtp;
	pr->pr_progtype = DT_PT_TRACEPOINT;
	return 0;
}

/* Parse the format file: fields after __syscall_nr are the arguments. */
static int syscall_probe_args(dtrace_hdl_t *dtp, dt_probe_t *pr)
{
	char path[256], ev[128], line[512];
	FILE *fp;
	int n = 0;

	pr->pr_argtypes = dt_arena_zalloc(&dtp->dt_arena, sizeof(dt_type_t *) * DT_NARGS);
	if (pr->pr_return) {
		for (int i = 0; i < 2; i++) {
			pr->pr_argtypes[i] = dt_type_int(dtp, 8, true);
			pr->pr_argsrc[i] = (dt_argsrc_t){ DT_ARG_RETVAL, 8, DT_SYSCALL_TP_ARGS };
		}
		pr->pr_errno = (dt_argsrc_t){ DT_ARG_CTX, 8, DT_SYSCALL_TP_ARGS };
		pr->pr_nargs = 2;
		return 0;
	}
	tp_event(pr, ev, sizeof(ev));
	snprintf(path, sizeof(path), "%s/events/syscalls/%s/format", dtp->dt_tracefs, ev);
	if ((fp = fopen(path, "r")) == NULL)
		return 0;
	while (fgets(line, sizeof(line), fp) != NULL && n < DT_NARGS) {
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
		if (pr->pr_argtypes[n]->dt_kind == DT_TK_PTR) /* system call pointers are user addresses */
			pr->pr_argtypes[n] = dt_type_userptr(dtp, pr->pr_argtypes[n]->dt_base);
		pr->pr_argsrc[n] = (dt_argsrc_t){ DT_ARG_CTX, 8, (int16_t)off };
		n++;
	}
	fclose(fp);
	pr->pr_nargs = n;
	return 0;
}

/* Many probes: those with a known number move to the raw tracepoints. */
static int syscall_prepare(dtrace_hdl_t *dtp, dt_provider_t *pv, dt_probe_t **probes, int n)
{
	static const int16_t regs[] = DT_SYSCALL_ARGREGS;

	(void)dtp;
	(void)pv;
	if (n <= DT_SYSCALL_TPMAX)
		return 0;
	for (int i = 0; i < n; i++) {
		dt_probe_t *pr = probes[i];

		if (pr->pr_sysnr < 0)
			continue;
		pr->pr_progtype = DT_PT_RAW_TP;
		if (pr->pr_return) {
			pr->pr_bind = DT_BIND_SYSEXIT;
			for (int a = 0; a < 2; a++)
				pr->pr_argsrc[a] = (dt_argsrc_t){ DT_ARG_RETVAL, 8, DT_SYSCALL_RAW_ARG1 };
			pr->pr_errno = (dt_argsrc_t){ DT_ARG_CTX, 8, DT_SYSCALL_RAW_ARG1 };
			continue;
		}
		pr->pr_bind = DT_BIND_SYSENTER;
		for (int a = 0; a < DT_NARGS; a++)
			pr->pr_argsrc[a] = a < pr->pr_nargs && a < DT_SYSCALL_NARGREGS
						   ? (dt_argsrc_t){ DT_ARG_REGSPTR, 8, regs[a] }
						   : (dt_argsrc_t){ DT_ARG_ZERO, 0, 0 };
	}
	return 0;
}

static int syscall_attach(dtrace_hdl_t *dtp, dt_probe_t *pr, dt_bpfprog_t *bp, uint64_t cookie)
{
	char ev[128];
	int id;

	if (pr->pr_bind != DT_BIND_COOKIE)
		return dt_bpf_bind_key(dtp, bp, (uint32_t)pr->pr_sysnr, cookie,
				       pr->pr_return ? "sys_exit" : "sys_enter");
	tp_event(pr, ev, sizeof(ev));
	if ((id = dt_bpf_tp_id(dtp, "syscalls", ev)) < 0)
		return -1;
	return dt_bpf_attach_tp(dtp, id, bp->bp_fd, cookie);
}

dt_provider_t dt_prov_syscall = {
	.pv_name = "syscall",
	.pv_populate = syscall_populate,
	.pv_probe_info = syscall_probe_info,
	.pv_probe_args = syscall_probe_args,
	.pv_prepare = syscall_prepare,
	.pv_attach = syscall_attach,
};
