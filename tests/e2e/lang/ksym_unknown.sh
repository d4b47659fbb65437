# A backquoted name the kernel does not have is a compile-time error, as in
# illumos (D_IDENT_UNDEF), indexed or not: `hp_avenrun[0] (a Solaris
# variable) is no D associative array that reads 0.
$DTRACE -qn 'BEGIN { trace(`hp_avenrun[0]); exit(0); }'
echo "rc=$?"
$DTRACE -x errtags -qn 'BEGIN { this->l = `hp_avenrun[1] + 1; exit(0); }'
$DTRACE -x errtags -qn 'BEGIN { trace(`no_such_kernel_symbol); exit(0); }'
printf 'BEGIN\n{\n\tprintf("%%d\\n", `hp_avenrun[0] / 65536);\n}\n' > l.d
$DTRACE -qs l.d
