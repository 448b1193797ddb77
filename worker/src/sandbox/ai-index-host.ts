import { runHost } from './host-runtime';
import { READ_DOCUMENT } from './protocol';
import { readDocument } from '../ai/read-document';

// The entry of an indexing host (see host-pool.ts): AI documents are read here, under the host's
// time and memory limits, never on the loop that renews the worker's job locks. No warm engines.
runHost({ [READ_DOCUMENT]: readDocument }, async () => undefined);
