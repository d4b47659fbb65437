# llquantize()'s factor raised to the high magnitude plus 1 must fit in
# 64 bits (illumos' D_LLQUANT_MAGTOOBIG, checked at compile time, before
# anything loads); at the edge (10^19) and with hundreds of buckets (more
# than quantize() has) the consumer prints the buckets it computed itself.
$DTRACE -x errtags -qn 'BEGIN { @ = llquantize(5, 10, 0, 18, 100); exit(0); }'
echo "rc=$?"
$DTRACE -qn 'BEGIN { @ = llquantize(5, 2, 0, 62, 4); exit(0); }'
echo "rc=$?"
$DTRACE -qn 'BEGIN { @a = llquantize(5, 10, 0, 17, 100); exit(0); }'
echo "rc=$?"
$DTRACE -qn 'BEGIN { @b = llquantize(12345, 10, 0, 6, 100); exit(0); }'
echo "rc=$?"
