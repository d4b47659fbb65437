/*
 * dt_tp.c -- the kernel's tracepoints, for the providers built on them
 * (sdt, sched, proc, io): which exist, and the types of their arguments.
 *
 * Which exist: tracefs's available_events, one "system:event" a line, read
 * at once (no directory walk, no BTF: listing stays fast).  Not every event
 * there is a tracepoint: the syscalls system's sys_enter_* and sys_exit_*
 * are ftrace events on the raw sys_enter/sys_exit tracepoints (the syscall
 * provider's), and dynamic events (kprobe, uprobe, synthetic and user
 * events, listed in dynamic_events) have no tracepoint; both are left out.
 * Tracepoints declared without an event (DECLARE_TRACE: sched_entry_tp,
 * pelt_cfs_tp, ...) have no system in tracefs and are not listed, but a
 * provider may still attach to them by name (dt_tp_exists()).
 *
 * Argument types: a tracepoint's raw arguments are the parameters of its
 * BTF typedef btf_trace_<event>, a pointer to a function prototype whose
 * first parameter is the void *ctx of the probe function.  A program on a
 * raw tracepoint (or tp_btf) sees them as an array of u64 at the context,
 * argument i at offset 8 * i.  vmlinux's BTF is indexed once (the
 * btf_trace_ typedefs, sorted by name) when arguments are first asked for.
 */
#include "dt_prov.h"

#include <bpf/btf.h>
#include <bpf/libbpf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define DT_TP_PREFIX "btf_trace_"

typedef struct dt_tpent {
	char *te_sys;
	char *te_event;
} dt_tpent_t;

typedef struct dt_tpbtf {
	const char *tb_name; /* the event: the typedef's name after btf_trace_ */
	int tb_id;
} dt_tpbtf_t;

static int cmp_ent(const void *a, const void *b)
{
	const dt_tpent_t *x = a, *y = b;
	int c = strcmp(x->te_sys, y->te_sys);

	return c != 0 ? c : strcmp(x->te_event, y->te_event);
}

static char *read_file(const char *path, size_t *lenp)
{
	FILE *fp = fopen(path, "re");
	char *buf = NULL;
	size_t len = 0, cap = 0, n;

	if (fp == NULL)
		return NULL;
	do {
		if (cap - len < 65536) {
			cap = cap ? cap * 2 : 131072;
			buf = dt_realloc(buf, cap + 1);
		}
		n = fread(buf + len, 1, cap - len, fp);
		len += n;
	} while (n > 0);
	fclose(fp);
	buf[len] = '\0';
	*lenp = len;
	return buf;
}

/* "system/event" of every dynamic event (dynamic_events: "p:grp/ev ..."). */
static bool is_dynamic(const char *dyn, const char *sys, const char *ev)
{
	size_t ls = strlen(sys), le = strlen(ev);

	for (const char *l = dyn; l != NULL && *l; l = strchr(l, '\n') ? strchr(l, '\n') + 1 : NULL) {
		const char *c = strchr(l, ':'), *nl = strchr(l, '\n');

		if (c == NULL || (nl != NULL && c > nl))
			continue;
		c++;
		if (!strncmp(c, sys, ls) && c[ls] == '/' && !strncmp(c + ls + 1, ev, le) &&
		    (c[ls + 1 + le] == ' ' || c[ls + 1 + le] == '\n' || c[ls + 1 + le] == '\0'))
			return true;
	}
	return false;
}

/*
 * Call f(system, event) for every tracepoint with a tracefs event, sorted
 * by system, then event.  Returns 0 (no tracefs: no tracepoints), or the
 * first non-zero value f returns.
 */
int dt_tp_iter(dtrace_hdl_t *dtp, dt_tp_f *f, void *arg)
{
	char path[128], *buf, *dyn, *line, *save = NULL;
	dt_tpent_t *v = NULL;
	size_t len, dlen, n = 0, cap = 0;
	int rv = 0;

	if (dt_bpf_tracefs(dtp) != 0)
		return 0;
	snprintf(path, sizeof(path), "%s/available_events", dtp->dt_tracefs);
	if ((buf = read_file(path, &len)) == NULL)
		return 0;
	snprintf(path, sizeof(path), "%s/dynamic_events", dtp->dt_tracefs);
	dyn = read_file(path, &dlen);
	for (line = strtok_r(buf, "\n", &save); line != NULL; line = strtok_r(NULL, "\n", &save)) {
		char *ev = strchr(line, ':');

		if (ev == NULL)
			continue;
		*ev++ = '\0';
		if (!strcmp(line, "syscalls") || !strcmp(line, "ftrace") ||
		    (dyn != NULL && dlen > 0 && is_dynamic(dyn, line, ev)))
			continue;
		if (n == cap) {
			cap = cap ? cap * 2 : 2048;
			v = dt_realloc(v, sizeof(*v) * cap);
		}
		v[n].te_sys = line;
		v[n++].te_event = ev;
	}
	qsort(v, n, sizeof(*v), cmp_ent);
	for (size_t i = 0; i < n && rv == 0; i++)
		rv = f(dtp, v[i].te_sys, v[i].te_event, arg);
	free(v);
	free(buf);
	free(dyn);
	return rv;
}

static int cmp_btf(const void *a, const void *b)
{
	return strcmp(((const dt_tpbtf_t *)a)->tb_name, ((const dt_tpbtf_t *)b)->tb_name);
}

/* The sorted btf_trace_ typedefs of vmlinux, once. */
static int btf_index(dtrace_hdl_t *dtp, struct btf **btfp)
{
	struct btf *btf = dt_type_kbtf(dtp);
	size_t plen = strlen(DT_TP_PREFIX);
	int n;

	if ((*btfp = btf) == NULL)
		return -1;
	if (dtp->dt_tpbtf != NULL)
		return 0;
	n = (int)btf__type_cnt(btf);
	for (int id = 1; id < n; id++) {
		const struct btf_type *t = btf__type_by_id(btf, id);
		const char *name;

		if (!btf_is_typedef(t))
			continue;
		name = btf__name_by_offset(btf, t->name_off);
		if (name == NULL || strncmp(name, DT_TP_PREFIX, plen) != 0)
			continue;
		dtp->dt_tpbtf = dt_realloc(dtp->dt_tpbtf, sizeof(dt_tpbtf_t) * (dtp->dt_ntpbtf + 1));
		((dt_tpbtf_t *)dtp->dt_tpbtf)[dtp->dt_ntpbtf++] = (dt_tpbtf_t){ name + plen, id };
	}
	if (dtp->dt_tpbtf == NULL)
		dtp->dt_tpbtf = dt_zalloc(sizeof(dt_tpbtf_t));
	qsort(dtp->dt_tpbtf, (size_t)dtp->dt_ntpbtf, sizeof(dt_tpbtf_t), cmp_btf);
	return 0;
}

/* The function prototype of tracepoint event, or NULL. */
static const struct btf_type *tp_proto(dtrace_hdl_t *dtp, const char *event, struct btf **btfp)
{
	dt_tpbtf_t key = { event, 0 }, *e;
	const struct btf_type *t;

	if (btf_index(dtp, btfp) != 0)
		return NULL;
	e = bsearch(&key, dtp->dt_tpbtf, (size_t)dtp->dt_ntpbtf, sizeof(dt_tpbtf_t), cmp_btf);
	if (e == NULL)
		return NULL;
	t = btf__type_by_id(*btfp, (uint32_t)e->tb_id);		/* typedef */
	t = btf__type_by_id(*btfp, t->type);			/* pointer */
	if (!btf_is_ptr(t))
		return NULL;
	t = btf__type_by_id(*btfp, t->type);
	return btf_is_func_proto(t) && btf_vlen(t) >= 1 ? t : NULL;
}

/* Does the kernel have tracepoint event (with or without a tracefs event)? */
bool dt_tp_exists(dtrace_hdl_t *dtp, const char *event)
{
	struct btf *btf;

	return tp_proto(dtp, event, &btf) != NULL;
}

/*
 * The types of tracepoint event's raw arguments into types[0..max-1];
 * returns how many it has (which may be more than max), or -1 if its
 * prototype is not in the kernel's BTF.
 */
int dt_tp_args(dtrace_hdl_t *dtp, const char *event, dt_type_t **types, int max)
{
	struct btf *btf;
	const struct btf_type *t = tp_proto(dtp, event, &btf);
	const struct btf_param *p;
	int n;

	if (t == NULL)
		return -1;
	p = btf_params(t);
	n = btf_vlen(t) - 1; /* the first is the probe function's void *ctx */
	for (int i = 0; i < n && i < max; i++)
		types[i] = dt_type_btf(dtp, (int)p[i + 1].type);
	return n;
}

/*
 * A probe on tracepoint event: args[] typed from its prototype, argN the
 * u64 at 8 * N in the context, and 0 past its last argument (a raw
 * tracepoint program must not read more than the tracepoint has).  A
 * tracepoint missing from BTF has no arguments.
 */
int dt_tp_probe_args(dtrace_hdl_t *dtp, dt_probe_t *pr, const char *event)
{
	int n;

	pr->pr_argtypes = dt_zalloc(sizeof(dt_type_t *) * DT_NARGS);
	n = dt_tp_args(dtp, event, pr->pr_argtypes, DT_NARGS);
	pr->pr_nargs = n < 0 ? 0 : n < DT_NARGS ? n : DT_NARGS;
	for (int i = 0; i < pr->pr_nargs; i++)
		pr->pr_argsrc[i] = (dt_argsrc_t){ DT_ARG_CTX, 8, (int16_t)(8 * i) };
	return 0;
}

/* Attach program bp to tracepoint event, with the cookie if it is shared. */
int dt_tp_attach(dtrace_hdl_t *dtp, const char *event, dt_bpfprog_t *bp, uint64_t cookie)
{
	return dt_bpf_attach_rawtp(dtp, event, bp->bp_fd, bp->bp_shared ? cookie : 0);
}

static int cmp_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The kernel's tracepoints by their __traceiter_ functions in kallsyms, sorted, once. */
static void bare_index(dtrace_hdl_t *dtp)
{
	char line[512];
	FILE *fp;
	int cap = 0;

	if (dtp->dt_tpsyms != NULL)
		return;
	dtp->dt_tpsyms = dt_zalloc(sizeof(char *));
	if ((fp = fopen("/proc/kallsyms", "re")) == NULL)
		return;
	while (fgets(line, sizeof(line), fp) != NULL) {
		/* "addr T __traceiter_name [module]" */
		char *p = strstr(line, " __traceiter_"), *e;

		if (p == NULL || p - line < 2 || p[-2] != ' ')
			continue;
		p += strlen(" __traceiter_");
		e = p + strcspn(p, " \t\n");
		*e = '\0';
		if (dtp->dt_ntpsyms + 1 >= cap) {
			cap = cap ? cap * 2 : 4096;
			dtp->dt_tpsyms = dt_realloc(dtp->dt_tpsyms, sizeof(char *) * (size_t)cap);
		}
		dtp->dt_tpsyms[dtp->dt_ntpsyms++] = dt_strdup(p);
	}
	fclose(fp);
	qsort(dtp->dt_tpsyms, (size_t)dtp->dt_ntpsyms, sizeof(char *), cmp_name);
}

/*
 * Does the kernel have tracepoint event: one with a tracefs event in
 * system sys, or, with sys NULL, one without (its __traceiter_ function
 * in kallsyms; no BTF needed).
 */
bool dt_tp_have(dtrace_hdl_t *dtp, const char *sys, const char *event)
{
	char path[256];
	struct stat st;

	if (sys != NULL) {
		if (dt_bpf_tracefs(dtp) != 0)
			return false;
		snprintf(path, sizeof(path), "%s/events/%s/%s", dtp->dt_tracefs, sys, event);
		return stat(path, &st) == 0;
	}
	bare_index(dtp);
	return bsearch(&event, dtp->dt_tpsyms, (size_t)dtp->dt_ntpsyms, sizeof(char *),
		       cmp_name) != NULL;
}
