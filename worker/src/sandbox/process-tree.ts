import { readdirSync, readFileSync } from 'node:fs';

const PAGE_SIZE = 4096;

/** The children of every live process, from /proc (Linux). One read serves many trees. */
export function processChildren(): Map<number, number[]> {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'latin1');
    } catch {
      continue; // exited while we looked
    }
    // The command name is in parentheses and may itself hold spaces or parentheses.
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    const list = children.get(ppid);
    if (list) list.push(Number(entry));
    else children.set(ppid, [Number(entry)]);
  }
  return children;
}

/** `pid` and every process below it (engines, their helpers), parents first. */
export function processTree(pid: number, children = processChildren()): number[] {
  const out: number[] = [];
  const queue = [pid];
  while (queue.length) {
    const p = queue.shift()!;
    out.push(p);
    queue.push(...(children.get(p) ?? []));
  }
  return out;
}

/**
 * Memory one process holds, in bytes, 0 once it has gone: its proportional set size (pages it shares
 * with others, such as Chromium's processes sharing one binary, count by their share), so the sum
 * over a tree is what the tree really costs. The resident set where the kernel has no smaps_rollup.
 */
export function memoryBytes(pid: number): number {
  try {
    const rollup = readFileSync(`/proc/${pid}/smaps_rollup`, 'latin1');
    const pss = /^Pss:\s+(\d+) kB/m.exec(rollup);
    if (pss) return Number(pss[1]) * 1024;
  } catch {
    // Gone, or an older kernel: try statm.
  }
  try {
    return Number(readFileSync(`/proc/${pid}/statm`, 'latin1').split(' ')[1]) * PAGE_SIZE;
  } catch {
    return 0;
  }
}

/** Memory of a process and everything it started. */
export function treeMemoryBytes(pid: number, children = processChildren()): number {
  return processTree(pid, children).reduce((sum, p) => sum + memoryBytes(p), 0);
}

/**
 * SIGKILLs a process and everything below it. The tree is read first and stopped with SIGSTOP so
 * nothing forks past us, then killed; engines lead process groups of their own, so groups go too.
 */
export function killTree(pid: number): void {
  const tree = processTree(pid);
  for (const p of tree) signal(p, 'SIGSTOP');
  for (const p of processTree(pid)) if (!tree.includes(p)) tree.push(p);
  for (const p of tree) {
    signal(-p, 'SIGKILL');
    signal(p, 'SIGKILL');
  }
}

function signal(pid: number, sig: NodeJS.Signals) {
  try {
    process.kill(pid, sig);
  } catch {
    // Gone already, or not a group leader.
  }
}
