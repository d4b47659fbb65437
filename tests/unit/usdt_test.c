/*
 * usdt_test -- SDT operand descriptions decoded as argument sources
 * (prov/dt_prov_usdt.c), and the notes, semaphores and function symbols
 * read from the usdt trigger (proc/dt_uelf.c) compared with readelf's view
 * of the same file.
 */
#include "driver/dt_driver.h"
#include "unit.h"

#include <stdlib.h>

static void op(const char *s, int kind, int size, int off, int64_t val)
{
	dt_argsrc_t as;
	int64_t v;
	char name[64];

	dt_usdt_operand(s, &as, &v);
	snprintf(name, sizeof(name), "operand %s", s);
	check(name, as.as_kind == kind && (kind == DT_ARG_ZERO ||
		    (as.as_size == size && as.as_off == off && v == val)),
	      "kind %d size %#x off %d val %lld", as.as_kind, as.as_size, as.as_off, (long long)v);
}

int main(int argc, char **argv)
{
	const char *trig = argc > 1 ? argv[1] : "build/triggers/usdt";
	dt_uelf_t *ue;
	int semas = 0, named = 0;

	op("8@%rdi", DT_ARG_CTXN, 8, DT_REGS_DI, 0);
	op("-4@%eax", DT_ARG_CTXN, 4 | DT_ARG_SIGNED, DT_REGS_AX, 0);
	op("8@%eax", DT_ARG_CTXN, 4, DT_REGS_AX, 0); /* the register's 32 bits */
	op("1@%r12b", DT_ARG_CTXN, 1, DT_REGS_R12, 0);
	op("-2@%si", DT_ARG_CTXN, 2 | DT_ARG_SIGNED, DT_REGS_SI, 0);
	op("%rsi", DT_ARG_CTXN, 8, DT_REGS_SI, 0); /* no size: 8 */
	op("8@-16(%rbp)", DT_ARG_UMEM, 8, DT_REGS_BP, -16);
	op("-4@112(%rsp)", DT_ARG_UMEM, 4 | DT_ARG_SIGNED, DT_REGS_SP, 112);
	op("8@(%rax)", DT_ARG_UMEM, 8, DT_REGS_AX, 0);
	op("4@$5", DT_ARG_CONST, 4, 0, 5);
	op("-8@$-42", DT_ARG_CONST, 8 | DT_ARG_SIGNED, 0, -42);
	op("8@$0x123456789", DT_ARG_CONST, 8, 0, 0x123456789LL);
	op("8@sym(%rip)", DT_ARG_ZERO, 0, 0, 0);
	op("8@8(%rax,%rbx,8)", DT_ARG_ZERO, 0, 0, 0);
	op("8@%xmm0", DT_ARG_ZERO, 0, 0, 0);
	op("3@%rax", DT_ARG_CTXN, 3, DT_REGS_AX, 0);
	op("16@%rax", DT_ARG_ZERO, 0, 0, 0);

	ue = dt_uelf_open(trig);
	check("usdt trigger read", ue != NULL, "cannot read %s", trig);
	if (ue == NULL)
		return unit_done("usdt_test");
	check("four notes", ue->ue_nusdt == 4, "%d notes", ue->ue_nusdt);
	for (int i = 0; i < ue->ue_nusdt; i++) {
		const dt_usym_t *fn = dt_uelf_lookup(ue, ue->ue_usdt[i].ud_pc);

		semas += ue->ue_usdt[i].ud_sema != 0 && dt_uelf_off(ue, ue->ue_usdt[i].ud_sema) > 0;
		named += fn != NULL && !strcmp(fn->us_name, "main");
		check("provider myapp", !strcmp(ue->ue_usdt[i].ud_prov, "myapp"), "%s",
		      ue->ue_usdt[i].ud_prov);
	}
	check("every site has a semaphore in the file", semas == 4, "%d", semas);
	check("every site is in main", named == 4, "%d", named);
	dt_uelf_free(ue);
	return unit_done("usdt_test");
}
