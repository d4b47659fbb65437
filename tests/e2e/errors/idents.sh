# Errors about identifiers, variables, arrays, functions and macros.
e() { $DTRACE -n "BEGIN { $1 exit(0); }"; echo "rc=$?"; }
e 'trace(nosuchvar);'
e 'nosuchfunc(1);'
e 'x = nosuchfunc();'
e 'trace();'
e 'trace(1, 2);'
e 'exit();'
e 'exit(1, 2);'
e 'exit("a");'
e 'printf("%d", exit(0));'
e 'a[1] = 1; trace(a);'
e 'a[1] = 1; a = 2;'
e 'x = 1; x[1] = 2;'
e 'a[1] = 1; trace(a[1, 2]);'
e 'a[1] = 1; trace(a["s"]);'
e 'a["s"] = 1; trace(a[1]);'
e 'self->a[1] = 1; trace(self->a);'
e 'self->x = 1; self->x[1] = 2;'
e 'trace(args);'
e 'trace(args[0]);'
e 'x = 1; trace(args[x]);'
e 'trace($nosuch);'
e 'trace($3);'
e 'trace(@agg);'
e 'int x; int x;'
e 'this->x = 1; this->x = "s";'
$DTRACE -n 'int x; string x; BEGIN { }'; echo "rc=$?"
$DTRACE -n 'int a[]; BEGIN { }'; echo "rc=$?"
$DTRACE -n 'int a[0]; BEGIN { }'; echo "rc=$?"
$DTRACE -n 'self int a[3]; BEGIN { }'; echo "rc=$?"
$DTRACE -n 'float f; BEGIN { x = f + 1; }'; echo "rc=$?"
$DTRACE -n 'struct nosuch s; BEGIN { }'; echo "rc=$?"
