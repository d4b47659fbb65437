# The D library's constants (dlib/errno.d, signal.d, dtrace.d, regs.d)
# have the system's values: every errno and signal name the C library's
# <errno.h> and <signal.h> define is a D constant of the same value
# (SIGRTMIN and SIGRTMAX aside: the library has the kernel's, glibc
# reserves two real-time signals); NULL, the fault codes and the uregs[]
# indices have DTrace's and struct pt_regs' values.
names() { sed -n 's/^inline int \([A-Z_0-9]*\) = .*/\1/p' "$D/../../../dlib/$1"; }
check() { # file header
	{ echo "#include <$2>"; echo "#include <stdio.h>"; echo "int main(void) {"
	  for n in $(names $1); do
		[ $n = SIGRTMIN ] || [ $n = SIGRTMAX ] || printf '#ifdef %s\nprintf("%s %%d\\n", %s);\n#endif\n' $n $n $n
	  done; echo "return 0; }"; } > c.c
	cc -o c c.c && ./c > c.txt
	prog="BEGIN {"
	for n in $(cut -d' ' -f1 c.txt); do prog="$prog printf(\"$n %d\\n\", $n);"; done
	$DTRACE -qn "$prog exit(0); }" | sed '/^$/d' > d.txt
	if cmp -s c.txt d.txt; then echo "$1: $(wc -l < c.txt) names agree with <$2>"; else diff c.txt d.txt; fi
}
check errno.d errno.h
check signal.d signal.h
$DTRACE -qn 'BEGIN {
	printf("NULL %d, EINVAL %d, EIO %d, ENOENT %d, ENOTSUP %d, ERESTARTSYS %d\n", NULL, EINVAL, EIO, ENOENT, ENOTSUP, ERESTARTSYS);
	printf("SIGKILL %d, SIGUSR1 %d, SIGCHLD %d, CLD_EXITED %d, CLD_KILLED %d, CLD_DUMPED %d\n", SIGKILL, SIGUSR1, SIGCHLD, CLD_EXITED, CLD_KILLED, CLD_DUMPED);
	printf("DTRACEFLT_UNKNOWN %d, BADADDR %d, BADALIGN %d, ILLOP %d, DIVZERO %d, NOSCRATCH %d, KPRIV %d, UPRIV %d, TUPOFLOW %d, BADSTACK %d, LIBRARY %d\n",
	    DTRACEFLT_UNKNOWN, DTRACEFLT_BADADDR, DTRACEFLT_BADALIGN, DTRACEFLT_ILLOP, DTRACEFLT_DIVZERO, DTRACEFLT_NOSCRATCH, DTRACEFLT_KPRIV, DTRACEFLT_UPRIV, DTRACEFLT_TUPOFLOW, DTRACEFLT_BADSTACK, DTRACEFLT_LIBRARY);
	printf("R_PC %d = R_RIP %d, R_SP %d = R_RSP %d, R_FP %d, R_PS %d, R_R0 %d, R_R1 %d, R_RDI %d\n", R_PC, R_RIP, R_SP, R_RSP, R_FP, R_PS, R_R0, R_R1, R_RDI);
	exit(0); }'
# a fault code is what ERROR gives: a load from address 16
$DTRACE -qn 'BEGIN { trace(*(int *)16); }
ERROR { printf("ERROR arg4 == DTRACEFLT_BADADDR: %d\n", arg4 == DTRACEFLT_BADADDR); exit(0); }' 2>/dev/null
# the constants are inlines: an expression folds like any (-ENOENT at a return value)
$DTRACE -qn 'BEGIN { x = -ENOENT; printf("%d %d %d\n", x, x == -2, -EIO + EIO); exit(0); }'
# an inline constant may not be assigned
$DTRACE -qn 'BEGIN { EIO = 3; }'
$DTRACE -qn 'BEGIN { SIGKILL++; }'
rm -f c c.c c.txt d.txt
