import type { OcrEngineKind } from '#shared/env';
import { AppError } from '#shared/errors';
import type { OcrLanguage } from '#shared/tools/pdf-ocr';
import { probeEngine } from '../engines/capabilities';
import type { EngineStart, OcrEngine } from './ocr-engine';

/** Starts an engine of `kind`; each loads only when asked for (tesseract.js is a large module). */
export async function startOcrEngine(kind: OcrEngineKind, languages: readonly OcrLanguage[], opts: EngineStart): Promise<OcrEngine> {
  if (opts.signal.aborted) throw new AppError('TASK_FAILED', 'OCR not started: aborted');
  if (kind === 'native') return (await import('./tesseract-native')).NativeOcrEngine.start(languages, opts);
  return (await import('./tesseract-wasm')).WasmOcrEngine.start(languages, opts);
}

let tesseractInstalled: Promise<boolean> | undefined;

/**
 * The engine a task's settings name. A worker sends the one its boot probe chose; what runs
 * processors without a worker (tests, the bench) probes once here, the same way.
 */
export async function ocrEngineKind(setting: OcrEngineKind | undefined): Promise<OcrEngineKind> {
  if (setting) return setting;
  tesseractInstalled ??= probeEngine('tesseract');
  return (await tesseractInstalled) ? 'native' : 'wasm';
}
