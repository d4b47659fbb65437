# lockstat's probes in a kernel that runs fentry/fexit programs and has
# the lock contention tracepoints: the hold-event probes, one per lock
# function (its return), and the five contention probes (function "").
# No spin-acquire/-release nor rwlock_t hold events (dt_prov_lockstat.c).
$DTRACE -l -P lockstat | awk 'NR == 1 { print "PROVIDER MODULE FUNCTION NAME"; next }
	{ print $2, $3, (NF == 5 ? $4 : "\"\""), $NF }'
