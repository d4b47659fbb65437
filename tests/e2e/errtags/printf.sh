# printf()-like actions' format checks with illumos' tags and texts (its
# dt_printf.c, dt_cc.c): each D_PRINTF_* tag, the action's own name in the
# message (system, freopen, printa), a conversion named without its flags
# and width, a '*' argument as "% * d" or "% .* d", printa's "%@" value as
# the "aggregating action", and a void argument checked as any other.
e() { $DTRACE -e -w -x errtags -n "$1"; echo "rc=$?"; }
e 'BEGIN { printf(1); }'
e 'BEGIN { printf(""); }'
e 'BEGIN { printf("%*d"); }'
e 'BEGIN { printf("%-8.*s"); }'
e 'BEGIN { printf("%*.*d", 1, "x", 2); }'
e 'BEGIN { printf("%@d", 1); }'
e 'BEGIN { printf("%d %s", 1); }'
e 'BEGIN { printf("%-10s", 1); }'
e 'BEGIN { printf("%d", 1, 2); }'
e 'BEGIN { printf("%d", trace(1)); }'
e 'BEGIN { printf("%A", "x"); }'
e 'BEGIN { printf("%5$d", 1); }'
e 'BEGIN { system("echo %d %d", 1); }'
e 'BEGIN { freopen("%@d"); }'
e 'BEGIN { @a[1, "x"] = count(); printa("%d %d %@d\n", @a); }'
e 'BEGIN { @a = sum(1); printa("%@s\n", @a); }'
