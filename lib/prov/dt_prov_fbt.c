/*
 * dt_prov_fbt.c -- the fbt provider: an entry and a return probe for every
 * kernel function that can be traced, fbt:<module>:<function>:entry|return
 * (module "vmlinux" for the kernel itself).
 *
 * The functions are those of tracefs' available_filter_functions (the
 * functions ftrace can patch, "name [module]" for modules), less the
 * kprobes blacklist (debugfs kprobes/blacklist) when it is readable, 6.1's
 * __ftrace_invalid_address___N placeholders and the functions of the probe
 * firing path (fbt_machinery); a name listed twice (static functions of
 * the same name) is one probe: a kprobe_multi link resolves it to its
 * first address, single kprobes attach at every copy.  Listing reads no
 * BTF.
 *
 * How the enabled probes attach is chosen when tracing starts (fbt_prepare)
 * from -x fbtmode and the kernel's features (bpf/dt_feature.c):
 *  - fentry: fentry/fexit trampolines, one program load and one link per
 *    function (the target is fixed at load); vmlinux functions with BTF
 *    whose arguments are at most six registers.  The fastest per event,
 *    but each function's trampoline takes the kernel about 0.15 s to
 *    remove at exit (DT_FBT_FENTRY_MAX).
 *  - kprobe: one kprobe_multi link per program and direction (entry,
 *    return), every function's cookie in it, where the kernel has
 *    kprobe_multi (6.12; 6.1 has no CONFIG_FPROBE); else one kprobe or
 *    kretprobe per function.
 *  - auto (default): fentry where it can be used when at most
 *    DT_FBT_FENTRY_MAX probes are enabled, kprobe otherwise.
 * A probe that cannot attach in the chosen mode is refused with its name
 * and the reason, before anything is attached; a failure while attaching
 * fails dtrace_go() before tracing starts (nothing is ever half-traced).
 *
 * Arguments.  At entry, args[] are typed from the function's BTF prototype
 * and arg0..argN are the raw values: from the argument registers at a
 * kprobe (layout/dt_arch.h; at most six, arguments passed on the stack read
 * as 0), from the trampoline's argument array at fentry.  At return,
 * arg1/args[1] is the return value (typed as the function returns it;
 * args[1] does not exist for void functions) and arg0/args[0], DTrace's
 * offset of the returning instruction, is 0: neither a kretprobe nor fexit
 * tells which return instruction was taken.
 */
#include "dt_prov.h"

#include <bpf/btf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/*
 * auto mode: fentry for at most this many enabled probes.  Each function's
 * trampoline costs little to attach (a 2 ms load, a 7 ms link in the
 * emulated guest) but about 0.15 s to detach: the kernel unregisters it
 * under ftrace's global lock and waits for RCU-tasks grace periods, one
 * function after another however many threads close the links
 * (bench/RESULTS-issue11-fbt.md).  A kprobe_multi link detaches all its
 * functions at once; fexit is cheaper per event than a kretprobe.
 */
#define DT_FBT_FENTRY_MAX 8
/* arguments in registers (x86-64 C ABI), and the fentry trampoline's limit */
#define DT_FBT_MAXSLOTS 6

typedef struct fbt_batch { /* kprobe_multi: one program's probes, one direction */
	const char **fb_funcs;
	uint64_t *fb_cookies;
	int fb_n;
} fbt_batch_t;

typedef struct fbt_sym { /* single kprobes: a name kallsyms has more than once */
	const char *fs_mod, *fs_func;
	uint64_t *fs_addrs;
	int fs_n;
} fbt_sym_t;

typedef struct fbt {
	dt_hash_t fi_ids;	 /* vmlinux BTF functions by name: their ids */
	bool fi_idsmade;
	fbt_batch_t fi_batch[2]; /* entry, return */
	fbt_sym_t *fi_syms;	 /* the enabled functions, by module and name */
	int fi_nsyms;
} fbt_t;

/*
 * While populating: functions kprobes may not probe (the kernel's
 * blacklist), and the entry probes made, by "mod`func"; keys and names
 * are in the arena, freed when the probes are listed.
 */
typedef struct fbt_pop {
	dt_arena_t fp_arena;
	dt_hash_t fp_blacklist; /* name: itself */
	dt_hash_t fp_seen;	/* "mod`func": its entry probe */
} fbt_pop_t;

/*
 * Functions of the path from a probe's site to its program (tracepoint,
 * kprobe, fprobe, trampoline and perf event dispatch, the recursion
 * guards): DTrace's own firing path is never traced, and tracing these
 * shows the machinery's calls in a trace (-F: "-> perf_swevent_put_
 * recursion_context" inside a system call).  Names, or prefixes ending
 * in '*'.
 */
static const char *const fbt_machinery[] = {
	"perf_trace_*", "perf_syscall_enter", "perf_syscall_exit",
	"perf_swevent_get_recursion_context", "perf_swevent_put_recursion_context",
	"perf_tp_event*", "perf_swevent_event", "perf_swevent_overflow",
	"__perf_event_overflow", "perf_event_output*", "perf_prepare_sample",
	"trace_call_bpf", "bpf_trace_run*", "__bpf_trace_*", "__traceiter_*",
	"bpf_overflow_handler", "bpf_perf_event_output*", "bpf_get_stack*",
	"bpf_get_stackid*", "bpf_ringbuf_*", "__bpf_prog_enter*", "__bpf_prog_exit*",
	"bpf_prog_start_time", "kprobe_dispatcher", "kretprobe_dispatcher",
	"kprobe_perf_func", "kretprobe_perf_func", "kprobe_ftrace_handler",
	"kprobe_multi_link_*", "fprobe_handler", "fprobe_exit_handler", "fprobe_return",
	"fprobe_entry", "rethook_*", "kretprobe_rethook_handler", "kretprobe_trampoline_handler",
	"__kretprobe_trampoline_handler", "arch_rethook_*", "bpf_prog_run*",
	NULL,
};

static bool machinery(const char *func)
{
	for (const char *const *m = fbt_machinery; *m != NULL; m++) {
		size_t n = strlen(*m);

		if ((*m)[n - 1] == '*' ? !strncmp(func, *m, n - 1) : !strcmp(func, *m))
			return true;
	}
	return false;
}

/* debugfs kprobes/blacklist: "0xstart-0xend\tname" per line. */
static void read_blacklist(fbt_pop_t *pop)
{
	FILE *fp = fopen("/sys/kernel/debug/kprobes/blacklist", "r");
	char line[512];

	if (fp == NULL)
		return;
	while (fgets(line, sizeof(line), fp) != NULL) {
		char *name = strchr(line, '\t'), *end;

		if (name == NULL)
			continue;
		name++;
		if ((end = strpbrk(name, " \t\n[")) != NULL)
			*end = '\0';
		if (*name != '\0' && dt_hash_findstr(&pop->fp_blacklist, name) == NULL) {
			char *s = dt_arena_strdup(&pop->fp_arena, name);

			*dt_hash_slotstr(&pop->fp_blacklist, s) = s;
		}
	}
	fclose(fp);
}

static int fbt_populate(dtrace_hdl_t *dtp, dt_provider_t *pv)
{
	fbt_pop_t pop = { 0 };
	char path[160], key[DTRACE_MODNAMELEN + DTRACE_FUNCNAMELEN + 1], *line = NULL;
	size_t cap = 0, klen;
	uint64_t h;
	ssize_t len;
	FILE *fp;

	pv->pv_data = dt_zalloc(sizeof(fbt_t));
	if (dt_bpf_tracefs(dtp) != 0)
		return 0; /* no tracefs: no fbt probes */
	snprintf(path, sizeof(path), "%s/available_filter_functions", dtp->dt_tracefs);
	if ((fp = fopen(path, "r")) == NULL)
		return 0;
	read_blacklist(&pop);
	while ((len = getline(&line, &cap, fp)) > 0) {
		char *mod = "vmlinux", *sp;
		void **slot;

		if (line[len - 1] == '\n')
			line[--len] = '\0';
		if ((sp = strchr(line, ' ')) != NULL) { /* "name [module]" */
			*sp = '\0';
			if (sp[1] == '[' && (mod = strchr(sp + 2, ']')) != NULL) {
				*mod = '\0';
				mod = sp + 2;
			} else {
				mod = "vmlinux";
			}
		}
		/* placeholders of functions the kernel dropped from ftrace (6.1) */
		if (!strncmp(line, "__ftrace_invalid_address__", 26) || machinery(line))
			continue;
		if (line[0] == '\0' || dt_hash_findstr(&pop.fp_blacklist, line) != NULL ||
		    strlen(line) >= DTRACE_FUNCNAMELEN || strlen(mod) >= DTRACE_MODNAMELEN)
			continue;
		klen = (size_t)snprintf(key, sizeof(key), "%s`%s", mod, line);
		h = dt_hash_bytes(key, klen);
		if (dt_hash_find_h(&pop.fp_seen, h, key, klen) != NULL)
			continue;
		slot = dt_hash_slot_h(&pop.fp_seen, h, dt_arena_strndup(&pop.fp_arena, key, klen), klen);
		for (int ret = 0; ret < 2; ret++) {
			dt_probe_t *pr = dt_probe_create(dtp, pv, mod, line, ret ? "return" : "entry");

			pr->pr_entry = !ret;
			pr->pr_return = ret;
			if (!ret)
				*slot = pr;
		}
	}
	free(line);
	fclose(fp);
	dt_hash_fini(&pop.fp_blacklist);
	dt_hash_fini(&pop.fp_seen);
	dt_arena_free(&pop.fp_arena);
	return 0;
}

/* ------------------------------------------------------------ BTF */

/* The BTF id of vmlinux function name, or 0; the index is built once. */
static int btf_func(dtrace_hdl_t *dtp, fbt_t *fi, const char *name)
{
	struct btf *btf = dt_type_kbtf(dtp);

	if (btf == NULL)
		return 0;
	if (!fi->fi_idsmade) { /* the first of a name; keys are the BTF's names */
		int n = (int)btf__type_cnt(btf);

		fi->fi_idsmade = true;
		for (int id = 1; id < n; id++) {
			const struct btf_type *t = btf__type_by_id(btf, id);
			void **slot;

			if (btf_is_func(t) &&
			    *(slot = dt_hash_slotstr(&fi->fi_ids, btf__name_by_offset(btf, t->name_off))) == NULL)
				*slot = (void *)(intptr_t)id;
		}
	}
	return (int)(intptr_t)dt_hash_findstr(&fi->fi_ids, name);
}

/* Skip modifiers and (if all) typedefs. */
static int btf_skip(const struct btf *btf, int id, bool typedefs)
{
	for (;;) {
		const struct btf_type *t = btf__type_by_id(btf, id);

		if (id == 0 || t == NULL)
			return 0;
		if (btf_is_mod(t) || btf_is_type_tag(t) || (typedefs && btf_is_typedef(t)))
			id = t->type;
		else
			return id;
	}
}

/*
 * The prototype of vmlinux function id: the argument slots (u64s of the
 * trampoline's array, registers at a kprobe) where each argument starts,
 * their count (-1 if an argument does not fit the six registers or is a
 * struct bigger than 16 bytes), and the return type (0: void).
 */
typedef struct fbt_proto {
	int fp_nargs;
	int fp_slot[DT_NARGS];
	int fp_nslots;
	int fp_ret;
	int fp_args[DT_NARGS]; /* BTF type ids */
} fbt_proto_t;

static int btf_proto(const struct btf *btf, int id, fbt_proto_t *fp)
{
	const struct btf_type *fn = btf__type_by_id(btf, id), *proto;
	const struct btf_param *p;
	int slots = 0;

	memset(fp, 0, sizeof(*fp));
	if (fn == NULL || (proto = btf__type_by_id(btf, fn->type)) == NULL || !btf_is_func_proto(proto))
		return -1;
	fp->fp_ret = btf_skip(btf, proto->type, true) ? (int)proto->type : 0;
	p = btf_params(proto);
	for (int i = 0; i < btf_vlen(proto); i++, p++) {
		int tid = btf_skip(btf, p->type, true);
		const struct btf_type *t = btf__type_by_id(btf, tid);
		int size = t && (btf_is_struct(t) || btf_is_union(t)) ? (int)t->size : 8;

		if (i == btf_vlen(proto) - 1 && p->type == 0)
			break; /* varargs */
		if (i < DT_NARGS) {
			fp->fp_slot[i] = slots;
			fp->fp_args[i] = (int)p->type;
			fp->fp_nargs = i + 1;
		}
		if (size > 16)
			slots = DT_FBT_MAXSLOTS + 1;
		slots += (size + 7) / 8;
	}
	fp->fp_nslots = slots;
	return 0;
}

/* ------------------------------------------------------------ probes */

static int fbt_probe_info(dtrace_hdl_t *dtp, dt_probe_t *pr)
{
	(void)dtp;
	pr->pr_progtype = DT_PT_KPROBE;
	return 0;
}

/* Argument sources at a kprobe: the registers; at return, ax in arg1. */
static void kprobe_args(dt_probe_t *pr, const fbt_proto_t *fp)
{
	static const int16_t regs[] = DT_FUNC_ARGREGS;

	for (int a = 0; a < DT_NARGS; a++)
		pr->pr_argsrc[a] = (dt_argsrc_t){ DT_ARG_ZERO, 0, 0 };
	if (pr->pr_return) {
		pr->pr_argsrc[1] = (dt_argsrc_t){ DT_ARG_CTX, 8, DT_REGS_RETVAL };
		return;
	}
	for (int a = 0; a < DT_NARGS; a++) {
		int slot = fp != NULL && a < fp->fp_nargs ? fp->fp_slot[a] : a;

		if (slot < DT_FUNC_NARGREGS)
			pr->pr_argsrc[a] = (dt_argsrc_t){ DT_ARG_CTX, 8, regs[slot] };
	}
}

/* ... at fentry/fexit: the trampoline's array of u64s, then the return value. */
static void fentry_args(dt_probe_t *pr, const fbt_proto_t *fp)
{
	for (int a = 0; a < DT_NARGS; a++)
		pr->pr_argsrc[a] = (dt_argsrc_t){ DT_ARG_ZERO, 0, 0 };
	if (pr->pr_return) {
		if (fp->fp_ret != 0)
			pr->pr_argsrc[1] = (dt_argsrc_t){ DT_ARG_CTX, 8, (int16_t)(8 * fp->fp_nslots) };
		return;
	}
	for (int a = 0; a < fp->fp_nargs; a++)
		pr->pr_argsrc[a] = (dt_argsrc_t){ DT_ARG_CTX, 8, (int16_t)(8 * fp->fp_slot[a]) };
}

static int fbt_probe_args(dtrace_hdl_t *dtp, dt_probe_t *pr)
{
	fbt_t *fi = pr->pr_prov->pv_data;
	fbt_proto_t fp;
	int id = strcmp(pr->pr_desc.dtpd_mod, "vmlinux") ? 0 : btf_func(dtp, fi, pr->pr_desc.dtpd_func);
	bool typed = id > 0 && btf_proto(dt_type_kbtf(dtp), id, &fp) == 0;

	pr->pr_argtypes = dt_arena_zalloc(&dtp->dt_arena, sizeof(dt_type_t *) * DT_NARGS);
	kprobe_args(pr, typed ? &fp : NULL);
	if (pr->pr_return) {
		pr->pr_argtypes[0] = dt_type_int(dtp, 4, true);
		pr->pr_nargs = 1;
		if (!typed || fp.fp_ret != 0) {
			pr->pr_argtypes[1] = typed ? dt_type_btf(dtp, fp.fp_ret) : dt_type_int(dtp, 8, false);
			pr->pr_nargs = 2;
		}
		return 0;
	}
	if (!typed) { /* no BTF (a module, a renamed copy): untyped registers */
		for (int a = 0; a < DT_FUNC_NARGREGS; a++)
			pr->pr_argtypes[a] = dt_type_int(dtp, 8, false);
		pr->pr_nargs = DT_FUNC_NARGREGS;
		return 0;
	}
	for (int a = 0; a < fp.fp_nargs; a++)
		pr->pr_argtypes[a] = dt_type_btf(dtp, fp.fp_args[a]);
	pr->pr_nargs = fp.fp_nargs;
	return 0;
}

/* Functions the kernel never lets a trampoline attach to (btf_id_deny). */
static bool fentry_denied(const char *func)
{
	static const char *const deny[] = { "migrate_disable", "migrate_enable",
					    "rcu_read_unlock_strict", "preempt_count_add",
					    "preempt_count_sub", "__rcu_read_lock",
					    "__rcu_read_unlock" };

	for (size_t i = 0; i < sizeof(deny) / sizeof(deny[0]); i++)
		if (!strcmp(func, deny[i]))
			return true;
	return false;
}

/*
 * Can pr attach with fentry/fexit?  Fills its BTF id and prototype; if not,
 * why in buf.
 */
static bool fentry_ok(dtrace_hdl_t *dtp, fbt_t *fi, dt_probe_t *pr, fbt_proto_t *fp,
		      char *buf, size_t len)
{
	const char *func = pr->pr_desc.dtpd_func;
	int id;

	if (strcmp(pr->pr_desc.dtpd_mod, "vmlinux") != 0) {
		snprintf(buf, len, "fentry is used for vmlinux functions only");
		return false;
	}
	if ((id = btf_func(dtp, fi, func)) <= 0 || btf_proto(dt_type_kbtf(dtp), id, fp) != 0) {
		snprintf(buf, len, "function %s has no BTF prototype", func);
		return false;
	}
	if (fp->fp_nslots > DT_FBT_MAXSLOTS) {
		snprintf(buf, len, "function %s has arguments beyond the %d registers fentry handles",
			 func, DT_FBT_MAXSLOTS);
		return false;
	}
	if (fentry_denied(func)) {
		snprintf(buf, len, "the kernel does not allow fentry on %s", func);
		return false;
	}
	pr->pr_btfid = id;
	return true;
}

static int sym_cmp(const void *a, const void *b)
{
	const fbt_sym_t *x = a, *y = b;
	int c = strcmp(x->fs_func, y->fs_func);

	return c ? c : strcmp(x->fs_mod, y->fs_mod);
}

/*
 * A kprobe by name is refused (EADDRNOTAVAIL) when kallsyms has the name
 * more than once, of any type and in any module (static functions of the
 * same name; device_show in vmlinux and in a module): single kprobes
 * attach by address, at every text address of the name in the probe's
 * module.  Finds those addresses for the enabled probes that attach with
 * single kprobes.
 */
static void find_dups(fbt_t *fi, dt_probe_t **probes, int n)
{
	FILE *fp;
	char line[512];
	int k = 0;

	fi->fi_syms = dt_zalloc(sizeof(fbt_sym_t) * (n + 1));
	for (int i = 0; i < n; i++)
		if (probes[i]->pr_progtype == DT_PT_KPROBE)
			fi->fi_syms[k++] = (fbt_sym_t){ probes[i]->pr_desc.dtpd_mod,
							probes[i]->pr_desc.dtpd_func, NULL, 0 };
	qsort(fi->fi_syms, k, sizeof(fbt_sym_t), sym_cmp);
	fi->fi_nsyms = k;
	if (k == 0 || (fp = fopen("/proc/kallsyms", "r")) == NULL)
		return;
	while (fgets(line, sizeof(line), fp) != NULL) {
		char type, name[256], mod[128] = "vmlinux";
		unsigned long long addr;
		fbt_sym_t key = { mod, name, NULL, 0 }, *fs;

		if (sscanf(line, "%llx %c %255s [%127[^]]]", &addr, &type, name, mod) < 3 ||
		    (type != 't' && type != 'T' && type != 'w' && type != 'W'))
			continue;
		if ((fs = bsearch(&key, fi->fi_syms, k, sizeof(fbt_sym_t), sym_cmp)) == NULL)
			continue;
		fs->fs_addrs = dt_realloc(fs->fs_addrs, sizeof(uint64_t) * (fs->fs_n + 1));
		fs->fs_addrs[fs->fs_n++] = addr;
	}
	fclose(fp);
}

static int fbt_prepare(dtrace_hdl_t *dtp, dt_provider_t *pv, dt_probe_t **probes, int n)
{
	fbt_t *fi = pv->pv_data;
	int mode = (int)dtp->dt_options[DTOPT_FBTMODE];
	bool fentry = mode == DT_FBTMODE_FENTRY ||
		      (mode == DT_FBTMODE_AUTO && n <= DT_FBT_FENTRY_MAX && dt_feature(dtp, DT_FEAT_FENTRY));
	bool multi = !fentry && dt_feature(dtp, DT_FEAT_KPROBE_MULTI);
	char why[256];

	if (mode == DT_FBTMODE_FENTRY && dt_feature_require(dtp, DT_FEAT_FENTRY) != 0)
		return -1;
	if (!fentry && dt_feature_require(dtp, DT_FEAT_KPROBE) != 0)
		return -1;
	for (int i = 0; i < n; i++) {
		dt_probe_t *pr = probes[i];
		const dtrace_probedesc_t *pd = &pr->pr_desc;
		fbt_proto_t fp;

		if (fentry && fentry_ok(dtp, fi, pr, &fp, why, sizeof(why))) {
			pr->pr_progtype = pr->pr_return ? DT_PT_FEXIT : DT_PT_FENTRY;
			fentry_args(pr, &fp);
			continue;
		}
		if (mode == DT_FBTMODE_FENTRY)
			return dt_set_errmsg(dtp, EDT_ATTACH, "cannot instrument %s:%s:%s:%s with "
					     "fentry: %s", pd->dtpd_provider, pd->dtpd_mod,
					     pd->dtpd_func, pd->dtpd_name, why);
		if (fentry && dt_feature_require(dtp, DT_FEAT_KPROBE) != 0)
			return -1;
		pr->pr_progtype = multi ? DT_PT_KPROBE_MULTI : DT_PT_KPROBE;
		if (!pr->pr_argsdone) /* sources matter only to clauses that read them */
			kprobe_args(pr, NULL);
	}
	if (!multi)
		find_dups(fi, probes, n);
	/* each kprobe or fentry link is a descriptor: the caller raises RLIMIT_NOFILE
	   (dtrace(1) does); short of them, attaching fails with EMFILE's message */
	return 0;
}

/* A single kprobe per address of the name in its module. */
static int kprobe_attach(dtrace_hdl_t *dtp, fbt_t *fi, dt_probe_t *pr, dt_bpfprog_t *bp,
			 uint64_t cookie)
{
	fbt_sym_t key = { pr->pr_desc.dtpd_mod, pr->pr_desc.dtpd_func, NULL, 0 }, *fs;
	int ok = 0;

	fs = fi->fi_nsyms == 0 ? NULL : bsearch(&key, fi->fi_syms, fi->fi_nsyms, sizeof(fbt_sym_t), sym_cmp);
	if (fs == NULL || fs->fs_n == 0) /* not in kallsyms: the kernel's lookup says why */
		return dt_bpf_attach_kprobe(dtp, key.fs_func, pr->pr_return, bp->bp_fd, cookie);
	/*
	 * kallsyms does not tell which copies ftrace can patch (6.1 has no
	 * available_filter_functions_addrs): the kernel refuses a kprobe on
	 * the others (EINVAL: dummy_handler has a traceable and an untraceable
	 * copy), which are skipped; the probe fails only if no copy takes one.
	 */
	for (int i = 0; i < fs->fs_n; i++)
		if (dt_bpf_attach_kprobe_addr(dtp, key.fs_func, fs->fs_addrs[i], pr->pr_return,
					      bp->bp_fd, cookie) == 0)
			ok++;
	return ok > 0 ? 0 : -1;
}

/* kprobe_multi: the probes of one program and direction go in one link. */
static int batch_attach(dtrace_hdl_t *dtp, fbt_t *fi, dt_probe_t *pr, dt_bpfprog_t *bp,
			uint64_t cookie)
{
	bool last = pr == bp->bp_probes[bp->bp_nprobes - 1];
	int rv = 0;

	for (int r = 0; r < 2; r++) {
		fbt_batch_t *b = &fi->fi_batch[r];

		if (pr->pr_return == r) {
			b->fb_funcs = dt_realloc(b->fb_funcs, sizeof(char *) * (b->fb_n + 1));
			b->fb_cookies = dt_realloc(b->fb_cookies, sizeof(uint64_t) * (b->fb_n + 1));
			b->fb_funcs[b->fb_n] = pr->pr_desc.dtpd_func;
			b->fb_cookies[b->fb_n++] = cookie;
		}
		if (!last || b->fb_n == 0)
			continue;
		if (rv == 0)
			rv = dt_bpf_attach_kprobe_multi(dtp, b->fb_funcs, b->fb_cookies, b->fb_n, r,
							bp->bp_fd);
		free(b->fb_funcs);
		free(b->fb_cookies);
		memset(b, 0, sizeof(*b));
	}
	return rv;
}

static int fbt_attach(dtrace_hdl_t *dtp, dt_probe_t *pr, dt_bpfprog_t *bp, uint64_t cookie)
{
	fbt_t *fi = pr->pr_prov->pv_data;
	const char *func = pr->pr_desc.dtpd_func;
	int fd, rv;

	switch (pr->pr_progtype) {
	case DT_PT_KPROBE_MULTI:
		return batch_attach(dtp, fi, pr, bp, cookie);
	case DT_PT_FENTRY:
	case DT_PT_FEXIT:
		fd = pr == bp->bp_probe ? bp->bp_fd : dt_bpf_prog_reload(dtp, bp, pr->pr_btfid);
		if (fd < 0)
			return -1;
		rv = dt_bpf_attach_fentry(dtp, func, pr->pr_return, fd, cookie);
		if (fd != bp->bp_fd)
			close(fd); /* the link holds the program */
		return rv;
	default:
		return kprobe_attach(dtp, fi, pr, bp, cookie);
	}
}

static void fbt_fini(dtrace_hdl_t *dtp, dt_provider_t *pv)
{
	fbt_t *fi = pv->pv_data;

	(void)dtp;
	if (fi == NULL)
		return;
	dt_hash_fini(&fi->fi_ids);
	for (int i = 0; i < fi->fi_nsyms; i++)
		free(fi->fi_syms[i].fs_addrs);
	free(fi->fi_syms);
	for (int r = 0; r < 2; r++) {
		free(fi->fi_batch[r].fb_funcs);
		free(fi->fi_batch[r].fb_cookies);
	}
	free(fi);
}

dt_provider_t dt_prov_fbt = {
	.pv_name = "fbt",
	.pv_populate = fbt_populate,
	.pv_probe_info = fbt_probe_info,
	.pv_probe_args = fbt_probe_args,
	.pv_prepare = fbt_prepare,
	.pv_attach = fbt_attach,
	.pv_fini = fbt_fini,
};
