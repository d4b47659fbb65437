# Compile-time checks that DTrace makes, with its tags (-x errtags) and
# messages: each program below is refused (issue 12, items 3-6).
e() { $DTRACE -e -x errtags -n "$1"; echo "rc=$?"; }
# the aggregation functions' own tags
e 'BEGIN { clear(1); }'
e 'BEGIN { trunc(1); }'
e 'BEGIN { @a = count(); trunc(@a, "x"); }'
e 'BEGIN { normalize(1, 2); }'
e 'BEGIN { @a = count(); normalize(@a, "x"); }'
e 'BEGIN { denormalize(1); }'
e 'BEGIN { @a[1][2] = count(); }'
e 'BEGIN { @[1][2] = count(); }'
# pointers and integers do not mix, except for the constant 0
e 'BEGIN { x = curthread; x = 1; }'
e 'BEGIN { x = 1; x = curthread; }'
e 'BEGIN { self->x = curthread; self->x = 1; }'
e 'BEGIN { this->x = curthread; this->x = 1; }'
e 'BEGIN { a[1] = curthread; a[2] = 1; }'
e 'BEGIN { a[1] = 1; a[2] = curthread; }'
e 'BEGIN { trace(curthread == curthread->files); }'
e 'BEGIN { trace(curthread == 0x1234); }'
e 'BEGIN { trace(curthread->files - curthread->real_parent); }'
e 'BEGIN { trace(arg0 ? curthread : 1); }'
e 'BEGIN { v = (void *)0; trace(v + 1); }'
e 'BEGIN { trace(curthread + curthread); }'
e 'BEGIN { trace(*curthread ? 1 : 2); }'
# ... and these are accepted
$DTRACE -qn 'BEGIN { x = curthread; x = 0; y = curthread == 0; z = 0 != curthread;
	p = 1 ? curthread : 0; d = curthread - curthread; self->p = curthread; self->p = 0;
	v = (void *)0; c = (char *)v + 1; printf("%d %d %d %d\n", y, z, d, c == (char *)1); exit(0); }'
echo "rc=$?"
# a macro argument too large for 64 bits
$DTRACE -e -x errtags -n 'BEGIN { trace($1); }' 99999999999999999999
echo "rc=$?"
$DTRACE -qn 'BEGIN { printf("%d %d\n", $1 == 0xffffffffffffffff, $1 > 0); exit(0); }' 18446744073709551615
# printf formats
e 'BEGIN { printf(""); }'
e 'BEGIN { printf("%**d", 1, 2, 3); }'
e 'BEGIN { printf("%.*.*d", 1, 2, 3); }'
e 'BEGIN { printf("%1$d", 1); }'
e 'BEGIN { printf("%@d", 1); }'
e 'BEGIN { printf("%*d"); }'
e 'BEGIN { printf("%*d", "s", 1); }'
e 'BEGIN { printf("%5%"); }'
e 'BEGIN { printf("%d", "s"); }'
e 'BEGIN { printf("%c", "s"); }'
e 'BEGIN { printf("%f", "s"); }'
e 'BEGIN { printf("%lu", "s"); }'
# profile rates under 200us match no probe
e 'profile-1us { }'
e 'profile-199us { }'
e 'tick-1us { }'
$DTRACE -e -n 'profile-200us { }'
# declarations
for d in 'short long x;' 'long short x;' 'short short x;' 'long long long x;' 'int char x;' \
    'signed unsigned x;' 'unsigned unsigned x;' 'long char x;' 'unsigned void x;' \
    'unsigned float x;' 'long float x;' 'int string x;'; do
	printf 'BEGIN\n{\n}\n\n%s\n' "$d" > decl.d
	$DTRACE -e -x errtags -s decl.d
done
printf 'unsigned long long int a; const unsigned b; signed char c;\nBEGIN { printf("%%d %%d %%d %%d\\n", sizeof (long double), sizeof (a), sizeof (b), sizeof (c)); exit(0); }\n' > ok.d
$DTRACE -qs ok.d
# #error and #pragma D error
printf 'BEGIN\n{\n}\n#error "boom" now\n' > err.d
$DTRACE -e -x errtags -s err.d
e '#pragma D error "x"'
e '#pragma error y'
# a destructive action without -w compiles and is refused when enabled, as in DTrace
$DTRACE -n 'BEGIN { system("echo x"); }'
echo "rc=$?"
$DTRACE -e -n 'BEGIN { system("echo x"); }'
echo "rc=$?"
# a zero divisor is found after folding constants, as DTrace folds them
$DTRACE -e -x errtags -n 'BEGIN { trace(1 / (2 - 2)); }'
$DTRACE -e -x errtags -n 'BEGIN { trace(1 % (1 * 0)); }'
$DTRACE -e -x errtags -n 'BEGIN /1 / -0/ { }'
# short and long after char, as before it
$DTRACE -e -x errtags -n 'BEGIN { char short x; }'
$DTRACE -e -x errtags -n 'BEGIN { unsigned char long x; }'
# more printf arguments than conversions
$DTRACE -e -x errtags -n 'BEGIN { printf("%d %d", 1, 2, 3); }'
