# Issue 18 item 11, printing as illumos does:
#  - printa()'s %a and %A symbolise an integer key as printf() does (%a a
#    kernel address, %A an address of $target's: illumos' pfprint_uaddr),
#    where they printed hex (the DTraceToolkit's hotkernel, hotuser);
#  - printf's '?' flag pads to a pointer's 16 hex digits (a width after it
#    wins), precision 0 prints no digits for 0;
#  - (string)copyin(addr, n) is the n bytes copied, no more;
#  - ufunc()/umod()/usym() keys of one function merge into one row;
#  - -e compiles without the "matched" notice, -e alone is the usage;
#  - destructive actions allowed: "dtrace: allowing destructive actions";
#  - once exit() has run in BEGIN, directly or in an ERROR clause for a
#    fault in BEGIN, the later BEGIN clauses do not run and the first
#    exit()'s status stands.
k=$($DTRACE -qn 'BEGIN { this->p = (uint64_t)curthread->sched_class; @[this->p] = count();
	printf("%a\n", this->p); printa("%a\n", @); exit(0); }' | sed '/^$/d')
[ "$(echo "$k" | sed -n 1p)" = "$(echo "$k" | sed -n 2p)" ] && echo "printa %a = printf %a" ||
	echo "printa %a differs: $k"
echo "$k" | sed -n 2p | grep -q '^0x' && echo "printa %a gave hex: $k"
$DTRACE -qn 'pid$target::f_push:entry { @[uregs[R_PC]] = count(); @o[uregs[R_PC] + 4] = count(); }
	END { printa("%A %@d\n", @); printa("%-20A|%@d\n", @o); }' -c "$T/ufunc 3" | sed '/^$/d'
$DTRACE -qn 'BEGIN { printf("[%?p] [%-?d|] [%?20x]\n", 1, 2, 3);
	printf("[%.0d] [%.0s] [%5.0d] [%.0x] [%.0d]\n", 0, "abc", 0, 0, 7); exit(0); }' | sed '/^$/d'
$DTRACE -qn 'syscall::write:entry /pid == $target/ {
	this->s = (string)copyin(arg1, 1); printf("[%s] %d\n", this->s, strlen(this->s)); exit(0); }' \
	-c "$T/write-n 1" | sed '/^$/d'
$DTRACE -qn 'pid$target::f_push:entry, pid$target::f_push:4 {
	@f[ufunc(uregs[R_PC])] = count(); @m[umod(uregs[R_PC])] = count(); @s[usym(uregs[R_PC])] = count(); }' \
	-c "$T/ufunc 3" | sed '/^$/d'
echo "-e:"
$DTRACE -e -n 'BEGIN { exit(0); }'
echo "rc=$?"
$DTRACE -e 2>&1 | head -1
$DTRACE -w -n 'BEGIN { exit(0); }' 2>&1 >/dev/null
$DTRACE -qw -n 'BEGIN { exit(0); }' 2>&1 >/dev/null
echo "exit:"
$DTRACE -qn 'BEGIN { exit(3); } BEGIN { printf("second\n"); exit(4); } END { printf("end\n"); }' >exit.txt
echo "rc=$?"
sed '/^$/d' exit.txt
$DTRACE -qn 'BEGIN { trace(*(int *)16); } ERROR { printf("error\n"); exit(5); }
	BEGIN { printf("third\n"); exit(6); }' 2>/dev/null | sed '/^$/d'
$DTRACE -qn 'BEGIN { trace(*(int *)16); } ERROR { printf("error\n"); exit(5); }
	BEGIN { printf("third\n"); exit(6); }' >/dev/null 2>&1
echo "rc=$?"
