# The compiler never crashes: hostile -n programs get one "dtrace: ..."
# line on stderr, nothing on stdout, and exit status 1.  Long messages are
# shortened.
t() {
	"$DTRACE" "$@" >dt.stdout 2>dt.stderr
	rc=$?
	echo "rc=$rc stderr-lines=$(wc -l <dt.stderr) stdout-bytes=$(wc -c <dt.stdout)"
	# control bytes made visible; of a long line, the first 90 and last 60 columns
	cat -v dt.stderr | sed -E 's/^(.{90}).{5,}(.{60})$/\1 ... \2/'
}
rep() { awk -v s="$1" -v n="$2" 'BEGIN { for (i = 0; i < n; i++) printf "%s", s }'; }

t -n "BEGIN { x = $(rep '(' 10000)1$(rep ')' 10000); }"
t -n "BEGIN $(rep '{' 10000)$(rep '}' 10000)"
t -n "BEGIN { x = $(rep '!' 10000)1; }"
t -n "BEGIN { $(rep 'x = ' 10000)1; }"
t -n "BEGIN { x = 1$(rep '+1' 20000); }"
t -n "BEGIN { x = $(rep a 100000); }"
t -n "$(rep a 100000)"
t -n "BEGIN { x = \"$(rep a 100000); }"
t -n 'BEGIN { x = "\x'
t -n "BEGIN { x = $(printf '\001\002\177'); }"
t -n 'BEGIN { /* no end'
t -n 'BEGIN { x = $1; }'
t -n 'BEGIN { x = $99999999999; }'
t -n 'BEGIN { x = $$99999999999; }'
t -n 'syscall::$99999999999:entry'
t -n 'BEGIN { x = (struct nosuchstruct)0; }'
t -n 'BEGIN { x = (struct task_struct)0; }'
t -n 'BEGIN { x = 1; trace(x.y); }'
t -n 'BEGIN { x = 1; trace(x->y); }'
t -n 'BEGIN { trace(curthread.pid); }'
t -n 'BEGIN { trace(curthread->nosuchmember); }'
t -n 'BEGIN { trace("a" "b" 1); }'
t -n 'BEGIN { trace(1) "\x01"; }'
# constant folding wraps like the generated code: INT64_MIN / -1 used to
# kill dtrace with SIGFPE
t -n 'BEGIN { @ = lquantize(1, (-9223372036854775807-1) / -1, 10); }'
t -n 'syscall::read:entry { trace(args[(-9223372036854775807-1) / -1]); }'
# compile only (-e): these are valid, (INT64_MIN % -1) is 0, 1 << 64 is 1
t -e -n 'BEGIN { @ = lquantize(1, (-9223372036854775807-1) % -1 + 5, 10); }'
t -e -n 'BEGIN { @ = lquantize(1, 1 << 64, 1 << 65); }'
