/*
 * dt_stack.c -- printing stacks and symbols: the records of stack(),
 * ustack(), sym(), func(), mod(), usym(), ufunc(), umod(), uaddr(), the
 * same values as aggregation keys, and the %a, %A and %k conversions.
 *
 * DTrace's layout: a stack starts a new line and prints one frame a line,
 * indented 14 columns, as module`function+0xoffset (no "+0x0" at a
 * function's first byte), module`0xaddress where the module has no symbol
 * there, and 0xaddress outside every module.  Kernel frames name the core
 * kernel "vmlinux" and module code by its module.  User frames name the
 * object by its file's basename.  The symbol functions print "  %-50s"
 * of module`function (sym, func, usym, ufunc), the module (mod, umod) or
 * module`function+0xoffset (uaddr).
 *
 * User stacks are walked at probe time with the unwind tables where they
 * cover the process (cg/dt_cg_unwind.c: the pid word has DT_USTACK_CFI):
 * every frame is a return address, and a frame that could not be unwound
 * ends the stack with the line "[frames missing: no unwind information]".
 * Elsewhere Linux's walk follows frame pointers: where a user frame's
 * function does not keep one at that point (code built without them, as
 * most of Debian's libraries are), the frames above it may be missing or
 * wrong; the stack then says so in a line of its own under that frame,
 * "[frames may be missing: no frame pointer]" (see docs/stacks.md).
 */
#include "dt_consume.h"

#include <stdio.h>
#include <string.h>

#define DT_STACK_INDENT 14 /* DTrace's stackindent */

/* The lines under a user frame above which frames are missing, by dtf_nofp. */
static const char *const dt_stack_missing[] = {
	NULL, "[frames may be missing: no frame pointer]", "[frames missing: no unwind information]",
};

const char *dt_stack_marker(int nofp)
{
	return nofp > 0 && nofp < 3 ? dt_stack_missing[nofp] : NULL;
}

/* module`function+0xoff, module`function, or 0xaddr; offset if withoff */
void dt_addr2str(dtrace_hdl_t *dtp, uint64_t addr, bool withoff, char *buf, size_t n)
{
	const char *mod, *name;
	uint64_t sa;

	if (dt_ksym_lookup(dtp, addr, &mod, &name, &sa) != 0)
		snprintf(buf, n, "0x%llx", (unsigned long long)addr);
	else if (withoff && addr > sa)
		snprintf(buf, n, "%s`%s+0x%llx", mod, name, (unsigned long long)(addr - sa));
	else
		snprintf(buf, n, "%s`%s", mod, name);
}

/*
 * A user address as module`function+0xoff, module`function, module`0xaddr
 * or 0xaddr, its symbol looked up at lookup: addr itself, or, for a return
 * address of an unwound stack, addr - 1 (the call it returns from: a call
 * to a function that does not return may be a function's last
 * instruction).  The offset (if withoff) is addr's.
 */
static void ufmt(dtrace_hdl_t *dtp, pid_t pid, uint64_t addr, uint64_t lookup, bool withoff,
		 char *buf, size_t n)
{
	const char *mod, *name;
	uint64_t sa;

	switch (dt_usym_lookup(dtp, pid, lookup, &mod, &name, &sa)) {
	case 0:
		if (withoff && addr > sa)
			snprintf(buf, n, "%s`%s+0x%llx", mod, name,
				 (unsigned long long)(addr - sa));
		else
			snprintf(buf, n, "%s`%s", mod, name);
		break;
	case 1:
		snprintf(buf, n, "%s`0x%llx", mod, (unsigned long long)addr);
		break;
	default:
		snprintf(buf, n, "0x%llx", (unsigned long long)addr);
		break;
	}
}

void dt_uaddr2str(dtrace_hdl_t *dtp, pid_t pid, uint64_t addr, bool withoff, char *buf,
		  size_t n)
{
	ufmt(dtp, pid, addr, addr, withoff, buf, n);
}

static void frame(dtrace_hdl_t *dtp, FILE *fp, const char *text)
{
	int64_t ind = dtp->dt_options[DTOPT_STACKINDENT]; /* default DT_STACK_INDENT */

	fprintf(fp, "%*s%s\n", ind < 1024 ? (int)ind : 1024, "", text);
}

/*
 * The tracing machinery's frames on top of a kernel stack taken in a
 * tracepoint's program (dt_cg_stack.c skips what is always there): the
 * stack starts at the probe's site, as DTrace's do.
 */
static bool machinery(dtrace_hdl_t *dtp, uint64_t pc)
{
	static const char *const prefixes[] = {
		"__bpf_trace_", "__traceiter_", "bpf_trace_run", "perf_trace_",
		"perf_syscall_", "trace_call_bpf", "bpf_prog_",
	};
	const char *mod, *name;
	uint64_t sa;

	if (dt_ksym_lookup(dtp, pc, &mod, &name, &sa) != 0)
		return false;
	for (size_t i = 0; i < sizeof(prefixes) / sizeof(prefixes[0]); i++)
		if (strncmp(name, prefixes[i], strlen(prefixes[i])) == 0)
			return true;
	return false;
}

static bool at_func_start(dtrace_hdl_t *dtp, pid_t pid, uint64_t pc)
{
	const char *mod, *name;
	uint64_t sa;

	return dt_usym_lookup(dtp, pid, pc, &mod, &name, &sa) == 0 && sa == pc;
}

/* A stack record or key as DTrace prints it; to fp. */
static void print_stack(dtrace_hdl_t *dtp, FILE *fp, int act, const char *data, int size)
{
	uint64_t pcs[1024], pid = 0;
	int n = size / 8, i = 0;
	char buf[1024];
	bool cfi;

	if (n > 1024)
		n = 1024;
	memcpy(pcs, data, (size_t)n * 8);
	if (act == DT_ACT_USTACK)
		pid = pcs[i++];
	cfi = (pid & DT_USTACK_CFI) != 0;
	pid = (uint32_t)pid;
	fputc('\n', fp);
	if (act == DT_ACT_STACK)
		while (i < n && pcs[i] != 0 && machinery(dtp, pcs[i]))
			i++;
	for (; i < n && pcs[i] != 0; i++) {
		if (act == DT_ACT_STACK) {
			dt_addr2str(dtp, pcs[i], true, buf, sizeof(buf));
			frame(dtp, fp, buf);
			continue;
		}
		if (pcs[i] == DT_USTACK_NOUNWIND) {
			frame(dtp, fp, dt_stack_marker(2));
			break;
		}
		if (cfi && i > 1)
			ufmt(dtp, (pid_t)pid, pcs[i], pcs[i] - 1, true, buf, sizeof(buf));
		else
			dt_uaddr2str(dtp, (pid_t)pid, pcs[i], true, buf, sizeof(buf));
		frame(dtp, fp, buf);
		if (cfi) /* every frame a return address */
			continue;
		/*
		 * At a function's first instruction the return address is at
		 * [sp]: the stack has it (the kernel or ustack() put it in) and
		 * the walk goes on from the caller's frame pointer, which the
		 * caller's frame (the next one) is checked for.
		 */
		if (i == 1 && at_func_start(dtp, (pid_t)pid, pcs[i]))
			continue;
		if (dt_usym_nofp(dtp, (pid_t)pid, pcs[i], i == 1))
			frame(dtp, fp, dt_stack_marker(1));
	}
}

/* The text of a symbol record (sym(), usym(), ...). */
static void sym_text(dtrace_hdl_t *dtp, int act, const char *data, char *buf, size_t n)
{
	uint64_t v[2] = { 0, 0 };
	const char *mod, *name;
	uint64_t sa;

	memcpy(v, data, act == DT_ACT_SYM || act == DT_ACT_MOD ? 8 : 16);
	switch (act) {
	case DT_ACT_SYM:
		if (dt_ksym_lookup(dtp, v[0], &mod, &name, &sa) == 0)
			snprintf(buf, n, "%s`%s", mod, name);
		else
			snprintf(buf, n, "0x%llx", (unsigned long long)v[0]);
		break;
	case DT_ACT_MOD:
		if (dt_ksym_lookup(dtp, v[0], &mod, &name, &sa) == 0)
			snprintf(buf, n, "%s", mod);
		else
			snprintf(buf, n, "0x%llx", (unsigned long long)v[0]);
		break;
	case DT_ACT_USYM:
		dt_uaddr2str(dtp, (pid_t)v[0], v[1], false, buf, n);
		break;
	case DT_ACT_UMOD:
		if (dt_usym_lookup(dtp, (pid_t)v[0], v[1], &mod, &name, &sa) >= 0)
			snprintf(buf, n, "%s", mod);
		else
			snprintf(buf, n, "0x%llx", (unsigned long long)v[1]);
		break;
	default: /* DT_ACT_UADDR */
		dt_uaddr2str(dtp, (pid_t)v[0], v[1], true, buf, n);
		break;
	}
}

bool dt_stack_isrec(int act)
{
	switch (act) {
	case DT_ACT_STACK:
	case DT_ACT_USTACK:
	case DT_ACT_SYM:
	case DT_ACT_MOD:
	case DT_ACT_USYM:
	case DT_ACT_UMOD:
	case DT_ACT_UADDR:
		return true;
	default:
		return false;
	}
}

/* Note the pid of a user record while its process may still live. */
void dt_stack_seen(dtrace_hdl_t *dtp, int act, const char *data)
{
	uint64_t pid;

	if (act != DT_ACT_USTACK && act != DT_ACT_USYM && act != DT_ACT_UMOD &&
	    act != DT_ACT_UADDR)
		return;
	memcpy(&pid, data, 8);
	dt_usym_capture(dtp, (pid_t)(uint32_t)pid, false);
}

/* A record (or aggregation key) of kind act: DTrace's layout. */
void dt_stack_print(dtrace_hdl_t *dtp, FILE *fp, int act, const char *data, int size)
{
	char buf[1024];

	if (act == DT_ACT_STACK || act == DT_ACT_USTACK) {
		print_stack(dtp, fp, act, data, size);
		return;
	}
	sym_text(dtp, act, data, buf, sizeof(buf));
	fprintf(fp, "  %-50s", buf);
}

/* The text printf's %k gives a stack key: the stack as printed, in a string. */
char *dt_stack_text(dtrace_hdl_t *dtp, int act, const char *data, int size)
{
	char *s = NULL;
	size_t len = 0;
	FILE *fp = open_memstream(&s, &len);

	if (fp == NULL)
		return dt_strdup("");
	if (act == DT_ACT_STACK || act == DT_ACT_USTACK)
		print_stack(dtp, fp, act, data, size);
	else {
		char buf[1024];

		sym_text(dtp, act, data, buf, sizeof(buf));
		fputs(buf, fp);
	}
	fclose(fp);
	return s;
}

/* ------------------------------------------------------------ as data */

/* The stack and symbol records' kinds, in the library and in include/dtrace.h. */
static const struct {
	int sk_act;
	dtrace_actkind_t sk_pub;
} dt_stackkinds[] = {
	{ DT_ACT_STACK, DTRACEACT_STACK }, { DT_ACT_USTACK, DTRACEACT_USTACK },
	{ DT_ACT_SYM, DTRACEACT_SYM },	   { DT_ACT_MOD, DTRACEACT_MOD },
	{ DT_ACT_USYM, DTRACEACT_USYM },   { DT_ACT_UMOD, DTRACEACT_UMOD },
	{ DT_ACT_UADDR, DTRACEACT_UADDR },
};

int dt_stack_act(dtrace_actkind_t pub)
{
	for (size_t i = 0; i < sizeof(dt_stackkinds) / sizeof(dt_stackkinds[0]); i++)
		if (dt_stackkinds[i].sk_pub == pub)
			return dt_stackkinds[i].sk_act;
	return -1;
}

dtrace_actkind_t dt_stack_pubact(int act)
{
	for (size_t i = 0; i < sizeof(dt_stackkinds) / sizeof(dt_stackkinds[0]); i++)
		if (dt_stackkinds[i].sk_act == act)
			return dt_stackkinds[i].sk_pub;
	return DTRACEACT_NONE;
}

static void kframe(dtrace_hdl_t *dtp, uint64_t pc, dtrace_frame_t *f)
{
	uint64_t sa;

	memset(f, 0, sizeof(*f));
	f->dtf_pc = pc;
	if (dt_ksym_lookup(dtp, pc, &f->dtf_module, &f->dtf_function, &sa) == 0)
		f->dtf_offset = pc - sa;
	else
		f->dtf_module = f->dtf_function = NULL;
}

/* ret: a return address of an unwound stack, looked up inside its call (ufmt) */
static void uframe(dtrace_hdl_t *dtp, pid_t pid, uint64_t pc, bool ret, dtrace_frame_t *f)
{
	const char *mod = NULL, *name = NULL;
	uint64_t sa = 0;
	int r = dt_usym_lookup(dtp, pid, ret ? pc - 1 : pc, &mod, &name, &sa);

	memset(f, 0, sizeof(*f));
	f->dtf_pc = pc;
	f->dtf_pid = (int)pid;
	if (r >= 0)
		f->dtf_module = mod;
	if (r == 0) {
		f->dtf_function = name;
		f->dtf_offset = pc - sa;
	}
}

/*
 * Frames as dt_stack.c prints them: a kernel stack without the tracing
 * machinery on top, a user stack with the frames that may be missing
 * marked, a symbol as one frame.
 */
static int frames_of(dtrace_hdl_t *dtp, const dtrace_recdesc_t *rec, const void *data,
		     dtrace_frame_t *frames, int max)
{
	uint64_t v[2] = { 0, 0 }, pid = 0;
	const char *p = data;
	int n = 0, i = 0, npc;
	bool cfi;

	switch (rec->dtrd_kind) {
	case DTRACE_DATA_KADDR:
	case DTRACE_DATA_INT: /* printf's %a */
		memcpy(v, p, 8);
		if (max > 0)
			kframe(dtp, v[0], &frames[0]);
		return 1;
	case DTRACE_DATA_UADDR:
		memcpy(v, p, 16);
		if (max > 0)
			uframe(dtp, (pid_t)v[0], v[1], false, &frames[0]);
		return 1;
	case DTRACE_DATA_KSTACK:
	case DTRACE_DATA_USTACK:
		break;
	default:
		return 0;
	}
	npc = (int)(rec->dtrd_size / 8);
	if (rec->dtrd_kind == DTRACE_DATA_USTACK && npc > 0)
		memcpy(&pid, p, 8), i = 1;
	cfi = (pid & DT_USTACK_CFI) != 0;
	pid = (uint32_t)pid;
	for (; i < npc; i++) { /* the machinery's frames on top of a kernel stack */
		uint64_t pc;

		memcpy(&pc, p + (size_t)i * 8, 8);
		if (rec->dtrd_kind != DTRACE_DATA_KSTACK || pc == 0 || !machinery(dtp, pc))
			break;
	}
	for (int first = i; i < npc; i++) {
		uint64_t pc;

		memcpy(&pc, p + (size_t)i * 8, 8);
		if (pc == 0)
			break;
		if (rec->dtrd_kind == DTRACE_DATA_USTACK && pc == DT_USTACK_NOUNWIND) {
			if (n > 0 && n <= max)
				frames[n - 1].dtf_nofp = 2; /* the marker: not a frame */
			break;
		}
		if (n < max) {
			if (rec->dtrd_kind == DTRACE_DATA_KSTACK) {
				kframe(dtp, pc, &frames[n]);
			} else {
				uframe(dtp, (pid_t)pid, pc, cfi && i > first, &frames[n]);
				frames[n].dtf_nofp = !cfi &&
						     !(i == first && at_func_start(dtp, (pid_t)pid, pc)) &&
						     dt_usym_nofp(dtp, (pid_t)pid, pc, i == first);
			}
		}
		n++;
	}
	return n;
}

typedef struct frames_call {
	const dtrace_recdesc_t *fc_rec;
	const void *fc_data;
	dtrace_frame_t *fc_frames;
	int fc_max;
	int fc_n;
} frames_call_t;

static int frames_call(dtrace_hdl_t *dtp, void *arg)
{
	frames_call_t *fc = arg;

	fc->fc_n = frames_of(dtp, fc->fc_rec, fc->fc_data, fc->fc_frames, fc->fc_max);
	return 0;
}

/* Out of memory (symbol tables are read as needed): -1 and EDT_NOMEM. */
int dtrace_frames(dtrace_hdl_t *dtp, const dtrace_recdesc_t *rec, const void *data,
		  dtrace_frame_t *frames, int max)
{
	frames_call_t fc = { rec, data, frames, max, 0 };

	return dt_nomem_call(dtp, frames_call, &fc) == 0 ? fc.fc_n : -1;
}
