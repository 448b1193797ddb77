/**
 * The spec's free trial, as the copy states it: 3 days, billed at the end unless cancelled at
 * least 24 hours before. The catalogue gives each plan's own trialDays; this is the figure the
 * pages name where no plan is at hand (the legal pages, the FAQ).
 */
export const TRIAL_DAYS = 3;
export const TRIAL_CANCEL_HOURS = 24;
