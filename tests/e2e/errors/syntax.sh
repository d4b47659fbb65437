# Syntax errors: "syntax error near <token>" (or "near end of input").
e() { $DTRACE -n "$1"; echo "rc=$?"; }
e 'BEGIN { trace(1 }'
e 'BEGIN { trace(1) '
e 'BEGIN { trace(1) } }'
e 'BEGIN { { }'
e 'BEGIN { x = ; }'
e 'BEGIN { x = 1 + ; }'
e 'BEGIN { x = (1; }'
e 'BEGIN { x = 1) ; }'
e 'BEGIN { 1 = ; }'
e 'BEGIN { x = a[1; }'
e 'BEGIN { x = 1 ? 2; }'
e 'BEGIN { trace(1) trace(2); }'
e 'BEGIN { if 1 trace(1); }'
e 'BEGIN { self.x = 1; }'
e 'BEGIN { self-> = 1; }'
e 'BEGIN { x = "s" "t" 1; }'
e '{ trace(1); }'
e '/1/ { }'
e 'BEGIN /1 { }'
e 'BEGIN)'
e 'BEGIN, { }'
e 'BEGIN { int; }'
e 'BEGIN { x = sizeof(; }'
e 'BEGIN { x = (int; }'
e 'BEGIN { x = (int)); }'
printf 'BEGIN\n{\n\ttrace(1);\n\ttrace(2)\n\ttrace(3);\n}\n' > s.d
$DTRACE -s s.d
echo "rc=$?"
printf 'BEGIN\n{\n\ttrace(1);\n' > t.d
$DTRACE -s t.d
echo "rc=$?"
