/*
 * dt_cg_arr.c -- scalar arrays: `int a[5];` (in dt_global) and
 * `this int a[5];` (in the scratch area).  An element's address is the
 * variable's plus index * element size; the index is checked against the
 * array's length first (the verifier needs the bound as much as D does), and
 * an index out of range is a fault, as a bad address is.
 */
#include "dt_cg_impl.h"
#include "dt_insn.h"

/* R0 = address of the element dnp (N_ARRAY, dn_builtin -2); index evaluated and popped. */
static void elem_addr(dt_cg_t *cg, dt_node_t *dnp)
{
	dt_ident_t *idp = dnp->dn_ident;
	const dt_type_t *at = idp->di_type;
	int ok = dt_cg_label(cg), r;

	dt_cg_expr(cg, dnp->dn_args);
	r = dt_cg_get(cg, cg->cg_depth - 1, R1);
	if (r != R1)
		dt_cg_insn(cg, MOV64_REG(R1, r));
	dt_cg_pop(cg);
	dt_cg_jump(cg, JMP_IMM(BPF_JLT, R1, at->dt_nelems, 0), ok);
	dt_cg_fault(cg, DT_FAULT_BADADDR, R1);
	dt_cg_place(cg, ok);
	if (at->dt_base->dt_size > 1)
		dt_cg_insn(cg, ALU64_IMM(BPF_MUL, R1, at->dt_base->dt_size));
	if (idp->di_kind == DT_ID_LOCAL) {
		dt_cg_insn(cg, MOV64_REG(R0, R9));
		dt_cg_insn(cg, ALU64_IMM(BPF_ADD, R0, DT_SCR_THIS + idp->di_off));
	} else {
		dt_cg_ldmapval(cg, R0, DT_MAP_GLOBAL, DT_G_VARS + idp->di_off);
	}
	dt_cg_insn(cg, ALU64_REG(BPF_ADD, R0, R1));
}

/* Push the address of a scalar array element (&a[i]). */
void dt_cg_elemaddr(dt_cg_t *cg, dt_node_t *dnp)
{
	int slot;

	elem_addr(cg, dnp);
	slot = dt_cg_push(cg, dnp);
	dt_cg_set(cg, slot, R0);
}

/* Push the value of a scalar array element. */
void dt_cg_elemload(dt_cg_t *cg, dt_node_t *dnp)
{
	int slot;

	elem_addr(cg, dnp);
	slot = dt_cg_push(cg, dnp);
	dt_cg_load(cg, R0, R0, 0, dnp->dn_type);
	dt_cg_set(cg, slot, R0);
}

/* Store the value on top of the stack (it stays there) into the element lhs. */
void dt_cg_elemstore(dt_cg_t *cg, dt_node_t *lhs)
{
	int vslot = cg->cg_depth - 1, r, size = lhs->dn_type->dt_size;

	elem_addr(cg, lhs);
	r = dt_cg_get(cg, vslot, R3);
	dt_cg_insn(cg, STX(dt_cg_bpfsize(size > 8 ? 8 : size), R0, r, 0));
}

/*
 * s[i]: the character at index i of a string (a pointer to BPF memory of
 * strsize bytes); an index outside the string's buffer is a fault.
 */
void dt_cg_strindex(dt_cg_t *cg, dt_node_t *dnp)
{
	int ok = dt_cg_label(cg), slot, r, tmp;

	dt_cg_strexpr(cg, dnp->dn_left);
	dt_cg_expr(cg, dnp->dn_args);
	r = dt_cg_get(cg, cg->cg_depth - 1, R1);
	if (r != R1)
		dt_cg_insn(cg, MOV64_REG(R1, r));
	dt_cg_pop(cg);
	dt_cg_jump(cg, JMP_IMM(BPF_JLT, R1, cg->cg_strsize, 0), ok);
	dt_cg_fault(cg, DT_FAULT_BADADDR, R1);
	dt_cg_place(cg, ok);
	slot = cg->cg_depth - 1;
	r = dt_cg_get(cg, slot, R0);
	dt_cg_insn(cg, ALU64_REG(BPF_ADD, r, R1));
	dt_cg_set(cg, slot, r);
	tmp = dt_cg_readmem(cg, slot, 1, false);
	dt_cg_tmpaddr(cg, R1, tmp);
	dt_cg_load(cg, R0, R1, 0, dnp->dn_type);
	dt_cg_set(cg, slot, R0);
}
