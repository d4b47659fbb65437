# The stability of tcp, udp and ip, illumos' sdt providers' stab_attr
# (provider, name and arguments Evolving/Evolving/ISA, module and
# function Private/Private/Unknown): a description's attributes are the
# least of its fields', the arguments' Evolving/Evolving/ISA.
for p in tcp:::send udp:::receive ip:::send; do
	echo "$p:"
	$DTRACE -lv -n $p | sed -n '/Probe Description Attributes/,/Argument Types/p' | grep -v 'Argument Types'
done
