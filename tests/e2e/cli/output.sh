# -o file: trace output goes to the file (appended); notices stay on stderr.
$DTRACE -o out.txt -n 'BEGIN { printf("first\n"); exit(0); }'
$DTRACE -o out.txt -qn 'BEGIN { printf("second\n"); exit(0); }'
echo "--- out.txt"
sed -E 's/^ +[0-9]+ /  C /' out.txt
$DTRACE -o /nonexistent/dir/out.txt -n BEGIN
echo "rc=$?"
