import { describe, expect, it } from 'vitest';
import { ENGINES, TOOLS, type EngineName } from '#shared/tools';
import { availableTools } from '../../worker/src/engines/capabilities';

const engines = (missing: EngineName[] = []) =>
  Object.fromEntries(ENGINES.map((e) => [e, !missing.includes(e)])) as Record<EngineName, boolean>;

describe('availableTools', () => {
  it('offers every built tool, and no other, when every engine is present', () => {
    expect(availableTools(engines()).sort()).toEqual(
      TOOLS.filter((t) => t.built)
        .map((t) => t.id)
        .sort(),
    );
    expect(availableTools(engines())).not.toContain('sign-pdf');
  });

  it('switches off the tools that need a missing engine, and only those', () => {
    const withoutGs = availableTools(engines(['gs']));
    expect(withoutGs).not.toContain('compress-pdf');
    expect(withoutGs).toEqual(expect.arrayContaining(['merge-pdf', 'split-pdf']));
    expect(availableTools(engines(['qpdf'])).filter((id) => ['merge-pdf', 'split-pdf', 'compress-pdf'].includes(id))).toEqual([]);
    expect(availableTools(engines(['soffice', 'chromium', 'ebook-convert']))).toEqual(
      expect.arrayContaining(['compress-pdf', 'merge-pdf', 'split-pdf']),
    );
  });
});
