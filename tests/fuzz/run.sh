#!/bin/sh
# Run the compiler fuzzer (build it first with `make fuzz`).
#   sh tests/fuzz/run.sh 0        every input of tests/fuzz/corpus and
#                                 tests/fuzz/regress once (what `make fuzz` does)
#   sh tests/fuzz/run.sh [secs]   fuzz for secs seconds (default 600) on one
#                                 core, growing build/fuzz/corpus from the
#                                 seeds; crashes go to build/fuzz/artifacts/
# FUZZ_FORK=1 keeps going after a crash (-fork=1 -ignore_crashes=1), to
# collect several crashes in one run.
top=$(cd "$(dirname "$0")/../.." && pwd)
bin=$top/build/fuzz/fuzz_compile
secs=${1:-600}
[ -x "$bin" ] || { echo "run.sh: $bin is not built (make fuzz)" >&2; exit 2; }
opts="-dict=$top/tests/fuzz/d.dict -max_len=4096 -timeout=10 -rss_limit_mb=2048"
# ASan's default 256 MB quarantine makes inputs that enable hundreds of
# probes peak above 1 GB (the library itself needs ~15 MB for them)
export ASAN_OPTIONS="${ASAN_OPTIONS:-quarantine_size_mb=32}"
if [ "$secs" = 0 ]; then
	# -runs=0: execute the given corpora once, do not mutate
	log=$(mktemp)
	mkdir -p "$top/build/fuzz/artifacts"
	if ! "$bin" $opts -artifact_prefix="$top/build/fuzz/artifacts/" -runs=0 "$top/tests/fuzz/corpus" "$top/tests/fuzz/regress" >"$log" 2>&1
	then
		grep -v '^INFO:' "$log" | head -60
		rm -f "$log"
		echo "fuzz: an input of the corpus crashes the compiler" >&2
		exit 1
	fi
	rm -f "$log"
	echo "fuzz: $(ls "$top/tests/fuzz/corpus" "$top/tests/fuzz/regress" | grep -vc -e : -e '^$') corpus and regression inputs pass"
	exit 0
fi
mkdir -p "$top/build/fuzz/corpus" "$top/build/fuzz/artifacts"
cd "$top/build/fuzz" || exit 2
par="-jobs=1 -workers=1"
[ -n "$FUZZ_FORK" ] && par="-fork=1 -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1"
exec "$bin" $opts $par -max_total_time="$secs" -print_final_stats=1 \
	-artifact_prefix="$top/build/fuzz/artifacts/" \
	"$top/build/fuzz/corpus" "$top/tests/fuzz/corpus" "$top/tests/fuzz/regress"
