import { AI_FREE_LIMITS, AI_UNLIMITED_LIMITS, aiLimitsOn, baseAiLimits } from '../ai/api';
import type { DownloadPolicy } from '../env';
import type { TOperationType } from '../editor/operations';
import { PRO_OPERATIONS } from './pro-features';

/**
 * What each plan gets on this server, read off the rules the server applies when billing is on —
 * who may download (DOWNLOAD_POLICY), the Free daily tasks (FREE_DAILY_TASKS, never Pro), the
 * editor operations only Pro may use (PRO_OPERATIONS), the AI limits (AI_FREE_LIMITS against
 * AI_UNLIMITED_LIMITS, both within AI_MAX_PAGES) and whether a model writes answers — so the pricing page never sells as Pro
 * what Free already has, nor an AI feature this server cannot run. The upload size, OCR and every
 * compression level are the same for everyone, so they are Free's lines only.
 */
export interface PlanRuleSettings {
  downloadPolicy: DownloadPolicy;
  freeDailyTasks: number;
  maxUploadMb: number;
  /** AI_MAX_PAGES: the pages an AI document may have, whatever the plan. */
  aiMaxPages: number;
  /** An AI provider is configured: translate, explain and general chat work. */
  generativeAi: boolean;
}

/** One line of a plan's column: a copy key under `pricing.lines` and the numbers it states. */
export interface PlanLine {
  key: PlanLineKey;
  values?: Record<string, number>;
}

export type PlanLineKey =
  | 'everyTool'
  | 'fileSize'
  | 'downloadOpen'
  | 'downloadLogin'
  | 'freeDailyTasks'
  | 'aiFree'
  | 'downloadPro'
  | 'unlimitedTasks'
  | `proOperation.${TOperationType}`
  | 'aiIncluded'
  | 'aiUnlimited'
  | 'aiSize'
  | 'aiGenerative'
  | 'aiImages'
  | 'aiQuotes'
  | 'noDailyLimit'
  | 'aiNoLimits';

export interface PlanColumns {
  free: PlanLine[];
  pro: PlanLine[];
  ai: PlanLine[];
}

const gb = (mb: number) => Math.round((mb / 1024) * 10) / 10;

/** Free's download line: none under `pro`, where downloading is what Pro sells. */
const downloadLine = (policy: DownloadPolicy): PlanLine[] =>
  policy === 'open' ? [{ key: 'downloadOpen' }] : policy === 'login' ? [{ key: 'downloadLogin' }] : [];

/** What the AI assistant does here: written answers with a model, quoted passages without one. */
const aiModeLines = (generativeAi: boolean): PlanLine[] => (generativeAi ? [{ key: 'aiGenerative' }, { key: 'aiImages' }] : [{ key: 'aiQuotes' }]);

/** The three columns of a server that sells plans (billing on). */
export function planColumns(settings: PlanRuleSettings): PlanColumns {
  const { downloadPolicy, freeDailyTasks, maxUploadMb, aiMaxPages, generativeAi } = settings;
  const freeAi = { files: AI_FREE_LIMITS.files ?? 0, questions: AI_FREE_LIMITS.questionsPerDay ?? 0, pages: aiLimitsOn(AI_FREE_LIMITS, aiMaxPages).maxPages, mb: AI_FREE_LIMITS.maxMb };
  const unlimitedAi = { gb: gb(AI_UNLIMITED_LIMITS.maxMb), pages: aiLimitsOn(AI_UNLIMITED_LIMITS, aiMaxPages).maxPages };
  const free: PlanLine[] = [
    { key: 'everyTool' },
    { key: 'fileSize', values: { mb: maxUploadMb } },
    ...downloadLine(downloadPolicy),
    { key: 'freeDailyTasks', values: { count: freeDailyTasks } },
    { key: 'aiFree', values: freeAi },
  ];
  const pro: PlanLine[] = [
    ...(downloadPolicy === 'pro' ? [{ key: 'downloadPro' as const }] : []),
    { key: 'unlimitedTasks' },
    ...[...PRO_OPERATIONS].map((op) => ({ key: `proOperation.${op}` as const })),
    { key: 'aiIncluded', values: { gb: unlimitedAi.gb } },
  ];
  const ai: PlanLine[] = [
    { key: 'aiUnlimited' },
    { key: 'aiSize', values: unlimitedAi },
    ...aiModeLines(generativeAi),
  ];
  return { free, pro, ai };
}

/**
 * What everyone gets on a server that sells nothing (billing off): no daily count and no AI limits
 * (nobody could buy their way past one) but the size and pages of a document, downloads as
 * DOWNLOAD_POLICY says.
 */
export function freeServerLines(settings: Omit<PlanRuleSettings, 'freeDailyTasks'>): PlanLine[] {
  const { downloadPolicy, maxUploadMb, aiMaxPages, generativeAi } = settings;
  const ai = baseAiLimits(false, maxUploadMb, aiMaxPages);
  return [
    { key: 'everyTool' },
    { key: 'fileSize', values: { mb: maxUploadMb } },
    ...downloadLine(downloadPolicy),
    { key: 'noDailyLimit' },
    { key: 'aiNoLimits', values: { mb: ai.maxMb, pages: ai.maxPages } },
    ...aiModeLines(generativeAi),
  ];
}
