import { getTool } from '#shared/tools';
import { describeToolConformance } from './tool-suite';

// The conversions from PDF: the other tools run in tools.test.ts, beside these.
describeToolConformance((c) => getTool(c.tool)!.category === 'convertFrom');
