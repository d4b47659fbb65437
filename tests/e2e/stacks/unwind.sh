# User stacks without frame pointers, unwound at probe time with the call
# frame information (docs/stacks.md): the uchain triggers' 13-frame chain
# through the executable and a shared library (tests/triggers/user/uchain.c)
# built -O2 without frame pointers, at USDT, pid entry, profile and system
# call probes, then libc's start-up down to _start; the same stacks with
# frame pointers; a stripped executable named from its debug file and
# from its MiniDebugInfo; a
# signal handler's stack across the signal frame; code without unwind
# information ends the stack with the marker; ustackdepth; ustack(n).
norm() { sed -E 's/\+0x[0-9a-f]+/+0xN/; s/pid [0-9]+/pid N/'; }
echo "USDT, no frame pointers:"
$DTRACE -qn 'uchain$target:::leaf { @[ustack()] = count(); }' -c "$T/uchain-nofp 3" | norm
echo "USDT, frame pointers (the same frames):"
$DTRACE -qn 'uchain$target:::leaf { @[ustack()] = count(); }' -c "$T/uchain-fp 3" | norm |
	sed 's/uchain-fp/uchain-nofp/'
echo "pid entry:"
$DTRACE -qn 'pid$target:a.out:leaf:entry { @[ustack(14)] = count(); }' -c "$T/uchain-nofp 2" | norm
echo "profile, while leaf spins (folded: one line, whatever the offsets):"
$DTRACE -x oformat=folded -qn 'uchain$target:::spin-start { self->s = 1; }
	uchain$target:::spin-done { self->s = 0; }
	profile-997 /self->s/ { @[ustack()] = count(); }' -c "$T/uchain-nofp 1 200" | sed 's/ [0-9]*$/ N/'
echo "system call:"
$DTRACE -qn 'syscall::exit_group:entry /pid == $target/ { @[ustack()] = count(); }' \
	-c "$T/uchain-nofp 1" | norm
echo "stripped, symbols from uchain-strip.debug:"
$DTRACE -qn 'uchain$target:::leaf { @[ustack(13)] = count(); }' -c "$T/uchain-strip 2" | norm
echo "stripped, symbols from MiniDebugInfo (.gnu_debugdata):"
$DTRACE -qn 'uchain$target:::leaf { @[ustack(13)] = count(); }' -c "$T/uchain-mini 2" | norm
echo "signal handler:"
$DTRACE -qn 'uchain$target:::leaf { @[ustack()] = count(); }' -c "$T/usignal 2" | norm |
	sed -E 's/libc.so.6`0x[0-9a-f]+/libc.so.6`0xADDR/'
echo "no unwind information:"
$DTRACE -qn 'uchain$target:::leaf { @[ustack()] = count(); }' -c "$T/unocfi 2" | norm
echo "ustackdepth:"
$DTRACE -qn 'uchain$target:::leaf { @[ustackdepth] = count(); }' -c "$T/uchain-nofp 2"
$DTRACE -qn 'uchain$target:::leaf { @[ustackdepth] = count(); }' -c "$T/unocfi 2"
