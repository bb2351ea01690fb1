import { spawn } from 'node:child_process';
import { pemBlocksToDer } from './pem';
import type { Pkcs12Contents } from './pkcs12';

const PASSWORD_VARIABLE = 'ESIGN_PKCS12_PASSWORD';
const TIMEOUT_MS = 20_000;

/**
 * Opens a PKCS#12 file whose RC2/RC4 encryption node:crypto no longer provides, with the openssl
 * command. The password goes through the environment (never the command line, which `ps` shows) and
 * the decrypted key only through a pipe into this process. OpenSSL 3 needs `-legacy` for RC2;
 * OpenSSL 1.1 does not know the flag, hence the second attempt without it.
 */
export async function readPkcs12WithOpenssl(der: Buffer, password: string): Promise<Pkcs12Contents> {
  for (const flags of [['-legacy'], []]) {
    const output = await runOpensslPkcs12(der, password, flags);
    if (output !== undefined) {
      return {
        privateKeysPkcs8: pemBlocksToDer(output, 'PRIVATE KEY'),
        certificatesDer: pemBlocksToDer(output, 'CERTIFICATE'),
      };
    }
  }
  throw new Error(
    'openssl could not open this legacy (RC2/RC4) PKCS#12 file; re-export it with AES-256 ' +
      '(openssl pkcs12 -export -keypbe AES-256-CBC -certpbe AES-256-CBC -macalg sha256)',
  );
}

/** The PEM output, or undefined when openssl exits with an error. */
function runOpensslPkcs12(der: Buffer, password: string, flags: string[]): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    const child = spawn('openssl', ['pkcs12', '-nodes', ...flags, '-passin', `env:${PASSWORD_VARIABLE}`], {
      env: { ...process.env, [PASSWORD_VARIABLE]: password },
      stdio: ['pipe', 'pipe', 'ignore'],
      timeout: TIMEOUT_MS,
    });
    const chunks: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.on('error', (error) => reject(new Error('the openssl command could not be run', { cause: error })));
    child.on('close', (code) => resolve(code === 0 ? Buffer.concat(chunks).toString('utf8') : undefined));
    child.stdin.end(der);
  });
}
