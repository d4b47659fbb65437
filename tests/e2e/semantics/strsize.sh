# strsize counts characters: strsize=4 keeps "abcd" whole; strlen() of a
# longer string is 4.  -x rawbytes prints a traced string as bytes.
$DTRACE -x strsize=4 -qn 'BEGIN { trace("abcd"); printf(" %d %s", strlen("abcdefgh"), "abcdefgh"); s = "abcdefgh"; printf(" %s %d\n", s, s == "abcd"); exit(0); }'
$DTRACE -x rawbytes -x strsize=16 -qn 'BEGIN { trace("abc"); exit(0); }'
