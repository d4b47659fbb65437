# trace(): integers are printed in illumos' widths by size (16 for 8 bytes,
# 8 for 4, 5 for 2, 3 for 1), signed or unsigned as their type is (Oracle's
# tst.int16_t: (int16_t)-1 is -1; tst.uint32_t: (uint32_t)-1 is 4294967295),
# strings as "  %-33s"; with -q, just the value.  Each record ends the line.
taskset -c 0 $DTRACE -n 'BEGIN { trace(1); trace(-1); trace(1LL << 40); trace(-1LL); exit(0); }' | cat -A
taskset -c 0 $DTRACE -n 'BEGIN { trace((short)-2); trace((char)65); trace((unsigned char)200); trace((unsigned)-1); exit(0); }' | cat -A
taskset -c 0 $DTRACE -n 'BEGIN { trace((int8_t)-1); trace((uint16_t)-1); trace(-1ul); trace((int16_t)-32768); exit(0); }' | cat -A
$DTRACE -qn 'BEGIN { trace((int8_t)-1); trace((int16_t)-1); trace((uint64_t)-1); exit(0); }'; echo
taskset -c 0 $DTRACE -n 'BEGIN { trace("hello"); trace("a string longer than thirty-three characters"); exit(0); }' | cat -A
taskset -c 0 $DTRACE -n 'BEGIN { trace(execname); trace(probename); trace(pid > 0); exit(0); }' | cat -A
$DTRACE -q -n 'BEGIN { trace(1); trace(-1LL); trace("s"); trace((char)7); trace(" "); exit(0); }' | cat -A
echo
# an empty string is shown as the bytes of the record
$DTRACE -q -n 'BEGIN { trace(""); exit(0); }' | head -3
taskset -c 0 $DTRACE -n 'BEGIN { trace(""); exit(0); }' 2>/dev/null | head -4
# a variable's type decides its width
taskset -c 0 $DTRACE -n 'BEGIN { c = (char)1; s = (short)2; i = 3; l = 4LL; trace(c); trace(s); trace(i); trace(l); exit(0); }' | cat -A
