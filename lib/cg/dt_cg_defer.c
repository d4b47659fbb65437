/*
 * dt_cg_defer.c -- copyinstr() recorded whole (printf("%s", copyinstr(a)),
 * trace(copyinstr(a))) when the program cannot read the user memory.
 *
 * A BPF program that may not sleep cannot fault a page in: at
 * syscall::openat:entry the path of a file the process has not touched
 * may lie in a page not yet resident, and bpf_probe_read_user_str() fails
 * on it although the process could read it.  Where the kernel lets a
 * program sleep (uprobes) the sleepable companion faults the pages in
 * first (dt_cg_prefetch.c); elsewhere (tracepoints, kprobes, perf events,
 * and fentry where the kernel refuses it) no BPF program can.  So when the
 * string goes straight into a record, the program reads it into the
 * record and, if that fails, leaves there a dt_defer_t (the process, the
 * address, the length argument) instead; the consumer reads the string
 * from the process (process_vm_readv(), which faults pages in) before the
 * record is handed on (consume/dt_defer.c).  The process must still live
 * when the consumer drains the buffer; if it is gone, or the address is
 * bad, the consumer reports DTrace's "invalid address" error for it.
 *
 * A copyinstr() used otherwise (compared, stored, a key) still faults, as
 * its value is needed in the program.  Programs that do not record a
 * copyinstr() get no code from here.
 */
#include "dt_insn.h"
#include "dt_cg_impl.h"

#define I(x) dt_cg_insn(cg, x)

/* Does this value of a printf() or trace() record go through here? */
bool dt_cg_defers(const dt_cg_t *cg, const dt_node_t *dnp)
{
	return dnp->dn_kind == N_CALL && dnp->dn_builtin == DT_FN_COPYINSTR && dnp->dn_args != NULL &&
	       cg->cg_strsize >= DT_DEFER_MINSTR;
}

/* reg = the address of the record's byte at off (off may pass 32k) */
static void recptr(dt_cg_t *cg, int reg, int off)
{
	I(MOV64_REG(reg, R9));
	I(ALU64_IMM(BPF_ADD, reg, off));
}

/*
 * Record copyinstr(dnp's arguments) into rd's slot, or a dt_defer_t if the
 * memory cannot be read now.  Leaves the address on the value stack.
 */
void dt_cg_recdefer(dt_cg_t *cg, dt_recdesc_t *rd, dt_node_t *dnp)
{
	dt_node_t *a0 = dnp->dn_args, *a1 = a0->dn_next;
	int off = cg->cg_recbase + rd->rd_off, base = cg->cg_depth;
	int ok = dt_cg_label(cg), done = dt_cg_label(cg);

	dt_cg_expr(cg, a0);
	if (a1 != NULL)
		dt_cg_expr(cg, a1);
	recptr(cg, R1, off);
	I(MOV64_IMM(R2, cg->cg_strsize));
	dt_cg_ldslot(cg, R3, base);
	dt_cg_call(cg, BPF_FUNC_probe_read_user_str);
	dt_cg_jump(cg, JMP_IMM(BPF_JSGT, R0, 0, 0), ok);
	dt_cg_call(cg, BPF_FUNC_get_current_pid_tgid);
	I(ALU64_IMM(BPF_RSH, R0, 32));
	recptr(cg, R1, off);
	I(ST(BPF_W, R1, offsetof(dt_defer_t, df_magic), (int32_t)DT_DEFER_MAGIC));
	I(STX(BPF_W, R1, R0, offsetof(dt_defer_t, df_pid)));
	dt_cg_ldslot(cg, R2, base);
	I(STX(BPF_DW, R1, R2, offsetof(dt_defer_t, df_addr)));
	if (a1 != NULL) {
		dt_cg_ldslot(cg, R2, base + 1);
		I(STX(BPF_DW, R1, R2, offsetof(dt_defer_t, df_len)));
	} else {
		I(ST(BPF_DW, R1, offsetof(dt_defer_t, df_len), -1));
	}
	dt_cg_jump(cg, JA(0), done);
	dt_cg_place(cg, ok);
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
