import { execFile } from 'node:child_process';
import { cp, mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The import rules of .dependency-cruiser.mjs, run as `npm run lint:deps` runs them, over a small tree
// laid out like the repository's: every rule must refuse the file that breaks it and let the
// imports the code base relies on through.

const root = path.resolve(import.meta.dirname, '..');
const depcruise = path.join(root, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs');
const run = promisify(execFile);
const config = path.join(root, '.dependency-cruiser.mjs');
// What `npm run lint:deps` cruises (package.json), of which the tree below has apps/ only.
const lintedFolders = ['apps'];

const files: Record<string, string> = {
  // Allowed: a module reads platform/; a platform test may use any module.
  'apps/server/src/platform/errors.ts': 'export const code = 1;\n',
  'apps/server/src/platform/route.test.ts':
    "import { portal } from '../modules/portal/portal-session.js';\nvoid portal;\n",
  'apps/server/src/modules/portal/portal-session.ts':
    "import { code } from '../../platform/errors.js';\nexport const portal = code;\n",
  // platform/ reaching up into a module.
  'apps/server/src/platform/route.ts':
    "import { portal } from '../modules/portal/portal-session.js';\nvoid portal;\n",
  // So does db/, with a type only.
  'apps/server/src/db/client.ts':
    "import type { Line } from '../modules/lines/line-a.js';\nexport type Row = Line;\n",
  // A loop made of a value import one way and a type-only import back.
  'apps/server/src/modules/lines/line-a.ts':
    "import { size } from './line-b.js';\nexport type Line = { size: typeof size };\n",
  'apps/server/src/modules/lines/line-b.ts':
    "import type { Line } from './line-a.js';\nexport const size = 1;\nexport type Other = Line;\n",
  // A repository calling a service (a service calling its repository is the rule).
  'apps/server/src/modules/lines/lines.service.ts':
    "import { code } from '../../platform/errors.js';\nexport const linesService = code;\n",
  'apps/server/src/modules/lines/lines.repository.ts':
    "import { linesService } from './lines.service.js';\nexport const linesRepository = linesService;\n",
  'apps/server/src/modules/lines/line-renew.service.ts':
    "import { linesRepository } from './lines.repository.js';\nexport const renew = linesRepository;\n",
  // Services take plain values: a route holds the request; better-auth is reached through its adapter.
  'apps/server/src/modules/auth/auth.routes.ts':
    "import type { FastifyReply } from 'fastify';\nimport { signIn } from './auth.service.js';\nexport type R = FastifyReply;\nexport const routes = signIn;\n",
  'apps/server/src/modules/auth/auth-adapter.ts':
    "import { isAPIError } from 'better-auth/api';\nexport const adapter = isAPIError;\n",
  'apps/server/src/modules/auth/auth.service.ts':
    "import type { FastifyRequest } from 'fastify';\nimport { adapter } from './auth-adapter.js';\nexport type Q = FastifyRequest;\nexport const signIn = adapter;\n",
  'apps/server/src/modules/portal/portal-sign-in.service.ts':
    "import { isAPIError } from 'better-auth/api';\nexport const portalSignIn = isAPIError;\n",
  // The web: the router opens pages; a feature uses another's hooks and its own pages.
  'apps/web/src/routes/router.tsx':
    "import { LinesPage } from '../features/lines/pages/lines-page';\nimport { SignInPage } from '../features/auth/pages/sign-in-page';\nexport const pages = [LinesPage, SignInPage];\n",
  'apps/web/src/features/lines/pages/lines-page.tsx': 'export function LinesPage() {\n  return null;\n}\n',
  'apps/web/src/features/auth/pages/sign-in-page.tsx': 'export function SignInPage() {\n  return null;\n}\n',
  'apps/web/src/features/lines/hooks/use-lines.ts': 'export function useLines() {\n  return [];\n}\n',
  'apps/web/src/features/auth/components/auth-guard.tsx':
    "import { useLines } from '../../lines/hooks/use-lines';\nimport { SignInPage } from '../pages/sign-in-page';\nimport { LinesPage } from '../../lines/pages/lines-page';\nexport const guard = [useLines, SignInPage, LinesPage];\n",
  // Shared UI reaching into a feature; a feature reaching into the router.
  'apps/web/src/components/widget.tsx':
    "import { useLines } from '../features/lines/hooks/use-lines';\nexport const widget = useLines;\n",
  'apps/web/src/features/lines/components/lines-menu.tsx':
    "import { pages } from '../../../routes/router';\nexport const menu = pages;\n",
};

type Violation = { rule: { name: string }; from: string; to: string };

let tree: string;
let violations: string[];
let exitCode: number;

beforeAll(async () => {
  tree = await mkdtemp(path.join(tmpdir(), 'dependency-rules-'));
  for (const [file, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(tree, file)), { recursive: true });
    await writeFile(path.join(tree, file), text);
  }
  await cp(path.join(root, 'tsconfig.base.json'), path.join(tree, 'tsconfig.base.json'));
  const cruise = (output: string) =>
    run(process.execPath, [depcruise, ...lintedFolders, '--config', config, '--output-type', output], {
      cwd: tree,
      maxBuffer: 16 * 1024 * 1024,
    }).then(
      ({ stdout }) => ({ stdout, code: 0 }),
      (error: { stdout: string; code: number }) => ({ stdout: error.stdout, code: error.code }),
    );
  // The lint run's own report (its exit code fails `npm run lint`), and the same as data to compare.
  const [lint, data] = await Promise.all([cruise('err'), cruise('json')]);
  exitCode = lint.code;
  const report = JSON.parse(data.stdout) as { summary: { violations: Violation[] } };
  violations = report.summary.violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`).sort();
});

afterAll(async () => {
  if (tree) await rm(tree, { recursive: true, force: true });
});

describe('the import rules', () => {
  it('refuse each file that breaks one, and nothing else', () => {
    expect(violations).toEqual(
      [
        'feature-pages-only-from-the-router: apps/web/src/features/auth/components/auth-guard.tsx → apps/web/src/features/lines/pages/lines-page.tsx',
        'features-not-to-routes: apps/web/src/features/lines/components/lines-menu.tsx → apps/web/src/routes/router.tsx',
        'services-without-http: apps/server/src/modules/auth/auth.service.ts → fastify',
        'better-auth-behind-its-adapter: apps/server/src/modules/portal/portal-sign-in.service.ts → better-auth/api',
        // A loop is reported once, from the first of its files.
        'no-circular: apps/server/src/modules/lines/line-a.ts → apps/server/src/modules/lines/line-b.ts',
        'platform-not-to-modules: apps/server/src/db/client.ts → apps/server/src/modules/lines/line-a.ts',
        'platform-not-to-modules: apps/server/src/platform/route.ts → apps/server/src/modules/portal/portal-session.ts',
        'repository-not-to-service: apps/server/src/modules/lines/lines.repository.ts → apps/server/src/modules/lines/lines.service.ts',
        'shared-ui-not-to-features: apps/web/src/components/widget.tsx → apps/web/src/features/lines/hooks/use-lines.ts',
      ].sort(),
    );
  });

  it('fail the lint run', () => {
    expect(exitCode).not.toBe(0);
  });
});
