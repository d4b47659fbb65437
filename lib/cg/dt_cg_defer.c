/*
 * dt_cg_defer.c -- copyinstr() and copyin() recorded whole
 * (printf("%s", copyinstr(a)), trace(copyinstr(a)), printf("%s",
 * (string)copyin(a, 16)), tracemem(copyin(a, 64), 64)) when the program
 * cannot read the user memory.
 *
 * A BPF program that may not sleep cannot fault a page in: at
 * syscall::openat:entry the path of a file the process has not touched
 * may lie in a page not yet resident, and bpf_probe_read_user() fails on
 * it although the process could read it.  Where the kernel lets a program
 * sleep (uprobes) the sleepable companion faults the pages in first
 * (dt_cg_prefetch.c); elsewhere (tracepoints, kprobes, perf events, and
 * fentry where the kernel refuses it) no BPF program can.  So when the
 * memory goes straight into a record, the program reads it into the
 * record and, if that fails, leaves there a dt_defer_t (the handle's
 * secret cookie, the process, the address, the length) instead; the
 * consumer reads the memory from the process (process_vm_readv(), which
 * faults pages in) before the record is handed on (consume/dt_defer.c).
 * The process must still live when the consumer drains the buffer; if it
 * is gone, or the address is bad, the consumer reports DTrace's "invalid
 * address" error for it.
 *
 * copyin() is deferred when its size is a constant the slot holds whole:
 * a string cast of it ((string)copyin(a, n), stringof(copyin(a, n)), n
 * below strsize) or tracemem(copyin(a, n), n); the slot then takes exactly
 * those n bytes (the scratch copy DTrace makes is skipped).  A
 * copyinstr() or copyin() used otherwise (compared, stored, a key, an
 * operand) still faults, as its value is needed in the program.  Programs
 * that record neither get no code from here.
 */
#include "dt_insn.h"
#include "dt_cg_impl.h"

#define I(x) dt_cg_insn(cg, x)

/* copyin(a, n) with a constant n in 1..max, else NULL */
static const dt_node_t *const_copyin(const dt_node_t *dnp, int64_t max)
{
	const dt_node_t *n;

	if (dnp->dn_kind != N_CALL || dnp->dn_builtin != DT_FN_COPYIN || dnp->dn_args == NULL)
		return NULL;
	n = dnp->dn_args->dn_next;
	return n != NULL && n->dn_kind == N_INT && (int64_t)n->dn_val >= 1 && (int64_t)n->dn_val <= max
		       ? dnp
		       : NULL;
}

/*
 * How this value of a printf() or trace() record goes through here:
 * DT_DEFER_STR (copyinstr()), DT_DEFER_MEM (a string cast of copyin()), or
 * DT_DEFER_NONE.
 */
int dt_cg_defers(const dt_cg_t *cg, const dt_node_t *dnp)
{
	if (cg->cg_strsize < DT_DEFER_MINSTR)
		return DT_DEFER_NONE;
	if (dnp->dn_kind == N_CALL && dnp->dn_builtin == DT_FN_COPYINSTR && dnp->dn_args != NULL)
		return DT_DEFER_STR;
	if ((dnp->dn_kind == N_STRINGOF || (dnp->dn_kind == N_CAST && dnp->dn_type->dt_kind == DT_TK_STRING)) &&
	    const_copyin(dnp->dn_left, cg->cg_strsize - 1) != NULL)
		return DT_DEFER_MEM;
	return DT_DEFER_NONE;
}

/* Is tracemem(a0, size) a copyin() of exactly size bytes that can go through here? */
bool dt_cg_memdefers(const dt_cg_t *cg, const dt_node_t *a0, int size)
{
	(void)cg;
	return size >= DT_DEFER_MINSTR && const_copyin(a0, size) != NULL &&
	       (int64_t)a0->dn_args->dn_next->dn_val == size;
}

/* reg = the address of the record's byte at off (off may pass 32k) */
static void recptr(dt_cg_t *cg, int reg, int off)
{
	I(MOV64_REG(reg, R9));
	I(ALU64_IMM(BPF_ADD, reg, off));
}

/*
 * Unless r0 (a helper's return) says the read went well, put in the slot
 * at off a dt_defer_t for the address in slot base and the length lenslot
 * (-1: none; DT_DEFER_MEM: len, a constant) and jump to done.
 */
static void defer_unless(dt_cg_t *cg, int off, int base, int lenslot, int len, int done)
{
	int ok = dt_cg_label(cg);

	if (lenslot == -2) /* probe_read_user(): 0 is success */
		dt_cg_jump(cg, JMP_IMM(BPF_JEQ, R0, 0, 0), ok);
	else /* probe_read_user_str(): the length with its NUL */
		dt_cg_jump(cg, JMP_IMM(BPF_JSGT, R0, 0, 0), ok);
	dt_cg_call(cg, BPF_FUNC_get_current_pid_tgid);
	I(ALU64_IMM(BPF_RSH, R0, 32));
	recptr(cg, R1, off);
	I(STX(BPF_W, R1, R0, offsetof(dt_defer_t, df_pid)));
	dt_cg_ld64(cg, R2, cg->cg_dtp->dt_defercookie);
	I(STX(BPF_DW, R1, R2, offsetof(dt_defer_t, df_cookie)));
	dt_cg_ldslot(cg, R2, base);
	I(STX(BPF_DW, R1, R2, offsetof(dt_defer_t, df_addr)));
	if (lenslot >= 0) {
		dt_cg_ldslot(cg, R2, lenslot);
		I(STX(BPF_W, R1, R2, offsetof(dt_defer_t, df_len)));
	} else {
		I(ST(BPF_W, R1, offsetof(dt_defer_t, df_len), len));
	}
	dt_cg_jump(cg, JA(0), done);
	dt_cg_place(cg, ok);
}

/*
 * Record copyin(a, n)'s n bytes (n constant, the slot holds them) at off,
 * or a dt_defer_t; with str, a NUL after them.  Leaves a on the value
 * stack.
 */
static void recmem(dt_cg_t *cg, int off, const dt_node_t *call, bool str)
{
	int n = (int)call->dn_args->dn_next->dn_val, base = cg->cg_depth, done = dt_cg_label(cg);

	dt_cg_expr(cg, call->dn_args);
	recptr(cg, R1, off);
	I(MOV64_IMM(R2, n));
	dt_cg_ldslot(cg, R3, base);
	dt_cg_call(cg, BPF_FUNC_probe_read_user);
	defer_unless(cg, off, base, -2, n, done);
	if (str) {
		recptr(cg, R1, off + n);
		I(ST(BPF_B, R1, 0, 0));
	}
	dt_cg_place(cg, done);
}

/*
 * Record dnp (copyinstr(), or a string cast of copyin()) into rd's slot,
 * or a dt_defer_t if the memory cannot be read now.  Leaves the address on
 * the value stack.
 */
void dt_cg_recdefer(dt_cg_t *cg, dt_recdesc_t *rd, dt_node_t *dnp)
{
	dt_node_t *a0 = dnp->dn_args, *a1;
	int off = cg->cg_recbase + rd->rd_off, base = cg->cg_depth;
	int done = dt_cg_label(cg);

	if (rd->rd_defer == DT_DEFER_MEM) {
		recmem(cg, off, dnp->dn_left, true);
		return;
	}
	a1 = a0->dn_next;
	dt_cg_expr(cg, a0);
	if (a1 != NULL)
		dt_cg_expr(cg, a1);
	recptr(cg, R1, off);
	I(MOV64_IMM(R2, cg->cg_strsize));
	dt_cg_ldslot(cg, R3, base);
	dt_cg_call(cg, BPF_FUNC_probe_read_user_str);
	defer_unless(cg, off, base, a1 != NULL ? base + 1 : -1, -1, done);
	if (a1 != NULL) { /* copyinstr(addr, len): truncated at len */
		dt_cg_ldslot(cg, R2, base + 1);
		dt_cg_jump(cg, JMP_IMM(BPF_JSLT, R2, 0, 0), done);
		dt_cg_jump(cg, JMP_IMM(BPF_JGE, R2, cg->cg_strsize, 0), done);
		recptr(cg, R1, off);
		I(ALU64_REG(BPF_ADD, R1, R2));
		I(ST(BPF_B, R1, 0, 0));
	}
	dt_cg_place(cg, done);
	if (a1 != NULL)
		dt_cg_pop(cg);
}

/* tracemem(copyin(a, n), n): the n bytes in rd's slot, or a dt_defer_t.  Pops nothing. */
void dt_cg_tracemem_defer(dt_cg_t *cg, dt_recdesc_t *rd, dt_node_t *a0)
{
	rd->rd_defer = DT_DEFER_MEM;
	cg->cg_epid->ep_defers = true;
	recmem(cg, cg->cg_recbase + rd->rd_off, a0, false);
	dt_cg_pop(cg);
}
