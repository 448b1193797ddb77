import { describe, expect, it } from 'vitest';
import { freeServerLines, planColumns, type PlanRuleSettings } from '#shared/billing/plan-rules';
import { RESOURCES } from '#shared/i18n';

const settings: PlanRuleSettings = { downloadPolicy: 'pro', freeDailyTasks: 5, maxUploadMb: 100, aiMaxPages: 2000, generativeAi: false };
const keys = (lines: Array<{ key: string }>) => lines.map((l) => l.key);

describe('plan columns derived from the rules', () => {
  it('never lists in Pro or the AI plan a line Free has', () => {
    for (const downloadPolicy of ['open', 'login', 'pro'] as const) {
      for (const generativeAi of [false, true]) {
        const { free, pro, ai } = planColumns({ ...settings, downloadPolicy, generativeAi });
        for (const key of keys(free)) {
          expect(keys(pro)).not.toContain(key);
          expect(keys(ai)).not.toContain(key);
        }
      }
    }
  });

  it('sells downloads only when the policy asks for Pro; Free says what it asks otherwise', () => {
    expect(keys(planColumns(settings).pro)).toContain('downloadPro');
    expect(keys(planColumns(settings).free)).not.toContain('downloadPro');
    expect(keys(planColumns({ ...settings, downloadPolicy: 'login' }).free)).toContain('downloadLogin');
    expect(keys(planColumns({ ...settings, downloadPolicy: 'login' }).pro)).not.toContain('downloadPro');
    expect(keys(planColumns({ ...settings, downloadPolicy: 'open' }).free)).toContain('downloadOpen');
  });

  it('offers translate and explain only with a provider', () => {
    expect(keys(planColumns(settings).ai)).toEqual(['aiUnlimited', 'aiSize', 'aiQuotes']);
    expect(keys(planColumns({ ...settings, generativeAi: true }).ai)).toEqual(['aiUnlimited', 'aiSize', 'aiGenerative', 'aiImages']);
  });

  it("states the server's AI pages per document on every plan, billing off too", () => {
    const line = (lines: Array<{ key: string; values?: Record<string, number> }>, key: string) => lines.find((l) => l.key === key)?.values;
    expect(line(planColumns(settings).free, 'aiFree')?.pages).toBe(100);
    expect(line(planColumns({ ...settings, aiMaxPages: 40 }).free, 'aiFree')?.pages).toBe(40);
    expect(line(planColumns(settings).ai, 'aiSize')).toEqual({ gb: 1, pages: 2000 });
    expect(line(freeServerLines(settings), 'aiNoLimits')).toEqual({ mb: 100, pages: 2000 });
  });

  it('has copy for every line in both languages', () => {
    const all = [...Object.values(planColumns(settings)), ...Object.values(planColumns({ ...settings, downloadPolicy: 'open', generativeAi: true })), freeServerLines({ ...settings, downloadPolicy: 'login' })].flat();
    for (const lang of ['en', 'fr'] as const) {
      const lines = (RESOURCES[lang] as unknown as { pricing: { lines: Record<string, unknown> } }).pricing.lines;
      for (const { key } of all) {
        const [head, tail] = key.split('.');
        const value = tail ? (lines[head] as Record<string, string>)[tail] : (lines[key] ?? lines[`${key}_other`]);
        expect(value, `${lang} pricing.lines.${key}`).toBeTypeOf('string');
      }
    }
  });
});
