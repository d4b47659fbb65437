/*
 * verifier_log_test.c -- unit test of dt_bpf_log_reason() (lib/bpf/dt_bpf.c):
 * finding, in a BPF verifier log, the instruction the verifier refused and
 * its one-line reason, which dtrace reports as an internal error naming
 * the clause and D line of that instruction.  The logs are shaped like
 * the kernel's (log_level 1): instruction lines "N: (op) text", register
 * states after "; ", "from N to M:" branch lines, statistics at the end.
 *
 * Links with build/libdtrace.a.  Each case prints "ok - <name>" or
 * "not ok - <name>: ..."; the last line is "verifier_log: N passed, M
 * failed" and the exit status is non-zero if anything failed.
 */
#include "driver/dt_driver.h"

#include <stdio.h>
#include <string.h>

static int npass, nfail;

static void check(const char *name, const char *log, long want_idx, const char *want)
{
	char buf[256];
	long idx;
	size_t n = dt_bpf_log_reason(log, buf, sizeof(buf), &idx);

	if (idx == want_idx && strcmp(buf, want) == 0 && n == strlen(want)) {
		npass++;
		printf("ok - %s\n", name);
		return;
	}
	nfail++;
	printf("not ok - %s: got insn %ld \"%s\" (%zu), want insn %ld \"%s\"\n", name, idx, buf, n,
	       want_idx, want);
}

#define STATS "processed 17 insns (limit 1000000) max_states_per_insn 0 total_states 1 " \
	      "peak_states 1 mark_read 0\n"

int main(void)
{
	char small[8];
	long idx;

	/* checks before the walk: no instruction lines, the reason names one */
	check("unreachable insn",
	      "unreachable insn 177\n"
	      "processed 0 insns (limit 1000000) max_states_per_insn 0 total_states 0 "
	      "peak_states 0 mark_read 0\n",
	      177, "unreachable insn 177");
	check("back-edge", "back-edge from insn 9 to 5\n" STATS, 9, "back-edge from insn 9 to 5");
	check("jump out of range", "jump out of range from insn 3 to 400\n", 3,
	      "jump out of range from insn 3 to 400");
	check("reason naming no instruction", "invalid BPF_LD_IMM insn\n" STATS, -1,
	      "invalid BPF_LD_IMM insn");

	/* the walk: the last instruction printed, the first line after it */
	check("invalid access",
	      "0: R1=ctx() R10=fp0\n"
	      "0: (7b) *(u64 *)(r10 -8) = r1         ; R1=ctx() R10=fp0 fp-8=ctx()\n"
	      "1: (18) r1 = 0xffffc90001aac000       ; R1=map_value(map=dt_global,ks=4,vs=64)\n"
	      "12: (55) if r0 != 0x0 goto pc+2 15: R0=map_value(map=dt_scratch,ks=4,vs=256)\n"
	      "15: (bf) r9 = r0                      ; R0=map_value(map=dt_scratch,ks=4,vs=256)\n"
	      "17: (07) r1 += 248                    ; R1=map_value(map=dt_scratch,ks=4,vs=256,off=248)\n"
	      "18: (7a) *(u64 *)(r1 +16) = 0\n"
	      "invalid access to map value, value_size=256 off=264 size=8\n"
	      "R1 min value is outside of the allowed memory range\n" STATS "\n",
	      18, "invalid access to map value, value_size=256 off=264 size=8");
	check("branch lines are not reasons",
	      "12: (55) if r0 != 0x0 goto pc+2      ; R0=scalar()\n"
	      "from 12 to 15: R0=scalar() R10=fp0\n"
	      "15: (95) exit\n"
	      "R0 !read_ok\n" STATS,
	      15, "R0 !read_ok");
	check("states between instructions are skipped",
	      "func#0 @0\n"
	      "0: R1=ctx() R10=fp0\n"
	      "0: (b7) r0 = 0                        ; R0=0\n"
	      "1: R0=0 R10=fp0\n"
	      "1: (85) call bpf_unknown#999\n"
	      "invalid func unknown#999\n",
	      1, "invalid func unknown#999");
	check("reason glued to its instruction",
	      "1982: (07) r4 += 8                    ; R4=map_value(map=dt_spec,ks=4,vs=32768,off=12240)\n"
	      "1983: (55) if r0 != 0x0 goto pc-7 BPF program is too large. Processed 1000001 insn\n"
	      "processed 1000001 insns (limit 1000000) max_states_per_insn 4 total_states 14434 "
	      "peak_states 851 mark_read 0\n",
	      1983, "BPF program is too large. Processed 1000001 insn");
	check("states are not a glued reason",
	      "5: (bf) r1 = r9                      ; R1=map_value(map=dt_scratch) R9=map_value\n" STATS,
	      5, "");
	check("a jump's target state is not a glued reason",
	      "12: (55) if r0 != 0x0 goto pc+2 15: R0=map_value(map=dt_scratch,ks=4,vs=256)\n",
	      12, "");
	check("complexity after an instruction",
	      "40: (15) if r5 == 0x0 goto pc+30\n"
	      "The sequence of 8193 jumps is too complex.\n" STATS,
	      40, "The sequence of 8193 jumps is too complex.");
	check("no final newline", "7: (95) exit\nR0 !read_ok", 7, "R0 !read_ok");
	check("CRLF and trailing blanks", "unreachable insn 3  \r\n\r\n", 3, "unreachable insn 3");
	check("empty log", "", -1, "");
	check("statistics only", STATS, -1, "");

	/* a reason longer than the buffer is cut, its length still returned */
	{
		size_t n = dt_bpf_log_reason("unreachable insn 177\n", small, sizeof(small), &idx);

		if (n == 20 && idx == 177 && strcmp(small, "unreach") == 0) {
			npass++;
			printf("ok - truncated reason\n");
		} else {
			nfail++;
			printf("not ok - truncated reason: %zu %ld \"%s\"\n", n, idx, small);
		}
	}

	printf("verifier_log: %d passed, %d failed\n", npass, nfail);
	return nfail > 0 ? 1 : 0;
}
