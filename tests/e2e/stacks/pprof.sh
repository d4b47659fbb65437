# -x oformat=pprof: a gzipped profile.proto read back by Go's pprof (Debian's
# golang-go): each stack a sample with the aggregation's count, a key that
# is not a stack a label (key1), one sample type per aggregation.
command -v go >/dev/null || { echo "SKIP: go is not installed (golang-go, scripts/deps.sh)"; exit 0; }
export HOME=$PWD GOCACHE=$PWD/gocache GOFLAGS=
pp() { go tool pprof "$@" 2>/dev/null | sed -E 's/^Time: .*/Time: T/'; }
$DTRACE -x oformat=pprof -o p.pb.gz -qn 'uchain$target:::leaf { @[execname, ustack(13)] = count(); }' \
	-c "$T/uchain-fp 3"
od -An -tx1 -N2 p.pb.gz
pp -traces p.pb.gz
$DTRACE -x oformat=pprof -o p2.pb.gz -qn 'uchain$target:::leaf { @calls[ustack(2)] = count();
	@bytes[ustack(1)] = sum(arg0 * 100); }' -c "$T/uchain-fp 3"
pp -traces -sample_index=calls p2.pb.gz
pp -traces -sample_index=bytes p2.pb.gz
