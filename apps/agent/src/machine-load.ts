import { statfs } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/** What the card server's machine carries now (GET /load): the panel's load alerts read it. */
export type MachineLoad = {
  cpu: {
    cores: number;
    load1: number;
    load5: number;
    load15: number;
    /** The one-minute load average over the cores, in percent (above 100 when work waits for a core). */
    percent: number;
  };
  memory: { totalBytes: number; availableBytes: number; usedPercent: number };
  /** The file system holding the config file the agent writes: a full disk stops every change. */
  disk: { path: string; totalBytes: number; availableBytes: number; usedPercent: number };
  /** Client connections of the card server now; null when the agent cannot read them. */
  clients: number | null;
};

const round1 = (value: number) => Math.round(value * 10) / 10;
const usedPercent = (total: number, available: number) =>
  total > 0 ? round1(((total - available) / total) * 100) : 0;

/**
 * Reads the machine through Node's `os` (load averages, memory) and `statfs` (the config's
 * folder). The load average, unlike a CPU sample, needs no second reading a moment later, so one
 * request answers at once.
 */
export async function readMachineLoad(configFile: string, clients: () => Promise<number | null>) {
  const folder = path.dirname(path.resolve(configFile));
  const [fsStats, clientCount] = await Promise.all([statfs(folder), clients()]);
  const cores = os.availableParallelism();
  const [load1 = 0, load5 = 0, load15 = 0] = os.loadavg();
  const totalMemory = os.totalmem();
  const availableMemory = os.freemem();
  const totalDisk = fsStats.blocks * fsStats.bsize;
  const availableDisk = fsStats.bavail * fsStats.bsize;
  const load: MachineLoad = {
    cpu: {
      cores,
      load1: round1(load1 * 100) / 100,
      load5: round1(load5 * 100) / 100,
      load15: round1(load15 * 100) / 100,
      percent: round1((load1 / cores) * 100),
    },
    memory: {
      totalBytes: totalMemory,
      availableBytes: availableMemory,
      usedPercent: usedPercent(totalMemory, availableMemory),
    },
    disk: {
      path: folder,
      totalBytes: totalDisk,
      availableBytes: availableDisk,
      usedPercent: usedPercent(totalDisk, availableDisk),
    },
    clients: clientCount,
  };
  return load;
}
