/*
 * dt_cg_subr.c -- shared BPF subprograms: code written once per program,
 * after the main code, and called (BPF-to-BPF) from every clause that needs
 * it, the ERROR clauses included.
 *
 * A subprogram is described by a static dt_cgsubr_t (its name and the
 * function that generates its body).  dt_cg_subr_call() emits a call to it
 * and dt_cg_subr_func() loads its address for bpf_loop(); the first use
 * adds it to the program's list, and dt_cg_subr_emit() generates every
 * listed body once, at the end (a body may use further subprograms: they
 * join the list), then resolves the call sites.
 *
 * Conventions of a body: arguments in r1-r5, result in r0; r6-r8 and its
 * own stack frame (at most 32 bytes, see dt_cg_str.c) are its own; it has
 * no scratch register (r9) and cannot fault: it returns a status and the
 * caller faults.  A bpf_loop() callback gets r1 = the iteration and r2 =
 * the context pointer, and returns 0 (go on) or 1 (stop).  Programs with
 * callbacks carry BTF function information (bpf/dt_funcinfo.c).
 */
#include "dt_insn.h"
#include "dt_cg_impl.h"

#include <stdlib.h>
#include <string.h>

static int subr_index(dt_cg_t *cg, const dt_cgsubr_t *sb)
{
	for (int i = 0; i < cg->cg_nsubrs; i++)
		if (cg->cg_subrs[i] == sb)
			return i;
	cg->cg_subrs = dt_realloc(cg->cg_subrs, sizeof(*cg->cg_subrs) * (cg->cg_nsubrs + 1));
	cg->cg_subrs[cg->cg_nsubrs] = sb;
	return cg->cg_nsubrs++;
}

static void subr_fix(dt_cg_t *cg, int insn, const dt_cgsubr_t *sb)
{
	cg->cg_subrfix = dt_realloc(cg->cg_subrfix, sizeof(dt_cgfix_t) * (cg->cg_nsubrfix + 1));
	cg->cg_subrfix[cg->cg_nsubrfix].f_insn = insn;
	cg->cg_subrfix[cg->cg_nsubrfix++].f_label = subr_index(cg, sb);
}

/* call sb (arguments in r1-r5; r0-r5 clobbered) */
void dt_cg_subr_call(dt_cg_t *cg, const dt_cgsubr_t *sb)
{
	subr_fix(cg, dt_cg_insn(cg, CALL_PSEUDO(0)), sb);
}

/* reg = the address of sb, for bpf_loop() */
void dt_cg_subr_func(dt_cg_t *cg, int reg, const dt_cgsubr_t *sb)
{
	subr_fix(cg, dt_cg_insn(cg, LD_IMM64_LO(reg, BPF_PSEUDO_FUNC, 0)), sb);
	dt_cg_insn(cg, LD_IMM64_HI(0));
}

/*
 * bpf_loop(n, cb, ctx, 0): n from nreg (if >= 0) or the constant n, the
 * context at fp + ctxoff of the current frame; r0 = iterations done.
 */
void dt_cg_subr_loop(dt_cg_t *cg, int nreg, int n, const dt_cgsubr_t *cb, int ctxoff)
{
	if (nreg >= 0) {
		if (nreg != R1)
			dt_cg_insn(cg, MOV64_REG(R1, nreg));
	} else {
		dt_cg_insn(cg, MOV64_IMM(R1, n));
	}
	dt_cg_subr_func(cg, R2, cb);
	dt_cg_insn(cg, MOV64_REG(R3, FP));
	dt_cg_insn(cg, ALU64_IMM(BPF_ADD, R3, ctxoff));
	dt_cg_insn(cg, MOV64_IMM(R4, 0));
	dt_cg_call(cg, BPF_FUNC_loop);
}

/* Generate the bodies of the subprograms the program uses; resolve their uses. */
void dt_cg_subr_emit(dt_cg_t *cg)
{
	int *start;

	if (cg->cg_nsubrs == 0)
		return;
	cg->cg_clause = NULL;
	cg->cg_line = 0;
	cg->cg_insubr = true;
	for (int i = 0; i < cg->cg_nsubrs; i++) { /* the list may grow */
		cg->cg_subrstart = dt_realloc(cg->cg_subrstart, sizeof(int) * (i + 1));
		cg->cg_subrstart[i] = cg->cg_ninsns;
		cg->cg_subrs[i]->sb_gen(cg);
	}
	cg->cg_insubr = false;
	start = cg->cg_subrstart;
	for (int i = 0; i < cg->cg_nsubrfix; i++) {
		int insn = cg->cg_subrfix[i].f_insn;

		cg->cg_insns[insn].imm = start[cg->cg_subrfix[i].f_label] - insn - 1;
	}
}

void dt_cg_subr_free(dt_cg_t *cg)
{
	free(cg->cg_subrs);
	free(cg->cg_subrfix);
	free(cg->cg_subrstart);
}
