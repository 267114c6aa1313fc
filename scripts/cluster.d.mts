// Types of scripts/cluster.mjs (imported by the services suite's exam-day cluster test).
import type { ChildProcess } from 'node:child_process';

export interface ClusterNode {
  port: number;
  child: ChildProcess;
  kill(signal?: NodeJS.Signals): void;
}

export interface Cluster {
  url: string;
  port: number;
  nodes: ClusterNode[];
  haproxy: ChildProcess;
  stop(): Promise<void>;
}

export function haproxyPath(): string | null;
export function freePort(): Promise<number>;
export function haproxyConfig(opts: { port: number; nodes: Array<{ port: number }>; statsPort?: number }): string;
export function startCluster(opts: {
  nodes?: number;
  port?: number;
  databaseUrl: string;
  redisUrl: string;
  env?: Record<string, string>;
  stdio?: 'inherit' | 'pipe';
  webDist?: string;
}): Promise<Cluster>;
