import { SANITIZE_KINDS, type SanitizeKind } from '#shared/tools/sanitize-pdf';
import type { QpdfObjects } from '../engines/qpdf';
import type { HiddenNames } from './hidden-content';

type Dict = Record<string, unknown>;
export type SanitizeCounts = Record<SanitizeKind, number>;

/** Content streams that draw hidden layers: a page's (all its streams, read as one) or a form XObject's. */
export interface ContentJob {
  /** The page whose /Contents becomes the first stream alone, holding them all; absent for a form XObject. */
  page?: string;
  streams: string[];
  hidden: HiddenNames;
  /** The resource dictionary whose hidden entries go once the stream no longer names them. */
  resources: Dict;
  /** Hidden names the stream still uses after the edit (in a form the edit does not take apart): their resources stay. */
  left?: Set<string>;
}

const isRef = (v: unknown): v is string => typeof v === 'string' && /^\d+ \d+ R$/.test(v);
const isDict = (v: unknown): v is Dict => typeof v === 'object' && v !== null && !Array.isArray(v);
const zero = () => Object.fromEntries(SANITIZE_KINDS.map((k) => [k, 0])) as SanitizeCounts;

/** Actions that only move within the document. */
const NAVIGATION = new Set(['/GoTo', '/Thread']);
const NAVIGATION_NAMES = new Set(['/NextPage', '/PrevPage', '/FirstPage', '/LastPage']);
/** Actions that reach outside the document: a web address, a program, another file, a server. */
const OUTSIDE = new Set(['/URI', '/Launch', '/GoToR', '/GoToE', '/SubmitForm', '/ImportData']);
/** Annotations that are comments (PDF 32000, 12.5.6: markup annotations), FileAttachment aside. */
const MARKUP = new Set(
  ['Text', 'FreeText', 'Line', 'Square', 'Circle', 'Polygon', 'PolyLine', 'Highlight', 'Underline', 'Squiggly', 'StrikeOut', 'Stamp', 'Caret', 'Ink', 'Sound', 'Redact'].map(
    (s) => `/${s}`,
  ),
);

/**
 * Finds and removes, in qpdf's JSON v2 objects, each kind of content Sanitize PDF knows. Everything
 * is counted whether or not its kind is chosen, so the report says what the file held; only the
 * chosen kinds are removed. The objects are edited in place; `updates()` gives those that changed.
 */
export class Sanitizer {
  readonly found = zero();
  readonly removed = zero();
  private readonly before = new Map<string, string>();
  private readonly hiddenLayers = new Set<string>();
  private readonly jobs: ContentJob[] = [];

  constructor(
    private readonly objects: QpdfObjects,
    private readonly pages: readonly string[],
    private readonly chosen: Readonly<Record<SanitizeKind, boolean>>,
  ) {
    for (const [key, entry] of Object.entries(objects)) this.before.set(key, JSON.stringify(entry));
  }

  /** The object's dictionary (a stream's dictionary for a stream), following a reference. */
  private dict(v: unknown): Dict | undefined {
    if (isDict(v)) return v;
    if (!isRef(v)) return undefined;
    const entry = this.objects[`obj:${v}`];
    if (!entry) return undefined;
    return isDict(entry.value) ? entry.value : entry.stream?.dict;
  }

  private array(v: unknown): unknown[] | undefined {
    if (Array.isArray(v)) return v;
    const value = isRef(v) ? this.objects[`obj:${v}`]?.value : undefined;
    return Array.isArray(value) ? value : undefined;
  }

  private get trailer(): Dict {
    return this.objects.trailer.value as Dict;
  }

  private get catalog(): Dict {
    return this.dict(this.trailer['/Root']) ?? {};
  }

  private count(kind: SanitizeKind, n = 1): boolean {
    this.found[kind] += n;
    if (this.chosen[kind]) this.removed[kind] += n;
    return this.chosen[kind];
  }

  /** Removes everything but what hidden layers draw, which is in content streams: the jobs returned list those. */
  analyze(): ContentJob[] {
    this.documentLevel();
    this.pagesAndAnnotations();
    this.outlines();
    this.form();
    this.metadata();
    this.layers();
    return this.jobs;
  }

  private documentLevel(): void {
    const catalog = this.catalog;
    // An open action runs unasked, whatever it does; a plain destination (open at a page) is no action and stays.
    if (this.dict(catalog['/OpenAction']) && this.actionSlot(catalog, '/OpenAction', 'javascript') === 'dropped') delete catalog['/OpenAction'];
    this.triggers(catalog);
    const names = this.dict(catalog['/Names']);
    if (names) {
      const scripts = this.nameTreeSize(names['/JavaScript']);
      if (scripts > 0 && this.count('javascript', scripts)) delete names['/JavaScript'];
      const files = this.nameTreeSize(names['/EmbeddedFiles']);
      if (files > 0 && this.count('attachments', files)) delete names['/EmbeddedFiles'];
    }
    if (this.chosen.attachments) delete catalog['/AF'];
  }

  /** Entries of a name tree, its kids' included. */
  private nameTreeSize(tree: unknown, seen = new Set<unknown>()): number {
    const node = this.dict(tree);
    if (!node || seen.has(tree)) return 0;
    seen.add(tree);
    const own = (this.array(node['/Names'])?.length ?? 0) / 2;
    return own + (this.array(node['/Kids']) ?? []).reduce<number>((n, kid) => n + this.nameTreeSize(kid, seen), 0);
  }

  /** An action's kind: navigation inside the document stays; the rest is a script or action, or a way outside. */
  private kindOf(action: Dict): SanitizeKind | 'keep' {
    const type = action['/S'];
    if (typeof type !== 'string') return 'keep';
    if (OUTSIDE.has(type)) return 'links';
    if (type === '/Thread' && action['/F'] !== undefined) return 'links';
    if (NAVIGATION.has(type) || (type === '/Named' && NAVIGATION_NAMES.has(String(action['/N'])))) return 'keep';
    return 'javascript';
  }

  /**
   * The action at `holder[key]`: 'dropped' when its kind is chosen (the caller removes it, and what
   * holds it when that is all it does), else 'kept' with the chosen kinds cut from its /Next chain.
   */
  private actionSlot(holder: Dict, key: string, as?: SanitizeKind): 'dropped' | 'kept' | 'none' {
    const action = this.dict(holder[key]);
    if (!action) return 'none';
    const kind = as ?? this.kindOf(action);
    if (kind !== 'keep' && this.count(kind)) {
      this.countChain(action['/Next']);
      return 'dropped';
    }
    this.filterChain(action);
    return 'kept';
  }

  /** Counts the actions chained after one that goes, which go with it. */
  private countChain(next: unknown, seen = new Set<Dict>()): void {
    for (const item of this.array(next) ?? (next === undefined ? [] : [next])) {
      const action = this.dict(item);
      if (!action || seen.has(action)) continue;
      seen.add(action);
      const kind = this.kindOf(action);
      if (kind !== 'keep') {
        this.found[kind]++;
        this.removed[kind]++;
      }
      this.countChain(action['/Next'], seen);
    }
  }

  private filterChain(action: Dict, seen = new Set<Dict>()): void {
    if (seen.has(action) || action['/Next'] === undefined) return;
    seen.add(action);
    const items = this.array(action['/Next']) ?? [action['/Next']];
    const kept = items.filter((item) => {
      const next = this.dict(item);
      if (!next) return false;
      if (this.actionSlot({ next: item }, 'next') === 'dropped') return false;
      this.filterChain(next, seen);
      return true;
    });
    if (kept.length === items.length) return;
    if (kept.length === 0) delete action['/Next'];
    else action['/Next'] = kept.length === 1 ? kept[0] : kept;
  }

  /** Additional actions (/AA): whatever they do, they run on an event, unasked. */
  private triggers(holder: Dict): void {
    const aa = this.dict(holder['/AA']);
    if (!aa) return;
    for (const key of Object.keys(aa)) if (this.actionSlot(aa, key, 'javascript') === 'dropped') delete aa[key];
    if (Object.keys(aa).length === 0) delete holder['/AA'];
  }

  private pagesAndAnnotations(): void {
    for (const ref of this.pages) {
      const page = this.dict(ref);
      if (!page) continue;
      this.triggers(page);
      if (this.chosen.attachments) delete page['/AF'];
      const annots = this.array(page['/Annots']);
      if (!annots) continue;
      const gone = new Set<unknown>();
      for (const item of annots) if (this.annotationGoes(item)) gone.add(item);
      // A popup belongs to its comment: it goes with it, or when it belongs to nothing.
      for (const item of annots) {
        const annot = this.dict(item);
        if (annot?.['/Subtype'] === '/Popup' && (gone.has(annot['/Parent']) || (annot['/Parent'] !== undefined && !this.dict(annot['/Parent'])))) gone.add(item);
      }
      if (gone.size === 0) continue;
      const kept = annots.filter((item) => !gone.has(item));
      if (isRef(page['/Annots']) && this.objects[`obj:${page['/Annots']}`]) this.objects[`obj:${page['/Annots']}`] = { value: kept };
      else page['/Annots'] = kept;
      if (kept.length === 0) delete page['/Annots'];
    }
  }

  /** Whether the annotation goes whole; its actions and triggers are cleaned when it stays. */
  private annotationGoes(item: unknown): boolean {
    const annot = this.dict(item);
    if (!annot) return false;
    const subtype = annot['/Subtype'];
    if (annot['/OC'] !== undefined && this.isHiddenOc(annot['/OC']) && this.chosen.layers) return true;
    if (subtype === '/FileAttachment' && this.count('attachments')) return true;
    if (typeof subtype === 'string' && MARKUP.has(subtype) && this.count('comments')) return true;
    this.triggers(annot);
    if (this.chosen.attachments) delete annot['/AF'];
    // A link that did only what goes is gone with it; a field's button loses its action and stays.
    if (this.actionSlot(annot, '/A') === 'dropped') {
      if (subtype === '/Link') return true;
      delete annot['/A'];
    }
    return false;
  }

  private outlines(): void {
    const seen = new Set<unknown>();
    const visit = (ref: unknown) => {
      for (let item = ref; item !== undefined && !seen.has(item); ) {
        seen.add(item);
        const node = this.dict(item);
        if (!node) return;
        if (this.actionSlot(node, '/A') === 'dropped') delete node['/A'];
        visit(node['/First']);
        item = node['/Next'];
      }
    };
    visit(this.dict(this.catalog['/Outlines'])?.['/First']);
  }

  /** Field values, field triggers and actions, and an XFA form (scriptable, and holding its own copy of the data). */
  private form(): void {
    const form = this.dict(this.catalog['/AcroForm']);
    if (!form) return;
    if (form['/XFA'] !== undefined && this.count(this.chosen.javascript || !this.chosen.formdata ? 'javascript' : 'formdata')) delete form['/XFA'];
    let cleared = false;
    const seen = new Set<unknown>();
    const visit = (item: unknown, inheritedType: unknown) => {
      const field = this.dict(item);
      if (!field || seen.has(item)) return;
      seen.add(item);
      const type = field['/FT'] ?? inheritedType;
      // Fields that are not widgets themselves (their widgets are the page's annotations) have triggers too.
      if (field['/Subtype'] !== '/Widget') this.triggers(field);
      if (type !== '/Sig' && this.hasValue(field['/V']) && this.count('formdata')) {
        for (const key of ['/V', '/RV', '/I']) delete field[key];
        cleared = true;
        for (const widget of [field, ...(this.array(field['/Kids']) ?? []).map((k) => this.dict(k))]) {
          if (!widget || (widget !== field && widget['/T'] !== undefined)) continue;
          // A check box or radio button shows its off state; a text or choice field's drawn value goes, and readers draw it empty.
          if (type === '/Btn') {
            if (widget['/AS'] !== undefined) widget['/AS'] = '/Off';
          } else {
            delete widget['/AP'];
          }
        }
      } else if (type !== '/Sig' && field['/V'] !== undefined && this.chosen.formdata) {
        delete field['/V'];
      }
      for (const kid of this.array(field['/Kids']) ?? []) visit(kid, type);
    };
    for (const field of this.array(form['/Fields']) ?? []) visit(field, undefined);
    if (cleared) form['/NeedAppearances'] = true;
  }

  /** A value someone entered: not empty, not a box left off. */
  private hasValue(v: unknown): boolean {
    if (v === undefined || v === null || v === '/Off' || v === 'u:' || v === 'b:') return false;
    return !(Array.isArray(v) && v.length === 0);
  }

  /** The Info dictionary, XMP packets on any object (the catalog's, pages', images'…) and applications' private data. */
  private metadata(): void {
    if (this.dict(this.trailer['/Info']) && this.count('metadata')) delete this.trailer['/Info'];
    for (const [key, entry] of Object.entries(this.objects)) {
      if (key === 'trailer') continue;
      const dict = isDict(entry.value) ? entry.value : entry.stream?.dict;
      if (!dict) continue;
      if (dict['/Type'] === '/Metadata') continue;
      for (const name of ['/Metadata', '/PieceInfo']) if (dict[name] !== undefined && this.count('metadata')) delete dict[name];
    }
  }

  /** The layers a reader shows off when the document opens (its default configuration). */
  private layers(): void {
    const properties = this.dict(this.catalog['/OCProperties']);
    const config = this.dict(properties?.['/D']);
    if (!properties || !config) return;
    const all = (this.array(properties['/OCGs']) ?? []).filter(isRef);
    const on = new Set(this.array(config['/ON']) ?? []);
    const off = new Set(this.array(config['/OFF']) ?? []);
    for (const ocg of all) if (off.has(ocg) || (config['/BaseState'] === '/OFF' && !on.has(ocg))) this.hiddenLayers.add(ocg);
    // Removed are counted in finish(): the layers that leave the document whole.
    this.found.layers += this.hiddenLayers.size;
    if (this.hiddenLayers.size === 0 || !this.chosen.layers) return;
    const forms = new Set<string>();
    for (const ref of this.pages) {
      const page = this.dict(ref);
      const resources = this.inheritedResources(ref);
      if (!page || !resources) continue;
      const contents = this.array(page['/Contents']) ?? (isRef(page['/Contents']) ? [page['/Contents']] : []);
      this.addJob(contents.filter(isRef), resources, ref);
      this.formsOf(resources, forms);
    }
  }

  private inheritedResources(pageRef: string): Dict | undefined {
    const seen = new Set<string>();
    for (let node: unknown = pageRef; isRef(node) && !seen.has(node); ) {
      seen.add(node);
      const dict = this.dict(node);
      const resources = this.dict(dict?.['/Resources']);
      if (resources) return resources;
      node = dict?.['/Parent'];
    }
    return undefined;
  }

  /** Form XObjects drawn through these resources, each with its own resources, recursively. */
  private formsOf(resources: Dict, seen: Set<string>): void {
    for (const ref of Object.values(this.dict(resources['/XObject']) ?? {})) {
      if (!isRef(ref) || seen.has(ref)) continue;
      seen.add(ref);
      const form = this.dict(ref);
      if (form?.['/Subtype'] !== '/Form') continue;
      const own = this.dict(form['/Resources']);
      if (!own) continue;
      this.addJob([ref], own);
      this.formsOf(own, seen);
    }
  }

  private addJob(streams: string[], resources: Dict, page?: string): void {
    const names = (dict: unknown, hidden: (v: unknown) => boolean) =>
      new Set(Object.entries(this.dict(dict) ?? {}).flatMap(([name, v]) => (hidden(v) ? [name.slice(1)] : [])));
    const hidden: HiddenNames = {
      properties: names(resources['/Properties'], (v) => this.isHiddenOc(v)),
      xobjects: names(resources['/XObject'], (v) => this.isHiddenOc(this.dict(v)?.['/OC'])),
    };
    if (streams.length > 0 && (hidden.properties.size > 0 || hidden.xobjects.size > 0)) this.jobs.push({ page, streams, hidden, resources });
  }

  /** An optional content group that is off, or a membership dictionary that its groups make hidden. */
  private isHiddenOc(ref: unknown, depth = 0): boolean {
    if (isRef(ref) && this.hiddenLayers.has(ref)) return true;
    const oc = this.dict(ref);
    if (!oc || oc['/Type'] !== '/OCMD' || depth > 8) return false;
    const visible = (g: unknown) => !this.isHiddenOc(g, depth + 1);
    const expression = this.array(oc['/VE']);
    if (expression) return !this.evaluate(expression, visible, depth);
    const groups = this.array(oc['/OCGs']) ?? (oc['/OCGs'] === undefined ? [] : [oc['/OCGs']]);
    const shown = groups.map(visible);
    switch (oc['/P']) {
      case '/AllOn':
        return !shown.every(Boolean);
      case '/AnyOff':
        return !shown.some((s) => !s);
      case '/AllOff':
        return !shown.every((s) => !s);
      default:
        return groups.length > 0 && !shown.some(Boolean);
    }
  }

  private evaluate(expression: unknown[], visible: (g: unknown) => boolean, depth: number): boolean {
    const [op, ...args] = expression;
    const value = (a: unknown) => (this.array(a) ? this.evaluate(this.array(a)!, visible, depth + 1) : visible(a));
    if (op === '/Not') return !value(args[0]);
    if (op === '/And') return args.every(value);
    if (op === '/Or') return args.some(value);
    return true;
  }

  /**
   * After the content jobs: their resources lose the hidden entries, and each hidden layer nothing
   * names any more leaves the document's list of layers. A layer something still names (an
   * annotation's appearance, say) stays, off, so what it holds stays hidden.
   */
  finish(): void {
    if (this.hiddenLayers.size === 0 || !this.chosen.layers) return;
    // Resources shared by several streams keep a name any of them still uses.
    const used = new Map<Dict, Set<string>>();
    for (const job of this.jobs) for (const name of job.left ?? []) used.set(job.resources, (used.get(job.resources) ?? new Set()).add(name));
    for (const job of this.jobs) {
      for (const [key, names] of [
        ['/Properties', job.hidden.properties],
        ['/XObject', job.hidden.xobjects],
      ] as const) {
        const dict = this.dict(job.resources[key]);
        for (const name of names) if (dict && !used.get(job.resources)?.has(name)) delete dict[`/${name}`];
      }
    }
    const properties = this.dict(this.catalog['/OCProperties'])!;
    const named = this.reachable(properties);
    const gone = new Set([...this.hiddenLayers].filter((ocg) => !named.has(ocg)));
    this.removed.layers += gone.size;
    const strip = (v: unknown): unknown => (Array.isArray(v) ? v.filter((x) => !gone.has(x as string)).map(strip) : v);
    const stripArrays = (config: Dict | undefined) => {
      if (!config) return;
      for (const key of ['/ON', '/OFF', '/Locked', '/Order', '/RBGroups']) {
        const arr = this.array(config[key]);
        if (arr) config[key] = strip(arr);
      }
      for (const usage of this.array(config['/AS']) ?? []) {
        const dict = this.dict(usage);
        if (dict && this.array(dict['/OCGs'])) dict['/OCGs'] = strip(this.array(dict['/OCGs']));
      }
    };
    const layers = strip(this.array(properties['/OCGs']) ?? []) as unknown[];
    // With no layer left, the document has no optional content at all.
    if (layers.length === 0) {
      delete this.catalog['/OCProperties'];
      return;
    }
    properties['/OCGs'] = layers;
    stripArrays(this.dict(properties['/D']));
    for (const config of this.array(properties['/Configs']) ?? []) stripArrays(this.dict(config));
  }

  /**
   * The objects the document still reaches from its trailer, not counting the way through its list
   * of layers (an OCMD still used reaches its groups). Objects nothing reaches are left out on writing.
   */
  private reachable(properties: Dict): Set<string> {
    const reached = new Set<string>();
    const queue: unknown[] = [this.trailer];
    while (queue.length > 0) {
      let value = queue.pop();
      if (value === this.catalog) value = { ...this.catalog, '/OCProperties': null };
      if (value === properties) continue;
      for (const m of JSON.stringify(value).matchAll(/"(\d+ \d+ R)"/g)) {
        if (reached.has(m[1])) continue;
        reached.add(m[1]);
        const entry = this.objects[`obj:${m[1]}`];
        if (entry) queue.push(entry.value ?? entry.stream?.dict);
      }
    }
    return reached;
  }

  /** The objects that changed, as `--update-from-json` takes them (a stream's data is kept unless given). */
  updates(): QpdfObjects {
    const changed: QpdfObjects = {};
    for (const [key, entry] of Object.entries(this.objects)) {
      if (JSON.stringify(entry) === this.before.get(key)) continue;
      changed[key] = entry.stream ? { stream: { dict: entry.stream.dict, ...(entry.stream.data ? { data: entry.stream.data } : {}) } } : entry;
    }
    return changed;
  }

  /**
   * A content job's outcome: the names its stream still uses (their resources stay), and, when the
   * edit took something out, its new data in the stream named first, a page's other streams leaving its /Contents.
   */
  setContent(job: ContentJob, edited: { data: Buffer; removed: number }, dict: Dict): void {
    const text = edited.data.toString('latin1');
    const names = [...job.hidden.properties, ...job.hidden.xobjects];
    job.left = new Set(names.filter((name) => new RegExp(`/${name.replace(/[^\w]/g, '\\$&')}(?![^\\s/\\[\\]()<>{}%])`).test(text)));
    if (edited.removed === 0) return;
    const [first] = job.streams;
    this.objects[`obj:${first}`] = { stream: { dict, data: edited.data.toString('base64') } };
    if (job.page && job.streams.length > 1) this.dict(job.page)!['/Contents'] = first;
  }
}
