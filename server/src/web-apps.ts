import express, { type Express, type Request, type Response, type NextFunction } from 'express';
import { existsSync, readdirSync } from 'node:fs';
import { dirname, extname, join, relative, sep } from 'node:path';

/** Where the built front ends are; each is left out when it has not been built. */
export interface WebAppRoots {
  adminWeb?: string;
  signWeb?: string;
}

function builtApp(packageName: string): string | undefined {
  try {
    const dist = join(dirname(require.resolve(`${packageName}/package.json`)), 'dist');
    return existsSync(join(dist, 'index.html')) ? dist : undefined;
  } catch {
    return undefined;
  }
}

/** The workspaces' `dist` folders, as `npm run build` leaves them. */
export function builtWebApps(): WebAppRoots {
  return { adminWeb: builtApp('@esign/admin-web'), signWeb: builtApp('@esign/sign-web') };
}

type Encoding = 'br' | 'gzip';

/** The copies scripts/precompress.mjs writes beside a file, in the order the server prefers them. */
const ENCODINGS: readonly { encoding: Encoding; suffix: string }[] = [
  { encoding: 'br', suffix: '.br' },
  { encoding: 'gzip', suffix: '.gz' },
];

/** Vite names what it writes under assets/ after its content: such a URL never serves other bytes. */
const HASHED_ASSET = /^assets\//;
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Every file of `root` that has precompressed copies, by URL path ("/assets/x.js"), with their encodings. */
function precompressedFiles(root: string): Map<string, Set<Encoding>> {
  const found = new Map<string, Set<Encoding>>();
  const files = readdirSync(root, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());
  const present = new Set(files.map((entry) => join(entry.parentPath, entry.name)));
  for (const file of present) {
    const encodings = new Set(
      ENCODINGS.filter(({ suffix }) => present.has(file + suffix)).map((e) => e.encoding),
    );
    if (encodings.size > 0) found.set(`/${relative(root, file).split(sep).join('/')}`, encodings);
  }
  return found;
}

/**
 * The encoding to send among those available: the one the client weighs highest (RFC 9110 §12.5.3),
 * Brotli on a tie; undefined for the file as it is. A coding is refused with q=0, and `*` stands for
 * every coding the header does not name.
 */
export function negotiateEncoding(
  header: string | undefined,
  available: ReadonlySet<Encoding>,
): Encoding | undefined {
  if (!header) return undefined;
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [coding = '', ...parameters] = part.split(';').map((token) => token.trim().toLowerCase());
    if (!coding) continue;
    const q = parameters.find((parameter) => parameter.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    weights.set(coding, Number.isFinite(weight) && weight >= 0 && weight <= 1 ? weight : 0);
  }
  let chosen: Encoding | undefined;
  let best = 0;
  for (const { encoding } of ENCODINGS) {
    if (!available.has(encoding)) continue;
    const weight =
      weights.get(encoding) ??
      (encoding === 'gzip' ? weights.get('x-gzip') : undefined) ??
      weights.get('*') ??
      0;
    if (weight > best) {
      chosen = encoding;
      best = weight;
    }
  }
  return chosen;
}

/**
 * The files of `root`, each sent as its Brotli or gzip copy when the client accepts one (with the type of
 * the original, `Content-Encoding` and `Vary: Accept-Encoding`), else as it is. serve-static does the
 * rest: HEAD, ranges (over the bytes sent), ETag and Last-Modified of the copy, 304s. Hashed assets may
 * be kept a year; everything else is revalidated before each use.
 */
function precompressedStatic(root: string) {
  const variants = precompressedFiles(root);
  const serve = express.static(root, {
    index: false,
    cacheControl: false,
    setHeaders: (res: Response, path: string) => {
      res.setHeader(
        'Cache-Control',
        HASHED_ASSET.test(relative(root, path).split(sep).join('/')) ? IMMUTABLE : 'no-cache',
      );
    },
  });
  return (req: Request, res: Response, next: NextFunction): void => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    let path: string;
    try {
      path = decodeURIComponent(req.path);
    } catch {
      return next();
    }
    const available = variants.get(path);
    if (available) res.vary('Accept-Encoding');
    const encoding = available && negotiateEncoding(req.get('Accept-Encoding'), available);
    if (!encoding) {
      serve(req, res, next);
      return;
    }
    const suffix = ENCODINGS.find((e) => e.encoding === encoding)?.suffix ?? '';
    const originalUrl = req.url;
    const query = originalUrl.indexOf('?');
    req.url =
      query < 0 ? originalUrl + suffix : originalUrl.slice(0, query) + suffix + originalUrl.slice(query);
    res.type(extname(path));
    res.setHeader('Content-Encoding', encoding);
    serve(req, res, (error?: unknown) => {
      // The copy vanished since the start: forget it and let the next handler answer.
      req.url = originalUrl;
      res.removeHeader('Content-Encoding');
      res.removeHeader('Content-Type');
      next(error);
    });
  };
}

/** Built files only: a missing one is a 404, not the application's page served as a script. */
const ASSET_PATH = /^\/(sign\/)?assets\//;

/** A single-page application's entry for every path the files do not answer, revalidated on each use. */
function spa(files: ReturnType<typeof precompressedStatic>) {
  return (req: Request, res: Response, next: NextFunction): void => {
    if (ASSET_PATH.test(req.path)) return next();
    const originalUrl = req.url;
    req.url = '/index.html';
    files(req, res, (error?: unknown) => {
      req.url = originalUrl;
      next(error);
    });
  };
}

const API_OR_POOL = /^\/(api|cognito)(\/|$)/;

/** Serves the built front ends: sign-web under /sign/, admin-web everywhere else but /api and /cognito. */
export function mountWebApps(server: Express, roots: WebAppRoots = builtWebApps()): void {
  const { adminWeb, signWeb } = roots;
  if (signWeb) {
    const files = precompressedStatic(signWeb);
    server.use('/sign', files);
    server.get(/^\/sign(\/.*)?$/, spa(files));
  }
  if (adminWeb) {
    server.use(
      '/ug',
      express.static(join(adminWeb, 'ug'), { index: false }),
      (_req: Request, res: Response) => {
        res.status(404).type('text/plain').send('Not found');
      },
    );
    const files = precompressedStatic(adminWeb);
    // The API's routes are registered after these: its calls skip the files (no lookup on the disk per call,
    // and no file can answer in the API's place).
    server.use((req: Request, res: Response, next: NextFunction) =>
      API_OR_POOL.test(req.path) ? next() : files(req, res, next),
    );
    server.get(/.*/, (req: Request, res: Response, next: NextFunction) =>
      API_OR_POOL.test(req.path) ? next() : spa(files)(req, res, next),
    );
  }
}
