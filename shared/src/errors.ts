/**
 * The closed set of error codes. Each has an HTTP status, an envelope `code` (the spec's numeric
 * codes where it names one) and a user-safe message from the spec's catalogue. The message key
 * (`errors.<CODE>` in the locale files) gives the translated copy in the browser.
 */
export const ERRORS = {
  ILLEGAL_INPUT: { status: 400, code: 400, message: 'Illegal input' },
  NOT_SIGNED_IN: { status: 401, code: 401, message: 'Please log in to continue' },
  FORBIDDEN: { status: 403, code: 403, message: 'You are not allowed to do this' },
  NOT_FOUND: { status: 404, code: 404, message: 'This page could not be found' },
  FILE_TOO_LARGE: { status: 413, code: 413, message: 'Your File is Too Large' },
  UNSUPPORTED_TYPE: { status: 415, code: 415, message: 'The file type is not supported' },
  SINGLE_FILE_ONLY: { status: 400, code: 400, message: 'Only supports uploading a single file' },
  TOO_MANY_FILES: { status: 400, code: 400, message: 'Your file number too much' },
  TOO_FEW_FILES: { status: 400, code: 400, message: 'Please add at least two PDF files to merge' },
  UPLOAD_FAILED: { status: 400, code: 400, message: 'File upload failed' },
  FILE_EXPIRED: { status: 410, code: 404, message: 'This file has expired and was deleted. Please upload it again.' },
  FILE_NOT_FOUND: { status: 404, code: 404, message: 'File not found or expired' },
  TASK_NOT_FOUND: { status: 404, code: 404, message: 'Task not found or expired' },
  TOOL_UNAVAILABLE: { status: 503, code: 503, message: 'This tool is not available yet' },
  PDF_ENCRYPTED: { status: 422, code: 422, message: 'This PDF is password-protected. Remove the password with Unlock PDF first.' },
  PDF_DAMAGED: { status: 422, code: 422, message: 'This PDF is damaged and could not be repaired' },
  PDF_UNRECOVERABLE: { status: 422, code: 422, message: 'Nothing could be recovered from this file: no page of it can be read, so there is no document left to rebuild.' },
  NO_BOOKMARKS: { status: 422, code: 422, message: 'This PDF has no bookmarks at that level to split by. Split it by pages instead.' },
  PDFA_TEXT_CHANGED: { status: 422, code: 422, message: 'This PDF could not be made PDF/A without changing its text: some characters would no longer read or copy as they do now. No PDF/A file was made.' },
  PDFA1_TRANSPARENCY: { status: 422, code: 422, message: 'This PDF uses transparency, which PDF/A-1 forbids: making it PDF/A-1b would turn its pages into pictures and lose their text. Choose PDF/A-2b, which allows transparency.' },
  PDFA_NOT_CONFORMANT: { status: 422, code: 422, message: 'This PDF could not be made into a valid PDF/A file at the level you chose: the converted copy failed the check, so we do not hand it over as PDF/A. Try another level, or check the file to see why.' },
  OFFICE_PROTECTED: { status: 422, code: 422, message: 'This document is password-protected. Remove the password and try again.' },
  OFFICE_DAMAGED: { status: 422, code: 422, message: 'This document is damaged or is not in the format its name says, so it could not be converted.' },
  ARCHIVE_TOO_LARGE: { status: 422, code: 422, message: 'This file unpacks to far more data than we can safely process.' },
  EBOOK_DRM: { status: 422, code: 422, message: 'This eBook is protected by DRM and cannot be converted' },
  EBOOK_DAMAGED: { status: 422, code: 422, message: 'This eBook is damaged or is not in the format its name says, so it could not be converted.' },
  DRAWING_DAMAGED: { status: 422, code: 422, message: 'This drawing is damaged or is not in the format its name says, so it could not be converted.' },
  DRAWING_EMPTY: { status: 422, code: 422, message: 'This drawing has nothing to show: its model space and layouts are empty.' },
  INVALID_PAGES: { status: 400, code: 400, message: 'The page ranges are not valid for this document' },
  PASSWORD_EMPTY: { status: 400, code: 400, message: 'Password cannot be empty' },
  PASSWORD_LENGTH: { status: 400, code: 400, message: 'Password should be 2–20 characters' },
  WRONG_PASSWORD: { status: 422, code: 422, message: 'The password is incorrect. Please try again.' },
  URL_EMPTY: { status: 400, code: 400, message: 'Please fill out URL input field' },
  URL_INVALID: { status: 400, code: 400, message: 'Please provide a valid URL' },
  URL_BLOCKED: { status: 400, code: 400, message: 'This address leads to a private or internal network, which this server does not open for security reasons.' },
  URL_NOT_FOUND: { status: 400, code: 400, message: 'No website was found at this address. Check it for typos.' },
  CANNOT_DELETE_ALL: { status: 400, code: 400, message: 'You cannot delete every page: at least one page must remain' },
  CROP_TOO_LARGE: { status: 400, code: 400, message: 'These margins are larger than a page to crop: make them smaller so that part of each page remains' },
  NO_IMAGES: { status: 422, code: 422, message: 'This PDF contains no images to extract' },
  TOO_MANY_PAGES: { status: 422, code: 422, message: 'This document has too many pages for this tool' },
  IMAGE_DAMAGED: { status: 422, code: 422, message: 'This image is damaged or is not in the format its name says, so it could not be converted.' },
  LOGIN_INVALID: { status: 401, code: 519, message: 'Your login has expired. Please log in again.' },
  INVALID_EMAIL: { status: 400, code: 400, message: 'Enter a valid email address' },
  INVALID_NAME: { status: 400, code: 400, message: 'Name should be 2–20 characters' },
  ACCOUNT_EXISTS: { status: 409, code: 1001, message: 'An account already exists with this email. Log in to continue.' },
  ACCOUNT_NOT_FOUND: { status: 404, code: 1002, message: 'There is no account with this email yet. Sign up to continue.' },
  LINK_INVALID: { status: 400, code: 1003, message: 'Logging in failed. Please try again later, or contact us if the problem persists.' },
  LINK_EXPIRED: { status: 400, code: 1003, message: 'This login link has expired or was already used. Enter your email to get a new one.' },
  ACCOUNT_TASKS_RUNNING: { status: 409, code: 409, message: 'Some of your tasks are still running. Delete your account once they have finished.' },
  API_KEY_INVALID: { status: 401, code: 401, message: 'This API key is not valid or has been revoked' },
  API_KEY_LIMIT: { status: 409, code: 409, message: 'You have as many API keys as an account may hold. Revoke one to create another.' },
  WEBHOOK_NEEDS_KEY: { status: 400, code: 400, message: 'A webhook URL needs a request made with an API key' },
  GOOGLE_LOGIN_FAILED: { status: 401, code: 1004, message: 'Login failed' },
  FILE_EMPTY: { status: 400, code: 400, message: "This file is empty (0 bytes). Please choose the file again." },
  IMAGE_TOO_LARGE: { status: 422, code: 422, message: "This file holds an image too large to process safely (its pixel dimensions are too big)." },
  FILE_TOO_COMPLEX: { status: 422, code: 422, message: "This file is too complex to process: it needs more memory or time than one task may use." },
  PDF_PAGE_TREE_BROKEN: { status: 422, code: 422, message: "This PDF's list of pages is broken (its pages refer to each other in a loop), so it could not be processed." },
  PAGE_TOO_LARGE: { status: 422, code: 422, message: "A page of this PDF is too large to render as an image at this resolution." },
  URL_TIMEOUT: { status: 422, code: 422, message: "The web page did not finish loading in time. Check the address or try again later." },
  TASK_TIMEOUT: { status: 422, code: 422, message: "This task took longer than this tool's time limit and was stopped. Try a smaller file or fewer pages." },
  TASK_FAILED: { status: 500, code: 500, message: 'This task could not be finished. Please try again.' },
  ENGINE_FAILED: { status: 500, code: 500, message: 'One of our document engines stopped on this file, so the task could not finish. The fault is on our side and has been logged; another tool, or the file saved again from its program, may work.' },
  PAYMENT_NOT_CONFIGURED: { status: 503, code: 503, message: 'Payment method not configured' },
  PAYMENT_UNREACHABLE: { status: 502, code: 502, message: 'Failed to get payment' },
  PAYMENT_FAILED: { status: 402, code: 402, message: 'Failed payment' },
  PAYMENT_NOT_DETECTED: { status: 409, code: 409, message: 'Payment not Detected' },
  PLAN_ALREADY_ACTIVE: { status: 409, code: 409, message: 'You already have an active plan of this kind' },
  PRO_REQUIRED: { status: 403, code: 403, message: 'Upgrade to Pro to download this file' },
  AI_FILE_LIMIT: { status: 403, code: 1506, message: 'Up to 10 files are allowed' },
  AI_QUESTION_LIMIT: { status: 403, code: 1507, message: "You have used today's free questions. Upgrade to ask more." },
  AI_PAGE_LIMIT: { status: 413, code: 1508, message: 'This PDF has more pages than the AI assistant reads here (the limit is shown above). Split it with Split PDF and add the part you need.' },
  AI_NO_TEXT: { status: 422, code: 422, message: 'No readable text was found in this document, even after OCR' },
  AI_NOT_CONFIGURED: { status: 503, code: 503, message: 'This needs an AI provider, which this server does not have' },
  AI_UNAVAILABLE: { status: 502, code: 502, message: 'The AI provider did not answer. Please try again later.' },
  AI_NOT_READY: { status: 409, code: 409, message: 'This document is still being read. Ask again when it is ready.' },
  PRO_FEATURE: { status: 403, code: 403, message: 'Editing existing text is a Pro feature. Upgrade to Pro or start the free trial to use it.' },
  DAILY_LIMIT: { status: 429, code: 429, message: "You have used today's free conversions. Upgrade to Pro for unlimited conversions, or use the desktop app." },
  TOO_FREQUENT: { status: 429, code: 410, message: 'Too many requests. Please wait a moment and try again.' },
  SERVICE_BUSY: { status: 503, code: 503, message: 'Sheaf is very busy right now. Your task will start by itself in a moment.' },
  TASKS_RUNNING: { status: 429, code: 429, message: 'You already have several tasks in progress. Wait for one to finish, then try again.' },
  UNAVAILABLE: { status: 503, code: 503, message: 'The service is temporarily unavailable' },
  INTERNAL: { status: 500, code: 500, message: 'Request Failed' },
} as const;

export type ErrorCode = keyof typeof ERRORS;

/** An error whose message is safe to show to a user; `detail` is for the log only. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly detail?: string;
  /** Seconds until the same request may succeed (a rate limit's reset): answered as Retry-After. */
  retryAfterSeconds?: number;
  constructor(code: ErrorCode, detail?: string, userMessage?: string) {
    super(userMessage ?? ERRORS[code].message);
    this.name = 'AppError';
    this.code = code;
    this.detail = detail;
  }
  get status(): number {
    return ERRORS[this.code].status;
  }
}

export const isAppError = (e: unknown): e is AppError => e instanceof AppError;
