/*
 * dt_cg_unwind.c -- walking a user stack at probe time with the unwind
 * tables (layout/dt_layout.h: dt_urows, dt_umaps; proc/dt_unwind.c builds
 * them from the objects' call frame information), for ustack() and
 * ustackdepth: code without frame pointers is walked as a debugger walks
 * it, in the kernel, so that @[ustack()] = count() aggregates there.
 *
 * The walk (subprogram uwalk, its loop body uwalk_cb run by bpf_loop()):
 *
 *   1. The process must have tables: dt_umaps has an entry for the pid
 *      alone.  If not, uwalk returns -1 and the caller walks by frame
 *      pointers (bpf_get_stack()), as before: the fast path for processes
 *      the tables do not cover.
 *   2. The user registers at the probe: bpf_task_pt_regs() of the current
 *      task (the same at a uprobe, the user state at a system call or a
 *      profile tick in the kernel).  The first frame is %rip.
 *   3. Each frame: the object mapped at the address (dt_umaps, the pid and
 *      the address: an LPM trie), then the row that covers the address
 *      (binary search of the object's rows in dt_urows, unrolled: at most
 *      UW_STEPS steps, 2^UW_STEPS rows an object).  The address looked up
 *      is the return address less 1 (inside the call), or the exact
 *      address for the first frame and the frame a signal interrupted.
 *      The row gives the CFA (%rsp or %rbp plus an offset, the PLT's rule,
 *      or a signal frame's saved registers); the return address is read at
 *      CFA - 8 and %rbp where the row says it was saved; %rsp becomes the
 *      CFA.  The return address is the next frame.
 *   4. It ends at the outermost frame (the row says the return address is
 *      undefined, or it is 0), after n frames, or where a frame cannot be
 *      unwound (no object, no row, memory that cannot be read): then the
 *      frame DT_USTACK_NOUNWIND, the marker the consumer prints, follows
 *      the last one.  No address that was not found as a return address
 *      by these rules is ever recorded.
 *
 * The state lives in a scratch temporary (W); the callback context (on
 * uwalk's stack frame) holds the pointers to it and to the output, and n.
 */
#include "dt_insn.h"
#include "dt_cg_impl.h"

#include <stddef.h>

#define I(x) dt_cg_insn(cg, x)

/* uwalk's frame: the callback context */
#define CTX (-32)
#define CTXW(k) (CTX + 8 * (k))
#define C_OUT CTXW(0)
#define C_W CTXW(1)
#define C_N CTXW(2)

/* the work area W */
enum {
	W_PC = 0, W_SP = 8, W_BP = 16, W_I = 24, W_EXACT = 32,
	W_KEY = 40, /* dt_umapkey_t: 16 bytes */
	W_REL = 56, W_LO = 64, W_LEN = 72, W_IDX = 80, W_CFA = 88, W_RA = 96, W_MARK = 104,
	W_SIZE = 112
};

#define UW_STEPS 24

#define BSWAP(r, bits) DT_INSN(BPF_ALU | BPF_END | BPF_TO_BE, r, 0, 0, bits)

static void ret_imm(dt_cg_t *cg, int v)
{
	I(MOV64_IMM(R0, v));
	I(EXIT());
}

/* R1 = &W[off]; R2 = 8; R3 = reg + k: read 8 bytes of user memory; to fail if it fails */
static void read_user(dt_cg_t *cg, int off, int reg, int k, int fail)
{
	if (reg != R3)
		I(MOV64_REG(R3, reg));
	I(ALU64_IMM(BPF_ADD, R3, k));
	I(MOV64_REG(R1, R6));
	I(ALU64_IMM(BPF_ADD, R1, off));
	I(MOV64_IMM(R2, 8));
	dt_cg_call(cg, BPF_FUNC_probe_read_user);
	dt_cg_jump(cg, JMP_IMM(BPF_JNE, R0, 0, 0), fail);
}

/* r0 = lookup(dt_urows, W[W_IDX]) or to fail */
static void row_at(dt_cg_t *cg, int fail)
{
	dt_cg_ldmap(cg, R1, DT_MAP_UROWS);
	I(MOV64_REG(R2, R6));
	I(ALU64_IMM(BPF_ADD, R2, W_IDX));
	dt_cg_call(cg, BPF_FUNC_map_lookup_elem);
	dt_cg_jump(cg, JMP_IMM(BPF_JEQ, R0, 0, 0), fail);
}

/* reg = the sign-extended 32-bit field at r9 + off */
static void ld_s32(dt_cg_t *cg, int reg, int off)
{
	I(LDX(BPF_W, reg, R9, off));
	I(ALU64_IMM(BPF_LSH, reg, 32));
	I(ALU64_IMM(BPF_ARSH, reg, 32));
}

/*
 * One frame.  r1 = the iteration, r2 = the context.  r6 = W, r7 = out,
 * r8 = n, r9 = the row.
 */
static void gen_cb_uwalk(dt_cg_t *cg)
{
	int stop = dt_cg_label(cg), nounwind = dt_cg_label(cg), found = dt_cg_label(cg);
	int sp = dt_cg_label(cg), bp = dt_cg_label(cg), plt = dt_cg_label(cg);
	int signal = dt_cg_label(cg), cfa = dt_cg_label(cg), cfa_ok = dt_cg_label(cg);
	int same = dt_cg_label(cg), emit = dt_cg_label(cg);

	I(LDX(BPF_DW, R6, R2, C_W - CTX));
	I(LDX(BPF_DW, R7, R2, C_OUT - CTX));
	I(LDX(BPF_DW, R8, R2, C_N - CTX));
	I(LDX(BPF_DW, R0, R6, W_I));
	dt_cg_jump(cg, JMP_REG(BPF_JGE, R0, R8, 0), stop);

	/* the object at the address looked up: the pc, or the return address less 1 */
	I(LDX(BPF_DW, R1, R6, W_PC));
	I(LDX(BPF_DW, R2, R6, W_EXACT));
	I(ALU64_IMM(BPF_SUB, R1, 1));
	I(ALU64_REG(BPF_ADD, R1, R2));
	I(STX(BPF_DW, R6, R1, W_REL));
	I(BSWAP(R1, 64));
	I(STX(BPF_DW, R6, R1, W_KEY + 8));
	I(ST(BPF_W, R6, W_KEY, 32 + 64));
	dt_cg_ldmap(cg, R1, DT_MAP_UMAPS);
	I(MOV64_REG(R2, R6));
	I(ALU64_IMM(BPF_ADD, R2, W_KEY));
	dt_cg_call(cg, BPF_FUNC_map_lookup_elem);
	dt_cg_jump(cg, JMP_IMM(BPF_JEQ, R0, 0, 0), nounwind);
	I(LDX(BPF_W, R1, R0, offsetof(dt_umapval_t, um_count)));
	dt_cg_jump(cg, JMP_IMM(BPF_JEQ, R1, 0, 0), nounwind);
	I(STX(BPF_DW, R6, R1, W_LEN));
	I(LDX(BPF_W, R1, R0, offsetof(dt_umapval_t, um_first)));
	I(STX(BPF_DW, R6, R1, W_LO));
	I(LDX(BPF_DW, R2, R0, offsetof(dt_umapval_t, um_bias)));
	I(LDX(BPF_DW, R1, R6, W_REL));
	I(ALU64_REG(BPF_SUB, R1, R2)); /* the object's own address */
	I(MOV64_REG(R2, R1));
	I(ALU64_IMM(BPF_RSH, R2, 32));
	dt_cg_jump(cg, JMP_IMM(BPF_JNE, R2, 0, 0), nounwind);
	I(STX(BPF_DW, R6, R1, W_REL));

	/* the last row at or below it: lo, len halved each step */
	for (int s = 0; s < UW_STEPS; s++) {
		int low = dt_cg_label(cg), next = dt_cg_label(cg);

		I(LDX(BPF_DW, R1, R6, W_LEN));
		dt_cg_jump(cg, JMP_IMM(BPF_JLE, R1, 1, 0), found);
		I(ALU64_IMM(BPF_RSH, R1, 1));
		I(LDX(BPF_DW, R3, R6, W_LO));
		I(ALU64_REG(BPF_ADD, R3, R1));
		I(STX(BPF_W, R6, R3, W_IDX));
		row_at(cg, nounwind);
		I(LDX(BPF_W, R4, R0, offsetof(dt_urow_t, ur_pc)));
		I(LDX(BPF_DW, R5, R6, W_REL));
		I(LDX(BPF_DW, R1, R6, W_LEN));
		I(MOV64_REG(R2, R1));
		I(ALU64_IMM(BPF_RSH, R2, 1));
		dt_cg_jump(cg, JMP_REG(BPF_JLE, R4, R5, 0), low);
		I(STX(BPF_DW, R6, R2, W_LEN)); /* above it: the lower half */
		dt_cg_jump(cg, JA(0), next);
		dt_cg_place(cg, low); /* at or below: from mid on */
		I(LDX(BPF_W, R3, R6, W_IDX));
		I(STX(BPF_DW, R6, R3, W_LO));
		I(ALU64_REG(BPF_SUB, R1, R2));
		I(STX(BPF_DW, R6, R1, W_LEN));
		dt_cg_place(cg, next);
	}
	I(LDX(BPF_DW, R1, R6, W_LEN)); /* an object of more rows than the steps reach */
	dt_cg_jump(cg, JMP_IMM(BPF_JGT, R1, 1, 0), nounwind);
	dt_cg_place(cg, found);
	I(LDX(BPF_DW, R3, R6, W_LO));
	I(STX(BPF_W, R6, R3, W_IDX));
	row_at(cg, nounwind);
	I(MOV64_REG(R9, R0));
	I(LDX(BPF_W, R4, R9, offsetof(dt_urow_t, ur_pc)));
	I(LDX(BPF_DW, R5, R6, W_REL));
	dt_cg_jump(cg, JMP_REG(BPF_JGT, R4, R5, 0), nounwind);

	/* the CFA */
	I(LDX(BPF_B, R1, R9, offsetof(dt_urow_t, ur_cfareg)));
	dt_cg_jump(cg, JMP_IMM(BPF_JEQ, R1, DT_UCFA_END, 0), stop);
	dt_cg_jump(cg, JMP_IMM(BPF_JEQ, R1, DT_UCFA_SP, 0), sp);
	dt_cg_jump(cg, JMP_IMM(BPF_JEQ, R1, DT_UCFA_BP, 0), bp);
	dt_cg_jump(cg, JMP_IMM(BPF_JEQ, R1, DT_UCFA_PLT, 0), plt);
	dt_cg_jump(cg, JMP_IMM(BPF_JEQ, R1, DT_UCFA_SIGNAL, 0), signal);
	dt_cg_jump(cg, JA(0), nounwind);
	dt_cg_place(cg, sp);
	I(LDX(BPF_DW, R2, R6, W_SP));
	dt_cg_jump(cg, JA(0), cfa);
	dt_cg_place(cg, bp);
	I(LDX(BPF_DW, R2, R6, W_BP));
	dt_cg_place(cg, cfa);
	ld_s32(cg, R3, offsetof(dt_urow_t, ur_cfaoff));
	I(ALU64_REG(BPF_ADD, R2, R3));
	dt_cg_jump(cg, JA(0), cfa_ok);
	dt_cg_place(cg, plt); /* %rsp + 8, + 8 more from offset ur_plt in the 16 bytes */
	I(LDX(BPF_DW, R2, R6, W_SP));
	I(ALU64_IMM(BPF_ADD, R2, 8));
	I(LDX(BPF_DW, R3, R6, W_PC));
	I(ALU64_IMM(BPF_AND, R3, 15));
	I(LDX(BPF_B, R4, R9, offsetof(dt_urow_t, ur_plt)));
	dt_cg_jump(cg, JMP_REG(BPF_JLT, R3, R4, 0), cfa_ok);
	I(ALU64_IMM(BPF_ADD, R2, 8));
	dt_cg_place(cg, cfa_ok);
	I(STX(BPF_DW, R6, R2, W_CFA));
	read_user(cg, W_RA, R2, -8, nounwind);
	I(LDX(BPF_B, R1, R9, offsetof(dt_urow_t, ur_bprule)));
	dt_cg_jump(cg, JMP_IMM(BPF_JNE, R1, DT_UBP_SAVED, 0), same);
	ld_s32(cg, R3, offsetof(dt_urow_t, ur_bpoff));
	I(LDX(BPF_DW, R2, R6, W_CFA));
	I(ALU64_REG(BPF_ADD, R3, R2));
	read_user(cg, W_BP, R3, 0, nounwind);
	dt_cg_place(cg, same);
	I(LDX(BPF_DW, R1, R6, W_CFA));
	I(STX(BPF_DW, R6, R1, W_SP));
	I(LDX(BPF_DW, R1, R6, W_RA));
	I(STX(BPF_DW, R6, R1, W_PC));
	I(ST(BPF_DW, R6, W_EXACT, 0));
	dt_cg_jump(cg, JA(0), emit);

	/* __restore_rt: the interrupted %rip, %rbp and %rsp in the ucontext at %rsp */
	dt_cg_place(cg, signal);
	I(LDX(BPF_DW, R2, R6, W_SP));
	I(STX(BPF_DW, R6, R2, W_CFA));
	read_user(cg, W_PC, R2, DT_USIG_IP, nounwind);
	I(LDX(BPF_DW, R2, R6, W_CFA));
	read_user(cg, W_BP, R2, DT_USIG_BP, nounwind);
	I(LDX(BPF_DW, R2, R6, W_CFA));
	read_user(cg, W_SP, R2, DT_USIG_SP, nounwind);
	I(ST(BPF_DW, R6, W_EXACT, 1));

	/* the caller's frame */
	dt_cg_place(cg, emit);
	I(LDX(BPF_DW, R1, R6, W_PC));
	dt_cg_jump(cg, JMP_IMM(BPF_JEQ, R1, 0, 0), stop);
	I(LDX(BPF_DW, R0, R6, W_I));
	dt_cg_jump(cg, JMP_REG(BPF_JGE, R0, R8, 0), stop);
	I(ALU64_IMM(BPF_ADD, R0, 1));
	I(STX(BPF_DW, R6, R0, W_I));
	I(ALU64_IMM(BPF_SUB, R0, 1));
	I(ALU64_IMM(BPF_LSH, R0, 3));
	I(ALU64_REG(BPF_ADD, R7, R0));
	I(STX(BPF_DW, R7, R1, 0));
	ret_imm(cg, 0);

	/* the marker: the next frame cannot be unwound */
	dt_cg_place(cg, nounwind);
	I(LDX(BPF_DW, R0, R6, W_I));
	dt_cg_jump(cg, JMP_REG(BPF_JGE, R0, R8, 0), stop);
	I(ALU64_IMM(BPF_ADD, R0, 1));
	I(STX(BPF_DW, R6, R0, W_I));
	I(ST(BPF_DW, R6, W_MARK, 1));
	I(ALU64_IMM(BPF_SUB, R0, 1));
	I(ALU64_IMM(BPF_LSH, R0, 3));
	I(ALU64_REG(BPF_ADD, R7, R0));
	I(LD_IMM64_LO(R1, 0, (int32_t)(uint32_t)DT_USTACK_NOUNWIND));
	I(LD_IMM64_HI((int32_t)(uint32_t)(DT_USTACK_NOUNWIND >> 32)));
	I(STX(BPF_DW, R7, R1, 0));
	dt_cg_place(cg, stop);
	ret_imm(cg, 1);
}

static const dt_cgsubr_t cb_uwalk = { "uwalk_cb", gen_cb_uwalk };

/* r0 = the current task's user %rip, %rsp, %rbp into W (r6); r7 clobbered */
static void user_regs(dt_cg_t *cg)
{
	static const struct {
		int ur_w, ur_regs;
	} regs[] = { { W_PC, DT_REGS_IP }, { W_SP, DT_REGS_SP }, { W_BP, DT_REGS_BP } };

	dt_cg_call(cg, BPF_FUNC_get_current_task_btf);
	I(MOV64_REG(R1, R0));
	dt_cg_call(cg, BPF_FUNC_task_pt_regs);
	I(MOV64_REG(R7, R0));
	for (size_t i = 0; i < sizeof(regs) / sizeof(regs[0]); i++) {
		I(MOV64_REG(R1, R6));
		I(ALU64_IMM(BPF_ADD, R1, regs[i].ur_w));
		I(MOV64_IMM(R2, 8));
		I(MOV64_REG(R3, R7));
		I(ALU64_IMM(BPF_ADD, R3, regs[i].ur_regs));
		dt_cg_call(cg, BPF_FUNC_probe_read_kernel);
	}
}

/*
 * (out, n, W): r0 = the frames written to out (at most n, the marker not
 * counted), or -1 if the process has no tables.
 */
static void gen_uwalk(dt_cg_t *cg)
{
	int known = dt_cg_label(cg);

	I(STX(BPF_DW, FP, R1, C_OUT));
	I(STX(BPF_DW, FP, R3, C_W));
	I(STX(BPF_DW, FP, R2, C_N));
	I(MOV64_REG(R6, R3));
	dt_cg_call(cg, BPF_FUNC_get_current_pid_tgid);
	I(ALU64_IMM(BPF_RSH, R0, 32));
	I(BSWAP(R0, 32));
	I(STX(BPF_W, R6, R0, W_KEY + 4));
	I(ST(BPF_W, R6, W_KEY, 32));
	I(ST(BPF_DW, R6, W_KEY + 8, 0));
	dt_cg_ldmap(cg, R1, DT_MAP_UMAPS);
	I(MOV64_REG(R2, R6));
	I(ALU64_IMM(BPF_ADD, R2, W_KEY));
	dt_cg_call(cg, BPF_FUNC_map_lookup_elem);
	dt_cg_jump(cg, JMP_IMM(BPF_JNE, R0, 0, 0), known);
	ret_imm(cg, -1);
	dt_cg_place(cg, known);
	user_regs(cg);
	I(LDX(BPF_DW, R1, FP, C_OUT));
	I(LDX(BPF_DW, R0, R6, W_PC));
	I(STX(BPF_DW, R1, R0, 0)); /* the first frame */
	I(ST(BPF_DW, R6, W_I, 1));
	I(ST(BPF_DW, R6, W_EXACT, 1));
	I(ST(BPF_DW, R6, W_MARK, 0));
	I(LDX(BPF_DW, R1, FP, C_N));
	dt_cg_subr_loop(cg, R1, 0, &cb_uwalk, CTX);
	I(LDX(BPF_DW, R6, FP, C_W));
	I(LDX(BPF_DW, R0, R6, W_I));
	I(LDX(BPF_DW, R1, R6, W_MARK));
	I(ALU64_REG(BPF_SUB, R0, R1));
	I(EXIT());
}

static const dt_cgsubr_t sub_uwalk = { "uwalk", gen_uwalk };

/*
 * Walk the current user stack into r9 + off (a temp if istmp): n frames,
 * zero-filled after the last.  r0 = the frames, or < 0 if the process has
 * no tables (out is then all zeros).
 */
void dt_cg_uwalk(dt_cg_t *cg, bool istmp, int off, int n)
{
	int w = dt_cg_tmpalloc(cg, W_SIZE);

	cg->cg_dtp->dt_uwalk = true;
	/* zeros: probe_read_kernel() from NULL fails and clears its buffer */
	if (istmp)
		dt_cg_tmpaddr(cg, R1, off);
	else {
		I(MOV64_REG(R1, R9));
		I(ALU64_IMM(BPF_ADD, R1, off));
	}
	I(MOV64_IMM(R2, n * 8));
	I(MOV64_IMM(R3, 0));
	dt_cg_call(cg, BPF_FUNC_probe_read_kernel);
	if (istmp)
		dt_cg_tmpaddr(cg, R1, off);
	else {
		I(MOV64_REG(R1, R9));
		I(ALU64_IMM(BPF_ADD, R1, off));
	}
	I(MOV64_IMM(R2, n));
	dt_cg_tmpaddr(cg, R3, w);
	dt_cg_subr_call(cg, &sub_uwalk);
}
