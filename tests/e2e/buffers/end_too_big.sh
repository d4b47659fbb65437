# fill: END's records are reserved in the buffer; if they need more than
# the whole buffer, dtrace refuses to start.
$DTRACE -b 2k -x bufpolicy=fill -x strsize=4096 -n 'END { trace(execname); }'
echo "rc=$?"
# the same END fits in a 16k buffer
$DTRACE -b 16k -x bufpolicy=fill -x strsize=4096 -qn 'BEGIN { exit(0); } END { printf("%s\n", execname); }'
echo "rc=$?"
