/*
 * dt_cg_destr.c -- the destructive actions that act in the kernel (-w):
 * raise() and stop() (bpf_send_signal(): to the current process), chill()
 * (a busy wait), copyout() and copyoutstr() (bpf_probe_write_user(): the
 * current process's memory).  system(), freopen() and ftruncate() are
 * records the consumer acts on (dt_cg.c, consume/dt_consume.c); panic()
 * and breakpoint() do not exist on Linux (front/dt_cook.c refuses them).
 */
#include "dt_insn.h"
#include "dt_cg_impl.h"

#include <signal.h>

#define I(x) dt_cg_insn(cg, x)

/* The longest chill() (illumos' default chill_max): longer is an illegal operation. */
#define DT_CHILL_MAX 500000000

/* The most bytes copyout() writes (a constant size can be up to this). */
#define DT_COPYOUT_MAX 32768

/* chill's frame: the callback context { start, ns } */
#define CHILL_CTX (-16)

/* callback (i, ctx): stop once ns have passed since start */
static void gen_cb_chill(dt_cg_t *cg)
{
	int more = dt_cg_label(cg);

	I(MOV64_REG(R6, R2));
	dt_cg_call(cg, BPF_FUNC_ktime_get_ns);
	I(LDX(BPF_DW, R1, R6, 0));
	I(ALU64_REG(BPF_SUB, R0, R1));
	I(LDX(BPF_DW, R1, R6, 8));
	dt_cg_jump(cg, JMP_REG(BPF_JLT, R0, R1, 0), more);
	I(MOV64_IMM(R0, 1));
	I(EXIT());
	dt_cg_place(cg, more);
	I(MOV64_IMM(R0, 0));
	I(EXIT());
}

static const dt_cgsubr_t cb_chill = { "chill_cb", gen_cb_chill };

/* (ns): spin until ns have passed, or the kernel's most bpf_loop() iterations */
static void gen_chill(dt_cg_t *cg)
{
	I(STX(BPF_DW, FP, R1, CHILL_CTX + 8));
	dt_cg_call(cg, BPF_FUNC_ktime_get_ns);
	I(STX(BPF_DW, FP, R0, CHILL_CTX));
	dt_cg_subr_loop(cg, -1, 1 << 23, &cb_chill, CHILL_CTX);
	I(MOV64_IMM(R0, 0));
	I(EXIT());
}

static const dt_cgsubr_t sub_chill = { "chill", gen_chill };

/*
 * copyout(buf, addr, n), copyoutstr(str, addr, maxlen): the bytes go
 * through a scratch temporary (bpf_probe_write_user() takes memory the
 * verifier knows), then to the process; an unreadable source or an
 * unwritable destination faults.
 */
static void gen_copyout(dt_cg_t *cg, dt_node_t *call, bool str)
{
	dt_node_t *src = call->dn_args, *addr = src->dn_next, *len = addr->dn_next;
	int base = cg->cg_depth, max, tmp, ok = dt_cg_label(cg),
	    fits = dt_cg_label(cg), none = dt_cg_label(cg);

	if (str) {
		max = cg->cg_strsize;
		dt_cg_strexpr(cg, src);
	} else {
		max = len->dn_kind == N_INT && len->dn_val > 0 && len->dn_val <= DT_COPYOUT_MAX
			      ? (int)len->dn_val
			      : cg->cg_strsize;
		dt_cg_expr(cg, src);
	}
	dt_cg_expr(cg, addr);
	dt_cg_expr(cg, len);
	tmp = dt_cg_tmpalloc(cg, max < 8 ? 8 : max);
	if (str) {
		/* the string's bytes with its NUL, at most maxlen of them */
		dt_cg_tmpaddr(cg, R1, tmp);
		I(MOV64_IMM(R2, max));
		dt_cg_ldslot(cg, R3, base);
		dt_cg_call(cg, BPF_FUNC_probe_read_kernel_str);
		dt_cg_jump(cg, JMP_IMM(BPF_JSGT, R0, 0, 0), ok);
		dt_cg_ldslot(cg, R1, base);
		dt_cg_fault(cg, DT_FAULT_BADADDR, R1);
		dt_cg_place(cg, ok);
		dt_cg_ldslot(cg, R3, base + 2);
		dt_cg_jump(cg, JMP_REG(BPF_JLE, R3, R0, 0), fits);
		I(MOV64_REG(R3, R0));
		dt_cg_place(cg, fits);
	} else {
		dt_cg_ldslot(cg, R2, base + 2);
		dt_cg_jump(cg, JMP_IMM(BPF_JLE, R2, max, 0), fits);
		dt_cg_fault(cg, DT_FAULT_NOSCRATCH, -1);
		dt_cg_place(cg, fits);
		dt_cg_jump(cg, JMP_IMM(BPF_JEQ, R2, 0, 0), none);
		dt_cg_tmpaddr(cg, R1, tmp);
		dt_cg_ldslot(cg, R3, base);
		dt_cg_call(cg, BPF_FUNC_probe_read_kernel);
		dt_cg_badaddr_unless(cg, base);
		dt_cg_ldslot(cg, R3, base + 2);
	}
	/* r3: the bytes to write, in [1, max] for the verifier */
	dt_cg_jump(cg, JMP_IMM(BPF_JEQ, R3, 0, 0), none);
	dt_cg_jump(cg, JMP_IMM(BPF_JGT, R3, max, 0), none);
	dt_cg_ldslot(cg, R1, base + 1);
	dt_cg_tmpaddr(cg, R2, tmp);
	dt_cg_call(cg, BPF_FUNC_probe_write_user);
	dt_cg_badaddr_unless(cg, base + 1);
	dt_cg_place(cg, none);
	dt_cg_pop(cg);
	dt_cg_pop(cg);
	dt_cg_pop(cg);
}

/* The cg column of their rows in layout/dt_lang.h */
void dt_cg_fn_raise(dt_cg_t *cg, dt_node_t *call)
{
	dt_cg_expr(cg, call->dn_args);
	dt_cg_ldslot(cg, R1, cg->cg_depth - 1);
	dt_cg_call(cg, BPF_FUNC_send_signal);
	dt_cg_pop(cg);
}

void dt_cg_fn_stop(dt_cg_t *cg, dt_node_t *call)
{
	(void)call;
	I(MOV64_IMM(R1, SIGSTOP));
	dt_cg_call(cg, BPF_FUNC_send_signal);
}

void dt_cg_fn_chill(dt_cg_t *cg, dt_node_t *call)
{
	int ok = dt_cg_label(cg);

	dt_cg_expr(cg, call->dn_args);
	dt_cg_ldslot(cg, R1, cg->cg_depth - 1);
	dt_cg_jump(cg, JMP_IMM(BPF_JLE, R1, DT_CHILL_MAX, 0), ok);
	dt_cg_fault(cg, DT_FAULT_ILLOP, -1);
	dt_cg_place(cg, ok);
	dt_cg_subr_call(cg, &sub_chill);
	dt_cg_pop(cg);
}

/* copyout(), copyoutstr() */
void dt_cg_fn_copyout(dt_cg_t *cg, dt_node_t *call)
{
	if (!dt_bpf_can_write_user(cg->cg_dtp))
		dt_cg_error(cg, call, "%s( ) is not available: this kernel refuses BPF writes "
				      "to user memory (bpf_probe_write_user)", call->dn_name);
	gen_copyout(cg, call, call->dn_builtin == DT_FN_COPYOUTSTR);
}
