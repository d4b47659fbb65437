# A real Debian package's USDT probes: python3's (python3.11-minimal), whose
# function-return probe is behind a semaphore (Python only fires it while
# the kernel counts the probe enabled).
printf 'def f(n):\n    return n\n\nfor i in range(7):\n    f(i)\n' > f.py
py=$(readlink -f /usr/bin/python3)
$DTRACE -l -n 'python$target:::' -c "$py f.py" | awk 'NR > 1 { print $NF }' | sort
$DTRACE -qn 'python$target:::function-return /copyinstr(arg1) == "f"/ {
	@[copyinstr(arg1), arg2] = count(); }' -c "$py f.py"
