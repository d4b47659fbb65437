# Offset probes: an offset must be on an instruction boundary (the
# function is decoded from its start) and inside the function, as DTrace
# requires; a probe in the middle of an instruction would corrupt the
# program.  Offsets are hexadecimal, with or without 0x.  f_push: 0 push
# %rbp, 1 mov %rsp,%rbp, 4 lea (%rdi,%rsi),%rax, 8 pop %rbp, 9 ret.
for o in 2 3 6 7 0x20 a; do
	$DTRACE -n "pid\$target:a.out:f_push:$o { }" -c "$T/ufunc 2" 2>&1 | sed 's/pid[0-9][0-9]*/pidN/g'
done
$DTRACE -qn 'pid$target:a.out:f_push:0x4,pid$target:a.out:f_push:1,pid$target:a.out:f_push:9 {
	printf("%s:%s %d %d\n", probefunc, probename, arg0, arg1); }' -c "$T/ufunc 2"
echo "rc=$?"
# a function that is not the first: lea is 4 bytes, so 1 to 3 are inside it
$DTRACE -n 'pid$target:a.out:f_step:2 { }' -c "$T/ufunc 1" 2>&1
$DTRACE -qn 'pid$target:a.out:f_step:4 { printf("%s:%s\n", probefunc, probename); }' -c "$T/ufunc 1"
