/*
 * dt_cg_str.c -- the string and memory subroutines: strjoin, substr,
 * index, rindex, strchr, strrchr, strstr, strtok, lltostr, basename,
 * dirname, cleanpath, toupper, tolower, strtoll, inet_ntoa, inet_ntoa6,
 * inet_ntop (AF_INET 2 and Linux's AF_INET6 10), link_ntop, the
 * byte-order functions, getmajor, getminor, progenyof.
 * Semantics are illumos DTrace's (dtrace_dif_subr()), quirks included.
 *
 * Every string is a pointer to a buffer of cg_strsize bytes of BPF memory
 * (the per-CPU scratch area, a variable, dt_strtab) holding a NUL; results
 * go to temporaries of the scratch area, never to the 512-byte stack.
 *
 * The work is done by shared subprograms (dt_cg_subr.c): a call site
 * evaluates the arguments, passes them with an output temporary and a work
 * area W (64 bytes of state words, then a buffer of cg_strsize bytes), and
 * calls.  Loops over the characters are bpf_loop() callbacks, so that the
 * verifier walks a callback's body once or twice whatever the string size
 * (a bounded loop is walked once per iteration: strsize=4096 would cost
 * tens of thousands of instructions per call).  What a callback carries
 * from one iteration to the next (positions, counts, the value being
 * converted) lives in W, in map memory, where the verifier does not track
 * values: its states converge at once.  The callback's context, on the
 * subprogram's stack frame (32 bytes), holds only pointers that do not
 * change.  Every index into a string is checked against the buffer size
 * before use, which is all the verifier needs.
 *
 * NULL: strchr(), strrchr(), strstr() and strtok() return NULL when they
 * find nothing: a 0 on the value stack.  Reading it faults, as in DTrace
 * (invalid address (0x0)); comparing it with a string compares "" (as
 * DTrace's strcmp); s == NULL and s != NULL test the pointer.
 */
#include "dt_insn.h"
#include "dt_cg_impl.h"

#include <string.h>

#define I(x) dt_cg_insn(cg, x)
#define SZ (cg->cg_strsize)	    /* bytes of a string buffer */
#define MAXC (cg->cg_strsize - 1) /* the most characters it holds */
#define DSIZE ((int)cg->cg_dtp->dt_options[DTOPT_STRSIZE]) /* DTrace's "size" */

/* Subprogram frames: the callback context, four words. */
#define CTX (-32)
#define CTXW(k) (CTX + 8 * (k))

/* W: state words, then a buffer */
#define W(k) (8 * (k))
#define WBUF 64
#define WSIZE(cg) (WBUF + (((cg)->cg_strsize + 7) & ~7) + 72)

#define BPF_MAX_LOOPS (1 << 23)

#define DT_AF_INET 2   /* Linux's address families (inet_ntop) */
#define DT_AF_INET6 10
#define DT_ARPHRD_ETHER 1 /* hardware types (link_ntop), dlib/net.d's */
#define DT_ARPHRD_INFINIBAND 32

/* ------------------------------------------------------------ helpers */

/*
 * W buffer[pos] = a byte (register reg, or the constant c if reg < 0),
 * then pos += step, if pos is at most max (r8 = W; clobbers r3).
 */
static void wbuf_put(dt_cg_t *cg, int pos, int max, int reg, int c, int step)
{
	int skip = dt_cg_label(cg);

	dt_cg_jump(cg, JMP_IMM(BPF_JGT, pos, max, 0), skip);
	I(MOV64_REG(R3, R8));
	I(ALU64_REG(BPF_ADD, R3, pos));
	I(reg >= 0 ? STX(BPF_B, R3, reg, WBUF) : ST(BPF_B, R3, WBUF, c));
	I(step < 0 ? ALU64_IMM(BPF_SUB, pos, -step) : ALU64_IMM(BPF_ADD, pos, step));
	dt_cg_place(cg, skip);
}

static void ret_imm(dt_cg_t *cg, int v)
{
	I(MOV64_IMM(R0, v));
	I(EXIT());
}

/* A callback's exits: label cont returns 0 (go on), stop returns 1. */
static void cb_exits(dt_cg_t *cg, int cont, int stop)
{
	dt_cg_place(cg, cont);
	ret_imm(cg, 0);
	dt_cg_place(cg, stop);
	ret_imm(cg, 1);
}

/* r0 = probe_read_kernel_str(dst, SZ, src) - 1, clamped to [0, MAXC]: strlen */
static void str_len(dt_cg_t *cg, int dst, int dstoff, int src)
{
	int lo = dt_cg_label(cg), hi = dt_cg_label(cg);

	if (src != R3)
		I(MOV64_REG(R3, src));
	I(MOV64_REG(R1, dst));
	if (dstoff)
		I(ALU64_IMM(BPF_ADD, R1, dstoff));
	I(MOV64_IMM(R2, SZ));
	dt_cg_call(cg, BPF_FUNC_probe_read_kernel_str);
	I(ALU64_IMM(BPF_SUB, R0, 1));
	dt_cg_jump(cg, JMP_IMM(BPF_JSGE, R0, 0, 0), lo);
	I(MOV64_IMM(R0, 0));
	dt_cg_place(cg, lo);
	dt_cg_jump(cg, JMP_IMM(BPF_JLE, R0, MAXC, 0), hi);
	I(MOV64_IMM(R0, MAXC));
	dt_cg_place(cg, hi);
}

/*
 * out[0, n) = src[0, n) and out[n] = 0, for n in register nreg and the
 * source at src + offreg; an n out of [1, MAXC] (or an offset past MAXC)
 * gives "".  r0 = out.  Uses r1-r5; out in a callee-saved register.
 */
static void copy_n(dt_cg_t *cg, int out, int src, int offreg, int nreg)
{
	int empty = dt_cg_label(cg), done = dt_cg_label(cg);

	dt_cg_jump(cg, JMP_IMM(BPF_JSLE, nreg, 0, 0), empty);
	dt_cg_jump(cg, JMP_IMM(BPF_JGT, nreg, MAXC, 0), empty);
	dt_cg_jump(cg, JMP_IMM(BPF_JGT, offreg, MAXC, 0), empty);
	I(STX(BPF_DW, FP, nreg, CTXW(3)));
	I(MOV64_REG(R3, src));
	I(ALU64_REG(BPF_ADD, R3, offreg));
	I(MOV64_REG(R2, nreg));
	I(MOV64_REG(R1, out));
	dt_cg_call(cg, BPF_FUNC_probe_read_kernel);
	I(LDX(BPF_DW, R2, FP, CTXW(3)));
	dt_cg_jump(cg, JMP_IMM(BPF_JGT, R2, MAXC, 0), empty);
	I(MOV64_REG(R1, out));
	I(ALU64_REG(BPF_ADD, R1, R2));
	I(ST(BPF_B, R1, 0, 0));
	dt_cg_jump(cg, JA(0), done);
	dt_cg_place(cg, empty);
	I(ST(BPF_B, out, 0, 0));
	dt_cg_place(cg, done);
	I(MOV64_REG(R0, out));
}

/* ------------------------------------------------------------ strjoin */

/* (out, a, b): out = a b, truncated to MAXC characters */
static void gen_strjoin(dt_cg_t *cg)
{
	I(MOV64_REG(R6, R1));
	I(MOV64_REG(R7, R3));
	str_len(cg, R6, 0, R2);
	I(MOV64_REG(R1, R6));
	I(ALU64_REG(BPF_ADD, R1, R0));
	I(MOV64_IMM(R2, SZ));
	I(ALU64_REG(BPF_SUB, R2, R0));
	I(MOV64_REG(R3, R7));
	dt_cg_call(cg, BPF_FUNC_probe_read_kernel_str);
	I(MOV64_REG(R0, R6));
	I(EXIT());
}

static const dt_cgsubr_t sub_strjoin = { "strjoin", gen_strjoin };

/* ------------------------------------------------------------ substr */

/* (out, s, index, remaining): illumos' substr(), remaining = size if absent */
static void gen_substr(dt_cg_t *cg)
{
	int nonneg = dt_cg_label(cg), posrem = dt_cg_label(cg), count = dt_cg_label(cg),
	    min = dt_cg_label(cg), empty = dt_cg_label(cg);

	I(MOV64_REG(R6, R1));
	I(MOV64_REG(R7, R2));
	I(STX(BPF_DW, FP, R3, CTXW(0)));
	I(STX(BPF_DW, FP, R4, CTXW(1)));
	str_len(cg, R6, 0, R7);
	I(MOV64_REG(R8, R0));				/* len */
	I(LDX(BPF_DW, R1, FP, CTXW(0)));		/* index */
	I(LDX(BPF_DW, R2, FP, CTXW(1)));		/* remaining */
	dt_cg_jump(cg, JMP_IMM(BPF_JSGE, R1, 0, 0), nonneg);
	I(ALU64_REG(BPF_ADD, R1, R8));
	dt_cg_jump(cg, JMP_IMM(BPF_JSGE, R1, 0, 0), nonneg);
	I(MOV64_REG(R3, R1));
	I(ALU64_REG(BPF_ADD, R3, R2));
	dt_cg_jump(cg, JMP_IMM(BPF_JSLE, R3, 0, 0), nonneg);
	I(ALU64_REG(BPF_ADD, R2, R1));
	I(MOV64_IMM(R1, 0));
	dt_cg_place(cg, nonneg);
	dt_cg_jump(cg, JMP_REG(BPF_JSGE, R1, R8, 0), empty);
	dt_cg_jump(cg, JMP_IMM(BPF_JSLT, R1, 0, 0), empty);
	dt_cg_jump(cg, JMP_IMM(BPF_JSGE, R2, 0, 0), posrem);
	I(MOV64_REG(R3, R8));
	I(ALU64_REG(BPF_SUB, R3, R1));
	I(ALU64_REG(BPF_ADD, R2, R3));
	dt_cg_jump(cg, JA(0), count);
	dt_cg_place(cg, posrem);
	I(MOV64_REG(R3, R1));
	I(ALU64_REG(BPF_ADD, R3, R2));
	dt_cg_jump(cg, JMP_IMM(BPF_JSLE, R3, DSIZE, 0), count);
	I(MOV64_IMM(R2, DSIZE));
	I(ALU64_REG(BPF_SUB, R2, R1));
	dt_cg_place(cg, count);
	/* the copy stops at the NUL: n = min(remaining, len - index) */
	I(MOV64_REG(R3, R8));
	I(ALU64_REG(BPF_SUB, R3, R1));
	dt_cg_jump(cg, JMP_REG(BPF_JSLE, R2, R3, 0), min);
	I(MOV64_REG(R2, R3));
	dt_cg_place(cg, min);
	I(MOV64_REG(R4, R1));
	I(MOV64_REG(R5, R2));
	copy_n(cg, R6, R7, R4, R5);
	I(EXIT());
	dt_cg_place(cg, empty);
	I(ST(BPF_B, R6, 0, 0));
	I(MOV64_REG(R0, R6));
	I(EXIT());
}

static const dt_cgsubr_t sub_substr = { "substr", gen_substr };

/* ------------------------------------------------------------ strchr, strrchr */

/* callback: ctx = { s, W }; W0 = the character, W1 = found, W2 = last wanted */
static void gen_cb_strchr(dt_cg_t *cg)
{
	int cont = dt_cg_label(cg), stop = dt_cg_label(cg), nomatch = dt_cg_label(cg);

	dt_cg_jump(cg, JMP_IMM(BPF_JGT, R1, MAXC, 0), stop);
	I(LDX(BPF_DW, R3, R2, 0));
	I(LDX(BPF_DW, R4, R2, 8));
	I(ALU64_REG(BPF_ADD, R3, R1));
	I(LDX(BPF_B, R5, R3, 0));
	I(LDX(BPF_DW, R0, R4, W(0)));
	dt_cg_jump(cg, JMP_REG(BPF_JNE, R5, R0, 0), nomatch);
	I(STX(BPF_DW, R4, R1, W(1)));
	I(LDX(BPF_DW, R0, R4, W(2)));
	dt_cg_jump(cg, JMP_IMM(BPF_JEQ, R0, 0, 0), stop);
	dt_cg_place(cg, nomatch);
	dt_cg_jump(cg, JMP_IMM(BPF_JEQ, R5, 0, 0), stop);
	cb_exits(cg, cont, stop);
}

static const dt_cgsubr_t cb_strchr = { "strchr_cb", gen_cb_strchr };

/* (s, c, W, last): r0 = the position of the first (last) c in s, or -1 */
static void gen_strchr(dt_cg_t *cg)
{
	I(STX(BPF_DW, FP, R1, CTXW(0)));
	I(STX(BPF_DW, FP, R3, CTXW(1)));
	I(ALU64_IMM(BPF_AND, R2, 0xff));
	I(STX(BPF_DW, R3, R2, W(0)));
	I(ST(BPF_DW, R3, W(1), -1));
	I(STX(BPF_DW, R3, R4, W(2)));
	dt_cg_subr_loop(cg, -1, SZ, &cb_strchr, CTX);
	I(LDX(BPF_DW, R1, FP, CTXW(1)));
	I(LDX(BPF_DW, R0, R1, W(1)));
	I(EXIT());
}

static const dt_cgsubr_t sub_strchr = { "strchr", gen_strchr };

/* (out, s, pos): r0 = out, a copy of s from pos on, or NULL if pos < 0 */
static void gen_strtail(dt_cg_t *cg)
{
	int null = dt_cg_label(cg);

	dt_cg_jump(cg, JMP_IMM(BPF_JSLT, R3, 0, 0), null);
	dt_cg_jump(cg, JMP_IMM(BPF_JGT, R3, MAXC, 0), null);
	I(MOV64_REG(R6, R1));
	I(ALU64_REG(BPF_ADD, R3, R2));
	I(MOV64_IMM(R2, SZ));
	dt_cg_call(cg, BPF_FUNC_probe_read_kernel_str);
	I(MOV64_REG(R0, R6));
	I(EXIT());
	dt_cg_place(cg, null);
	ret_imm(cg, 0);
}

static const dt_cgsubr_t sub_strtail = { "strtail", gen_strtail };

/* ------------------------------------------------------------ index, rindex, strstr */

/*
 * callback: ctx = { s, sub, W }; W0 len, W1 sublen, W2 candidate p, W4
 * mode, W5 k characters matched, W6 result.  One character compared per
 * iteration; a mismatch moves p.
 */
static void gen_cb_strfind(dt_cg_t *cg)
{
	int cont = dt_cg_label(cg), stop = dt_cg_label(cg), cmp = dt_cg_label(cg),
	    mismatch = dt_cg_label(cg), back = dt_cg_label(cg);

	I(LDX(BPF_DW, R3, R2, 16));
	I(LDX(BPF_DW, R4, R3, W(5)));
	I(LDX(BPF_DW, R5, R3, W(1)));
	dt_cg_jump(cg, JMP_REG(BPF_JLT, R4, R5, 0), cmp);
	I(LDX(BPF_DW, R0, R3, W(2)));			/* found at p */
	I(STX(BPF_DW, R3, R0, W(6)));
	dt_cg_jump(cg, JA(0), stop);
	dt_cg_place(cg, cmp);
	I(LDX(BPF_DW, R0, R3, W(2)));
	I(ALU64_REG(BPF_ADD, R0, R4));
	dt_cg_jump(cg, JMP_IMM(BPF_JGT, R0, MAXC, 0), stop);
	dt_cg_jump(cg, JMP_IMM(BPF_JGT, R4, MAXC, 0), stop);
	I(LDX(BPF_DW, R5, R2, 0));
	I(ALU64_REG(BPF_ADD, R5, R0));
	I(LDX(BPF_B, R5, R5, 0));			/* s[p + k] */
	I(LDX(BPF_DW, R0, R2, 8));
	I(ALU64_REG(BPF_ADD, R0, R4));
	I(LDX(BPF_B, R0, R0, 0));			/* sub[k] */
	dt_cg_jump(cg, JMP_REG(BPF_JNE, R5, R0, 0), mismatch);
	I(ALU64_IMM(BPF_ADD, R4, 1));
	I(STX(BPF_DW, R3, R4, W(5)));
	dt_cg_jump(cg, JA(0), cont);
	dt_cg_place(cg, mismatch);
	I(ST(BPF_DW, R3, W(5), 0));
	I(LDX(BPF_DW, R0, R3, W(2)));
	I(LDX(BPF_DW, R4, R3, W(4)));
	dt_cg_jump(cg, JMP_IMM(BPF_JSET, R4, 1, 0), back);
	I(ALU64_IMM(BPF_ADD, R0, 1));
	I(LDX(BPF_DW, R5, R3, W(0)));
	dt_cg_jump(cg, JMP_REG(BPF_JSGE, R0, R5, 0), stop);
	I(STX(BPF_DW, R3, R0, W(2)));
	dt_cg_jump(cg, JA(0), cont);
	dt_cg_place(cg, back);
	dt_cg_jump(cg, JMP_IMM(BPF_JSLE, R0, 0, 0), stop);
	I(ALU64_IMM(BPF_SUB, R0, 1));
	I(STX(BPF_DW, R3, R0, W(2)));
	cb_exits(cg, cont, stop);
}

static const dt_cgsubr_t cb_strfind = { "strfind_cb", gen_cb_strfind };

/*
 * (s, sub, W, pos, mode): r0 = index of sub in s, or -1.  mode bit 0:
 * rindex (search backwards); bit 1: a start position pos was given.
 */
static void gen_strfind(dt_cg_t *cg)
{
	int ret = dt_cg_label(cg), ne = dt_cg_label(cg), rev = dt_cg_label(cg),
	    go = dt_cg_label(cg), okpos = dt_cg_label(cg), posok2 = dt_cg_label(cg),
	    clamp = dt_cg_label(cg);

	I(MOV64_REG(R6, R1));
	I(MOV64_REG(R7, R2));
	I(MOV64_REG(R8, R3));
	I(STX(BPF_DW, R8, R4, W(3)));
	I(STX(BPF_DW, R8, R5, W(4)));
	I(STX(BPF_DW, FP, R6, CTXW(0)));
	I(STX(BPF_DW, FP, R7, CTXW(1)));
	I(STX(BPF_DW, FP, R8, CTXW(2)));
	str_len(cg, R8, WBUF, R6);
	I(STX(BPF_DW, R8, R0, W(0)));
	str_len(cg, R8, WBUF, R7);
	I(STX(BPF_DW, R8, R0, W(1)));
	I(LDX(BPF_DW, R1, R8, W(0)));			/* len */
	I(MOV64_REG(R2, R0));				/* sublen */
	I(MOV64_IMM(R0, 0));
	dt_cg_jump(cg, JMP_IMM(BPF_JNE, R1, 0, 0), ne);
	dt_cg_jump(cg, JMP_IMM(BPF_JEQ, R2, 0, 0), ret);
	dt_cg_place(cg, ne);
	I(LDX(BPF_DW, R3, R8, W(4)));
	I(LDX(BPF_DW, R4, R8, W(3)));
	dt_cg_jump(cg, JMP_IMM(BPF_JSET, R3, 1, 0), rev);
	/* index: from 0, or from pos clamped at 0; pos >= len finds nothing */
	I(MOV64_IMM(R5, 0));
	dt_cg_jump(cg, JMP_IMM(BPF_JSET, R3, 2, 0), okpos);
	dt_cg_jump(cg, JA(0), go);
	dt_cg_place(cg, okpos);
	{
		int nn = dt_cg_label(cg), inlen = dt_cg_label(cg);

		dt_cg_jump(cg, JMP_IMM(BPF_JSGE, R4, 0, 0), nn);
		I(MOV64_IMM(R4, 0));
		dt_cg_place(cg, nn);
		dt_cg_jump(cg, JMP_REG(BPF_JSLT, R4, R1, 0), inlen);
		I(MOV64_REG(R0, R1));		/* Perl: "" at pos >= len is len */
		dt_cg_jump(cg, JMP_IMM(BPF_JEQ, R2, 0, 0), ret);
		I(MOV64_IMM(R0, -1));
		dt_cg_jump(cg, JA(0), ret);
		dt_cg_place(cg, inlen);
		I(MOV64_REG(R5, R4));
		dt_cg_jump(cg, JA(0), go);
	}
	/* rindex: from len, or from pos clamped at len; pos < 0 finds nothing */
	dt_cg_place(cg, rev);
	I(MOV64_REG(R5, R1));
	dt_cg_jump(cg, JMP_IMM(BPF_JSET, R3, 2, 0), posok2);
	dt_cg_jump(cg, JA(0), go);
	dt_cg_place(cg, posok2);
	{
		int nn = dt_cg_label(cg), le = dt_cg_label(cg);

		dt_cg_jump(cg, JMP_IMM(BPF_JSGE, R4, 0, 0), nn);
		I(MOV64_IMM(R0, 0));
		dt_cg_jump(cg, JMP_IMM(BPF_JEQ, R2, 0, 0), ret);
		I(MOV64_IMM(R0, -1));
		dt_cg_jump(cg, JA(0), ret);
		dt_cg_place(cg, nn);
		dt_cg_jump(cg, JMP_REG(BPF_JSLE, R4, R1, 0), le);
		I(MOV64_REG(R4, R1));
		dt_cg_place(cg, le);
		I(MOV64_REG(R5, R4));
	}
	dt_cg_place(cg, go);
	I(STX(BPF_DW, R8, R5, W(2)));
	I(ST(BPF_DW, R8, W(5), 0));
	I(ST(BPF_DW, R8, W(6), -1));
	/* at most sublen + 1 iterations per candidate, len + 1 candidates */
	I(ALU64_IMM(BPF_ADD, R1, 1));
	I(ALU64_IMM(BPF_ADD, R2, 1));
	I(ALU64_REG(BPF_MUL, R1, R2));
	I(ALU64_IMM(BPF_ADD, R1, 1));
	dt_cg_jump(cg, JMP_IMM(BPF_JLE, R1, BPF_MAX_LOOPS, 0), clamp);
	I(MOV64_IMM(R1, BPF_MAX_LOOPS));
	dt_cg_place(cg, clamp);
	dt_cg_subr_loop(cg, R1, 0, &cb_strfind, CTX);
	I(LDX(BPF_DW, R0, R8, W(6)));
	dt_cg_place(cg, ret);
	I(EXIT());
}

static const dt_cgsubr_t sub_strfind = { "strfind", gen_strfind };

/* ------------------------------------------------------------ toupper, tolower */

/* callback: ctx = { s, out, upper } */
static void gen_cb_case(dt_cg_t *cg)
{
	int cont = dt_cg_label(cg), stop = dt_cg_label(cg), lower = dt_cg_label(cg),
	    store = dt_cg_label(cg);

	dt_cg_jump(cg, JMP_IMM(BPF_JGT, R1, MAXC, 0), stop);
	I(LDX(BPF_DW, R3, R2, 0));
	I(ALU64_REG(BPF_ADD, R3, R1));
	I(LDX(BPF_B, R4, R3, 0));
	I(LDX(BPF_DW, R0, R2, 16));
	I(MOV64_REG(R5, R4));
	dt_cg_jump(cg, JMP_IMM(BPF_JEQ, R0, 0, 0), lower);
	I(ALU64_IMM(BPF_SUB, R5, 'a'));
	dt_cg_jump(cg, JMP_IMM(BPF_JGT, R5, 25, 0), store);
	I(ALU64_IMM(BPF_SUB, R4, 32));
	dt_cg_jump(cg, JA(0), store);
	dt_cg_place(cg, lower);
	I(ALU64_IMM(BPF_SUB, R5, 'A'));
	dt_cg_jump(cg, JMP_IMM(BPF_JGT, R5, 25, 0), store);
	I(ALU64_IMM(BPF_ADD, R4, 32));
	dt_cg_place(cg, store);
	I(LDX(BPF_DW, R3, R2, 8));
	I(ALU64_REG(BPF_ADD, R3, R1));
	I(STX(BPF_B, R3, R4, 0));
	dt_cg_jump(cg, JMP_IMM(BPF_JEQ, R4, 0, 0), stop);
	cb_exits(cg, cont, stop);
}

static const dt_cgsubr_t cb_case = { "case_cb", gen_cb_case };

/* (out, s, upper): r0 = out */
static void gen_case(dt_cg_t *cg)
{
	I(MOV64_REG(R6, R1));
	I(STX(BPF_DW, FP, R2, CTXW(0)));
	I(STX(BPF_DW, FP, R1, CTXW(1)));
	I(STX(BPF_DW, FP, R3, CTXW(2)));
	dt_cg_subr_loop(cg, -1, SZ, &cb_case, CTX);
	I(MOV64_REG(R0, R6));
	I(EXIT());
}

static const dt_cgsubr_t sub_case = { "case", gen_case };

/* ------------------------------------------------------------ basename, dirname */

/*
 * callback: ctx = { s, W }; forward, W0 = last non-slash (illumos'
 * lastbase), W1 = first character of the last component if a slash
 * precedes it (firstbase), W2 = last non-slash before that slash
 * (lastdir), W3 = length, W4 = the previous character was a slash.
 */
static void gen_cb_basedir(dt_cg_t *cg)
{
	int cont = dt_cg_label(cg), stop = dt_cg_label(cg), notend = dt_cg_label(cg),
	    nonslash = dt_cg_label(cg), setlns = dt_cg_label(cg);

	dt_cg_jump(cg, JMP_IMM(BPF_JGT, R1, MAXC, 0), stop);
	I(LDX(BPF_DW, R3, R2, 0));
	I(ALU64_REG(BPF_ADD, R3, R1));
	I(LDX(BPF_B, R4, R3, 0));
	I(LDX(BPF_DW, R5, R2, 8));
	dt_cg_jump(cg, JMP_IMM(BPF_JNE, R4, 0, 0), notend);
	I(STX(BPF_DW, R5, R1, W(3)));
	dt_cg_jump(cg, JA(0), stop);
	dt_cg_place(cg, notend);
	dt_cg_jump(cg, JMP_IMM(BPF_JNE, R4, '/', 0), nonslash);
	I(ST(BPF_DW, R5, W(4), 1));
	dt_cg_jump(cg, JA(0), cont);
	dt_cg_place(cg, nonslash);
	I(LDX(BPF_DW, R0, R5, W(4)));
	dt_cg_jump(cg, JMP_IMM(BPF_JEQ, R0, 0, 0), setlns);
	I(STX(BPF_DW, R5, R1, W(1)));
	I(LDX(BPF_DW, R0, R5, W(0)));
	I(STX(BPF_DW, R5, R0, W(2)));
	I(ST(BPF_DW, R5, W(4), 0));
	dt_cg_place(cg, setlns);
	I(STX(BPF_DW, R5, R1, W(0)));
	cb_exits(cg, cont, stop);
}

static const dt_cgsubr_t cb_basedir = { "basedir_cb", gen_cb_basedir };

/* (out, s, W, dirname): r0 = out */
static void gen_basedir(dt_cg_t *cg)
{
	int dot = dt_cg_label(cg), nonempty = dt_cg_label(cg), hasbase = dt_cg_label(cg),
	    hasfirst = dt_cg_label(cg), base = dt_cg_label(cg), copy = dt_cg_label(cg),
	    d2 = dt_cg_label(cg);

	I(MOV64_REG(R6, R1));
	I(MOV64_REG(R7, R2));
	I(MOV64_REG(R8, R3));
	I(STX(BPF_DW, FP, R4, CTXW(2)));
	I(ST(BPF_DW, R8, W(0), -1));
	I(ST(BPF_DW, R8, W(1), -1));
	I(ST(BPF_DW, R8, W(2), -1));
	I(ST(BPF_DW, R8, W(3), 0));
	I(ST(BPF_DW, R8, W(4), 0));
	I(STX(BPF_DW, FP, R7, CTXW(0)));
	I(STX(BPF_DW, FP, R8, CTXW(1)));
	dt_cg_subr_loop(cg, -1, SZ, &cb_basedir, CTX);
	I(LDX(BPF_DW, R1, R8, W(3)));
	dt_cg_jump(cg, JMP_IMM(BPF_JNE, R1, 0, 0), nonempty);
	dt_cg_place(cg, dot);			/* "" and dirname("name") are "." */
	I(ST(BPF_H, R6, 0, '.'));
	I(MOV64_REG(R0, R6));
	I(EXIT());
	dt_cg_place(cg, nonempty);
	I(LDX(BPF_DW, R2, R8, W(0)));
	I(LDX(BPF_DW, R3, R8, W(1)));
	I(LDX(BPF_DW, R4, R8, W(2)));
	dt_cg_jump(cg, JMP_IMM(BPF_JSGE, R2, 0, 0), hasbase);
	I(MOV64_IMM(R2, 0));			/* all slashes: "/" */
	I(MOV64_IMM(R3, 0));
	I(MOV64_IMM(R4, 0));
	dt_cg_place(cg, hasbase);
	I(LDX(BPF_DW, R5, FP, CTXW(2)));
	dt_cg_jump(cg, JMP_IMM(BPF_JSGE, R3, 0, 0), hasfirst);
	dt_cg_jump(cg, JMP_IMM(BPF_JNE, R5, 0, 0), dot);
	I(MOV64_IMM(R3, 0));
	dt_cg_place(cg, hasfirst);
	dt_cg_jump(cg, JMP_IMM(BPF_JEQ, R5, 0, 0), base);
	dt_cg_jump(cg, JMP_IMM(BPF_JSGE, R4, 0, 0), d2);
	I(MOV64_IMM(R4, 0));
	dt_cg_place(cg, d2);
	I(MOV64_IMM(R1, 0));
	I(MOV64_REG(R2, R4));
	dt_cg_jump(cg, JA(0), copy);
	dt_cg_place(cg, base);
	I(MOV64_REG(R1, R3));
	dt_cg_place(cg, copy);
	I(ALU64_REG(BPF_SUB, R2, R1));
	I(ALU64_IMM(BPF_ADD, R2, 1));
	I(MOV64_REG(R4, R1));
	I(MOV64_REG(R5, R2));
	copy_n(cg, R6, R7, R4, R5);
	I(EXIT());
}

static const dt_cgsubr_t sub_basedir = { "basedir", gen_basedir };

/* ------------------------------------------------------------ lltostr */

#define LL_END 70 /* W buffer: digits written backwards from here, NUL at LL_END */

/* r0, a digit below 36, becomes its character: 0-9, then lowercase a-z */
static void digit_char(dt_cg_t *cg)
{
	int alpha = dt_cg_label(cg), put = dt_cg_label(cg);

	dt_cg_jump(cg, JMP_IMM(BPF_JGT, R0, 9, 0), alpha);
	I(ALU64_IMM(BPF_ADD, R0, '0'));
	dt_cg_jump(cg, JA(0), put);
	dt_cg_place(cg, alpha);
	I(ALU64_IMM(BPF_ADD, R0, 'a' - 10));
	dt_cg_place(cg, put);
}

/* callback: ctx = { W }; W0 = value left, W1 = next position, W2 = base */
static void gen_cb_lltostr(dt_cg_t *cg)
{
	int cont = dt_cg_label(cg), stop = dt_cg_label(cg);

	I(LDX(BPF_DW, R3, R2, 0));
	I(LDX(BPF_DW, R4, R3, W(0)));
	dt_cg_jump(cg, JMP_IMM(BPF_JEQ, R4, 0, 0), stop);
	I(LDX(BPF_DW, R5, R3, W(2)));
	I(MOV64_REG(R0, R4));
	I(ALU64_REG(BPF_MOD, R0, R5));
	I(ALU64_REG(BPF_DIV, R4, R5));
	I(STX(BPF_DW, R3, R4, W(0)));
	digit_char(cg);
	I(LDX(BPF_DW, R5, R3, W(1)));
	dt_cg_jump(cg, JMP_IMM(BPF_JGT, R5, LL_END, 0), stop);
	I(MOV64_REG(R4, R3));
	I(ALU64_REG(BPF_ADD, R4, R5));
	I(STX(BPF_B, R4, R0, WBUF));
	I(ALU64_IMM(BPF_SUB, R5, 1));
	I(STX(BPF_DW, R3, R5, W(1)));
	cb_exits(cg, cont, stop);
}

static const dt_cgsubr_t cb_lltostr = { "lltostr_cb", gen_cb_lltostr };

/* W buffer[r1] = c, r1 -= 1 (if r1 is in the buffer) */
static void ll_put(dt_cg_t *cg, int c)
{
	wbuf_put(cg, R1, LL_END, -1, c, -1);
}

/* (out, value, base, W): r0 = out; base is in [2, 36] */
static void gen_lltostr(dt_cg_t *cg)
{
	int pos = dt_cg_label(cg), nz = dt_cg_label(cg), n16 = dt_cg_label(cg),
	    nzero = dt_cg_label(cg), nneg = dt_cg_label(cg), zero = dt_cg_label(cg);

	I(MOV64_REG(R6, R1));
	I(MOV64_REG(R7, R2));
	I(MOV64_REG(R8, R4));
	I(STX(BPF_DW, R8, R3, W(2)));
	I(STX(BPF_DW, R8, R2, W(0)));
	dt_cg_jump(cg, JMP_IMM(BPF_JNE, R3, 10, 0), pos);
	dt_cg_jump(cg, JMP_IMM(BPF_JSGE, R2, 0, 0), pos);
	I(NEG64(R2));
	I(STX(BPF_DW, R8, R2, W(0)));
	dt_cg_place(cg, pos);
	I(ST(BPF_DW, R8, W(1), LL_END - 1));
	I(ST(BPF_B, R8, WBUF + LL_END, 0));
	I(STX(BPF_DW, FP, R8, CTXW(0)));
	dt_cg_subr_loop(cg, -1, 66, &cb_lltostr, CTX);
	I(LDX(BPF_DW, R1, R8, W(1)));
	I(LDX(BPF_DW, R2, R8, W(2)));
	/* the prefixes, as illumos writes them */
	dt_cg_jump(cg, JMP_IMM(BPF_JNE, R7, 0, 0), nz);
	dt_cg_jump(cg, JMP_IMM(BPF_JNE, R2, 16, 0), nz);
	ll_put(cg, '0');
	dt_cg_place(cg, nz);
	dt_cg_jump(cg, JMP_IMM(BPF_JNE, R2, 16, 0), n16);
	ll_put(cg, 'x');
	dt_cg_place(cg, n16);
	dt_cg_jump(cg, JMP_IMM(BPF_JEQ, R7, 0, 0), zero);
	dt_cg_jump(cg, JMP_IMM(BPF_JEQ, R2, 8, 0), zero);
	dt_cg_jump(cg, JMP_IMM(BPF_JNE, R2, 16, 0), nzero);
	dt_cg_place(cg, zero);
	ll_put(cg, '0');
	dt_cg_place(cg, nzero);
	dt_cg_jump(cg, JMP_IMM(BPF_JSGE, R7, 0, 0), nneg);
	dt_cg_jump(cg, JMP_IMM(BPF_JNE, R2, 10, 0), nneg);
	ll_put(cg, '-');
	dt_cg_place(cg, nneg);
	{
		int ok = dt_cg_label(cg);

		dt_cg_jump(cg, JMP_IMM(BPF_JLT, R1, LL_END, 0), ok);
		I(MOV64_IMM(R1, LL_END - 1));
		dt_cg_place(cg, ok);
	}
	I(MOV64_REG(R3, R8));
	I(ALU64_REG(BPF_ADD, R3, R1));
	I(ALU64_IMM(BPF_ADD, R3, WBUF + 1));
	I(MOV64_REG(R1, R6));
	I(MOV64_IMM(R2, SZ));
	dt_cg_call(cg, BPF_FUNC_probe_read_kernel_str);
	I(MOV64_REG(R0, R6));
	I(EXIT());
}

static const dt_cgsubr_t sub_lltostr = { "lltostr", gen_lltostr };

/* ------------------------------------------------------------ inet_ntoa, inet_ntoa6 */

/*
 * The address is read into W (16 bytes; an IPv4 address at W + 12), the
 * text written to W's buffer at position r7 (r8 = W) and copied out.
 * IPv6 text is illumos': hexadecimal groups without leading zeros, the
 * run of zero groups its byte scan picks (the first longest, but a later
 * run of one group wins over an earlier one when the group after it has
 * a zero high byte: illumos' quirk) written "::", and an IPv4-mapped or
 * IPv4-compatible address ending in dotted decimal.
 */
#define IN_FIRST W(2)  /* first byte of the zero run, -1: none */
#define IN_NZERO W(3)  /* its length in bytes */
#define IN_V4 W(4)     /* the last 4 bytes are written dotted */
#define IN_MAXPOS 62

/* W buffer[r7++] = reg (clobbers r3) */
static void in_putreg(dt_cg_t *cg, int reg)
{
	wbuf_put(cg, R7, IN_MAXPOS, reg, 0, 1);
}

static void in_putc(dt_cg_t *cg, int c)
{
	I(MOV64_IMM(R0, c));
	in_putreg(cg, R0);
}

/*
 * The text ends: W's buffer, NUL-terminated, is copied to the output
 * string (r6), which is returned; at bad (an unreadable address), 0.
 * inet_ntoa/inet_ntop's and link_ntop's common end.
 */
static void in_text_out(dt_cg_t *cg, int bad)
{
	in_putc(cg, 0);
	I(MOV64_REG(R1, R6));
	I(MOV64_IMM(R2, SZ));
	I(MOV64_REG(R3, R8));
	I(ALU64_IMM(BPF_ADD, R3, WBUF));
	dt_cg_call(cg, BPF_FUNC_probe_read_kernel_str);
	I(MOV64_REG(R0, R6));
	I(EXIT());
	dt_cg_place(cg, bad);
	ret_imm(cg, 0);
}

/* r0 (0-15) as a lowercase hexadecimal digit into W's buffer */
static void in_puthex(dt_cg_t *cg)
{
	digit_char(cg);
	in_putreg(cg, R0);
}

/* byte k of W in decimal */
static void in_dec(dt_cg_t *cg, int k)
{
	int two = dt_cg_label(cg), one = dt_cg_label(cg);

	I(LDX(BPF_B, R2, R8, k));
	dt_cg_jump(cg, JMP_IMM(BPF_JLT, R2, 100, 0), two);
	I(MOV64_REG(R0, R2));
	I(ALU64_IMM(BPF_DIV, R0, 100));
	I(ALU64_IMM(BPF_ADD, R0, '0'));
	in_putreg(cg, R0);
	I(MOV64_REG(R0, R2));
	I(ALU64_IMM(BPF_DIV, R0, 10));
	I(ALU64_IMM(BPF_MOD, R0, 10));
	I(ALU64_IMM(BPF_ADD, R0, '0'));
	in_putreg(cg, R0);
	dt_cg_jump(cg, JA(0), one);
	dt_cg_place(cg, two);
	dt_cg_jump(cg, JMP_IMM(BPF_JLT, R2, 10, 0), one);
	I(MOV64_REG(R0, R2));
	I(ALU64_IMM(BPF_DIV, R0, 10));
	I(ALU64_IMM(BPF_ADD, R0, '0'));
	in_putreg(cg, R0);
	dt_cg_place(cg, one);
	I(MOV64_REG(R0, R2));
	I(ALU64_IMM(BPF_MOD, R0, 10));
	I(ALU64_IMM(BPF_ADD, R0, '0'));
	in_putreg(cg, R0);
}

/* bytes 12-15 of W, dotted */
static void in_dotted(dt_cg_t *cg)
{
	for (int j = 12; j < 16; j++) {
		in_dec(cg, j);
		if (j < 15)
			in_putc(cg, '.');
	}
}

/* the 16-bit value in r2 in hexadecimal, without leading zeros (r4: started) */
static void in_hex16(dt_cg_t *cg)
{
	I(MOV64_IMM(R4, 0));
	for (int sh = 12; sh >= 0; sh -= 4) {
		int next = dt_cg_label(cg), digit = dt_cg_label(cg);

		I(MOV64_REG(R0, R2));
		I(ALU64_IMM(BPF_RSH, R0, sh));
		I(ALU64_IMM(BPF_AND, R0, 0xf));
		if (sh != 0) {
			dt_cg_jump(cg, JMP_IMM(BPF_JNE, R0, 0, 0), digit);
			dt_cg_jump(cg, JMP_IMM(BPF_JEQ, R4, 0, 0), next);
		}
		dt_cg_place(cg, digit);
		I(MOV64_IMM(R4, 1));
		in_puthex(cg);
		dt_cg_place(cg, next);
	}
}

/* the zero run: illumos' scan of the bytes, r4 = where a run may start */
static void in_zerorun(dt_cg_t *cg)
{
	I(ST(BPF_DW, R8, IN_FIRST, -1));
	I(ST(BPF_DW, R8, IN_NZERO, 1));
	I(MOV64_IMM(R4, -1));
	for (int i = 0; i < 16; i++) {
		int next = dt_cg_label(cg), longer = dt_cg_label(cg);

		I(LDX(BPF_B, R0, R8, i));
		if (i % 2 == 0) {
			int l = dt_cg_label(cg);

			dt_cg_jump(cg, JMP_IMM(BPF_JNE, R0, 0, 0), l);
			dt_cg_jump(cg, JMP_IMM(BPF_JNE, R4, -1, 0), l);
			I(MOV64_IMM(R4, i));
			dt_cg_jump(cg, JA(0), next);
			dt_cg_place(cg, l);
		}
		dt_cg_jump(cg, JMP_IMM(BPF_JEQ, R4, -1, 0), next);
		if (i != 15)
			dt_cg_jump(cg, JMP_IMM(BPF_JEQ, R0, 0, 0), next);
		I(MOV64_IMM(R5, i));
		I(ALU64_REG(BPF_SUB, R5, R4));
		I(LDX(BPF_DW, R1, R8, IN_NZERO));
		dt_cg_jump(cg, JMP_REG(BPF_JSGT, R5, R1, 0), longer);
		I(MOV64_IMM(R4, -1));
		dt_cg_jump(cg, JA(0), next);
		dt_cg_place(cg, longer);
		I(STX(BPF_DW, R8, R4, IN_FIRST));
		I(MOV64_IMM(R5, i - i % 2));
		I(ALU64_REG(BPF_SUB, R5, R4));
		if (i == 15) {
			int nz = dt_cg_label(cg);

			dt_cg_jump(cg, JMP_IMM(BPF_JNE, R0, 0, 0), nz);
			I(ALU64_IMM(BPF_ADD, R5, 2));
			dt_cg_place(cg, nz);
		}
		I(STX(BPF_DW, R8, R5, IN_NZERO));
		I(MOV64_IMM(R4, -1));
		dt_cg_place(cg, next);
	}
}

/* IN_V4 = the address is IPv4-mapped (::ffff:a.b.c.d) or -compatible (::a.b.c.d) */
static void in_v4(dt_cg_t *cg)
{
	int no = dt_cg_label(cg), yes = dt_cg_label(cg);

	I(ST(BPF_DW, R8, IN_V4, 0));
	I(LDX(BPF_DW, R0, R8, 0));
	dt_cg_jump(cg, JMP_IMM(BPF_JNE, R0, 0, 0), no);
	I(LDX(BPF_W, R0, R8, 8));
	dt_cg_ld64(cg, R1, 0xffff0000u); /* bytes 0 0 ff ff, little-endian */
	dt_cg_jump(cg, JMP_REG(BPF_JEQ, R0, R1, 0), yes);
	dt_cg_jump(cg, JMP_IMM(BPF_JNE, R0, 0, 0), no);
	I(LDX(BPF_W, R0, R8, 12));
	dt_cg_jump(cg, JMP_IMM(BPF_JEQ, R0, 0, 0), no);
	dt_cg_jump(cg, JMP_IMM(BPF_JEQ, R0, 0x01000000, 0), no); /* ::1 */
	dt_cg_place(cg, yes);
	I(ST(BPF_DW, R8, IN_V4, 1));
	dt_cg_place(cg, no);
}

static void in_groups(dt_cg_t *cg)
{
	for (int g = 0, i = 0; g < 8; g++, i += 2) {
		int next = dt_cg_label(cg), notfirst = dt_cg_label(cg), print = dt_cg_label(cg);

		if (g >= 6) {
			I(LDX(BPF_DW, R0, R8, IN_V4));
			dt_cg_jump(cg, JMP_IMM(BPF_JNE, R0, 0, 0), next);
		}
		I(LDX(BPF_DW, R1, R8, IN_FIRST));
		I(LDX(BPF_DW, R2, R8, IN_NZERO));
		dt_cg_jump(cg, JMP_IMM(BPF_JNE, R1, i, 0), notfirst);
		if (i == 0)
			in_putc(cg, ':');
		in_putc(cg, ':');
		dt_cg_jump(cg, JA(0), next);
		dt_cg_place(cg, notfirst);
		dt_cg_jump(cg, JMP_IMM(BPF_JSLT, R1, 0, 0), print);
		dt_cg_jump(cg, JMP_IMM(BPF_JSGT, R1, i, 0), print);
		I(ALU64_REG(BPF_ADD, R1, R2));
		dt_cg_jump(cg, JMP_IMM(BPF_JSLE, R1, i, 0), print);
		dt_cg_jump(cg, JA(0), next); /* inside the run */
		dt_cg_place(cg, print);
		I(LDX(BPF_B, R2, R8, i));
		I(ALU64_IMM(BPF_LSH, R2, 8));
		I(LDX(BPF_B, R0, R8, i + 1));
		I(ALU64_REG(BPF_OR, R2, R0));
		in_hex16(cg);
		if (g < 7)
			in_putc(cg, ':');
		dt_cg_place(cg, next);
	}
}

/* (out, addr, W, v6): r0 = out, or 0 if addr cannot be read */
static void gen_inet(dt_cg_t *cg)
{
	int v6 = dt_cg_label(cg), text = dt_cg_label(cg), bad = dt_cg_label(cg),
	    nodots = dt_cg_label(cg);

	I(MOV64_REG(R6, R1));
	I(MOV64_REG(R8, R3));
	I(MOV64_IMM(R7, 0));
	dt_cg_jump(cg, JMP_IMM(BPF_JNE, R4, 0, 0), v6);
	I(MOV64_REG(R3, R2));
	I(MOV64_REG(R1, R8));
	I(ALU64_IMM(BPF_ADD, R1, 12));
	I(MOV64_IMM(R2, 4));
	dt_cg_call(cg, BPF_FUNC_probe_read_kernel);
	dt_cg_jump(cg, JMP_IMM(BPF_JNE, R0, 0, 0), bad);
	in_dotted(cg);
	dt_cg_jump(cg, JA(0), text);
	dt_cg_place(cg, v6);
	I(MOV64_REG(R3, R2));
	I(MOV64_REG(R1, R8));
	I(MOV64_IMM(R2, 16));
	dt_cg_call(cg, BPF_FUNC_probe_read_kernel);
	dt_cg_jump(cg, JMP_IMM(BPF_JNE, R0, 0, 0), bad);
	in_zerorun(cg);
	in_v4(cg);
	in_groups(cg);
	I(LDX(BPF_DW, R0, R8, IN_V4));
	dt_cg_jump(cg, JMP_IMM(BPF_JEQ, R0, 0, 0), nodots);
	in_dotted(cg);
	dt_cg_place(cg, nodots);
	dt_cg_place(cg, text);
	in_text_out(cg, bad);
}

static const dt_cgsubr_t sub_inet = { "inet", gen_inet };

/* ------------------------------------------------------------ link_ntop */

/*
 * A hardware address: r4 bytes (6 for ARPHRD_ETHER, 20 for
 * ARPHRD_INFINIBAND) read into W, each written as two lowercase hex
 * digits, ':' between them (the Linux DTrace module's DIF_SUBR_LINK_NTOP:
 * 00:10:e0:8a:71:5e).  At most 59 characters: W's buffer holds them
 * whatever strsize is; the copy out keeps a prefix that fits.
 */
#define LINK_MAXLEN 20

/* (out, addr, W, len): r0 = out, or 0 if addr cannot be read */
static void gen_link(dt_cg_t *cg)
{
	int bad = dt_cg_label(cg), text = dt_cg_label(cg), ib = dt_cg_label(cg);

	I(MOV64_REG(R6, R1));
	I(MOV64_REG(R8, R3));
	I(STX(BPF_DW, R8, R4, W(7)));
	I(MOV64_REG(R3, R2));
	I(MOV64_REG(R1, R8));
	I(MOV64_IMM(R2, 6));
	dt_cg_jump(cg, JMP_IMM(BPF_JEQ, R4, 6, 0), ib);
	I(MOV64_IMM(R2, LINK_MAXLEN));
	dt_cg_place(cg, ib);
	dt_cg_call(cg, BPF_FUNC_probe_read_kernel);
	dt_cg_jump(cg, JMP_IMM(BPF_JNE, R0, 0, 0), bad);
	I(MOV64_IMM(R7, 0));
	for (int i = 0; i < LINK_MAXLEN; i++) {
		if (i == 6) { /* an Ethernet address ends here */
			I(LDX(BPF_DW, R0, R8, W(7)));
			dt_cg_jump(cg, JMP_IMM(BPF_JEQ, R0, 6, 0), text);
		}
		if (i > 0)
			in_putc(cg, ':');
		for (int sh = 4; sh >= 0; sh -= 4) {
			I(LDX(BPF_B, R0, R8, i));
			I(ALU64_IMM(BPF_RSH, R0, sh));
			I(ALU64_IMM(BPF_AND, R0, 0xf));
			in_puthex(cg);
		}
	}
	dt_cg_place(cg, text);
	in_text_out(cg, bad);
}

static const dt_cgsubr_t sub_link = { "link", gen_link };

/* ------------------------------------------------------------ cwd, root */

/*
 * The process's working or root directory as a path, walked up from its
 * dentry to the root of the topmost mount (of its mount namespace),
 * crossing mounts through their mount points, each name written in front
 * of the last into W's buffer: a path from the system's root, as illumos'
 * v_path (a chrooted process's cwd and root name where they are).
 * The walk stops after PATH_DEPTH names; a path longer than the buffer
 * keeps its last components.  W: state words, then a buffer of PATH_B
 * bytes whose last byte is the NUL, then PATH_B bytes of room for the
 * verifier (a name's copy is bounded only by the buffer's size).
 */
#define PATH_B(cg) ((((cg)->cg_strsize + 7) & ~7) + 64)
#define PATH_END(cg) (WBUF + PATH_B(cg) - 1)
#define PATH_WSIZE(cg) (WBUF + 2 * PATH_B(cg) + 16)
#define PATH_DEPTH 256

/* W0 dentry, W1 vfsmount, W4 the path's start, W5-W7 reads */
typedef struct dt_pathoffs {
	int task_fs, fs_pwd, fs_root, path_dentry, path_mnt, d_parent, d_name, qstr_name,
	    qstr_len, mnt_root, mount_mnt, mount_parent, mount_mountpoint;
} dt_pathoffs_t;

static int member_off(dt_cg_t *cg, const char *sou, const char *member, int *ok)
{
	dtrace_hdl_t *dtp = cg->cg_dtp;
	dt_type_t *t = dt_type_struct(dtp, sou, false);
	dt_member_t *m = t ? dt_type_member(dtp, t, member) : NULL;

	if (m == NULL)
		*ok = 0;
	return m ? m->dm_off : 0;
}

static dt_pathoffs_t path_offs(dt_cg_t *cg, int *ok)
{
	dt_pathoffs_t o;

	*ok = 1;
	o.task_fs = member_off(cg, "task_struct", "fs", ok);
	o.fs_pwd = member_off(cg, "fs_struct", "pwd", ok);
	o.fs_root = member_off(cg, "fs_struct", "root", ok);
	o.path_dentry = member_off(cg, "path", "dentry", ok);
	o.path_mnt = member_off(cg, "path", "mnt", ok);
	o.d_parent = member_off(cg, "dentry", "d_parent", ok);
	o.d_name = member_off(cg, "dentry", "d_name", ok);
	o.qstr_name = member_off(cg, "qstr", "name", ok);
	o.qstr_len = member_off(cg, "qstr", "len", ok);
	o.mnt_root = member_off(cg, "vfsmount", "mnt_root", ok);
	o.mount_mnt = member_off(cg, "mount", "mnt", ok);
	o.mount_parent = member_off(cg, "mount", "mnt_parent", ok);
	o.mount_mountpoint = member_off(cg, "mount", "mnt_mountpoint", ok);
	return o;
}

/* W[dst] = *(u64 *)(W[src] + off) (r6 = W), or goto fail */
static void path_rd(dt_cg_t *cg, int dst, int src, int off, int size, int fail)
{
	if (size != 8)
		I(ST(BPF_DW, R6, dst, 0));
	I(LDX(BPF_DW, R3, R6, src));
	I(ALU64_IMM(BPF_ADD, R3, off));
	I(MOV64_REG(R1, R6));
	I(ALU64_IMM(BPF_ADD, R1, dst));
	I(MOV64_IMM(R2, size));
	dt_cg_call(cg, BPF_FUNC_probe_read_kernel);
	dt_cg_jump(cg, JMP_IMM(BPF_JNE, R0, 0, 0), fail);
}

/* callback: ctx = { W }: one step up */
static void gen_cb_path(dt_cg_t *cg)
{
	int ok, cont = dt_cg_label(cg), stop = dt_cg_label(cg), cross = dt_cg_label(cg);
	dt_pathoffs_t o = path_offs(cg, &ok);

	I(LDX(BPF_DW, R6, R2, 0));
	path_rd(cg, W(5), W(1), o.mnt_root, 8, stop);
	path_rd(cg, W(6), W(0), o.d_parent, 8, stop);
	I(LDX(BPF_DW, R1, R6, W(0)));
	I(LDX(BPF_DW, R2, R6, W(5)));
	dt_cg_jump(cg, JMP_REG(BPF_JEQ, R1, R2, 0), cross);
	I(LDX(BPF_DW, R2, R6, W(6)));
	dt_cg_jump(cg, JMP_REG(BPF_JEQ, R1, R2, 0), cross);
	/* "/" and the name in front of the path */
	path_rd(cg, W(5), W(0), o.d_name + o.qstr_name, 8, stop);
	path_rd(cg, W(7), W(0), o.d_name + o.qstr_len, 4, stop);
	I(LDX(BPF_DW, R7, R6, W(7)));
	I(LDX(BPF_DW, R8, R6, W(4)));
	I(ALU64_REG(BPF_SUB, R8, R7));
	I(ALU64_IMM(BPF_SUB, R8, 1));
	dt_cg_jump(cg, JMP_IMM(BPF_JSLT, R8, WBUF, 0), stop); /* no room: the path keeps its end */
	dt_cg_jump(cg, JMP_IMM(BPF_JSGT, R8, PATH_END(cg), 0), stop);
	dt_cg_jump(cg, JMP_IMM(BPF_JGT, R7, PATH_B(cg), 0), stop);
	I(STX(BPF_DW, R6, R8, W(4)));
	I(MOV64_REG(R1, R6));
	I(ALU64_REG(BPF_ADD, R1, R8));
	I(ST(BPF_B, R1, 0, '/'));
	I(ALU64_IMM(BPF_ADD, R1, 1));
	I(MOV64_REG(R2, R7));
	I(LDX(BPF_DW, R3, R6, W(5)));
	dt_cg_call(cg, BPF_FUNC_probe_read_kernel);
	I(LDX(BPF_DW, R1, R6, W(6)));
	I(STX(BPF_DW, R6, R1, W(0)));
	dt_cg_jump(cg, JA(0), cont);
	/* the root of a mount: on to its mount point in the parent mount */
	dt_cg_place(cg, cross);
	I(LDX(BPF_DW, R1, R6, W(1)));
	I(ALU64_IMM(BPF_SUB, R1, o.mount_mnt));
	I(STX(BPF_DW, R6, R1, W(7))); /* the struct mount */
	path_rd(cg, W(5), W(7), o.mount_parent, 8, stop);
	I(LDX(BPF_DW, R1, R6, W(7)));
	I(LDX(BPF_DW, R2, R6, W(5)));
	dt_cg_jump(cg, JMP_REG(BPF_JEQ, R1, R2, 0), stop); /* the topmost mount */
	path_rd(cg, W(0), W(7), o.mount_mountpoint, 8, stop);
	I(LDX(BPF_DW, R1, R6, W(5)));
	I(ALU64_IMM(BPF_ADD, R1, o.mount_mnt));
	I(STX(BPF_DW, R6, R1, W(1)));
	cb_exits(cg, cont, stop);
}

static const dt_cgsubr_t cb_path = { "path_cb", gen_cb_path };

/* (out, W, root): r0 = out, the working (root == 0) or root directory */
static void gen_path(dt_cg_t *cg)
{
	int ok, fail = dt_cg_label(cg), done = dt_cg_label(cg), some = dt_cg_label(cg),
	    pwd = dt_cg_label(cg), have = dt_cg_label(cg);
	dt_pathoffs_t o = path_offs(cg, &ok);

	I(MOV64_REG(R8, R1));
	I(MOV64_REG(R6, R2));
	I(STX(BPF_DW, R6, R3, W(7)));
	I(ST(BPF_DW, R6, W(4), PATH_END(cg)));
	I(ST(BPF_B, R6, PATH_END(cg), 0));
	dt_cg_call(cg, BPF_FUNC_get_current_task);
	I(STX(BPF_DW, R6, R0, W(5)));
	path_rd(cg, W(5), W(5), o.task_fs, 8, fail);
	I(LDX(BPF_DW, R1, R6, W(7)));
	dt_cg_jump(cg, JMP_IMM(BPF_JEQ, R1, 0, 0), pwd);
	path_rd(cg, W(0), W(5), o.fs_root + o.path_dentry, 8, fail);
	path_rd(cg, W(1), W(5), o.fs_root + o.path_mnt, 8, fail);
	dt_cg_jump(cg, JA(0), have);
	dt_cg_place(cg, pwd);
	path_rd(cg, W(0), W(5), o.fs_pwd + o.path_dentry, 8, fail);
	path_rd(cg, W(1), W(5), o.fs_pwd + o.path_mnt, 8, fail);
	dt_cg_place(cg, have);
	I(STX(BPF_DW, FP, R6, CTXW(0)));
	dt_cg_subr_loop(cg, -1, PATH_DEPTH, &cb_path, CTX);
	I(LDX(BPF_DW, R3, R6, W(4)));
	dt_cg_jump(cg, JMP_IMM(BPF_JLT, R3, PATH_END(cg), 0), some);
	I(MOV64_IMM(R3, PATH_END(cg) - 1)); /* nothing above it: "/" */
	I(MOV64_REG(R1, R6));
	I(ALU64_IMM(BPF_ADD, R1, PATH_END(cg) - 1));
	I(ST(BPF_B, R1, 0, '/'));
	dt_cg_place(cg, some);
	dt_cg_jump(cg, JMP_IMM(BPF_JLT, R3, WBUF, 0), fail);
	dt_cg_jump(cg, JMP_IMM(BPF_JGT, R3, PATH_END(cg), 0), fail);
	I(ALU64_REG(BPF_ADD, R3, R6));
	I(MOV64_REG(R1, R8));
	I(MOV64_IMM(R2, SZ));
	dt_cg_call(cg, BPF_FUNC_probe_read_kernel_str);
	dt_cg_jump(cg, JA(0), done);
	dt_cg_place(cg, fail); /* no task, no fs: "" */
	I(ST(BPF_B, R8, 0, 0));
	dt_cg_place(cg, done);
	I(MOV64_REG(R0, R8));
	I(EXIT());
}

static const dt_cgsubr_t sub_path = { "path", gen_path };

/* The built-in variables cwd and root: r0 = the string. */
static void gen_pathvar(dt_cg_t *cg, const dt_node_t *dnp, bool root)
{
	int ok, out = dt_cg_tmpalloc(cg, SZ < 8 ? 8 : SZ), w = dt_cg_tmpalloc(cg, PATH_WSIZE(cg));

	path_offs(cg, &ok);
	if (!ok)
		dt_cg_error(cg, dnp, "kernel BTF is not available for %s", root ? "root" : "cwd");
	dt_cg_tmpaddr(cg, R1, out);
	dt_cg_tmpaddr(cg, R2, w);
	I(MOV64_IMM(R3, root));
	dt_cg_subr_call(cg, &sub_path);
}

/* ------------------------------------------------------------ strtoll */

/* callback: ctx = { s, W }; W0 phase (0 blanks, 1 sign done, 2 digits), W1 pos, W2 negative, W3 value, W4 base */
static void gen_cb_strtoll(dt_cg_t *cg)
{
	int cont = dt_cg_label(cg), stop = dt_cg_label(cg), digits = dt_cg_label(cg),
	    hex = dt_cg_label(cg), adv = dt_cg_label(cg), minus = dt_cg_label(cg),
	    sign = dt_cg_label(cg), have = dt_cg_label(cg), skip2 = dt_cg_label(cg),
	    xd = dt_cg_label(cg);

	I(LDX(BPF_DW, R3, R2, 8));
	I(LDX(BPF_DW, R4, R3, W(1)));
	dt_cg_jump(cg, JMP_IMM(BPF_JGT, R4, MAXC, 0), stop);
	I(LDX(BPF_DW, R5, R2, 0));
	I(ALU64_REG(BPF_ADD, R5, R4));
	I(LDX(BPF_B, R0, R5, 0));
	I(LDX(BPF_DW, R5, R3, W(0)));
	dt_cg_jump(cg, JMP_IMM(BPF_JEQ, R5, 2, 0), digits);
	dt_cg_jump(cg, JMP_IMM(BPF_JEQ, R5, 1, 0), hex);
	dt_cg_jump(cg, JMP_IMM(BPF_JEQ, R0, ' ', 0), adv);
	dt_cg_jump(cg, JMP_IMM(BPF_JEQ, R0, '\t', 0), adv);
	I(ST(BPF_DW, R3, W(0), 1));
	dt_cg_jump(cg, JMP_IMM(BPF_JEQ, R0, '-', 0), minus);
	dt_cg_jump(cg, JMP_IMM(BPF_JEQ, R0, '+', 0), sign);
	dt_cg_jump(cg, JA(0), cont);
	dt_cg_place(cg, minus);
	I(ST(BPF_DW, R3, W(2), 1));
	dt_cg_place(cg, sign);
	dt_cg_place(cg, adv);
	I(ALU64_IMM(BPF_ADD, R4, 1));
	I(STX(BPF_DW, R3, R4, W(1)));
	dt_cg_jump(cg, JA(0), cont);
	/* base 16: skip "0x" if a hex digit follows */
	dt_cg_place(cg, hex);
	I(ST(BPF_DW, R3, W(0), 2));
	I(LDX(BPF_DW, R5, R3, W(4)));
	dt_cg_jump(cg, JMP_IMM(BPF_JNE, R5, 16, 0), cont);
	dt_cg_jump(cg, JMP_IMM(BPF_JNE, R0, '0', 0), cont);
	dt_cg_jump(cg, JMP_IMM(BPF_JGT, R4, MAXC - 2, 0), cont);
	I(LDX(BPF_DW, R5, R2, 0));
	I(ALU64_REG(BPF_ADD, R5, R4));
	I(LDX(BPF_B, R0, R5, 1));
	I(ALU64_IMM(BPF_OR, R0, 0x20));
	dt_cg_jump(cg, JMP_IMM(BPF_JNE, R0, 'x', 0), cont);
	I(LDX(BPF_B, R0, R5, 2));
	I(ALU64_IMM(BPF_SUB, R0, '0'));
	dt_cg_jump(cg, JMP_IMM(BPF_JLE, R0, 9, 0), skip2);
	I(LDX(BPF_B, R0, R5, 2));
	I(ALU64_IMM(BPF_OR, R0, 0x20));
	I(ALU64_IMM(BPF_SUB, R0, 'a'));
	dt_cg_jump(cg, JMP_IMM(BPF_JLE, R0, 5, 0), skip2);
	dt_cg_jump(cg, JA(0), cont);
	dt_cg_place(cg, skip2);
	I(ALU64_IMM(BPF_ADD, R4, 2));
	I(STX(BPF_DW, R3, R4, W(1)));
	dt_cg_jump(cg, JA(0), cont);
	/* digits until one is not a digit of the base */
	dt_cg_place(cg, digits);
	dt_cg_jump(cg, JMP_IMM(BPF_JEQ, R0, 0, 0), stop);
	I(MOV64_REG(R5, R0));
	I(ALU64_IMM(BPF_SUB, R5, '0'));
	dt_cg_jump(cg, JMP_IMM(BPF_JLE, R5, 9, 0), have);
	I(MOV64_REG(R5, R0));
	I(ALU64_IMM(BPF_SUB, R5, 'a'));
	dt_cg_jump(cg, JMP_IMM(BPF_JLE, R5, 25, 0), xd);
	I(MOV64_REG(R5, R0));
	I(ALU64_IMM(BPF_SUB, R5, 'A'));
	dt_cg_jump(cg, JMP_IMM(BPF_JGT, R5, 25, 0), stop);
	dt_cg_place(cg, xd);
	I(ALU64_IMM(BPF_ADD, R5, 10));
	dt_cg_place(cg, have);
	I(LDX(BPF_DW, R0, R3, W(4)));
	dt_cg_jump(cg, JMP_REG(BPF_JGE, R5, R0, 0), stop);
	I(ALU64_IMM(BPF_ADD, R4, 1));
	I(STX(BPF_DW, R3, R4, W(1)));
	I(LDX(BPF_DW, R4, R3, W(3)));
	I(ALU64_REG(BPF_MUL, R4, R0));
	I(ALU64_REG(BPF_ADD, R4, R5));
	I(STX(BPF_DW, R3, R4, W(3)));
	cb_exits(cg, cont, stop);
}

static const dt_cgsubr_t cb_strtoll = { "strtoll_cb", gen_cb_strtoll };

/* (s, base, W): r0 = the value */
static void gen_strtoll(dt_cg_t *cg)
{
	int pos = dt_cg_label(cg);

	I(MOV64_REG(R8, R3));
	I(STX(BPF_DW, R8, R2, W(4)));
	I(ST(BPF_DW, R8, W(0), 0));
	I(ST(BPF_DW, R8, W(1), 0));
	I(ST(BPF_DW, R8, W(2), 0));
	I(ST(BPF_DW, R8, W(3), 0));
	I(STX(BPF_DW, FP, R1, CTXW(0)));
	I(STX(BPF_DW, FP, R8, CTXW(1)));
	dt_cg_subr_loop(cg, -1, SZ + 4, &cb_strtoll, CTX);
	I(LDX(BPF_DW, R0, R8, W(3)));
	I(LDX(BPF_DW, R1, R8, W(2)));
	dt_cg_jump(cg, JMP_IMM(BPF_JEQ, R1, 0, 0), pos);
	I(NEG64(R0));
	dt_cg_place(cg, pos);
	I(EXIT());
}

static const dt_cgsubr_t sub_strtoll = { "strtoll", gen_strtoll };

/* ------------------------------------------------------------ strtok */

/* callback: ctx = { delim, W }; set delim's characters in the 256-bit map at W */
static void gen_cb_tokmap(dt_cg_t *cg)
{
	int cont = dt_cg_label(cg), stop = dt_cg_label(cg);

	dt_cg_jump(cg, JMP_IMM(BPF_JGT, R1, MAXC, 0), stop);
	I(LDX(BPF_DW, R3, R2, 0));
	I(ALU64_REG(BPF_ADD, R3, R1));
	I(LDX(BPF_B, R4, R3, 0));
	dt_cg_jump(cg, JMP_IMM(BPF_JEQ, R4, 0, 0), stop);
	I(LDX(BPF_DW, R5, R2, 8));
	I(MOV64_REG(R0, R4));
	I(ALU64_IMM(BPF_RSH, R0, 3));
	I(ALU64_REG(BPF_ADD, R5, R0));
	I(LDX(BPF_B, R0, R5, 0));
	I(ALU64_IMM(BPF_AND, R4, 7));
	I(MOV64_IMM(R2, 1));
	I(ALU64_REG(BPF_LSH, R2, R4));
	I(ALU64_REG(BPF_OR, R0, R2));
	I(STX(BPF_B, R5, R0, 0));
	cb_exits(cg, cont, stop);
}

static const dt_cgsubr_t cb_tokmap = { "tokmap_cb", gen_cb_tokmap };

/*
 * callback: ctx = { delim, W, T }; from W5 on in the saved string T + 8:
 * W7 = the first character not in the map, W6 = the first one after it
 * that is (or the NUL).
 */
static void gen_cb_tokscan(dt_cg_t *cg)
{
	int cont = dt_cg_label(cg), stop = dt_cg_label(cg), end = dt_cg_label(cg),
	    intoken = dt_cg_label(cg);

	I(LDX(BPF_DW, R3, R2, 8));
	I(LDX(BPF_DW, R4, R3, W(5)));
	I(ALU64_REG(BPF_ADD, R4, R1));
	dt_cg_jump(cg, JMP_IMM(BPF_JGT, R4, MAXC, 0), end);
	I(LDX(BPF_DW, R5, R2, 16));
	I(ALU64_REG(BPF_ADD, R5, R4));
	I(LDX(BPF_B, R0, R5, 8));
	dt_cg_jump(cg, JMP_IMM(BPF_JEQ, R0, 0, 0), end);
	I(MOV64_REG(R5, R0));
	I(ALU64_IMM(BPF_RSH, R5, 3));
	I(ALU64_REG(BPF_ADD, R5, R3));
	I(LDX(BPF_B, R5, R5, 0));
	I(ALU64_IMM(BPF_AND, R0, 7));
	I(ALU64_REG(BPF_RSH, R5, R0));
	I(ALU64_IMM(BPF_AND, R5, 1));
	I(LDX(BPF_DW, R0, R3, W(7)));
	dt_cg_jump(cg, JMP_IMM(BPF_JSGE, R0, 0, 0), intoken);
	dt_cg_jump(cg, JMP_IMM(BPF_JNE, R5, 0, 0), cont);
	I(STX(BPF_DW, R3, R4, W(7)));
	dt_cg_jump(cg, JA(0), cont);
	dt_cg_place(cg, intoken);
	dt_cg_jump(cg, JMP_IMM(BPF_JEQ, R5, 0, 0), cont);
	dt_cg_place(cg, end);
	I(STX(BPF_DW, R3, R4, W(6)));
	dt_cg_jump(cg, JA(0), stop);
	cb_exits(cg, cont, stop);
}

static const dt_cgsubr_t cb_tokscan = { "tokscan_cb", gen_cb_tokscan };

/*
 * (out, s or 0, delim, W, T): r0 = out (the next token), 0 (NULL: no more
 * tokens) or -1 (no string to continue: strtok(NULL, ...) faults).  T is
 * the per-CPU state: the position (-1: none), then a copy of the string.
 */
static void gen_strtok(dt_cg_t *cg)
{
	int cont = dt_cg_label(cg), none = dt_cg_label(cg), ok = dt_cg_label(cg);

	I(MOV64_REG(R6, R1));
	I(MOV64_REG(R8, R4));
	I(STX(BPF_DW, FP, R3, CTXW(0)));
	I(STX(BPF_DW, FP, R4, CTXW(1)));
	I(STX(BPF_DW, FP, R5, CTXW(2)));
	dt_cg_jump(cg, JMP_IMM(BPF_JEQ, R2, 0, 0), cont);
	I(MOV64_REG(R3, R2));
	I(MOV64_REG(R1, R5));
	I(ALU64_IMM(BPF_ADD, R1, 8));
	I(MOV64_IMM(R2, SZ));
	dt_cg_call(cg, BPF_FUNC_probe_read_kernel_str);
	I(LDX(BPF_DW, R5, FP, CTXW(2)));
	I(ST(BPF_DW, R5, 0, 0));
	dt_cg_place(cg, cont);
	I(LDX(BPF_DW, R5, FP, CTXW(2)));
	I(LDX(BPF_DW, R0, R5, 0));
	dt_cg_jump(cg, JMP_IMM(BPF_JSGE, R0, 0, 0), ok);
	ret_imm(cg, -1);
	dt_cg_place(cg, ok);
	I(STX(BPF_DW, R8, R0, W(5)));
	I(ST(BPF_DW, R8, W(6), -1));
	I(ST(BPF_DW, R8, W(7), -1));
	for (int i = 0; i < 4; i++)
		I(ST(BPF_DW, R8, W(i), 0));
	dt_cg_subr_loop(cg, -1, SZ, &cb_tokmap, CTX);
	dt_cg_subr_loop(cg, -1, SZ, &cb_tokscan, CTX);
	I(LDX(BPF_DW, R5, FP, CTXW(2)));
	I(LDX(BPF_DW, R4, R8, W(7)));			/* start */
	dt_cg_jump(cg, JMP_IMM(BPF_JSLT, R4, 0, 0), none);
	I(LDX(BPF_DW, R0, R8, W(6)));			/* end */
	I(STX(BPF_DW, R5, R0, 0));
	I(MOV64_REG(R7, R5));
	I(ALU64_IMM(BPF_ADD, R7, 8));
	I(MOV64_REG(R5, R0));
	I(ALU64_REG(BPF_SUB, R5, R4));
	copy_n(cg, R6, R7, R4, R5);
	I(EXIT());
	dt_cg_place(cg, none);
	I(ST(BPF_DW, R5, 0, -1));
	ret_imm(cg, 0);
}

static const dt_cgsubr_t sub_strtok = { "strtok", gen_strtok };

/* ------------------------------------------------------------ cleanpath */

/* out[j .. j + n) = the n characters (c: the register holding the last or -1) */
static void clean_emit(dt_cg_t *cg, const char *lit, int creg, int fin)
{
	int n = (int)strlen(lit) + (creg >= 0);

	dt_cg_jump(cg, JMP_IMM(BPF_JGT, R5, MAXC - n, 0), fin);
	I(LDX(BPF_DW, R0, R2, 8));
	I(ALU64_REG(BPF_ADD, R0, R5));
	for (int k = 0; lit[k] != '\0'; k++)
		I(ST(BPF_B, R0, k, lit[k]));
	if (creg >= 0)
		I(STX(BPF_B, R0, creg, (int)strlen(lit)));
	I(ALU64_IMM(BPF_ADD, R5, n));
	I(STX(BPF_DW, R3, R5, W(2)));
}

/*
 * callback: ctx = { s, out, W }; illumos' cleanpath() as a machine: W0
 * the state (0 plain, 1 after "/", 2 after "/.", 3 after "/..", 4 and 5
 * backing up to the previous "/" at the end or before a "/"), W1 the input
 * position, W2 the output position.  One character or one step back per
 * iteration.  Output stops when j + 5 >= strsize, as in illumos.
 */
static void gen_cb_clean(dt_cg_t *cg)
{
	int cont = dt_cg_label(cg), stop = dt_cg_label(cg), fin = dt_cg_label(cg),
	    backup = dt_cg_label(cg), st1 = dt_cg_label(cg), st2 = dt_cg_label(cg),
	    st3 = dt_cg_label(cg), to1 = dt_cg_label(cg), s1b = dt_cg_label(cg),
	    s1c = dt_cg_label(cg), s2b = dt_cg_label(cg), s2c = dt_cg_label(cg),
	    up = dt_cg_label(cg), bdone = dt_cg_label(cg), stay1 = dt_cg_label(cg),
	    endc = dt_cg_label(cg);
	int lim = DSIZE - 5;

	I(LDX(BPF_DW, R3, R2, 16));
	I(LDX(BPF_DW, R4, R3, W(0)));
	I(LDX(BPF_DW, R5, R3, W(2)));
	dt_cg_jump(cg, JMP_IMM(BPF_JGT, R5, MAXC, 0), stop);
	dt_cg_jump(cg, JMP_IMM(BPF_JGE, R4, 4, 0), backup);
	I(LDX(BPF_DW, R0, R3, W(1)));
	dt_cg_jump(cg, JMP_IMM(BPF_JGT, R0, MAXC, 0), fin);
	I(LDX(BPF_DW, R1, R2, 0));
	I(ALU64_REG(BPF_ADD, R1, R0));
	I(LDX(BPF_B, R1, R1, 0));			/* c */
	I(ALU64_IMM(BPF_ADD, R0, 1));
	I(STX(BPF_DW, R3, R0, W(1)));
	dt_cg_jump(cg, JMP_IMM(BPF_JEQ, R4, 1, 0), st1);
	dt_cg_jump(cg, JMP_IMM(BPF_JEQ, R4, 2, 0), st2);
	dt_cg_jump(cg, JMP_IMM(BPF_JEQ, R4, 3, 0), st3);
	/* 0: a plain character, or a "/" */
	dt_cg_jump(cg, JMP_IMM(BPF_JSGE, R5, lim, 0), fin);
	dt_cg_jump(cg, JMP_IMM(BPF_JEQ, R1, '/', 0), to1);
	clean_emit(cg, "", R1, fin);
	dt_cg_jump(cg, JA(0), endc);
	dt_cg_place(cg, to1);
	I(ST(BPF_DW, R3, W(0), 1));
	dt_cg_jump(cg, JA(0), cont);
	/* 1: after "/" */
	dt_cg_place(cg, st1);
	dt_cg_jump(cg, JMP_IMM(BPF_JNE, R1, '/', 0), s1b);
	dt_cg_place(cg, stay1);
	dt_cg_jump(cg, JMP_IMM(BPF_JSGE, R5, lim, 0), fin);
	I(ST(BPF_DW, R3, W(0), 1));
	dt_cg_jump(cg, JA(0), cont);
	dt_cg_place(cg, s1b);
	dt_cg_jump(cg, JMP_IMM(BPF_JNE, R1, '.', 0), s1c);
	I(ST(BPF_DW, R3, W(0), 2));
	dt_cg_jump(cg, JA(0), cont);
	dt_cg_place(cg, s1c);
	clean_emit(cg, "/", R1, fin);
	I(ST(BPF_DW, R3, W(0), 0));
	dt_cg_jump(cg, JA(0), endc);
	/* 2: after "/." */
	dt_cg_place(cg, st2);
	dt_cg_jump(cg, JMP_IMM(BPF_JEQ, R1, '/', 0), stay1);
	dt_cg_jump(cg, JMP_IMM(BPF_JNE, R1, '.', 0), s2c);
	dt_cg_place(cg, s2b);
	I(ST(BPF_DW, R3, W(0), 3));
	dt_cg_jump(cg, JA(0), cont);
	dt_cg_place(cg, s2c);
	clean_emit(cg, "/.", R1, fin);
	I(ST(BPF_DW, R3, W(0), 0));
	dt_cg_jump(cg, JA(0), endc);
	/* 3: after "/..": a longer name, or back up a component */
	dt_cg_place(cg, st3);
	dt_cg_jump(cg, JMP_IMM(BPF_JEQ, R1, '/', 0), up);
	dt_cg_jump(cg, JMP_IMM(BPF_JEQ, R1, 0, 0), up);
	clean_emit(cg, "/..", R1, fin);
	I(ST(BPF_DW, R3, W(0), 0));
	dt_cg_jump(cg, JA(0), cont);
	dt_cg_place(cg, up);
	I(ST(BPF_DW, R3, W(0), 5));
	dt_cg_jump(cg, JMP_IMM(BPF_JNE, R1, 0, 0), cont);
	I(ST(BPF_DW, R3, W(0), 4));
	dt_cg_jump(cg, JA(0), cont);
	dt_cg_place(cg, endc);
	dt_cg_jump(cg, JMP_IMM(BPF_JEQ, R1, 0, 0), stop);
	dt_cg_jump(cg, JA(0), cont);
	/* 4, 5: while (j != 0 && out[--j] != '/') */
	dt_cg_place(cg, backup);
	dt_cg_jump(cg, JMP_IMM(BPF_JEQ, R5, 0, 0), bdone);
	I(ALU64_IMM(BPF_SUB, R5, 1));
	I(STX(BPF_DW, R3, R5, W(2)));
	I(LDX(BPF_DW, R0, R2, 8));
	I(ALU64_REG(BPF_ADD, R0, R5));
	I(LDX(BPF_B, R0, R0, 0));
	dt_cg_jump(cg, JMP_IMM(BPF_JNE, R0, '/', 0), cont);
	dt_cg_place(cg, bdone);
	dt_cg_jump(cg, JMP_IMM(BPF_JEQ, R4, 5, 0), stay1);
	I(ALU64_IMM(BPF_ADD, R5, 1));		/* "/..\0": dest[++j] = '/', then the NUL */
	dt_cg_place(cg, fin);
	dt_cg_jump(cg, JMP_IMM(BPF_JGT, R5, MAXC, 0), stop);
	I(LDX(BPF_DW, R0, R2, 8));
	I(ALU64_REG(BPF_ADD, R0, R5));
	I(ST(BPF_B, R0, 0, 0));
	dt_cg_jump(cg, JA(0), stop);
	cb_exits(cg, cont, stop);
}

static const dt_cgsubr_t cb_clean = { "cleanpath_cb", gen_cb_clean };

/* (out, s, W): r0 = out */
static void gen_cleanpath(dt_cg_t *cg)
{
	I(MOV64_REG(R6, R1));
	I(STX(BPF_DW, FP, R2, CTXW(0)));
	I(STX(BPF_DW, FP, R1, CTXW(1)));
	I(STX(BPF_DW, FP, R3, CTXW(2)));
	I(ST(BPF_DW, R3, W(0), 0));
	I(ST(BPF_DW, R3, W(1), 0));
	I(ST(BPF_DW, R3, W(2), 0));
	I(ST(BPF_B, R6, 0, 0));
	dt_cg_subr_loop(cg, -1, 3 * SZ + 8, &cb_clean, CTX);
	I(MOV64_REG(R0, R6));
	I(EXIT());
}

static const dt_cgsubr_t sub_cleanpath = { "cleanpath", gen_cleanpath };

/* ------------------------------------------------------------ progenyof */

/* callback: ctx = { W }; W0 = task, W1 = pid, W2 = result, W3 = read buffer */
static void gen_cb_progeny(dt_cg_t *cg)
{
	dtrace_hdl_t *dtp = cg->cg_dtp;
	dt_type_t *t = dt_type_struct(dtp, "task_struct", false);
	dt_member_t *parent = t ? dt_type_member(dtp, t, "real_parent") : NULL;
	dt_member_t *tgid = t ? dt_type_member(dtp, t, "tgid") : NULL;
	int cont = dt_cg_label(cg), stop = dt_cg_label(cg), no = dt_cg_label(cg);

	I(LDX(BPF_DW, R6, R2, 0));
	I(LDX(BPF_DW, R3, R6, W(0)));
	dt_cg_jump(cg, JMP_IMM(BPF_JEQ, R3, 0, 0), stop);
	I(ALU64_IMM(BPF_ADD, R3, tgid ? tgid->dm_off : 0));
	I(MOV64_REG(R1, R6));
	I(ALU64_IMM(BPF_ADD, R1, W(3)));
	I(MOV64_IMM(R2, 4));
	dt_cg_call(cg, BPF_FUNC_probe_read_kernel);
	dt_cg_jump(cg, JMP_IMM(BPF_JNE, R0, 0, 0), stop);
	I(LDX(BPF_W, R1, R6, W(3)));
	I(LDX(BPF_DW, R2, R6, W(1)));
	dt_cg_jump(cg, JMP_REG(BPF_JNE, R1, R2, 0), no);
	I(ST(BPF_DW, R6, W(2), 1));
	dt_cg_jump(cg, JA(0), stop);
	dt_cg_place(cg, no);
	I(LDX(BPF_DW, R3, R6, W(0)));
	I(ALU64_IMM(BPF_ADD, R3, parent ? parent->dm_off : 0));
	I(MOV64_REG(R1, R6));
	I(ALU64_IMM(BPF_ADD, R1, W(3)));
	I(MOV64_IMM(R2, 8));
	dt_cg_call(cg, BPF_FUNC_probe_read_kernel);
	dt_cg_jump(cg, JMP_IMM(BPF_JNE, R0, 0, 0), stop);
	I(LDX(BPF_DW, R1, R6, W(3)));
	I(LDX(BPF_DW, R2, R6, W(0)));
	dt_cg_jump(cg, JMP_REG(BPF_JEQ, R1, R2, 0), stop); /* the idle task is its own parent */
	I(STX(BPF_DW, R6, R1, W(0)));
	cb_exits(cg, cont, stop);
}

static const dt_cgsubr_t cb_progeny = { "progenyof_cb", gen_cb_progeny };

/* (pid, W): r0 = 1 if the current process is pid or a descendant of it */
static void gen_progeny(dt_cg_t *cg)
{
	I(MOV64_REG(R8, R2));
	I(ALU64_IMM(BPF_LSH, R1, 32));
	I(ALU64_IMM(BPF_RSH, R1, 32));
	I(STX(BPF_DW, R8, R1, W(1)));
	I(ST(BPF_DW, R8, W(2), 0));
	dt_cg_call(cg, BPF_FUNC_get_current_task);
	I(STX(BPF_DW, R8, R0, W(0)));
	I(STX(BPF_DW, FP, R8, CTXW(0)));
	dt_cg_subr_loop(cg, -1, 4096, &cb_progeny, CTX);
	I(LDX(BPF_DW, R0, R8, W(2)));
	I(EXIT());
}

static const dt_cgsubr_t sub_progeny = { "progenyof", gen_progeny };

/* ------------------------------------------------------------ NULL */

bool dt_cg_str_maybenull(const dt_node_t *dnp)
{
	switch (dnp->dn_kind) {
	case N_CALL:
		return dnp->dn_builtin == DT_FN_STRCHR || dnp->dn_builtin == DT_FN_STRRCHR ||
		       dnp->dn_builtin == DT_FN_STRSTR || dnp->dn_builtin == DT_FN_STRTOK;
	case N_COND:
		return dt_cg_str_maybenull(dnp->dn_left) || dt_cg_str_maybenull(dnp->dn_right);
	case N_CAST:
	case N_STRINGOF:
		return dt_cg_str_maybenull(dnp->dn_left);
	default:
		return false;
	}
}

/* The string on top of the stack may be NULL: fault, or make it "". */
void dt_cg_strnull(dt_cg_t *cg, const dt_node_t *dnp, int mode)
{
	int slot = cg->cg_depth - 1, ok = dt_cg_label(cg), r;

	(void)dnp;
	r = dt_cg_get(cg, slot, R1);
	dt_cg_jump(cg, JMP_IMM(BPF_JNE, r, 0, 0), ok);
	if (mode == DT_STRNULL_FAULT) {
		dt_cg_fault(cg, DT_FAULT_BADADDR, r);
	} else {
		dt_cg_ldmapval(cg, R1, DT_MAP_STRTAB, 0); /* "" */
		dt_cg_set(cg, slot, R1);
	}
	dt_cg_place(cg, ok);
}

/* ------------------------------------------------------------ call sites */

static bool is_null(const dt_node_t *a)
{
	while (a->dn_kind == N_CAST && a->dn_type->dt_kind == DT_TK_PTR)
		a = a->dn_left;
	return a->dn_kind == N_INT && a->dn_val == 0;
}

/* Is argument i of function id a string ("const char *")? */
static bool str_param(int id, int i)
{
	switch (id) {
	case DT_FN_LLTOSTR:
	case DT_FN_PROGENYOF:
	case DT_FN_INET_NTOA:
	case DT_FN_INET_NTOA6:
	case DT_FN_INET_NTOP:
	case DT_FN_LINK_NTOP:
		return false;
	case DT_FN_STRJOIN:
	case DT_FN_INDEX:
	case DT_FN_RINDEX:
	case DT_FN_STRSTR:
	case DT_FN_STRTOK:
		return i <= 1;
	default:
		return i == 0;
	}
}

/*
 * Push the arguments of a call, in order.  A string argument given as a
 * pointer (char *, or 0) is read from the kernel: a bad address faults.
 */
static int eval_args(dt_cg_t *cg, dt_node_t *dnp)
{
	int n = 0;

	for (dt_node_t *a = dnp->dn_args; a != NULL; a = a->dn_next, n++) {
		if (dnp->dn_builtin == DT_FN_STRTOK && n == 0 &&
		    (is_null(a) || dt_cg_str_maybenull(a))) { /* NULL: go on */
			if (is_null(a))
				dt_cg_expr(cg, a);
			else
				dt_cg_strexpr_mode(cg, a, DT_STRNULL_KEEP);
		} else if (str_param(dnp->dn_builtin, n))
			dt_cg_strexpr(cg, a);
		else
			dt_cg_expr(cg, a);
	}
	return n;
}

/* Pop n - 1 slots, leaving r0 as the value of the first. */
static void result(dt_cg_t *cg, int n)
{
	while (n-- > 1)
		dt_cg_pop(cg);
	dt_cg_set(cg, cg->cg_depth - 1, R0);
}

/* if (base <= 1 || base > 36) fault ILLOP, for the base in slot */
static void check_base(dt_cg_t *cg, int slot)
{
	int bad = dt_cg_label(cg), ok = dt_cg_label(cg);
	int r = dt_cg_get(cg, slot, R1);

	dt_cg_jump(cg, JMP_IMM(BPF_JSLE, r, 1, 0), bad);
	dt_cg_jump(cg, JMP_IMM(BPF_JSLE, r, 36, 0), ok);
	dt_cg_place(cg, bad);
	dt_cg_fault(cg, DT_FAULT_ILLOP, -1);
	dt_cg_place(cg, ok);
}

/* out and W temporaries for a call; W also gives the verifier room past out */
static void alloc_out(dt_cg_t *cg, int *out, int *w)
{
	*out = dt_cg_tmpalloc(cg, SZ < 8 ? 8 : SZ);
	*w = dt_cg_tmpalloc(cg, WSIZE(cg));
}

/* byte order: reg = htons(reg) etc. */
static void bswap(dt_cg_t *cg, int reg, int bits)
{
	I(DT_INSN(BPF_ALU | BPF_END | BPF_TO_BE, reg, 0, 0, bits));
}

void dt_cg_str_prologue(dt_cg_t *cg)
{
	int off = DT_SCR_THIS + cg->cg_dtp->dt_strtokoff, b = dt_cg_r9base(cg, &off, R1);

	I(ST(BPF_DW, b, off, -1)); /* no string: strtok(NULL, ...) faults */
}

/* htons() .. ntohll(), getmajor(), getminor(): one integer, in place */
void dt_cg_fn_intsubr(dt_cg_t *cg, dt_node_t *dnp)
{
	int id = dnp->dn_builtin, base = cg->cg_depth, r;

	dt_cg_expr(cg, dnp->dn_args);
	r = dt_cg_get(cg, base, R0);
	if (id == DT_FN_HTONS || id == DT_FN_NTOHS)
		bswap(cg, r, 16);
	else if (id == DT_FN_HTONL || id == DT_FN_NTOHL)
		bswap(cg, r, 32);
	else if (id == DT_FN_HTONLL || id == DT_FN_NTOHLL)
		bswap(cg, r, 64);
	else if (id == DT_FN_GETMAJOR) { /* the kernel's dev_t: 12 bits of major, 20 of minor */
		I(ALU64_IMM(BPF_RSH, r, 20));
		I(ALU64_IMM(BPF_AND, r, 0xfff));
	} else {
		I(ALU64_IMM(BPF_AND, r, 0xfffff));
	}
	dt_cg_set(cg, base, r);
}

/*
 * The string subroutines (and progenyof()): their arguments evaluated,
 * then each one's code.  Leaves the result on the value stack.
 */
void dt_cg_fn_strsubr(dt_cg_t *cg, dt_node_t *dnp)
{
	int id = dnp->dn_builtin, n, base = cg->cg_depth, out, w, save;

	n = eval_args(cg, dnp);
	save = cg->cg_tmpoff;
	alloc_out(cg, &out, &w);
	switch (id) {
	case DT_FN_STRJOIN:
		dt_cg_tmpaddr(cg, R1, out);
		dt_cg_ldslot(cg, R2, base);
		dt_cg_ldslot(cg, R3, base + 1);
		dt_cg_subr_call(cg, &sub_strjoin);
		break;
	case DT_FN_TOUPPER:
	case DT_FN_TOLOWER:
		dt_cg_tmpaddr(cg, R1, out);
		dt_cg_ldslot(cg, R2, base);
		I(MOV64_IMM(R3, id == DT_FN_TOUPPER));
		dt_cg_subr_call(cg, &sub_case);
		break;
	case DT_FN_BASENAME:
	case DT_FN_DIRNAME:
		dt_cg_tmpaddr(cg, R1, out);
		dt_cg_ldslot(cg, R2, base);
		dt_cg_tmpaddr(cg, R3, w);
		I(MOV64_IMM(R4, id == DT_FN_DIRNAME));
		dt_cg_subr_call(cg, &sub_basedir);
		break;
	case DT_FN_SUBSTR:
		dt_cg_tmpaddr(cg, R1, out);
		dt_cg_ldslot(cg, R2, base);
		dt_cg_ldslot(cg, R3, base + 1);
		if (n == 3)
			dt_cg_ldslot(cg, R4, base + 2);
		else
			I(MOV64_IMM(R4, DSIZE));
		dt_cg_subr_call(cg, &sub_substr);
		break;
	case DT_FN_STRCHR:
	case DT_FN_STRRCHR:
		dt_cg_ldslot(cg, R1, base);
		dt_cg_ldslot(cg, R2, base + 1);
		dt_cg_tmpaddr(cg, R3, w);
		I(MOV64_IMM(R4, id == DT_FN_STRRCHR));
		dt_cg_subr_call(cg, &sub_strchr);
		goto tail;
	case DT_FN_STRSTR:
		dt_cg_ldslot(cg, R1, base);
		dt_cg_ldslot(cg, R2, base + 1);
		dt_cg_tmpaddr(cg, R3, w);
		I(MOV64_IMM(R4, 0));
		I(MOV64_IMM(R5, 0));
		dt_cg_subr_call(cg, &sub_strfind);
	tail:
		I(MOV64_REG(R3, R0));
		dt_cg_tmpaddr(cg, R1, out);
		dt_cg_ldslot(cg, R2, base);
		dt_cg_subr_call(cg, &sub_strtail);
		break;
	case DT_FN_INDEX:
	case DT_FN_RINDEX:
		dt_cg_ldslot(cg, R1, base);
		dt_cg_ldslot(cg, R2, base + 1);
		dt_cg_tmpaddr(cg, R3, w);
		if (n == 3)
			dt_cg_ldslot(cg, R4, base + 2);
		else
			I(MOV64_IMM(R4, 0));
		I(MOV64_IMM(R5, (id == DT_FN_RINDEX) | (n == 3 ? 2 : 0)));
		dt_cg_subr_call(cg, &sub_strfind);
		break;
	case DT_FN_LLTOSTR:
		if (n == 2)
			check_base(cg, base + 1);
		dt_cg_tmpaddr(cg, R1, out);
		dt_cg_ldslot(cg, R2, base);
		if (n == 2)
			dt_cg_ldslot(cg, R3, base + 1);
		else
			I(MOV64_IMM(R3, 10));
		dt_cg_tmpaddr(cg, R4, w);
		dt_cg_subr_call(cg, &sub_lltostr);
		break;
	case DT_FN_STRTOLL:
		if (n == 2)
			check_base(cg, base + 1);
		dt_cg_ldslot(cg, R1, base);
		if (n == 2)
			dt_cg_ldslot(cg, R2, base + 1);
		else
			I(MOV64_IMM(R2, 10));
		dt_cg_tmpaddr(cg, R3, w);
		dt_cg_subr_call(cg, &sub_strtoll);
		break;
	case DT_FN_CLEANPATH:
		dt_cg_tmpaddr(cg, R1, out);
		dt_cg_ldslot(cg, R2, base);
		dt_cg_tmpaddr(cg, R3, w);
		dt_cg_subr_call(cg, &sub_cleanpath);
		break;
	case DT_FN_STRTOK: {
		int ok = dt_cg_label(cg), off = DT_SCR_THIS + cg->cg_dtp->dt_strtokoff;

		dt_cg_tmpaddr(cg, R1, out);
		dt_cg_ldslot(cg, R2, base);
		dt_cg_ldslot(cg, R3, base + 1);
		dt_cg_tmpaddr(cg, R4, w);
		I(MOV64_REG(R5, R9));
		I(ALU64_IMM(BPF_ADD, R5, off));
		dt_cg_subr_call(cg, &sub_strtok);
		dt_cg_jump(cg, JMP_IMM(BPF_JNE, R0, -1, 0), ok);
		I(MOV64_IMM(R0, 0));
		dt_cg_fault(cg, DT_FAULT_BADADDR, R0); /* strtok(NULL, ...) with nothing left */
		dt_cg_place(cg, ok);
		break;
	}
	case DT_FN_INET_NTOA:
	case DT_FN_INET_NTOA6:
	case DT_FN_INET_NTOP: {
		int ok = dt_cg_label(cg), addr = id == DT_FN_INET_NTOP ? base + 1 : base;

		if (id == DT_FN_INET_NTOP) { /* r4: the family, AF_INET or AF_INET6, else ILLOP */
			int v4 = dt_cg_label(cg), known = dt_cg_label(cg);

			dt_cg_ldslot(cg, R4, base);
			dt_cg_jump(cg, JMP_IMM(BPF_JEQ, R4, DT_AF_INET, 0), v4);
			dt_cg_jump(cg, JMP_IMM(BPF_JEQ, R4, DT_AF_INET6, 0), known);
			dt_cg_fault(cg, DT_FAULT_ILLOP, -1);
			dt_cg_place(cg, v4);
			I(MOV64_IMM(R4, 0));
			dt_cg_place(cg, known);
		} else {
			I(MOV64_IMM(R4, id == DT_FN_INET_NTOA6));
		}
		dt_cg_tmpaddr(cg, R1, out);
		dt_cg_ldslot(cg, R2, addr);
		dt_cg_tmpaddr(cg, R3, w);
		dt_cg_subr_call(cg, &sub_inet);
		dt_cg_jump(cg, JMP_IMM(BPF_JNE, R0, 0, 0), ok);
		dt_cg_ldslot(cg, R1, addr);
		dt_cg_fault(cg, DT_FAULT_BADADDR, R1);
		dt_cg_place(cg, ok);
		break;
	}
	case DT_FN_LINK_NTOP: { /* r4: the address's length by its type, else ILLOP */
		int ok = dt_cg_label(cg), eth = dt_cg_label(cg), other = dt_cg_label(cg);

		dt_cg_ldslot(cg, R4, base);
		dt_cg_jump(cg, JMP_IMM(BPF_JEQ, R4, DT_ARPHRD_ETHER, 0), eth);
		dt_cg_jump(cg, JMP_IMM(BPF_JNE, R4, DT_ARPHRD_INFINIBAND, 0), other);
		I(MOV64_IMM(R4, LINK_MAXLEN));
		dt_cg_jump(cg, JA(0), ok);
		dt_cg_place(cg, other);
		dt_cg_fault(cg, DT_FAULT_ILLOP, -1);
		dt_cg_place(cg, eth);
		I(MOV64_IMM(R4, 6));
		dt_cg_place(cg, ok);
		ok = dt_cg_label(cg);
		dt_cg_tmpaddr(cg, R1, out);
		dt_cg_ldslot(cg, R2, base + 1);
		dt_cg_tmpaddr(cg, R3, w);
		dt_cg_subr_call(cg, &sub_link);
		dt_cg_jump(cg, JMP_IMM(BPF_JNE, R0, 0, 0), ok);
		dt_cg_ldslot(cg, R1, base + 1);
		dt_cg_fault(cg, DT_FAULT_BADADDR, R1);
		dt_cg_place(cg, ok);
		break;
	}
	case DT_FN_PROGENYOF:
		if (dt_type_struct(cg->cg_dtp, "task_struct", false) == NULL)
			dt_cg_error(cg, dnp, "kernel BTF is not available for %s", "progenyof( )");
		dt_cg_ldslot(cg, R1, base);
		dt_cg_tmpaddr(cg, R2, w);
		dt_cg_subr_call(cg, &sub_progeny);
		break;
	}
	/* W is free again (out too, for integer results) */
	cg->cg_tmpoff = id == DT_FN_INDEX || id == DT_FN_RINDEX || id == DT_FN_STRTOLL ||
				id == DT_FN_PROGENYOF ? save : w;
	result(cg, n);
}

/* The variables cwd and root: the current task's paths */
void dt_cg_var_cwd(dt_cg_t *cg, dt_node_t *dnp)
{
	gen_pathvar(cg, dnp, false);
}

void dt_cg_var_root(dt_cg_t *cg, dt_node_t *dnp)
{
	gen_pathvar(cg, dnp, true);
}
