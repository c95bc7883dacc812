// The import rules `npm run lint` holds (`npm run lint:deps`). Type-only imports count like any other:
// they make no loop at run time, but a loop of types is still two files that cannot change apart.
// scripts/dependency-rules.test.ts proves each rule fails on a file that breaks it.

const server = '^apps/server/src/';
const web = '^apps/web/src/';
const tests = '(\\.test\\.tsx?$|/test/)';
/** An npm package as the graph holds it: a file under node_modules, or its bare name when unresolved. */
const npmPackage = (name) => `(^|/)node_modules/${name}|^${name}`;

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'No import loops, of values or of types: a module that must call up takes what it needs from ' +
        'the composition root (app.ts) instead, as the caller resolvers and the CSRF guard do.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'platform-not-to-modules',
      severity: 'error',
      comment:
        'platform/ and db/ sit below every feature module: they take what they need from a module as ' +
        'arguments or registrations at start (app.ts), never by import.',
      from: { path: `${server}(platform|db)/`, pathNot: tests },
      to: { path: `${server}modules/` },
    },
    {
      name: 'repository-not-to-service',
      severity: 'error',
      comment: 'A repository holds queries only: services call repositories, never the other way round.',
      from: { path: '\\.repository\\.ts$' },
      to: { path: '\\.service\\.ts$' },
    },
    {
      name: 'services-without-http',
      severity: 'error',
      comment:
        'A service takes plain values and returns plain values: the request and the reply stay in its ' +
        'route, which hands it a Client (platform/http.ts) and sends the cookies of the Answer it returns.',
      from: { path: `${server}modules/.+\\.service\\.ts$` },
      to: { path: npmPackage('@?fastify') },
    },
    {
      name: 'better-auth-behind-its-adapter',
      severity: 'error',
      comment:
        'better-auth is set up in modules/auth/auth.ts and reached through modules/auth/auth-adapter.ts ' +
        '(ctx.auth), which takes and returns plain values and turns its refusals into AuthRefusal.',
      from: { pathNot: `${server}modules/auth/auth(-adapter)?\\.ts$` },
      to: { path: npmPackage('@?better-auth') },
    },
    {
      name: 'shared-ui-not-to-features',
      severity: 'error',
      comment:
        "Shared UI (components, layouts, theme) never reaches into a feature (Twenty's rule), nor into " +
        'routes/, which imports every feature.',
      from: { path: `${web}(components|layouts|theme)/` },
      to: { path: `${web}(features|routes)/` },
    },
    {
      name: 'features-not-to-routes',
      severity: 'error',
      comment:
        'Features sit below the router: routes/ imports every feature. Addresses and the lazy page ' +
        'loader live in lib/.',
      from: { path: `${web}features/` },
      to: { path: `${web}routes/` },
    },
    {
      name: 'feature-pages-only-from-the-router',
      severity: 'error',
      comment:
        "A feature's public files are its api/, hooks/, components/ and lib/: another feature uses " +
        'those; its pages/ are opened by the router (routes/) alone.',
      from: { path: `${web}features/([^/]+)/`, pathNot: tests },
      to: { path: `${web}features/([^/]+)/pages/`, pathNot: `${web}features/$1/` },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Build output and test databases are not code; a package's own files (under node_modules, its
    // dist/ too) stay in the graph as leaves, so rules can name which files may import a package.
    exclude: { path: ['(^|/)\\.test-data/', '^(apps|packages)/[^/]+/dist/', '^(e2e|bench)/dist/'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
