# A clause with only speculate() speculates the default action: the EPID,
# printed as the probe line when committed.
taskset -c 0 $DTRACE -n 'BEGIN { s = speculation(); } BEGIN { speculate(s); } BEGIN { speculate(s); trace("speculated"); } BEGIN { trace("before commit"); } BEGIN { commit(s); } BEGIN { exit(0); }'
echo "rc=$?"
