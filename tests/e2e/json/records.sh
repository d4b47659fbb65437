# -x oformat=json: one object a line on stdout, each firing with its probe's
# identity and its records typed; strings with quotes, backslashes, control
# bytes and invalid UTF-8 (each bad byte U+FFFD) stay valid JSON.
$DTRACE -x oformat=json -n 'BEGIN {
	trace(42); trace((char)-1); trace(-5LL); trace(0xffffffffffffffffULL);
	trace("say \"hi\"\\now");
	trace("ctl\x01\x1f\ttab\nnl");
	trace("bad\xff\xc3(utf8\xe2\x82\xac ok");
	printf("%d %s %c|%-3d|\n", 7, "a\"b", 66, 1);
	printf("no args\n");
	exit(0);
}' >json.txt 2>err.txt
echo "rc=$?"
python3 $D/check.py <json.txt
cat err.txt
# -q changes nothing in the objects; stacks are frame objects
$DTRACE -x oformat=json -q -n 'dtrace:::BEGIN { trace(1); stack(); ustack(); }' \
    -n 'BEGIN { exit(0); }' | python3 $D/check.py
