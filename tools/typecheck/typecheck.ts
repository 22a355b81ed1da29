/**
 * `npm run typecheck`: every workspace's own `typecheck` script and the tools' project, two at a time (each
 * compilation works one core). The workspaces are read from package.json, so a new one is checked too.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
const { workspaces } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { workspaces: string[] };
const PARALLEL = 2;

type Check = { name: string; command: string; args: string[] };

const hasTypecheck = (workspace: string) =>
  Boolean(JSON.parse(readFileSync(path.join(root, workspace, 'package.json'), 'utf8')).scripts?.typecheck);

const checks: Check[] = [
  ...workspaces
    .filter(hasTypecheck)
    .map((workspace) => ({ name: workspace, command: 'npm', args: ['run', 'typecheck', '--silent', '-w', workspace] })),
  { name: 'tools', command: 'npx', args: ['tsc', '-p', 'tools'] },
];

/** Runs one check, its output kept together and printed when it ends; resolves whether it passed. */
const run = ({ name, command, args }: Check) =>
  new Promise<boolean>((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.once('close', (code) => {
      process.stdout.write(`${code === 0 ? 'ok  ' : 'FAIL'} ${name}\n${output}`);
      resolve(code === 0);
    });
  });

const queue = [...checks];
const lane = async (): Promise<boolean> => {
  let passed = true;
  for (let check = queue.shift(); check; check = queue.shift()) passed = (await run(check)) && passed;
  return passed;
};

const results = await Promise.all(Array.from({ length: PARALLEL }, lane));
if (results.includes(false)) process.exitCode = 1;
