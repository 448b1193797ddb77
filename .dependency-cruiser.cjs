/**
 * Sheaf's layers, checked by `npm run lint` (and so by scripts/test.sh):
 *
 *   shared/src         code every side may use; imports no app
 *   shared/src/server  server-only shared code (database, queues, files, mail)
 *   api/               the HTTP server; hands the web build what it needs through #shared/web-contract
 *   worker/            runs the jobs the api queues; they meet only in shared/src
 *   web/               the React app; its server modules read what the api hands in, never api code
 *
 * tests/, bench/, scripts/ and prisma/ may import any layer. Inside worker/src and web/app, the
 * folders are layered too (WORKER_LAYERS, WEB_LAYERS): a folder imports only the folders below it.
 */

/**
 * The worker's folders, top to bottom, and why each sits where it does. A folder may import its own
 * files and the folders below it, never one above: the part that is used stays free of its users.
 */
const WORKER_LAYERS = [
  ['main.ts', 'the process entry; it starts the queue consumers and nothing imports it'],
  ['jobs', 'the BullMQ consumers and what runs around a task (runner, AI indexing, retention, webhooks, thumbnails, metrics): they hand work to the task hosts'],
  ['sandbox', 'the task hosts, child processes that run a processor (or the AI reader) under time and memory limits: they load the processors'],
  ['processors', 'one file per tool, found by its id, and their registry: each puts the parts below together for its tool'],
  ['ai', "the AI assistant's document reader (text per page, OCR for scans, headings): it uses OCR and the text readers below"],
  ['translate', 'PDF translation (text blocks, the model, drawing the translation): it rewrites pages with the editor and finds paragraphs with pdf-to-office'],
  ['ocr', 'recognition of scanned pages (Tesseract, deskew, text layers, OCR to Office): it writes Office files with pdf-to-office'],
  ['stamps', 'headers, footers, page numbers and watermarks drawn on pages: they set text with the editor'],
  ['compare', "two PDFs compared (pages aligned, words diffed, pictures compared) and the report drawn: it reads words with pdf-to-office's pdftotext parser and embeds the editor's fonts"],
  ['redact', "true redaction (matches found with PDFium's text API, what lies under the boxes removed, annotations, bookmarks and metadata cleaned): it opens files with the editor's PDFium"],
  ['editor', "the editor's operations applied to a PDF (PDFium, fonts, the seal): used by the edit, annotate, sign and stamping tools"],
  ['cad', 'DWG and DXF drawings to PDF and JPG'],
  ['ebooks', 'comic books and DRM checks for eBooks to PDF: comics are laid out as images'],
  ['html-to-pdf', "HTML to PDF's own parts: the SSRF-guarded proxy every request of the page goes through, the print layout, the file name"],
  ['pdf-to-office', "the PDF to Office reconstruction: a page's text geometry to lines, paragraphs, tables and slides, and the DOCX, XLSX and PPTX writers"],
  ['images', 'images to PDF pages and the BMP codec'],
  ['pages', 'page geometry: affine maps between page spaces, visible frames, sheets for imposition, white margins'],
  ['inputs', "checks and prepares a task's input files (PDF repair and passwords, page counts, Office and text sources, kinds by their bytes): it runs engines"],
  ['engines', 'one wrapper per external engine and what their runs share (archive guard, parallelism, host metrics): they know nothing of tools'],
  ['contract', 'the processor contract (inputs, outputs, context, defineProcessor): every part takes or returns it, so it imports nothing of the worker'],
];

/**
 * The web app's folders, top to bottom; the first entry is the app's frame (root.tsx, routes.ts and
 * the two entries), which nothing imports.
 */
const WEB_FRAME = '(root\\.tsx|routes\\.ts|entry\\.(client|server)\\.tsx)';
const WEB_LAYERS = [
  [WEB_FRAME, "the app's frame: the root layout, the route table and the entries"],
  ['routes', 'one module per page: loaders, meta and the page, built from the folders below'],
  ['layouts', 'the page frames the routes nest in (header, footer, popups)'],
  ['components', 'the React parts pages are made of, by area (tool-flow, editor, ai, payment…)'],
  ['hooks', 'React hooks several areas share (scrolling, downloads, the leave warning…); a hook of one area lives in that area'],
  ['stores', 'client state the whole app shares (the user, popups, toasts, downloads, payment)'],
  ['lib', 'plain modules: API calls, i18n, formatting, SEO, which tools have an options panel or the editor, server helpers (the root data); no React'],
  ['styles', 'the style sheets'],
];

/** A layer's name as a path pattern: main.ts is a file, the others folders. */
const pattern = (name) => name.replace(/^([\w-]+)\.(ts|tsx)$/, '$1\\.$2');
const shown = (name) => (name === WEB_FRAME ? "the app's frame" : name);

/** One rule per layer: from its folder to any folder above it. */
function layerRules(app, root, layers) {
  return layers.slice(1).map(([folder, holds], i) => {
    const above = layers.slice(0, i + 1).map(([name]) => name);
    return {
      name: `${app}-${folder}-not-up`,
      comment: `${root}${folder} holds ${holds}. It sits below ${above.map(shown).join(', ')}: an import up there would make a part depend on the code that uses it.`,
      severity: 'error',
      from: { path: `^${root}${pattern(folder)}(/|$)` },
      to: { path: `^${root}(${above.map(pattern).join('|')})(/|$)` },
    };
  });
}

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    ...layerRules('worker', 'worker/src/', WORKER_LAYERS),
    ...layerRules('web', 'web/app/', WEB_LAYERS),
    {
      name: 'apps-not-to-scripts',
      comment:
        'scripts/ holds the commands run from a checkout (start, test, billing, the sheaf client in scripts/sheaf/): they may import every layer, so no layer imports them.',
      severity: 'error',
      from: { path: '^(api|worker|web|shared)/' },
      to: { path: '^scripts/' },
    },
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
