# Diagnostics as illumos gives them, in illumos' order: an action (or an
# aggregating function) called as a value is typed void, and the operator or
# function that uses the void reports it (D_PROTO_ARG, D_KEY_TYPE,
# D_OP_INCOMPAT, D_OP_ARITH, D_TRACE_VOID, D_OP_ACT for ?: and the comma);
# where nothing uses it, the clause fails as illumos' code generator fails it
# (D_CG_EXPR).  An aggregation traced is D_TRACE_AGG.  Texts are illumos'
# (dt_parser.c, dt_cc.c, dt_pid.c).
for p in 'BEGIN { trace(strlen(printf("a"))); }' \
    'BEGIN { @a[printf("a")] = count(); }' \
    'BEGIN { x = 1; x = printf("a"); }' \
    'BEGIN { x = printf("a") * 2; }' \
    'BEGIN { trace(printf("a")); }' \
    'BEGIN { x = arg0 ? printf("a") : 1; }' \
    'BEGIN { arg0 ? printf("a") : printf("b"); }' \
    'BEGIN { (printf("a"), 1); }' \
    'BEGIN { x = printf("a"); }' \
    'BEGIN { self->n = count(); }' \
    'BEGIN /trace(1) == 0/ { }' \
    'BEGIN { @a = count(); trace(@a); }' \
    'BEGIN { @a; }' \
    'BEGIN { @a = sum(curthread->comm); }' \
    'BEGIN { @a = lquantize(1, 10, 0); }' \
    'BEGIN { @a = lquantize(1, 0, 10); @a = lquantize(1, 0, 20); }' \
    'BEGIN { @a = llquantize(1, 10, 3, 3, 10); }' \
    'BEGIN { a["x"] = 1; a["x", 2] = 2; }' \
    'BEGIN { a["x"] = 1; a[1] = 2; }' \
    'BEGIN { @a[1] = count(); @b["x"] = count(); printa(@a, @b); }' \
    'BEGIN { x = (void *)0; x += 1; }' \
    'BEGIN { x = 1; trace(&x); }' \
    'BEGIN { trace(~"a"); }' \
    'BEGIN { (1)(); }' \
    'BEGIN { stack(1, 2); }' \
    'BEGIN { ustack(-1); }' \
    'BEGIN { trace(019); }' \
    'enum e { A = 3000000000 };' \
    'struct t { struct t m; };' \
    'BEGIN { x = (1)); }' 'BEGIN { x = 1; } }' 'BEGIN { /* a /* b */ }' 'BEGIN /(1/ { }'; do
	$DTRACE -x errtags -e -n "$p"
	echo "rc=$?"
done
$DTRACE -x errtags -e -n 'pid$target:libc:no_such_function:entry' -c "$T/ufunc 1" 2>&1 |
    sed 's/pid[0-9][0-9]*/pidN/'
$DTRACE -x errtags -e -n 'pid$target:a.out:main:zzz' -c "$T/ufunc 1" 2>&1 | sed 's/pid[0-9][0-9]*/pidN/'
