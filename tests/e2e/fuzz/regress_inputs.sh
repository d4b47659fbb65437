# Every fuzzer input kept in the tree -- tests/fuzz/regress (reproducers of
# crashes found and fixed) and tests/fuzz/corpus (seeds) -- through the real
# dtrace, compile only (-e): no signal, exit status 0 or 1, and a failure
# says "dtrace: ...".  An input is the fuzzer's flags byte (bit 1: -Z,
# bit 3: macro arguments 42 hello; see tests/fuzz/fuzz_compile.c) and a
# D program.  Prints the inputs that misbehave, then their count.
n=0
bad=0
for f in "$D"/../../fuzz/regress/* "$D"/../../fuzz/corpus/*; do
	[ -f "$f" ] || continue
	flags=$(od -An -tu1 -N1 "$f" | tr -d ' ')
	tail -c +2 "$f" > in.d
	set --
	[ $((flags & 2)) -ne 0 ] && set -- -Z
	set -- "$@" -e -s in.d
	[ $((flags & 8)) -ne 0 ] && set -- "$@" 42 hello
	"$DTRACE" "$@" >dt.stdout 2>dt.stderr
	rc=$?
	n=$((n + 1))
	if [ $rc -gt 1 ] || [ -s dt.stdout ] || { [ $rc -eq 1 ] && ! head -1 dt.stderr | grep -q '^dtrace: '; }; then
		bad=$((bad + 1))
		echo "$(basename "$f"): rc=$rc"
		head -3 dt.stderr | cat -v | cut -c1-150
	fi
done
[ $n -ge 40 ] || echo "only $n inputs found"
echo "$bad inputs misbehaved"
