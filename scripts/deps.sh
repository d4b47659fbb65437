#!/bin/sh
# Install the Debian build dependencies that are missing (run as root).
# The build needs: gcc, make, pkg-config, libbpf, libelf, libdw (symbols), zlib, and cpp(1)
# for -C.  Tests use static triggers (libc6-dev has libc.a) and bpftool
# (runtime/cleanup checks that nothing stays in the kernel); python3-minimal
# for a real package's USDT probes (tests/e2e/usdt/python).
set -e
need=""
check() { dpkg -s "$1" >/dev/null 2>&1 || need="$need $1"; }
for p in gcc make pkg-config libbpf-dev libelf-dev libdw-dev zlib1g-dev cpp libc6-dev bpftool \
	python3-minimal; do
	check "$p"
done
if [ -n "$need" ]; then
	echo "deps: installing$need"
	if [ "$(id -u)" != 0 ]; then
		echo "deps: missing packages:$need (run as root to install them)" >&2
		exit 1
	fi
	export DEBIAN_FRONTEND=noninteractive
	apt-get update -qq >/dev/null
	apt-get install -y -qq --no-install-recommends $need >/dev/null
fi
