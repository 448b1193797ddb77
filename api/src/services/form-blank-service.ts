import fs from 'node:fs/promises';
import path from 'node:path';
import { AppError } from '#shared/errors';
import { FORM_BLANKS, type FormId } from '#shared/forms';
import type { Deps } from '#shared/server/deps';
import { randomId } from '#shared/server/ids';
import { projectPath } from '#shared/server/project-paths';
import type { Requester } from '../middleware/requester';
import { storeUpload } from './file-service';

/** Where the web app ships the blank forms (the Docker image copies the whole tree, web/public with it). */
const BLANKS_DIR = projectPath('web/public/forms');

/**
 * Makes a shipped blank form the requester's own upload, as if they had uploaded it to the editor:
 * the same checks, owner and retention. Only the declared blanks, named by form id, never a path.
 */
export async function openFormBlank(deps: Deps, who: Requester, form: FormId) {
  const file = FORM_BLANKS[form];
  if (!file) throw new AppError('NOT_FOUND', `no blank for form ${form}`);
  await fs.mkdir(deps.env.tmpDir, { recursive: true });
  const tmpPath = path.join(deps.env.tmpDir, `form-${randomId(16)}`);
  await fs.copyFile(path.join(BLANKS_DIR, file), tmpPath);
  return storeUpload(deps, who, { tmpPath, originalName: file }, 'edit-pdf');
}
