# -s is repeatable and mixes with -n; programs run in command-line order;
# each prints its notice.
printf 'BEGIN { printf("one\\n"); }\nEND { printf("end one\\n"); }\n' > one.d
printf 'BEGIN\n{\n\tprintf("two\\n");\n}\n\nsyscall::getppid:entry, syscall::getppid:return\n/0/\n{\n}\n' > two.d
taskset -c 0 $DTRACE -s one.d -n 'BEGIN { printf("n\n"); }' -s two.d -n 'BEGIN { exit(0); }'
# a script from stdin
printf '%s\n' 'BEGIN { printf("stdin\n"); exit(0); }' | $DTRACE -qs /dev/stdin
# a script that cannot be read
$DTRACE -s nosuchfile.d
echo "rc=$?"
# an empty script, or one with only comments and pragmas
: > empty.d
$DTRACE -s empty.d
echo "rc=$?"
printf '/* nothing */\n#pragma D option quiet\n\n' > empty2.d
$DTRACE -s empty2.d
echo "rc=$?"
