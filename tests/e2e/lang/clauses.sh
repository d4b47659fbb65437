# Clauses: optional predicate, optional body, several clauses for one probe
# run in program order (across -n/-s programs too), a false predicate skips
# only its clause.
$DTRACE -qn '
BEGIN { printf("1 "); }
BEGIN /0/ { printf("never "); }
BEGIN /1/ { printf("2 "); }
BEGIN /1 == 1/ { printf("3 "); }
BEGIN { x = 5; }
BEGIN /x == 5/ { printf("4 "); }
BEGIN /x != 5/ { printf("never "); }
BEGIN /"nonempty"/ { printf("5 "); }
BEGIN /""/ { printf("never "); }
BEGIN { printf("6\n"); exit(0); }'
# programs given with -n and -s run in command-line order
printf 'BEGIN { printf("script "); }\n' > s.d
$DTRACE -q -n 'BEGIN { printf("first "); }' -s s.d -n 'BEGIN { printf("last\n"); exit(0); }'
# a predicate without a body records the probe (default action)
taskset -c 0 $DTRACE -n 'BEGIN /1/' -n 'BEGIN /0/' -n 'BEGIN { exit(0); }'
# a body without a predicate, an empty body, and neither
taskset -c 0 $DTRACE -n 'BEGIN {}' -n 'BEGIN' -n 'BEGIN { exit(0); }'
# statements need not end in ';' before '}', empty statements are fine
$DTRACE -qn 'BEGIN { ;; printf("a\n");; { printf("b\n") } exit(0) }'
# predicate with a division (the '/' that does not close the predicate)
$DTRACE -qn 'BEGIN /10 / 2 == 5/ { printf("div ok\n"); exit(0); }'
