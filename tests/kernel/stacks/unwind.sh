# User stacks unwound with the call frame information on Debian's kernels
# (6.1 is Debian 12's): the verifier takes the walk (bpf_loop(),
# bpf_task_pt_regs()) and the 13-frame chain without frame pointers comes
# out whole at a USDT probe and at a system call (tests/e2e/stacks/unwind).
norm() { sed -E 's/\+0x[0-9a-f]+/+0xN/; s/pid [0-9]+/pid N/'; }
$DTRACE -qn 'uchain$target:::leaf { @[ustack()] = count(); }' -c "$T/uchain-nofp 3" | norm
$DTRACE -qn 'syscall::exit_group:entry /pid == $target/ { @[ustack()] = count(); }' \
	-c "$T/uchain-nofp 1" | norm
