// `npm start` runs this before the supervisor: a bad setting stops the start here with its message,
// instead of in a child the supervisor would restart forever.
import { loadEnv } from '#shared/env';

loadEnv();
