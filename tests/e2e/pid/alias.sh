# Functions known by several names: every name of a libc function is a
# probe of it (calloc and __libc_calloc, close and __close, getpid and
# __getpid); a pattern gives each function once, under its best name; a
# symbol with versions binds to the default one (memcpy@@GLIBC_2.14, not
# memcpy@GLIBC_2.2.5); an IFUNC (strlen, memset, memcpy, strcmp) is probed
# at the implementation its resolver chose for the process.
for f in calloc __libc_calloc close __close getpid __getpid strlen memcpy strcmp; do
	$DTRACE -qn "pid\$target:libc.so.6:$f:entry { @[probefunc] = count(); }" -c "$T/ualias 3"
done
$DTRACE -qn 'pid$target::memset:entry { printf("%s %c %d\n", probefunc, arg1, arg2); }' -c "$T/ualias 2"
$DTRACE -qn 'pid$target::memcpy:return { @[probefunc, probename] = count(); }' -c "$T/ualias 2"
l() { $DTRACE -l "$@" | sed 's/pid[0-9][0-9]*/pidN/; s/^ *[0-9][0-9]*/ID/' | tr -s ' '; }
l -n 'pid$target:libc.so.6:*calloc:entry' -c "$T/ualias"
l -n 'pid$target::__libc_calloc:entry' -c "$T/ualias"
# a glob over IFUNCs and plain functions (strtol: main reads its argument)
$DTRACE -qn 'pid$target:libc.so.6:str*:entry { @[probefunc] = count(); }' -c "$T/ualias 3"
