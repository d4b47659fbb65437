# io:::wait-start and wait-done are submit_bio_wait()'s entry and return
# as fentry/fexit programs: listed exactly where the kernel runs them
# (the qemu guests: tests/kernel/io/wait), else no probe matches.
if $DTRACE -x fbtmode=fentry -qn 'fbt::mutex_unlock:return { exit(0); }' >/dev/null 2>&1; then
	fentry=1
else
	fentry=0
fi
n=$($DTRACE -l -n io:::wait-start -n io:::wait-done 2>/dev/null | awk 'NR > 1 && $3 == "vmlinux" && $4 == "submit_bio_wait"' | wc -l)
[ $((n == 2)) -eq $fentry ] && [ $((n == 0)) -ne $fentry ] && echo "wait-start and wait-done listed if and only if fentry runs"
