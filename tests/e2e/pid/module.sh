# The executable is a.out, and also its file's name (as in DTrace); the
# probe's module is the name the description used.
$DTRACE -qn 'pid$target:ufunc:f_push:entry,pid$target:ufunc:f_step:return {
	printf("%s:%s:%s\n", probemod, probefunc, probename); }' -c "$T/ufunc 2"
$DTRACE -l -n 'pid$target:ufunc:f_*:entry' -c "$T/ufunc" | sed 's/pid[0-9][0-9]*/pidN/; s/^ *[0-9][0-9]*/ID/' | tr -s ' '
