# Kernel stacks and symbols: @[stack()] at a known path (a system call's
# entry, the tracing machinery's own frames skipped), stackframes, stack(n),
# profile-997, sym()/func()/mod() and %a on an address from /proc/kallsyms.
norm() { sed -E 's/\+0x[0-9a-f]+/+0xN/; s/pid [0-9]+/pid N/'; }

$DTRACE -qn 'syscall::write:entry /pid == $target/ { @[stack()] = count(); }' \
	-c "$T/ustack-fp 2" | norm
# many probes: programs on the raw tracepoint, the same frames
$DTRACE -qn 'syscall:::entry /pid == $target && probefunc == "write"/ { @[stack()] = count(); }' \
	-c "$T/ustack-fp 2" | norm
# (the frames of other tracers sharing the tracepoint may take some of them)
$DTRACE -qx stackframes=3 -n 'syscall::write:entry /pid == $target/ { stack(); }' \
	-c "$T/ustack-fp 1" | norm | head -3
# profile: kernel stacks of whatever ran, frames named
$DTRACE -qn 'profile-997 { @[stack()] = count(); } tick-300ms { exit(0); }' |
	awk 'NF == 1 && $1 ~ /^vmlinux`/ { named++ }
	     END { print (named > 0 ? "profile stacks named" : "profile: no named frame") }'
# symbols of a kernel address
# (the address's low 32 bits: macro arguments are signed 64-bit)
a=$(awk '$3 == "do_syscall_64" && $1 ~ /^ffffffff/ { print "0x" substr($1, 9); exit }' /proc/kallsyms)
$DTRACE -qn 'BEGIN { sym(0xffffffff00000000 + $1); func(0xffffffff00000000 + $1 + 1);
	mod(0xffffffff00000000 + $1 + 2);
	printf("\n%a %a %a\n", 0xffffffff00000000 + $1, 0xffffffff00000000 + $1 + 4, 0); exit(0); }' "$a"
