# NULL and bad pointers fault the clause: ERROR fires and dtrace prints
# DTrace's message; the rest of the clause does not run, later clauses do.
cat > f.d <<'D'
BEGIN { trace(strchr("abc", 'x')); printf("not reached\n"); }
BEGIN { printf("%s\n", basename((char *)0)); }
BEGIN { printf("%d\n", strlen((char *)8)); }
BEGIN { printf("%s\n", substr(strstr("abc", "x"), 1)); }
BEGIN { printf("%s\n", lltostr(10, 1)); }
BEGIN { printf("%d\n", strtoll("10", 37)); }
BEGIN { printf("next clause runs\n"); }
ERROR { printf("ERROR: fault %d addr %x\n", arg4, arg5); }
BEGIN { exit(0); }
D
$DTRACE -qs f.d 2>&1 | sed 's/DIF offset [0-9]*/DIF offset N/'
