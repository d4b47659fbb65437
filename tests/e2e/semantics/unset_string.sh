# An associative-array or thread-local string never set is NULL, as in
# DTrace: using it faults with "invalid address (0x0)" (the clause's output
# is discarded), while comparing it treats it as "".
{ $DTRACE -qn 'string s[int]; BEGIN { trace(s[1]); } BEGIN { printf("%d %d\n", s[1] == "", s[1] != "a"); } BEGIN { exit(0); }'
echo "rc=$?"
$DTRACE -qn 'self string t; BEGIN { printf("%s\n", self->t); } BEGIN { self->t = "set"; printf("%s\n", self->t); exit(0); }'
} 2>&1 | sed "s/DIF offset [0-9]*/DIF offset N/"
