# -x version=V: identifiers newer than D version V do not exist (illumos'
# identifier versions): strtok() is D 1.1, ucaller 1.2, inet_ntoa() 1.5,
# print() 1.9; with no version, or a newer one, they are there.
for v in 1.0 1.1 1.13; do
	$DTRACE -x version=$v -qn 'BEGIN { printf("%s: strtok %s\n", $$1, strtok("a,b", ",")); exit(0); }' $v
done
$DTRACE -x version=1.1 -qn 'BEGIN { trace(ucaller); exit(0); }'
$DTRACE -x version=1.2 -qn 'BEGIN { printf("1.2: ucaller %s\n", ucaller >= 0 ? "ok" : "?"); exit(0); }'
$DTRACE -x version=1.4 -qn 'BEGIN { trace(inet_ntoa(0)); exit(0); }'
$DTRACE -x version=1.8 -qn 'BEGIN { print(1); exit(0); }'
