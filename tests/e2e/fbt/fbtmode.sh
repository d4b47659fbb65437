# -x fbtmode takes auto, fentry or kprobe; anything else is refused.  (fbt
# probes themselves are tested in qemu guests: tests/kernel/fbt.)
$DTRACE -x fbtmode=auto -e -n 'BEGIN { exit(0); }' && echo auto
$DTRACE -x fbtmode=fentry -e -n 'BEGIN { exit(0); }' && echo fentry
$DTRACE -x fbtmode=kprobe -e -n 'BEGIN { exit(0); }' && echo kprobe
$DTRACE -x fbtmode=trampoline -n 'BEGIN { exit(0); }'
echo "rc=$?"
