// Where a benchmark's CPU goes, by process (Linux /proc): the server, PostgreSQL's processes and the load
// generator itself. On a machine where all three share the cores, a throughput figure alone does not say
// which of them to make cheaper.
import { readdirSync, readFileSync } from 'node:fs';

/** CPU seconds (user + system) used so far, by part. */
export type CpuTimes = { server: number; postgres: number; bench: number };

const TICKS_PER_SECOND = 100; // USER_HZ on Linux

/**
 * utime + stime of a process in seconds, from /proc/<pid>/stat, with its ended children's (cutime + cstime)
 * when `withChildren`; 0 when it is gone or unreadable.
 */
function processSeconds(pid: number | string, withChildren = false): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces; the fields after its closing parenthesis do not.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const children = withChildren ? Number(fields[13]) + Number(fields[14]) : 0;
    return (Number(fields[11]) + Number(fields[12]) + children) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

function isPostgres(pid: string): boolean {
  try {
    return readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres';
  } catch {
    return false;
  }
}

/** The CPU used so far by the server process, every PostgreSQL process on this machine, and this process. */
export function cpuTimes(serverPid: number | undefined): CpuTimes {
  let postgres = 0;
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    // A connection's process that ends between two readings takes its CPU with it; PostgreSQL's postmaster
    // waits for it, so the postmaster's children's time holds it (the postmaster's children are all postgres).
    if (isPostgres(pid)) postgres += processSeconds(pid, true);
  }
  const own = process.cpuUsage();
  return {
    server: serverPid ? processSeconds(serverPid) : 0,
    postgres,
    bench: (own.user + own.system) / 1e6,
  };
}

/**
 * The CPU each part used between two readings, per unit of work (ms) and as a share of the machine's cores.
 * PostgreSQL's processes that ended in between count through the postmaster (cpuTimes).
 */
export function cpuSplit(
  before: CpuTimes,
  after: CpuTimes,
  { seconds, units, cores }: { seconds: number; units: number; cores: number },
): string {
  const parts = (['server', 'postgres', 'bench'] as const).map((part) => {
    const used = after[part] - before[part];
    const perUnit = units > 0 ? ((used / units) * 1000).toFixed(2) : '–';
    return `${part} ${((used / (seconds * cores)) * 100).toFixed(0)} % (${perUnit} ms)`;
  });
  return parts.join(', ');
}
