import type { QpdfObjects } from '../engines/qpdf';
import type { Matcher } from './matcher';

type Dict = Record<string, unknown>;

const isAnnotation = (d: Dict) => typeof d['/Subtype'] === 'string' && Array.isArray(d['/Rect']);

/** A form field (terminal or not): it has a name, a type or a value. */
const isField = (d: Dict) => d['/FT'] !== undefined || (d['/T'] !== undefined && (d['/Kids'] !== undefined || d['/V'] !== undefined));

/** A qpdf JSON v2 string ("u:text" or "b:hex") as text; undefined for anything else (names, numbers, references). */
function readString(v: unknown): string | undefined {
  if (typeof v !== 'string') return undefined;
  if (v.startsWith('u:')) return v.slice(2);
  if (!v.startsWith('b:')) return undefined;
  const bytes = Buffer.from(v.slice(2), 'hex');
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return bytes.subarray(2).swap16().toString('utf16le');
  return bytes.toString('latin1');
}

/**
 * Cleans what PDFium's page redaction leaves outside the pages' content: every string of every
 * object (bookmark titles, the Info dictionary, field values, link addresses, structure tree
 * alternates…) loses the phrases, and an annotation or form field that carried one (a note, a
 * link, a filled field) is removed whole — from its page, the form and its parent field, its
 * popup and widgets with it — since its appearance may show the phrase too. Objects are edited in
 * place; `updates()` gives those that changed.
 */
export class ObjectCleaner {
  /** Objects that carried a phrase: annotations removed, other objects cleaned. */
  cleaned = 0;
  private readonly before = new Map<string, string>();

  constructor(
    private readonly objects: QpdfObjects,
    private readonly pages: readonly string[],
    private readonly matcher: Matcher,
  ) {
    for (const [key, entry] of Object.entries(objects)) this.before.set(key, JSON.stringify(entry));
  }

  clean(): void {
    const removed = new Set<string>();
    for (const [key, entry] of Object.entries(this.objects)) {
      const root = entry.value ?? entry.stream?.dict;
      if (!this.scrub(root)) continue;
      this.cleaned += 1;
      if (typeof root !== 'object' || root === null || Array.isArray(root)) continue;
      const d = root as Dict;
      // An annotation or a form field that carried a phrase goes whole: its appearance may show the phrase too.
      if (isAnnotation(d) || isField(d)) removed.add(key.replace(/^obj:/, ''));
    }
    if (removed.size === 0) return;
    this.withDescendants(removed);
    // Every list that names a removed annotation or field lets it go: pages' annotations, the form's fields, a field's kids.
    const lists = ['/Annots', '/Fields', '/Kids'];
    for (const [key, entry] of Object.entries(this.objects)) {
      const d = entry.value;
      if (typeof d !== 'object' || d === null || Array.isArray(d)) continue;
      for (const name of lists) this.dropFrom(d as Dict, name, removed);
      const form = (d as Dict)['/AcroForm'];
      if (typeof form === 'object' && form !== null) this.dropFrom(form as Dict, '/Fields', removed);
    }
  }

  /** A field's kids (its widgets) and an annotation's popup go with it. */
  private withDescendants(removed: Set<string>): void {
    let grew = true;
    while (grew) {
      grew = false;
      for (const [key, entry] of Object.entries(this.objects)) {
        const ref = key.replace(/^obj:/, '');
        const d = entry.value as Dict | undefined;
        if (removed.has(ref) || typeof d !== 'object' || d === null) continue;
        if (removed.has(String(d['/Parent'])) && (d['/Subtype'] === '/Popup' || d['/Subtype'] === '/Widget' || isField(d))) {
          removed.add(ref);
          grew = true;
        }
      }
    }
  }

  private dropFrom(d: Dict, name: string, removed: Set<string>): void {
    const list = this.resolve(d[name]);
    if (!Array.isArray(list)) return;
    const kept = list.filter((a) => !removed.has(String(a)));
    if (kept.length === list.length) return;
    if (typeof d[name] === 'string') this.objects[`obj:${d[name]}`] = { value: kept };
    else d[name] = kept;
  }

  /** The objects that changed, as `--update-from-json` takes them (a stream's data is kept). */
  updates(): QpdfObjects {
    const changed: QpdfObjects = {};
    for (const [key, entry] of Object.entries(this.objects)) {
      if (JSON.stringify(entry) === this.before.get(key)) continue;
      changed[key] = entry.stream ? { stream: { dict: entry.stream.dict } } : entry;
    }
    return changed;
  }

  private resolve(v: unknown): unknown {
    return typeof v === 'string' && / \d+ R$/.test(v) ? this.objects[`obj:${v}`]?.value : v;
  }

  /** Takes the phrases out of every string inside `v`; true when any held one. */
  private scrub(v: unknown): boolean {
    if (typeof v !== 'object' || v === null) return false;
    let changed = false;
    const entries: Array<[string | number, unknown]> = Array.isArray(v) ? v.map((x, i) => [i, x]) : Object.entries(v);
    for (const [k, x] of entries) {
      const text = readString(x);
      if (text !== undefined) {
        const clean = this.matcher.scrub(text);
        if (clean === undefined) continue;
        (v as Record<string | number, unknown>)[k] = `u:${clean}`;
        changed = true;
      } else if (this.scrub(x)) {
        changed = true;
      }
    }
    return changed;
  }
}
