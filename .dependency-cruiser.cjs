/**
 * Sheaf's layers, checked by `npm run lint` (and so by scripts/test.sh):
 *
 *   shared/src         code every side may use; imports no app
 *   shared/src/server  server-only shared code (database, queues, files, mail)
 *   api/               the HTTP server; hands the web build what it needs through #shared/web-contract
 *   worker/            runs the jobs the api queues; they meet only in shared/src
 *   web/               the React app; its server modules read what the api hands in, never api code
 *
 * tests/, bench/, scripts/ and prisma/ may import any layer.
 * @type {import('dependency-cruiser').IConfiguration}
 */
module.exports = {
  forbidden: [
    {
      name: 'web-not-to-server-code',
      comment: 'web/ is bundled for the browser and the server entry; it reads server data through #shared/web-contract, which the api fills in.',
      severity: 'error',
      from: { path: '^web/' },
      to: { path: '^(api|worker)/|^shared/src/server/' },
    },
    {
      name: 'worker-not-to-api-or-web',
      comment: 'The worker only meets the api through shared/src (job payloads, tools, errors).',
      severity: 'error',
      from: { path: '^worker/' },
      to: { path: '^(api|web)/' },
    },
    {
      name: 'api-not-to-web-or-worker',
      comment: 'The api loads the web build at run time and hands it #shared/web-contract values; what it shares with the worker lives in shared/src.',
      severity: 'error',
      from: { path: '^api/' },
      to: { path: '^(web|worker)/' },
    },
    {
      name: 'api-services-not-to-http',
      comment:
        'Services and presenters take and return plain data; routes and middleware translate HTTP (cookies, headers, the client ip) into it. Types such as Requester may come from middleware.',
      severity: 'error',
      from: { path: '^api/src/(services|presenters)/' },
      to: { path: '^api/src/(routes|middleware)/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'api-services-not-to-express',
      comment: 'A service that imports Express (even its types) takes req or res; hand it the values it needs instead.',
      severity: 'error',
      from: { path: '^api/src/(services|presenters)/' },
      to: { path: 'node_modules/(@types/)?(express|express-serve-static-core|cookie-parser|multer)/' },
    },
    {
      name: 'presenters-are-pure',
      comment: 'A presenter shapes JSON from what a service loaded; one that reads the database or the queues is a service.',
      severity: 'error',
      from: { path: '^api/src/presenters/' },
      to: { path: '^api/src/services/|^shared/src/server/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'shared-not-to-apps',
      comment: 'shared/src is below every app: it may not import api/, worker/ or web/.',
      severity: 'error',
      from: { path: '^shared/' },
      to: { path: '^(api|worker|web)/' },
    },
    {
      name: 'shared-client-not-to-shared-server',
      comment: 'shared/src outside server/ is imported by web/; reaching shared/src/server from it would carry server code into the bundle.',
      severity: 'error',
      from: { path: '^shared/src/', pathNot: '^shared/src/server/' },
      to: { path: '^shared/src/server/' },
    },
    {
      name: 'no-circular',
      comment: 'Modules that import each other at run time cannot be loaded (or tested) one at a time. A cycle through type-only imports is erased by the compiler, so it passes.',
      severity: 'error',
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    {
      name: 'not-to-unresolvable',
      comment: 'An import that does not resolve (a typo, a moved file, a missing package) would hide a layer violation.',
      severity: 'error',
      from: {},
      // ./+types/<route> are React Router's generated route types, found through tsconfig's rootDirs.
      to: { couldNotResolve: true, pathNot: '/\\+types/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^web/(build|\\.react-router)/' },
    // Type-only imports count: a type from api/ in web/ still ties web/ to the api's code.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
    cache: { folder: 'node_modules/.cache/dependency-cruiser', strategy: 'content' },
  },
};
