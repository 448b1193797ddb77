import { describeToolConformance, shardOf } from './tool-suite';

// One of the SHARDS files of tool cases (tools.test.ts holds the first).
describeToolConformance(shardOf(3));
