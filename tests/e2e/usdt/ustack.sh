# A USDT probe's user stack resolves after the process has exited: its
# mappings are captured when the probes are made (offsets normalised).
$DTRACE -qn 'myapp$target:::query-start { @[ustack()] = count(); }' -c "$T/usdt 2" |
	sed -E 's/\+0x[0-9a-f]+/+0xN/'
