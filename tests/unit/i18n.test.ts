import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ERRORS } from '#shared/errors';
import { LANGS, RESOURCES } from '#shared/i18n';
import { TOOL_CATEGORIES, TOOLS } from '#shared/tools';

const root = path.resolve(import.meta.dirname, '../..');
const localeDir = (lang: string) => path.join(root, 'shared/src/i18n', lang);

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

/** Every leaf of a locale tree as "a.b.0.c" → value. */
function leaves(value: Json, prefix = ''): Map<string, Json> {
  const out = new Map<string, Json>();
  if (value !== null && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      for (const [k, v] of leaves(child, prefix ? `${prefix}.${key}` : key)) out.set(k, v);
    }
  } else {
    out.set(prefix, value);
  }
  return out;
}

/** The locale files of a language as they are on disk (its pages/ folder included), each under its file name. */
function readLocale(lang: string): Record<string, Json> {
  const files = fs.readdirSync(localeDir(lang), { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.json'));
  return Object.fromEntries(files.map((f) => [path.basename(f, '.json'), JSON.parse(fs.readFileSync(path.join(localeDir(lang), f), 'utf8'))]));
}

const en = readLocale('en');
const fr = readLocale('fr');
const enLeaves = leaves(en);
const frLeaves = leaves(fr);
const placeholders = (s: Json) => [...String(s).matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

/** Keys written twice in one object of a JSON text: JSON.parse keeps the last silently. */
function repeatedKeys(text: string): string[] {
  const repeated: string[] = [];
  const objects: Set<string>[] = [];
  // Strings (keys and values), braces and brackets, in order; a key is a string followed by a colon.
  for (const m of text.matchAll(/"((?:[^"\\]|\\.)*)"(\s*:)?|[{}[\]]/g)) {
    if (m[0] === '{') objects.push(new Set());
    else if (m[0] === '}') objects.pop();
    else if (m[2]) {
      const keys = objects[objects.length - 1];
      if (keys?.has(m[1]!)) repeated.push(m[1]!);
      keys?.add(m[1]!);
    }
  }
  return repeated;
}

describe('locale files', () => {
  it('write no key twice in one object (the last would win unseen)', () => {
    for (const lang of LANGS) {
      const files = fs.readdirSync(localeDir(lang), { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.json'));
      for (const f of files) expect(repeatedKeys(fs.readFileSync(path.join(localeDir(lang), f), 'utf8')), `${lang}/${f}`).toEqual([]);
    }
    expect(repeatedKeys('{"a": {"b": 1, "c": "x"}, "d": [{"b": 2}], "a": 3}')).toEqual(['a']);
  });

  it('have the same files in en and fr', () => {
    expect(Object.keys(fr).sort()).toEqual(Object.keys(en).sort());
  });

  it('hold exactly the same keys in en and fr, deeply', () => {
    expect([...frLeaves.keys()].sort()).toEqual([...enLeaves.keys()].sort());
  });

  it('have no empty strings and only strings as leaves', () => {
    for (const [lang, tree] of [['en', enLeaves], ['fr', frLeaves]] as const) {
      for (const [key, value] of tree) {
        expect(typeof value, `${lang}:${key}`).toBe('string');
        expect(String(value).trim(), `${lang}:${key}`).not.toBe('');
      }
    }
  });

  it('use the same interpolation placeholders in both languages', () => {
    for (const [key, value] of enLeaves) expect(placeholders(frLeaves.get(key) ?? ''), key).toEqual(placeholders(value));
  });

  it('are all bundled by shared/src/i18n', () => {
    for (const lang of LANGS) expect(JSON.parse(JSON.stringify(RESOURCES[lang]))).toEqual(readLocale(lang));
  });
});

describe('copy coverage', () => {
  it('names every category', () => {
    for (const category of TOOL_CATEGORIES) expect(enLeaves.has(`categories.${category}`), category).toBe(true);
  });

  it('gives every tool its page copy', () => {
    for (const tool of TOOLS) {
      for (const field of ['name', 'description', 'title', 'subtitle', 'metaTitle', 'metaDescription']) {
        expect(enLeaves.has(`tools.${tool.id}.${field}`), `${tool.id}.${field}`).toBe(true);
      }
    }
  });

  it('gives every built tool an action, three steps and four to six questions', () => {
    for (const tool of TOOLS.filter((t) => t.built)) {
      const { action } = (en.tools as Record<string, { action?: string }>)[tool.id];
      const guide = (en.toolGuides as Record<string, { steps?: unknown[]; faq?: unknown[] }>)[tool.id];
      expect(action, tool.id).toBeTruthy();
      expect(guide.steps, tool.id).toHaveLength(3);
      expect(guide.faq?.length ?? 0, tool.id).toBeGreaterThanOrEqual(4);
      expect(guide.faq?.length ?? 0, tool.id).toBeLessThanOrEqual(6);
    }
  });

  it('translates every error code, in English with the catalogue message', () => {
    for (const code of Object.keys(ERRORS) as Array<keyof typeof ERRORS>) {
      expect(enLeaves.get(`errors.${code}`), code).toBe(ERRORS[code].message);
      expect(frLeaves.has(`errors.${code}`), code).toBe(true);
    }
  });

  it("carries the spec's leave-page warning and the already-optimal notice", () => {
    expect(enLeaves.get('leave.title')).toBe('Are you sure you want to leave the page?');
    expect(enLeaves.get('leave.message')).toBe('Changes you made may not be saved.');
    expect(frLeaves.get('leave.title')).toBe('Voulez-vous vraiment quitter la page ?');
    expect(frLeaves.get('leave.message')).toBe('Les modifications que vous avez apportées ne seront peut-être pas enregistrées.');
    expect(enLeaves.has('notices.ALREADY_OPTIMAL')).toBe(true);
  });

  it('has every key the web app spells out', () => {
    const sources: string[] = [];
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory() && !entry.name.startsWith('+')) walk(full);
        else if (/\.tsx?$/.test(entry.name)) sources.push(fs.readFileSync(full, 'utf8'));
      }
    };
    walk(path.join(root, 'web/app'));
    const namespaces = Object.keys(en).join('|');
    const literal = new RegExp(`['"]((?:${namespaces})\\.[A-Za-z0-9_.-]+)['"]`, 'g');
    const used = new Set(sources.flatMap((src) => [...src.matchAll(literal)].map((m) => m[1])));
    expect(used.size).toBeGreaterThan(20);
    // A plural key ("pages_one", "pages_other") is spelt without its suffix in the code.
    const objectKeys = new Set(
      [...enLeaves.keys()].flatMap((k) => k.replace(/_(zero|one|two|few|many|other)$/, '').split('.').map((_, i, parts) => parts.slice(0, i + 1).join('.'))),
    );
    for (const key of used) expect(objectKeys.has(key), key).toBe(true);
  });
});
