import express, { type Express, type Request, type Response, type NextFunction } from 'express';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';

function builtApp(packageName: string): string | undefined {
  try {
    const dist = join(dirname(require.resolve(`${packageName}/package.json`)), 'dist');
    return existsSync(join(dist, 'index.html')) ? dist : undefined;
  } catch {
    return undefined;
  }
}

function spa(root: string) {
  const index = join(root, 'index.html');
  return (_req: Request, res: Response) => {
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(index);
  };
}

const API_OR_POOL = /^\/(api|cognito)(\/|$)/;

/** Serves the built front ends: sign-web under /sign/, admin-web everywhere else but /api and /cognito. */
export function mountWebApps(server: Express): void {
  const signWeb = builtApp('@esign/sign-web');
  const adminWeb = builtApp('@esign/admin-web');
  const assetOptions = { index: false, immutable: true, maxAge: '1y' };
  if (signWeb) {
    server.use('/sign', express.static(signWeb, assetOptions));
    server.get(/^\/sign(\/.*)?$/, spa(signWeb));
  }
  if (adminWeb) {
    server.use(
      '/ug',
      express.static(join(adminWeb, 'ug'), { index: false }),
      (_req: Request, res: Response) => {
        res.status(404).type('text/plain').send('Not found');
      },
    );
    server.use(express.static(adminWeb, assetOptions));
    server.get(/.*/, (req: Request, res: Response, next: NextFunction) =>
      API_OR_POOL.test(req.path) ? next() : spa(adminWeb)(req, res),
    );
  }
}
