// Where a benchmark's CPU goes, by process (Linux /proc): the server, the load generator itself, and the rest
// of the machine — PostgreSQL, on a machine that runs nothing else. On a machine where all three share the
// cores, a throughput figure alone does not say which of them to make cheaper. The rest is the machine's busy
// time less the other two: summing PostgreSQL's processes instead lost the CPU of connections that ended
// between two readings (pgbench's), and showed a negative share.
import { readFileSync } from 'node:fs';

/** CPU seconds (user + system) used so far, by part. */
export type CpuTimes = { server: number; rest: number; bench: number };

const TICKS_PER_SECOND = 100; // USER_HZ on Linux

/** utime + stime of a process in seconds, from /proc/<pid>/stat; 0 when it is gone or unreadable. */
function processSeconds(pid: number | string): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces; the fields after its closing parenthesis do not.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

/** The machine's busy CPU seconds so far, all cores (/proc/stat: all but idle and iowait). */
function machineBusySeconds(): number {
  const [user, nice, system, , , irq, softirq, steal] = readFileSync('/proc/stat', 'utf8')
    .split('\n')[0]!
    .trim()
    .split(/\s+/)
    .slice(1)
    .map(Number) as number[];
  return (user! + nice! + system! + irq! + softirq! + steal!) / TICKS_PER_SECOND;
}

/** The CPU used so far by the server process, this process, and the rest of the machine. */
export function cpuTimes(serverPid: number | undefined): CpuTimes {
  const own = process.cpuUsage();
  const server = serverPid ? processSeconds(serverPid) : 0;
  const bench = (own.user + own.system) / 1e6;
  return { server, bench, rest: machineBusySeconds() - server - bench };
}

/** The CPU each part used between two readings, per unit of work (ms) and as a share of the machine's cores. */
export function cpuSplit(
  before: CpuTimes,
  after: CpuTimes,
  { seconds, units, cores }: { seconds: number; units: number; cores: number },
): string {
  const parts = (['server', 'rest', 'bench'] as const).map((part) => {
    const used = after[part] - before[part];
    const perUnit = units > 0 ? ((used / units) * 1000).toFixed(2) : '–';
    const label = part === 'rest' ? 'PostgreSQL (the rest of the machine)' : part;
    return `${label} ${((used / (seconds * cores)) * 100).toFixed(0)} % (${perUnit} ms)`;
  });
  return parts.join(', ');
}
