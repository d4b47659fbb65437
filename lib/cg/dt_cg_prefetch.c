/*
 * dt_cg_prefetch.c -- the companion program of a uprobe program whose
 * clauses copy in from its arguments.
 *
 * Memory not yet resident.  A program at a uprobe cannot fault pages in
 * (bpf_probe_read_user fails on them), so copyinstr(arg0) at the first
 * call of a function whose string the process has not touched yet would
 * fault.  A sleepable program can (bpf_copy_from_user), but cannot write
 * DTrace's perf-event output buffers; so, for each program whose clauses
 * copy in from an argument (copyinstr(argN [+ k]), copyin(argN [+ k],
 * ...)), a small sleepable program is attached to the same sites after
 * it: the kernel calls the probes of a site newest first, so it reads one
 * byte of the first and the last page the copy may touch before the
 * clauses run, and their reads then find the pages.  An argument is a
 * register (pid probes, USDT %reg operands) or, for a USDT memory operand
 * (disp(%reg), as -O0 builds pass arguments), the pointer the program
 * reads from the process's memory: the companion reads it the same way
 * first (with bpf_copy_from_user(), so that it too may be faulted in).  Entry and offset
 * probes with uprobe_multi links only; if the kernel refuses, nothing is
 * prefetched (the copy faults as before).
 *
 * The code generator makes that program (here), bpf/ loads it with the
 * program it serves, and the uprobe providers attach it (prov/dt_uprobe.c).
 */
#include "dt_cg.h"
#include "dt_insn.h"

#include <string.h>

typedef struct dt_prefetch {
	int pf_off[8];	   /* pt_regs offset of the argument's register */
	bool pf_mem[8];	   /* a USDT memory operand: the pointer at reg + pf_disp */
	int32_t pf_disp[8];
	int64_t pf_add[8];
	int pf_n;
} dt_prefetch_t;

static void prefetch_node(const dt_probe_t *pr, const dt_node_t *d, dt_prefetch_t *pf);

static void prefetch_list(const dt_probe_t *pr, const dt_node_t *d, dt_prefetch_t *pf)
{
	for (; d != NULL; d = d->dn_next)
		prefetch_node(pr, d, pf);
}

/* The argument register of an address expression argN, argN + k, (cast)argN. */
static void prefetch_addr(const dt_probe_t *pr, const dt_node_t *a, dt_prefetch_t *pf)
{
	int64_t k = 0, disp;
	const dt_argsrc_t *as;
	bool mem;

	while (a != NULL && a->dn_kind == N_CAST)
		a = a->dn_left;
	if (a != NULL && a->dn_kind == N_BINARY && a->dn_op == '+' && a->dn_right != NULL &&
	    a->dn_right->dn_kind == N_INT) {
		k = a->dn_right->dn_val;
		a = a->dn_left;
		while (a != NULL && a->dn_kind == N_CAST)
			a = a->dn_left;
	}
	if (a == NULL || a->dn_kind != N_VAR || a->dn_ident != NULL || a->dn_name == NULL ||
	    strncmp(a->dn_name, "arg", 3) != 0 || a->dn_builtin < DT_BV_ARG0 ||
	    a->dn_builtin > DT_BV_ARG0 + 9 || pf->pf_n == 8 || k < -(1LL << 30) || k > (1LL << 30))
		return;
	as = &pr->pr_argsrc[a->dn_builtin - DT_BV_ARG0];
	disp = pr->pr_argval[a->dn_builtin - DT_BV_ARG0];
	mem = as->as_kind == DT_ARG_UMEM && (as->as_size & 0xf) == 8 && disp >= INT32_MIN &&
	      disp <= INT32_MAX;
	if (as->as_kind != DT_ARG_CTX && !(as->as_kind == DT_ARG_CTXN && as->as_size == 8) && !mem)
		return;
	if (!mem)
		disp = 0;
	for (int i = 0; i < pf->pf_n; i++)
		if (pf->pf_off[i] == as->as_off && pf->pf_mem[i] == mem && pf->pf_disp[i] == disp &&
		    pf->pf_add[i] == k)
			return;
	pf->pf_off[pf->pf_n] = as->as_off;
	pf->pf_mem[pf->pf_n] = mem;
	pf->pf_disp[pf->pf_n] = (int32_t)disp;
	pf->pf_add[pf->pf_n++] = k;
}

static void prefetch_node(const dt_probe_t *pr, const dt_node_t *d, dt_prefetch_t *pf)
{
	if (d == NULL)
		return;
	if (d->dn_kind == N_CALL &&
	    (d->dn_builtin == DT_FN_COPYINSTR || d->dn_builtin == DT_FN_COPYIN))
		prefetch_addr(pr, d->dn_args, pf);
	prefetch_node(pr, d->dn_left, pf);
	prefetch_node(pr, d->dn_right, pf);
	prefetch_node(pr, d->dn_cond, pf);
	prefetch_list(pr, d->dn_args, pf);
	prefetch_list(pr, d->dn_body, pf);
	prefetch_list(pr, d->dn_else, pf);
}

/*
 * The sleepable program that faults in what bp's clauses will copy in, in
 * bp_pfinsns (none: bp_npfinsns 0), for bpf/ to load (dt_bpf_prog_load)
 * and the uprobe providers to attach after bp (prov/dt_uprobe.c).
 */
int dt_cg_prefetch(dtrace_hdl_t *dtp, dt_bpfprog_t *bp)
{
	struct bpf_insn *insns;
	dt_prefetch_t pf = { .pf_n = 0 };
	const dt_probe_t *pr = bp->bp_probe;
	int n = 0;

	if (pr->pr_progtype != DT_PT_UPROBE_MULTI || pr->pr_return || !pr->pr_argsdone)
		return 0;
	for (int c = 0; c < bp->bp_nclauses; c++) {
		prefetch_node(pr, bp->bp_clauses[c]->dc_pred, &pf);
		prefetch_list(pr, bp->bp_clauses[c]->dc_body, &pf);
	}
	if (pf.pf_n == 0)
		return 0;
	insns = dt_zalloc(sizeof(struct bpf_insn) * (1 + pf.pf_n * (8 + 2 * 6) + 2));
	insns[n++] = MOV64_REG(R6, R1);
	for (int i = 0; i < pf.pf_n; i++) {
		if (pf.pf_mem[i]) { /* r7 = the pointer at reg + disp, or on to the next */
			insns[n++] = LDX(BPF_DW, R3, R6, pf.pf_off[i]);
			insns[n++] = ALU64_IMM(BPF_ADD, R3, pf.pf_disp[i]);
			insns[n++] = MOV64_REG(R1, FP);
			insns[n++] = ALU64_IMM(BPF_ADD, R1, -16);
			insns[n++] = MOV64_IMM(R2, 8);
			insns[n++] = CALL(BPF_FUNC_copy_from_user);
			insns[n++] = JMP_IMM(BPF_JNE, R0, 0, 1 + 2 * 6);
			insns[n++] = LDX(BPF_DW, R7, FP, -16);
		} else {
			insns[n++] = LDX(BPF_DW, R7, R6, pf.pf_off[i]);
		}
		for (int last = 0; last < 2; last++) {
			int64_t add = pf.pf_add[i] + (last ? DT_STRSIZE(dtp) - 1 : 0);

			insns[n++] = MOV64_REG(R3, R7);
			insns[n++] = ALU64_IMM(BPF_ADD, R3, (int32_t)add);
			insns[n++] = MOV64_REG(R1, FP);
			insns[n++] = ALU64_IMM(BPF_ADD, R1, -8);
			insns[n++] = MOV64_IMM(R2, 1);
			insns[n++] = CALL(BPF_FUNC_copy_from_user);
		}
	}
	insns[n++] = MOV64_IMM(R0, 0);
	insns[n++] = EXIT();
	bp->bp_pfinsns = insns;
	bp->bp_npfinsns = n;
	return 0;
}
