# Issue 18 item 9, built-ins as illumos defines them: ucaller is the caller
# of the current user frame (at f_push's entry main's call site; at an
# offset of f_push, which has no unwind tables, none: 0), ipl (0: Linux has no
# interrupt priority levels), the chip/lgrp/pset inlines (curcpu's), a
# variable created by ++ or -- is an int64_t, jstack() is ustack() with
# jstackframes (no VM helper exists), uregs[R_DS]..uregs[R_GS] (0: not in
# Linux's pt_regs, a 64-bit process's null selectors; R_CS is 0x33), and a
# bare rate option (#pragma D option switchrate) is 0, as illumos'
# dt_opt_rate() sets it.
$DTRACE -qn 'BEGIN { printf("ipl %d chip %d lgrp %d pset %d\n", ipl, chip, lgrp, pset);
	x++; self->y--; this->z++;
	printf("++/--: sizes %d %d %d, values %d %d %d\n", sizeof(x), sizeof(self->y), sizeof(this->z), x, self->y, this->z);
	x = 0x7fffffff; x++; printf("%d\n", x);
	exit(0); }' | sed '/^$/d'
$DTRACE -qn 'pid$target::f_push:entry, pid$target::f_push:4 { printf("%s %A\n", probename, ucaller); }' \
	-c "$T/ufunc 1" | sed -e '/^$/d' -e 's/+0x[0-9a-f]*$/+0xN/'
$DTRACE -qn 'pid$target::f_push:entry { jstack(2); }' -c "$T/ufunc 1" | sed -e '/^$/d' -e 's/+0x[0-9a-f]*$/+0xN/'
$DTRACE -x jstackframes=1 -qn 'pid$target::f_push:entry { jstack(); @[jstack()] = count(); }' -c "$T/ufunc 2" |
	sed -e '/^$/d' -e 's/+0x[0-9a-f]*$/+0xN/'
$DTRACE -qn 'syscall::getpid:entry /pid == $target/ {
	printf("R_DS %d R_ES %d R_FS %d R_GS %d R_CS %x\n", uregs[R_DS], uregs[R_ES], uregs[R_FS], uregs[R_GS], uregs[R_CS]);
	exit(0); }' -c "$T/getpid-n 1" | sed '/^$/d'
$DTRACE -qn 'BEGIN { trace(uregs[25]); }'
printf '#pragma D option switchrate\n#pragma D option aggrate\nBEGIN { printf("bare rates: ok\\n"); exit(0); }\n' > bare.d
$DTRACE -qs bare.d | sed '/^$/d'
