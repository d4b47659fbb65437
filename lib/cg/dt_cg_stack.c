/*
 * dt_cg_stack.c -- code generation for stacks, symbols and user memory:
 * stack(), ustack(), sym() and its kin as records and as aggregation keys
 * (front/dt_stackfn.c gives their types), copyin(), tracemem(), and the
 * variables stackdepth, ustackdepth, caller and ucaller.
 *
 * A stack is bpf_get_stack() straight into the record or the key: n
 * program counters, the rest zero-filled by the helper (a failed walk is
 * all zeros: an empty stack).  A user stack and a user address are
 * preceded by the pid, which the consumer needs to find the process's
 * mappings (proc/dt_sym.c).  Kernel stacks skip the frames of the BPF
 * machinery that runs the program (dt_cg_stack_skip()), so that the first
 * frame is the probe's site, as in DTrace.
 */
#include "dt_insn.h"
#include "dt_cg_impl.h"

#include <string.h>

/* reg = r9 + off: a temp (patched later) or an absolute scratch offset */
static void dst_addr(dt_cg_t *cg, int reg, bool istmp, int off)
{
	if (istmp) {
		dt_cg_tmpaddr(cg, reg, off);
		return;
	}
	dt_cg_insn(cg, MOV64_REG(reg, R9));
	dt_cg_insn(cg, ALU64_IMM(BPF_ADD, reg, off));
}

/*
 * Frames of the kernel's own call chain above the probe site that are
 * always there when the program runs (bpf_get_stack() starts in the
 * helper's caller).  How many more there are depends on how many programs
 * share the tracepoint (__traceiter_X is called only then): the consumer
 * hides those by name (consume/dt_stack.c).  Measured on 6.18 (x86-64);
 * fbt's on 6.1 and 6.12, where, as in DTrace, the first frame of a stack
 * at fbt:::entry or return is the probed function's caller.
 */
static int dt_cg_stack_skip(dt_cg_t *cg)
{
	switch (cg->cg_probe->pr_progtype) {
	case DT_PT_RAW_TP:     /* the program, bpf_trace_runN (then the consumer's) */
		return 2;
	case DT_PT_TRACEPOINT: /* perf_syscall_enter/exit or perf_trace_TP */
		return 1;
	case DT_PT_FENTRY:	/* the trampoline, the probed function's entry site */
	case DT_PT_FEXIT:	/* (the trampoline returns there), then its caller; */
		return 2;	/* 6.12 has the program's frame too: fentry_stack() */
	case DT_PT_KPROBE:	/* fbt entry: the probed function's entry (then its caller) */
	case DT_PT_KPROBE_MULTI:
		return cg->cg_probe->pr_entry && !strcmp(cg->cg_probe->pr_desc.dtpd_provider, "fbt");
	default:	   /* perf events, kprobes: the regs of the site */
		return 0;
	}
}

/* The pid, then the value on top of the stack (popped), at r9 + off. */
static void store_uaddr(dt_cg_t *cg, bool istmp, int off)
{
	int r;

	dt_cg_call(cg, BPF_FUNC_get_current_pid_tgid);
	dt_cg_insn(cg, ALU64_IMM(BPF_RSH, R0, 32));
	dst_addr(cg, R1, istmp, off);
	dt_cg_insn(cg, STX(BPF_DW, R1, R0, 0));
	r = dt_cg_get(cg, cg->cg_depth - 1, R2);
	dt_cg_insn(cg, STX(BPF_DW, R1, r, 8));
	dt_cg_pop(cg);
}

/* A printf argument for %A: the pid and the address, as uaddr() records them. */
dt_recdesc_t *dt_cg_recuaddr(dt_cg_t *cg, dt_node_t *dnp)
{
	dt_recdesc_t *rd;

	cg->cg_dtp->dt_usyms = true;
	dt_cg_expr(cg, dnp);
	rd = dt_cg_recadd(cg, DT_ACT_PRINTF, 16, 8);
	store_uaddr(cg, false, cg->cg_recbase + rd->rd_off);
	return rd;
}

/*
 * At fentry/fexit the frames above the probed function's caller are the
 * trampoline's and the entry site's (6.1), and on 6.12 the program's
 * too: after skipping two, a first frame within the probed function's
 * first bytes (bpf_get_func_ip()) is its entry site, and the stack is
 * taken again skipping three.
 */
static void fentry_stack(dt_cg_t *cg, bool istmp, int off, int size)
{
	int done = dt_cg_label(cg);

	dt_cg_ldctx(cg, R1);
	dt_cg_call(cg, BPF_FUNC_get_func_ip);
	dst_addr(cg, R1, istmp, off);
	dt_cg_insn(cg, LDX(BPF_DW, R1, R1, 0));
	dt_cg_insn(cg, ALU64_REG(BPF_SUB, R1, R0));
	dt_cg_jump(cg, JMP_IMM(BPF_JGT, R1, 16, 0), done);
	dt_cg_ldctx(cg, R1);
	dst_addr(cg, R2, istmp, off);
	dt_cg_insn(cg, MOV64_IMM(R3, size));
	dt_cg_insn(cg, MOV64_IMM(R4, 3));
	dt_cg_call(cg, BPF_FUNC_get_stack);
	dt_cg_place(cg, done);
}

/*
 * ustack() at a function's entry (pid provider) where the kernel's walk
 * misses the caller: the frame pointer is still the caller's, so the walk
 * goes from the probed pc to the caller's caller.  As DTrace does at entry
 * probes, the return address at [sp] is put in as the second frame: the
 * kernel's frames go one slot down (its first one moved back up), the
 * return address between.  size: the bytes of frames.
 */
static void ustack_entry(dt_cg_t *cg, bool istmp, int off, int size)
{
	int ok = dt_cg_label(cg);

	dt_cg_ldctx(cg, R1);
	dst_addr(cg, R2, istmp, off + 8);
	dt_cg_insn(cg, MOV64_IMM(R3, size - 8));
	dt_cg_insn(cg, MOV64_IMM(R4, BPF_F_USER_STACK));
	dt_cg_call(cg, BPF_FUNC_get_stack);
	dst_addr(cg, R1, istmp, off);
	dt_cg_insn(cg, LDX(BPF_DW, R0, R1, 8));
	dt_cg_insn(cg, STX(BPF_DW, R1, R0, 0));
	dt_cg_ldctx(cg, R3);
	dt_cg_insn(cg, LDX(BPF_DW, R3, R3, DT_REGS_SP));
	dt_cg_insn(cg, ALU64_IMM(BPF_ADD, R1, 8));
	dt_cg_insn(cg, MOV64_IMM(R2, 8));
	dt_cg_call(cg, BPF_FUNC_probe_read_user);
	dt_cg_jump(cg, JMP_IMM(BPF_JEQ, R0, 0, 0), ok);
	dst_addr(cg, R1, istmp, off); /* unreadable: the stack ends at the pc */
	dt_cg_insn(cg, ST(BPF_DW, R1, 8, 0));
	dt_cg_place(cg, ok);
}

/* Write the value of a stack or symbol call at r9 + off (a temp if istmp). */
void dt_cg_stackval(dt_cg_t *cg, dt_node_t *call, bool istmp, int off)
{
	const dt_type_t *t = call->dn_type;
	int r;

	switch (t->dt_rec) {
	case DT_ACT_STACK:
	case DT_ACT_USTACK: {
		bool user = t->dt_rec == DT_ACT_USTACK;

		int fp = dt_cg_label(cg), done = dt_cg_label(cg);

		if (user) {
			dt_cg_call(cg, BPF_FUNC_get_current_pid_tgid);
			dt_cg_insn(cg, ALU64_IMM(BPF_RSH, R0, 32));
			dst_addr(cg, R1, istmp, off);
			dt_cg_insn(cg, STX(BPF_DW, R1, R0, 0));
			off += 8;
			/* unwound from the tables (dt_cg_unwind.c), the pid word says so */
			dt_cg_uwalk(cg, istmp, off, (t->dt_size - 8) / 8);
			dt_cg_jump(cg, JMP_IMM(BPF_JSLT, R0, 0, 0), fp);
			dst_addr(cg, R1, istmp, off - 8);
			dt_cg_insn(cg, LDX(BPF_DW, R2, R1, 0));
			dt_cg_insn(cg, MOV64_IMM(R3, 1));
			dt_cg_insn(cg, ALU64_IMM(BPF_LSH, R3, 32));
			dt_cg_insn(cg, ALU64_REG(BPF_OR, R2, R3));
			dt_cg_insn(cg, STX(BPF_DW, R1, R2, 0));
			dt_cg_jump(cg, JA(0), done);
			dt_cg_place(cg, fp); /* no tables: by frame pointers */
		}
		if (user && cg->cg_probe->pr_uentry_ra) {
			ustack_entry(cg, istmp, off, t->dt_size - 8);
			dt_cg_place(cg, done);
			return;
		}
		dt_cg_ldctx(cg, R1);
		dst_addr(cg, R2, istmp, off);
		dt_cg_insn(cg, MOV64_IMM(R3, t->dt_size - (user ? 8 : 0)));
		dt_cg_insn(cg, MOV64_IMM(R4, user ? BPF_F_USER_STACK : dt_cg_stack_skip(cg)));
		dt_cg_call(cg, BPF_FUNC_get_stack);
		if (!user && (cg->cg_probe->pr_progtype == DT_PT_FENTRY ||
			      cg->cg_probe->pr_progtype == DT_PT_FEXIT))
			fentry_stack(cg, istmp, off, t->dt_size);
		if (user)
			dt_cg_place(cg, done);
		return;
	}
	case DT_ACT_SYM:
	case DT_ACT_MOD:
		dt_cg_expr(cg, call->dn_args);
		r = dt_cg_get(cg, cg->cg_depth - 1, R2);
		dst_addr(cg, R1, istmp, off);
		dt_cg_insn(cg, STX(BPF_DW, R1, r, 0));
		dt_cg_pop(cg);
		return;
	default: /* pid, user address */
		dt_cg_expr(cg, call->dn_args);
		store_uaddr(cg, istmp, off);
		return;
	}
}

/* stack(), ustack(), sym(), ... as a statement: a record of the clause. */
void dt_cg_fn_stackact(dt_cg_t *cg, dt_node_t *call)
{
	dt_recdesc_t *rd = dt_cg_recadd(cg, call->dn_type->dt_rec, call->dn_type->dt_size, 8);

	dt_cg_stackval(cg, call, false, cg->cg_recbase + rd->rd_off);
}

/*
 * copyin(addr, size): size bytes of user memory in a scratch temporary, a
 * pointer to which is the value.  The temp is as big as a constant size,
 * else strsize bytes; a bigger size at run time faults (out of scratch
 * space), an unreadable address faults (invalid address).  Read as a
 * string (stringof(copyin(a, n)), dtruss' idiom for read(2) buffers) only
 * its first strsize bytes can show, so a bigger n copies those: DTrace,
 * whose scratch holds the n bytes, prints the same string.
 */
void dt_cg_fn_copyin(dt_cg_t *cg, dt_node_t *dnp)
{
	dt_node_t *a0 = dnp->dn_args, *a1 = a0->dn_next;
	int max = cg->cg_strsize, tmp, slot, r, fits = dt_cg_label(cg);
	bool str = cg->cg_copyinstr; /* not for a copyin() inside the arguments */

	cg->cg_copyinstr = false;
	if (a1->dn_kind == N_INT && a1->dn_val > 0 && a1->dn_val <= 32768)
		max = (int)a1->dn_val;
	dt_cg_expr(cg, a0);
	dt_cg_expr(cg, a1);
	slot = cg->cg_depth - 2;
	tmp = dt_cg_tmpalloc(cg, max);
	r = dt_cg_get(cg, slot + 1, R2);
	if (r != R2)
		dt_cg_insn(cg, MOV64_REG(R2, r));
	dt_cg_jump(cg, JMP_IMM(BPF_JLE, R2, max, 0), fits);
	if (str && max == cg->cg_strsize)
		dt_cg_insn(cg, MOV64_IMM(R2, max)); /* read as a string: no more than its strsize bytes */
	else
		dt_cg_fault(cg, DT_FAULT_NOSCRATCH, -1);
	dt_cg_place(cg, fits);
	dt_cg_pop(cg);
	r = dt_cg_get(cg, slot, R3);
	if (r != R3)
		dt_cg_insn(cg, MOV64_REG(R3, r));
	dt_cg_tmpaddr(cg, R1, tmp);
	dt_cg_call(cg, BPF_FUNC_probe_read_user);
	dt_cg_badaddr_unless(cg, slot);
	dt_cg_tmpaddr(cg, R0, tmp);
	dt_cg_set(cg, slot, R0);
}

/*
 * tracemem(addr, size[, dsize]): size bytes of kernel memory at addr in
 * the record (size is a constant); with dsize, a second record holds it
 * and the consumer prints at most that many of them.  An unreadable
 * address faults (invalid address).
 */
void dt_cg_fn_tracemem(dt_cg_t *cg, dt_node_t *call)
{
	dt_node_t *a0 = call->dn_args, *a1 = a0->dn_next, *a2 = a1->dn_next;
	int size = (int)a1->dn_val, slot, r;
	dt_recdesc_t *rd;

	if (dt_cg_memdefers(cg, a0, size)) { /* tracemem(copyin(a, n), n): cg/dt_cg_defer.c */
		rd = dt_cg_recadd(cg, DT_ACT_TRACEMEM, size, 1);
		rd->rd_nargs = a2 != NULL;
		dt_cg_tracemem_defer(cg, rd, a0);
		if (a2 != NULL)
			dt_cg_recvalue(cg, DT_ACT_TRACEMEM, a2, true)->rd_nargs = -1;
		return;
	}
	dt_cg_expr(cg, a0);
	slot = cg->cg_depth - 1;
	rd = dt_cg_recadd(cg, DT_ACT_TRACEMEM, size, 1);
	rd->rd_nargs = a2 != NULL; /* the next record is dsize */
	r = dt_cg_get(cg, slot, R3);
	if (r != R3)
		dt_cg_insn(cg, MOV64_REG(R3, r));
	dt_cg_insn(cg, MOV64_REG(R1, R9));
	dt_cg_insn(cg, ALU64_IMM(BPF_ADD, R1, cg->cg_recbase + rd->rd_off));
	dt_cg_insn(cg, MOV64_IMM(R2, size));
	dt_cg_call(cg, BPF_FUNC_probe_read_kernel);
	dt_cg_badaddr_unless(cg, slot);
	dt_cg_pop(cg);
	if (a2 != NULL)
		dt_cg_recvalue(cg, DT_ACT_TRACEMEM, a2, true)->rd_nargs = -1;
}

/*
 * The most frames stackdepth and ustackdepth count: the kernel's default
 * perf_event_max_stack, or fewer under the maxframes option.
 */
#define DT_STACKVAR_MAX 127
#define DT_STACKVAR_FRAMES                                                         \
	((int)(cg->cg_dtp->dt_options[DTOPT_MAXFRAMES] < 1 ? 1                      \
	       : cg->cg_dtp->dt_options[DTOPT_MAXFRAMES] < DT_STACKVAR_MAX           \
		       ? cg->cg_dtp->dt_options[DTOPT_MAXFRAMES]                    \
		       : DT_STACKVAR_MAX))

/*
 * r0 = ucaller: the caller of the current user frame, as illumos gives it
 * (the third word of dtrace_getupcstack(): pid, pc, then the return
 * address one level up): the second frame of the user stack as ustack()
 * takes it: from the unwind tables, else by frame pointers, with the
 * return address at [sp] at a pid entry probe (pr_uentry_ra); 0 if none
 * (also where the tables stop: DT_USTACK_NOUNWIND).
 */
static void gen_ucaller(dt_cg_t *cg)
{
	int tmp = dt_cg_tmpalloc(cg, 16), fp = dt_cg_label(cg), got = dt_cg_label(cg);

	dt_cg_tmpaddr(cg, R1, tmp);
	dt_cg_insn(cg, ST(BPF_DW, R1, 8, 0));
	dt_cg_uwalk(cg, true, tmp, 2);
	dt_cg_jump(cg, JMP_IMM(BPF_JSLT, R0, 0, 0), fp);
	dt_cg_jump(cg, JA(0), got);
	dt_cg_place(cg, fp);
	if (cg->cg_probe->pr_uentry_ra) {
		ustack_entry(cg, true, tmp, 16);
	} else {
		dt_cg_ldctx(cg, R1);
		dt_cg_tmpaddr(cg, R2, tmp);
		dt_cg_insn(cg, MOV64_IMM(R3, 16));
		dt_cg_insn(cg, MOV64_IMM(R4, BPF_F_USER_STACK));
		dt_cg_call(cg, BPF_FUNC_get_stack);
	}
	dt_cg_place(cg, got);
	dt_cg_tmpaddr(cg, R1, tmp);
	dt_cg_insn(cg, LDX(BPF_DW, R0, R1, 8));
	/* the tables end at the current frame (ustack()'s "frames missing"): none */
	dt_cg_insn(cg, JMP_IMM(BPF_JNE, R0, (int32_t)DT_USTACK_NOUNWIND, 1));
	dt_cg_insn(cg, MOV64_IMM(R0, 0));
}

/*
 * r0 = stackdepth, ustackdepth (the frames bpf_get_stack() finds, the
 * caller at a pid entry probe counted as ustack() shows it), caller (the
 * first frame stack() records: the kernel's call site of the probe; 0
 * when there is none); ucaller: gen_ucaller().
 */
void dt_cg_var_stackvar(dt_cg_t *cg, dt_node_t *dnp)
{
	int id = dnp->dn_builtin;
	bool user = id == DT_BV_USTACKDEPTH || id == DT_BV_UCALLER;
	bool depth = id == DT_BV_STACKDEPTH || id == DT_BV_USTACKDEPTH;
	int size = depth ? DT_STACKVAR_FRAMES * 8 : 8, tmp;
	int ok = dt_cg_label(cg), done = dt_cg_label(cg);

	if (id == DT_BV_UCALLER) {
		gen_ucaller(cg);
		return;
	}
	tmp = dt_cg_tmpalloc(cg, size);

	if (user && depth) { /* the frames the tables give (dt_cg_unwind.c), if they cover it */
		int fp = dt_cg_label(cg);

		dt_cg_uwalk(cg, true, tmp, DT_STACKVAR_FRAMES);
		dt_cg_jump(cg, JMP_IMM(BPF_JSLT, R0, 0, 0), fp);
		dt_cg_jump(cg, JA(0), done);
		dt_cg_place(cg, fp);
	}
	dt_cg_ldctx(cg, R1);
	dt_cg_tmpaddr(cg, R2, tmp);
	dt_cg_insn(cg, MOV64_IMM(R3, size));
	dt_cg_insn(cg, MOV64_IMM(R4, user ? BPF_F_USER_STACK : dt_cg_stack_skip(cg)));
	dt_cg_call(cg, BPF_FUNC_get_stack);
	dt_cg_jump(cg, JMP_IMM(BPF_JSGT, R0, 0, 0), ok);
	dt_cg_insn(cg, MOV64_IMM(R0, 0));
	dt_cg_jump(cg, JA(0), done);
	dt_cg_place(cg, ok);
	if (depth) {
		dt_cg_insn(cg, ALU64_IMM(BPF_RSH, R0, 3));
		if (user && cg->cg_probe->pr_uentry_ra)
			dt_cg_insn(cg, ALU64_IMM(BPF_ADD, R0, 1));
	} else {
		dt_cg_tmpaddr(cg, R1, tmp);
		dt_cg_insn(cg, LDX(BPF_DW, R0, R1, 0));
	}
	dt_cg_place(cg, done);
}
