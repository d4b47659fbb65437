# -x errtags prefixes every compile-time error with its D tag (illumos'
# names); without it the messages are unchanged.
printf 'BEGIN\n{\n\ttrace(x + y);\n}\n' > undef.d
$DTRACE -x errtags -s undef.d
$DTRACE -s undef.d
for p in 'BEGIN { trace(1/0); }' 'BEGIN { x = 1 % 0; }' 'BEGIN { trace(trace(1)); }' \
    'BEGIN { x = ; }' 'BEGIN { x = "a' "BEGIN { x = 'ab'; }" 'BEGIN { printf("%d %s", 1); }' \
    'BEGIN { @a[1, 2] = count(); @a[1] = count(); }' 'BEGIN { strlen(1); }' \
    'BEGIN { x = 1; x(); }' 'BEGIN { lquantize(1, 10, 0, 1); }' 'foo:::bar' \
    'BEGIN { speculate(1); speculate(1); }' 'BEGIN { x = 1; x = "s"; }' \
    'BEGIN { trace(x); }' '#pragma D option nosuch'; do
	$DTRACE -e -x errtags -n "$p"
done
# the pragma
printf '#pragma D option errtags\nBEGIN { trace(z); }\n' > pragma.d
$DTRACE -s pragma.d
# a constant division by zero is refused at compile time, as in DTrace
$DTRACE -n 'BEGIN { trace(1 / 0); }'
echo "rc=$?"
