import { expect, it } from 'vitest';
import { TOOLS } from '#shared/tools';
import { CASE_FILES, CONFORMANCE, describeToolConformance, shardOf } from './tool-suite';

// The AI assistant's tools (ASSISTANT_TOOLS, not in TOOLS) need a model: tests/integration/ai-translate.test.ts runs translate-pdf on the stand-in.
it('has conformance cases for every built tool, each in the file named after it', () => {
  for (const [file, conformance] of Object.entries(CASE_FILES)) expect(file).toBe(`./tools/${conformance.tool}.ts`);
  expect(CONFORMANCE.map((c) => c.tool).sort()).toEqual(
    TOOLS.filter((t) => t.built)
      .map((t) => t.id)
      .sort(),
  );
});

// The other shards run in tools-<n>.test.ts, beside this one.
describeToolConformance(shardOf(0));
