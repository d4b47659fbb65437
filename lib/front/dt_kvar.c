/*
 * dt_kvar.c -- backquoted kernel variables in expressions: `jiffies,
 * `init_task.comm, &`init_task, `mod`name.  The node becomes *(T *)addr,
 * with the address from /proc/kallsyms and T from the kernel's BTF
 * (types/dt_ksym.c, types/dt_btf.c); a load through it is checked like any
 * other.  Where either is unknown the compile fails saying which.
 */
#include "dt_front.h"

#include <string.h>

void dt_cook_kvar(dt_pcb_t *pcb, dt_node_t *dnp)
{
	dtrace_hdl_t *dtp = pcb->pcb_hdl;
	const char *name = dnp->dn_name, *bq = strrchr(name, '`');
	char *scope = bq > name ? dt_arena_strndup(pcb->pcb_arena, name, (size_t)(bq - name)) : NULL;
	dt_type_t *t;
	dt_node_t *addr;
	uint64_t a = 0;
	bool percpu;
	int rc;

	rc = dt_ksym_addr(dtp, scope, bq + 1, &a);
	if (rc == -1)
		dt_node_error(pcb, D_IDENT_UNDEF, dnp, "failed to resolve %s: Unknown symbol name", name);
	if (rc == -2)
		dt_node_error(pcb, D_SYM_BADREF, dnp, "failed to resolve %s: kernel symbol addresses are hidden "
			      "(kernel.kptr_restrict)", name);
	t = dt_btf_var(dtp, scope, bq + 1, &percpu);
	if (percpu)
		dt_node_error(pcb, D_SYM_BADREF, dnp, "%s is a per-CPU variable: its address differs on each "
			      "CPU and is not supported", name);
	if (t == NULL)
		dt_node_error(pcb, D_SYM_BADREF, dnp, "failed to resolve %s: no type information for kernel "
			      "symbol (BTF describes no variable %s)", name, bq + 1);
	addr = dt_node_new(pcb, N_INT, dnp->dn_tok);
	addr->dn_val = (int64_t)a;
	addr->dn_type = dt_type_ptr(dtp, t);
	dnp->dn_kind = N_DEREF;
	dnp->dn_left = addr;
	dnp->dn_type = t;
}
