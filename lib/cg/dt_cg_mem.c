/*
 * dt_cg_mem.c -- scratch memory: alloca(), and the subroutines that write
 * into it, bcopy() and copyinto(); and the D library's __dt_psargs().
 *
 * alloca(size) is a temporary of the clause's scratch area (the per-CPU
 * map value r9 points to), zeroed, whose address is the value: as big as
 * a constant size, else strsize bytes, a bigger size at run time faulting
 * (out of scratch space).  The memory lives until the clause ends, as in
 * DTrace.
 *
 * A destination given to bcopy() or copyinto() is a number at run time (a
 * pointer kept in a variable loses its type), so the code turns it back
 * into a pointer the verifier accepts: its offset from r9 (r9 itself is
 * read back as a number through a scratch word), checked to lie, with the
 * size written, within the temporaries the clause has allocated so far;
 * anything else faults with DTrace's invalid address, as a destination
 * outside alloca()'d scratch does in DTrace.
 */
#include "../dt_impl.h"
#include "dt_insn.h"
#include "dt_cg_impl.h"

#define I(x) dt_cg_insn(cg, x)

/* The most bytes one alloca() takes, bcopy() or copyinto() writes. */
#define DT_ALLOCA_MAX 32768

/* The constant value of an integer node, or -1. */
static int64_t constsize(const dt_node_t *dnp)
{
	return dnp->dn_kind == N_INT ? (int64_t)dnp->dn_val : -1;
}

/* alloca(size): leaves the address on the value stack */
static void gen_alloca(dt_cg_t *cg, dt_node_t *dnp)
{
	dt_node_t *a0 = dnp->dn_args;
	int64_t c = constsize(a0);
	int max = c >= 0 ? (int)c : cg->cg_strsize, tmp, slot;

	if (c > DT_ALLOCA_MAX)
		dt_cg_error(cg, dnp, "alloca( ) of %lld bytes exceeds the %d bytes of scratch space a clause may allocate",
			    (long long)c, DT_ALLOCA_MAX);
	dt_cg_expr(cg, a0);
	slot = cg->cg_depth - 1;
	tmp = dt_cg_tmpalloc(cg, max < 8 ? 8 : max);
	if (c < 0) {
		int fits = dt_cg_label(cg);

		dt_cg_ldslot(cg, R2, slot);
		dt_cg_jump(cg, JMP_IMM(BPF_JLE, R2, max, 0), fits);
		dt_cg_fault(cg, DT_FAULT_NOSCRATCH, -1);
		dt_cg_place(cg, fits);
	}
	/* zeroed: a read from address 0 fails and zeroes its destination */
	dt_cg_tmpaddr(cg, R1, tmp);
	I(MOV64_IMM(R2, max < 8 ? 8 : max));
	I(MOV64_IMM(R3, 0));
	dt_cg_call(cg, BPF_FUNC_probe_read_kernel);
	dt_cg_tmpaddr(cg, R0, tmp);
	dt_cg_set(cg, slot, R0);
}

/*
 * r1 = a pointer the verifier accepts for the destination in slot dslot,
 * size bytes of it (size >= 0), or the size in slot szslot (r5 on exit):
 * within the clause's temporaries, else a fault.
 */
static void scratch_dst(dt_cg_t *cg, int dslot, int64_t size, int szslot)
{
	int hi = cg->cg_tmpoff, word = dt_cg_tmpalloc(cg, 8), bad = dt_cg_label(cg),
	    ok = dt_cg_label(cg);

	dt_cg_tmpaddr(cg, R2, word);
	I(STX(BPF_DW, R2, R9, 0));
	I(LDX(BPF_DW, R3, R2, 0)); /* r9 as a number */
	dt_cg_ldslot(cg, R1, dslot);
	I(ALU64_REG(BPF_SUB, R1, R3)); /* the destination's offset in the scratch area */
	dt_cg_tmpoff(cg, R4, 0);
	dt_cg_jump(cg, JMP_REG(BPF_JLT, R1, R4, 0), bad);
	if (size >= 0) {
		if (size > hi) { /* never fits: a jump always taken, the rest dead code */
			dt_cg_jump(cg, JMP_IMM(BPF_JGE, R1, 0, 0), bad);
		} else {
			dt_cg_tmpoff(cg, R4, hi - (int)size);
			dt_cg_jump(cg, JMP_REG(BPF_JGT, R1, R4, 0), bad);
		}
	} else {
		dt_cg_ldslot(cg, R5, szslot);
		dt_cg_jump(cg, JMP_IMM(BPF_JGT, R5, hi, 0), bad);
		dt_cg_tmpoff(cg, R4, hi);
		dt_cg_jump(cg, JMP_REG(BPF_JGT, R1, R4, 0), bad);
		I(MOV64_REG(R0, R1));
		I(ALU64_REG(BPF_ADD, R0, R5));
		dt_cg_jump(cg, JMP_REG(BPF_JGT, R0, R4, 0), bad);
		dt_cg_tmpalloc(cg, hi); /* room past hi for what the verifier cannot relate */
	}
	I(MOV64_REG(R2, R9));
	I(ALU64_REG(BPF_ADD, R2, R1));
	I(MOV64_REG(R1, R2));
	dt_cg_jump(cg, JA(0), ok);
	dt_cg_place(cg, bad);
	dt_cg_ldslot(cg, R1, dslot);
	dt_cg_fault(cg, DT_FAULT_BADADDR, R1);
	dt_cg_place(cg, ok);
}

/*
 * bcopy(src, dest, size) and copyinto(addr, size, dest): read kernel or
 * user memory into alloca()'d scratch; an unreadable source faults.
 */
static void gen_copy(dt_cg_t *cg, dt_node_t *dnp, bool user)
{
	dt_node_t *src = dnp->dn_args, *a1 = src->dn_next, *a2 = a1->dn_next;
	dt_node_t *dst = user ? a2 : a1, *sz = user ? a1 : a2;
	int64_t c = constsize(sz);
	int base = cg->cg_depth;

	if (c > DT_ALLOCA_MAX)
		dt_cg_error(cg, dnp, "%s( ) of %lld bytes exceeds the %d bytes of scratch space a clause may allocate",
			    dnp->dn_name, (long long)c, DT_ALLOCA_MAX);
	dt_cg_expr(cg, src);
	dt_cg_expr(cg, dst);
	dt_cg_expr(cg, sz);
	scratch_dst(cg, base + 1, c, base + 2);
	if (c >= 0)
		I(MOV64_IMM(R2, c));
	else
		I(MOV64_REG(R2, R5));
	dt_cg_ldslot(cg, R3, base);
	dt_cg_call(cg, user ? BPF_FUNC_probe_read_user : BPF_FUNC_probe_read_kernel);
	dt_cg_badaddr_unless(cg, base);
	dt_cg_pop(cg);
	dt_cg_pop(cg);
	if (user) { /* an action: nothing left on the stack */
		dt_cg_pop(cg);
		return;
	}
	I(MOV64_IMM(R0, 0));
	dt_cg_set(cg, base, R0); /* bcopy(): a void value */
}

/*
 * __dt_psargs(start, len), the D library's psinfo_t pr_psargs of the
 * current process (dlib/procfs.d): its argument block, len bytes from
 * user address start, each argument NUL-terminated, read up to illumos'
 * PRARGSZ (80) bytes or strsize, the NULs between arguments made spaces
 * and the string ended at the last byte read: "ls /tmp" as in DTrace.  A
 * block that cannot be read (paged out) or is empty gives "".
 */
#define DT_PRARGSZ 80

static void gen_psargs(dt_cg_t *cg, dt_node_t *dnp)
{
	int base = cg->cg_depth, tmp = dt_cg_tmpalloc(cg, cg->cg_strsize);
	int max = DT_PRARGSZ < cg->cg_strsize ? DT_PRARGSZ : cg->cg_strsize;
	int empty = dt_cg_label(cg), end = dt_cg_label(cg), done = dt_cg_label(cg);

	dt_cg_expr(cg, dnp->dn_args);
	dt_cg_expr(cg, dnp->dn_args->dn_next);
	dt_cg_ldslot(cg, R2, base + 1);
	dt_cg_jump(cg, JMP_IMM(BPF_JSLE, R2, 0, 0), empty);
	I(JMP_IMM(BPF_JLE, R2, max, 1));
	I(MOV64_IMM(R2, max));
	dt_cg_set(cg, base + 1, R2);
	dt_cg_tmpaddr(cg, R1, tmp);
	dt_cg_ldslot(cg, R3, base);
	dt_cg_call(cg, BPF_FUNC_probe_read_user);
	dt_cg_jump(cg, JMP_IMM(BPF_JNE, R0, 0, 0), empty);
	dt_cg_tmpaddr(cg, R1, tmp);
	dt_cg_ldslot(cg, R2, base + 1);
	I(ALU64_IMM(BPF_SUB, R2, 1));	/* the last byte read: [0, max - 1] */
	for (int i = 0; i < max - 1; i++) {
		dt_cg_jump(cg, JMP_IMM(BPF_JLE, R2, i, 0), end);
		I(LDX(BPF_B, R3, R1, i));
		I(JMP_IMM(BPF_JNE, R3, 0, 1));
		I(ST(BPF_B, R1, i, ' '));
	}
	dt_cg_place(cg, end);
	I(JMP_IMM(BPF_JLE, R2, max - 1, 1)); /* for the verifier: known */
	I(MOV64_IMM(R2, max - 1));
	I(ALU64_REG(BPF_ADD, R1, R2));
	I(ST(BPF_B, R1, 0, 0));
	dt_cg_jump(cg, JA(0), done);
	dt_cg_place(cg, empty);
	dt_cg_tmpaddr(cg, R1, tmp);
	I(ST(BPF_B, R1, 0, 0));
	dt_cg_place(cg, done);
	dt_cg_pop(cg);
	dt_cg_tmpaddr(cg, R0, tmp);
	dt_cg_set(cg, base, R0);
}

bool dt_cg_memsubr(dt_cg_t *cg, dt_node_t *dnp)
{
	switch (dnp->dn_builtin) {
	case DT_FN_ALLOCA:
		gen_alloca(cg, dnp);
		return true;
	case DT_FN_BCOPY:
		gen_copy(cg, dnp, false);
		return true;
	case DT_FN_COPYINTO:
		gen_copy(cg, dnp, true);
		return true;
	case DT_FN_PSARGS:
		gen_psargs(cg, dnp);
		return true;
	default:
		return false;
	}
}
