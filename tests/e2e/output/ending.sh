# DTrace ends tracing with one newline (even with -q, even with no
# aggregation), then prints every aggregation not yet printed, back to
# back; printa() without a format prints its own leading newline, with a
# format it does not.
$DTRACE -qn 'BEGIN { exit(0); }' | od -c
$DTRACE -qn 'BEGIN { @a = count(); @b = count(); exit(0); }' | od -c
$DTRACE -qn 'BEGIN { @a["x"] = count(); @b["y"] = sum(5); @c = max(3); exit(0); }'
echo "--- printa without a format"
$DTRACE -qn 'BEGIN { @a = count(); printa(@a); printf("after\n"); exit(0); }'
echo "--- printa with a format"
$DTRACE -qn 'BEGIN { @a = count(); printa("%@d\n", @a); printf("after\n"); exit(0); }'
echo "--- an aggregation printed by printa is not printed again"
$DTRACE -qn 'BEGIN { @a = count(); @b = sum(2); printa("%@d\n", @a); exit(0); }'
echo "--- not quiet"
taskset -c 0 $DTRACE -n 'BEGIN { @a = count(); exit(0); }'
