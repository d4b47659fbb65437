# User symbols of a process that has exited before dtrace prints resolve
# when a pid probe made dtrace start it (held at its entry point, its
# libraries already mapped) and with -p (grabbed while it runs): the
# mappings are captured while it lives.  At a function's entry the stack
# has the direct caller (the return address at [sp]) whatever the
# function's first instruction, and no false warning for that frame.
norm() { sed -E 's/\+0x[0-9a-f]+/+0xN/; s/pid [0-9]+/pid N/'; }
$DTRACE -qn 'pid$target:a.out:c:entry { @[ustack()] = count(); }' -c "$T/ustack-fp 2 100" | norm
# f_push starts with push %rbp, f_step with lea, lib_mul in a library
$DTRACE -qn 'pid$target:a.out:f_push:entry,pid$target:a.out:f_step:entry,
	pid$target:libulib.so:lib_mul:entry { @[probefunc, ustack()] = count(); }' -c "$T/ufunc 2" | norm
# a libc function at entry (no push %rbp first); ustack(3)
$DTRACE -qn 'pid$target:libc.so.6:atoi:entry { @[ustack(3)] = count(); }' -c "$T/ufunc 2" | norm
# without frame pointers: the caller is there, and the frames past it (unwind tables)
$DTRACE -qn 'pid$target:a.out:c:entry { @[ustack()] = count(); }' -c "$T/ustack-nofp 2" | norm
# -p: grabbed while stopped, continued once traced
$T/ufunc 2 0 stop &
p=$!
for i in $(seq 100); do grep -q '^State:.*T' /proc/$p/status 2>/dev/null && break; sleep 0.1; done
exe=$(readlink /proc/$p/exe)
base=$(awk -v f="$exe" '$6 == f { split($1, a, "-"); print a[1]; exit }' /proc/$p/maps)
off=$(nm "$exe" | awk '$3 == "f_step" { print $1 }')
byte() { dd if=/proc/$p/mem bs=1 count=1 skip=$((0x$base + 0x$off)) 2>/dev/null | od -An -tx1 | tr -d ' '; }
out=$(mktemp)
$DTRACE -qn "pid$p:a.out:f_step:entry { @[ustack()] = count(); }" -p $p > $out 2>&1 &
d=$!
for i in $(seq 300); do [ "$(byte)" = cc ] && break; sleep 0.1; done
kill -CONT $p
wait $d
norm < $out
rm -f $out
