/*
 * dt_cg_emit.c -- the code generator's emission layer: what every file of
 * cg/ builds its code with, and which calls nothing above it.
 *
 *   instructions   dt_cg_insn() appends one, noting the clause and D line
 *                  it is for (verifier errors name them: bpf/dt_bpf.c);
 *                  constants, map references, helper calls
 *   labels         dt_cg_label() makes one, dt_cg_place() puts it at the
 *                  next instruction, dt_cg_jump() emits a jump to it; the
 *                  offsets are resolved when the program is done (dt_cg.c)
 *   temporaries    scratch bytes past the record (dt_cg_tmpalloc()), whose
 *                  offsets are patched once the record's size is known
 *   value stack    slots 0-2 are r6-r8, deeper ones spilled to the BPF
 *                  stack (dt_cg_push(), dt_cg_get(), dt_cg_set(), ...)
 *   faults         dt_cg_fault() fills the error record and jumps to the
 *                  clause's fault path; reads of kernel and user memory
 *                  that fault on a bad address
 *   records        a clause's record descriptions (dt_cg_recadd()), its
 *                  EPID, the CPU and context saved by the prologue
 *
 * The expression compiler (dt_cg.c) and the generators of the language's
 * functions (dt_cg_*.c) are above it; see dt_cg.c's essay for the program
 * shape, the value stack and the scratch layout.
 */
#include "dt_insn.h"
#include "dt_cg_impl.h"

#include <stdio.h>
#include <string.h>

_Noreturn void dt_cg_error(dt_cg_t *cg, const dt_node_t *dnp, const char *fmt, ...)
{
	va_list ap;
	int n = 0;

	if (dnp != NULL)
		n = snprintf(cg->cg_err, sizeof(cg->cg_err), "line %d: ", dnp->dn_line);
	va_start(ap, fmt);
	vsnprintf(cg->cg_err + n, sizeof(cg->cg_err) - n, fmt, ap);
	va_end(ap);
	longjmp(cg->cg_jmp, 1);
}

/* ------------------------------------------------------------ emission */

/* Each instruction notes its clause and D line, for verifier errors (dt_bpf.c). */
int dt_cg_insn(dt_cg_t *cg, struct bpf_insn insn)
{
	if (cg->cg_ninsns == cg->cg_cap) {
		cg->cg_cap = cg->cg_cap ? cg->cg_cap * 2 : 256;
		cg->cg_insns = dt_realloc(cg->cg_insns, sizeof(struct bpf_insn) * cg->cg_cap);
		cg->cg_lines = dt_realloc(cg->cg_lines, sizeof(int) * cg->cg_cap);
		cg->cg_insclauses = dt_realloc(cg->cg_insclauses, sizeof(dt_clause_t *) * cg->cg_cap);
	}
	cg->cg_lines[cg->cg_ninsns] = cg->cg_line;
	cg->cg_insclauses[cg->cg_ninsns] = cg->cg_clause;
	cg->cg_insns[cg->cg_ninsns] = insn;
	return cg->cg_ninsns++;
}

int dt_cg_label(dt_cg_t *cg)
{
	cg->cg_labels = dt_realloc(cg->cg_labels, sizeof(int) * (cg->cg_nlabels + 1));
	cg->cg_labels[cg->cg_nlabels] = -1;
	return cg->cg_nlabels++;
}

void dt_cg_place(dt_cg_t *cg, int label)
{
	cg->cg_labels[label] = cg->cg_ninsns;
}

/* Emit a jump instruction whose target is a label, resolved at the end. */
void dt_cg_jump(dt_cg_t *cg, struct bpf_insn insn, int label)
{
	cg->cg_fixes = dt_realloc(cg->cg_fixes, sizeof(dt_cgfix_t) * (cg->cg_nfixes + 1));
	cg->cg_fixes[cg->cg_nfixes].f_insn = dt_cg_insn(cg, insn);
	cg->cg_fixes[cg->cg_nfixes++].f_label = label;
}

void dt_cg_ld64(dt_cg_t *cg, int reg, uint64_t v)
{
	if ((int64_t)v == (int32_t)v) {
		dt_cg_insn(cg, MOV64_IMM(reg, (int32_t)v));
		return;
	}
	dt_cg_insn(cg, LD_IMM64_LO(reg, 0, (int32_t)(uint32_t)v));
	dt_cg_insn(cg, LD_IMM64_HI((int32_t)(uint32_t)(v >> 32)));
}

/* reg = map fd (for helpers); resolved to the real fd at load time */
void dt_cg_ldmap(dt_cg_t *cg, int reg, int map)
{
	dt_cg_insn(cg, LD_IMM64_LO(reg, BPF_PSEUDO_MAP_FD, map));
	dt_cg_insn(cg, LD_IMM64_HI(0));
}

/* reg = &map_value[0] + off (array maps only) */
void dt_cg_ldmapval(dt_cg_t *cg, int reg, int map, int off)
{
	dt_cg_insn(cg, LD_IMM64_LO(reg, BPF_PSEUDO_MAP_VALUE, map));
	dt_cg_insn(cg, LD_IMM64_HI(off));
}

void dt_cg_call(dt_cg_t *cg, int helper)
{
	dt_cg_insn(cg, CALL(helper));
}

/* r0 = lookup(map, u32 key in reg): the key goes through the stack */
void dt_cg_lookup32(dt_cg_t *cg, int map, int reg)
{
	dt_cg_insn(cg, STX(BPF_W, FP, reg, DT_STACK_TMP));
	dt_cg_ldmap(cg, R1, map);
	dt_cg_insn(cg, MOV64_REG(R2, FP));
	dt_cg_insn(cg, ALU64_IMM(BPF_ADD, R2, DT_STACK_TMP));
	dt_cg_call(cg, BPF_FUNC_map_lookup_elem);
}

/*
 * r0 = map_update_elem(r1, r2, r9 + val, flags): the map in r1 and the
 * key's address in r2 are the caller's (a dynamic variable's map and key
 * temp; an aggregation's map, maybe an inner one, and key, maybe the zero
 * key), the value is the temp at val.  BPF_ANY stores, BPF_NOEXIST only
 * creates (r0 = -EEXIST where another CPU was first); r0 < 0 otherwise
 * is a full map.
 */
void dt_cg_mapupdate(dt_cg_t *cg, int val, int flags)
{
	dt_cg_tmpaddr(cg, R3, val);
	dt_cg_insn(cg, MOV64_IMM(R4, flags));
	dt_cg_call(cg, BPF_FUNC_map_update_elem);
}

/* ++ this CPU's drop counter at off in dt_cpustate_t (r9): clobbers r1 */
void dt_cg_countdrop(dt_cg_t *cg, int off)
{
	dt_cg_insn(cg, LDX(BPF_DW, R1, R9, off));
	dt_cg_insn(cg, ALU64_IMM(BPF_ADD, R1, 1));
	dt_cg_insn(cg, STX(BPF_DW, R9, R1, off));
}

/* reg = r9 + temp offset (patched once the record size is known) */
void dt_cg_tmpaddr(dt_cg_t *cg, int reg, int tmpoff)
{
	dt_cg_insn(cg, MOV64_REG(reg, R9));
	cg->cg_tmpfix = dt_realloc(cg->cg_tmpfix, sizeof(int) * (cg->cg_ntmpfix + 1));
	cg->cg_tmpfix[cg->cg_ntmpfix++] = dt_cg_insn(cg, ALU64_IMM(BPF_ADD, reg, tmpoff));
}

/* reg = the temp's offset from r9, a number (patched as dt_cg_tmpaddr()'s) */
void dt_cg_tmpoff(dt_cg_t *cg, int reg, int tmpoff)
{
	dt_cg_insn(cg, MOV64_IMM(reg, 0));
	cg->cg_tmpfix = dt_realloc(cg->cg_tmpfix, sizeof(int) * (cg->cg_ntmpfix + 1));
	cg->cg_tmpfix[cg->cg_ntmpfix++] = dt_cg_insn(cg, ALU64_IMM(BPF_ADD, reg, tmpoff));
}

/*
 * The base register and offset of an access to r9 + *off (or to a field of
 * a header of at most 16 bytes there): r9 itself, or, if that might not fit
 * an instruction's 16-bit offset (a record or this-> variables past 32k:
 * big strsize), tmp = r9 + *off and *off = 0.
 */
int dt_cg_r9base(dt_cg_t *cg, int *off, int tmp)
{
	if (*off <= INT16_MAX - 16)
		return R9;
	dt_cg_insn(cg, MOV64_REG(tmp, R9));
	dt_cg_insn(cg, ALU64_IMM(BPF_ADD, tmp, *off));
	*off = 0;
	return tmp;
}

int dt_cg_tmpalloc(dt_cg_t *cg, int size)
{
	int off = (cg->cg_tmpoff + 7) & ~7;

	cg->cg_tmpoff = off + ((size + 7) & ~7); /* whole words: see str_compare() */
	if (cg->cg_tmpoff > cg->cg_tmpmax)
		cg->cg_tmpmax = cg->cg_tmpoff;
	return off;
}

/* ------------------------------------------------------------ value stack */

static int dt_cg_spilloff(int slot)
{
	return DT_STACK_SPILL - 8 * (slot - DT_NREGSLOTS);
}

int dt_cg_push(dt_cg_t *cg, const dt_node_t *dnp)
{
	if (cg->cg_depth >= DT_MAXDEPTH)
		dt_cg_error(cg, dnp, "expression too complex");
	return cg->cg_depth++;
}

void dt_cg_pop(dt_cg_t *cg)
{
	cg->cg_depth--;
}

/* The register holding slot, loading a spilled slot into tmp. */
int dt_cg_get(dt_cg_t *cg, int slot, int tmp)
{
	if (slot < DT_NREGSLOTS)
		return R6 + slot;
	dt_cg_insn(cg, LDX(BPF_DW, tmp, FP, dt_cg_spilloff(slot)));
	return tmp;
}

/* After a helper call: unless it returned 0, fault (invalid address) with the address in slot. */
void dt_cg_badaddr_unless(dt_cg_t *cg, int slot)
{
	int ok = dt_cg_label(cg);

	dt_cg_jump(cg, JMP_IMM(BPF_JEQ, R0, 0, 0), ok);
	dt_cg_fault(cg, DT_FAULT_BADADDR, dt_cg_get(cg, slot, R1));
	dt_cg_place(cg, ok);
}

/* reg = the value of slot (loaded, or moved from its register) */
void dt_cg_ldslot(dt_cg_t *cg, int reg, int slot)
{
	int r = dt_cg_get(cg, slot, reg);

	if (r != reg)
		dt_cg_insn(cg, MOV64_REG(reg, r));
}

void dt_cg_set(dt_cg_t *cg, int slot, int reg)
{
	if (slot < DT_NREGSLOTS) {
		if (reg != R6 + slot)
			dt_cg_insn(cg, MOV64_REG(R6 + slot, reg));
		return;
	}
	dt_cg_insn(cg, STX(BPF_DW, FP, reg, dt_cg_spilloff(slot)));
}

int dt_cg_bpfsize(int size)
{
	switch (size) {
	case 1: return BPF_B;
	case 2: return BPF_H;
	case 4: return BPF_W;
	default: return BPF_DW;
	}
}

/* Normalise reg to an integer type: sign- or zero-extend from its size. */
void dt_cg_normalize(dt_cg_t *cg, int reg, const dt_type_t *t)
{
	int bits;

	if (t == NULL || t->dt_kind != DT_TK_INT || t->dt_size >= 8)
		return;
	bits = 64 - t->dt_size * 8;
	if (t->dt_signed) {
		dt_cg_insn(cg, ALU64_IMM(BPF_LSH, reg, bits));
		dt_cg_insn(cg, ALU64_IMM(BPF_ARSH, reg, bits));
	} else if (t->dt_size == 4) {
		dt_cg_insn(cg, MOV32_REG(reg, reg));
	} else {
		dt_cg_insn(cg, ALU64_IMM(BPF_AND, reg, (1 << (t->dt_size * 8)) - 1));
	}
}

/* Load a value of type t from (base + off) into reg. */
void dt_cg_load(dt_cg_t *cg, int reg, int base, int off, const dt_type_t *t)
{
	int size = t->dt_kind == DT_TK_INT ? t->dt_size : 8;

	dt_cg_insn(cg, LDX(dt_cg_bpfsize(size), reg, base, off));
	dt_cg_normalize(cg, reg, t);
}

/* ------------------------------------------------------------ faults */

/*
 * Raise a fault: fill the error record and jump to the clause's fault
 * path.  addr_reg is the faulting address or -1.
 */
void dt_cg_fault(dt_cg_t *cg, int fault, int addr_reg)
{
	if (addr_reg >= 0)
		dt_cg_insn(cg, STX(BPF_DW, R9, addr_reg, DT_SCR_ERR + offsetof(dt_errrec_t, er_addr)));
	else
		dt_cg_insn(cg, ST(BPF_DW, R9, DT_SCR_ERR + offsetof(dt_errrec_t, er_addr), 0));
	dt_cg_insn(cg, ST(BPF_W, R9, DT_SCR_ERR + offsetof(dt_errrec_t, er_fault), fault));
	dt_cg_insn(cg, ST(BPF_W, R9, DT_SCR_ERR + offsetof(dt_errrec_t, er_action), cg->cg_actidx));
	dt_cg_insn(cg, ST(BPF_W, R9, DT_SCR_ERR + offsetof(dt_errrec_t, er_offset),
		    (cg->cg_ninsns - cg->cg_clausestart) * 8));
	dt_cg_jump(cg, JA(0), cg->cg_fault);
	cg->cg_hasfault = true;
}

/* if (reg == 0) fault (division by zero) */
void dt_cg_divzero(dt_cg_t *cg, int reg)
{
	int ok = dt_cg_label(cg);

	dt_cg_jump(cg, JMP_IMM(BPF_JNE, reg, 0, 0), ok);
	dt_cg_fault(cg, DT_FAULT_DIVZERO, -1);
	dt_cg_place(cg, ok);
}

/* ------------------------------------------------------------ memory */

/*
 * Read size bytes at the kernel (or user) address in slot's value into a
 * fresh temporary; faults on a bad address.  Returns the temp offset.
 */
int dt_cg_readmem(dt_cg_t *cg, int addrslot, int size, bool user)
{
	int tmp = dt_cg_tmpalloc(cg, size < 8 ? 8 : size);
	int ra = dt_cg_get(cg, addrslot, R3);

	if (ra != R3)
		dt_cg_insn(cg, MOV64_REG(R3, ra));
	dt_cg_tmpaddr(cg, R1, tmp);
	dt_cg_insn(cg, MOV64_IMM(R2, size));
	dt_cg_call(cg, user ? BPF_FUNC_probe_read_user : BPF_FUNC_probe_read_kernel);
	dt_cg_badaddr_unless(cg, addrslot);
	return tmp;
}

/* Copy a NUL-terminated string from (kernel/user) address in R3 to a temp. */
int dt_cg_readstr(dt_cg_t *cg, int addrslot, bool user)
{
	int tmp = dt_cg_tmpalloc(cg, cg->cg_strsize);
	int ok = dt_cg_label(cg);
	int ra = dt_cg_get(cg, addrslot, R3);

	if (ra != R3)
		dt_cg_insn(cg, MOV64_REG(R3, ra));
	dt_cg_tmpaddr(cg, R1, tmp);
	dt_cg_insn(cg, MOV64_IMM(R2, cg->cg_strsize));
	dt_cg_call(cg, user ? BPF_FUNC_probe_read_user_str : BPF_FUNC_probe_read_kernel_str);
	dt_cg_jump(cg, JMP_IMM(BPF_JSGT, R0, 0, 0), ok);
	ra = dt_cg_get(cg, addrslot, R1);
	dt_cg_fault(cg, DT_FAULT_BADADDR, ra);
	dt_cg_place(cg, ok);
	return tmp;
}

/* Copy the string at src (BPF memory) to dst (BPF memory): strsize bytes max. */
void dt_cg_copystr(dt_cg_t *cg, int dstreg, int srcreg)
{
	/* r1 = dst, r2 = size, r3 = src; caller ensures regs are not r1-r3 clashes */
	if (srcreg != R3)
		dt_cg_insn(cg, MOV64_REG(R3, srcreg));
	if (dstreg != R1)
		dt_cg_insn(cg, MOV64_REG(R1, dstreg));
	dt_cg_insn(cg, MOV64_IMM(R2, cg->cg_strsize));
	dt_cg_call(cg, BPF_FUNC_probe_read_kernel_str);
}

/*
 * Zero len bytes at temp tmpoff: stores, or for more than 256 bytes (keys
 * with big strings: past 32k the stores' offsets would not fit) one
 * bpf_probe_read_kernel() that fails, which zero-fills its destination.
 */
void dt_cg_zerotmp(dt_cg_t *cg, int tmpoff, int len)
{
	dt_cg_tmpaddr(cg, R1, tmpoff);
	if (len > 256) {
		dt_cg_insn(cg, MOV64_IMM(R2, len));
		dt_cg_insn(cg, MOV64_IMM(R3, 0));
		dt_cg_call(cg, BPF_FUNC_probe_read_kernel);
		return;
	}
	for (int i = 0; i < len; i += 8)
		dt_cg_insn(cg, ST(BPF_DW, R1, i, 0));
}

/* ------------------------------------------------------------ helpers */

bool dt_cg_isstr(const dt_node_t *dnp)
{
	const dt_type_t *t = dnp->dn_type;

	return t->dt_kind == DT_TK_STRING ||
	       (t->dt_kind == DT_TK_ARRAY && t->dt_base->dt_kind == DT_TK_INT &&
		t->dt_base->dt_size == 1);
}

int dt_cg_aggmap(const dt_ident_t *idp)
{
	return DT_MAP_AGG + idp->di_id;
}

/* ------------------------------------------------------------ records and identity */

dt_recdesc_t *dt_cg_recadd(dt_cg_t *cg, dt_actkind_t kind, int size, int align)
{
	dt_epid_t *ep = cg->cg_epid;
	dt_recdesc_t *rd;

	cg->cg_recoff = (cg->cg_recoff + align - 1) & ~(align - 1);
	ep->ep_recs = dt_realloc(ep->ep_recs, sizeof(dt_recdesc_t) * (ep->ep_nrecs + 1));
	rd = &ep->ep_recs[ep->ep_nrecs++];
	memset(rd, 0, sizeof(*rd));
	rd->rd_kind = kind;
	rd->rd_off = cg->cg_recoff;
	rd->rd_size = size;
	rd->rd_action = cg->cg_actidx;
	cg->cg_recoff += size;
	return rd;
}

/* reg = the EPID of the current clause for the probe that fired */
void dt_cg_epid(dt_cg_t *cg, int reg)
{
	if (!cg->cg_shared) {
		dt_cg_insn(cg, MOV64_IMM(reg, (int32_t)(cg->cg_epidbase + cg->cg_stmt)));
		return;
	}
	dt_cg_insn(cg, LDX(BPF_DW, reg, FP, DT_STACK_COOKIE));
	dt_cg_insn(cg, ALU64_IMM(BPF_RSH, reg, 32));
	if (cg->cg_stmt != 0)
		dt_cg_insn(cg, ALU64_IMM(BPF_ADD, reg, cg->cg_stmt));
}

/*
 * r0 = this CPU's number: the main program's prologue saved it; the ERROR
 * subprogram and shared subprograms, on frames of their own, ask again.
 */
void dt_cg_cpu(dt_cg_t *cg)
{
	if (cg->cg_inerror || cg->cg_insubr)
		dt_cg_call(cg, BPF_FUNC_get_smp_processor_id);
	else
		dt_cg_insn(cg, LDX(BPF_DW, R0, FP, DT_STACK_CPU));
}

/* reg = the program's context pointer */
void dt_cg_ldctx(dt_cg_t *cg, int reg)
{
	dt_cg_insn(cg, LDX(BPF_DW, reg, FP, DT_STACK_CTX));
}
