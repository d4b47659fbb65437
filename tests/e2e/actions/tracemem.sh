# tracemem(addr, size[, dsize]): size bytes of kernel memory as a hex dump
# (always, even when they are text), as DTrace prints them; with dsize at
# most dsize of them.  BEGIN runs in dtrace itself: curthread->comm is
# "dtrace", NUL-padded to 16 bytes.
taskset -c 0 $DTRACE -n 'BEGIN { tracemem(curthread->comm, 16); exit(0); }'
$DTRACE -qn 'BEGIN { tracemem(&curthread->comm[0], 4 * 4, 3); printf("after\n"); exit(0); }'
# dsize bigger than size: size bytes; the size may be any constant expression
$DTRACE -qn 'BEGIN { this->n = 40; tracemem(curthread->comm, 2 + 2, this->n); exit(0); }'
# a bad address faults the clause
$DTRACE -qn 'BEGIN { tracemem(8, 16); } BEGIN { exit(0); }'
# compile-time checks
$DTRACE -qn 'BEGIN { tracemem(curthread->comm, 0); }'
$DTRACE -qn 'BEGIN { tracemem(curthread->comm, arg0); }'
$DTRACE -qn 'BEGIN { tracemem("abc", 4); }'
$DTRACE -qn 'BEGIN { tracemem(curthread, 16, "x"); }'
$DTRACE -qn 'BEGIN { tracemem(curthread, 32769); }'
$DTRACE -x errtags -qn 'BEGIN { tracemem(curthread, -1); }'
# illumos' prototype is void(@, size_t, ...): too many arguments and a third
# that is not scalar are tracemem's own checks (D_TRACEMEM_ARGS, _DYNSIZE), a
# pointer is a scalar; too few and a non-integer size are the prototype's
$DTRACE -x errtags -qn 'BEGIN { tracemem(curthread, 16, 1, 2); }'
$DTRACE -x errtags -qn 'BEGIN { tracemem(curthread, 16, "x"); }'
$DTRACE -x errtags -qn 'BEGIN { tracemem(curthread); }'
$DTRACE -x errtags -qn 'BEGIN { tracemem(curthread, "a"); }'
$DTRACE -e -qn 'BEGIN { tracemem(curthread, 16, (char *)0); }'; echo "rc=$?"
