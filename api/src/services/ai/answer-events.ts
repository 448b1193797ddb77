import type { AiCitation, AnswerSource, AskEvent } from '#shared/ai/api';

/** What an answer streams before it is stored: its text in pieces, then its citations. */
export type AnswerEvent = Extract<AskEvent, { type: 'delta' | 'citations' }>;

/** A finished answer, as it is stored and returned whole (Accept: application/json). */
export interface AnswerOutcome {
  text: string;
  citations: AiCitation[];
  source: AnswerSource;
  found: boolean;
}
