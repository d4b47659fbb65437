# `make install DESTDIR=...`: the files installed (the command, the shared
# library with its SONAME link and -dev link, the header, the pkg-config
# file, the D library, the manual pages, bash completion) are exactly the
# expected list and `make install-list`; the library has its SONAME and
# versioned symbols; `pkg-config --cflags --libs libdtrace` builds
# examples/records.c against the installed copy, which runs; `make
# uninstall` leaves no file behind.  PREFIX moves every path (checked on
# the list: installing elsewhere would rebuild the library, whose D
# library directory is compiled in).
top=$(cd "$(dirname "$DTRACE")/.." && pwd)
unset MAKEFLAGS MFLAGS MAKELEVEL
dest=$PWD/dest
mk() { make --no-print-directory -s -C "$top" "$@"; }
mk install DESTDIR="$dest" >make.log 2>&1 || { cat make.log; exit 1; }
(cd "$dest" && find . ! -type d | sed 's/^\.//' | sort) | tee files
mk install-list | sort | cmp -s - files || echo "make install-list differs"
mk install-list PREFIX=/opt/dt | sed -n '1p;$p'
echo "libdtrace.so -> $(readlink "$dest/usr/lib/libdtrace.so")"
readelf -d "$dest/usr/lib/libdtrace.so.0" | sed -n 's/.*(SONAME).*\[\(.*\)\]/\1/p'
readelf --dyn-syms -W "$dest/usr/lib/libdtrace.so.0" | grep -c ' dtrace_open@@DTRACE_1.0$'
# symbols that are not dtrace_* are not exported
readelf --dyn-syms -W "$dest/usr/lib/libdtrace.so.0" | awk '$5 == "GLOBAL" && $7 != "UND" && $8 !~ /^dtrace_|^DTRACE_1.0/' | wc -l
grep -E '^(Name|Version|Libs|Cflags):' "$dest/usr/lib/pkgconfig/libdtrace.pc"
san=$(nm -D "$top/build/libdtrace.so" | grep -q ' U __asan_init' && echo -fsanitize=address,undefined)
flags=$(PKG_CONFIG_PATH="$dest/usr/lib/pkgconfig" PKG_CONFIG_SYSROOT_DIR="$dest" pkg-config --cflags --libs libdtrace)
echo $flags | sed "s|$dest|DEST|g"
cc -std=gnu11 -Wall -Wextra -Werror $san -o records "$top/examples/records.c" $flags || exit 1
readelf -d records | sed -n 's/.*(NEEDED).*\[\(libdtrace.*\)\]/\1/p'
LD_LIBRARY_PATH="$dest/usr/lib" ./records 'BEGIN { trace(7); exit(0); }'
mk uninstall DESTDIR="$dest" >make.log 2>&1 || { cat make.log; exit 1; }
echo "left: $(find "$dest" ! -type d | wc -l) files"
