"""Runs a pgbench-like command with -P 1 and prints, on one line:
tps cpu_seconds transactions steady_cpu_seconds steady_transactions max_rss_mb

cpu is user + system of the whole process tree from wait4's rusage (pgperf's launching JVM, its
relaunched JVM and their threads); "steady" is the same from the WARM-th (environment, default 3)
progress line to the end, so that JVM start-up and JIT warm-up are left out (the transactions of
that window are the run's count minus those of the first WARM progress intervals); max_rss_mb is
the largest resident set of the tree's processes. Shared by bench/run-vs-pgbench.sh and
bench/event-loop.sh: python3 bench/measure.py COMMAND...
"""
import os
import re
import subprocess
import sys
import tempfile

warm = int(os.environ.get("WARM", "3"))


def tree_cpu(pid):
    total, todo = 0.0, [pid]
    while todo:
        p = todo.pop()
        try:
            s = open(f"/proc/{p}/stat").read()
            f = s[s.rindex(")") + 2:].split()
            total += (int(f[11]) + int(f[12])) / os.sysconf("SC_CLK_TCK")
            for t in os.listdir(f"/proc/{p}/task"):
                todo += open(f"/proc/{p}/task/{t}/children").read().split()
        except (OSError, ValueError):
            pass
    return total


with tempfile.TemporaryFile() as out:
    p = subprocess.Popen(sys.argv[1:] + ["-P", "1"], stdout=out, stderr=subprocess.PIPE)
    lines, mark_cpu, warm_txn, rest = 0, None, 0.0, []
    for raw in p.stderr:
        m = re.match(r"progress: [0-9.]+ s, ([0-9.]+) tps", raw.decode())
        if m:
            lines += 1
            if lines <= warm:
                warm_txn += float(m.group(1))
            if lines == warm:
                mark_cpu = tree_cpu(p.pid)
        else:
            rest.append(raw.decode())
    _, status, ru = os.wait4(p.pid, 0)
    out.seek(0)
    text = out.read().decode()
tps = re.search(r"^tps = ([0-9.]+)", text, re.M)
n = re.search(r"^number of transactions actually processed: (\d+)", text, re.M)
if status != 0 or not tps or not n or mark_cpu is None:
    sys.exit("failed: " + " ".join(sys.argv[1:]) + "\n" + text + "".join(rest[-20:]))
cpu = ru.ru_utime + ru.ru_stime
n = int(n.group(1))
print(tps.group(1), cpu, n, cpu - mark_cpu, n - warm_txn, f"{ru.ru_maxrss / 1024:.0f}")
