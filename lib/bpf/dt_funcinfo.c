/*
 * dt_funcinfo.c -- BTF function information for programs with bpf_loop()
 * callbacks.  The kernel refuses a callback (an ld_imm64 BPF_PSEUDO_FUNC)
 * unless the program has func_info, one record per subprogram, each naming
 * a static BTF function.  One small BTF object per handle serves every
 * program: "int dt_func(void)", static.  Programs without callbacks load
 * without it, as before.
 */
#include "dt_bpf.h"

#include <bpf/btf.h>
#include <bpf/libbpf.h>
#include <stdlib.h>

static int cmp_int(const void *a, const void *b)
{
	return *(const int *)a - *(const int *)b;
}

static int funcinfo_btf(dtrace_hdl_t *dtp)
{
	struct btf *btf;
	int i, p;

	if (dtp->dt_funcbtf != NULL)
		return btf__fd(dtp->dt_funcbtf);
	if ((btf = btf__new_empty()) == NULL)
		return -1;
	if ((i = btf__add_int(btf, "int", 4, BTF_INT_SIGNED)) < 0 ||
	    (p = btf__add_func_proto(btf, i)) < 0 ||
	    btf__add_func(btf, "dt_func", BTF_FUNC_STATIC, p) < 0 || btf__load_into_kernel(btf) != 0) {
		btf__free(btf);
		return -1;
	}
	dtp->dt_funcbtf = btf;
	return btf__fd(btf);
}

/*
 * If the program has callbacks, fill *fip (allocated) and *cntp with its
 * func_info and return the BTF fd; 0 if it needs none; -1 on failure.
 */
int dt_bpf_funcinfo(dtrace_hdl_t *dtp, const struct bpf_insn *insns, int n,
		    struct bpf_func_info **fip, uint32_t *cntp)
{
	int *starts, ns = 1, fd, func = 0;
	bool callbacks = false;
	struct bpf_func_info *fi;

	for (int i = 0; i < n; i++)
		if (insns[i].code == (BPF_LD | BPF_DW | BPF_IMM) && insns[i].src_reg == BPF_PSEUDO_FUNC)
			callbacks = true;
	if (!callbacks)
		return 0;
	starts = dt_zalloc(sizeof(int) * (n + 1));
	starts[0] = 0;
	for (int i = 0; i < n; i++)
		if ((insns[i].code == (BPF_JMP | BPF_CALL) && insns[i].src_reg == BPF_PSEUDO_CALL) ||
		    (insns[i].code == (BPF_LD | BPF_DW | BPF_IMM) &&
		     insns[i].src_reg == BPF_PSEUDO_FUNC))
			starts[ns++] = i + insns[i].imm + 1;
	qsort(starts, ns, sizeof(int), cmp_int);
	if ((fd = funcinfo_btf(dtp)) < 0) {
		free(starts);
		return -1;
	}
	fi = dt_zalloc(sizeof(*fi) * ns);
	for (int i = 0; i < ns; i++) {
		if (i > 0 && starts[i] == starts[i - 1])
			continue;
		fi[func].insn_off = starts[i];
		fi[func++].type_id = 3; /* dt_func: int, its prototype, then it */
	}
	free(starts);
	*fip = fi;
	*cntp = func;
	return fd;
}

void dt_bpf_funcinfo_fini(dtrace_hdl_t *dtp)
{
	btf__free(dtp->dt_funcbtf);
	dtp->dt_funcbtf = NULL;
}
