import { z } from 'zod';
import { TRANSLATE_LANGUAGES } from '../ai/api';
import { defineTool } from './define';

/**
 * The AI assistant's Translate: a whole PDF in a chosen language, its layout kept as far as text
 * blocks allow (each block's text removed and the translation set in its box, shrunk to fit), plus
 * a two-language version with the pages interleaved. Written by the AI provider (generative mode).
 * An assistant tool (ASSISTANT_TOOLS): run from the AI chat page through `dhjai/translate`, with no
 * tool page of its own; its category only says what it takes (a PDF).
 */
export default defineTool({
  id: 'translate-pdf',
  category: 'convertFrom',
  accepts: ['pdf'],
  minFiles: 1,
  maxFiles: 1,
  options: z.object({
    /** BCP 47 code of the target language. */
    language: z.enum(TRANSLATE_LANGUAGES),
  }),
  engines: ['qpdf'],
  output: 'pdfs',
  zipSuffix: 'translated',
  built: true,
  // Every page's text goes to the AI provider and is drawn again.
  maxPages: 500,
  generative: true,
  // A model translates a page of text in seconds to tens of seconds: a long document takes a while.
  timeoutSeconds: 1800,
  stallSeconds: 300,
});
