def f(n):
    return n

for i in range(7):
    f(i)
