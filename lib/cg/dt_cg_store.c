/*
 * dt_cg_store.c -- stores into D's own memory: a member of a struct or
 * union variable (f.a = 3, this->t.s = "x", self->st.x = 5, a[k].m = v),
 * and *p = v, p[i] = v, p->m = v through a pointer (alloca()'d scratch, a
 * D array or struct variable: p = alloca(8), p = &a[2], p = a).
 *
 * Two ways, as the address is known:
 *
 *   a '.'-member chain rooted at a variable: the variable's storage is a
 *   map value the verifier knows (dt_global, the scratch area, or the
 *   dt_dvars element, created zeroed if absent as DTrace creates a
 *   dynamic variable on its first store), plus a constant offset; the
 *   store goes straight there.
 *
 *   any other address (a pointer held in a variable is a number at run
 *   time): checked as DTrace checks a store (dtrace_canstore()), to lie
 *   with the bytes stored within D memory: the clause's alloca()'d
 *   temporaries, the this-> variables, or the global variables; then it
 *   is turned back into a pointer into that map value.  Anywhere else the
 *   clause faults with "invalid address" and ERROR fires.
 *
 * Only stores pay: a program without them gets no code from here.
 */
#include "dt_insn.h"
#include "dt_cg_impl.h"

#define I(x) dt_cg_insn(cg, x)

static bool is_sou(const dt_type_t *t)
{
	return t->dt_canon->dt_kind == DT_TK_STRUCT || t->dt_canon->dt_kind == DT_TK_UNION;
}

/* The variable a '.'-member chain starts from, and the members' offset; or NULL. */
static dt_node_t *var_root(dt_node_t *dnp, int64_t *off)
{
	*off = 0;
	while (dnp->dn_kind == N_MEMBER && dnp->dn_op != OP_ARROW) {
		*off += dnp->dn_val;
		dnp = dnp->dn_left;
	}
	if (dnp->dn_ident == NULL || dnp->dn_ident->di_type == NULL || !is_sou(dnp->dn_ident->di_type))
		return NULL;
	if (dnp->dn_kind == N_VAR || (dnp->dn_kind == N_ARRAY && dnp->dn_index == DT_INDEX_VAR))
		return dnp;
	return NULL;
}

/*
 * r0 = the storage of the variable of root: its map value, a dynamic
 * variable created zeroed if it does not exist; if the dynamic variable
 * space is full, a dynamic variable drop and a jump to skip.
 */
static void root_ptr(dt_cg_t *cg, dt_node_t *root, int skip)
{
	dtrace_hdl_t *dtp = cg->cg_dtp;
	dt_ident_t *idp = root->dn_ident;
	int have = dt_cg_label(cg), key, zero;

	if (idp->di_kind == DT_ID_LOCAL) {
		I(MOV64_REG(R0, R9));
		I(ALU64_IMM(BPF_ADD, R0, DT_SCR_THIS + idp->di_off));
		return;
	}
	if (idp->di_kind == DT_ID_GLOBAL) {
		dt_cg_ldmapval(cg, R0, DT_MAP_GLOBAL, DT_G_VARS + idp->di_off);
		return;
	}
	key = dt_cg_dvkey(cg, idp, root->dn_kind == N_ARRAY ? root->dn_args : NULL);
	dt_cg_dvlookup(cg, key);
	dt_cg_jump(cg, JMP_IMM(BPF_JNE, R0, 0, 0), have);
	zero = dt_cg_tmpalloc(cg, dtp->dt_dvvalsize);
	dt_cg_zerotmp(cg, zero, dtp->dt_dvvalsize);
	dt_cg_ldmap(cg, R1, DT_MAP_DVARS);
	dt_cg_tmpaddr(cg, R2, key);
	dt_cg_tmpaddr(cg, R3, zero);
	I(MOV64_IMM(R4, BPF_NOEXIST));
	dt_cg_call(cg, BPF_FUNC_map_update_elem);
	dt_cg_dvlookup(cg, key);
	dt_cg_jump(cg, JMP_IMM(BPF_JNE, R0, 0, 0), have);
	I(LDX(BPF_DW, R1, R9, offsetof(dt_cpustate_t, cs_dyndrops)));
	I(ALU64_IMM(BPF_ADD, R1, 1));
	I(STX(BPF_DW, R9, R1, offsetof(dt_cpustate_t, cs_dyndrops)));
	dt_cg_jump(cg, JA(0), skip);
	dt_cg_place(cg, have);
}

/*
 * r0 = a pointer the verifier accepts for size bytes at the address in
 * slot, which must lie within D memory (see the essay), else a fault.
 * The address and the maps' own addresses are laundered into numbers
 * through a scratch word: a pointer spilled to a map value reads back as
 * a number.
 */
void dt_cg_dmemptr(dt_cg_t *cg, int slot, int size)
{
	dtrace_hdl_t *dtp = cg->cg_dtp;
	int hi = cg->cg_allocahi, word = dt_cg_tmpalloc(cg, 8);
	int bad = dt_cg_label(cg), ok = dt_cg_label(cg), notthis = dt_cg_label(cg),
	    nottmp = dt_cg_label(cg);

	dt_cg_tmpaddr(cg, R2, word);
	dt_cg_ldslot(cg, R1, slot);
	I(STX(BPF_DW, R2, R1, 0));
	I(LDX(BPF_DW, R1, R2, 0)); /* the address, as a number */
	I(STX(BPF_DW, R2, R9, 0));
	I(LDX(BPF_DW, R3, R2, 0)); /* r9, as a number */
	I(MOV64_REG(R4, R1));
	I(ALU64_REG(BPF_SUB, R4, R3)); /* offset in the scratch area */
	/* this-> variables */
	if (dtp->dt_thissize >= size) {
		dt_cg_jump(cg, JMP_IMM(BPF_JLT, R4, DT_SCR_THIS, 0), notthis);
		dt_cg_jump(cg, JMP_IMM(BPF_JGT, R4, DT_SCR_THIS + dtp->dt_thissize - size, 0), notthis);
		I(MOV64_REG(R0, R9));
		I(ALU64_REG(BPF_ADD, R0, R4));
		dt_cg_jump(cg, JA(0), ok);
	}
	dt_cg_place(cg, notthis);
	/* alloca()'d scratch: the temporaries up to the last byte alloca()'d */
	if (hi >= size) {
		dt_cg_tmpoff(cg, R5, 0);
		dt_cg_jump(cg, JMP_REG(BPF_JLT, R4, R5, 0), nottmp);
		dt_cg_tmpoff(cg, R5, hi - size);
		dt_cg_jump(cg, JMP_REG(BPF_JGT, R4, R5, 0), nottmp);
		I(MOV64_REG(R0, R9));
		I(ALU64_REG(BPF_ADD, R0, R4));
		dt_cg_jump(cg, JA(0), ok);
	}
	dt_cg_place(cg, nottmp);
	/* the global variables */
	if (dtp->dt_globsize >= size) {
		dt_cg_ldmapval(cg, R0, DT_MAP_GLOBAL, DT_G_VARS);
		dt_cg_tmpaddr(cg, R2, word);
		I(STX(BPF_DW, R2, R0, 0));
		I(LDX(BPF_DW, R3, R2, 0));
		I(MOV64_REG(R4, R1));
		I(ALU64_REG(BPF_SUB, R4, R3));
		dt_cg_jump(cg, JMP_IMM(BPF_JGT, R4, dtp->dt_globsize - size, 0), bad);
		I(ALU64_REG(BPF_ADD, R0, R4));
		dt_cg_jump(cg, JA(0), ok);
	}
	if (dtp->dt_thissize < size && hi < size && dtp->dt_globsize < size) {
		/* no D memory that big: always taken, the rest dead code */
		dt_cg_jump(cg, JMP_IMM(BPF_JGE, R4, 0, 0), bad);
		dt_cg_jump(cg, JA(0), ok);
	}
	dt_cg_place(cg, bad);
	dt_cg_fault(cg, DT_FAULT_BADADDR, R1);
	dt_cg_place(cg, ok);
}

/* Store the value in vslot into the bytes at r0, as type t. */
static void store_at(dt_cg_t *cg, int vslot, const dt_type_t *t)
{
	int r;

	if (t->dt_kind == DT_TK_STRING) {
		r = dt_cg_get(cg, vslot, R3);
		dt_cg_copystr(cg, R0, r);
		return;
	}
	if (is_sou(t) || t->dt_kind == DT_TK_ARRAY) { /* a whole value, from its address */
		dt_cg_ldslot(cg, R3, vslot);
		I(MOV64_REG(R1, R0));
		I(MOV64_IMM(R2, t->dt_canon->dt_size));
		dt_cg_call(cg, BPF_FUNC_probe_read_kernel);
		dt_cg_badaddr_unless(cg, vslot);
		return;
	}
	r = dt_cg_get(cg, vslot, R3);
	I(STX(dt_cg_bpfsize(t->dt_size > 8 ? 8 : t->dt_size), R0, r, 0));
}

/*
 * Store the value in vslot into the bit-field dm whose containing bytes
 * start at r0, as C does: a read-modify-write of the bytes that hold it
 * (the value truncated to the field's width; a signed field reads it back
 * sign-extended), leaving the other bits alone.  The bytes are taken in
 * chunks of 8, 4, 2 and 1 (a field over 3 bytes is a 2-byte and a 1-byte
 * access), so no access reaches past the last byte of the field.
 */
static void store_bits(dt_cg_t *cg, int vslot, const dt_member_t *dm)
{
	int nb = (dm->dm_bitoff + dm->dm_bits + 7) / 8, r;
	uint64_t fmask = (dm->dm_bits >= 64 ? ~0ULL : (1ULL << dm->dm_bits) - 1) << dm->dm_bitoff;

	for (int c = 0, sz; c < nb; c += sz) {
		uint64_t cmask;

		sz = nb - c >= 8 ? 8 : nb - c >= 4 ? 4 : nb - c >= 2 ? 2 : 1;
		cmask = (fmask >> (8 * c)) & (sz == 8 ? ~0ULL : (1ULL << (8 * sz)) - 1);
		r = dt_cg_get(cg, vslot, R1);
		if (r != R1)
			I(MOV64_REG(R1, r));
		if (dm->dm_bitoff != 0)
			I(ALU64_IMM(BPF_LSH, R1, dm->dm_bitoff));
		if (c != 0)
			I(ALU64_IMM(BPF_RSH, R1, 8 * c));
		dt_cg_ld64(cg, R3, cmask);
		I(ALU64_REG(BPF_AND, R1, R3));
		I(LDX(dt_cg_bpfsize(sz), R2, R0, c));
		I(ALU64_IMM(BPF_XOR, R3, -1));
		I(ALU64_REG(BPF_AND, R2, R3));
		I(ALU64_REG(BPF_OR, R2, R1));
		I(STX(dt_cg_bpfsize(sz), R0, R2, c));
	}
}

/* The bytes a store of type t writes. */
static int store_size(dt_cg_t *cg, const dt_type_t *t)
{
	if (t->dt_kind == DT_TK_STRING)
		return cg->cg_strsize;
	if (is_sou(t) || t->dt_kind == DT_TK_ARRAY)
		return t->dt_canon->dt_size;
	return t->dt_size > 8 ? 8 : t->dt_size;
}

/*
 * Store the value on top of the stack (it stays there) into the memory
 * lvalue lhs: a member, *p, p[i].
 */
void dt_cg_memstore(dt_cg_t *cg, dt_node_t *lhs)
{
	int vslot = cg->cg_depth - 1, skip = dt_cg_label(cg);
	const dt_type_t *t = lhs->dn_type;
	const dt_member_t *bf = lhs->dn_kind == N_MEMBER ? lhs->dn_member : NULL;
	dt_node_t *root;
	int64_t off;

	root = var_root(lhs, &off);
	if (root != NULL) {
		root_ptr(cg, root, skip);
		if (off != 0)
			I(ALU64_IMM(BPF_ADD, R0, (int32_t)off));
	} else {
		dt_cg_addr(cg, lhs);
		dt_cg_dmemptr(cg, cg->cg_depth - 1,
			      bf != NULL ? (bf->dm_bitoff + bf->dm_bits + 7) / 8 : store_size(cg, t));
		dt_cg_pop(cg);
	}
	if (bf != NULL)
		store_bits(cg, vslot, bf);
	else
		store_at(cg, vslot, t);
	dt_cg_place(cg, skip);
}
