/*
 * dt_cg.c -- code generation: the cooked AST of the clauses that match one
 * probe becomes one eBPF program for that probe.
 *
 * Program shape.  The prologue saves the context, checks the consumer's
 * activity state (probes record nothing unless tracing is ACTIVE; BEGIN runs
 * in WARMUP and END in COOLDOWN) and finds this CPU's scratch area, kept in
 * r9 for the whole program.  Then each clause runs in program order: its
 * predicate, its statements, and, if it recorded data, one
 * bpf_perf_event_output() of its record: an EPID header followed by data at
 * offsets fixed at compile time (the consumer decodes it by EPID, as in the
 * paper's ECB/EPID model).  A run-time fault (division by zero, a bad
 * address) jumps to the clause's fault path, which writes an error record,
 * and continues with the next clause: a fault aborts only its clause.
 *
 * Values.  Expressions are evaluated on a virtual stack whose first three
 * slots are the callee-saved registers r6-r8 and whose deeper slots are
 * spilled to the BPF stack, so helper calls (which clobber r0-r5) never
 * disturb pending values.  Integers are kept as 64-bit values normalised to
 * their D type (sign- or zero-extended).  A string value is a pointer to
 * strsize bytes of BPF-readable memory: a string constant in dt_strtab, a
 * variable in a map value, or a temporary in the scratch area.
 *
 * Scratch layout (per CPU, r9):
 *   [0, 128)         dt_cpustate_t counters, read by the consumer via mmap
 *   [128, 192)       the error record of the current fault
 *   [192, +T)        this-> variables (program-wide offsets)
 *   [192+T, +R)      the clause record being built
 *   [192+T+R, ...)   temporaries (strings, keys), offsets patched at the end
 */
#include "../dt_impl.h"
#include "dt_insn.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define DT_SCR_ERR 128
#define DT_SCR_THIS 192
#define DT_STACK_CTX (-8)
#define DT_STACK_TMP (-16)
#define DT_STACK_SPILL (-24)
#define DT_NREGSLOTS 3
#define DT_MAXDEPTH 48

enum { DT_MAP_GLOBAL, DT_MAP_SCRATCH, DT_MAP_DVARS, DT_MAP_BUF, DT_MAP_STRTAB, DT_MAP_AGG };

typedef struct dt_cgfix {
	int f_insn;
	int f_label;
} dt_cgfix_t;

typedef struct dt_cg {
	dtrace_hdl_t *cg_dtp;
	struct bpf_insn *cg_insns;
	int cg_ninsns, cg_cap;
	int *cg_labels;
	int cg_nlabels;
	dt_cgfix_t *cg_fixes;
	int cg_nfixes;
	int *cg_tmpfix; /* insns whose imm/off is relative to the temp base */
	int cg_ntmpfix;
	int cg_depth;
	dt_probe_t *cg_probe;
	dt_clause_t *cg_clause;
	dt_epid_t *cg_epid;
	int cg_recbase;	  /* scratch offset of the record buffer */
	int cg_recoff;	  /* next free byte in the record */
	int cg_recmax;	  /* largest record of the program */
	int cg_tmpoff;	  /* next free temp byte (relative) */
	int cg_tmpmax;
	int cg_end;	  /* label: end of the current clause */
	int cg_fault;	  /* label: fault path of the current clause */
	int cg_clausestart;
	int cg_actidx;
	bool cg_hasfault;
	int cg_strsize;
	char cg_err[512];
	jmp_buf cg_jmp;
} dt_cg_t;

static void gen(dt_cg_t *cg, dt_node_t *dnp);
static void gen_str(dt_cg_t *cg, dt_node_t *dnp);

static _Noreturn void cg_error(dt_cg_t *cg, const dt_node_t *dnp, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static _Noreturn void cg_error(dt_cg_t *cg, const dt_node_t *dnp, const char *fmt, ...)
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

static int emit(dt_cg_t *cg, struct bpf_insn insn)
{
	if (cg->cg_ninsns == cg->cg_cap) {
		cg->cg_cap = cg->cg_cap ? cg->cg_cap * 2 : 256;
		cg->cg_insns = dt_realloc(cg->cg_insns, sizeof(struct bpf_insn) * cg->cg_cap);
	}
	cg->cg_insns[cg->cg_ninsns] = insn;
	return cg->cg_ninsns++;
}

static int label_new(dt_cg_t *cg)
{
	cg->cg_labels = dt_realloc(cg->cg_labels, sizeof(int) * (cg->cg_nlabels + 1));
	cg->cg_labels[cg->cg_nlabels] = -1;
	return cg->cg_nlabels++;
}

static void label_place(dt_cg_t *cg, int label)
{
	cg->cg_labels[label] = cg->cg_ninsns;
}

/* Emit a jump instruction whose target is a label, resolved at the end. */
static void emit_jump(dt_cg_t *cg, struct bpf_insn insn, int label)
{
	cg->cg_fixes = dt_realloc(cg->cg_fixes, sizeof(dt_cgfix_t) * (cg->cg_nfixes + 1));
	cg->cg_fixes[cg->cg_nfixes].f_insn = emit(cg, insn);
	cg->cg_fixes[cg->cg_nfixes++].f_label = label;
}

static void emit_ld64(dt_cg_t *cg, int reg, uint64_t v)
{
	if ((int64_t)v == (int32_t)v) {
		emit(cg, MOV64_IMM(reg, (int32_t)v));
		return;
	}
	emit(cg, LD_IMM64_LO(reg, 0, (int32_t)(uint32_t)v));
	emit(cg, LD_IMM64_HI((int32_t)(uint32_t)(v >> 32)));
}

/* reg = map fd (for helpers); resolved to the real fd at load time */
static void emit_ldmap(dt_cg_t *cg, int reg, int map)
{
	emit(cg, LD_IMM64_LO(reg, BPF_PSEUDO_MAP_FD, map));
	emit(cg, LD_IMM64_HI(0));
}

/* reg = &map_value[0] + off (array maps only) */
static void emit_ldmapval(dt_cg_t *cg, int reg, int map, int off)
{
	emit(cg, LD_IMM64_LO(reg, BPF_PSEUDO_MAP_VALUE, map));
	emit(cg, LD_IMM64_HI(off));
}

static void emit_call(dt_cg_t *cg, int helper)
{
	emit(cg, CALL(helper));
}

/* reg = r9 + temp offset (patched once the record size is known) */
static void emit_tmpaddr(dt_cg_t *cg, int reg, int tmpoff)
{
	emit(cg, MOV64_REG(reg, R9));
	cg->cg_tmpfix = dt_realloc(cg->cg_tmpfix, sizeof(int) * (cg->cg_ntmpfix + 1));
	cg->cg_tmpfix[cg->cg_ntmpfix++] = emit(cg, ALU64_IMM(BPF_ADD, reg, tmpoff));
}

static int tmp_alloc(dt_cg_t *cg, int size)
{
	int off = (cg->cg_tmpoff + 7) & ~7;

	cg->cg_tmpoff = off + size;
	if (cg->cg_tmpoff > cg->cg_tmpmax)
		cg->cg_tmpmax = cg->cg_tmpoff;
	return off;
}

/* ------------------------------------------------------------ value stack */

static int spill_off(int slot)
{
	return DT_STACK_SPILL - 8 * (slot - DT_NREGSLOTS);
}

static int vpush(dt_cg_t *cg, const dt_node_t *dnp)
{
	if (cg->cg_depth >= DT_MAXDEPTH)
		cg_error(cg, dnp, "expression too complex");
	return cg->cg_depth++;
}

static void vpop(dt_cg_t *cg)
{
	cg->cg_depth--;
}

/* The register holding slot, loading a spilled slot into tmp. */
static int vget(dt_cg_t *cg, int slot, int tmp)
{
	if (slot < DT_NREGSLOTS)
		return R6 + slot;
	emit(cg, LDX(BPF_DW, tmp, FP, spill_off(slot)));
	return tmp;
}

static void vset(dt_cg_t *cg, int slot, int reg)
{
	if (slot < DT_NREGSLOTS) {
		if (reg != R6 + slot)
			emit(cg, MOV64_REG(R6 + slot, reg));
		return;
	}
	emit(cg, STX(BPF_DW, FP, reg, spill_off(slot)));
}

/* Top of stack into reg (copy). */
static void vtop(dt_cg_t *cg, int reg)
{
	int r = vget(cg, cg->cg_depth - 1, reg);

	if (r != reg)
		emit(cg, MOV64_REG(reg, r));
}

static int bpf_size(int size)
{
	switch (size) {
	case 1: return BPF_B;
	case 2: return BPF_H;
	case 4: return BPF_W;
	default: return BPF_DW;
	}
}

/* Normalise reg to an integer type: sign- or zero-extend from its size. */
static void normalize(dt_cg_t *cg, int reg, const dt_type_t *t)
{
	int bits;

	if (t == NULL || t->dt_kind != DT_TK_INT || t->dt_size >= 8)
		return;
	bits = 64 - t->dt_size * 8;
	if (t->dt_signed) {
		emit(cg, ALU64_IMM(BPF_LSH, reg, bits));
		emit(cg, ALU64_IMM(BPF_ARSH, reg, bits));
	} else if (t->dt_size == 4) {
		emit(cg, MOV32_REG(reg, reg));
	} else {
		emit(cg, ALU64_IMM(BPF_AND, reg, (1 << (t->dt_size * 8)) - 1));
	}
}

/* Load a value of type t from (base + off) into reg. */
static void load_typed(dt_cg_t *cg, int reg, int base, int off, const dt_type_t *t)
{
	int size = t->dt_kind == DT_TK_INT ? t->dt_size : 8;

	emit(cg, LDX(bpf_size(size), reg, base, off));
	normalize(cg, reg, t);
}

/* ------------------------------------------------------------ faults */

/*
 * Raise a fault: fill the error record and jump to the clause's fault
 * path.  addr_reg is the faulting address or -1.
 */
static void emit_fault(dt_cg_t *cg, int fault, int addr_reg)
{
	if (addr_reg >= 0)
		emit(cg, STX(BPF_DW, R9, addr_reg, DT_SCR_ERR + offsetof(dt_errrec_t, er_addr)));
	else
		emit(cg, ST(BPF_DW, R9, DT_SCR_ERR + offsetof(dt_errrec_t, er_addr), 0));
	emit(cg, ST(BPF_W, R9, DT_SCR_ERR + offsetof(dt_errrec_t, er_fault), fault));
	emit(cg, ST(BPF_W, R9, DT_SCR_ERR + offsetof(dt_errrec_t, er_action), cg->cg_actidx));
	emit(cg, ST(BPF_W, R9, DT_SCR_ERR + offsetof(dt_errrec_t, er_offset),
		    (cg->cg_ninsns - cg->cg_clausestart) * 8));
	emit_jump(cg, JA(0), cg->cg_fault);
	cg->cg_hasfault = true;
}

/* if (reg == 0) fault (division by zero) */
static void check_divzero(dt_cg_t *cg, int reg)
{
	int ok = label_new(cg);

	emit_jump(cg, JMP_IMM(BPF_JNE, reg, 0, 0), ok);
	emit_fault(cg, DT_FAULT_DIVZERO, -1);
	label_place(cg, ok);
}

/* ------------------------------------------------------------ memory */

/*
 * Read size bytes at the kernel (or user) address in slot's value into a
 * fresh temporary; faults on a bad address.  Returns the temp offset.
 */
static int read_mem(dt_cg_t *cg, int addrslot, int size, bool user)
{
	int tmp = tmp_alloc(cg, size < 8 ? 8 : size);
	int ok = label_new(cg);
	int ra = vget(cg, addrslot, R3);

	if (ra != R3)
		emit(cg, MOV64_REG(R3, ra));
	emit_tmpaddr(cg, R1, tmp);
	emit(cg, MOV64_IMM(R2, size));
	emit_call(cg, user ? BPF_FUNC_probe_read_user : BPF_FUNC_probe_read_kernel);
	emit_jump(cg, JMP_IMM(BPF_JEQ, R0, 0, 0), ok);
	ra = vget(cg, addrslot, R1);
	emit_fault(cg, DT_FAULT_BADADDR, ra);
	label_place(cg, ok);
	return tmp;
}

/* Copy a NUL-terminated string from (kernel/user) address in R3 to a temp. */
static int read_str(dt_cg_t *cg, int addrslot, bool user)
{
	int tmp = tmp_alloc(cg, cg->cg_strsize);
	int ok = label_new(cg);
	int ra = vget(cg, addrslot, R3);

	if (ra != R3)
		emit(cg, MOV64_REG(R3, ra));
	emit_tmpaddr(cg, R1, tmp);
	emit(cg, MOV64_IMM(R2, cg->cg_strsize));
	emit_call(cg, user ? BPF_FUNC_probe_read_user_str : BPF_FUNC_probe_read_kernel_str);
	emit_jump(cg, JMP_IMM(BPF_JSGT, R0, 0, 0), ok);
	ra = vget(cg, addrslot, R1);
	emit_fault(cg, DT_FAULT_BADADDR, ra);
	label_place(cg, ok);
	return tmp;
}

/* Copy the string at src (BPF memory) to dst (BPF memory): strsize bytes max. */
static void copy_str(dt_cg_t *cg, int dstreg, int srcreg)
{
	/* r1 = dst, r2 = size, r3 = src; caller ensures regs are not r1-r3 clashes */
	if (srcreg != R3)
		emit(cg, MOV64_REG(R3, srcreg));
	if (dstreg != R1)
		emit(cg, MOV64_REG(R1, dstreg));
	emit(cg, MOV64_IMM(R2, cg->cg_strsize));
	emit_call(cg, BPF_FUNC_probe_read_kernel_str);
}

/* Zero len bytes at r9 + off (temp-relative if tmp). */
static void zero_tmp(dt_cg_t *cg, int tmpoff, int len)
{
	emit_tmpaddr(cg, R1, tmpoff);
	for (int i = 0; i < len; i += 8)
		emit(cg, ST(BPF_DW, R1, i, 0));
}

/* ------------------------------------------------------------ strings */

static bool node_is_str(const dt_node_t *dnp)
{
	const dt_type_t *t = dnp->dn_type;

	return t->dt_kind == DT_TK_STRING ||
	       (t->dt_kind == DT_TK_ARRAY && t->dt_base->dt_kind == DT_TK_INT &&
		t->dt_base->dt_size == 1);
}

/*
 * Compare the strings in the two top slots; leaves strcmp()'s sign
 * (-1, 0, 1) in the lower slot.
 */
static void str_compare(dt_cg_t *cg)
{
	int a = cg->cg_depth - 2, b = cg->cg_depth - 1;
	int loop = label_new(cg), differ = label_new(cg), equal = label_new(cg),
	    done = label_new(cg);
	int ra = vget(cg, a, R1), rb;

	if (ra != R1)
		emit(cg, MOV64_REG(R1, ra));
	rb = vget(cg, b, R2);
	if (rb != R2)
		emit(cg, MOV64_REG(R2, rb));
	emit(cg, MOV64_IMM(R3, 0));
	label_place(cg, loop);
	emit_jump(cg, JMP_IMM(BPF_JGE, R3, cg->cg_strsize, 0), equal);
	emit(cg, MOV64_REG(R4, R1));
	emit(cg, ALU64_REG(BPF_ADD, R4, R3));
	emit(cg, LDX(BPF_B, R4, R4, 0));
	emit(cg, MOV64_REG(R5, R2));
	emit(cg, ALU64_REG(BPF_ADD, R5, R3));
	emit(cg, LDX(BPF_B, R5, R5, 0));
	emit_jump(cg, JMP_REG(BPF_JNE, R4, R5, 0), differ);
	emit_jump(cg, JMP_IMM(BPF_JEQ, R4, 0, 0), equal);
	emit(cg, ALU64_IMM(BPF_ADD, R3, 1));
	emit_jump(cg, JA(0), loop);
	label_place(cg, differ);
	emit(cg, MOV64_IMM(R0, 1));
	emit_jump(cg, JMP_REG(BPF_JGT, R4, R5, 0), done);
	emit(cg, MOV64_IMM(R0, -1));
	emit_jump(cg, JA(0), done);
	label_place(cg, equal);
	emit(cg, MOV64_IMM(R0, 0));
	label_place(cg, done);
	vpop(cg);
	vset(cg, a, R0);
}

/* ------------------------------------------------------------ dynamic vars */

/*
 * Build the dynamic variable key for idp (and keys, for arrays) in a temp:
 * { u32 varid, u32 0, u64 tid or 0, key tuple... }, zero-padded to the
 * handle's dynamic key size.  Returns the temp offset.
 */
static int build_dvkey(dt_cg_t *cg, dt_ident_t *idp, dt_node_t *keys)
{
	dtrace_hdl_t *dtp = cg->cg_dtp;
	int tmp = tmp_alloc(cg, dtp->dt_dvkeysize);
	int off = 16;
	bool tls = idp->di_kind == DT_ID_TLS || idp->di_kind == DT_ID_TARRAY;

	zero_tmp(cg, tmp, dtp->dt_dvkeysize);
	emit_tmpaddr(cg, R1, tmp);
	emit(cg, ST(BPF_W, R1, 0, idp->di_id));
	if (tls) {
		emit_call(cg, BPF_FUNC_get_current_pid_tgid);
		emit_tmpaddr(cg, R1, tmp);
		emit(cg, STX(BPF_DW, R1, R0, 8));
	}
	for (dt_node_t *k = keys; k; k = k->dn_next) {
		if (node_is_str(k)) {
			int r;

			gen_str(cg, k);
			r = vget(cg, cg->cg_depth - 1, R3);
			emit_tmpaddr(cg, R1, tmp + off);
			copy_str(cg, R1, r);
			off += cg->cg_strsize;
		} else {
			int r;

			gen(cg, k);
			r = vget(cg, cg->cg_depth - 1, R2);
			emit_tmpaddr(cg, R1, tmp);
			emit(cg, STX(BPF_DW, R1, r, off));
			off += 8;
		}
		vpop(cg);
	}
	return tmp;
}

/* r0 = lookup(dvars, key temp) */
static void dv_lookup(dt_cg_t *cg, int keytmp)
{
	emit_ldmap(cg, R1, DT_MAP_DVARS);
	emit_tmpaddr(cg, R2, keytmp);
	emit_call(cg, BPF_FUNC_map_lookup_elem);
}

static int aggmap(const dt_ident_t *idp)
{
	return DT_MAP_AGG + idp->di_id;
}

/* ------------------------------------------------------------ variables */

static bool is_dynamic(const dt_ident_t *idp)
{
	return idp->di_kind == DT_ID_TLS || idp->di_kind == DT_ID_TARRAY ||
	       idp->di_kind == DT_ID_GARRAY;
}

/*
 * Push a pointer to the storage of a variable (for strings) or its value.
 * keys are the array keys of an N_ARRAY reference.
 */
static void gen_varload(dt_cg_t *cg, const dt_node_t *dnp, dt_ident_t *idp, dt_node_t *keys)
{
	int slot, found, done;
	bool str = idp->di_type->dt_kind == DT_TK_STRING;

	if (!is_dynamic(idp)) {
		slot = vpush(cg, dnp);
		if (idp->di_kind == DT_ID_LOCAL) {
			emit(cg, MOV64_REG(R0, R9));
			emit(cg, ALU64_IMM(BPF_ADD, R0, DT_SCR_THIS + idp->di_off));
		} else {
			emit_ldmapval(cg, R0, DT_MAP_GLOBAL, DT_G_VARS + idp->di_off);
		}
		if (!str)
			load_typed(cg, R0, R0, 0, idp->di_type);
		vset(cg, slot, R0);
		return;
	}
	{
		int key = build_dvkey(cg, idp, keys);

		dv_lookup(cg, key);
	}
	slot = vpush(cg, dnp);
	found = label_new(cg);
	done = label_new(cg);
	emit_jump(cg, JMP_IMM(BPF_JNE, R0, 0, 0), found);
	if (str)
		emit_ldmapval(cg, R0, DT_MAP_STRTAB, 0); /* "" */
	else
		emit(cg, MOV64_IMM(R0, 0));
	emit_jump(cg, JA(0), done);
	label_place(cg, found);
	if (!str)
		load_typed(cg, R0, R0, 0, idp->di_type);
	label_place(cg, done);
	vset(cg, slot, R0);
}

/*
 * Store the value on top of the stack into a variable; the value stays on
 * the stack (an assignment is an expression).
 */
static void gen_varstore(dt_cg_t *cg, dt_ident_t *idp, dt_node_t *keys)
{
	int vslot = cg->cg_depth - 1;
	bool str = idp->di_type->dt_kind == DT_TK_STRING;
	int size = str ? cg->cg_strsize : 8;
	int r;

	if (!is_dynamic(idp)) {
		if (idp->di_kind == DT_ID_LOCAL) {
			emit(cg, MOV64_REG(R1, R9));
			emit(cg, ALU64_IMM(BPF_ADD, R1, DT_SCR_THIS + idp->di_off));
		} else {
			emit_ldmapval(cg, R1, DT_MAP_GLOBAL, DT_G_VARS + idp->di_off);
		}
		r = vget(cg, vslot, R3);
		if (str) {
			copy_str(cg, R1, r);
		} else {
			emit(cg, STX(bpf_size(idp->di_type->dt_size > 8 ? 8 : idp->di_type->dt_size),
				     R1, r, 0));
		}
		return;
	}
	{
		int key = build_dvkey(cg, idp, keys);
		int del = label_new(cg), done = label_new(cg), fail = label_new(cg);
		int val = tmp_alloc(cg, size);

		/* assigning zero (or "") deallocates the variable */
		r = vget(cg, vslot, R1);
		if (str) {
			emit(cg, LDX(BPF_B, R2, r, 0));
			emit_jump(cg, JMP_IMM(BPF_JEQ, R2, 0, 0), del);
			emit_tmpaddr(cg, R1, val);
			r = vget(cg, vslot, R3);
			copy_str(cg, R1, r);
		} else {
			emit_jump(cg, JMP_IMM(BPF_JEQ, r, 0, 0), del);
			emit_tmpaddr(cg, R1, val);
			emit(cg, STX(BPF_DW, R1, r, 0));
		}
		emit_ldmap(cg, R1, DT_MAP_DVARS);
		emit_tmpaddr(cg, R2, key);
		emit_tmpaddr(cg, R3, val);
		emit(cg, MOV64_IMM(R4, BPF_ANY));
		emit_call(cg, BPF_FUNC_map_update_elem);
		emit_jump(cg, JMP_IMM(BPF_JNE, R0, 0, 0), fail);
		emit_jump(cg, JA(0), done);
		label_place(cg, fail);
		emit(cg, LDX(BPF_DW, R1, R9, offsetof(dt_cpustate_t, cs_dyndrops)));
		emit(cg, ALU64_IMM(BPF_ADD, R1, 1));
		emit(cg, STX(BPF_DW, R9, R1, offsetof(dt_cpustate_t, cs_dyndrops)));
		emit_jump(cg, JA(0), done);
		label_place(cg, del);
		emit_ldmap(cg, R1, DT_MAP_DVARS);
		emit_tmpaddr(cg, R2, key);
		emit_call(cg, BPF_FUNC_map_delete_elem);
		label_place(cg, done);
	}
}

/* ------------------------------------------------------------ built-ins */

static void gen_probestr(dt_cg_t *cg, int reg, const char *s)
{
	emit_ldmapval(cg, reg, DT_MAP_STRTAB, dt_strtab_add(cg->cg_dtp, s));
}

/* Load a member of the current task through BTF offsets: ppid etc. */
static void gen_task_member(dt_cg_t *cg, const dt_node_t *dnp, const char *const *path)
{
	dtrace_hdl_t *dtp = cg->cg_dtp;
	dt_type_t *t = dt_type_struct(dtp, "task_struct", false);
	int slot;

	if (t == NULL)
		cg_error(cg, dnp, "kernel BTF is not available for %s", "ppid");
	emit_call(cg, BPF_FUNC_get_current_task);
	slot = vpush(cg, dnp);
	vset(cg, slot, R0);
	for (int i = 0; path[i]; i++) {
		dt_member_t *dm = dt_type_member(dtp, t, path[i]);
		int tmp, size;

		if (dm == NULL)
			cg_error(cg, dnp, "task_struct has no member %s", path[i]);
		t = dm->dm_type;
		size = t->dt_kind == DT_TK_INT ? t->dt_size : 8;
		{
			int r = vget(cg, slot, R0);

			emit(cg, ALU64_IMM(BPF_ADD, r, dm->dm_off));
			vset(cg, slot, r);
		}
		tmp = read_mem(cg, slot, size, false);
		emit_tmpaddr(cg, R1, tmp);
		load_typed(cg, R0, R1, 0, t->dt_kind == DT_TK_INT ? t : dt_type_int(dtp, 8, false));
		vset(cg, slot, R0);
		if (t->dt_kind == DT_TK_PTR)
			t = t->dt_base;
	}
}

static void gen_arg(dt_cg_t *cg, int n, int reg)
{
	dt_provider_t *pv = cg->cg_probe->pr_prov;

	pv->pv_cg_arg(cg, cg->cg_probe, n, reg);
}

static void gen_builtin(dt_cg_t *cg, dt_node_t *dnp)
{
	dt_probe_t *pr = cg->cg_probe;
	int id = dnp->dn_builtin, slot;

	if (id == DT_BV_PPID) {
		static const char *const path[] = { "real_parent", "tgid", NULL };

		gen_task_member(cg, dnp, path);
		return;
	}
	slot = vpush(cg, dnp);
	switch (id) {
	case DT_BV_PID:
		emit_call(cg, BPF_FUNC_get_current_pid_tgid);
		emit(cg, ALU64_IMM(BPF_RSH, R0, 32));
		break;
	case DT_BV_TID:
		emit_call(cg, BPF_FUNC_get_current_pid_tgid);
		emit(cg, MOV32_REG(R0, R0));
		break;
	case DT_BV_UID:
		emit_call(cg, BPF_FUNC_get_current_uid_gid);
		emit(cg, MOV32_REG(R0, R0));
		break;
	case DT_BV_GID:
		emit_call(cg, BPF_FUNC_get_current_uid_gid);
		emit(cg, ALU64_IMM(BPF_RSH, R0, 32));
		break;
	case DT_BV_EXECNAME: {
		int tmp = tmp_alloc(cg, cg->cg_strsize);

		emit_tmpaddr(cg, R1, tmp);
		emit(cg, ST(BPF_DW, R1, 16, 0));
		emit(cg, MOV64_IMM(R2, 16));
		emit_call(cg, BPF_FUNC_get_current_comm);
		emit_tmpaddr(cg, R0, tmp);
		break;
	}
	case DT_BV_CPU:
		emit_call(cg, BPF_FUNC_get_smp_processor_id);
		break;
	case DT_BV_TIMESTAMP:
		emit_call(cg, BPF_FUNC_ktime_get_ns);
		break;
	case DT_BV_WALLTIMESTAMP:
		emit_call(cg, BPF_FUNC_ktime_get_ns);
		emit_ldmapval(cg, R1, DT_MAP_GLOBAL, DT_G_WALLOFF);
		emit(cg, LDX(BPF_DW, R1, R1, 0));
		emit(cg, ALU64_REG(BPF_ADD, R0, R1));
		break;
	case DT_BV_PROBEPROV:
		gen_probestr(cg, R0, pr->pr_desc.dtpd_provider);
		break;
	case DT_BV_PROBEMOD:
		gen_probestr(cg, R0, pr->pr_desc.dtpd_mod);
		break;
	case DT_BV_PROBEFUNC:
		gen_probestr(cg, R0, pr->pr_desc.dtpd_func);
		break;
	case DT_BV_PROBENAME:
		gen_probestr(cg, R0, pr->pr_desc.dtpd_name);
		break;
	case DT_BV_ID:
		emit(cg, MOV64_IMM(R0, (int32_t)pr->pr_desc.dtpd_id));
		break;
	case DT_BV_EPID:
		emit(cg, MOV64_IMM(R0, (int32_t)cg->cg_epid->ep_id));
		break;
	case DT_BV_ERRNO:
		if (pr->pr_return && !strcmp(pr->pr_desc.dtpd_provider, "syscall")) {
			int zero = label_new(cg), done = label_new(cg);

			gen_arg(cg, 0, R0);
			emit_jump(cg, JMP_IMM(BPF_JSGE, R0, 0, 0), zero);
			emit_jump(cg, JMP_IMM(BPF_JSLT, R0, -4095, 0), zero);
			emit(cg, NEG64(R0));
			emit_jump(cg, JA(0), done);
			label_place(cg, zero);
			emit(cg, MOV64_IMM(R0, 0));
			label_place(cg, done);
		} else {
			emit(cg, MOV64_IMM(R0, 0));
		}
		break;
	case DT_BV_CURTHREAD:
		emit_call(cg, BPF_FUNC_get_current_task);
		break;
	default:
		if (id >= DT_BV_ARG0 && id <= DT_BV_ARG0 + 9) {
			gen_arg(cg, id - DT_BV_ARG0, R0);
			break;
		}
		cg_error(cg, dnp, "built-in variable %s is not supported on this platform",
			 dnp->dn_name);
	}
	vset(cg, slot, R0);
}

/* ------------------------------------------------------------ addresses */

/* Push the address of an lvalue in memory (member, deref, index). */
static void gen_addr(dt_cg_t *cg, dt_node_t *dnp)
{
	int slot;

	switch (dnp->dn_kind) {
	case N_MEMBER:
		if (dnp->dn_op == OP_ARROW)
			gen(cg, dnp->dn_left);
		else
			gen_addr(cg, dnp->dn_left);
		slot = cg->cg_depth - 1;
		if (dnp->dn_val != 0) {
			int r = vget(cg, slot, R0);

			emit(cg, ALU64_IMM(BPF_ADD, r, (int32_t)dnp->dn_val));
			vset(cg, slot, r);
		}
		return;
	case N_DEREF:
		gen(cg, dnp->dn_left);
		return;
	case N_ARRAY: {
		dt_node_t *base = dnp->dn_left;
		int r, ri;

		if (base->dn_type->dt_kind == DT_TK_ARRAY)
			gen_addr(cg, base);
		else
			gen(cg, base);
		gen(cg, dnp->dn_args);
		ri = vget(cg, cg->cg_depth - 1, R1);
		if (ri != R1)
			emit(cg, MOV64_REG(R1, ri));
		emit(cg, ALU64_IMM(BPF_MUL, R1, dnp->dn_type->dt_size));
		vpop(cg);
		r = vget(cg, cg->cg_depth - 1, R0);
		emit(cg, ALU64_REG(BPF_ADD, r, R1));
		vset(cg, cg->cg_depth - 1, r);
		return;
	}
	default:
		cg_error(cg, dnp, "expression is not addressable");
	}
}

/* Load the value of a memory lvalue whose address is on top of the stack. */
static void gen_memload(dt_cg_t *cg, dt_node_t *dnp)
{
	const dt_type_t *t = dnp->dn_type;
	int slot = cg->cg_depth - 1, tmp;

	if (t->dt_kind == DT_TK_ARRAY || t->dt_kind == DT_TK_STRUCT ||
	    t->dt_kind == DT_TK_UNION)
		return; /* value is the address, as in C */
	if (t->dt_kind == DT_TK_STRING) {
		tmp = read_str(cg, slot, false);
		emit_tmpaddr(cg, R0, tmp);
		vset(cg, slot, R0);
		return;
	}
	tmp = read_mem(cg, slot, t->dt_kind == DT_TK_INT ? t->dt_size : 8, false);
	emit_tmpaddr(cg, R1, tmp);
	load_typed(cg, R0, R1, 0, t);
	vset(cg, slot, R0);
}

/* ------------------------------------------------------------ strings */

/* Push a pointer to a BPF-readable string for a string-like expression. */
static void gen_str(dt_cg_t *cg, dt_node_t *dnp)
{
	const dt_type_t *t = dnp->dn_type;

	if (t->dt_kind == DT_TK_STRING) {
		gen(cg, dnp);
		return;
	}
	if (t->dt_kind == DT_TK_ARRAY) {
		int tmp;

		gen_addr(cg, dnp);
		tmp = read_str(cg, cg->cg_depth - 1, false);
		emit_tmpaddr(cg, R0, tmp);
		vset(cg, cg->cg_depth - 1, R0);
		return;
	}
	/* char * or integer: a kernel address */
	gen(cg, dnp);
	{
		int tmp = read_str(cg, cg->cg_depth - 1, false);

		emit_tmpaddr(cg, R0, tmp);
		vset(cg, cg->cg_depth - 1, R0);
	}
}

/* ------------------------------------------------------------ operators */

static const dt_type_t *cmp_type(const dt_node_t *dnp)
{
	return dnp->dn_ctype ? dnp->dn_ctype : dnp->dn_left->dn_type;
}

static int cmp_jump(int op, bool sgn)
{
	switch (op) {
	case OP_EQ: return BPF_JEQ;
	case OP_NE: return BPF_JNE;
	case '<': return sgn ? BPF_JSLT : BPF_JLT;
	case '>': return sgn ? BPF_JSGT : BPF_JGT;
	case OP_LE: return sgn ? BPF_JSLE : BPF_JLE;
	default: return sgn ? BPF_JSGE : BPF_JGE;
	}
}

/* Apply op to the two top slots (a op= b), leaving the result in a. */
static void apply_op(dt_cg_t *cg, const dt_node_t *dnp, int op, const dt_type_t *t,
		     const dt_type_t *lt, const dt_type_t *rt)
{
	int a = cg->cg_depth - 2, b = cg->cg_depth - 1;
	int ra, rb;
	bool sgn = t->dt_kind == DT_TK_INT && t->dt_signed;

	rb = vget(cg, b, R2);
	ra = vget(cg, a, R1);
	/* pointer arithmetic scales the integer operand */
	if ((op == '+' || op == '-') && lt && rt) {
		if (lt->dt_kind == DT_TK_PTR && rt->dt_kind == DT_TK_INT) {
			int sz = lt->dt_base->dt_size ? lt->dt_base->dt_size : 1;

			if (rb != R2)
				emit(cg, MOV64_REG(R2, rb));
			rb = R2;
			emit(cg, ALU64_IMM(BPF_MUL, rb, sz));
		} else if (rt->dt_kind == DT_TK_PTR && lt->dt_kind == DT_TK_INT) {
			int sz = rt->dt_base->dt_size ? rt->dt_base->dt_size : 1;

			if (ra != R1)
				emit(cg, MOV64_REG(R1, ra));
			ra = R1;
			emit(cg, ALU64_IMM(BPF_MUL, ra, sz));
		}
	}
	switch (op) {
	case '+': emit(cg, ALU64_REG(BPF_ADD, ra, rb)); break;
	case '-': emit(cg, ALU64_REG(BPF_SUB, ra, rb)); break;
	case '*': emit(cg, ALU64_REG(BPF_MUL, ra, rb)); break;
	case '&': emit(cg, ALU64_REG(BPF_AND, ra, rb)); break;
	case '|': emit(cg, ALU64_REG(BPF_OR, ra, rb)); break;
	case '^': emit(cg, ALU64_REG(BPF_XOR, ra, rb)); break;
	case OP_SHL: emit(cg, ALU64_REG(BPF_LSH, ra, rb)); break;
	case OP_SHR: emit(cg, ALU64_REG(sgn ? BPF_ARSH : BPF_RSH, ra, rb)); break;
	case '/':
	case '%':
		check_divzero(cg, rb);
		if (sgn)
			emit(cg, op == '/' ? SDIV64_REG(ra, rb) : SMOD64_REG(ra, rb));
		else
			emit(cg, ALU64_REG(op == '/' ? BPF_DIV : BPF_MOD, ra, rb));
		break;
	default:
		cg_error(cg, dnp, "unsupported operator %d", op);
	}
	if (op == '-' && lt && rt && lt->dt_kind == DT_TK_PTR && rt->dt_kind == DT_TK_PTR &&
	    lt->dt_base->dt_size > 1)
		emit(cg, DT_INSN(BPF_ALU64 | BPF_DIV | BPF_K, ra, 0, 1, lt->dt_base->dt_size));
	normalize(cg, ra, t);
	vset(cg, a, ra);
	vpop(cg);
}

static void gen_binary(dt_cg_t *cg, dt_node_t *dnp)
{
	int op = dnp->dn_op;

	if (op == OP_EQ || op == OP_NE || op == '<' || op == '>' || op == OP_LE || op == OP_GE) {
		int a, done = label_new(cg), ra, rb, jop;

		if (dnp->dn_builtin == 1) { /* strings */
			gen_str(cg, dnp->dn_left);
			gen_str(cg, dnp->dn_right);
			str_compare(cg);
			a = cg->cg_depth - 1;
			ra = vget(cg, a, R1);
			if (ra != R1)
				emit(cg, MOV64_REG(R1, ra));
			emit(cg, MOV64_IMM(R0, 1));
			emit_jump(cg, JMP_IMM(cmp_jump(op, true), R1, 0, 0), done);
			emit(cg, MOV64_IMM(R0, 0));
			label_place(cg, done);
			vset(cg, a, R0);
			return;
		}
		gen(cg, dnp->dn_left);
		gen(cg, dnp->dn_right);
		a = cg->cg_depth - 2;
		rb = vget(cg, a + 1, R2);
		if (rb != R2)
			emit(cg, MOV64_REG(R2, rb));
		ra = vget(cg, a, R1);
		if (ra != R1)
			emit(cg, MOV64_REG(R1, ra));
		jop = cmp_jump(op, cmp_type(dnp)->dt_kind == DT_TK_INT && cmp_type(dnp)->dt_signed);
		emit(cg, MOV64_IMM(R0, 1));
		emit_jump(cg, JMP_REG(jop, R1, R2, 0), done);
		emit(cg, MOV64_IMM(R0, 0));
		label_place(cg, done);
		vpop(cg);
		vset(cg, a, R0);
		return;
	}
	gen(cg, dnp->dn_left);
	gen(cg, dnp->dn_right);
	apply_op(cg, dnp, op, dnp->dn_type, dnp->dn_left->dn_type, dnp->dn_right->dn_type);
}

/* Push the truth value (0/1) of a scalar or string expression. */
static void gen_truth(dt_cg_t *cg, dt_node_t *dnp)
{
	int slot, r, done = label_new(cg);

	if (node_is_str(dnp)) {
		gen_str(cg, dnp);
		slot = cg->cg_depth - 1;
		r = vget(cg, slot, R1);
		emit(cg, LDX(BPF_B, R1, r, 0));
	} else {
		gen(cg, dnp);
		slot = cg->cg_depth - 1;
		r = vget(cg, slot, R1);
		if (r != R1)
			emit(cg, MOV64_REG(R1, r));
	}
	emit(cg, MOV64_IMM(R0, 0));
	emit_jump(cg, JMP_IMM(BPF_JEQ, R1, 0, 0), done);
	emit(cg, MOV64_IMM(R0, 1));
	label_place(cg, done);
	vset(cg, slot, R0);
}

static void gen_logical(dt_cg_t *cg, dt_node_t *dnp)
{
	int slot, done = label_new(cg);

	gen_truth(cg, dnp->dn_left);
	slot = cg->cg_depth - 1;
	if (dnp->dn_op == OP_LXOR) {
		int ra, rb;

		gen_truth(cg, dnp->dn_right);
		rb = vget(cg, slot + 1, R2);
		ra = vget(cg, slot, R1);
		emit(cg, ALU64_REG(BPF_XOR, ra, rb));
		vset(cg, slot, ra);
		vpop(cg);
		return;
	}
	{
		int r = vget(cg, slot, R1);

		emit_jump(cg, JMP_IMM(dnp->dn_op == OP_LAND ? BPF_JEQ : BPF_JNE, r, 0, 0), done);
	}
	vpop(cg);
	gen_truth(cg, dnp->dn_right);
	label_place(cg, done);
}

static void gen_cond(dt_cg_t *cg, dt_node_t *dnp)
{
	int other = label_new(cg), done = label_new(cg), slot, r;
	bool str = dnp->dn_type->dt_kind == DT_TK_STRING;

	gen_truth(cg, dnp->dn_cond);
	slot = cg->cg_depth - 1;
	r = vget(cg, slot, R1);
	emit_jump(cg, JMP_IMM(BPF_JEQ, r, 0, 0), other);
	vpop(cg);
	if (str)
		gen_str(cg, dnp->dn_left);
	else
		gen(cg, dnp->dn_left);
	r = vget(cg, slot, R0);
	normalize(cg, r, dnp->dn_type);
	vset(cg, slot, r);
	emit_jump(cg, JA(0), done);
	vpop(cg);
	label_place(cg, other);
	if (str)
		gen_str(cg, dnp->dn_right);
	else
		gen(cg, dnp->dn_right);
	r = vget(cg, slot, R0);
	normalize(cg, r, dnp->dn_type);
	vset(cg, slot, r);
	label_place(cg, done);
}

/* ------------------------------------------------------------ assignment */

static dt_node_t *lvalue_keys(dt_node_t *lhs)
{
	return lhs->dn_kind == N_ARRAY ? lhs->dn_args : NULL;
}

static void gen_assign(dt_cg_t *cg, dt_node_t *dnp)
{
	dt_node_t *lhs = dnp->dn_left;
	dt_ident_t *idp = lhs->dn_ident;

	if (dnp->dn_op == '=') {
		if (idp->di_type->dt_kind == DT_TK_STRING)
			gen_str(cg, dnp->dn_right);
		else
			gen(cg, dnp->dn_right);
		if (idp->di_type->dt_kind == DT_TK_INT) {
			int r = vget(cg, cg->cg_depth - 1, R0);

			normalize(cg, r, idp->di_type);
			vset(cg, cg->cg_depth - 1, r);
		}
	} else {
		gen(cg, lhs);
		gen(cg, dnp->dn_right);
		apply_op(cg, dnp, dnp->dn_op, lhs->dn_type, lhs->dn_type, dnp->dn_right->dn_type);
	}
	gen_varstore(cg, idp, lvalue_keys(lhs));
}

static void gen_incdec(dt_cg_t *cg, dt_node_t *dnp)
{
	dt_node_t *lhs = dnp->dn_left;
	const dt_type_t *t = lhs->dn_type;
	int step = 1, slot, r;

	if (t->dt_kind == DT_TK_PTR)
		step = t->dt_base->dt_size ? t->dt_base->dt_size : 1;
	gen(cg, lhs);
	slot = cg->cg_depth - 1;
	r = vget(cg, slot, R0);
	if (dnp->dn_post) {
		/* keep the old value below the new one */
		int nslot = vpush(cg, dnp);

		if (r != R0)
			emit(cg, MOV64_REG(R0, r));
		emit(cg, ALU64_IMM(BPF_ADD, R0, dnp->dn_op == '+' ? step : -step));
		normalize(cg, R0, t);
		vset(cg, nslot, R0);
		gen_varstore(cg, lhs->dn_ident, lvalue_keys(lhs));
		vpop(cg);
		return;
	}
	emit(cg, ALU64_IMM(BPF_ADD, r, dnp->dn_op == '+' ? step : -step));
	normalize(cg, r, t);
	vset(cg, slot, r);
	gen_varstore(cg, lhs->dn_ident, lvalue_keys(lhs));
}

/* ------------------------------------------------------------ subroutines */

static void gen_subr(dt_cg_t *cg, dt_node_t *dnp)
{
	dt_node_t *a0 = dnp->dn_args;
	int slot, tmp, r;

	switch (dnp->dn_builtin) {
	case DT_FN_STRLEN:
		gen_str(cg, a0);
		slot = cg->cg_depth - 1;
		tmp = tmp_alloc(cg, cg->cg_strsize);
		r = vget(cg, slot, R3);
		emit_tmpaddr(cg, R1, tmp);
		copy_str(cg, R1, r);
		emit(cg, ALU64_IMM(BPF_SUB, R0, 1));
		vset(cg, slot, R0);
		return;
	case DT_FN_COPYINSTR:
		gen(cg, a0);
		slot = cg->cg_depth - 1;
		tmp = read_str(cg, slot, true);
		if (a0->dn_next != NULL) {
			/* copyinstr(addr, len): truncate at len */
			int ok = label_new(cg);

			gen(cg, a0->dn_next);
			r = vget(cg, slot + 1, R1);
			if (r != R1)
				emit(cg, MOV64_REG(R1, r));
			vpop(cg);
			emit_jump(cg, JMP_IMM(BPF_JSLT, R1, 0, 0), ok);
			emit_jump(cg, JMP_IMM(BPF_JGE, R1, cg->cg_strsize, 0), ok);
			emit_tmpaddr(cg, R2, tmp);
			emit(cg, ALU64_REG(BPF_ADD, R2, R1));
			emit(cg, ST(BPF_B, R2, 0, 0));
			label_place(cg, ok);
		}
		emit_tmpaddr(cg, R0, tmp);
		vset(cg, slot, R0);
		return;
	case DT_FN_RAND:
		slot = vpush(cg, dnp);
		emit_call(cg, BPF_FUNC_get_prandom_u32);
		emit(cg, MOV32_REG(R0, R0));
		vset(cg, slot, R0);
		return;
	case DT_FN_STRJOIN: {
		int t2, len = label_new(cg);

		gen_str(cg, a0);
		gen_str(cg, a0->dn_next);
		slot = cg->cg_depth - 2;
		tmp = tmp_alloc(cg, cg->cg_strsize * 2);
		r = vget(cg, slot, R3);
		emit_tmpaddr(cg, R1, tmp);
		copy_str(cg, R1, r);
		/* r0 = bytes copied incl. NUL; append second string after it */
		emit_jump(cg, JMP_IMM(BPF_JSGT, R0, 0, 0), len);
		emit(cg, MOV64_IMM(R0, 1));
		label_place(cg, len);
		emit(cg, ALU64_IMM(BPF_SUB, R0, 1));
		{
			int clamp = label_new(cg);

			emit_jump(cg, JMP_IMM(BPF_JLT, R0, cg->cg_strsize, 0), clamp);
			emit(cg, MOV64_IMM(R0, cg->cg_strsize - 1));
			label_place(cg, clamp);
		}
		emit_tmpaddr(cg, R1, tmp);
		emit(cg, ALU64_REG(BPF_ADD, R1, R0));
		emit(cg, MOV64_IMM(R2, cg->cg_strsize));
		emit(cg, ALU64_REG(BPF_SUB, R2, R0));
		r = vget(cg, slot + 1, R3);
		if (r != R3)
			emit(cg, MOV64_REG(R3, r));
		emit_call(cg, BPF_FUNC_probe_read_kernel_str);
		t2 = tmp;
		vpop(cg);
		emit_tmpaddr(cg, R0, t2);
		vset(cg, slot, R0);
		return;
	}
	case DT_FN_PROGENYOF:
		cg_error(cg, dnp, "progenyof( ) is not yet supported on this platform");
	case DT_FN_SPECULATION:
		slot = vpush(cg, dnp);
		emit(cg, MOV64_IMM(R0, 0));
		vset(cg, slot, R0);
		return;
	default:
		cg_error(cg, dnp, "%s( ) is not yet supported on this platform", dnp->dn_name);
	}
}

/* ------------------------------------------------------------ expressions */

static void gen(dt_cg_t *cg, dt_node_t *dnp)
{
	int slot, r;

	switch (dnp->dn_kind) {
	case N_INT:
		slot = vpush(cg, dnp);
		emit_ld64(cg, R0, (uint64_t)dnp->dn_val);
		normalize(cg, R0, dnp->dn_type);
		vset(cg, slot, R0);
		return;
	case N_STR: {
		char *s = dt_strndup(dnp->dn_str, dnp->dn_strlen);

		slot = vpush(cg, dnp);
		emit_ldmapval(cg, R0, DT_MAP_STRTAB, dt_strtab_add(cg->cg_dtp, s));
		free(s);
		vset(cg, slot, R0);
		return;
	}
	case N_VAR:
		if (dnp->dn_ident != NULL)
			gen_varload(cg, dnp, dnp->dn_ident, NULL);
		else
			gen_builtin(cg, dnp);
		return;
	case N_ARRAY:
		if (dnp->dn_builtin == DT_BV_ARGS) {
			slot = vpush(cg, dnp);
			gen_arg(cg, (int)dnp->dn_val, R0);
			normalize(cg, R0, dnp->dn_type);
			vset(cg, slot, R0);
		} else if (dnp->dn_ident != NULL) {
			gen_varload(cg, dnp, dnp->dn_ident, dnp->dn_args);
		} else {
			gen_addr(cg, dnp);
			gen_memload(cg, dnp);
		}
		return;
	case N_UNARY:
		gen(cg, dnp->dn_left);
		slot = cg->cg_depth - 1;
		r = vget(cg, slot, R0);
		switch (dnp->dn_op) {
		case OP_NEG: emit(cg, NEG64(r)); break;
		case '~': emit(cg, ALU64_IMM(BPF_XOR, r, -1)); break;
		case '!': {
			int done = label_new(cg);

			emit(cg, MOV64_REG(R1, r));
			emit(cg, MOV64_IMM(r, 1));
			emit_jump(cg, JMP_IMM(BPF_JEQ, R1, 0, 0), done);
			emit(cg, MOV64_IMM(r, 0));
			label_place(cg, done);
			break;
		}
		default: break;
		}
		normalize(cg, r, dnp->dn_type);
		vset(cg, slot, r);
		return;
	case N_BINARY:
		gen_binary(cg, dnp);
		return;
	case N_LOGICAL:
		gen_logical(cg, dnp);
		return;
	case N_COND:
		gen_cond(cg, dnp);
		return;
	case N_ASSIGN:
		gen_assign(cg, dnp);
		return;
	case N_INCDEC:
		gen_incdec(cg, dnp);
		return;
	case N_CALL:
		gen_subr(cg, dnp);
		return;
	case N_MEMBER:
	case N_DEREF:
		gen_addr(cg, dnp);
		gen_memload(cg, dnp);
		return;
	case N_ADDROF:
		gen_addr(cg, dnp->dn_left);
		return;
	case N_CAST:
		if (dnp->dn_type->dt_kind == DT_TK_STRING) {
			gen_str(cg, dnp->dn_left);
			return;
		}
		gen(cg, dnp->dn_left);
		slot = cg->cg_depth - 1;
		r = vget(cg, slot, R0);
		normalize(cg, r, dnp->dn_type);
		vset(cg, slot, r);
		return;
	case N_STRINGOF:
		gen_str(cg, dnp->dn_left);
		return;
	case N_COMMA:
		gen(cg, dnp->dn_left);
		vpop(cg);
		gen(cg, dnp->dn_right);
		return;
	default:
		cg_error(cg, dnp, "unsupported expression (kind %d)", dnp->dn_kind);
	}
}

/* ------------------------------------------------------------ records */

static dt_recdesc_t *rec_add(dt_cg_t *cg, dt_actkind_t kind, int size, int align)
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

/* Evaluate an expression and store it into a new record of the clause. */
static dt_recdesc_t *rec_value(dt_cg_t *cg, dt_actkind_t kind, dt_node_t *dnp, bool widen)
{
	const dt_type_t *t = dnp->dn_type;
	dt_recdesc_t *rd;
	int r;

	if (node_is_str(dnp)) {
		gen_str(cg, dnp);
		rd = rec_add(cg, kind, cg->cg_strsize, 1);
		rd->rd_string = true;
		r = vget(cg, cg->cg_depth - 1, R3);
		emit(cg, MOV64_REG(R1, R9));
		emit(cg, ALU64_IMM(BPF_ADD, R1, cg->cg_recbase + rd->rd_off));
		copy_str(cg, R1, r);
		/* an unreadable string records as "" */
		{
			int ok = label_new(cg);

			emit_jump(cg, JMP_IMM(BPF_JSGT, R0, 0, 0), ok);
			emit(cg, ST(BPF_B, R9, cg->cg_recbase + rd->rd_off, 0));
			label_place(cg, ok);
		}
	} else {
		int size = t->dt_kind == DT_TK_INT ? t->dt_size : 8;

		if (widen)
			size = 8;
		gen(cg, dnp);
		rd = rec_add(cg, kind, size, size);
		rd->rd_signed = t->dt_kind == DT_TK_INT && t->dt_signed;
		r = vget(cg, cg->cg_depth - 1, R0);
		emit(cg, STX(bpf_size(size), R9, r, cg->cg_recbase + rd->rd_off));
		if (widen)
			rd->rd_fmt = t->dt_kind == DT_TK_INT ? t->dt_size : 8; /* original size */
	}
	vpop(cg);
	return rd;
}

static void gen_exit(dt_cg_t *cg, dt_node_t *dnp)
{
	int expect = !strcmp(cg->cg_probe->pr_desc.dtpd_provider, "dtrace") &&
				 !strcmp(cg->cg_probe->pr_desc.dtpd_name, "BEGIN")
			 ? DT_ACTIVITY_WARMUP
			 : DT_ACTIVITY_ACTIVE;

	rec_value(cg, DT_ACT_EXIT, dnp->dn_args, false);
	if (!strcmp(cg->cg_probe->pr_desc.dtpd_name, "END") &&
	    !strcmp(cg->cg_probe->pr_desc.dtpd_provider, "dtrace"))
		return;
	/* activity: ACTIVE (or WARMUP) -> DRAINING; stop every later probe */
	emit_ldmapval(cg, R1, DT_MAP_GLOBAL, DT_G_ACTIVITY);
	emit(cg, MOV64_IMM(R0, expect));
	emit(cg, MOV64_IMM(R2, DT_ACTIVITY_DRAINING));
	emit(cg, ATOMIC(BPF_DW, BPF_CMPXCHG, R1, R2, 0));
}

static void gen_action(dt_cg_t *cg, dt_node_t *call)
{
	dtrace_hdl_t *dtp = cg->cg_dtp;
	dt_recdesc_t *rd;

	switch (call->dn_builtin) {
	case DT_FN_TRACE:
		rec_value(cg, DT_ACT_TRACE, call->dn_args, false);
		return;
	case DT_FN_PRINTF: {
		int n = 0, fmt = dt_format_add(dtp, call->dn_args->dn_str);
		dt_recdesc_t *first;
		int idx;

		for (dt_node_t *a = call->dn_args->dn_next; a; a = a->dn_next)
			n++;
		first = rec_add(cg, DT_ACT_PRINTF, 0, 1);
		first->rd_fmt = fmt;
		first->rd_nargs = n;
		idx = cg->cg_epid->ep_nrecs - 1;
		for (dt_node_t *a = call->dn_args->dn_next; a; a = a->dn_next) {
			rd = rec_value(cg, DT_ACT_PRINTF, a, true);
			rd->rd_nargs = -1; /* an argument */
		}
		(void)idx;
		return;
	}
	case DT_FN_EXIT:
		gen_exit(cg, call);
		return;
	case DT_FN_SPECULATE:
	case DT_FN_COMMIT:
	case DT_FN_DISCARD:
		/* speculation is not wired yet: evaluate for side effects */
		gen(cg, call->dn_args);
		vpop(cg);
		return;
	default:
		cg_error(cg, call, "%s( ) is not yet supported on this platform", call->dn_name);
	}
}

/* ------------------------------------------------------------ aggregations */

static void gen_aggstmt(dt_cg_t *cg, dt_node_t *dnp);

/* ------------------------------------------------------------ statements */

static void gen_stmts(dt_cg_t *cg, dt_node_t *dnp)
{
	for (; dnp; dnp = dnp->dn_next) {
		switch (dnp->dn_kind) {
		case N_EXPRSTMT: {
			dt_node_t *e = dnp->dn_left;

			cg->cg_actidx = dnp->dn_actidx;
			if (e->dn_kind == N_AGGSTMT) {
				gen_aggstmt(cg, e);
			} else if (e->dn_kind == N_CALL &&
				   dt_builtin_fn_byid(e->dn_builtin)->bf_kind != DT_FN_SUBR) {
				gen_action(cg, e);
			} else {
				gen(cg, e);
				vpop(cg);
			}
			break;
		}
		case N_IF: {
			int other = label_new(cg), done = label_new(cg), r;

			gen_truth(cg, dnp->dn_cond);
			r = vget(cg, cg->cg_depth - 1, R1);
			vpop(cg);
			emit_jump(cg, JMP_IMM(BPF_JEQ, r, 0, 0), other);
			gen_stmts(cg, dnp->dn_body);
			emit_jump(cg, JA(0), done);
			label_place(cg, other);
			gen_stmts(cg, dnp->dn_else);
			label_place(cg, done);
			break;
		}
		case N_BLOCK:
			gen_stmts(cg, dnp->dn_body);
			break;
		default:
			break;
		}
	}
}

/* Emit the output of the clause record (r9 + recbase, size bytes). */
static void emit_output(dt_cg_t *cg, int recbase, int size, uint64_t dropoff)
{
	int ok = label_new(cg);

	emit(cg, LDX(BPF_DW, R1, FP, DT_STACK_CTX));
	emit_ldmap(cg, R2, DT_MAP_BUF);
	emit(cg, DT_INSN(BPF_ALU | BPF_MOV | BPF_K, R3, 0, 0, -1)); /* BPF_F_CURRENT_CPU */
	emit(cg, MOV64_REG(R4, R9));
	emit(cg, ALU64_IMM(BPF_ADD, R4, recbase));
	emit(cg, MOV64_IMM(R5, size));
	emit_call(cg, BPF_FUNC_perf_event_output);
	emit_jump(cg, JMP_IMM(BPF_JEQ, R0, 0, 0), ok);
	emit(cg, LDX(BPF_DW, R1, R9, (int)dropoff));
	emit(cg, ALU64_IMM(BPF_ADD, R1, 1));
	emit(cg, STX(BPF_DW, R9, R1, (int)dropoff));
	label_place(cg, ok);
}

static void gen_clause(dt_cg_t *cg, dt_clause_t *clp)
{
	dtrace_hdl_t *dtp = cg->cg_dtp;
	int epid = dt_epid_alloc(dtp, cg->cg_probe, clp);
	int size;

	cg->cg_clause = clp;
	cg->cg_epid = dtp->dt_epids[epid];
	cg->cg_recoff = sizeof(dt_rechdr_t);
	cg->cg_tmpoff = 0;
	cg->cg_end = label_new(cg);
	cg->cg_fault = label_new(cg);
	cg->cg_clausestart = cg->cg_ninsns;
	cg->cg_actidx = 0;
	cg->cg_hasfault = false;
	cg->cg_depth = 0;

	if (clp->dc_pred != NULL) {
		int r;

		gen_truth(cg, clp->dc_pred);
		r = vget(cg, cg->cg_depth - 1, R1);
		vpop(cg);
		emit_jump(cg, JMP_IMM(BPF_JEQ, r, 0, 0), cg->cg_end);
	}
	gen_stmts(cg, clp->dc_body);

	size = (cg->cg_recoff + 7) & ~7;
	cg->cg_epid->ep_size = size;
	cg->cg_epid->ep_default = clp->dc_default;
	if (cg->cg_epid->ep_nrecs > 0 || clp->dc_default) {
		emit(cg, ST(BPF_W, R9, cg->cg_recbase + offsetof(dt_rechdr_t, rh_epid), epid));
		emit(cg, ST(BPF_W, R9, cg->cg_recbase + offsetof(dt_rechdr_t, rh_spec), 0));
		emit_output(cg, cg->cg_recbase, size, offsetof(dt_cpustate_t, cs_drops));
	}
	if (size > cg->cg_recmax)
		cg->cg_recmax = size;
	emit_jump(cg, JA(0), cg->cg_end);

	/* fault path: record the error, count it, skip the rest of the clause */
	label_place(cg, cg->cg_fault);
	if (cg->cg_hasfault) {
		emit(cg, ST(BPF_W, R9, DT_SCR_ERR + offsetof(dt_rechdr_t, rh_epid),
			    (int32_t)DT_EPID_ERROR));
		emit(cg, ST(BPF_W, R9, DT_SCR_ERR + offsetof(dt_rechdr_t, rh_spec), 0));
		emit(cg, ST(BPF_W, R9, DT_SCR_ERR + offsetof(dt_errrec_t, er_epid), epid));
		emit(cg, LDX(BPF_DW, R1, R9, offsetof(dt_cpustate_t, cs_errors)));
		emit(cg, ALU64_IMM(BPF_ADD, R1, 1));
		emit(cg, STX(BPF_DW, R9, R1, offsetof(dt_cpustate_t, cs_errors)));
		emit_output(cg, DT_SCR_ERR, sizeof(dt_errrec_t), offsetof(dt_cpustate_t, cs_drops));
	}
	label_place(cg, cg->cg_end);
}

/* ------------------------------------------------------------ aggregations */

/*
 * @a[keys] = f(args): per-CPU hash map per aggregation; the key tuple is
 * built in a temp, the value updated in place (no lock: the map is per
 * CPU), or created with an update when the key is new.
 */
static void gen_aggstmt(dt_cg_t *cg, dt_node_t *dnp)
{
	(void)cg;
	cg_error(cg, dnp, "aggregations are not yet supported");
}

/* ------------------------------------------------------------ program */

static int activity_for(const dt_probe_t *pr)
{
	if (!strcmp(pr->pr_desc.dtpd_provider, "dtrace")) {
		if (!strcmp(pr->pr_desc.dtpd_name, "BEGIN"))
			return DT_ACTIVITY_WARMUP;
		if (!strcmp(pr->pr_desc.dtpd_name, "END"))
			return DT_ACTIVITY_COOLDOWN;
	}
	return DT_ACTIVITY_ACTIVE;
}

static void gen_prologue(dt_cg_t *cg)
{
	int out = label_new(cg), ok = label_new(cg);

	emit(cg, STX(BPF_DW, FP, R1, DT_STACK_CTX));
	emit_ldmapval(cg, R1, DT_MAP_GLOBAL, DT_G_ACTIVITY);
	emit(cg, LDX(BPF_DW, R1, R1, 0));
	emit_jump(cg, JMP_IMM(BPF_JNE, R1, activity_for(cg->cg_probe), 0), out);
	emit_call(cg, BPF_FUNC_get_smp_processor_id);
	emit(cg, STX(BPF_W, FP, R0, DT_STACK_TMP));
	emit_ldmap(cg, R1, DT_MAP_SCRATCH);
	emit(cg, MOV64_REG(R2, FP));
	emit(cg, ALU64_IMM(BPF_ADD, R2, DT_STACK_TMP));
	emit_call(cg, BPF_FUNC_map_lookup_elem);
	emit_jump(cg, JMP_IMM(BPF_JNE, R0, 0, 0), ok);
	label_place(cg, out);
	emit(cg, MOV64_IMM(R0, 0));
	emit(cg, EXIT());
	label_place(cg, ok);
	emit(cg, MOV64_REG(R9, R0));
}

/* Resolve labels and temp offsets; returns 0 or -1 (message in cg_err). */
static int finalize(dt_cg_t *cg, int tmpbase)
{
	for (int i = 0; i < cg->cg_nfixes; i++) {
		int insn = cg->cg_fixes[i].f_insn, target = cg->cg_labels[cg->cg_fixes[i].f_label];

		if (target < 0) {
			snprintf(cg->cg_err, sizeof(cg->cg_err), "internal error: unplaced label");
			return -1;
		}
		if (target - insn - 1 > 32767 || target - insn - 1 < -32768) {
			snprintf(cg->cg_err, sizeof(cg->cg_err), "program too large");
			return -1;
		}
		cg->cg_insns[insn].off = (int16_t)(target - insn - 1);
	}
	for (int i = 0; i < cg->cg_ntmpfix; i++)
		cg->cg_insns[cg->cg_tmpfix[i]].imm += tmpbase;
	return 0;
}

int dt_cg_program(dtrace_hdl_t *dtp, dt_probe_t *pr, dt_clause_t **clauses, int n,
		  dt_bpfprog_t **out)
{
	dt_cg_t *cg = dt_zalloc(sizeof(*cg));
	dt_bpfprog_t *bp;
	int tmpbase;

	cg->cg_dtp = dtp;
	cg->cg_probe = pr;
	cg->cg_strsize = (int)dtp->dt_options[DTOPT_STRSIZE];
	cg->cg_recbase = DT_SCR_THIS + dtp->dt_thissize;
	if (setjmp(cg->cg_jmp) != 0) {
		dt_set_errmsg(dtp, EDT_COMPILER, "%s", cg->cg_err);
		free(cg->cg_insns);
		free(cg);
		return -1;
	}
	gen_prologue(cg);
	for (int i = 0; i < n; i++)
		gen_clause(cg, clauses[i]);
	emit(cg, MOV64_IMM(R0, 0));
	emit(cg, EXIT());

	tmpbase = (cg->cg_recbase + cg->cg_recmax + 7) & ~7;
	if (finalize(cg, tmpbase) != 0) {
		dt_set_errmsg(dtp, EDT_COMPILER, "%s", cg->cg_err);
		return -1;
	}
	if (tmpbase + cg->cg_tmpmax > dtp->dt_scratchsize)
		dtp->dt_scratchsize = tmpbase + cg->cg_tmpmax;
	if (cg->cg_recmax > dtp->dt_recmax)
		dtp->dt_recmax = cg->cg_recmax;

	bp = dt_zalloc(sizeof(*bp));
	bp->bp_probe = pr;
	bp->bp_insns = cg->cg_insns;
	bp->bp_ninsns = cg->cg_ninsns;
	bp->bp_fd = -1;
	*out = bp;
	free(cg->cg_labels);
	free(cg->cg_fixes);
	free(cg->cg_tmpfix);
	free(cg);
	return 0;
}

/* ------------------------------------------------------------ tables */

int dt_epid_alloc(dtrace_hdl_t *dtp, dt_probe_t *pr, dt_clause_t *clp)
{
	dt_epid_t *ep = dt_zalloc(sizeof(*ep));

	if (dtp->dt_nepids == 0)
		dtp->dt_nepids = 1; /* EPID 0 is never used */
	dtp->dt_epids = dt_realloc(dtp->dt_epids, sizeof(dt_epid_t *) * (dtp->dt_nepids + 1));
	ep->ep_id = dtp->dt_nepids;
	ep->ep_probe = pr;
	ep->ep_clause = clp;
	dtp->dt_epids[dtp->dt_nepids] = ep;
	return dtp->dt_nepids++;
}

int dt_format_add(dtrace_hdl_t *dtp, const char *fmt)
{
	dtp->dt_formats = dt_realloc(dtp->dt_formats, sizeof(dt_format_t) * (dtp->dt_nformats + 1));
	dtp->dt_formats[dtp->dt_nformats].fm_str = dt_strdup(fmt);
	dtp->dt_formats[dtp->dt_nformats].fm_nconv = 0;
	return dtp->dt_nformats++;
}

/*
 * String constants: each is stored padded to strsize bytes, so that loops
 * reading up to strsize bytes stay inside the map value.  Offset 0 holds
 * the empty string.
 */
int dt_strtab_add(dtrace_hdl_t *dtp, const char *s)
{
	int strsize = (int)dtp->dt_options[DTOPT_STRSIZE];
	size_t len = strlen(s);
	int off;

	if (dtp->dt_strtablen == 0) {
		dtp->dt_strtabcap = strsize * 16;
		dtp->dt_strtab = dt_zalloc(dtp->dt_strtabcap);
		dtp->dt_strtablen = strsize;
	}
	for (off = strsize; off < dtp->dt_strtablen; off += strsize)
		if (!strncmp(dtp->dt_strtab + off, s, strsize - 1) &&
		    (len >= (size_t)strsize - 1 || dtp->dt_strtab[off + len] == '\0'))
			return off;
	if (dtp->dt_strtablen + strsize > dtp->dt_strtabcap) {
		dtp->dt_strtab = dt_realloc(dtp->dt_strtab, dtp->dt_strtabcap * 2);
		memset(dtp->dt_strtab + dtp->dt_strtabcap, 0, dtp->dt_strtabcap);
		dtp->dt_strtabcap *= 2;
	}
	off = dtp->dt_strtablen;
	memcpy(dtp->dt_strtab + off, s, len < (size_t)strsize - 1 ? len : (size_t)strsize - 1);
	dtp->dt_strtablen += strsize;
	return off;
}

/* ------------------------------------------------------------ provider API */

/* Providers emit their argument loads through these. */
void dt_cg_emit(struct dt_cg *cg, struct bpf_insn insn)
{
	emit(cg, insn);
}

/* reg = the program's context pointer */
void dt_cg_ldctx(struct dt_cg *cg, int reg)
{
	emit(cg, LDX(BPF_DW, reg, FP, DT_STACK_CTX));
}
