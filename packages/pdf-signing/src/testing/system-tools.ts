import { spawnSync, type SpawnSyncReturns } from 'node:child_process';

/** The programs the tests run as a relying party would, and the Debian package that provides each. */
export const SYSTEM_TOOLS = {
  openssl: 'openssl',
  pdfsig: 'poppler-utils',
  pdftotext: 'poppler-utils',
  qpdf: 'qpdf',
  certutil: 'libnss3-tools',
} as const;

export type SystemTool = keyof typeof SYSTEM_TOOLS;

/** Arguments that make each tool print its version or usage and exit at once. */
const PROBES: Record<SystemTool, string[]> = {
  openssl: ['version'],
  pdfsig: ['-v'],
  pdftotext: ['-v'],
  qpdf: ['--version'],
  certutil: ['-H'],
};

/** Whether spawning failed because the program does not exist. */
function notFound(error: Error | undefined): boolean {
  return error !== undefined && 'code' in error && error.code === 'ENOENT';
}

function installed(tool: SystemTool): boolean {
  return !notFound(spawnSync(tool, PROBES[tool], { stdio: 'ignore', timeout: 10_000 }).error);
}

/** Undefined when every tool is there, otherwise one message naming the programs and the packages to install. */
export function missingSystemTools(
  tools: readonly SystemTool[] = Object.keys(SYSTEM_TOOLS) as SystemTool[],
): string | undefined {
  const missing = tools.filter((tool) => !installed(tool));
  if (missing.length === 0) return undefined;
  const packages = [...new Set(missing.map((tool) => SYSTEM_TOOLS[tool]))];
  return `Missing programs: ${missing.join(', ')}. Install them with: apt-get install ${packages.join(' ')}`;
}

/** Runs a tool to completion; a tool that is not installed is named with its package, not left as ENOENT. */
export function runTool(tool: SystemTool, args: string[]): SpawnSyncReturns<string> {
  const result = spawnSync(tool, args, { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  if (notFound(result.error))
    throw new Error(`${tool} is not installed: apt-get install ${SYSTEM_TOOLS[tool]}`);
  if (result.error) throw result.error;
  return result;
}
