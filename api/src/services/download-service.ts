import { AppError } from '#shared/errors';
import type { Deps } from '#shared/server/deps';
import { ASSISTANT_TOOLS, getTool, outputsImages } from '#shared/tools';
import { stripInvisibleCharacters } from '#shared/validation';
import type { Requester } from '../middleware/requester';
import { vipInfoFor } from './billing/entitlement-service';

/**
 * DOWNLOAD_POLICY (applied to an output's page thumbnails too: they show its content): `open` lets anyone who owns the file download it; `login` needs a signed-in user;
 * `pro` (the default when billing is configured) also needs a Pro plan (trialing counts); the AI plan
 * covers what the AI assistant's own tools wrote (`tools`: the tools of the outputs asked for).
 */
export async function assertMayDownload(deps: Deps, who: Requester, tools: readonly string[]): Promise<void> {
  const policy = deps.env.DOWNLOAD_POLICY;
  if (policy === 'open') return;
  if (!who.userId) throw new AppError('NOT_SIGNED_IN', 'download needs a session');
  if (policy === 'login') return;
  const vip = await vipInfoFor(deps, who.userId);
  if (vip.isVip || (vip.isAiTimeVip && tools.length > 0 && tools.every(isAssistantTool))) return;
  // A signed-in user without the plan gets PRO_REQUIRED: the page answers it with the payment popup.
  throw new AppError('PRO_REQUIRED', 'download needs Pro');
}

const isAssistantTool = (tool: string) => ASSISTANT_TOOLS.some((t) => t.id === tool);

/** The tool whose task wrote an output file (none for an upload). */
export async function toolsOfOutput(deps: Deps, file: { taskId: string | null }): Promise<string[]> {
  if (!file.taskId) return [];
  const task = await deps.db.task.findUnique({ where: { id: file.taskId }, select: { tool: true } });
  return task ? [task.tool] : [];
}

/**
 * `Content-Disposition` with an ASCII fallback and the UTF-8 name (RFC 6266). Control and
 * bidirectional characters go: an output's name comes from its input's or from a converted document.
 */
export function attachmentHeader(raw: string): string {
  const name = downloadName(raw);
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** The part of a task's name its outputs are named after: "report" for "report.pdf", the last part of a web page's address. */
function stemOf(name: string): string {
  const last = name.split(/[\\/?#]/).filter(Boolean).pop() ?? '';
  return last.replace(/\.[^.]*$/, '') || 'document';
}

/**
 * A zip's name, from the file its outputs came from: one file's several results say what they are
 * ("report-pages.zip", "report-images.zip"); the results of several files name the first and count
 * the others ("report-and-2-more.zip").
 */
export function zipName(tasks: ReadonlyArray<{ name: string; tool: string; inputTokens: readonly string[] }>): string {
  const [first] = tasks;
  const stem = stemOf(first.name);
  const files = tasks.length > 1 ? tasks.length : first.inputTokens.length;
  if (files > 1) return `${stem}-and-${files - 1}-more.zip`;
  const tool = getTool(first.tool);
  return `${stem}-${tool?.zipSuffix ?? (tool && outputsImages(tool.output) ? 'images' : 'pages')}.zip`;
}

/** The name a download is saved under: no control or bidirectional characters, never empty. */
export const downloadName = (name: string) => stripInvisibleCharacters(name).trim() || 'download';

const CONTENT_TYPES: Record<string, string> = {
  pdf: 'application/pdf',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  bmp: 'image/bmp',
  gif: 'image/gif',
  tif: 'image/tiff',
  tiff: 'image/tiff',
  webp: 'image/webp',
  txt: 'text/plain; charset=utf-8',
  json: 'application/json',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  zip: 'application/zip',
};

/** The Content-Type of a stored file, from its kind (inputs) or its extension (outputs). */
export function contentTypeOf(kind: string, name: string): string {
  const ext = name.toLowerCase().split('.').pop() ?? '';
  return CONTENT_TYPES[kind] ?? CONTENT_TYPES[ext] ?? 'application/octet-stream';
}
