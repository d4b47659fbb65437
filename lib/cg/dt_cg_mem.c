/*
 * dt_cg_mem.c -- scratch memory: alloca(), and the subroutines that write
 * into it, bcopy() and copyinto(); and the D library's __dt_psargs() and
 * __dt_dpath().
 *
 * alloca(size) is a temporary of the clause's scratch area (the per-CPU
 * map value r9 points to), zeroed, whose address is the value: as big as
 * a constant size, else strsize bytes, a bigger size at run time faulting
 * (out of scratch space); alloca(0) takes nothing.  The memory lives until the clause ends, as in
 * DTrace.
 *
 * A destination given to bcopy() or copyinto() is a number at run time (a
 * pointer kept in a variable loses its type), so the code turns it back
 * into a pointer the verifier accepts: its offset from r9 (r9 itself is
 * read back as a number through a scratch word), checked to lie, with the
 * size written, within the bytes the clause has alloca()'d so far (for a
 * constant size, any D memory: cg/dt_cg_store.c); anything else faults
 * with DTrace's invalid address, as a destination outside D memory does
 * in DTrace.
 */
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
	if (c == 0) { /* nothing consumed: the next alloca() returns the same address, as illumos */
		tmp = dt_cg_tmpalloc(cg, 0);
		dt_cg_tmpaddr(cg, R0, tmp);
		dt_cg_set(cg, slot, R0);
		return;
	}
	tmp = dt_cg_tmpalloc(cg, max < 8 ? 8 : max);
	if (tmp + max > cg->cg_allocahi) /* stores are checked against the bytes asked for */
		cg->cg_allocahi = tmp + max;
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
	int hi = cg->cg_allocahi, word = dt_cg_tmpalloc(cg, 8), bad = dt_cg_label(cg),
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
	if (c >= 0) { /* alloca()'d scratch, a D array or struct variable */
		dt_cg_dmemptr(cg, base + 1, (int)c);
		I(MOV64_REG(R1, R0));
		I(MOV64_IMM(R2, c));
	} else {
		scratch_dst(cg, base + 1, c, base + 2);
		I(MOV64_REG(R2, R5));
	}
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

/*
 * __dt_dpath(dentry, mount, rdentry, rmount, o_parent, o_name, o_mroot,
 * o_mparent, o_mpoint), the D library's path of a file (dlib/io.d): the
 * names of the dentry and its parents up to the root of its file system
 * (a dentry that is its own parent), joined by '/' ("/" for the root
 * itself).  Given the struct mount the dentry was reached through (else
 * 0), the walk goes on across mount points to the root mount, as d_path()
 * does; it stops at the thread's root, rdentry in rmount (a chroot).  A path of
 * more than DT_DPATH_DEPTH names, or DT_DPATH_DEPTH + DT_DPATH_CROSS steps
 * (names, and mount points crossed), starts with "..." instead of the rest;
 * a pointer that cannot be read ends the walk there.  A dentry outside
 * its mount's tree (a pipe's, a socket's) has the path "<unknown>".  The
 * o_ arguments are the library's offsetof()s of struct dentry's d_parent and
 * d_name.name and struct mount's mnt.mnt_root, mnt_parent and
 * mnt_mountpoint: the walk itself knows no kernel type.
 *
 * The walk is a shared subprogram (dt_cg_subr.c), unrolled: each step
 * reads a name pointer into a word of its own (0 when the step crossed a
 * mount point); then the names are read into the string from the top
 * down.  Its arguments: r1 the work area (DP_WORDS words of the clause's
 * temporaries, the pointers and offsets stored by the caller), r2 the
 * string (twice strsize: the verifier adds a read's largest offset and
 * largest size, not knowing one excludes the other).
 */
#define DT_DPATH_DEPTH 16
#define DT_DPATH_CROSS 4

enum { DO_PARENT, DO_NAME, DO_MROOT, DO_MPARENT, DO_MPOINT, DO_N };
enum {
	DP_D, DP_M, DP_RD, DP_RM, /* the arguments: dentry, mount, the root's */
	DP_O, /* the offsets, DO_N words */
	DP_P = DP_O + DO_N, DP_OFF, DP_NAMES, DP_WORDS = DP_NAMES + DT_DPATH_DEPTH
};

#define DPW(w) (8 * (w)) /* a word of the work area (r6) */

/* work word dst = the kernel's 8 bytes at (work word src) + (offset o), or to fail */
static void dp_read(dt_cg_t *cg, int dst, int src, int o, int fail)
{
	I(LDX(BPF_DW, R3, R6, DPW(src)));
	I(LDX(BPF_DW, R4, R6, DPW(DP_O + o)));
	I(ALU64_REG(BPF_ADD, R3, R4));
	I(MOV64_REG(R1, R6));
	I(ALU64_IMM(BPF_ADD, R1, DPW(dst)));
	I(MOV64_IMM(R2, 8));
	dt_cg_call(cg, BPF_FUNC_probe_read_kernel);
	dt_cg_jump(cg, JMP_IMM(BPF_JNE, R0, 0, 0), fail);
}

/* (work, out): r0 = out */
static void gen_sub_dpath(dt_cg_t *cg)
{
	int sz = cg->cg_strsize;
	int done = dt_cg_label(cg), write = dt_cg_label(cg), term = dt_cg_label(cg),
	    trunc = dt_cg_label(cg), top = dt_cg_label(cg), ret = dt_cg_label(cg);
	static const char unknown[] = "<unknown>";

	I(MOV64_REG(R6, R1));
	I(MOV64_REG(R7, R2));
	for (int i = 0; i < DT_DPATH_DEPTH; i++)
		I(ST(BPF_DW, R6, DPW(DP_NAMES + i), 0));
	/*
	 * Steps past the names' own: a path of DT_DPATH_DEPTH names is whole
	 * if its top is the root, up to DT_DPATH_CROSS mount points above.
	 */
	for (int i = 0; i <= DT_DPATH_DEPTH + DT_DPATH_CROSS; i++) {
		int next = dt_cg_label(cg), own = dt_cg_label(cg), notroot = dt_cg_label(cg);

		I(LDX(BPF_DW, R1, R6, DPW(DP_D)));
		dt_cg_jump(cg, JMP_IMM(BPF_JEQ, R1, 0, 0), done);
		I(LDX(BPF_DW, R2, R6, DPW(DP_RD)));	/* the thread's root: done */
		dt_cg_jump(cg, JMP_REG(BPF_JNE, R1, R2, 0), notroot);
		I(LDX(BPF_DW, R1, R6, DPW(DP_M)));
		I(LDX(BPF_DW, R2, R6, DPW(DP_RM)));
		dt_cg_jump(cg, JMP_REG(BPF_JEQ, R1, R2, 0), done);
		dt_cg_jump(cg, JMP_IMM(BPF_JEQ, R1, 0, 0), done);
		dt_cg_place(cg, notroot);
		I(LDX(BPF_DW, R1, R6, DPW(DP_M)));
		dt_cg_jump(cg, JMP_IMM(BPF_JEQ, R1, 0, 0), own);
		/* the root of the mount: on to its mount point in the parent mount */
		dp_read(cg, DP_P, DP_M, DO_MROOT, done);
		I(LDX(BPF_DW, R1, R6, DPW(DP_D)));
		I(LDX(BPF_DW, R2, R6, DPW(DP_P)));
		dt_cg_jump(cg, JMP_REG(BPF_JNE, R1, R2, 0), own);
		dp_read(cg, DP_P, DP_M, DO_MPARENT, done);
		I(LDX(BPF_DW, R1, R6, DPW(DP_P)));
		dt_cg_jump(cg, JMP_IMM(BPF_JEQ, R1, 0, 0), done);
		I(LDX(BPF_DW, R2, R6, DPW(DP_M)));
		dt_cg_jump(cg, JMP_REG(BPF_JEQ, R1, R2, 0), done);
		dp_read(cg, DP_D, DP_M, DO_MPOINT, done);
		I(LDX(BPF_DW, R1, R6, DPW(DP_P)));
		I(STX(BPF_DW, R6, R1, DPW(DP_M)));
		dt_cg_jump(cg, JA(0), next);
		/* within the file system: the name, then the parent */
		dt_cg_place(cg, own);
		dp_read(cg, DP_P, DP_D, DO_PARENT, done);
		I(LDX(BPF_DW, R1, R6, DPW(DP_D)));
		I(LDX(BPF_DW, R2, R6, DPW(DP_P)));
		dt_cg_jump(cg, JMP_REG(BPF_JEQ, R1, R2, 0), top);
		if (i < DT_DPATH_DEPTH) {
			dp_read(cg, DP_NAMES + i, DP_D, DO_NAME, done);
			I(LDX(BPF_DW, R1, R6, DPW(DP_P)));
			I(STX(BPF_DW, R6, R1, DPW(DP_D)));
		} else if (i < DT_DPATH_DEPTH + DT_DPATH_CROSS) {
			dt_cg_jump(cg, JA(0), trunc); /* a name more */
		}
		dt_cg_place(cg, next);
	}
	/* more names: "..." for the rest */
	dt_cg_place(cg, trunc);
	I(ST(BPF_H, R7, 0, ('.' << 8) | '.'));
	I(ST(BPF_B, R7, 2, '.'));
	I(ST(BPF_DW, R6, DPW(DP_OFF), 3));
	dt_cg_jump(cg, JA(0), write);
	/*
	 * A dentry that is its own parent: the root of its file system, or,
	 * if not the root of the mount it was reached through, one outside
	 * the mount's tree (pipes', sockets' pseudo files): "<unknown>".
	 */
	dt_cg_place(cg, top);
	I(LDX(BPF_DW, R1, R6, DPW(DP_M)));
	dt_cg_jump(cg, JMP_IMM(BPF_JEQ, R1, 0, 0), done);
	for (int i = 0; i < (int)sizeof(unknown) - 1 && i < sz - 1; i++)
		I(ST(BPF_B, R7, i, unknown[i]));
	I(ST(BPF_B, R7, (int)sizeof(unknown) - 1 < sz - 1 ? (int)sizeof(unknown) - 1 : sz - 1, 0));
	dt_cg_jump(cg, JA(0), ret);
	dt_cg_place(cg, done);
	I(ST(BPF_DW, R6, DPW(DP_OFF), 0));
	dt_cg_place(cg, write);
	for (int i = DT_DPATH_DEPTH - 1; i >= 0; i--) {
		int skip = dt_cg_label(cg), st = dt_cg_label(cg);

		I(LDX(BPF_DW, R3, R6, DPW(DP_NAMES + i)));
		dt_cg_jump(cg, JMP_IMM(BPF_JEQ, R3, 0, 0), skip);
		I(LDX(BPF_DW, R4, R6, DPW(DP_OFF)));
		dt_cg_jump(cg, JMP_IMM(BPF_JGT, R4, sz - 2, 0), skip); /* room for '/' and NUL */
		I(MOV64_REG(R1, R7));
		I(ALU64_REG(BPF_ADD, R1, R4));
		I(ST(BPF_B, R1, 0, '/'));
		I(ALU64_IMM(BPF_ADD, R1, 1));
		I(MOV64_IMM(R2, sz - 1));
		I(ALU64_REG(BPF_SUB, R2, R4));		/* [1, sz - 1] */
		dt_cg_call(cg, BPF_FUNC_probe_read_kernel_str);
		I(LDX(BPF_DW, R4, R6, DPW(DP_OFF)));
		I(ALU64_IMM(BPF_ADD, R4, 1));
		dt_cg_jump(cg, JMP_IMM(BPF_JSLE, R0, 0, 0), st);
		I(ALU64_IMM(BPF_SUB, R0, 1));
		I(ALU64_REG(BPF_ADD, R4, R0));
		dt_cg_place(cg, st);
		I(STX(BPF_DW, R6, R4, DPW(DP_OFF)));
		dt_cg_place(cg, skip);
	}
	I(LDX(BPF_DW, R4, R6, DPW(DP_OFF)));
	dt_cg_jump(cg, JMP_IMM(BPF_JNE, R4, 0, 0), term);
	I(ST(BPF_B, R7, 0, '/'));		/* the root: "/" */
	I(MOV64_IMM(R4, 1));
	dt_cg_place(cg, term);
	I(JMP_IMM(BPF_JLE, R4, sz - 1, 1));	/* for the verifier: known */
	I(MOV64_IMM(R4, sz - 1));
	I(MOV64_REG(R1, R7));
	I(ALU64_REG(BPF_ADD, R1, R4));
	I(ST(BPF_B, R1, 0, 0));
	dt_cg_place(cg, ret);
	I(MOV64_REG(R0, R7));
	I(EXIT());
}

static const dt_cgsubr_t sub_dpath = { "dpath", gen_sub_dpath };

static void gen_dpath(dt_cg_t *cg, dt_node_t *dnp)
{
	dt_node_t *a = dnp->dn_args, *o = a->dn_next->dn_next->dn_next->dn_next;
	int base = cg->cg_depth, sz = cg->cg_strsize;
	int work = dt_cg_tmpalloc(cg, 8 * DP_WORDS), out = dt_cg_tmpalloc(cg, 2 * sz);

	for (int i = 0; i < 4; i++, a = a->dn_next) { /* dentry, mount, the root's */
		dt_cg_expr(cg, a);
		dt_cg_ldslot(cg, R1, cg->cg_depth - 1);
		dt_cg_tmpaddr(cg, R2, work + DPW(DP_D + i));
		I(STX(BPF_DW, R2, R1, 0));
	}
	dt_cg_tmpaddr(cg, R2, work + DPW(DP_O));
	for (int i = 0; i < DO_N; i++, o = o->dn_next) {
		int64_t off = constsize(o);

		if (off < 0 || off > INT16_MAX)
			dt_cg_error(cg, dnp, "%s( ) argument #%d must be an offset constant",
				    dnp->dn_name, i + 5);
		I(ST(BPF_DW, R2, DPW(i), (int32_t)off));
	}
	dt_cg_tmpaddr(cg, R1, work);
	dt_cg_tmpaddr(cg, R2, out);
	dt_cg_subr_call(cg, &sub_dpath);
	for (int i = 0; i < 3; i++)
		dt_cg_pop(cg);
	dt_cg_set(cg, base, R0);
}

/* The cg column of their rows in layout/dt_lang.h */
void dt_cg_fn_alloca(dt_cg_t *cg, dt_node_t *dnp)
{
	gen_alloca(cg, dnp);
}

void dt_cg_fn_bcopy(dt_cg_t *cg, dt_node_t *dnp)
{
	gen_copy(cg, dnp, false);
}

void dt_cg_fn_copyinto(dt_cg_t *cg, dt_node_t *dnp)
{
	gen_copy(cg, dnp, true);
}

void dt_cg_fn_psargs(dt_cg_t *cg, dt_node_t *dnp)
{
	gen_psargs(cg, dnp);
}

void dt_cg_fn_dpath(dt_cg_t *cg, dt_node_t *dnp)
{
	gen_dpath(cg, dnp);
}
