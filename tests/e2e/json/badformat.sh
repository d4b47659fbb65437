# -x oformat takes text or json: FreeBSD's libxo formats (xml, html) and a
# missing value are refused with DTrace's message for a bad option value.
for v in oformat=xml oformat=html oformat; do
	$DTRACE -x $v -n 'BEGIN { exit(0); }'
	echo "rc=$?"
done
$DTRACE -x oformat=text -qn 'BEGIN { trace("text"); exit(0); }'
echo "rc=$?"
