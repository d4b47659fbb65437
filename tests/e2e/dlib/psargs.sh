# curpsinfo->pr_psargs is the current process's arguments, as illumos
# gives them: the argument block (read from the process's memory) up to
# PRARGSZ - 1 = 79 characters, spaces between the arguments; with a
# smaller strsize, strsize - 1.  Another process's (proc:::create's
# args[0], the child) is its name: BPF reads only the current process's
# memory.  The library's reader is not the user's to call.
cd "$T" || exit 1
$DTRACE -qn 'syscall::getppid:entry /pid == $target/ { printf("[%s]\n", curpsinfo->pr_psargs); }' -c "./getppid-loop 1 two  words"
$DTRACE -qn 'syscall::getppid:entry /pid == $target/ { printf("[%s]\n", curpsinfo->pr_psargs); }' -c "./getppid-loop 1 aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb"
$DTRACE -x strsize=16 -qn 'syscall::getppid:entry /pid == $target/ { printf("[%s]\n", curpsinfo->pr_psargs); }' -c "./getppid-loop 1"
$DTRACE -qn 'proc:::create /pid == $target/ { printf("[%s] [%s]\n", args[0]->pr_psargs, curpsinfo->pr_psargs); }' -c "./proc-life"
$DTRACE -n 'BEGIN { trace(__dt_psargs(0, 1)); }'
echo "rc=$?"
